"""Spades for learning programs: a fixed action space of 122 indices and a vector
observation read from one seat's view JSON (``docs/rules/spades.md``).

Actions (cards are Mahai's ints, ``suit * 13 + rank``: clubs 0–12, diamonds 13–25,
hearts 26–38, spades 39–51, two to ace; OpenSpiel's ``spades`` numbers a card
``rank * 4 + suit`` instead):

=========  =======================  ==============================================
index      notation                 rule
=========  =======================  ==============================================
0 … 51     ``play <card>``          SPR-7 … SPR-9
52 … 65    ``bid nil``, ``bid 1`` … ``bid 13``   (index 52 + tricks; SPR-4, SPR-5)
66         ``bid blind_nil``        SPR-6
67         ``look``                 SPR-6: look at the hand, giving up blind nil
68, 69     ``keep``, ``discard``    the two-player stock deal
70 … 121   pick ``<card>`` to pass  the blind-nil exchange (SPR-6), one card at a time
=========  =======================  ==============================================

The exchange passes ``blind_nil_exchange`` cards in one engine action (``pass 2H 9S
3C``); the engine accepts any such set of the seat's cards, so the adapter asks for
them one at a time, in ascending card order, and passes them when the last is
picked: 52 indices instead of one per set (286 sets of 3 from 13 cards, 22,100 over
the deck). The cards picked so far are the seat's own, shown only to it.

Observation (:data:`FEATURES`, seats counted from the viewer: 0 = the viewer,
1 = the next seat to its left …; all in [-1, 1]): the phase; the viewer's hand (52)
and whether its blind-nil decision is open; per seat: looked, bid (none, nil,
1 … 13, blind nil), tricks won, the card it played to the current trick, every card
it played this hand, the suits it showed void in; the leader, the seat to act and the
dealer; spades broken; per side (the viewer's first): points and bags (over the
target and bag limit) and contract; the exchange (whether the viewer passes or
receives, the count, the cards it passed and received); two players: the stock card
shown to the viewer, the discards it saw, the stock left and each seat's discards.

Rewards: at the end of each hand, the change of the seat's side total over 100
(:attr:`SpadesEncoding.score_scale`); at the end of the match +1 / -1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahai.core.game import Action, Game, Seat
from mahai.games.spades import (
    SUIT_NAMES,
    Bid,
    BlindNil,
    Discard,
    Keep,
    Look,
    Pass,
    Play,
    SpadesOptions,
    card_text,
)
from mahai.research.table import Encoding, FloatArray, clip, relative

PLAY, BID, BLIND_NIL, LOOK, KEEP, DISCARD, PASS = 0, 52, 66, 67, 68, 69, 70
NUM_ACTIONS = 122
CARD_OF = {card_text(c): c for c in range(52)}
PHASES = ("draw", "bid", "exchange", "play", "over")
SUIT_OF = {name: i for i, name in enumerate(SUIT_NAMES)}
_PASS_OF = PASS.__add__


def _labels() -> tuple[str, ...]:
    labels = [f"play {card_text(c)}" for c in range(52)]
    labels += ["bid nil", *(f"bid {n}" for n in range(1, 14))]
    labels += ["bid blind_nil", "look", "keep", "discard"]
    labels += [f"pass {card_text(c)}" for c in range(52)]
    return tuple(labels)


LABELS = _labels()

FEATURES: tuple[tuple[str, int], ...] = (
    ("phase", 5), ("hand", 52), ("blind_nil_decision", 1), ("looked", 4), ("bids", 4 * 16),
    ("tricks_won", 4), ("trick", 4 * 52), ("leader", 4), ("turn", 4), ("dealer", 4),
    ("played", 4 * 52), ("voids", 4 * 4), ("spades_broken", 1), ("sides", 2 * 3),
    ("exchange", 3), ("passed", 52), ("received", 52), ("stock_shown", 52),
    ("stock_seen", 52), ("stock", 3),
)
"""The observation's parts in order: (name, length)."""
_AT: dict[str, int] = {}
_offset = 0
for _name, _size in FEATURES:
    _AT[_name] = _offset
    _offset += _size
FEATURE_SIZE = _offset


def _bid_slot(bid: int | str | None) -> int:
    if bid is None:
        return 0
    if bid == "nil":
        return 1
    if bid == "blind_nil":
        return 15
    return int(bid) + 1


