"""Cards as small ints and hands as 52-bit masks (SPR-2).

A card is ``suit * 13 + rank`` with suits ``C=0, D=1, H=2, S=3`` and ranks
``0`` (two) … ``12`` (ace), so a higher int of the same suit is a higher card.
A hand is an ``int`` whose bit ``card`` is set when the card is held; the cards
of one suit are the 13 bits ``suit * 13 …`` — suit tests and "highest card"
are a mask and a ``bit_length``. Notation is rank + suit: ``"AS"``, ``"TD"``,
``"2C"`` (``"10D"`` is read as ``"TD"``).
"""

from __future__ import annotations

from collections.abc import Iterable

from mahai.core.errors import MalformedAction

Card = int
"""0…51: ``suit * 13 + rank`` (rank 0 is the two, 12 the ace)."""

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""Suit names as used in error params (also msgids of the ``spades`` catalog)."""
SUIT_SYMBOLS = "♣♦♥♠"
FULL_DECK = (1 << 52) - 1
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
TWO_OF_CLUBS = 0


CARD_TEXTS: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52))


def card_text(card: Card) -> str:
    """``"AS"``, ``"TD"``, ``"2C"``."""
    return CARD_TEXTS[card]


def parse_card(text: str) -> Card:
    """Parse rank + suit (case-insensitive; ``10`` for ``T``).

    Raises:
        MalformedAction: ``bad_card`` (param ``text``).
    """
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise MalformedAction("bad_card", domain="spades", text=text)
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _chunks(base: int) -> tuple[tuple[Card, ...], ...]:
    table: list[tuple[Card, ...]] = [()]
    for chunk in range(1, 1 << 13):
        low = chunk & -chunk
        table.append((base + low.bit_length() - 1, *table[chunk ^ low]))
    return tuple(table)


SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(_chunks(13 * s) for s in range(4))
"""``SUIT_CARDS[suit][bits]``: the cards of one suit whose 13 rank bits are ``bits``."""


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest first (clubs 2 … spades ace)."""
    return [*SUIT_CARDS[0][mask & 0x1FFF], *SUIT_CARDS[1][mask >> 13 & 0x1FFF],
            *SUIT_CARDS[2][mask >> 26 & 0x1FFF], *SUIT_CARDS[3][mask >> 39 & 0x1FFF]]


def _text_chunks(suit: int) -> tuple[tuple[str, ...], ...]:
    table: list[tuple[str, ...]] = [()]
    for chunk in range(1, 1 << 13):
        low = chunk & -chunk
        table.append((CARD_TEXTS[13 * suit + low.bit_length() - 1], *table[chunk ^ low]))
    return tuple(table)


SUIT_TEXTS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(_text_chunks(s) for s in range(4))
"""``SUIT_TEXTS[suit][bits]``: the notations of :data:`SUIT_CARDS` ``[suit][bits]``."""


def texts(mask: int) -> tuple[str, ...]:
    """Card notations of ``mask``, lowest first (a tuple: views share them read-only)."""
    return (*SUIT_TEXTS[0][mask & 0x1FFF], *SUIT_TEXTS[1][mask >> 13 & 0x1FFF],
            *SUIT_TEXTS[2][mask >> 26 & 0x1FFF], *SUIT_TEXTS[3][mask >> 39 & 0x1FFF])
