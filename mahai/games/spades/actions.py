"""Spades actions and their notation (round-trips through :func:`parse_action`).

========================  ==============================================
``bid 3`` / ``bid nil``   a bid of 0…13 tricks (``bid 0`` reads as nil)
``bid blind_nil``         blind nil, before looking at the hand (SPR-6)
``bid blind 6``           a blind bid of 6…13 tricks, before looking (SPR-17)
``look``                  look at the hand, giving up blind nil
``pass 2H 9S 3C``         the blind-nil exchange (SPR-6)
``play QS``               play a card to the trick (SPR-7…SPR-9)
``keep`` / ``discard``    the two-player stock deal
========================  ==============================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mahai.core.errors import MalformedAction
from mahai.core.text import cut, small_number
from mahai.games.spades.cards import JOKER_CARDS, Card, card_text, parse_card
from mahai.games.spades.play import Play as Play  # a native class in the compiled build (its module says why)


def _check_card(card: object) -> None:
    """Actions built by hand (not parsed) must still name a card: 0…53 (52, 53: jokers)."""
    if type(card) is not int or not 0 <= card < 54:
        raise MalformedAction("bad_card", domain="spades", text=repr(card))


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``tricks`` (0 = nil)."""

    tricks: int

    def __post_init__(self) -> None:
        if type(self.tricks) is not int:  # out-of-range ints are refused by the state, with bid_out_of_range
            raise MalformedAction("bad_notation", domain="spades", text=f"bid {self.tricks!r}")

    def notation(self) -> str:
        return "bid nil" if self.tricks == 0 else f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class BlindNil:
    """Blind nil, declared before seeing the hand (SPR-6)."""

    def notation(self) -> str:
        return "bid blind_nil"


@dataclass(frozen=True, slots=True)
class BlindBid:
    """A blind bid of ``tricks`` (6…13), declared before seeing the hand; it scores
    double (SPR-17)."""

    tricks: int

    def __post_init__(self) -> None:
        if type(self.tricks) is not int:  # out-of-range ints are refused by the state
            raise MalformedAction("bad_notation", domain="spades", text=f"bid blind {self.tricks!r}")

    def notation(self) -> str:
        return f"bid blind {self.tricks}"


@dataclass(frozen=True, slots=True)
class Look:
    """Look at the hand (the blind-nil decision is then closed)."""

    def notation(self) -> str:
        return "look"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass ``cards`` (sorted, no repeats) to the partner in the blind-nil exchange."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards: object = self.cards
        if not isinstance(cards, tuple):  # Pass(5), Pass(None), Pass([…]): not an iterable of cards
            raise MalformedAction("bad_card", domain="spades", text=cut(repr(cards)))
        for card in cards:
            _check_card(card)

    def notation(self) -> str:
        return " ".join(["pass", *map(card_text, self.cards)])


@dataclass(frozen=True, slots=True)
class Keep:
    """Two players: keep the shown stock card (the next one is discarded)."""

    def notation(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Discard:
    """Two players: discard the shown stock card and take the next one."""

    def notation(self) -> str:
        return "discard"


SpadesAction = Bid | BlindNil | BlindBid | Look | Pass | Play | Keep | Discard

PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(54))
"""Shared :class:`Play` objects, one per card, jokers included (actions are immutable)."""


def _suit_plays(suit: int) -> tuple[tuple[Play, ...], ...]:
    table: list[tuple[Play, ...]] = [()]
    for bits in range(1, 1 << 13):
        low = bits & -bits  # the lowest card, then the plays of the rest (already built)
        table.append((PLAYS[13 * suit + low.bit_length() - 1], *table[bits ^ low]))
    return tuple(table)


SUIT_PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(_suit_plays(s) for s in range(4))
"""``SUIT_PLAYS[suit][bits]``: the plays of :data:`~.cards.SUIT_CARDS` ``[suit][bits]``."""


_JOKER_PLAYS = tuple(tuple(PLAYS[c] for c in cards) for cards in JOKER_CARDS)


def plays_of(mask: int) -> list[Play]:
    """The :class:`Play` of every card of ``mask``, lowest first (jokers last)."""
    top = mask >> 39  # the spades, then the jokers (a small int: cheap to test)
    if top > 0x1FFF:
        return [*SUIT_PLAYS[0][mask & 0x1FFF], *SUIT_PLAYS[1][mask >> 13 & 0x1FFF],
                *SUIT_PLAYS[2][mask >> 26 & 0x1FFF], *SUIT_PLAYS[3][top & 0x1FFF], *_JOKER_PLAYS[top >> 13]]
    return [*SUIT_PLAYS[0][mask & 0x1FFF], *SUIT_PLAYS[1][mask >> 13 & 0x1FFF],
            *SUIT_PLAYS[2][mask >> 26 & 0x1FFF], *SUIT_PLAYS[3][top]]


BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
BLIND_BIDS: dict[int, BlindBid] = {n: BlindBid(n) for n in range(6, 14)}
"""Shared :class:`BlindBid` objects, 6…13."""
LOOK, BLIND_NIL, KEEP, DISCARD = Look(), BlindNil(), Keep(), Discard()
_WORDS: dict[str, SpadesAction] = {"look": LOOK, "keep": KEEP, "discard": DISCARD}
_BLIND = re.compile(r"blind[ _-](nil|[0-9]{1,3})")


def parse_action(text: str) -> SpadesAction:
    """Parse the notation of any Spades action.

    Raises:
        MalformedAction: ``bad_notation`` (param ``text``), ``bad_card``, or
            ``duplicate_card`` for a pass naming a card twice.
    """
    words = text.strip().split()
    if not words:
        raise MalformedAction("bad_notation", domain="spades", text=cut(text))
    head, args = words[0].lower(), words[1:]
    blind = _BLIND.fullmatch(" ".join(args).lower()) if head == "bid" else None
    if blind:  # "bid blind_nil", "bid blind nil", "bid blind 6", "bid blind_6", "bid blind-6"
        word = blind.group(1)
        if word == "nil":
            return BLIND_NIL
        n = int(word)
        return BLIND_BIDS.get(n) or BlindBid(n)
    if head == "bid" and len(args) == 1:
        arg = args[0].lower()
        if arg == "nil":
            return BIDS[0]
        tricks = small_number(arg, 3)  # not isdigit: "²" passes it and int() refuses it
        if tricks is not None:
            return BIDS[tricks] if tricks < 14 else Bid(tricks)
    elif head == "play" and len(args) == 1:
        return PLAYS[parse_card(args[0])]
    elif head == "pass" and args:
        cards = [parse_card(a) for a in args]
        if len(set(cards)) != len(cards):
            raise MalformedAction("duplicate_card", domain="spades", text=cut(text))
        return Pass(tuple(sorted(cards)))
    elif not args and head in _WORDS:
        return _WORDS[head]
    raise MalformedAction("bad_notation", domain="spades", text=cut(text))
