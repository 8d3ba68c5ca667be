"""The generic commands: ``mahai play GAME`` (a plug-in game with the generic screen: ``nim``),
``mahai simulate GAME``, ``mahai replay FILE`` (spectator or one seat; corrupt files), the
defaults read from the game's declared metadata, and the driver's catalogs."""

from __future__ import annotations

import csv
import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import mahai.cli.common as common
import mahai.cli.play as play_module
import mahai.tui.driver as driver
import mahai.tui.screen as screen
from mahai.cli import app
from mahai.core import CorruptRecord, GameRecord
from mahai.games import get_game
from mahai.i18n import LANGUAGES, catalog, explain, render, translate
from mahai.tui import SCREENS, Screen, screen_for

runner = CliRunner()


def test_a_plug_in_game_is_played_with_the_generic_screen() -> None:
    """Nim (examples/mahai-nim, entry point only): its view, its legal moves as a menu, the result."""
    result = runner.invoke(app, ["play", "nim", "--seed", "2", "--lang", "en"], input="?\n" + "1\n" * 20)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Nim — players: 2." in out and "1) Take 1" in out
    # the game's own sentences for the table (describe_view), not the view's raw fields
    assert re.search(r"^10 stones on the heap: ● ● ● ● ● ● ● ● ● ●$", out, re.M), out
    assert "Your turn." in out and not re.search(r"^ *(stones|turn) +\d", out, re.M)
    big = runner.invoke(app, ["play", "nim", "--seed", "2", "--lang", "en", "--option", "stones=5000"],
                        input="q\n")
    assert re.search(r"^5,000 stones on the heap: (● ){20}…$", big.output, re.M), big.output
    assert "Legal moves:" in out
    assert ("You won!" in out) != ("You did not win this time." in out)
    assert re.search(r"Winner: [AB]\n", out) and "Winners" not in out  # one winner, no list of one
    assert "Scores: A " in out
    assert isinstance(screen_for(get_game("nim"), "en", 2), Screen)
    assert type(screen_for(get_game("nim"), "en", 2)) is Screen


