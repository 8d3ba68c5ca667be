"""Action notation round-trips: ``parse_action(a.notation()) == a`` (property-tested)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahai.core import MalformedAction
from mahai.games.mille_bornes import (
    GAME,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extend,
    Hazard,
    Play,
    Redraw,
    Remedy,
    Safety,
    parse_action,
)
from mahai.games.mille_bornes.cards import CODES

DISTANCE = ["25", "50", "75", "100", "200"]
HAZARDS = ["stop", "speed_limit", "out_of_gas", "flat_tire", "accident"]
REMEDIES = ["end_of_limit", "gasoline", "spare_tire", "repairs"]
SAFETIES = ["right_of_way", "extra_tank", "puncture_proof", "driving_ace"]

actions = st.one_of(
    st.sampled_from([Draw(), Draw("discard"), Decline(), Extend(True), Extend(False)]),
    st.sampled_from([*DISTANCE, "roll"]).map(Play),
    st.sampled_from(REMEDIES).map(Remedy),
    st.builds(Hazard, st.sampled_from(HAZARDS), st.integers(0, 5)),
    st.sampled_from(SAFETIES).map(Safety),
    st.sampled_from(SAFETIES).map(CoupFourre),
    st.sampled_from(list(CODES)).map(Discard),
    st.lists(st.sampled_from(list(CODES)), min_size=1, max_size=6).map(lambda cs: Redraw(tuple(cs))),
)


@given(actions)
def test_notation_round_trips(action: object) -> None:
    text = action.notation()  # type: ignore[attr-defined]
    assert parse_action(text) == action
    assert GAME.parse_action("  " + text.upper() + " ") == action


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["eu", "classic", "2016"]), st.booleans())
def test_every_legal_action_round_trips(seed: int, edition: str, fast: bool) -> None:
    players = random.Random(seed).choice([2, 3, 4, 6])
    state = GAME.new(GAME.options(edition, fast_game=fast), players, seed)
    rng = random.Random(seed)
    for _ in range(300):
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        for action in legal:
            assert GAME.parse_action(action.notation()) == action
            assert state.can(seat, action)
        state.apply(seat, rng.choice(legal))


def test_redraw_order_does_not_matter() -> None:
    assert Redraw(("stop", "25", "stop")) == parse_action("redraw stop stop 25")
    assert Redraw(("stop", "25")).notation() == "redraw 25 stop"


@pytest.mark.parametrize("text,code", [
    ("", "bad_notation"), ("fly", "bad_notation"), ("draw pile", "bad_notation"), ("play", "bad_notation"),
    ("play 30", "unknown_card"), ("play gasoline", "bad_card_for_verb"), ("remedy roll", "bad_card_for_verb"),
    ("hazard stop", "bad_notation"), ("hazard stop x", "bad_team"), ("hazard 25 1", "bad_card_for_verb"),
    ("safety stop", "bad_card_for_verb"), ("coup_fourre gasoline", "bad_card_for_verb"),
    ("extend maybe", "bad_notation"), ("discard joker", "unknown_card"), ("redraw", "bad_notation"),
])
def test_malformed_notation(text: str, code: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_action(text)
    assert err.value.code == code and err.value.domain == "mille_bornes"
