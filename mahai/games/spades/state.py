"""The Spades state machine (SPR-1…SPR-13, two-player stock deal, variants SPR-14…SPR-22).

Phases of a hand: ``draw`` (two players only: the stock deal), ``bid`` (with
the blind decision first for a seat that may still bid blind nil or blind: SPR-6, SPR-17),
``exchange`` (blind-nil passes), ``play`` (13 tricks), then scoring and the
next deal, until the match is ``over`` (SPR-13). Sides: seats 0 and 2 against
1 and 3 (SPR-1); with two players each seat is its own side, so a seat's side
is always ``seat % 2``.
"""

from __future__ import annotations

import _random
import random
import sys
import types
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from mahai.core.errors import IllegalAction
from mahai.core.game import Event, Seat, State
from mahai.core.readonly import ReadOnlyDict
from mahai.games.spades.actions import (
    BIDS,
    BLIND_BIDS,
    BLIND_NIL,
    DISCARD,
    KEEP,
    LOOK,
    PLAYS,
    Bid,
    BlindBid,
    BlindNil,
    Discard,
    Keep,
    Look,
    Pass,
    Play,
    SpadesAction,
)
from mahai.games.spades.cards import (
    CARD_TEXTS,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    Deck,
    card_text,
    cards_of,
    deck_for,
    mask_of,
)
from mahai.games.spades.options import SpadesOptions
from mahai.games.spades.scoring import ScoreRules, Values, score_rules, score_with

DRAW: Final = "draw"
BID: Final = "bid"
EXCHANGE: Final = "exchange"
PLAY: Final = "play"
OVER: Final = "over"
MAX_BID: Final = 13
MIN_BLIND_BID: Final = 6
NO_BID: Final = -1
SPADE_MASK: Final = SUIT_MASKS[SPADES]
_FOLLOW: Final = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(54))  # the mask of each card's suit
_FIRST_JOKER_BIT: Final = 1 << 52
_TO_ACT: Final[tuple[tuple[Seat, ...], ...]] = ((0,), (1,), (2,), (3,), ())
_ONLY: Final = tuple(frozenset({seat}) for seat in range(4))  # event audiences
# Shared events and event parts, made once (events are read-only: Event): a hand makes
# the same few again and again. Their data are read-only dicts, as the scored hands'.
TRICK_CARDS: Final = tuple(tuple(ReadOnlyDict(seat=seat, card=CARD_TEXTS[card]) for card in range(54))
                           for seat in range(4))
"""``TRICK_CARDS[seat][card]``: ``{"seat", "card"}`` of a card in a trick (events and views)."""
_PLAY_EVENTS: Final = tuple(tuple(Event("play", ReadOnlyDict(seat=seat, card=CARD_TEXTS[card]))
                                  for card in range(54)) for seat in range(4))
_BROKEN_EVENTS: Final = tuple(Event("spades_broken", ReadOnlyDict(seat=seat)) for seat in range(4))
_BID_EVENTS: Final = tuple(tuple(Event("bid", ReadOnlyDict(seat=seat, bid=bid or "nil"))
                                 for bid in range(MAX_BID + 1)) for seat in range(4))
_HAND_COUNTS: Final = tuple(tuple(ReadOnlyDict(seat=seat, count=count) for count in range(55))
                            for seat in range(4))
"""The redacted data of a ``hand`` event (``{"seat", "count"}``), shared."""
# What configure() derived from an options object (by id, the object kept so the id stays
# its own): (options, players, deck, free_bids, bid_limits, blind_possible, lead_rules).
_Limits = tuple[tuple[int, int, bool], ...]
_CONFIGS: Final[dict[int, tuple[SpadesOptions, int, Deck, bool, _Limits, bool, int]]] = {}
_SCORE_RULES: Final[dict[int, tuple[SpadesOptions, ScoreRules]]] = {}
"""What scoring reads of an options object (:func:`.scoring.score_rules`), per object (as
``_CONFIGS``): read once, not at every hand."""
# SpadesState.lead_rules: bits of the options first_lead and spades_lead (SPR-7, SPR-15).
_TWO_OF_CLUBS: Final = 1
_AFTER_BROKEN: Final = 2
_AFTER_FIRST_TRICK: Final = 4
# The bit lengths _shuffle draws with: reversed(range(1, 52)) as in random.shuffle.
_DRAWS: Final = tuple((i, (i + 1).bit_length()) for i in range(51, 0, -1))



def bid_label(bid: int, blind: bool) -> int | str | None:
    """A bid as shown in views and history: 1…13, ``"nil"``, ``"blind_nil"``, a blind
    bid ``"blind_6"`` … ``"blind_13"`` (SPR-17), None (not yet)."""
    if bid == NO_BID:
        return None
    if blind:
        return f"blind_{bid}" if bid else "blind_nil"
    return bid or "nil"


def _err(code: str, **params: str | int) -> IllegalAction:
    return IllegalAction(code, domain="spades", **params)


_RANDOM: Final = random.Random
_NEW_RANDOM: Final = random.Random.__new__
_SEED: Final = _random.Random.seed


