"""Determinization: a full state consistent with one viewer's observation.

What search bots sample (design.md). The cards the viewer cannot place are
dealt at random to the places they may be — other hands (never in a suit the
seat has shown void in; the jokers are spades), and with two players the stock and
the opponent's discards — keeping every hand size. The cards are those of the
options' deck (SPR-14). Known cards stay put: the viewer's hand,
played cards, the cards the viewer passed in an exchange (in the partner's
hand unless played or passed back), the stock cards the viewer saw.
"""

from __future__ import annotations

import random
from itertools import combinations

from mahai.games.spades.cards import SUIT_MASKS, SUIT_OF, cards_of
from mahai.games.spades.state import DRAW, SpadesState
from mahai.games.spades.view import SpadesObservation

ALL_SUITS = 0b1111


def _feasible(counts: list[int], caps: list[int], allowed: list[int]) -> bool:
    """Hall's condition: every set of suits fits in the places that accept one of them."""
    for size in range(1, 5):
        for suits in combinations(range(4), size):
            need = sum(counts[s] for s in suits)
            if not need:
                continue
            want = 0
            for s in suits:
                want |= 1 << s
            room = sum(cap for cap, ok in zip(caps, allowed, strict=True) if ok & want)
            if need > room:
                return False
    return True


def _distribute(pool: int, caps: list[int], allowed: list[int], rng: random.Random) -> list[int]:
    """Deal the cards of ``pool`` into places with capacities ``caps`` and
    allowed-suit masks ``allowed``; returns one mask per place.

    Raises:
        ValueError: no distribution exists (the observation is inconsistent).
    """
    cards = cards_of(pool)
    rng.shuffle(cards)
    counts = [(pool & SUIT_MASKS[s]).bit_count() for s in range(4)]
    caps = caps[:]
    if sum(caps) != len(cards) or not _feasible(counts, caps, allowed):
        raise ValueError("no hand distribution fits the observation")
    out = [0] * len(caps)
    for card in cards:
        suit = SUIT_OF[card]
        counts[suit] -= 1
        places = [i for i in range(len(caps)) if caps[i] and allowed[i] >> suit & 1]
        # Weighted by room left, then the first place that keeps the rest feasible.
        places.sort(key=lambda i: rng.random() ** (1.0 / caps[i]), reverse=True)
        for i in places:
            caps[i] -= 1
            if _feasible(counts, caps, allowed):
                out[i] |= 1 << card
                break
            caps[i] += 1
        else:  # pragma: no cover - excluded by the feasibility invariant
            raise ValueError("no hand distribution fits the observation")
    return out


def determinize(obs: SpadesObservation, rng: random.Random) -> SpadesState:
    """A full :class:`SpadesState` consistent with ``obs``, hidden cards drawn with ``rng``.

    Raises:
        ValueError: ``obs`` has no viewer seat, or no distribution satisfies it.
    """
    if obs.viewer is None:
        raise ValueError("determinize needs a seat's observation")
    v = obs.viewer
    pub = obs.public
    n = pub.players
    state = SpadesState.__new__(SpadesState)
    state.players = n
    state.version = 0
    state.rng = random.Random(rng.getrandbits(64))
    state.options = pub.options
    state.configure()
    state.points = list(pub.points)
    state.bags = list(pub.bags)
    state.history = list(pub.history)
    state.hand_no = pub.hand_no
    state.dealer = pub.dealer
    state.winner_sides = pub.winner_sides
    state.phase = pub.phase
    state.start_events = []
    state.turn = pub.turn
    state.bids = list(pub.bids)
    state.blind = list(pub.blind)
    state.looked = list(pub.looked)
    state.exchange = list(pub.exchange)
    state.passed = [0] * n
    state.received = [0] * n
    state.passed[v] = obs.passed
    state.received[v] = obs.received
    state.trick = list(pub.trick)
    state.leader = pub.leader
    state.opening = pub.opening
    state.tricks_won = list(pub.tricks_won)
    state.last_trick = pub.last_trick
    state.last_winner = pub.last_winner
    state.broken = pub.broken
    state.played_by = list(pub.played_by)
    state.voids = list(pub.voids)
    state.seen = [0] * n
    state.seen[v] = obs.seen

    played = 0
    for m in pub.played_by:
        played |= m
    own = obs.hand if obs.hand is not None else 0
    known = own | played | obs.seen
    fixed = [0] * n
    if obs.hand is not None:
        fixed[v] = own
    if n == 4 and obs.passed:
        partner = (v + 2) % 4
        fixed[partner] = obs.passed & ~known  # passed cards stay with the partner
        known |= fixed[partner]
    if obs.shown >= 0:
        known |= 1 << obs.shown
    pool = state.deck.mask & ~known
    caps: list[int] = []
    allowed: list[int] = []
    places: list[int] = []  # seat index, or -1 stock, -2 opponent's discards
    for seat in range(n):
        if seat == v and obs.hand is not None:
            continue
        caps.append(pub.hand_sizes[seat] - fixed[seat].bit_count())
        allowed.append(ALL_SUITS & ~pub.voids[seat])
        places.append(seat)
    if n == 2:
        stock_unknown = pub.stock_left - (1 if obs.shown >= 0 else 0)
        caps += [stock_unknown, pub.discards[1 - v]]
        allowed += [ALL_SUITS, ALL_SUITS]
        places += [-1, -2]
    dealt = _distribute(pool, caps, allowed, rng)
    hands = fixed[:]
    stock_cards: list[int] = []
    for place, mask in zip(places, dealt, strict=True):
        if place >= 0:
            hands[place] |= mask
        elif place == -1:
            stock_cards = cards_of(mask)
            rng.shuffle(stock_cards)
        else:
            state.seen[1 - v] = mask
    state.hands = hands
    if n == 2 and pub.phase == DRAW:
        top = [obs.shown] if obs.shown >= 0 else []
        rest = top + stock_cards
        state.stock_pos = 52 - len(rest)
        state.stock = [-1] * state.stock_pos + rest
    else:
        state.stock = []
        state.stock_pos = 52
    return state
