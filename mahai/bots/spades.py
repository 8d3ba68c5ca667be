"""Spades bots: a rule-of-thumb player and a determinized-search player.

The game declares them (``Spades.bots``: ``"search"`` then ``"heuristic"``, each a
factory here taking a ``random.Random``); make one with :func:`mahai.bots.make_bot`.

:class:`HeuristicBot` sees only its observation (:class:`~mahai.games.spades.SpadesObservation`)
and its legal actions. It bids by counting likely tricks (high cards, spade length, voids and
singletons; SPR-4), bids nil when the hand is safe for it (SPR-5) and blind nil when its side
is behind by 200, or by 100 late in the match, and the rules allow it (SPR-6), passes its dangerous
cards in a blind-nil exchange, and plays by the classic rules: second hand low, third hand high,
win cheaply, count the spades still out, remember the voids shown (SPR-8), cover a partner's nil
(lead winners, else a suit it is void in; play high before it), set an opponent's nil (lead low in
its suits, not in one its partner ruffs; stay under it, keeping low cards; throw high cards away
when void, and once it is beaten in a trick unblock the suit with our high cards), and duck once
the contract is made when bags near the penalty (SPR-10…SPR-12). With two players it keeps strong
stock cards (the two-player deal). It draws no randomness: the same observation always
gives the same action.

The search bot lives in :mod:`mahai.bots.spades_search`.

Cards are ints ``suit * 13 + rank`` (the jokers 52 and 53) and hands bit masks
(:mod:`mahai.games.spades.cards`). Every variant plays (SPR-14…SPR-22): the bots rank cards
by the options' deck (jokers and a high 2 of spades are the top spades: :func:`bot_ranks`),
bid within the bid limits (the nearest legal bid to the one they want) and never bid blind
numbers (SPR-17).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from mahai.bots.base import Bot
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.spades import (
    BIDS,
    BLIND_NIL,
    DISCARD,
    KEEP,
    LOOK,
    PLAYS,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    Bid,
    Deck,
    Pass,
    SpadesObservation,
    SpadesOptions,
    SpadesState,
    cards_of,
    deck_for,
)

SPADE_MASK = SUIT_MASKS[SPADES]  # the jokers too (SPR-14)
NO_BID = -1
BLIND_NIL_DEFICIT = 200
"""Blind nil whenever the opponents lead by at least this many points (SPR-6 is a gamble)."""
BLIND_NIL_LATE_DEFICIT = 100
"""Late in the match, blind nil when the opponents lead by at least this many points."""
BLIND_NIL_LATE = 200
"""Late: the opponents are within this many points of the target (SPR-13)."""
BAG_MARGIN = 2
"""Duck once the side's bag counter plus this hand's overtricks is within this of the limit."""
SPARE_ABOVE = 3
"""Setting a nil (SPR-5), a card with at least this many higher cards unseen is no likely winner of
ours: following under the best card with the nil bidder still to play, the highest such card goes
first (session 20, ``benchmarks/spades_nil.py``: with 2, the defenders set more nils but lost as many
points in their own contracts)."""


@cache
def bot_ranks(deck: Deck) -> tuple[int, ...]:
    """Per card (0…53), its rank counted so that the highest card of its suit in ``deck``
    is 12, as the ace of a standard deck: side suits keep their ranks (2 … ace = 0 … 12);
    spades shift down by the cards above the ace (the jokers, a high 2: SPR-14), so that
    with both jokers the big joker is 12, the little one 11 and the ace 10. The order
    within a suit is the deck's :attr:`~mahai.games.spades.cards.Deck.power`."""
    extra = max(deck.power[c] for c in deck.cards if SUIT_OF[c] == SPADES) - 12
    return tuple(p - extra if SUIT_OF[c] == SPADES else p for c, p in enumerate(deck.power))


def deck_of(options: SpadesOptions) -> Deck:
    """The deck ``options`` deal (SPR-14)."""
    return _decks(options.jokers, options.deuce_of_spades)[0]


