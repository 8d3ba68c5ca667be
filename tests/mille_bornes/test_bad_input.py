"""Bad input → typed errors with a reason code and a translated message; the state is unchanged."""

from __future__ import annotations

import json

import pytest

from mahai.core import (
    CorruptRecord,
    GameRecord,
    IllegalAction,
    InvalidOptions,
    MahaiError,
    MalformedAction,
    NotYourTurn,
)
from mahai.core.game import apply_notation
from mahai.games.mille_bornes import GAME, MilleBornesState
from mahai.i18n import LANGUAGES, explain
from tests.mille_bornes.helpers import make, put, set_hand, turn


def snapshot(st: MilleBornesState) -> list[str]:
    return [json.dumps(GAME.view(st, v), sort_keys=True) for v in [*range(st.players), None]] + [
        repr((st.hands, st.draw_pile, st.discard, st.turn, st.phase, st.version, st.rng.getstate()))]


def rejected(st: MilleBornesState, seat: int, text: str, kind: type[MahaiError]) -> MahaiError:
    before = snapshot(st)
    with pytest.raises(kind) as err:
        apply_notation(GAME, st, seat, text)
    assert snapshot(st) == before
    assert not st.can(seat, GAME.parse_action(text)) if kind is not MalformedAction else True
    for lang in LANGUAGES:
        message = explain(err.value, lang)
        assert message and message != err.value.code and "{" not in message, (lang, message)
    return err.value


@pytest.mark.parametrize("text,code", [
    ("jump", "bad_notation"), ("play 30", "unknown_card"), ("hazard stop one", "bad_team"),
    ("safety gasoline", "bad_card_for_verb")])
def test_malformed_notation_is_typed_and_translated(text: str, code: str) -> None:
    st = make("eu", 3)
    err = rejected(st, 0, text, MalformedAction)
    assert err.code == code and err.domain == "mille_bornes"


def test_an_unknown_card_is_quoted_as_typed() -> None:
    """The notation is read without case ("PLAY 25" is "play 25"), but an unknown card is
    quoted to the player as they typed it: "XX", not "xx"."""
    st = make("eu", 3)
    assert GAME.parse_action("PLAY 25") == GAME.parse_action("play 25")
    assert GAME.parse_action("Extend YES") == GAME.parse_action("extend yes")
    err = rejected(st, 0, "play XX", MalformedAction)
    assert err.code == "unknown_card" and err.params["card"] == "XX"
    assert all("XX" in explain(err, lang) and "xx" not in explain(err, lang) for lang in LANGUAGES)


def test_illegal_card_and_out_of_turn() -> None:
    st = make("eu", 3, seed=2)
    set_hand(st, 0, "25", "25", "25", "25", "25", "roll")
    turn(st, 0)
    err = rejected(st, 0, "play 200", IllegalAction)
    assert err.code == "card_not_in_hand" and err.params == {"card": "card.200"}
    assert "200 km" in explain(err, "eu")
    assert rejected(st, 0, "play 25", IllegalAction).code == "need_roll"
    assert rejected(st, 0, "draw", IllegalAction).code == "already_drawn"
    err = rejected(st, 1, "draw", NotYourTurn)
    assert err.code == "not_your_turn" and err.domain == "core"
    assert rejected(st, 1, "decline", NotYourTurn).code == "not_your_turn"
    assert rejected(st, 0, "decline", IllegalAction).code == "nothing_to_decline"
    assert rejected(st, 0, "extend yes", IllegalAction).code == "no_extension_question"


def test_pending_seat_may_only_answer_the_window() -> None:
    st = make("eu", 3)
    put(st, 1, "roll")
    set_hand(st, 0, "stop", "25", "25", "25", "25", "25")
    turn(st, 0)
    apply_notation(GAME, st, 0, "hazard stop 1")
    assert st.to_act() == (1, 2)
    assert rejected(st, 1, "draw", IllegalAction).code == "only_window_answers"
    err = rejected(st, 1, "coup_fourre extra_tank", IllegalAction)
    assert err.code == "wrong_safety" and err.params == {"card": "card.extra_tank", "hazard": "card.stop"}
    if "right_of_way" not in st.hand_codes(1):
        assert rejected(st, 1, "coup_fourre right_of_way", IllegalAction).code == "card_not_in_hand"


def test_error_params_only_name_what_the_actor_knows() -> None:
    """An error names the acting seat's own cards, public cards, team ids or public numbers only."""
    st = make("eu", 3, seed=8)
    put(st, 1, "roll", "puncture_proof")
    put(st, 2, "roll", "accident")
    set_hand(st, 0, "flat_tire", "100", "gasoline", "25", "end_of_limit", "speed_limit")
    turn(st, 0)
    public = {f"card.{c}" for t in GAME.view(st, 0)["tableaux"] for c in t["battle"] + t["safeties"]}
    mine = {f"card.{c}" for c in st.hand_codes(0)}
    texts = ("hazard flat_tire 1", "play 100", "remedy gasoline", "hazard flat_tire 2", "play 25",
             "remedy end_of_limit", "safety driving_ace", "hazard speed_limit 0", "discard 75")
    for text in texts:
        with pytest.raises(IllegalAction) as err:
            apply_notation(GAME, st, 0, text)
        for value in err.value.params.values():
            if isinstance(value, str) and value.startswith("card."):
                assert value in mine | public | {f"card.{text.split()[1]}"}, (text, value)


def test_corrupt_records() -> None:
    options = GAME.options("eu")
    record = GameRecord.start(GAME, options, 3, seed=5)
    state = GAME.new(options, 3, 5)
    seat = state.to_act()[0]
    record.actions.append((seat, "draw"))
    record.actions.append((seat, "play 200"))  # edited: nobody rolls on the first turn
    with pytest.raises(CorruptRecord) as err:
        record.final_state(GAME)
    assert err.value.code == "bad_action" and err.value.params["index"] == 1
    for text, code in [("{", "not_json"), ('{"format": 1, "game": "mille_bornes"}', "bad_field")]:
        with pytest.raises(CorruptRecord) as err:
            GameRecord.from_json(text)
        assert err.value.code == code
    bad_options = GameRecord("mille_bornes", 3, 1, {"deck_exhaustion": "burn"}, [])
    with pytest.raises(CorruptRecord) as err:
        bad_options.final_state(GAME)
    assert err.value.code == "bad_field"
    wrong_players = GameRecord("mille_bornes", 5, 1, {"edition": "eu"}, [])
    with pytest.raises(CorruptRecord):
        wrong_players.final_state(GAME)
    for lang in LANGUAGES:
        assert explain(err.value, lang) != err.value.code


def test_game_target_must_be_positive() -> None:
    """MBR-17: a game is played to a positive number of points."""
    for value in ("0", "-5"):
        with pytest.raises(InvalidOptions) as err:
            GAME.options("eu", game_target=value)
        assert err.value.code == "bad_option_value" and err.value.params["option"] == "game_target"
    assert GAME.options("eu", game_target="1000").game_target == 1000
