"""A seeded test policy: sensible bids (so matches end), random legal plays,
occasional nil, blind nil and keep/discard choices — all from the given rng."""

from __future__ import annotations

import random
from collections.abc import Iterator

from mahai.core import Event
from mahai.games.spades import GAME, SpadesState
from mahai.games.spades.actions import BIDS, BLIND_NIL, LOOK, SpadesAction
from mahai.games.spades.cards import SPADES, cards_of


def estimate(hand: int) -> int:
    """Rough tricks: aces and kings outside spades, high spades, long spades."""
    tricks = 0.0
    spades = 0
    for c in cards_of(hand):
        suit, rank = divmod(c, 13)
        if suit == SPADES:
            spades += 1
            tricks += 1.0 if rank >= 10 else 0.0
        else:
            tricks += 1.0 if rank == 12 else 0.6 if rank == 11 else 0.0
    tricks += max(0, spades - 3)
    return max(1, min(13, round(tricks)))


def beats(card: int, best: int) -> bool:
    return card // 13 == best // 13 and card > best or card // 13 == SPADES and best // 13 != SPADES


def greedy(state: SpadesState, legal: list[SpadesAction]) -> SpadesAction:
    """Lowest card that wins the trick so far, else the lowest card."""
    if not state.trick:
        return legal[-1]
    best = state.trick[0][1]
    for _, c in state.trick[1:]:
        if beats(c, best):
            best = c
    winners = [a for a in legal if beats(a.card, best)]  # type: ignore[union-attr]
    return winners[0] if winners else legal[0]


def choose(state: SpadesState, seat: int, rng: random.Random) -> SpadesAction:
    legal = state.legal_actions(seat)
    if state.phase == "bid":
        if legal[1] is LOOK:
            side = seat % 2
            if state.points[side] > state.points[1 - side]:
                return LOOK  # ahead: never blind, and no draw (records made before SPC-6 still replay)
            return BLIND_NIL if rng.random() < 0.08 else LOOK
        n = estimate(state.hands[seat])
        if state.players == 2:
            n = min(13, n + 2)
        return BIDS[0] if n <= 1 and rng.random() < 0.5 else BIDS[n]
    if state.phase == "play" and rng.random() < 0.8:
        return greedy(state, legal)
    return legal[rng.randrange(len(legal))]


def steps(state: SpadesState, rng: random.Random, until_hand: int = 10**9
          ) -> Iterator[tuple[int, SpadesAction, list[Event]]]:
    """Play to the end of the match (or of hand ``until_hand``), yielding each
    ``(seat, action, events)``; every 50th action goes through its notation."""
    count = 0
    while not state.is_over and state.hand_no <= until_hand:
        (seat,) = state.to_act()
        action = choose(state, seat, rng)
        events = state.apply(seat, GAME.parse_action(action.notation()) if count % 50 == 0 else action)
        count += 1
        yield seat, action, events


def play_match(state: SpadesState, rng: random.Random) -> int:
    """Play the match to its end; returns the number of actions."""
    return sum(1 for _ in steps(state, rng))
