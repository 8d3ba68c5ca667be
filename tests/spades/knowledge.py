"""What a viewer may legitimately know, computed from the true state
independently of the projection code, and a JSON card scanner."""

from __future__ import annotations

import json
import re
from typing import Any

from mahai.games.spades import SpadesState
from mahai.games.spades.cards import parse_card

CARD = re.compile(r'"([2-9TJQKA][CDHS]|[LB]J)"')  # LJ, BJ: the jokers (SPR-14)


def known(state: SpadesState, viewer: int | None) -> int:
    """Cards ``viewer`` may see now: played cards, its own looked-at hand, its
    exchange cards, the stock cards it saw (and the one shown to it)."""
    m = 0
    for p in state.played_by:
        m |= p
    if viewer is None:
        return m
    if state.looked[viewer]:
        m |= state.hands[viewer]
    m |= state.passed[viewer] | state.received[viewer] | state.seen[viewer]
    if state.phase == "draw" and state.turn == viewer:
        m |= 1 << state.stock[state.stock_pos]
    return m


def cards_in(data: Any) -> int:
    """Mask of every card notation appearing as a JSON string in ``data``."""
    m = 0
    for text in CARD.findall(json.dumps(data)):
        m |= 1 << parse_card(text)
    return m
