"""A seeded test policy: sensible bids (so matches end), random legal plays,
occasional nil, blind nil, blind bids and keep/discard choices — all from the given rng.
Every choice is a legal action (the variants' bid rules included)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from mahai.core import Event
from mahai.games.spades import GAME, SpadesState
from mahai.games.spades.actions import BIDS, BLIND_NIL, LOOK, Bid, BlindBid, SpadesAction
from mahai.games.spades.cards import SPADES, SUIT_OF, cards_of


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
    """Good enough for a test policy (a high 2 of spades counts as low here)."""
    return (SUIT_OF[card] == SUIT_OF[best] and card > best
            or SUIT_OF[card] == SPADES and SUIT_OF[best] != SPADES)


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
        if LOOK in legal:  # the blind decision (SPR-6, SPR-17)
            side = seat % 2
            if state.points[side] > state.points[1 - side]:
                return LOOK  # ahead: never blind, and no draw (records made before SPC-6 still replay)
            blind = [a for a in legal if isinstance(a, BlindBid)]
            if blind and rng.random() < 0.15:
                return blind[0]
            if BLIND_NIL not in legal:
                return LOOK
            return BLIND_NIL if rng.random() < 0.08 else LOOK
        n = estimate(state.hands[seat])
        if state.players == 2:
            n = min(13, n + 2)
        wanted = BIDS[0] if n <= 1 and rng.random() < 0.5 else BIDS[n]
        if wanted in legal:
            return wanted
        bids = [a for a in legal if isinstance(a, Bid)]  # the nearest legal bid (SPR-16, SPR-18)
        return min(bids, key=lambda a: (abs(a.tricks - wanted.tricks), a.tricks))
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