class SpadesEncoding(Encoding):
    """Spades' action space and observation (see the module docstring)."""

    num_actions = NUM_ACTIONS
    feature_size = FEATURE_SIZE
    layout = FEATURES
    labels = LABELS
    score_scale = 100.0
    zero_sum = True

    def __init__(self, game: Game[Any, Any], options: SpadesOptions, players: int) -> None:
        """Raises ValueError for the jokers variant (SPR-14): its two extra cards have no
        index in this 52-card action space yet."""
        if options.jokers != "off":
            raise ValueError("the research encoding of Spades has no jokers yet (SPR-14): "
                             "use an edition without them")
        super().__init__(game, options, players)
        per_hand = 4 + 4 + 4 * options.blind_nil_exchange + 52 if players == 4 else 26 + 2 + 26
        self.max_decisions = per_hand * (options.max_hands or 1000) + 1

    def sequence(self, seat: Seat, action: Action) -> tuple[int, ...]:
        """Raises TypeError for an action that is not Spades'."""
        kind = type(action)
        if kind is Play:
            return (action.card,)  # type: ignore[attr-defined]
        if kind is Pass:  # hundreds at once: every set the exchange allows
            return tuple(sorted(map(_PASS_OF, action.cards)))  # type: ignore[attr-defined]
        if isinstance(action, Bid):
            return (BID + action.tricks,)
        if isinstance(action, BlindNil):
            return (BLIND_NIL,)
        if isinstance(action, Look):
            return (LOOK,)
        if isinstance(action, Keep):
            return (KEEP,)
        if isinstance(action, Discard):
            return (DISCARD,)
        raise TypeError(f"not a Spades action: {action!r}")

    def text_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The view without ``history`` (the scores of earlier hands; the sides'
        totals stay) and ``options`` (fixed)."""
        return {k: v for k, v in view.items() if k not in ("history", "options")}

    def features(self, view: Mapping[str, Any], viewer: Seat | None, out: FloatArray) -> None:
        n = view["players"]
        at = _AT
        card_of = CARD_OF
        ones = [at["phase"] + PHASES.index(view["phase"])]  # indices set to 1, written at once
        hand = view["hand"]
        if hand:
            base = at["hand"]
            ones += [base + card_of[card] for card in hand]
        if view["blind_nil_decision"]:
            ones.append(at["blind_nil_decision"])
        looked, bids, tricks_won = view["looked"], view["bids"], view["tricks_won"]
        played, voids = view["played"], view["voids"]
        for seat in range(n):
            r = relative(seat, viewer, n)
            if looked[seat]:
                ones.append(at["looked"] + r)
            ones.append(at["bids"] + 16 * r + _bid_slot(bids[seat]))
            out[at["tricks_won"] + r] = tricks_won[seat] / 13
            base = at["played"] + 52 * r
            ones += [base + card_of[card] for card in played[seat]]
            base = at["voids"] + 4 * r
            ones += [base + SUIT_OF[suit] for suit in voids[seat]]
        base = at["trick"]
        ones += [base + 52 * relative(p["seat"], viewer, n) + card_of[p["card"]] for p in view["trick"]]
        ones.append(at["leader"] + relative(view["leader"], viewer, n))
        if view["turn"] is not None:
            ones.append(at["turn"] + relative(view["turn"], viewer, n))
        ones.append(at["dealer"] + relative(view["dealer"], viewer, n))
        if view["spades_broken"]:
            ones.append(at["spades_broken"])
        options = view["options"]
        sides = view["sides"]
        mine = 0 if viewer is None or viewer in sides[0]["seats"] else 1
        for k, side in enumerate((sides[mine], sides[1 - mine])):
            base = at["sides"] + 3 * k
            out[base] = clip(side["points"] / options["target"])
            out[base + 1] = clip(side["bags"] / options["bag_limit"])
            out[base + 2] = clip((side["contract"] or 0) / 13)
        exchange = view["exchange"]
        base = at["exchange"]
        for giver, taker in exchange["pending"]:
            if giver == viewer:
                ones.append(base)
            if taker == viewer:
                ones.append(base + 1)
        out[base + 2] = exchange["count"] / 3
        base = at["passed"]
        ones += [base + card_of[card] for card in exchange["passed"]]
        base = at["received"]
        ones += [base + card_of[card] for card in exchange["received"]]
        stock = view["stock"]
        if stock is not None:
            if stock["shown"] is not None:
                ones.append(at["stock_shown"] + card_of[stock["shown"]])
            base = at["stock_seen"]
            ones += [base + card_of[card] for card in stock["seen_discards"]]
            base = at["stock"]
            out[base] = stock["left"] / 52
            for seat in range(n):
                out[base + 1 + relative(seat, viewer, n)] = stock["discards"][seat] / 13
        out[ones] = 1.0
