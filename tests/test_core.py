"""The engine contract (design.md, "Engine contract"), on a toy game."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahai_nim import GAME, NimOptions

from mahai.bots import RandomBot, make_bot
from mahai.bots.play import play_out
from mahai.core import (
    CorruptRecord,
    GameRecord,
    IllegalAction,
    InvalidOptions,
    MahaiError,
    MalformedAction,
    NotYourTurn,
)
from mahai.core.options import parse_option_pairs
from mahai.i18n import explain, translate


def test_options_from_edition_and_overrides() -> None:
    opts = GAME.options("misere", stones="7", max_take="2")
    assert opts == NimOptions(stones=7, max_take=2, misere=True)
    with pytest.raises(InvalidOptions) as err:
        GAME.options("nope")
    assert err.value.code == "unknown_edition"
    with pytest.raises(InvalidOptions) as err:
        GAME.options(max_take="5")
    assert err.value.code == "bad_option_value"
    with pytest.raises(InvalidOptions) as err:
        GAME.options(colour="red")
    assert err.value.code == "unknown_option"
    assert parse_option_pairs(["a=1", "b = x"]) == {"a": "1", "b": "x"}
    with pytest.raises(InvalidOptions):
        parse_option_pairs(["novalue"])


def test_apply_rejects_out_of_turn_and_illegal_without_change() -> None:
    state = GAME.new(GAME.options(), 2, seed=1)
    other = 1 - state.turn
    before = (state.stones, state.turn, state.version)
    with pytest.raises(NotYourTurn):
        state.apply(other, GAME.parse_action("take 1"))
    with pytest.raises(IllegalAction) as err:
        state.apply(state.turn, GAME.parse_action("take 4"))
    assert err.value.code == "bad_take"
    assert (state.stones, state.turn, state.version) == before
    assert not state.can(state.turn, GAME.parse_action("take 4"))
    assert state.can(state.turn, GAME.parse_action("take 2"))


@given(st.integers(0, 2**32), st.integers(1, 30))
def test_record_replays_to_the_same_state(seed: int, stones: int) -> None:
    options = GAME.options(stones=stones)
    state = GAME.new(options, 2, seed)
    record = GameRecord.start(GAME, options, 2, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        record.actions.append((seat, action.notation()))
        state.apply(seat, action)
    again = GameRecord.from_json(record.to_json()).final_state(GAME)
    assert again.winners() == state.winners()
    assert again.version == state.version == len(record.actions)


def test_corrupt_records_raise_typed_errors() -> None:
    for text, code in [("{", "not_json"), ("[]", "bad_format"), ('{"format": 1}', "bad_field"),
                       ('{"format":1,"game":"nim","players":2,"seed":"x","options":{},"actions":[]}',
                        "bad_field")]:
        with pytest.raises(CorruptRecord) as err:
            GameRecord.from_json(text)
        assert err.value.code == code
    record = GameRecord("nim", 2, 1, {"stones": 3, "max_take": 3, "misere": False}, [(0, "take 9")])
    with pytest.raises(CorruptRecord) as err:
        record.final_state(GAME)
    assert err.value.code == "bad_action"


def test_random_bots_finish_and_winner_took_last() -> None:
    state = GAME.new(GAME.options(), 2, seed=5)
    bots = {0: RandomBot(random.Random(1)), 1: make_bot("nim", "random", random.Random(2))}
    play_out(GAME, state, bots)
    assert state.is_over and state.winners() == {state.last}


def test_errors_are_translated_with_params() -> None:
    err = InvalidOptions("bad_player_count", players=5, choices="2, 4")
    assert explain(err, "en") == "This game cannot be played by 5 players. Choices: 2, 4."
    assert "5 jokalarirekin" in explain(err, "eu")
    assert translate("core", "no_such_msgid", "eu") == "no_such_msgid"


def test_record_format_must_be_the_integer_one() -> None:
    text = '{"format": true, "game": "nim", "players": 2, "seed": 1, "options": {}, "actions": []}'
    with pytest.raises(CorruptRecord) as err:
        GameRecord.from_json(text)
    assert err.value.code == "bad_format"


def test_a_plug_in_game_speaks_from_its_own_catalogs() -> None:
    """Nim's text comes from ``mahai_nim/locale`` (README, "Adding a game")."""
    state = GAME.new(GAME.options(stones=2), 2, 1)
    with pytest.raises(IllegalAction) as illegal:
        state.apply(state.turn, GAME.parse_action("take 3"))
    assert explain(illegal.value, "eu") == "Ezin dituzu 3 harri hartu. Piloan: 2."
    assert explain(illegal.value, "en") == "You cannot take 3 stones: the heap has only 2."
    assert translate("nim", "option.misere", "fr") == "Qui prend la dernière pierre perd."


def _python(code: str, path: str = "") -> str:
    paths = (path, os.environ.get("PYTHONPATH", ""))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return done.stdout.strip()


