"""Determinization (design.md): a full state consistent with one seat's
knowledge. Property-tested over random positions of 4- and 2-player games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mahai.games.spades import GAME
from mahai.games.spades.cards import SUIT_MASKS
from tests.spades.knowledge import known
from tests.spades.policy import choose

SETUPS = [(4, GAME.options()), (4, GAME.options(blind_nil_exchange="2")), (2, GAME.options("two_player")),
          # SPR-14 (jokers are spades, 2C and 2D not dealt), SPR-17 (blind bids), SPR-18
          (4, GAME.options("jokers_and_deuces", blind_bid="on", blind_bid_min_deficit="0", bid_cap="13")),
          (2, GAME.options("jokers_and_deuces"))]


def position(setup: int, seed: int, steps: int):  # type: ignore[no-untyped-def]
    players, options = SETUPS[setup]
    state = GAME.new(options, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        (seat,) = state.to_act()
        state.apply(seat, choose(state, seat, rng))
    return state


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(SETUPS) - 1), st.integers(0, 10**6), st.integers(0, 140), st.integers(0, 3),
       st.integers(0, 2**32))
def test_determinization_is_consistent_with_the_viewer_knowledge(
    setup: int, seed: int, steps: int, viewer: int, draw: int
) -> None:
    state = position(setup, seed, steps)
    viewer %= state.players
    obs = GAME.observe(state, viewer)
    det = GAME.determinize(obs, random.Random(draw))
    # The viewer cannot tell the two states apart.
    assert GAME.view(det, viewer) == GAME.view(state, viewer)
    assert det.cards_in_play() == state.deck.mask and det.deck == state.deck
    assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in state.hands]
    # never a card the viewer holds or has seen played, discarded or shown; the
    # only known cards in another hand are the ones the viewer passed there
    seen = known(state, viewer) & ~state.passed[viewer]
    for seat in range(state.players):
        if seat != viewer:
            assert det.hands[seat] & seen == 0
            assert det.hands[seat] & known(state, viewer) == det.hands[seat] & state.hands[seat] & \
                state.passed[viewer]
        if seat != viewer or not state.looked[viewer]:
            for suit in range(4):
                if state.voids[seat] >> suit & 1:
                    assert det.hands[seat] & SUIT_MASKS[suit] == 0
    if state.players == 4 and state.passed[viewer]:
        partner = (viewer + 2) % 4
        played = 0
        for m in state.played_by:
            played |= m
        still = state.passed[viewer] & ~state.hands[viewer] & ~played  # not passed back, not played
        assert det.hands[partner] & still == still
    # the determinized state plays on with the same seat to act
    assert det.to_act() == state.to_act()
    for seat in det.to_act():
        assert det.legal_actions(seat)
        action = choose(det, seat, random.Random(draw))
        det.apply(seat, action)


def test_samples_vary_and_respect_a_void() -> None:
    state = position(0, 7, 40)
    assert state.phase == "play"
    seat = next(s for s in range(4) if s != 0)
    state.voids[seat] |= 1 << 2  # pretend the seat showed out of hearts
    # move the seat's hearts to another hidden hand so that the position stays consistent
    other = next(s for s in range(1, 4) if s != seat)
    for c in range(26, 39):
        if state.hands[seat] >> c & 1:
            swap = next(d for d in range(52) if state.hands[other] >> d & 1 and not 26 <= d < 39)
            state.hands[seat] ^= 1 << c | 1 << swap
            state.hands[other] ^= 1 << c | 1 << swap
    obs = GAME.observe(state, 0)
    samples = {tuple(GAME.determinize(obs, random.Random(i)).hands) for i in range(20)}
    assert len(samples) > 10
    assert all(h[seat] & SUIT_MASKS[2] == 0 for h in samples)
    assert all(h[0] == state.hands[0] for h in samples)
