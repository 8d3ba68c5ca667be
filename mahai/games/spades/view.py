"""The projection: what one viewer may know of a Spades state.

:func:`observe` is the only way state leaves the engine. A viewer sees its own
hand (none while its blind-nil decision is open: SPR-6), every public fact
(bids, tricks, played cards, voids, scores), the cards it passed and received
in an exchange, and with two players the stock cards it was shown. Never
another hand, never a stock card it did not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mahai.core.game import Seat
from mahai.core.options import options_to_dict
from mahai.games.spades.cards import SUIT_NAMES, card_text, texts
from mahai.games.spades.options import SpadesOptions
from mahai.games.spades.state import NO_BID, OVER, SpadesState, bid_label


def _entry_copy(entry: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of one score-history entry (its shape is fixed: see state._score_hand)."""
    return {"hand": entry["hand"], "dealer": entry["dealer"], "bids": list(entry["bids"]),
            "tricks": list(entry["tricks"]), "sides": [dict(side) for side in entry["sides"]]}


@lru_cache(maxsize=32)
def _options_json(options: SpadesOptions) -> dict[str, Any]:
    return options_to_dict(options)


@dataclass(frozen=True)
class SpadesObservation:
    """One viewer's knowledge (cards as ints, hands as masks internally).

    ``hand`` is None for a spectator and for a seat that has not looked at its
    cards yet. ``passed``/``received``/``seen``/``shown`` are the viewer's own
    (0 / -1 for a spectator). ``discards`` counts the stock cards each seat
    saw discarded (two players). :meth:`to_json` gives the view for front ends.
    """

    viewer: Seat | None
    players: int
    options: SpadesOptions
    phase: str
    hand_no: int
    dealer: Seat
    turn: Seat
    hand: int | None
    hand_sizes: tuple[int, ...]
    looked: tuple[bool, ...]
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    exchange: tuple[tuple[int, int], ...]
    passed: int
    received: int
    trick: tuple[tuple[int, int], ...]
    leader: Seat
    opening: bool
    tricks_won: tuple[int, ...]
    last_trick: tuple[tuple[int, int], ...]
    last_winner: Seat
    broken: bool
    played_by: tuple[int, ...]
    voids: tuple[int, ...]
    points: tuple[int, int]
    bags: tuple[int, int]
    history: tuple[dict[str, Any], ...]
    stock_left: int
    shown: int
    seen: int
    discards: tuple[int, ...]
    winner_sides: tuple[int, ...]
    blind_nil_open: bool

    def to_json(self) -> dict[str, Any]:
        """The view sent to front ends. Shape (cards as ``"AS"``)::

            {"game": "spades", "viewer", "players", "phase" (draw|bid|exchange|play|over),
             "hand_number", "dealer", "turn" (null when over), "hand" ([cards] or null),
             "hand_sizes", "looked", "blind_nil_decision" (bool: the viewer has not looked
             yet; on its turn it chooses blind nil or look), "bids" ([int | "nil" | "blind_nil" | null]),
             "trick" ([{"seat", "card"}]), "leader", "led_suit", "tricks_won",
             "last_trick" ({"cards": [{"seat", "card"}], "winner"} or null),
             "spades_broken", "sides" ([{"seats", "points", "bags", "contract"}]),
             "history" ([{"hand", "dealer", "bids", "tricks", "sides": [SideScore]}]),
             "exchange" ({"pending": [[from, to]], "count", "passed", "received"}),
             "voids" ([[suit names] per seat]), "played" ([[cards] per seat]),
             "stock" (two players: {"left", "shown", "seen_discards", "discards"}; else null),
             "winners" ([seats]), "options" ({...})}
        """
        n = self.players
        led = SUIT_NAMES[self.trick[0][1] // 13] if self.trick else None
        sides = []
        for side in (0, 1):
            seats = [side] if n == 2 else [side, side + 2]
            bids = [self.bids[s] for s in seats]
            contract = sum(b for b in bids if b > 0) if all(b != NO_BID for b in bids) else None
            sides.append({"seats": seats, "points": self.points[side], "bags": self.bags[side],
                          "contract": contract})
        return {
            "game": "spades",
            "viewer": self.viewer,
            "players": n,
            "phase": self.phase,
            "hand_number": self.hand_no,
            "dealer": self.dealer,
            "turn": None if self.phase == OVER else self.turn,
            "hand": None if self.hand is None else texts(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "looked": list(self.looked),
            "blind_nil_decision": self.blind_nil_open,
            "bids": [bid_label(b, bl) for b, bl in zip(self.bids, self.blind, strict=True)],
            "trick": [{"seat": s, "card": card_text(c)} for s, c in self.trick],
            "leader": self.leader,
            "led_suit": led,
            "tricks_won": list(self.tricks_won),
            "last_trick": ({"cards": [{"seat": s, "card": card_text(c)} for s, c in self.last_trick],
                            "winner": self.last_winner} if self.last_trick else None),
            "spades_broken": self.broken,
            "sides": sides,
            "history": [_entry_copy(e) for e in self.history],
            "exchange": {"pending": [list(p) for p in self.exchange],
                         "count": self.options.blind_nil_exchange,
                         "passed": texts(self.passed), "received": texts(self.received)},
            "voids": [[SUIT_NAMES[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "played": [texts(m) for m in self.played_by],
            "stock": ({"left": self.stock_left, "shown": card_text(self.shown) if self.shown >= 0 else None,
                       "seen_discards": texts(self.seen), "discards": list(self.discards)}
                      if n == 2 else None),
            "winners": [s for s in range(n) if s % 2 in self.winner_sides],
            "options": dict(_options_json(self.options)),
        }


def observe(state: SpadesState, viewer: Seat | None) -> SpadesObservation:
    """Project ``state`` for ``viewer`` (a seat, or None for a spectator)."""
    seat = viewer if viewer is not None and 0 <= viewer < state.players else None
    own = seat is not None
    hand = state.hands[seat] if own and state.looked[seat] else None  # type: ignore[index]
    shown = -1
    if own and state.players == 2 and state.phase == "draw" and state.turn == seat:
        shown = state.stock[state.stock_pos]
    return SpadesObservation(
        viewer=seat,
        players=state.players,
        options=state.options,
        phase=state.phase,
        hand_no=state.hand_no,
        dealer=state.dealer,
        turn=state.turn,
        hand=hand,
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        looked=tuple(state.looked),
        bids=tuple(state.bids),
        blind=tuple(state.blind),
        exchange=tuple(state.exchange),
        passed=state.passed[seat] if seat is not None else 0,
        received=state.received[seat] if seat is not None else 0,
        trick=tuple(state.trick),
        leader=state.leader,
        opening=state.opening,
        tricks_won=tuple(state.tricks_won),
        last_trick=state.last_trick,
        last_winner=state.last_winner,
        broken=state.broken,
        played_by=tuple(state.played_by),
        voids=tuple(state.voids),
        points=(state.points[0], state.points[1]),
        bags=(state.bags[0], state.bags[1]),
        history=tuple(state.history),
        stock_left=52 - state.stock_pos if state.players == 2 else 0,
        shown=shown,
        seen=state.seen[seat] if seat is not None else 0,
        discards=tuple(m.bit_count() for m in state.seen),
        winner_sides=state.winner_sides,
        blind_nil_open=own and state.blind_nil_open(seat),  # type: ignore[arg-type]
    )
