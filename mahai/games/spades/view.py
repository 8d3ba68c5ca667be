"""The projection: what one viewer may know of a Spades state.

:func:`observe` is the only way state leaves the engine. A viewer sees its own
hand (none while its blind-nil decision is open: SPR-6), every public fact
(bids, tricks, played cards, voids, scores), the cards it passed and received
in an exchange, and with two players the stock cards it was shown. Never
another hand, never a stock card it did not see.

An observation is the viewer's own knowledge plus :class:`PublicFacts`, what every
viewer knows, with its JSON. :func:`public_facts` reuses each JSON part built for
the state's last projection whose inputs are unchanged, so a view costs little more
than what changed since the last one. Shared JSON parts are read-only (tuples and
:class:`~mahai.core.readonly.ReadOnlyDict`), so no viewer can change another's view.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final, NamedTuple

from mahai.core.game import Seat
from mahai.core.options import options_to_dict
from mahai.core.readonly import ReadOnlyDict, freeze
from mahai.games.spades.cards import CARD_TEXTS, SUIT_NAMES, SUIT_OF, texts
from mahai.games.spades.options import SpadesOptions
from mahai.games.spades.state import NO_BID, OVER, SpadesState, bid_label

# Shared JSON constants: a card in a trick, the suits a seat is void in (by bit set).
_TRICK_CARDS: Final = tuple(tuple(ReadOnlyDict(seat=seat, card=CARD_TEXTS[card]) for card in range(54))
                     for seat in range(4))
_VOID_NAMES: Final = tuple(tuple(SUIT_NAMES[s] for s in range(4) if bits >> s & 1) for bits in range(16))
_SIDE_SEATS: Final = {2: ((0,), (1,)), 4: ((0, 2), (1, 3))}


@lru_cache(maxsize=32)
def _options_json(options: SpadesOptions) -> ReadOnlyDict:
    frozen: ReadOnlyDict = freeze(options_to_dict(options))
    return frozen


class PublicFacts(NamedTuple):
    """The facts of a state that every viewer may know (masks and ints, as in
    :class:`~mahai.games.spades.state.SpadesState`)."""

    players: int
    options: SpadesOptions
    phase: str
    hand_no: int
    dealer: Seat
    turn: Seat
    hand_sizes: tuple[int, ...]
    looked: tuple[bool, ...]
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    exchange: tuple[tuple[int, int], ...]
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
    history: tuple[Mapping[str, Any], ...]
    stock_left: int
    discards: tuple[int, ...]
    winner_sides: tuple[int, ...]
    json: ReadOnlyDict
    """The public keys of :meth:`SpadesObservation.to_json`."""


class SpadesObservation(NamedTuple):
    """One viewer's knowledge (cards as ints, hands as masks internally).

    The viewer's own: ``hand`` is None for a spectator and for a seat that has not
    looked at its cards yet; ``passed``/``received``/``seen``/``shown`` are 0 / -1
    for a spectator; ``blind_nil_open``: the viewer still chooses between blind nil
    and looking. ``public``: what every viewer knows (shared by all the observations
    of one projection). :meth:`to_json` gives the view for front ends.
    """

    viewer: Seat | None
    hand: int | None
    passed: int
    received: int
    shown: int
    seen: int
    blind_nil_open: bool
    public: PublicFacts

    def to_json(self) -> dict[str, Any]:
        """The view sent to front ends: a new dict whose arrays are tuples and whose
        nested objects are read-only (shared with other views). Shape (cards as ``"AS"``)::

            {"game": "spades", "viewer", "players", "phase" (draw|bid|exchange|play|over),
             "hand_number", "dealer", "turn" (null when over), "hand" ([cards] or null),
             "hand_sizes", "looked", "blind_nil_decision" (bool: the viewer has not looked
             yet; on its turn it chooses blind nil, a blind bid or look),
             "bids" ([int | "nil" | "blind_nil" | "blind_6" … "blind_13" | null]),
             "trick" ([{"seat", "card"}]), "leader", "led_suit", "tricks_won",
             "last_trick" ({"cards": [{"seat", "card"}], "winner"} or null),
             "spades_broken", "sides" ([{"seats", "points", "bags", "contract"}]),
             "history" ([{"hand", "dealer", "bids", "tricks", "sides": [SideScore]}]),
             "exchange" ({"pending": [[from, to]], "count", "passed", "received"}),
             "voids" ([[suit names] per seat]), "played" ([[cards] per seat]),
             "stock" (two players: {"left", "shown", "seen_discards", "discards"}; else null),
             "winners" ([seats]), "options" ({...})}
        """
        public = self.public
        view = public.json.copy()
        view["viewer"] = self.viewer
        view["hand"] = None if self.hand is None else texts(self.hand)
        view["blind_nil_decision"] = self.blind_nil_open
        if self.passed or self.received:
            view["exchange"] = ReadOnlyDict(view["exchange"], passed=texts(self.passed),
                                            received=texts(self.received))
        if public.players == 2:
            view["stock"] = ReadOnlyDict(left=public.stock_left, discards=public.discards,
                                         shown=CARD_TEXTS[self.shown] if self.shown >= 0 else None,
                                         seen_discards=texts(self.seen))
        return view


def public_facts(state: SpadesState) -> PublicFacts:
    """The public facts of ``state`` now, with their JSON. JSON parts whose inputs
    equal those of the facts built last time for this state (kept in
    ``state.view_cache``) are reused, since each part is immutable; the comparison is
    by value, so a state changed by hand is still projected right."""
    old: PublicFacts | None = state.view_cache
    n = state.players
    options = state.options
    trick = tuple(state.trick)
    played_by = tuple(state.played_by)
    voids = tuple(state.voids)
    bids = tuple(state.bids)
    blind = tuple(state.blind)
    points = (state.points[0], state.points[1])
    bags = (state.bags[0], state.bags[1])
    history = tuple(state.history)
    last_trick = state.last_trick
    last_winner = state.last_winner
    exchange = tuple(state.exchange)
    phase = state.phase
    hands = state.hands
    hand_sizes: tuple[int, ...]
    discards: tuple[int, ...]
    if n == 4:
        hand_sizes = (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(),
                      hands[3].bit_count())
        discards = _NO_DISCARDS
        stock_left = 0
    else:
        seen = state.seen
        hand_sizes = (hands[0].bit_count(), hands[1].bit_count())
        discards = (seen[0].bit_count(), seen[1].bit_count())
        stock_left = 52 - state.stock_pos
    if old is None or old.players != n:
        old = _EMPTY[n]
    j = old.json
    if old.played_by == played_by:
        played_json = j["played"]
    else:
        played_json = tuple([part if m == was else texts(m)
                             for part, m, was in zip(j["played"], played_by, old.played_by,
                                                     strict=True)])
    voids_json = j["voids"] if old.voids == voids else tuple([_VOID_NAMES[v] for v in voids])
    if old.bids == bids and old.blind == blind:
        bids_json = j["bids"]
        sides_json = j["sides"] if old.points == points and old.bags == bags else None
    else:
        bids_json = tuple([bid_label(b, bl) for b, bl in zip(bids, blind, strict=True)])
        sides_json = None
    if sides_json is None:
        sides = []
        for side, seats in enumerate(_SIDE_SEATS[n]):
            side_bids = [bids[s] for s in seats]
            contract = sum(b for b in side_bids if b > 0) if NO_BID not in side_bids else None
            sides.append(ReadOnlyDict(seats=seats, points=points[side], bags=bags[side],
                                      contract=contract))
        sides_json = tuple(sides)
    if old.last_trick == last_trick and old.last_winner == last_winner:
        last_json = j["last_trick"]
    else:
        last_json = ReadOnlyDict(cards=tuple([_TRICK_CARDS[s][c] for s, c in last_trick]),
                                 winner=last_winner) if last_trick else None
    if old.exchange == exchange and old.options is options:
        exchange_json = j["exchange"]
    else:
        exchange_json = ReadOnlyDict(pending=exchange, count=options.blind_nil_exchange,
                                     passed=(), received=())
    looked = tuple(state.looked)
    tricks_won = tuple(state.tricks_won)
    winner_sides = state.winner_sides
    public_json = ReadOnlyDict({
        "game": "spades",
        "players": n,
        "phase": phase,
        "hand_number": state.hand_no,
        "dealer": state.dealer,
        "turn": None if phase == OVER else state.turn,
        "hand_sizes": hand_sizes,
        "looked": looked,
        "bids": bids_json,
        "trick": tuple([_TRICK_CARDS[s][c] for s, c in trick]),
        "leader": state.leader,
        "led_suit": SUIT_NAMES[SUIT_OF[trick[0][1]]] if trick else None,
        "tricks_won": tricks_won,
        "last_trick": last_json,
        "spades_broken": state.broken,
        "sides": sides_json,
        "history": history,  # the state's entries are read-only already
        "exchange": exchange_json,
        "voids": voids_json,
        "played": played_json,
        "stock": None,
        "winners": (j["winners"] if old.winner_sides == winner_sides
                    else tuple([s for s in range(n) if s % 2 in winner_sides])),
        "options": j["options"] if old.options is options else _options_json(options),
    })
    facts = PublicFacts(
        n, options, phase, state.hand_no, state.dealer, state.turn, hand_sizes, looked, bids, blind,
        exchange, trick, state.leader, state.opening, tricks_won, last_trick, last_winner,
        state.broken, played_by, voids, points, bags, history, stock_left, discards, winner_sides,
        public_json)
    state.view_cache = facts
    return facts


def _empty(players: int) -> PublicFacts:
    """Facts that share nothing with any state (every part differs): the start of reuse."""
    none = ReadOnlyDict(played=((),) * players, voids=(), bids=(), sides=(), last_trick=None, exchange=None,
                        winners=(), options=None)
    # Options of their own: never the same object as a state's (reuse checks ``is``).
    return PublicFacts(players, SpadesOptions(), "", 0, -1, -1, (), (), (-2,) * players, (),
                       ((-1, -1),), (), -1, False, (), ((-1, -1),), -2, False, (-1,) * players,
                       (-1,) * players, (-1, -1), (-1, -1), (), 0, (), (-1,), none)


_EMPTY: Final = {2: _empty(2), 4: _empty(4)}
_NO_DISCARDS: Final = (0, 0, 0, 0)


def observe(state: SpadesState, viewer: Seat | None) -> SpadesObservation:
    """Project ``state`` for ``viewer`` (a seat, or None for a spectator)."""
    facts = public_facts(state)
    if viewer is None or not 0 <= viewer < state.players:
        return SpadesObservation(None, None, 0, 0, -1, 0, False, facts)
    looked = state.looked[viewer]
    shown = -1
    if state.players == 2 and state.phase == "draw" and state.turn == viewer:
        shown = state.stock[state.stock_pos]
    return SpadesObservation(viewer, state.hands[viewer] if looked else None, state.passed[viewer],
                             state.received[viewer], shown, state.seen[viewer],
                             not looked and state.phase == "bid", facts)
