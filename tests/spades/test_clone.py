"""clone(): deep and independent, generator included (the contract), and cheap
enough for search (speed itself lives in benchmarks/spades.py)."""

from __future__ import annotations

import random

from mahai.games.spades import GAME
from tests.spades.policy import choose, play_match


def test_clone_is_independent_and_replays_the_same_future() -> None:
    state = GAME.new(GAME.options(), 4, 12)
    rng = random.Random(3)
    for _ in range(30):
        (seat,) = state.to_act()
        state.apply(seat, choose(state, seat, rng))
    copy = state.clone()
    views = [GAME.view(state, v) for v in (None, 0, 1, 2, 3)]
    assert [GAME.view(copy, v) for v in (None, 0, 1, 2, 3)] == views
    # playing the copy to the end leaves the original untouched
    play_match(copy, random.Random(9))
    assert copy.is_over
    assert [GAME.view(state, v) for v in (None, 0, 1, 2, 3)] == views
    # two clones dealt with the same generator state play identical futures
    a, b = state.clone(), state.clone()
    play_match(a, random.Random(5))
    play_match(b, random.Random(5))
    assert a.history == b.history and a.points == b.points
    # and the original, played the same way, too (its generator was not consumed)
    play_match(state, random.Random(5))
    assert state.history == a.history
