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
from mahai.games.spades.scoring import score_rules, score_with
from mahai.games.spades.state import NO_BID, OVER, TRICK_CARDS, SpadesState, bid_label

# Shared JSON constants: the suits a seat is void in (by bit set); a card in a trick is
# TRICK_CARDS[seat][card], shared with the events.
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
        return _view_json(public.json, public.players, public.stock_left, public.discards, self.viewer,
                          self.hand, self.passed, self.received, self.shown, self.seen, self.blind_nil_open)


def _view_json(public: dict[str, Any], players: int, stock_left: int, discards: tuple[int, ...],
               viewer: Seat | None, hand: int | None, passed: int, received: int, shown: int, seen: int,
               blind_nil_open: bool) -> dict[str, Any]:
    """:meth:`SpadesObservation.to_json` of an observation with these fields, ``public``
    the JSON of its public facts."""
    view = public.copy()
    view["viewer"] = viewer
    view["hand"] = None if hand is None else texts(hand)
    view["blind_nil_decision"] = blind_nil_open
    if passed or received:
        view["exchange"] = ReadOnlyDict(view["exchange"], passed=texts(passed), received=texts(received))
    if players == 2:
        view["stock"] = ReadOnlyDict(left=stock_left, discards=discards,
                                     shown=CARD_TEXTS[shown] if shown >= 0 else None,
                                     seen_discards=texts(seen))
    return view


# A named tuple made without its __new__ (Python code even in the compiled build): the
# same object as PublicFacts(*values) or SpadesObservation(*values).
_new_tuple: Final[Any] = tuple.__new__
_ReadOnly: Final = ReadOnlyDict  # a static of the compiled module, not a globals lookup


def _same_ints(old: tuple[int, ...], now: list[int]) -> bool:
    """Whether ``old`` holds the items of ``now`` (ints, compared by value)."""
    size = len(now)
    if len(old) != size:
        return False
    for i in range(size):
        if old[i] != now[i]:
            return False
    return True


def _same_items(old: tuple[Any, ...], now: list[Any]) -> bool:
    """Whether ``old`` holds the items of ``now`` (the same objects, or equal ones)."""
    size = len(now)
    if len(old) != size:
        return False
    for i in range(size):
        a = old[i]
        b = now[i]
        if a is not b and a != b:
            return False
    return True


def _same_small(old: tuple[Any, ...], now: list[Any]) -> bool:
    """:func:`_same_items` for the per-seat lists of small ints and bools, unrolled for 4 and
    2 seats: equal ones are the same objects (CPython keeps one of each small int), so the
    identity test answers the common case, and any difference is checked by value."""
    size = len(now)
    if len(old) == size:
        if size == 4:
            if old[0] is now[0] and old[1] is now[1] and old[2] is now[2] and old[3] is now[3]:
                return True
        elif size == 2 and old[0] is now[0] and old[1] is now[1]:
            return True
    return _same_items(old, now)


