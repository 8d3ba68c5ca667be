"""Helpers to set up Spades positions in tests."""

from __future__ import annotations

import json
import random

from mahai.games.spades import GAME, SpadesOptions, SpadesState
from mahai.games.spades.cards import cards_of, mask_of, parse_card
from mahai.games.spades.state import BID, NO_BID, PLAY


def cards(text: str) -> int:
    """``"AS KS 2C"`` → mask."""
    return mask_of(parse_card(t) for t in text.split())


def deal_rest(hands: dict[int, str], players: int = 4, seed: int = 0) -> list[int]:
    """Full hands of 13: the given cards, the rest of the deck dealt at random."""
    fixed = [cards(hands.get(s, "")) for s in range(players)]
    used = 0
    for m in fixed:
        used |= m
    rest = cards_of(((1 << 52) - 1) & ~used)
    random.Random(seed).shuffle(rest)
    out = []
    for m in fixed:
        while m.bit_count() < 13:
            m |= 1 << rest.pop()
        out.append(m)
    return out


def playing(
    hands: dict[int, str] | None = None,
    bids: tuple[int, ...] = (3, 3, 3, 3),
    options: SpadesOptions | None = None,
    players: int = 4,
    dealer: int = 3,
    seed: int = 0,
) -> SpadesState:
    """A state in the play phase with the given (partial) hands and bids, the
    player left of ``dealer`` to lead."""
    state = GAME.new(options or GAME.options(), players, seed)
    state.dealer = dealer
    state.hands = deal_rest(hands or {}, players, seed)
    state.looked = [True] * players
    state.bids = list(bids[:players])
    state.phase = BID
    state.turn = dealer
    state._next_bidder([])  # everyone has bid: starts the play
    assert state.phase == PLAY
    return state


def bidding(options: SpadesOptions | None = None, players: int = 4, seed: int = 0) -> SpadesState:
    """A fresh state at the start of the bidding (4 players) or stock deal (2)."""
    state = GAME.new(options or GAME.options(), players, seed)
    assert all(b == NO_BID for b in state.bids)
    return state


def snapshot(state: SpadesState) -> dict[str, object]:
    """Everything mutable in a state, and every view of it, for unchanged-state checks
    (the projection's cache is left out: it is derived, and the views cover it)."""
    # __getstate__: the attributes, whichever build runs (a compiled state has no __dict__)
    return {k: (v[:] if isinstance(v, list) else v) for k, v in state.__getstate__().items()
            if k not in ("rng", "view_cache")} | {
        "rng": state.rng.getstate(),
        "views": [json.dumps(GAME.view(state, v), sort_keys=True) for v in [None, *range(state.players)]]}