def new_generator(seed: Any) -> random.Random:
    """``random.Random(seed)``: for an int seed the same generator state made without the
    Python-level ``Random.__init__`` and ``Random.seed``, which for an int only call the C
    seeding and set ``gauss_next`` (``tests/spades/test_deal.py`` compares the states); any
    other seed (``random.Random`` takes str, bytes, float, None) is given to ``random.Random``."""
    if type(seed) is not int:
        return random.Random(seed)
    rng: random.Random = _NEW_RANDOM(_RANDOM)
    _SEED(rng, seed)
    setattr(rng, "gauss_next", None)  # noqa: B010 - not in the stubs
    return rng


def _randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (n > 0), the same number and generator state: CPython's
    ``Random._randbelow_with_getrandbits``, inlined for a ``random.Random`` (any other
    generator class is asked ``randrange``)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _shuffle(deck: list[int], rng: random.Random) -> None:
    """Shuffle ``deck`` (52 cards) in place exactly as CPython's ``rng.shuffle`` does
    (Fisher-Yates, each index drawn by rejection from ``getrandbits``), inlined because
    the deal is a large part of a random hand's cost; owning the algorithm also keeps
    recorded seeds dealing the same cards whatever ``random.shuffle`` becomes.

    ``getrandbits(k)`` (k ≤ 32) is the generator's next 32-bit word shifted right by
    32 − k, and ``getrandbits(32 * n)`` is its next n words, the first in the lowest bits
    (CPython's ``_random``). So a ``random.Random`` gives its words in a few calls, as many
    as the draws still to make (each takes one word at least, so no word is drawn that the
    one-call-per-draw loop would not draw); as k ≤ 6 here, a draw is the top k bits of its
    word's top byte. Another generator class is asked word by word, as ``random.shuffle``
    asks it."""
    if type(rng) is not random.Random:
        getrandbits = rng.getrandbits
        for i, k in _DRAWS:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            deck[i], deck[j] = deck[j], deck[i]
        return
    cards: list[Any] = deck  # the cards moved as they are (the compiled build would unbox them)
    data = b""
    top = 0  # the index of the next word's top byte in data
    draw = 0
    while draw < 51:
        if top >= len(data):
            need = 51 - draw
            data = rng.getrandbits(32 * need).to_bytes(4 * need, "little")
            top = 3
        i = 51 - draw
        j = data[top] >> _SHIFTS[draw]
        top += 4
        if j <= i:
            cards[i], cards[j] = cards[j], cards[i]
            draw += 1


# Per draw of _shuffle (i = 51 … 1): 8 − the bit length of i + 1 (the shift of the top byte).
_SHIFTS: Final = tuple(8 - k for _, k in _DRAWS)


_ALL_PLAYS: Final[tuple[SpadesAction, ...]] = PLAYS


def _plays_of(mask: int) -> list[SpadesAction]:
    """:func:`~mahai.games.spades.actions.plays_of` (the same list), compiled with the state:
    card by card, lowest first. Compiled, faster than adding the tuples of per-suit tables
    (≈ 155 against 195 ns for 7 cards) and it touches no table but ``PLAYS``: the plays of
    each rank set (``actions.SUIT_PLAYS``, 32,768 tuples) missed the processor's caches at
    most look-ups (perf: ``_plays_of`` and ``legal_actions`` ≈ 11 % of a random hand's time)."""
    plays: list[SpadesAction] = []
    while mask:
        low = mask & -mask
        plays.append(_ALL_PLAYS[low.bit_length() - 1])
        mask ^= low
    return plays


