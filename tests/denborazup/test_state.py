"""The state's declared clone (core ``State.clone``): independent of its original, and it goes on
exactly as the original would (same generator: DZR-2 coin flips, DZR-11 reshuffles)."""

from __future__ import annotations

import json
import random

import pytest

from mahai.games.denborazup import DenboraZupState
from tests.denborazup.helpers import mini_game

G = mini_game()


def snapshot(state: DenboraZupState) -> str:
    views = [G.view(state, v) for v in [None, *range(state.players)]]
    return json.dumps([views, state.hands, state.deck, state.discard, state.timeline, state.rng.getstate()])


def test_every_mutable_container_is_declared() -> None:
    state = G.new(G.options(), 3, 1)
    # __getstate__: the attributes, whichever build runs (a compiled state has no __dict__)
    attributes = state.__getstate__()
    mutable = {k for k, v in attributes.items() if isinstance(v, list | dict | set)}
    declared = set(DenboraZupState.clone_lists) | set(DenboraZupState.clone_nested)
    # immutable records (the cards' handles both ways); set-up events; the cards themselves are
    # no attribute pickled: rebuilt from the deck (``source``), which pickles by name
    assert mutable - declared == {"handles", "by_handle", "start_events"}
    assert "cards" not in attributes and attributes["source"] is G.deck
    assert declared <= set(attributes)


@pytest.mark.parametrize(("mode", "players"), [("multi", 3), ("multi", 6), ("long", 3), ("solo", 1)])
def test_a_clone_is_independent_and_plays_on_like_its_original(mode: str, players: int) -> None:
    rng = random.Random(players)
    state = G.new(G.options(mode), players, 5)
    checked = 0
    while not state.is_over and checked < 60:
        before = snapshot(state)
        twin = state.clone()
        assert isinstance(twin, DenboraZupState)
        moves = []
        for _ in range(6):  # play on the clone only
            if twin.is_over:
                break
            seat = rng.choice(twin.to_act())
            action = rng.choice(twin.legal_actions(seat))
            moves.append((seat, action))
            twin.apply(seat, action)
        assert snapshot(state) == before
        for seat, action in moves:  # the original, given the same moves, ends where the clone is
            state.apply(seat, action)
        assert snapshot(state) == snapshot(twin)
        checked += 1
    assert checked > 5
