"""Exact Mille Bornes positions for bot and front-end tests, every card accounted for."""

from __future__ import annotations

from mahai.games.mille_bornes import GAME, MilleBornesState
from mahai.games.mille_bornes.cards import CARD_OF, D200, KM, safety_bit
from mahai.games.mille_bornes.state import DRAW, PLAY


def make(edition: str = "eu", players: int = 2, seed: int = 0) -> MilleBornesState:
    return GAME.new(GAME.options(edition), players, seed)


def _take(st: MilleBornesState, card: int, keep: int | None = None) -> None:
    """Remove one copy of ``card`` from the draw pile, the discard pile or another hand (which
    gets a draw-pile card back)."""
    if card in st.draw_pile:
        st.draw_pile.remove(card)
        return
    if card in st.discard:
        st.discard.remove(card)
        return
    for seat, hand in enumerate(st.hands):
        if seat != keep and card in hand:
            hand.remove(card)
            swap = next(c for c in st.draw_pile if c != card)
            st.draw_pile.remove(swap)
            hand.append(swap)
            return
    raise AssertionError(f"no free copy of card {card}")


def set_hand(st: MilleBornesState, seat: int, *codes: str) -> None:
    """Give ``seat`` exactly these cards (its old hand goes under the draw pile)."""
    old = st.hands[seat]
    st.hands[seat] = []
    st.draw_pile[:0] = old
    for code in codes:
        _take(st, CARD_OF[code], keep=seat)
        st.hands[seat].append(CARD_OF[code])


def put(st: MilleBornesState, team: int, *codes: str, crosswise: bool = False) -> None:
    """Lay cards on ``team``'s tableau as if played (battle, speed, distance or safety pile)."""
    for code in codes:
        card = CARD_OF[code]
        _take(st, card)
        if card <= D200:
            st.dist[team].append(card)
            st.km[team] += KM[card]
            st.n200[team] += card == D200
        elif code in ("speed_limit", "end_of_limit"):
            st.speed[team].append(card)
        elif card >= CARD_OF["right_of_way"]:
            st.safe[team] |= safety_bit(card)
            if crosswise:
                st.cf[team] |= safety_bit(card)
            st.safe_order[team].append(card)
            if code == "right_of_way":
                st.started[team] = True
        else:
            st.battle[team].append(card)
            if code == "roll":
                st.started[team] = True


def bury(st: MilleBornesState, *codes: str) -> None:
    """Move cards to the discard pile (seen by everybody)."""
    for code in codes:
        card = CARD_OF[code]
        _take(st, card)
        st.discard.append(card)


def turn(st: MilleBornesState, seat: int, phase: str = "play") -> None:
    """Make it ``seat``'s turn in ``phase`` with no coup-fourré window open."""
    st.turn = seat
    st.phase = PLAY if phase == "play" else DRAW
    st.pending = []
    st.win_team = st.win_hazard = st.win_attacker = -1
