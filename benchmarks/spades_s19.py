"""The Spades heuristic's card play as it was before session 20 (issue 15: the defence against nil
and blind nil), kept only for the benchmarks (:mod:`benchmarks.spades_nil`) to pair the new
heuristic against the old one over the same deals. A verbatim copy of ``choose_card`` and the
functions it calls from :mod:`mahai.bots.spades` at commit 35439fb; bids, blind nil and the
exchange are the heuristic's own (unchanged)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.bots.spades import SPADE_MASK, Table, _danger, beats, heuristic_action, trick_winner
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.spades import PLAYS, SPADES, SUIT_MASKS, SUIT_OF, SpadesObservation, cards_of


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
        return max(cards, key=lambda c: (SUIT_OF[c] != SPADES, rank[c]))
    if opp_nil:
        # Set the nil: lead low in a suit the nil bidder may still hold.
        nil_seat = opp_nil[0]
        fit = [c for c in cards if t.could_hold(nil_seat, SUIT_OF[c])]
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
            # Stay low so that the nil bidder may be forced to win; void, throw away a high
            # side card (a low one is worth more: it leads under the nil bidder later).
            if losers:
                return min(losers, key=by_rank) if following else _shed(t, losers)
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


class OldHeuristicBot(Bot):
    """The heuristic with the card play before session 20."""

    name = "heuristic-s19"

    def act(self, game: Game[Any, Any], seat: Seat, observation: Observation,
            legal: Sequence[Action]) -> Action:
        assert isinstance(observation, SpadesObservation)
        if observation.public.phase == "play" and len(legal) > 1:
            mask = 0
            for a in legal:
                mask |= 1 << a.card  # type: ignore[attr-defined]
            return PLAYS[choose_card(Table.from_observation(observation), mask)]
        return heuristic_action(observation, legal)


def make(rng: random.Random) -> Bot:
    """Factory for ``python -m benchmarks.bots spades py:benchmarks.spades_s19:make medium``."""
    return OldHeuristicBot(rng)