def _texts_of(mask: int) -> tuple[str, ...]:
    """:func:`~mahai.games.spades.cards.texts` (the same tuple), card by card: for a hand just
    dealt, whose rank sets the large tables of ``texts`` hold in entries not met lately."""
    out: list[str] = []
    while mask:
        low = mask & -mask
        out.append(CARD_TEXTS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


_FREE_BIDS: Final = (1, MAX_BID, True)
# Bid as a static of the compiled module (a name imported from a Python module is otherwise
# looked up in the module's globals at every use; Play is a native class: mypyc knows it).
_BID_TYPE: Final = Bid


@cache
def _bid_limits(nil: bool, cap: int, minimum: int, players: int) -> tuple[tuple[int, int, bool], ...]:
    """:meth:`SpadesState.bid_range` for each partner's bid −1 (none yet) … 13, at index
    bid + 1 (SPR-16, SPR-18)."""
    limits = []
    for partner in range(NO_BID, MAX_BID + 1):
        if players == 2:
            partner = NO_BID
        lo, hi, nil_ok = 1, MAX_BID, nil
        if cap:
            hi = cap - partner if partner > 0 else cap - (0 if nil or players == 2 else 1)
        if minimum and (players == 2 or partner != NO_BID):
            need = minimum - max(partner, 0)
            lo = max(lo, need)
            nil_ok = nil_ok and need <= 0
        limits.append((lo, min(hi, MAX_BID), nil_ok))
    return tuple(limits)


@cache
def _legal_bids(lo: int, hi: int, nil: bool) -> tuple[Bid, ...]:
    """The bids of a :meth:`SpadesState.bid_range`."""
    return ((BIDS[0],) if nil else ()) + BIDS[lo:hi + 1]


def trick_winner(trick: Sequence[tuple[Seat, Card]], power: Sequence[int]) -> Seat:
    """The seat winning ``trick`` (``(seat, card)`` pairs, led first) so far: the
    highest spade, else the highest card of the suit led, ``power`` ranking the cards
    within a suit (:attr:`~mahai.games.spades.cards.Deck.power`; SPR-9, SPR-14).

    Raises:
        IndexError: ``trick`` is empty.
    """
    win_seat, best = trick[0]
    best_suit = SUIT_OF[best]
    for s, c in trick[1:]:
        c_suit = SUIT_OF[c]
        if c_suit == best_suit:
            if power[c] > power[best]:
                win_seat, best = s, c
        elif c_suit == SPADES:
            win_seat, best, best_suit = s, c, SPADES
    return win_seat


# Compiled (mypyc): created without __init__ by clone() and determinize(), which a
# class that allows interpreted subclasses permits (its __new__ does not call __init__).
@mypyc_attr(allow_interpreted_subclasses=True)
class SpadesState(State[SpadesAction]):
    """A Spades match in progress. Build it with :meth:`Spades.new`.

    Public attributes (read-only for callers; cards are ints, hands masks —
    see :mod:`mahai.games.spades.cards`):
        options, players, phase, hand_no (1-based), dealer, turn,
        hands (mask per seat), looked (seat has seen its hand), bids
        (``NO_BID`` until bid; 0 = nil), blind (per seat: blind nil or a blind bid, SPR-17),
        exchange (remaining ``(from, to)`` passes), passed/received (masks per
        seat), trick (``(seat, card)`` pairs), leader, tricks_won, last_trick,
        last_winner, broken (spades broken), played_by (mask per seat), voids
        (per seat, bit ``suit`` set once the seat failed to follow it), points
        and bags per side, history (one dict per scored hand), stock/stock_pos
        and seen (two players), winner_sides, start_events (the events of the
        first deal, for front ends that show the start); deck (the
        :class:`~mahai.games.spades.cards.Deck` of the options: SPR-14) and free_bids
        (no bid rule beyond 0…13: nil allowed, no cap, no minimum), bid_limits
        (:meth:`bid_range` per partner's bid), blind_possible (a deal may ask for the
        blind decision: SPR-6, SPR-17) and lead_rules (bits of ``first_lead`` and
        ``spades_lead``: SPR-7, SPR-15), all derived from the options by :meth:`configure`.

    Blind nil and blind bids (SPR-6, SPR-17): a seat that may bid one has ``looked``
    False until its bidding turn, when it must choose ``bid blind_nil``, a blind bid or
    ``look``; until then no projection holds its cards.
    """

    options: SpadesOptions
    deck: Deck
    free_bids: bool
    bid_limits: tuple[tuple[int, int, bool], ...]
    blind_possible: bool
    lead_rules: int
    view_cache: Any = None
    """The public facts last projected (see :mod:`.view`): not game state."""

    # What State.clone copies: these lists; everything else is immutable or replaced
    # whole. The generator is used only to deal, so clones share a snapshot of it.
    clone_lists: ClassVar[tuple[str, ...]] = (
        "hands", "looked", "bids", "blind", "passed", "received", "trick", "tricks_won",
        "played_by", "voids", "seen", "points", "bags", "exchange", "history")
    clone_reset: ClassVar[tuple[str, ...]] = ("view_cache",)

    def __init__(self, options: SpadesOptions, players: int, rng: random.Random) -> None:
        if _FILL_DICT_SLOT and type(self) is SpadesState:  # (see _FILL_DICT_SLOT)
            setattr(self, "__dict__", {})  # noqa: B010 - not an attribute mypy knows to be settable
        super().__init__(players, rng)
        self.options = options
        self.configure()
        self.points = [0, 0]
        self.bags = [0, 0]
        self.history: list[Mapping[str, Any]] = []
        self.hand_no = 0
        self.dealer = _randbelow(rng, players)  # SPR-3: first dealer at random (rng.randrange)
        self.winner_sides: tuple[int, ...] = ()
        self.phase = BID
        self.start_events = []
        self._deal(self.start_events)

    def configure(self) -> None:
        """Set what the state derives from its options (``deck``, ``free_bids``, ``bid_limits``,
        ``blind_possible``: whether a deal may ask for the blind decision at all, ``lead_rules``:
        the leads ``first_lead`` and ``spades_lead`` restrict, as bits);
        :func:`~mahai.games.spades.determinize.determinize` calls it too."""
        o = self.options
        players = self.players
        known = _CONFIGS.get(id(o))
        if known is not None and known[0] is o and known[1] == players:
            _, _, self.deck, self.free_bids, self.bid_limits, self.blind_possible, self.lead_rules = known
            return
        self.deck = deck_for(o.jokers == "on", o.deuce_of_spades == "high")
        self.free_bids = o.nil == "on" and not o.bid_cap and not o.min_bid
        self.bid_limits = () if self.free_bids else _bid_limits(o.nil == "on", o.bid_cap, o.min_bid, players)
        self.blind_possible = players == 4 and (
            (o.blind_nil == "on" and o.nil == "on") or o.blind_bid == "on")
        self.lead_rules = ((_TWO_OF_CLUBS if o.first_lead == "two_of_clubs" else 0)
                           | (_AFTER_BROKEN if o.spades_lead == "after_broken" else 0)
                           | (_AFTER_FIRST_TRICK if o.spades_lead == "after_first_trick" else 0))
        if len(_CONFIGS) >= 64:  # options made by the thousand (overrides): keep the last few
            _CONFIGS.clear()
        _CONFIGS[id(o)] = (o, players, self.deck, self.free_bids, self.bid_limits, self.blind_possible,
                           self.lead_rules)

    # ----------------------------------------------------------------- deal
    def _deal(self, events: list[Event]) -> None:
        """Start hand ``hand_no + 1`` with the current dealer (SPR-3)."""
        n = self.players
        self.hand_no += 1
        self.hands = [0] * n
        self.bids = [NO_BID] * n
        self.blind = [False] * n
        self.passed = [0] * n
        self.received = [0] * n
        self.tricks_won = [0] * n
        self.played_by = [0] * n
        self.voids = [0] * n
        self.seen = [0] * n
        self.exchange: list[tuple[int, int]] = []
        self.trick: list[tuple[int, int]] = []
        self.last_trick: tuple[tuple[int, int], ...] = ()
        self.last_winner = -1
        self.broken = False
        self.opening = True
        self.leader = (self.dealer + 1) % n
        deck = list(self.deck.cards)
        _shuffle(deck, self.rng)
        events.append(Event("deal", {"hand": self.hand_no, "dealer": self.dealer}))
        if n == 2:
            # Two players: stock deal, the non-dealer starts.
            self.stock = deck
            self.stock_pos = 0
            self.looked = [True, True]
            self.phase = DRAW
            self.turn = 1 - self.dealer
            self._show(events)
            return
        self.stock = []
        self.stock_pos = 52
        hands = []
        for start in (0, 13, 26, 39):
            mask = 0
            for pos in range(start, start + 13):
                mask |= 1 << deck[pos]
            hands.append(mask)
        self.hands = hands
        if not self.blind_possible:  # no blind decision with these options (SPR-6, SPR-17)
            self.looked = [True, True, True, True]
            events.append(self._hand_event(0))
            events.append(self._hand_event(1))
            events.append(self._hand_event(2))
            events.append(self._hand_event(3))
            self.phase = BID
            self.turn = (self.dealer + 1) % 4  # SPR-4: left of dealer bids first
            return
        if self.options.blind_bid == "on":  # per side: may it bid blind (SPR-6, SPR-17)?
            blind_ok = (self.blind_nil_allowed(0) or self.blind_bid_allowed(0),
                        self.blind_nil_allowed(1) or self.blind_bid_allowed(1))
        else:
            blind_ok = (self.blind_nil_allowed(0), self.blind_nil_allowed(1))
        self.looked = [not blind_ok[seat % 2] for seat in range(4)]
        for seat in range(4):
            if self.looked[seat]:
                events.append(self._hand_event(seat))
        self.phase = BID
        self.turn = (self.dealer + 1) % 4  # SPR-4: left of dealer bids first

    def _hand_event(self, seat: Seat) -> Event:
        hand = self.hands[seat]
        return Event("hand", {"seat": seat, "cards": _texts_of(hand)}, _ONLY[seat],
                     _HAND_COUNTS[seat][hand.bit_count()])

    def _show(self, events: list[Event]) -> None:
        events.append(Event("shown", {"seat": self.turn, "card": card_text(self.stock[self.stock_pos])},
                            _ONLY[self.turn], None))

    def blind_nil_allowed(self, seat: Seat) -> bool:
        """Whether ``seat``'s side may bid blind nil this hand (SPR-6, options
        ``blind_nil``, ``nil`` and ``blind_nil_min_deficit``; never with two players)."""
        o = self.options
        if self.players != 4 or o.blind_nil != "on" or o.nil != "on":
            return False
        return self.behind_by(seat, o.blind_nil_min_deficit)

    def blind_bid_allowed(self, seat: Seat) -> bool:
        """Whether ``seat``'s side may make a blind bid this hand (SPR-17, options
        ``blind_bid`` and ``blind_bid_min_deficit``; never with two players)."""
        o = self.options
        if self.players != 4 or o.blind_bid != "on":
            return False
        return self.behind_by(seat, o.blind_bid_min_deficit)

    def behind_by(self, seat: Seat, deficit: int) -> bool:
        """Whether ``seat``'s side trails the other by at least ``deficit`` points;
        a ``deficit`` of 0 means always, ahead or not (SPC-6)."""
        if not deficit:
            return True
        side = seat % 2
        return self.points[1 - side] - self.points[side] >= deficit

    def blind_nil_open(self, seat: Seat) -> bool:
        """True while ``seat`` may still bid blind (nil, or a number: SPR-17): bidding,
        and it has not looked."""
        return self.phase == BID and not self.looked[seat]

    def bid_range(self, seat: Seat) -> tuple[int, int, bool]:
        """``(lowest, highest, nil)``: the numeric bids ``seat`` may make now, and
        whether it may bid nil (SPR-4, SPR-16, SPR-18). With a cap, the first partner
        to bid leaves the other a trick when nil is off; with a minimum, the second
        brings the side's bids up to it (a nil counts none). Blind bids must also be
        6 or more (SPR-17)."""
        if self.free_bids:
            return _FREE_BIDS
        partner = self.bids[(seat + 2) % 4] if self.players == 4 else NO_BID
        return self.bid_limits[partner + 1]

    # ------------------------------------------------------------ contract
    def to_act(self) -> tuple[Seat, ...]:
        return _TO_ACT[self.turn]  # turn is -1 once over: ()

    def legal_play_mask(self, seat: Seat) -> int:
        """The cards ``seat`` may play now (SPR-7, SPR-8), as a mask."""
        hand = self.hands[seat]
        if self.trick:
            follow = hand & _FOLLOW[self.trick[0][1]]
            return follow or hand
        rules = self.lead_rules  # the options' first_lead and spades_lead (configure)
        if self.opening and rules & _TWO_OF_CLUBS and hand >> self.deck.first_club & 1:
            return 1 << self.deck.first_club
        if not self.broken and rules & _AFTER_BROKEN:  # SPR-7
            return (hand & ~SPADE_MASK) or hand
        if self.opening and rules & _AFTER_FIRST_TRICK:  # SPR-15
            return (hand & ~SPADE_MASK) or hand
        return hand

    def legal_actions(self, seat: Seat) -> list[SpadesAction]:
        if seat != self.turn or seat < 0:  # turn is -1 once over
            return []
        if self.phase == PLAY:
            if self.trick:  # the common case, inlined: follow suit if possible (SPR-8)
                hand = self.hands[seat]
                return _plays_of(hand & _FOLLOW[self.trick[0][1]] or hand)
            return _plays_of(self.legal_play_mask(seat))
        if self.phase == BID:
            if not self.looked[seat]:
                return self._blind_choices(seat)
            if self.free_bids:
                return list(BIDS)
            return list(_legal_bids(*self.bid_range(seat)))
        if self.phase == EXCHANGE:
            k = self.options.blind_nil_exchange
            return [Pass(c) for c in combinations(cards_of(self.hands[seat]), k)]
        return [KEEP, DISCARD]

    def _blind_choices(self, seat: Seat) -> list[SpadesAction]:
        """The blind decision (SPR-6, SPR-17): blind nil, the blind bids, or look."""
        lo, hi, nil = self.bid_range(seat)
        choices: list[SpadesAction] = []
        if nil and self.blind_nil_allowed(seat):
            choices.append(BLIND_NIL)
        if self.blind_bid_allowed(seat):
            choices += [BLIND_BIDS[n] for n in range(max(MIN_BLIND_BID, lo), hi + 1)]
        choices.append(LOOK)
        return choices

    def verify(self, seat: Seat, action: SpadesAction) -> None:
        phase = self.phase
        if phase == PLAY and type(action) is Play:
            card = action.card
            if self.legal_play_mask(seat) >> card & 1:
                return  # the common case: a legal card
            self._verify_play(seat, card)
        elif phase == BID and isinstance(action, (Bid, BlindNil, BlindBid, Look)):
            self._verify_bid(seat, action)
        elif phase == EXCHANGE and isinstance(action, Pass):
            k = self.options.blind_nil_exchange
            if len(action.cards) != k:
                raise _err("wrong_exchange_count", count=k, given=len(action.cards))
            for card in action.cards:
                if not self.hands[seat] >> card & 1:
                    raise _err("card_not_in_hand", card=card_text(card))
        elif phase == DRAW and isinstance(action, (Keep, Discard)):
            pass
        else:
            raise _err("wrong_phase", phase=phase)

    def _verify_bid(self, seat: Seat, action: Bid | BlindNil | BlindBid | Look) -> None:
        o = self.options
        side = seat % 2
        if isinstance(action, BlindNil):
            if not self.blind_nil_allowed(seat):
                if self.players != 4 or o.blind_nil != "on" or o.nil != "on":
                    raise _err("blind_nil_off")
                raise _err("blind_nil_not_allowed", deficit=o.blind_nil_min_deficit,
                           behind=self.points[1 - side] - self.points[side])
            if self.looked[seat]:
                raise _err("blind_nil_after_looking")
            self._check_bid(seat, 0)
        elif isinstance(action, BlindBid):
            if not self.blind_bid_allowed(seat):
                if self.players != 4 or o.blind_bid != "on":
                    raise _err("blind_bid_off")
                raise _err("blind_bid_not_allowed", deficit=o.blind_bid_min_deficit,
                           behind=self.points[1 - side] - self.points[side])
            if self.looked[seat]:
                raise _err("blind_bid_after_looking")
            if not MIN_BLIND_BID <= action.tricks <= MAX_BID:
                raise _err("blind_bid_out_of_range", bid=action.tricks, min=MIN_BLIND_BID, max=MAX_BID)
            self._check_bid(seat, action.tricks)
        elif isinstance(action, Look):
            if self.looked[seat]:
                raise _err("already_looked")
        else:
            if not self.looked[seat]:
                raise _err("look_first")
            if not 0 <= action.tricks <= MAX_BID:
                raise _err("bid_out_of_range", bid=action.tricks, max=MAX_BID)
            self._check_bid(seat, action.tricks)

    def _bid_ok(self, seat: Seat, tricks: int) -> bool:
        """Whether a bid of ``tricks`` (0: nil) keeps the bid limits (:meth:`bid_range`)."""
        lo, hi, nil = self.bid_range(seat)
        return lo <= tricks <= hi or (tricks == 0 and nil)

    def _check_bid(self, seat: Seat, tricks: int) -> None:
        """Refuse a bid (0: nil) outside :meth:`bid_range` (SPR-16, SPR-18)."""
        if self.free_bids:
            return
        lo, hi, nil = self.bid_range(seat)
        o = self.options
        if tricks == 0:
            if o.nil != "on":
                raise _err("nil_off")
            if not nil:
                raise _err("bid_under_minimum", min=o.min_bid, least=lo)
        elif tricks > hi:
            raise _err("bid_over_cap", cap=o.bid_cap, most=hi)
        elif tricks < lo:
            raise _err("bid_under_minimum", min=o.min_bid, least=lo)

    def _verify_play(self, seat: Seat, card: Card) -> None:
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise _err("card_not_in_hand", card=card_text(card))
        if self.legal_play_mask(seat) >> card & 1:
            return
        if self.trick:
            raise _err("must_follow_suit", suit=SUIT_NAMES[SUIT_OF[self.trick[0][1]]])
        if self.opening and self.options.first_lead == "two_of_clubs":
            first = self.deck.first_club
            if first:
                raise _err("must_lead_card", card=card_text(first))
            raise _err("must_lead_two_of_clubs")
        if self.options.spades_lead == "after_first_trick":
            raise _err("spades_not_on_first_trick")
        raise _err("spades_not_broken")

    def apply(self, seat: Seat, action: SpadesAction) -> list[Event]:
        """As :meth:`State.apply`, with a legal card play or bid checked inline first:
        they are nearly every action of a hand. Anything else, and every refusal (with
        its reason), takes the general path of :meth:`State.apply`."""
        kind = type(action)
        if seat == self.turn:
            if type(action) is Play and self.phase == PLAY:  # narrowed: Play's card read natively
                card: Card = action.card
                trick = self.trick
                if trick:
                    hand = self.hands[seat]
                    allowed = hand & _FOLLOW[trick[0][1]] or hand
                else:
                    allowed = self.legal_play_mask(seat)
                if allowed >> card & 1:
                    events = self._play(seat, card)
                    self.version += 1
                    return events
            elif kind is _BID_TYPE and self.phase == BID and self.looked[seat] and (
                    0 <= action.tricks <= MAX_BID if self.free_bids  # type: ignore[union-attr]
                    else self._bid_ok(seat, action.tricks)):  # type: ignore[union-attr]
                events = self._bid(seat, action.tricks)  # type: ignore[union-attr]
                self.version += 1
                return events
        return super().apply(seat, action)

    # ----------------------------------------------------------------- do
    def _do(self, seat: Seat, action: SpadesAction) -> list[Event]:
        if type(action) is Play:
            return self._play(seat, action.card)
        if isinstance(action, Bid):
            return self._bid(seat, action.tricks)
        events: list[Event] = []
        if isinstance(action, BlindNil):
            self.bids[seat] = 0
            self.blind[seat] = True
            self.looked[seat] = True
            events.append(Event("bid", {"seat": seat, "bid": "blind_nil"}))
            events.append(self._hand_event(seat))
            self._next_bidder(events)
        elif isinstance(action, BlindBid):
            self.bids[seat] = action.tricks
            self.blind[seat] = True
            self.looked[seat] = True
            events.append(Event("bid", {"seat": seat, "bid": bid_label(action.tricks, True)}))
            events.append(self._hand_event(seat))
            self._next_bidder(events)
        elif isinstance(action, Look):
            self.looked[seat] = True
            events.append(Event("look", {"seat": seat}))
            events.append(self._hand_event(seat))
        elif isinstance(action, Pass):
            self._pass(seat, action.cards, events)
        else:
            self._draw(seat, isinstance(action, Keep), events)
        return events

    def _bid(self, seat: Seat, tricks: int) -> list[Event]:
        self.bids[seat] = tricks
        events = [_BID_EVENTS[seat][tricks] if 0 <= tricks <= MAX_BID  # else pushed unchecked
                  else Event("bid", {"seat": seat, "bid": tricks or "nil"})]
        self._next_bidder(events)
        return events

    def _draw(self, seat: Seat, keep: bool, events: list[Event]) -> None:
        first, second = self.stock[self.stock_pos], self.stock[self.stock_pos + 1]
        kept, dropped = (first, second) if keep else (second, first)
        self.hands[seat] |= 1 << kept
        self.seen[seat] |= 1 << dropped
        self.stock_pos += 2
        choice = "keep" if keep else "discard"
        events.append(Event("draw", {"seat": seat, "choice": choice, "kept": card_text(kept),
                                     "discarded": card_text(dropped)},
                            frozenset({seat}), {"seat": seat, "choice": choice}))
        if self.stock_pos < 52:
            self.turn = 1 - seat
            self._show(events)
            return
        self.phase = BID
        self.turn = 1 - self.dealer
        events.append(Event("stock_empty", {"hand": self.hand_no}))

    def _next_bidder(self, events: list[Event]) -> None:
        n = self.players
        self.turn = (self.turn + 1) % n
        if self.bids[self.turn] == NO_BID:
            return
        # Everyone has bid: blind-nil exchanges (SPR-6), then play.
        if n == 4 and self.options.blind_nil_exchange:
            blind, bids = self.blind, self.bids
            for i in range(1, 5):
                seat = (self.dealer + i) % 4
                partner = (seat + 2) % 4
                # a blind nil (not a blind bid: SPR-17) whose partner did not bid blind nil
                if blind[seat] and not bids[seat] and not (blind[partner] and not bids[partner]):
                    self.exchange += [(seat, partner), (partner, seat)]
        if self.exchange:
            self.phase = EXCHANGE
            self.turn = self.exchange[0][0]
            events.append(Event("exchange", {"passes": [list(p) for p in self.exchange],
                                             "count": self.options.blind_nil_exchange}))
            return
        self._start_play(events)

    def _pass(self, seat: Seat, cards: tuple[Card, ...], events: list[Event]) -> None:
        to = self.exchange.pop(0)[1]
        m = mask_of(cards)
        self.hands[seat] &= ~m
        self.hands[to] |= m
        self.passed[seat] |= m
        self.received[to] |= m
        events.append(Event("pass", {"seat": seat, "to": to, "cards": [card_text(c) for c in cards]},
                            frozenset({seat, to}), {"seat": seat, "to": to, "count": len(cards)}))
        if self.exchange:
            self.turn = self.exchange[0][0]
        else:
            self._start_play(events)

    def _start_play(self, events: list[Event]) -> None:
        self.phase = PLAY
        self.opening = True
        leader = (self.dealer + 1) % self.players  # SPR-7, SPC-4
        if self.options.first_lead == "two_of_clubs":
            for seat in range(self.players):
                if self.hands[seat] >> self.deck.first_club & 1:
                    leader = seat
        self.leader = self.turn = leader
        events.append(Event("play_starts", {"leader": leader}))

    def _play(self, seat: Seat, card: Card) -> list[Event]:
        bit = 1 << card  # (not a table's entry: no memory read, nothing to unbox)
        hands = self.hands
        hands[seat] = hands[seat] ^ bit
        played_by = self.played_by
        played_by[seat] = played_by[seat] | bit
        # The trick's entries as tuples of any length: typed (seat, card) pairs, the compiled
        # build would unbox each one read and box again (a new tuple) each one stored.
        trick: list[tuple[int, ...]] = self.trick  # type: ignore[assignment]  # (no cast() call)
        suit = SUIT_OF[card]
        size = len(trick)
        if size:
            led = SUIT_OF[trick[0][1]]
            if suit != led:
                voids = self.voids
                voids[seat] = voids[seat] | 1 << led  # publicly void in the led suit
        events = [_PLAY_EVENTS[seat][card]]
        if suit == 3 and not self.broken:  # a spade (SPADES), or a joker
            self.broken = True  # SPR-7
            events.append(_BROKEN_EVENTS[seat])
        trick.append((seat, card))  # a new pair: cheaper than reading a shared one out of cache
        players = self.players
        if size + 1 < players:
            self.turn = seat + 1 if seat + 1 < players else 0
            return events
        # SPR-9: highest spade, else highest card of the led suit (SPR-14: jokers and a
        # high 2 of spades are spades, ranked by the deck's power).
        if self.deck.ranked:
            win_seat = trick_winner(self.trick, self.deck.power)
        else:
            first = trick[0]
            win_seat = first[0]
            best = first[1]
            best_suit = SUIT_OF[best]
            for i in range(1, players):
                entry = trick[i]
                c = entry[1]
                c_suit = SUIT_OF[c]
                if c_suit == best_suit:
                    if c > best:
                        win_seat = entry[0]
                        best = c
                elif c_suit == 3:  # SPADES
                    win_seat = entry[0]
                    best = c
                    best_suit = 3
        won = self.tricks_won
        won[win_seat] = won[win_seat] + 1
        self.last_trick = tuple(self.trick)
        self.last_winner = win_seat
        self.trick = []
        self.opening = False
        self.leader = self.turn = win_seat
        if players == 4:
            number = won[0] + won[1] + won[2] + won[3]
            e0, e1, e2, e3 = trick[0], trick[1], trick[2], trick[3]
            cards = [TRICK_CARDS[e0[0]][e0[1]], TRICK_CARDS[e1[0]][e1[1]],
                     TRICK_CARDS[e2[0]][e2[1]], TRICK_CARDS[e3[0]][e3[1]]]
        else:
            number = won[0] + won[1]
            e0, e1 = trick[0], trick[1]
            cards = [TRICK_CARDS[e0[0]][e0[1]], TRICK_CARDS[e1[0]][e1[1]]]
        events.append(Event("trick", {"number": number, "winner": win_seat, "cards": cards}))
        if not hands[win_seat]:
            self._score_hand(events)
        return events

    # -------------------------------------------------------------- scoring
    def side_seats(self, side: int) -> tuple[Seat, ...]:
        """Seats of ``side`` (0: seats 0 and 2, 1: seats 1 and 3; two players: the seat)."""
        return (side,) if self.players == 2 else (side, side + 2)

    def _score_hand(self, events: list[Event]) -> None:
        results: list[Values] = []
        sides: list[ReadOnlyDict] = []
        bids, blind, won, points, bags = self.bids, self.blind, self.tricks_won, self.points, self.bags
        four = self.players == 4
        o = self.options
        known = _SCORE_RULES.get(id(o))
        if known is not None and known[0] is o:
            rules = known[1]
        else:
            rules = score_rules(o)
            if len(_SCORE_RULES) >= 64:  # options made by the thousand (overrides): keep the last few
                _SCORE_RULES.clear()
            _SCORE_RULES[id(o)] = (o, rules)
        for side in (0, 1):
            if four:  # the side's seats (side_seats), read directly
                res = score_with([bids[side], bids[side + 2]], [blind[side], blind[side + 2]],
                                 [won[side], won[side + 2]], points[side], bags[side], rules)
            else:
                res = score_with([bids[side]], [blind[side]], [won[side]], points[side], bags[side], rules)
            self.points[side] = res[7]  # total
            self.bags[side] = res[8]  # bag_count
            results.append(res)
            sides.append(ReadOnlyDict({  # SideScore.to_json()
                "contract": res[0], "counted": res[1], "contract_points": res[2], "nil_points": res[3],
                "bags": res[4], "penalties": res[5], "points": res[6], "total": res[7], "bag_count": res[8]}))
        entry = ReadOnlyDict({  # read-only: views share it
            "hand": self.hand_no, "dealer": self.dealer,
            "bids": tuple([bid_label(bids[s], blind[s]) for s in range(self.players)]),
            "tricks": tuple(self.tricks_won),
            "sides": (sides[0], sides[1]),
        })
        self.history.append(entry)
        events.append(Event("hand_scored", entry))
        moon = None
        if self.options.moon == "win":  # SPR-20: all thirteen bid and taken wins the match
            moon = next((side for side in (0, 1) if results[side][0] == 13  # contract
                         and results[side][1] >= 13), None)  # counted
        if self._match_decided(moon):
            self.phase = OVER
            self.turn = -1
            winner_sides = self.winner_sides  # the winners (winners()), lowest seat first
            data: dict[str, Any] = {"winners": [s for s in range(self.players) if s % 2 in winner_sides],
                                    "points": list(self.points)}
            bonus = self._win_bonus(moon)
            if bonus != [0, 0]:
                self.points = [self.points[0] + bonus[0], self.points[1] + bonus[1]]
                data["points"] = list(self.points)
                data["bonus"] = bonus
            events.append(Event("match_over", data))
            return
        self.dealer = (self.dealer + 1) % self.players  # SPR-3, SPC-4
        self._deal(events)

    def standing(self, side: int) -> int:
        """``side``'s total as the match compares it: its points, less the points of
        its bags not yet penalised with ``tie=ignore_bags`` (SPR-22)."""
        o = self.options
        if o.tie == "ignore_bags":
            return self.points[side] - self.bags[side] * o.bag_points
        return self.points[side]

    def _match_decided(self, moon: int | None = None) -> bool:
        """SPR-13: a side at the target (or at or under the loss floor: SPR-21, or at
        the hand cap) ends the match if the totals (:meth:`standing`) differ; a tie
        plays on. A side that made a moon with ``moon=win`` wins at once (SPR-20)."""
        o = self.options
        if moon is not None:
            self.winner_sides = (moon,)
            return True
        a, b = pa, pb = self.points
        if o.tie == "ignore_bags":
            a, b = self.standing(0), self.standing(1)
        if o.length == "single_hand":
            self.winner_sides = () if a == b else ((0,) if a > b else (1,))
            return True
        ended = (max(pa, pb) >= o.target or (o.loss_floor != "none" and min(pa, pb) <= int(o.loss_floor))
                 or (o.max_hands > 0 and self.hand_no >= o.max_hands))
        if not ended or a == b:
            return False
        self.winner_sides = (0,) if a > b else (1,)
        return True

    def _win_bonus(self, moon: int | None) -> list[int]:
        """SPR-21 (OpenSpiel's ``win_or_loss_bonus``): ``win_bonus`` points for a winning
        side at or above the target (or winning by the moon), minus as much for a
        losing side at or below the loss floor."""
        o = self.options
        bonus = [0, 0]
        if not o.win_bonus:
            return bonus
        for side in (0, 1):
            if side in self.winner_sides:
                if self.points[side] >= o.target or side == moon:
                    bonus[side] = o.win_bonus
            elif o.loss_floor != "none" and self.points[side] <= int(o.loss_floor):
                bonus[side] = -o.win_bonus
        return bonus

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> frozenset[Seat]:
        return frozenset(s for s in range(self.players) if s % 2 in self.winner_sides)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(self.points[s % 2]) for s in range(self.players))

    def cards_in_play(self) -> int:
        """Mask of every card in a hand, the trick, played, in the stock or
        discarded: the deck (``deck.mask``) at every moment (the 52-card invariant)."""
        m = 0
        for seat in range(self.players):
            m |= self.hands[seat] | self.played_by[seat] | self.seen[seat]
        for c in self.stock[self.stock_pos:]:
            m |= 1 << c
        return m


# The compiled class has an instance-dict slot (mypyc gives one to a class with Python bases:
# State derives from ABC and Generic) that stays empty (NULL): the attributes live in the
# object. CPython 3.11 specialises a method look-up (``state.apply``, ``legal_actions``,
# ``to_act`` in a driver's loop) for an instance whose dict slot holds a dict
# (LOAD_METHOD_WITH_DICT: every empty dict shares one key table, so one cached version fits
# every state), never for one whose slot is empty: each such look-up took the generic path
# (≈ 16,000 instructions of a random hand, 2.7 %). A new state's slot is given an empty dict.
# Pure Python keeps its ordinary instance dict; 3.12 specialises the empty slot itself
# (LOAD_ATTR_METHOD_LAZY_DICT, which a dict would defeat).
_FILL_DICT_SLOT: Final = (sys.version_info < (3, 12)
                          and isinstance(vars(SpadesState).get("__dict__"), types.MemberDescriptorType))
