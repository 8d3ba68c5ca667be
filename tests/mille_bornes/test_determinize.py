"""Determinization for search bots: a full state consistent with one seat's observation."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from mahai.games.mille_bornes import GAME, MilleBornesState


def advance(state: MilleBornesState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["eu", "classic", "2016"]), st.integers(0, 400),
       st.sampled_from([2, 3, 4, 6]))
def test_determinize_is_consistent(seed: int, edition: str, steps: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(GAME.options(edition, fast_game=seed % 3 == 0), players, seed)
    advance(state, rng, steps)
    if state.is_over:
        return
    viewer = rng.randrange(players)
    obs = GAME.observe(state, viewer)
    det = GAME.determinize(obs, random.Random(seed + 1))
    # sizes, viewer's hand, public cards kept
    assert [len(h) for h in det.hands] == [len(h) for h in state.hands]
    assert det.hands[viewer] == state.hands[viewer]
    assert len(det.draw_pile) == len(state.draw_pile)
    assert det.discard == state.discard and det.battle == state.battle and det.dist == state.dist
    assert det.card_count() == state.deck_size()
    # the unseen cards are exactly the cards the viewer has not seen (never a known card elsewhere)
    def unseen(s: MilleBornesState) -> Counter[int]:
        hidden = [c for seat, h in enumerate(s.hands) if seat != viewer for c in h]
        return Counter(hidden) + Counter(s.draw_pile)
    assert unseen(det) == unseen(state)
    # the viewer cannot tell the difference
    assert GAME.observe(det, viewer) == obs
    assert GAME.view(det, viewer) == GAME.view(state, viewer)
    assert det.to_act() == state.to_act()
    for seat in det.to_act():
        assert det.legal_actions(seat)
    advance(det, random.Random(seed), 50)
    assert det.card_count() == state.deck_size() or det.leg > state.leg


def test_determinize_samples_differ_and_keep_the_clone_independent() -> None:
    state = GAME.new(GAME.options("eu"), 4, 3)
    advance(state, random.Random(3), 40)
    obs = GAME.observe(state, 1)
    samples = {tuple(map(tuple, GAME.determinize(obs, random.Random(i)).hands)) for i in range(8)}
    assert len(samples) > 1
    clone = state.clone()
    advance(clone, random.Random(5), 30)
    assert GAME.view(state, 1) == GAME.view(state.clone(), 1) != GAME.view(clone, 1)


def test_clone_replays_the_same_future_including_chance() -> None:
    """A clone (and a clone of a clone) has its own copy of the generator: the same choices give
    the same deals of later legs, and playing one never changes the other."""
    state = GAME.new(GAME.options("eu"), 3, 5)
    advance(state, random.Random(2), 150)
    first = state.clone()
    second = first.clone()
    outcomes = []
    for st_ in (second, state, first):
        advance(st_, random.Random(9), 100_000)
        assert st_.is_over
        outcomes.append((st_.scores(), st_.legs_played, st_.sheets))
    assert outcomes[0] == outcomes[1] == outcomes[2]
    assert outcomes[0][1] > 1  # later legs were dealt from the cloned generators
