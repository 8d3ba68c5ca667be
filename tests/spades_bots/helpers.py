"""Positions for the Spades bot tests, built through the rules engine."""

from __future__ import annotations

import random

from mahai.games.spades import GAME, SpadesOptions, SpadesState
from mahai.games.spades.actions import PLAYS
from mahai.games.spades.cards import cards_of, mask_of, parse_card
from mahai.games.spades.state import BID, PLAY


def cards(text: str) -> int:
    """``"AS KS 2C"`` → mask."""
    return mask_of(parse_card(t) for t in text.split())


def position(
    hands: dict[int, str],
    bids: tuple[int, ...] = (3, 3, 3, 3),
    leader: int = 0,
    trick: str = "",
    tricks_won: tuple[int, ...] | None = None,
    bags: tuple[int, int] = (0, 0),
    points: tuple[int, int] = (0, 0),
    size: int = 13,
    options: SpadesOptions | None = None,
    seed: int = 0,
) -> SpadesState:
    """A 4-player state in play: the given (partial) hands filled to ``size`` cards at random
    from the rest of the deck (the cards left over count as played in earlier tricks), ``bids``
    made, ``leader`` to lead, then the cards of ``trick`` (notation, in play order from the
    leader) played through :meth:`State.apply`."""
    state = GAME.new(options or GAME.options(), 4, seed)
    state.dealer = (leader - 1) % 4
    fixed = [cards(hands.get(s, "")) for s in range(4)]
    used = 0
    for m in fixed:
        used |= m
    rest = cards_of(state.deck.mask & ~used)  # the options' deck (jokers: SPR-14)
    random.Random(seed).shuffle(rest)
    for s in range(4):
        while fixed[s].bit_count() < size:
            fixed[s] |= 1 << rest.pop()
    state.hands = fixed
    for s in range(4):  # the cards left over were played in earlier tricks
        for _ in range(13 - size):
            state.played_by[s] |= 1 << rest.pop()
    state.looked = [True] * 4
    state.bids = list(bids)
    state.phase = BID
    state.turn = state.dealer
    state._next_bidder([])
    assert state.phase == PLAY and state.turn == leader
    if tricks_won is not None:
        state.tricks_won = list(tricks_won)
    state.bags = list(bags)
    state.points = list(points)
    state.broken = size < 13
    state.opening = size == 13
    for text in trick.split():
        state.apply(state.turn, PLAYS[parse_card(text)])
    return state