def ranks_of(options: SpadesOptions) -> tuple[int, ...]:
    """:func:`bot_ranks` of the deck ``options`` deal."""
    return _decks(options.jokers, options.deuce_of_spades)[1]


@cache
def _decks(jokers: str, deuce: str) -> tuple[Deck, tuple[int, ...]]:
    """Deck and ranks per option values, cached on the two strings (cheap to hash: a
    :class:`Table` is built for every decision of a search rollout)."""
    deck = deck_for(jokers == "on", deuce == "high")
    return deck, bot_ranks(deck)


RANK = bot_ranks(deck_for())
"""Ranks of the standard deck: ``card % 13``."""


class Table:
    """What one seat knows, in the form the play rules need (built from an
    observation, or from a state for the seat to act during search rollouts —
    in both cases only the seat's own hand and public facts are read)."""

    __slots__ = ("seat", "players", "options", "phase", "hand", "trick", "tricks_won", "bids",
                 "blind", "played", "voids", "points", "bags", "broken", "shown", "passed",
                 "received", "out", "rank", "above")

    def __init__(self, seat: Seat, players: int, options: SpadesOptions, phase: str, hand: int,
                 trick: Sequence[tuple[int, int]], tricks_won: Sequence[int], bids: Sequence[int],
                 blind: Sequence[bool], played_by: Sequence[int], voids: Sequence[int],
                 points: Sequence[int], bags: Sequence[int], broken: bool, shown: int,
                 passed: int, received: int) -> None:
        self.seat = seat
        self.players = players
        self.options = options
        self.phase = phase
        self.hand = hand
        self.trick = trick
        self.tricks_won = tricks_won
        self.bids = bids
        self.blind = blind
        played = 0
        for m in played_by:
            played |= m
        self.played = played
        self.voids = voids
        self.points = points
        self.bags = bags
        self.broken = broken
        self.shown = shown
        self.passed = passed
        self.received = received
        deck, rank = _decks(options.jokers, options.deuce_of_spades)
        self.rank = rank
        """:func:`bot_ranks` of the options' deck."""
        self.above = deck.above
        """Per card, the cards of the deck that beat it in its suit."""
        self.out = deck.mask & ~hand & ~played
        """Cards not yet seen by the seat (in other hands, or with two players in the stock/discards)."""

    @classmethod
    def from_observation(cls, obs: SpadesObservation) -> Table:
        """Raises ValueError for a spectator's observation."""
        if obs.viewer is None:
            raise ValueError("a bot needs a seat's observation")
        pub = obs.public
        return cls(obs.viewer, pub.players, pub.options, pub.phase, obs.hand or 0, pub.trick,
                   pub.tricks_won, pub.bids, pub.blind, pub.played_by, pub.voids, pub.points, pub.bags,
                   pub.broken, obs.shown, obs.passed, obs.received)

    @classmethod
    def from_state(cls, state: SpadesState, seat: Seat) -> Table:
        """The seat's knowledge in ``state`` (its own hand and the public facts only)."""
        return cls(seat, state.players, state.options, state.phase, state.hands[seat], state.trick,
                   state.tricks_won, state.bids, state.blind, state.played_by, state.voids,
                   state.points, state.bags, state.broken, -1, state.passed[seat], state.received[seat])

    # ------------------------------------------------------------ helpers
    def partner(self) -> Seat | None:
        return (self.seat + 2) % 4 if self.players == 4 else None

    def side_seats(self, side: int) -> tuple[Seat, ...]:
        return (side,) if self.players == 2 else (side, side + 2)

    def nil_alive(self, seat: Seat) -> bool:
        """``seat`` bid nil (or blind nil) and has taken no trick yet (SPR-5)."""
        return self.bids[seat] == 0 and self.tricks_won[seat] == 0

    def need(self, side: int) -> int:
        """Tricks ``side`` still needs for its contract (≤ 0 once made; SPR-10, SPR-11)."""
        contract = 0
        counted = 0
        help_partner = self.options.failed_nil_tricks == "help_partner"
        for s in self.side_seats(side):
            if self.bids[s] > 0:
                contract += self.bids[s]
                counted += self.tricks_won[s]
            elif help_partner:
                counted += self.tricks_won[s]
        return contract - counted

    def near_bag_limit(self, side: int) -> bool:
        """Made contract and the bag counter close to a penalty (SPR-12; never without one: SPR-19)."""
        over = -self.need(side)
        return (over >= 0 and self.options.bag_penalty > 0
                and self.bags[side] + over >= self.options.bag_limit - BAG_MARGIN)

    def could_hold(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` may still hold a card of ``suit`` (not shown void, some out)."""
        return not self.voids[seat] >> suit & 1 and bool(self.out & SUIT_MASKS[suit])

    def later(self) -> list[Seat]:
        """Seats still to play to the current trick after this seat."""
        n = self.players
        return [(self.seat + i) % n for i in range(1, n - len(self.trick))]

    def safe(self, card: int, against: Sequence[Seat]) -> bool:
        """Whether no seat of ``against`` can beat ``card`` if it stands as the best card:
        no higher card of its suit out with a seat not void in it, and (for a side suit) no
        seat known void in it that may hold a spade (counting the spades still out)."""
        suit = SUIT_OF[card]
        higher = self.out & self.above[card]
        spades_out = self.out & SPADE_MASK
        for s in against:
            void = self.voids[s] >> suit & 1
            if higher and not void:
                return False
            if suit != SPADES and spades_out and not self.voids[s] >> SPADES & 1:
                if void or not self.out & SUIT_MASKS[suit]:
                    return False
        return True


def beats(card: int, best: int, rank: Sequence[int] = RANK) -> bool:
    """Whether ``card`` beats ``best`` in a trick (SPR-9; ``rank``: :func:`bot_ranks`)."""
    suit = SUIT_OF[card]
    if suit == SUIT_OF[best]:
        return rank[card] > rank[best]
    return suit == SPADES


def trick_winner(trick: Sequence[tuple[int, int]], rank: Sequence[int] = RANK) -> tuple[Seat, int]:
    """The seat currently winning ``trick`` (non-empty) and its card (SPR-9)."""
    win_seat, best = trick[0]
    for s, c in trick[1:]:
        if beats(c, best, rank):
            win_seat, best = s, c
    return win_seat, best


def _danger(card: int, rank: Sequence[int] = RANK) -> int:
    """How likely a card is to win a trick (for a nil bidder): rank, spades six ranks higher."""
    return rank[card] + (6 if SUIT_OF[card] == SPADES else 0)


# ---------------------------------------------------------------- bidding
def estimate_tricks(hand: int, players: int = 4, rank: Sequence[int] = RANK) -> float:
    """Likely tricks of a 13-card ``hand`` (SPR-4): side-suit aces and guarded kings,
    high spades, spade length, and ruffs from voids and singletons with spare spades
    (``rank``: :func:`bot_ranks`, so a joker counts as the top spades)."""
    spades = hand & SPADE_MASK
    n_spades = spades.bit_count()
    if players == 2:
        # Two players: 13 tricks for 26 cards in play; rank weighs more than shape.
        est = 0.0
        for c in cards_of(hand):
            r = rank[c]
            est += (0.45 + r / 24) if SUIT_OF[c] == SPADES else (r / 12) ** 2
        return est
    tricks = 0.0
    ruffs = 0.0
    for suit in range(3):
        m = hand & SUIT_MASKS[suit]
        length = m.bit_count()
        top = [rank[c] for c in cards_of(m)][::-1]
        if 12 in top:
            tricks += 1.0 if length <= 5 else 0.7
        if 11 in top and length >= 2:
            tricks += 0.75 if 12 in top else 0.55
        if 10 in top and length >= 3 and (12 in top or 11 in top):
            tricks += 0.3
        if length == 0:
            ruffs += 1.0
        elif length == 1:
            ruffs += 0.6
        elif length == 2:
            ruffs += 0.2
    sranks = sorted((rank[c] for c in cards_of(spades)), reverse=True)
    honours = 0.0
    for i, r in enumerate(sranks):
        # A card of rank r is a likely winner if it is guarded by enough lower spades.
        if r >= 12 - i * 1 and n_spades > i:
            honours += 1.0
        elif r == 11 and n_spades >= 2:
            honours += 0.8
        elif r == 10 and n_spades >= 3:
            honours += 0.5
    long_spades = max(0.0, n_spades - 3.0) * 0.9
    spare = max(0.0, n_spades - honours - 1.0)
    return tricks + max(honours, 0.0) + long_spades * 0.7 + min(ruffs, spare) * 0.8


def nil_safe(hand: int, rank: Sequence[int] = RANK) -> bool:
    """Whether a hand may bid nil (SPR-5): few, low spades; no side ace; a side king
    or queen only with three or more low cards under it."""
    spades = hand & SPADE_MASK
    if spades.bit_count() > 3 or any(rank[c] > 8 for c in cards_of(spades)):  # no spade above the ten
        return False
    for suit in range(3):
        m = hand & SUIT_MASKS[suit]
        ranks = [rank[c] for c in cards_of(m)]
        if not ranks:
            continue
        if 12 in ranks:
            return False
        low = sum(1 for r in ranks if r <= 6)
        if (11 in ranks or 10 in ranks) and low < 3:
            return False
        if ranks[0] >= 7:  # no low card to duck with
            return False
    return True


def choose_bid(t: Table) -> int:
    """The heuristic's bid (0 = nil), before the bid limits (:func:`nearest_bid`)."""
    est = estimate_tricks(t.hand, t.players, t.rank)
    partner = t.partner()
    partner_bid = t.bids[partner] if partner is not None else NO_BID
    if (partner_bid != 0 and nil_safe(t.hand, t.rank) and est < 1.6
            and (partner_bid == NO_BID or partner_bid >= 3)):
        return 0
    bid = max(1, min(13, round(est)))
    if partner is not None and partner_bid > 0:
        bid = max(1, min(bid, 13 - partner_bid))
    return bid


def nearest_bid(bid: int, legal: Sequence[Any]) -> Bid:
    """The legal :class:`Bid` nearest to ``bid`` (the lower on a tie; nil only for nil),
    so that the bid limits (SPR-16, SPR-18) are kept.

    Raises:
        ValueError: no bid in ``legal``.
    """
    if 0 <= bid < len(BIDS) and BIDS[bid] in legal:
        return BIDS[bid]
    bids = [a for a in legal if type(a) is Bid]
    if not bids:
        raise ValueError("no legal bid")
    return min(bids, key=lambda a: (abs(a.tricks - bid) + (100 if (a.tricks == 0) != (bid == 0) else 0),
                                    a.tricks))


def choose_blind_nil(t: Table) -> bool:
    """Whether to bid blind nil (SPR-6; the engine offers it only where the options allow it:
    ``blind_nil``, ``blind_nil_min_deficit``, SPR-16). The house strategy: when the side trails
    by :data:`BLIND_NIL_DEFICIT` or more, or late in the match by :data:`BLIND_NIL_LATE_DEFICIT`
    or more (the opponents within :data:`BLIND_NIL_LATE` points of the target, SPR-13), and the
    partner has not bid nil."""
    side = t.seat % 2
    partner = t.partner()
    if partner is None or t.bids[partner] == 0:
        return False
    ours, theirs = t.points[side], t.points[1 - side]
    if theirs - ours >= BLIND_NIL_DEFICIT:
        return True
    return theirs - ours >= BLIND_NIL_LATE_DEFICIT and theirs >= t.options.target - BLIND_NIL_LATE


def choose_pass(t: Table, k: int) -> tuple[int, ...]:
    """Blind-nil exchange (SPR-6): the nil bidder passes its most dangerous cards; its partner
    keeps the cards it has just received (the nil bidder's dangers, and winners for the side)
    and passes back its own lowest cards, side-suit cards first: passing back a received card
    handed the nil bidder its own danger again (its lowest cards were often the ones received)."""
    rank = t.rank
    if t.blind[t.seat] and t.bids[t.seat] == 0:  # the blind nil bidder (not a blind bid: SPR-17)
        chosen = sorted(cards_of(t.hand), key=lambda c: _danger(c, rank), reverse=True)[:k]
    else:
        own = cards_of(t.hand & ~t.received)
        chosen = sorted(own, key=lambda c: (SUIT_OF[c] == SPADES, rank[c]))[:k]
        if len(chosen) < k:  # never with a 13-card hand; received cards only to make up the count
            chosen += sorted(cards_of(t.hand & t.received), key=lambda c: rank[c])[:k - len(chosen)]
    return tuple(sorted(chosen))


def keep_shown(t: Table) -> bool:
    """Two players: keep the shown stock card when it is strong (a spade nine or
    higher, a side king or ace), else discard it and take the next card."""
    c = t.shown
    if c < 0:
        return False
    if SUIT_OF[c] == SPADES:
        return t.rank[c] >= 7
    return t.rank[c] >= 11


# ---------------------------------------------------------------- card play
def choose_card(t: Table, legal: int) -> int:
    """The card to play (one of the mask ``legal``; SPR-7…SPR-9)."""
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0]
    seat = t.seat
    partner = t.partner()
    side = seat % 2
    opps = [s for s in range(t.players) if s % 2 != side]
    if t.nil_alive(seat):
        return _nil_play(t, cards)
    partner_nil = partner is not None and t.nil_alive(partner)
    opp_nil = [s for s in opps if t.nil_alive(s)]
    need_us = t.need(side)
    need_them = t.need(1 - side)
    left = t.hand.bit_count()
    if need_us > 0:
        want = True  # still short of the contract (or already set: then spoil theirs)
    elif t.near_bag_limit(side):
        want = False  # made, bags near the penalty: duck (SPR-12)
    else:
        want = 0 < need_them <= left  # made: try to set them (SPR-10) while it is possible
    if not t.trick:
        return _lead(t, cards, want, partner_nil, opp_nil, opps)
    return _follow(t, cards, want, partner_nil, opp_nil, opps)


def _nil_play(t: Table, cards: list[int]) -> int:
    """A live nil: the most dangerous card that does not win, else the highest."""
    rank = t.rank
    if not t.trick:
        # Lead the card with the most higher cards out in its suit.
        def cover(c: int) -> tuple[int, int]:
            return ((t.out & t.above[c]).bit_count(), -rank[c])
        side = [c for c in cards if SUIT_OF[c] != SPADES] or cards
        return max(side, key=cover)
    _, best = trick_winner(t.trick, rank)
    losers = [c for c in cards if not beats(c, best, rank)]
    if losers:
        return max(losers, key=lambda c: _danger(c, rank))
    return max(cards, key=lambda c: _danger(c, rank))


def _lowest(t: Table, cards: list[int]) -> int:
    """The least useful card: lowest side-suit card by rank, spades last."""
    rank = t.rank
    return min(cards, key=lambda c: (SUIT_OF[c] == SPADES, rank[c]))


def _discard(t: Table, cards: list[int]) -> int:
    """Void in the led suit and not trying to win: the lowest card of the shortest
    side suit (making voids for later ruffs), spades last."""
    rank = t.rank
    side = [c for c in cards if SUIT_OF[c] != SPADES]
    if not side:
        return min(cards, key=rank.__getitem__)
    return min(side, key=lambda c: ((t.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), rank[c]))


def _shed(t: Table, cards: list[int]) -> int:
    """Not trying to win and void: the highest side-suit card (no spade: it could win)."""
    side = [c for c in cards if SUIT_OF[c] != SPADES]
    if side:
        return max(side, key=t.rank.__getitem__)
    return min(cards, key=t.rank.__getitem__)


def _lead(t: Table, cards: list[int], want: bool, partner_nil: bool, opp_nil: list[Seat],
          opps: list[Seat]) -> int:
    rank = t.rank
    by_rank = rank.__getitem__

    def order(c: int) -> tuple[int, int]:  # the card order: suit, then rank
        return SUIT_OF[c], rank[c]

    others = [s for s in range(t.players) if s != t.seat]
    if partner_nil:
        # Cover: lead winners, high, so that the nil partner can duck under them.
        masters = [c for c in cards if t.safe(c, opps)]
        if masters:
            return max(masters, key=by_rank)
        # No sure winner: lead high, first in a suit the nil partner has shown void in (SPR-8: it
        # throws its own dangerous card under whatever wins), side suits before spades.
        nil_voids = t.voids[t.partner() or 0]
        return max(cards, key=lambda c: (bool(nil_voids >> SUIT_OF[c] & 1), SUIT_OF[c] != SPADES, rank[c]))
    if opp_nil:
        # Set the nil: lead low in a suit the nil bidder may still hold, and not one its partner
        # has shown void in (it would ruff and cover the nil: SPR-8, SPR-9).
        nil_seat = opp_nil[0]
        fit = [c for c in cards if t.could_hold(nil_seat, SUIT_OF[c])]
        if t.players == 4:
            cover_voids = t.voids[(nil_seat + 2) % 4]
            fit = [c for c in fit if not cover_voids >> SUIT_OF[c] & 1] or fit
        return min(fit or cards, key=lambda c: (rank[c], SUIT_OF[c] == SPADES))
    if want:
        side_masters = [c for c in cards if SUIT_OF[c] != SPADES and t.safe(c, others)]
        if side_masters:
            return max(side_masters, key=by_rank)
        spades = [c for c in cards if SUIT_OF[c] == SPADES]
        if spades:
            top = max(spades, key=by_rank)
            if t.out & SPADE_MASK and t.safe(top, others):
                return top  # draw the spades still out
        side = [c for c in cards if SUIT_OF[c] != SPADES]
        if side:
            if t.hand & SPADE_MASK:
                # Shorten a short suit to ruff it later.
                return min(side, key=lambda c: ((t.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), rank[c]))
            return min(side, key=lambda c: (-(t.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), rank[c]))
        return min(cards, key=order)

    # Ducking: the card most likely to be beaten.
    def beaten(c: int) -> tuple[int, int]:
        return (-(t.out & t.above[c]).bit_count(), rank[c])
    side = [c for c in cards if SUIT_OF[c] != SPADES]
    return min(side or cards, key=beaten)


def _follow(t: Table, cards: list[int], want: bool, partner_nil: bool, opp_nil: list[Seat],
            opps: list[Seat]) -> int:
    rank = t.rank
    by_rank = rank.__getitem__
    win_seat, best = trick_winner(t.trick, rank)
    later = t.later()
    later_opps = [s for s in later if s in opps]
    partner = t.partner()
    winners = sorted((c for c in cards if beats(c, best, rank)),
                     key=lambda c: (SUIT_OF[c] == SPADES, SUIT_OF[c], rank[c]))
    losers = [c for c in cards if not beats(c, best, rank)]
    following = SUIT_OF[cards[0]] == SUIT_OF[t.trick[0][1]]
    if partner_nil and partner is not None:
        if partner in later:
            # Cover: play high so that the nil partner can stay under.
            if winners:
                safe = [c for c in winners if t.safe(c, later_opps)]
                return max(safe or winners, key=lambda c: (SUIT_OF[c] != SPADES, SUIT_OF[c], rank[c]))
            return _lowest(t, cards) if not following else max(cards, key=by_rank)
        if win_seat == partner:
            if winners:
                return winners[0]  # overtake the nil partner
            return _lowest(t, cards)
    if opp_nil:
        nil_seat = opp_nil[0]
        if nil_seat in later:
            # Stay under the best card so that the nil bidder may be forced to win; void, throw
            # away a high side card (a low one is worth more: it leads under the nil bidder
            # later). Following, any card under the best leaves the nil bidder the same room,
            # so give up the highest that is no likely winner of ours (session 20: keeps the
            # low cards that lead and follow under the nil bidder later).
            if losers:
                if not following:
                    return _shed(t, losers)
                spare = [c for c in losers if (t.out & t.above[c]).bit_count() >= SPARE_ABOVE]
                return max(spare, key=by_rank) if spare else min(losers, key=by_rank)
            return winners[0]
        if win_seat == nil_seat:
            # Play under the nil bidder's card.
            if losers:
                return max(losers, key=by_rank) if following else _shed(t, losers)
            return winners[0]
        if any(s == nil_seat for s, _ in t.trick):
            # The nil bidder is already beaten in this trick: unblock, play our highest card of
            # the suit (winning it takes the lead), so that its cards become the high ones.
            if following:
                return max(cards, key=by_rank)
            if losers:
                return _shed(t, losers)
    if partner is not None and win_seat == partner:
        if not want or t.safe(best, later_opps) or not winners:
            if following:
                return min(cards, key=by_rank)
            return _discard(t, losers) if losers else winners[0]
        safe = [c for c in winners if t.safe(c, later_opps)]
        if safe:
            return safe[0]
        return min(cards, key=by_rank) if following else _discard(t, cards)
    if want:
        if not winners:
            return min(cards, key=by_rank) if following else _discard(t, cards)
        safe = [c for c in winners if t.safe(c, later_opps)]
        position = len(t.trick)  # 1: second hand, 2: third hand, 3: fourth hand
        if not later_opps:
            return winners[0]  # last to play for our side: win cheaply
        if position == 1 and following and t.players == 4:
            # Second hand low, unless a sure winner.
            if safe and SUIT_OF[safe[0]] == SUIT_OF[t.trick[0][1]] and rank[safe[0]] >= 11:
                return safe[0]
            return min(cards, key=by_rank)
        if safe:
            return safe[0]
        if following:
            return max(winners, key=by_rank)  # third hand high
        return winners[0]
    # Not trying to win: stay under the best card, shedding the highest such card.
    if losers:
        return max(losers, key=by_rank) if following else _shed(t, losers)
    return max(winners, key=by_rank) if following else winners[0]


class HeuristicBot(Bot):
    """The rule-of-thumb Spades player (see the module docstring). Deterministic."""

    name = "heuristic"

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if not isinstance(observation, SpadesObservation):
            raise TypeError("HeuristicBot plays Spades only")
        return heuristic_action(observation, legal)


def heuristic_action(obs: SpadesObservation, legal: Sequence[Action]) -> Action:
    """The heuristic's action for ``obs`` among ``legal`` (non-empty)."""
    if len(legal) == 1:
        return legal[0]
    t = Table.from_observation(obs)
    if obs.blind_nil_open:
        return BLIND_NIL if BLIND_NIL in legal and choose_blind_nil(t) else LOOK
    if obs.public.phase == "play":
        mask = 0
        for a in legal:
            mask |= 1 << a.card  # type: ignore[attr-defined]
        return PLAYS[choose_card(t, mask)]
    if obs.public.phase == "bid":
        return nearest_bid(choose_bid(t), legal)
    if obs.public.phase == "exchange":
        action = Pass(choose_pass(t, obs.public.options.blind_nil_exchange))
        return action if action in legal else legal[0]
    return KEEP if keep_shown(t) else DISCARD


def _heuristic(rng: random.Random) -> Bot:
    return HeuristicBot(rng)


def _search(rng: random.Random) -> Bot:
    from mahai.bots.spades_search import SearchBot

    return SearchBot(rng)

