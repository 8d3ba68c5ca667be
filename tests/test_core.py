"""The engine contract (design.md, "Engine contract"), on a toy game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahai_nim import GAME, NimOptions

from mahai.bots import RandomBot, make_bot
from mahai.bots.play import play_out
from mahai.core import CorruptRecord, GameRecord, IllegalAction, InvalidOptions, NotYourTurn
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