def test_simulate_a_plug_in_game_and_reject_a_bot_it_has_not() -> None:
    result = runner.invoke(app, ["simulate", "nim", "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and set(data["bots"]) == {"random"}
    result = runner.invoke(app, ["play", "nim", "--bots", "heuristic"])
    assert result.exit_code == 2 and "heuristic" in result.output
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "chess" in result.output


def test_simulate_writes_each_game_with_out(tmp_path: Path) -> None:
    """Only ``mahai arena`` wrote its games: ``mahai simulate --out DIR`` writes ``summary.json``
    (the JSON it prints) and ``games.csv``, one row a game with its seed, each seat's bot and
    score and the winners; stdout stays the JSON alone, a folder it cannot write is said."""
    out = tmp_path / "sim"
    result = runner.invoke(app, ["simulate", "nim", "--games", "3", "--seed", "5", "--json",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert json.loads((out / "summary.json").read_text(encoding="utf-8")) == data
    with (out / "games.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["game"], r["seed"], r["finished"]) for r in rows] == [("0", "5", "1"), ("1", "6", "1"),
                                                                      ("2", "7", "1")]
    assert all(r["bot_0"] == r["bot_1"] == "random" and r["winners"] in ("0", "1") for r in rows)
    assert {float(r[f"score_{r['winners']}"]) for r in rows} == {1.0} and "moves" in rows[0]
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["simulate", "nim", "--games", "1", "--out", str(blocked), "--lang", "en"])
    assert result.exit_code == 2 and "cannot be written to" in result.output


def test_simulate_plays_the_strong_level_by_default() -> None:
    """Without ``--bots``, the game's strong bot (the web's default seat bot) against random: the
    strongest (the Mille Bornes expert) would take hours for the default 100 games."""
    result = runner.invoke(app, ["simulate", "denborazup", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.stdout)["bots"]) == {"strong", "random"}


def test_simulate_stops_a_game_at_max_moves_and_counts_it_unfinished() -> None:
    """DenboraZup between random bots may never end (DZR-6: each wrong placement draws two
    cards; ``mahai simulate denborazup --bots random,random`` ran for ever): a game that reaches
    ``--max-moves`` stops, counts in no win rate or score, and is reported as unfinished."""
    args = ["simulate", "denborazup", "--bots", "random,random", "--games", "3", "--max-moves", "4"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["unfinished"], data["max_moves"]) == (3, 3, 4)
    assert data["bots"] == {} and data["means"] == {}
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "unfinished: 3 of 3 games stopped at 4 moves (--max-moves)" in " ".join(result.stdout.split())
    # French names the games with their own count, then the total: "1 partie arrêtée sur 1" (it
    # said "1 sur 1 partie arrêtée"); the Basque and Spanish count after the total as before
    for games, lang, said in (("1", "fr", "Inachevée : 1 partie arrêtée sur 1 après 4 coups"),
                              ("3", "fr", "Inachevées : 3 parties arrêtées sur 3 après 4 coups"),
                              ("1", "es", "Sin terminar: 1 de 1 partida se detuvo tras 4 jugadas"),
                              ("3", "eu", "Amaitu gabe: 3 partidatik 3 gelditu dira 4 jokaldiren ondoren")):
        result = runner.invoke(app, [*args[:-3], games, "--max-moves", "4", "--lang", lang])
        assert result.exit_code == 0, result.output
        assert said in " ".join(result.stdout.split()).replace("\u00a0", " "), result.stdout
    # a game that ends before the cap is a game like any other
    result = runner.invoke(app, ["simulate", "nim", "--games", "4", "--max-moves", "1000", "--json"])
    data = json.loads(result.stdout)
    assert data["unfinished"] == 0 and data["bots"]["random"]["games"] == 4
    result = runner.invoke(app, [*args, "--max-moves", "0", "--lang", "en"])
    assert result.exit_code == 2
    assert "“--max-moves” must be 1 or more, not 0." in " ".join(result.output.split())


@pytest.mark.parametrize(("game", "edition", "players", "expected"), [
    ("spades", None, None, ("standard", 4)),           # SPR-1: the partnership game
    ("spades", "two_player", None, ("two_player", 2)),
    ("spades", None, 2, ("two_player", 2)),
    ("mille-bornes", None, None, ("eu", 2)),
    ("mille-bornes", None, 5, ("2016", 5)),            # five players: the 2016 edition only
    ("denborazup", None, None, ("multi", 2)),
    ("denborazup", "solo", None, ("solo", 1)),         # DZR-12
    ("denborazup", None, 1, ("solo", 1)),
])
def test_defaults_come_from_the_games_metadata(game: str, edition: str | None, players: int | None,
                                               expected: tuple[str, int]) -> None:
    setup = common.table_setup(game, edition, None, players)
    assert setup.players == expected[1]
    assert setup.options == setup.game.options(expected[0])


def test_the_strongest_bot_plays_by_default() -> None:
    spades = get_game("spades")
    assert common.strongest(spades) == next(iter(spades.bots)) == "expert"
    assert common.strongest(get_game("nim")) == "random"
    assert common.bot_list(spades, None, ["random"]) == ["random"]
    assert common.bot_list(spades, "heuristic, random", []) == ["heuristic", "random"]


def record_a_spades_game(path: Path) -> GameRecord:
    result = runner.invoke(app, ["play", "spades", "--humans", "0", "--seed", "6", "--bots", "random",
                                 "--lang", "en", "--option", "target=200", "--option", "loss_floor=-200",
                                 "--record", str(path)])
    assert result.exit_code == 0, result.output
    return GameRecord.load(path)


def told(record: GameRecord, viewer: int | None, lang: str) -> list[str]:
    """What a replay for ``viewer`` must print of the events: the game's one projection, then
    ``describe_event``, and nothing else."""
    game = get_game(record.game)
    names = screen_for(game, lang, record.players)
    you = translate("tui", "you", lang)
    lines = []
    for step in record.steps(game):
        for event in step.events:
            shown = game.project_event(event, viewer)
            message = game.describe_event(shown, viewer) if shown is not None else None
            if message is not None:
                said = render(message, lang, lambda s: you if s == viewer else names.seat_name(s))
                lines.append("  " + said)
    return lines


def test_replay_tells_each_step_as_a_spectator_sees_it(tmp_path: Path) -> None:
    path = tmp_path / "spades.json"
    record = record_a_spades_game(path)
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Set-up"
    heads = [line for line in lines if line.startswith("Move ")]
    assert len(heads) == len(record.actions)
    assert heads[0] == f"Move 1: {screen_for(get_game('spades'), 'en', 4).seat_name(record.actions[0][0])}"
    assert [line for line in lines if line.startswith("  ")] == told(record, None, "en")
    assert lines[-2].startswith("Winners: ") and lines[-1].startswith("Scores: North ")


def test_replay_as_a_seat_adds_that_seats_own_moves(tmp_path: Path) -> None:
    path = tmp_path / "spades.json"
    record = record_a_spades_game(path)
    spades = get_game("spades")
    result = runner.invoke(app, ["replay", str(path), "--seat", "3", "--lang", "eu"])  # seats count from 1
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Hasiera"
    assert [line for line in lines if line.startswith("  ")] == told(record, 2, "eu")
    own = [line for line in lines if re.match(r"\d+\. jokaldia: zu", line)]
    mine = [(i + 1, notation) for i, (seat, notation) in enumerate(record.actions) if seat == 2]
    assert len(own) == len(mine)
    n, notation = mine[0]
    said = render(spades.describe_action(spades.parse_action(notation)), "eu")
    assert f"{n}. jokaldia: zu — {said}" in own
    spectator = runner.invoke(app, ["replay", str(path), "--lang", "eu"]).output
    heads = [line for line in spectator.splitlines() if re.match(r"\d+\. jokaldia: ", line)]
    assert len(heads) == len(record.actions) and not any(" — " in line for line in heads)


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_a_corrupt_record_gives_a_translated_error(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text("not a record", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 2
    assert explain(CorruptRecord("not_json", detail="x"), lang) in result.output
    if lang == "eu":
        assert "Fitxategia ez da partida-erregistro irakurgarria." in result.output

    good = tmp_path / "good.json"
    record = record_a_spades_game(good)
    record.actions[5] = (record.actions[5][0], "play ZZ")
    record.dump(path)
    result = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 2
    assert "play ZZ" in result.output and "Traceback" not in result.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "none.json"), "--lang", lang])
    assert missing.exit_code == 2 and "none.json" in missing.output
    for wrong in ("7", "0"):  # four seats, counted from 1 as the screens count them
        seat = runner.invoke(app, ["replay", str(good), "--seat", wrong, "--lang", lang])
        said = translate("cli", "no_such_seat", lang, seat=int(wrong), last=4)
        assert seat.exit_code == 2 and said in seat.output


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


SOURCES = [Path(m.__file__) for m in (driver, screen, play_module, common) if m.__file__]


@pytest.mark.parametrize("domain", ["tui", "cli"])
def test_the_drivers_and_the_commands_strings_are_in_every_language(domain: str) -> None:
    english = catalog(domain, "en")
    used: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'self\._\("([\w.]+)"', text)) if path.name == "driver.py" else set()
        used |= set(re.findall(r'translate\(DOMAIN, "([\w.]+)"', text))
        used |= set(re.findall(r'_\("([\w.]+)"', text)) if path.name == "driver.py" else set()
        used |= set(re.findall(rf'"(\w+)", domain=(?:DOMAIN|"{domain}")', text))
    if domain == "tui":
        used |= {f"game.{name}" for name in SCREENS}
        assert {"handoff", "you", "bye", "empty_choice", "no_such_choice", "winner", "winners",
                "replay.step"} <= used
    else:
        used = {k for k in used if k in english} | {"no_such_seat", "chronology.title", "check.summary"}
    for lang in LANGUAGES:
        cat = catalog(domain, lang)
        assert set(cat) == set(english), lang
        assert not used - set(cat), (lang, used - set(cat))
        for key in cat:
            assert placeholders(cat[key]) == placeholders(english[key]), (lang, key)