def test_plug_in_catalogs_are_found_without_importing_the_game() -> None:
    code = ("import sys; from mahai.i18n import translate; "
            "print(translate('nim', 'Take {n}', 'eu', n=2), 'mahai_nim' in sys.modules)")
    assert _python(code) == "Hartu 2 False"


def test_plug_in_catalogs_beside_a_dotted_entry_point_module(tmp_path: Path) -> None:
    """The catalogs sit in ``locale/`` beside the module the entry point names; that
    module is never imported to find them (here it cannot be)."""
    dist = tmp_path / "mahai_fake-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mahai-fake\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[mahai.games]\nfake-game = fake_pkg.games:GAME\n")
    package = tmp_path / "fake_pkg"
    (package / "locale" / "eu" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "games.py").write_text("raise RuntimeError('imported')\n")
    (package / "locale" / "eu" / "LC_MESSAGES" / "fake_game.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Hello"\nmsgstr "Kaixo"\n')
    code = ("import sys; from mahai.i18n import translate, catalog; "
            "print(translate('fake_game', 'Hello', 'eu'), catalog('fake_game', 'fr'), "
            "'fake_pkg.games' in sys.modules)")
    assert _python(code, str(tmp_path)) == "Kaixo {} False"


@pytest.mark.parametrize(("game_name", "edition", "players"), [
    ("mille_bornes", "eu", 2), ("mille_bornes", "2016", 5), ("spades", "standard", 4),
    ("denborazup", "multi", 3)])
def test_a_viewer_that_is_no_seat_learns_no_more_than_a_spectator(game_name: str, edition: str,
                                                                   players: int) -> None:
    """Hands are secret ("Hidden information" in docs/rules/mille-bornes.md and denborazup.md):
    ``observe(state, -1)`` is not the last seat's view (Python's negative index), and seat
    ``players`` or 99 is no error and no seat: each sees the spectator's hand (none)."""
    from mahai.games import get_game

    game = get_game(game_name)
    state = game.new(game.options(edition), players, 5)
    spectator = game.view(state, None)
    assert spectator["hand"] is None
    for viewer in (-1, -players, players, 99):
        seen = game.view(state, viewer)
        assert seen["hand"] is None, (viewer, seen["hand"])
        assert seen == {**spectator, "viewer": seen["viewer"]}


def nim_record() -> GameRecord:
    return GameRecord("nim", 2, 4, {"stones": 10, "max_take": 3, "misere": False},
                      [(0, "take 3"), (1, "take 3"), (0, "take 2"), (1, "take 1"), (0, "take 1")])


def test_a_record_nested_too_deep_is_not_json_not_a_recursion_error() -> None:
    with pytest.raises(CorruptRecord) as err:
        GameRecord.from_json("[" * 100_000 + "]" * 100_000)
    assert err.value.code == "not_json"


def test_a_record_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    """Some editors (Windows Notepad) save UTF-8 with a byte order mark."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + nim_record().to_json().encode("utf-8"))
    assert GameRecord.load(path) == nim_record()


def test_a_file_too_large_for_a_record_is_refused_unread(tmp_path: Path) -> None:
    from mahai.core.record import MAX_BYTES

    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: nothing written
    for source in (path, Path("/dev/zero")):  # /dev/zero has no end: it was read forever
        if not source.exists():
            continue
        with pytest.raises(CorruptRecord) as err:
            GameRecord.load(source)
        assert err.value.code == "too_big", source
        assert "16 MB" in explain(err.value, "en") and "16 MB" in explain(err.value, "eu")


def test_a_move_that_does_not_apply_is_counted_from_one_as_the_replay_counts() -> None:
    record = nim_record()
    record.actions[2] = (0, "take 9")
    with pytest.raises(CorruptRecord) as err:
        record.final_state(GAME)
    assert err.value.params["index"] == 2 and err.value.params["move"] == 3
    assert explain(err.value, "en") == "Move 3 of the game record (take 9) cannot be played."
    assert explain(err.value, "eu") == "Partida-erregistroko 3. jokaldia (take 9) ezin da jokatu."


def test_a_player_count_refused_is_blamed_on_players_not_options() -> None:
    for players in (0, -3, 7, 10**6):
        record = nim_record()
        record.players = players
        with pytest.raises(CorruptRecord) as err:
            record.final_state(GAME)
        assert err.value.params["field"] == "players", players


def test_dump_writes_whole_or_not_at_all(tmp_path: Path) -> None:
    """A record that cannot be written is a CorruptRecord ``unwritable`` (no traceback), and the
    file keeps what it had: dump writes beside it and renames over it."""
    path = tmp_path / "game.json"
    nim_record().dump(path)
    kept = path.read_bytes()
    for bad in (tmp_path / "no" / "such" / "dir.json", tmp_path):
        with pytest.raises(CorruptRecord) as err:
            nim_record().dump(bad)
        assert err.value.code == "unwritable"
        assert "cannot be written" in explain(err.value, "en")
    longer = nim_record()
    longer.actions.append((1, "take 1"))
    (tmp_path / f".game.json.{os.getpid()}.tmp").mkdir()  # the file beside it cannot be made
    with pytest.raises(CorruptRecord):
        longer.dump(path)
    assert path.read_bytes() == kept and GameRecord.load(path) == nim_record()
    link = tmp_path / "link.json"
    link.symlink_to(path)
    (tmp_path / f".game.json.{os.getpid()}.tmp").rmdir()
    longer.dump(link)
    assert link.is_symlink() and GameRecord.load(path) == longer
    if Path("/dev/null").exists():
        nim_record().dump("/dev/null")  # written to, not replaced by a file
        assert not Path("/dev/null").is_file()
    if Path("/dev/full").exists():
        with pytest.raises(CorruptRecord) as err:
            nim_record().dump("/dev/full")
        assert err.value.code == "unwritable" and not Path("/dev/full").is_file()


def hand_built(game_name: str) -> list[object]:
    """Actions built by hand with fields no notation gives, and actions of another game."""
    import mahai.games.denborazup.actions as dz
    import mahai.games.mille_bornes.actions as mb
    import mahai.games.spades.actions as sp

    odd: list[object] = [None, True, -1, 10**30, 1.5, "5", "", b"25", (), {}]
    made: list[object] = []
    for build in ([lambda v: mb.Play(v), lambda v: mb.Remedy(v), lambda v: mb.Safety(v),
                   lambda v: mb.Discard(v), lambda v: mb.CoupFourre(v), lambda v: mb.Hazard(v, 1),
                   lambda v: mb.Hazard("stop", v), lambda v: mb.Draw(v), lambda v: mb.Extend(v),
                   lambda v: mb.Redraw(v)] if game_name == "mille_bornes" else
                  [lambda v: sp.Play(v), lambda v: sp.Bid(v), lambda v: sp.BlindBid(v), lambda v: sp.Pass(v),
                   lambda v: sp.Pass((v,))]):
        for value in odd:
            try:
                made.append(build(value))
            except MalformedAction:
                continue
    return [*made, mb.Draw(), sp.LOOK, dz.Flip(), "draw", None, 5]


@pytest.mark.parametrize(("game_name", "edition", "players"), [
    ("mille_bornes", "eu", 2), ("mille_bornes", "2016", 4), ("spades", "standard", 4),
    ("spades", "two_player", 2)])
def test_actions_built_by_hand_are_refused_with_mahai_errors_and_change_nothing(
        game_name: str, edition: str, players: int) -> None:
    """``apply`` (and ``can``) raise only MahaiError for any action, and leave the state as it
    was: Mille Bornes' ``Play("5")``, ``Play(None)``, ``Hazard("stop", None)``, ``Draw(None)``
    were KeyError/TypeError from inside the rules; Spades' ``Pass(5)`` a TypeError when built."""
    from mahai.games import get_game

    game = get_game(game_name)
    state = game.new(game.options(edition), players, 3)
    rng = random.Random(3)
    for _ in range(40):
        seat = next(s for s in state.to_act() if not state.must_wait(s))
        before = (state.version, [game.view(state, s) for s in range(players)])
        for action in hand_built(game_name):
            if action in state.legal_actions(seat):
                continue
            with pytest.raises(MahaiError):
                state.apply(seat, action)  # type: ignore[arg-type]
            assert not state.can(seat, action)  # type: ignore[arg-type]
        assert (state.version, [game.view(state, s) for s in range(players)]) == before
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game_name", "option", "value"), [
    ("mille_bornes", "game_target", "99999999999999999999"),  # MBR-17: a game without end
    ("mille_bornes", "game_target", "0"), ("nim", "stones", "-5"), ("nim", "stones", "100000000")])
def test_a_number_outside_the_range_the_game_declares_is_refused_everywhere(game_name: str, option: str,
                                                                            value: str) -> None:
    """The web server bounded ``metadata["min"]`` / ``["max"]``; the command line, records and
    the research adapters took any int: Nim's ``stones=-5`` was a ValueError, Mille Bornes'
    ``game_target`` of 10^20 points a game that never ends."""
    from mahai.games import get_game

    game = get_game(game_name)
    with pytest.raises(InvalidOptions) as err:
        game.options(**{option: value})
    assert err.value.code == "bad_option_value" and err.value.params["choices"] == "1–50000"
    with pytest.raises(CorruptRecord) as bad:
        GameRecord(game.name, 2, 1, {option: int(value)}).final_state(game)
    assert bad.value.params["field"] == "options"
    assert game.options(**{option: "50000"}) == game.options(**{option: 50_000})


def test_an_option_value_is_quoted_cut_short() -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.options(stones="x" * 1_000_000)
    assert len(explain(err.value, "en")) < 200
    with pytest.raises(InvalidOptions) as err:
        parse_option_pairs(["y" * 1_000_000])
    assert len(explain(err.value, "eu")) < 200