def _card_count(mask: int) -> int:
    """``mask.bit_count()`` (a method call in the compiled build), in arithmetic on small
    ints for a hand mask (below 2**56)."""
    if mask >> 56 or mask < 0:
        return mask.bit_count()
    x = mask - ((mask >> 1) & 0x55555555555555)
    x = (x & 0x33333333333333) + ((x >> 2) & 0x33333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


class _Projection:
    """What :func:`public_facts` keeps of the last facts it made for a state (in
    ``state.view_cache``): every input part (immutable snapshots, compared by value with
    the state's), the JSON part made from each, and the public JSON as a plain dict of
    its own, updated in place part by part (the facts' ``json`` is a read-only copy)."""

    def __init__(self, players: int) -> None:
        # Parts that share nothing with any state (every one differs): the start of reuse.
        self.players = players
        self.options: SpadesOptions | None = None
        self.trick: tuple[tuple[int, int], ...] = ((-1, -1),)
        self.played_by: tuple[int, ...] = (-1,) * players
        self.voids: tuple[int, ...] = (-1,) * players
        self.bids: tuple[int, ...] = (-2,) * players
        self.blind: tuple[bool, ...] = ()
        self.looked: tuple[bool, ...] = ()
        self.tricks_won: tuple[int, ...] = ()
        self.points: tuple[int, ...] = (-1, -1)
        self.bags: tuple[int, ...] = (-1, -1)
        self.history: tuple[Mapping[str, Any], ...] = ((),)  # type: ignore[assignment]
        self.exchange: tuple[tuple[int, int], ...] = ((-1, -1),)
        self.last_trick: tuple[tuple[int, int], ...] = ((-1, -1),)
        self.last_winner = -2
        self.winner_sides: tuple[int, ...] = (-1,)
        self.hand_sizes: tuple[int, ...] = ()
        self.phase = ""
        self.led_suit: str | None = None
        self.hand_no = -1
        self.dealer = -1
        self.turn = -3
        self.over = False
        self.leader = -1
        self.broken = False
        self.hands: tuple[int, ...] = ()  # the state's hands last seen (their objects)
        self.hand_masks = [-1] * players  # the hands hand_sizes counts (four players)
        self.counts = [-1] * players
        self.discards: tuple[int, ...] = ()
        self.played_json: tuple[tuple[str, ...], ...] = ((),) * players
        # The keys in the order of the view (SpadesObservation.to_json); all set at the first use.
        self.json: dict[str, Any] = dict.fromkeys(_JSON_KEYS)
        self.json["game"] = "spades"
        self.json["players"] = players
        self.json["spades_broken"] = False  # as self.broken


_JSON_KEYS: Final = (
    "game", "players", "phase", "hand_number", "dealer", "turn", "hand_sizes", "looked", "bids", "trick",
    "leader", "led_suit", "tricks_won", "last_trick", "spades_broken", "sides", "history", "exchange",
    "voids", "played", "stock", "winners", "options")


def _same_start(old: tuple[Any, ...], now: list[Any]) -> bool:
    """Whether ``now`` starts with the items of ``old`` (the same objects, or equal ones)."""
    for i in range(len(old)):
        a = old[i]
        b = now[i]
        if a is not b and a != b:
            return False
    return True


def public_facts(state: SpadesState) -> PublicFacts:
    """The public facts of ``state`` now, with their JSON. Each part whose inputs equal
    those of the facts built last time for this state (kept in ``state.view_cache``) is
    reused, tuples and JSON alike, since each is immutable; the comparison is by value,
    so a state changed by hand is still projected right."""
    cache = _update(state)
    n = cache.players
    facts: PublicFacts = _new_tuple(PublicFacts, (
        n, cache.options, state.phase, state.hand_no, state.dealer, state.turn, cache.hand_sizes,
        cache.looked, cache.bids, cache.blind, cache.exchange, cache.trick, state.leader, state.opening,
        cache.tricks_won, cache.last_trick, cache.last_winner, state.broken, cache.played_by, cache.voids,
        cache.points, cache.bags, cache.history, 52 - state.stock_pos if n == 2 else 0, cache.discards,
        cache.winner_sides, _ReadOnly(cache.json)))
    return facts


def _update(state: SpadesState) -> _Projection:
    """Bring the state's :class:`_Projection` up to date (made if missing) and return it."""
    n = state.players
    cache = state.view_cache
    if not isinstance(cache, _Projection) or cache.players != n:
        cache = _Projection(n)
        state.view_cache = cache
    j = cache.json  # the last public JSON, updated in place below
    options = state.options
    if cache.options is not options:
        cache.options = options
        j["options"] = _options_json(options)
        new_options = True
    else:
        new_options = False
    # The scalars: each written when it differs from the last one written.
    phase = state.phase
    over = phase == OVER
    turn = state.turn
    if cache.phase != phase:
        j["phase"] = cache.phase = phase
    if cache.hand_no != state.hand_no:
        j["hand_number"] = cache.hand_no = state.hand_no
    if cache.dealer != state.dealer:
        j["dealer"] = cache.dealer = state.dealer
    if cache.turn != turn or cache.over != over:
        cache.turn = turn
        cache.over = over
        j["turn"] = None if over else turn
    if cache.leader != state.leader:
        j["leader"] = cache.leader = state.leader
    if cache.broken != state.broken:
        j["spades_broken"] = cache.broken = state.broken

    now_trick = state.trick
    old_trick = cache.trick
    size = len(old_trick)
    if len(now_trick) == size + 1 and _same_start(old_trick, now_trick):  # a card played
        seat, card = last = now_trick[size]
        trick = cache.trick = old_trick + (last,)
        j["trick"] = j["trick"] + (TRICK_CARDS[seat][card],)
        if size == 0:
            j["led_suit"] = cache.led_suit = SUIT_NAMES[SUIT_OF[card]]
    elif not _same_items(old_trick, now_trick):
        trick = cache.trick = tuple(now_trick)
        j["trick"] = tuple([TRICK_CARDS[s][c] for s, c in trick])
        led = SUIT_NAMES[SUIT_OF[trick[0][1]]] if trick else None
        if cache.led_suit is not led:  # a new trick (the names are constants)
            j["led_suit"] = cache.led_suit = led
    now_played = state.played_by
    if not _same_small(cache.played_by, now_played):  # the same objects while unchanged
        # as objects: a mask left as it was is the same object (an equal one set by hand is
        # made into text again, the same text)
        was: tuple[Any, ...] = cache.played_by
        played_by: tuple[Any, ...] = tuple(now_played)
        cache.played_by = played_by
        old_json = cache.played_json
        cache.played_json = tuple([old_json[i] if played_by[i] is was[i] else texts(played_by[i])
                                   for i in range(n)])
        j["played"] = cache.played_json
    now_voids = state.voids
    if not _same_small(cache.voids, now_voids):
        voids = cache.voids = tuple(now_voids)
        j["voids"] = tuple([_VOID_NAMES[v] for v in voids])
    now_looked = state.looked
    if not _same_small(cache.looked, now_looked):
        j["looked"] = cache.looked = tuple(now_looked)
    now_won = state.tricks_won
    if not _same_small(cache.tricks_won, now_won):
        j["tricks_won"] = cache.tricks_won = tuple(now_won)
    now_history = state.history
    if not _same_items(cache.history, now_history):
        j["history"] = cache.history = tuple(now_history)  # the entries are read-only already
    now_exchange = state.exchange
    if new_options or not _same_items(cache.exchange, now_exchange):
        exchange = cache.exchange = tuple(now_exchange)
        j["exchange"] = ReadOnlyDict(pending=exchange, count=options.blind_nil_exchange,
                                     passed=(), received=())
    last_trick = state.last_trick
    last_winner = state.last_winner
    if cache.last_winner != last_winner or cache.last_trick != last_trick:
        cache.last_trick = last_trick
        cache.last_winner = last_winner
        j["last_trick"] = ReadOnlyDict(cards=tuple([TRICK_CARDS[s][c] for s, c in last_trick]),
                                       winner=last_winner) if last_trick else None
    winner_sides = state.winner_sides
    if cache.winner_sides != winner_sides:
        cache.winner_sides = winner_sides
        j["winners"] = tuple([s for s in range(n) if s % 2 in winner_sides])
    now_bids = state.bids
    now_blind = state.blind
    now_points = state.points
    now_bags = state.bags
    new_bids = not _same_small(cache.bids, now_bids) or not _same_small(cache.blind, now_blind)
    if new_bids:
        bids = cache.bids = tuple(now_bids)
        blind = cache.blind = tuple(now_blind)
        j["bids"] = tuple([bid_label(bids[i], blind[i]) for i in range(n)])
    if new_bids or not _same_small(cache.points, now_points) or not _same_small(cache.bags, now_bags):
        bids = cache.bids
        points = cache.points = (now_points[0], now_points[1])
        bags = cache.bags = (now_bags[0], now_bags[1])
        sides = []
        for side, seats in enumerate(_SIDE_SEATS[n]):
            side_bids = [bids[s] for s in seats]
            contract = sum(b for b in side_bids if b > 0) if NO_BID not in side_bids else None
            sides.append(ReadOnlyDict(seats=seats, points=points[side], bags=bags[side],
                                      contract=contract))
        j["sides"] = tuple(sides)
    hands = state.hands
    sizes = cache.hand_sizes
    if n == 4:
        if not _same_small(cache.hands, hands):  # the same objects while no hand changes
            cache.hands = tuple(hands)
            masks = cache.hand_masks  # the sizes counted again only for the hands that changed
            counts = cache.counts
            changed = False
            for seat in range(4):
                mask = hands[seat]
                if masks[seat] != mask:
                    masks[seat] = mask
                    count = _card_count(mask)
                    if counts[seat] != count:
                        counts[seat] = count
                        changed = True
            if changed or len(sizes) != 4:
                j["hand_sizes"] = cache.hand_sizes = (counts[0], counts[1], counts[2], counts[3])
        cache.discards = _NO_DISCARDS
    else:
        seen = state.seen
        hand_sizes = (hands[0].bit_count(), hands[1].bit_count())
        if sizes != hand_sizes:
            j["hand_sizes"] = cache.hand_sizes = hand_sizes
        discards = (seen[0].bit_count(), seen[1].bit_count())
        if cache.discards != discards:
            cache.discards = discards
    return cache


_NO_DISCARDS: Final = (0, 0, 0, 0)


def observe(state: SpadesState, viewer: Seat | None) -> SpadesObservation:
    """Project ``state`` for ``viewer`` (a seat, or None for a spectator)."""
    facts = public_facts(state)
    if viewer is None or not 0 <= viewer < state.players:
        spectator: SpadesObservation = _new_tuple(SpadesObservation, (None, None, 0, 0, -1, 0, False, facts))
        return spectator
    looked = state.looked[viewer]
    shown = -1
    if state.players == 2 and state.phase == "draw" and state.turn == viewer:
        shown = state.stock[state.stock_pos]
    seat: SpadesObservation = _new_tuple(SpadesObservation, (
        viewer, state.hands[viewer] if looked else None, state.passed[viewer], state.received[viewer],
        shown, state.seen[viewer], not looked and state.phase == "bid", facts))
    return seat


def view(state: SpadesState, viewer: Seat | None) -> dict[str, Any]:
    """``observe(state, viewer).to_json()``, without making the observation."""
    cache = _update(state)
    public = cache.json  # what public_facts(state).json would copy
    n = cache.players
    stock_left = 52 - state.stock_pos if n == 2 else 0
    if viewer is None or not 0 <= viewer < n:
        return _view_json(public, n, stock_left, cache.discards, None, None, 0, 0, -1, 0, False)
    looked = state.looked[viewer]
    shown = -1
    if n == 2 and state.phase == "draw" and state.turn == viewer:
        shown = state.stock[state.stock_pos]
    return _view_json(public, n, stock_left, cache.discards, viewer,
                      state.hands[viewer] if looked else None, state.passed[viewer],
                      state.received[viewer], shown, state.seen[viewer], not looked and state.phase == "bid")


class SideHand(NamedTuple):
    """One side's hand so far, as every viewer may know it (from the public bids and tricks).

    ``contract``: the side's contract in tricks, its non-nil bids (SPR-10; 0 when it bid only
    nils, which make no contract); ``counted``: the tricks toward it (a nil's too with
    ``failed_nil_tricks=help_partner``, SPR-11); ``bags``: the bags taken so far this hand (the
    tricks over a reached contract, SPR-10, and with ``failed_nil_tricks=bags`` a failed nil's
    tricks, SPR-11); ``nils``: each nil or blind nil of the side as ``(seat, failed)``, failed
    once that seat took a trick (SPR-5, SPR-6).
    """

    contract: int
    counted: int
    bags: int
    nils: tuple[tuple[Seat, bool], ...]


def _bid_of(label: int | str) -> tuple[int, bool]:
    """A bid of the view (:func:`~mahai.games.spades.state.bid_label`) as (tricks, blind):
    ``"nil"`` → (0, False), ``"blind_6"`` → (6, True), ``4`` → (4, False)."""
    if isinstance(label, int):
        return label, False
    if label == "nil":
        return 0, False
    tail = label[len("blind_"):]
    return (0 if tail == "nil" else int(tail)), True


def side_hand(view: Mapping[str, Any], side: int) -> SideHand | None:
    """Side ``side``'s hand so far (0: the first dealer's partnership's seats 0 and 2, or seat 0
    with two players) in ``view``, any viewer's :meth:`SpadesObservation.to_json` (only public
    keys are read: ``phase``, ``sides``, ``bids``, ``tricks_won``, ``options``), counted as
    :func:`~mahai.games.spades.scoring.score_with` would score the hand if it ended now. None
    outside the exchange and the play (the bids not all in, or the hand scored). The terminal
    shows it (``mahai/tui/spades.py``), and the web table from :meth:`Spades.wire_view`.

    Raises:
        KeyError, IndexError: ``view`` is no Spades view, or has no side ``side``.
    """
    if view["phase"] not in ("exchange", "play") or view["sides"][side]["contract"] is None:
        return None
    seats = view["sides"][side]["seats"]
    bids = [_bid_of(view["bids"][s]) for s in seats]
    tricks = [view["tricks_won"][s] for s in seats]
    values = score_with([b for b, _ in bids], [blind for _, blind in bids], tricks, 0, 0,
                        score_rules(SpadesOptions(**view["options"])))
    nils = tuple([(seats[i], tricks[i] > 0) for i in range(len(seats)) if bids[i][0] == 0])
    return SideHand(values[0], values[1], values[4], nils)
