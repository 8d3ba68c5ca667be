"""Exact Mille Bornes positions for bot and front-end tests, every card accounted for.

The position builders are the rules tests' own (``tests.mille_bornes.helpers``);
this module only changes the default table to two players and adds :func:`bury`.
"""

from __future__ import annotations

from mahai.games.mille_bornes import MilleBornesState
from mahai.games.mille_bornes.cards import CARD_OF
from tests.mille_bornes import helpers
from tests.mille_bornes.helpers import _take, put, set_hand, turn

__all__ = ["bury", "make", "put", "set_hand", "turn"]


def make(edition: str = "eu", players: int = 2, seed: int = 0) -> MilleBornesState:
    return helpers.make(edition, players, seed)


def bury(st: MilleBornesState, *codes: str) -> None:
    """Move cards to the discard pile (seen by everybody)."""
    for code in codes:
        card = CARD_OF[code]
        _take(st, card)
        st.discard.append(card)