@pytest.mark.parametrize(("lang", "said"), [
    ("eu", "Teklatuan ezin dira 7 pertsona egon: aukeratu 0 eta 4 artean (mahaiko jokalari kopurua)."),
    ("en", "There cannot be 7 people at the keyboard: choose from 0 to 4 (the players at the table).")])
def test_too_many_people_at_the_keyboard_is_not_called_a_player_count(lang: str, said: str) -> None:
    """Spades is played by 4 (SPR-1): ``--humans 7`` is refused as people at the keyboard, not as
    "cannot be played by 7 players" (the table is still 4)."""
    result = runner.invoke(app, ["play", "spades", "--humans", "7", "--lang", lang], input="")
    assert result.exit_code != 0
    assert said in " ".join(result.output.split())


@pytest.mark.parametrize(("lang", "said"), [
    ("eu", "Aukerak: zenbaki oso bat."), ("en", "Choices: a whole number."),
    ("es", "Opciones: un número entero."), ("fr", "Choix : un nombre entier.")])
def test_an_option_that_wants_a_number_says_so_in_the_players_language(lang: str, said: str) -> None:
    """Mille Bornes' game target (MBR-17, the points that end the game) given as "abc": the choices
    are "a whole number" in the player's language, not the type's name "integer"."""
    result = runner.invoke(app, ["play", "mille-bornes", "-o", "game_target=abc", "--lang", lang], input="")
    assert result.exit_code != 0
    out = " ".join(result.output.split())
    assert said in out and "integer" not in out
    assert any(quoted in out for quoted in ("“abc”", "«abc»", "« abc »"))


def test_every_help_text_shows_whole_and_every_flag_reads_once() -> None:
    """``mahai COMMAND --help`` as a newcomer reads it (the fresh play test of session 18): Rich
    took the "[ray]" of "pip install 'mahai[ray]'" for a style and printed "pip install 'mahai'",
    and the boolean ``no_plots`` became "--no-plots / --no-no-plots". Each option's help shows
    as written, brackets and all, and no flag says "no" twice."""
    import typer.main

    group: Any = typer.main.get_command(app)
    for name, command in group.commands.items():
        subs = command.commands.items() if hasattr(command, "commands") else [("", command)]
        for sub, cmd in subs:
            args = [name, *([sub] if sub else []), "--help"]
            out = runner.invoke(app, args, env={"TERMINAL_WIDTH": "400", "COLUMNS": "400"}).output
            flat = " ".join(re.sub(r"[│╭╮╰╯─]", " ", out).split())
            assert "--no-no-" not in flat, (args, flat)
            for param in cmd.params:
                # a help escapes a bracket Rich would take for a style: "\\[ray]" shows "[ray]"
                said = " ".join((getattr(param, "help", None) or "").replace("\\[", "[").split())
                assert said in flat, (args, said, flat)
