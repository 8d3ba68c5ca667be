"""Cards as small ints and hands as bit masks (SPR-2, SPR-14).

A card is ``suit * 13 + rank`` with suits ``C=0, D=1, H=2, S=3`` and ranks
``0`` (two) … ``12`` (ace), so a higher int of the same suit is a higher card;
the jokers (option ``jokers``, SPR-14) are ``52`` (little) and ``53`` (big), spades
above the ace. A hand is an ``int`` whose bit ``card`` is set when the card is held;
the cards of one suit are the 13 bits ``suit * 13 …`` (spades: also bits 52 and 53,
so :data:`SUIT_MASKS` ``[SPADES]`` holds the jokers) — suit tests and "highest card"
are a mask and a ``bit_length``. Notation is rank + suit: ``"AS"``, ``"TD"``, ``"2C"``
(``"10D"`` is read as ``"TD"``), ``"LJ"`` and ``"BJ"`` for the jokers.

Which cards a game deals and how its spades rank (the 2 of spades above the ace with
``deuce_of_spades=high``) is a :class:`Deck` (:func:`deck_for`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final, NamedTuple

from mahai.core.errors import MalformedAction

Card = int
"""0…51: ``suit * 13 + rank`` (rank 0 is the two, 12 the ace); 52, 53: the little and big joker."""

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
RANKS: Final = "23456789TJQKA"
SUITS: Final = "CDHS"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
"""Suit names as used in error params (also msgids of the ``spades`` catalog)."""
SUIT_SYMBOLS: Final = "♣♦♥♠"
LITTLE_JOKER, BIG_JOKER = 52, 53
JOKERS: Final = 3 << 52
"""The mask of the two jokers."""
FULL_DECK: Final = (1 << 52) - 1
"""The standard 52 cards (no jokers)."""
SUIT_MASKS: Final = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39 | JOKERS)
"""One mask per suit; the jokers are spades (SPR-14)."""
TWO_OF_CLUBS: Final = 0
SUIT_OF: Final[tuple[int, ...]] = (*(c // 13 for c in range(52)), SPADES, SPADES)
"""The suit of each card (the jokers are spades)."""


CARD_TEXTS: Final[tuple[str, ...]] = (*(RANKS[c % 13] + SUITS[c // 13] for c in range(52)), "LJ", "BJ")


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
    if t in _JOKER_TEXTS:
        return _JOKER_TEXTS[t]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise MalformedAction("bad_card", domain="spades", text=text[:60] + ("…" if len(text) > 60 else ""))
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


_JOKER_TEXTS: Final = {"LJ": LITTLE_JOKER, "BJ": BIG_JOKER}


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


SUIT_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(_chunks(13 * s) for s in range(4))
"""``SUIT_CARDS[suit][bits]``: the cards of one suit whose 13 rank bits are ``bits``."""


JOKER_CARDS: Final[tuple[tuple[Card, ...], ...]] = (
    (), (LITTLE_JOKER,), (BIG_JOKER,), (LITTLE_JOKER, BIG_JOKER))
"""``JOKER_CARDS[mask >> 52]``: the jokers of a mask."""


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest first (clubs 2 … spades ace, little joker, big joker)."""
    top = mask >> 39  # the spades, then the jokers (a small int: cheap to test)
    if top > 0x1FFF:
        return [*SUIT_CARDS[0][mask & 0x1FFF], *SUIT_CARDS[1][mask >> 13 & 0x1FFF],
                *SUIT_CARDS[2][mask >> 26 & 0x1FFF], *SUIT_CARDS[3][top & 0x1FFF], *JOKER_CARDS[top >> 13]]
    return [*SUIT_CARDS[0][mask & 0x1FFF], *SUIT_CARDS[1][mask >> 13 & 0x1FFF],
            *SUIT_CARDS[2][mask >> 26 & 0x1FFF], *SUIT_CARDS[3][top]]


def _text_chunks(suit: int) -> tuple[tuple[str, ...], ...]:
    table: list[tuple[str, ...]] = [()]
    for chunk in range(1, 1 << 13):
        low = chunk & -chunk
        table.append((CARD_TEXTS[13 * suit + low.bit_length() - 1], *table[chunk ^ low]))
    return tuple(table)


SUIT_TEXTS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(_text_chunks(s) for s in range(4))
"""``SUIT_TEXTS[suit][bits]``: the notations of :data:`SUIT_CARDS` ``[suit][bits]``."""


_JOKER_TEXTS_OF: Final[tuple[tuple[str, ...], ...]] = ((), ("LJ",), ("BJ",), ("LJ", "BJ"))


_CLUB_TEXTS: Final[tuple[tuple[str, ...], ...]] = SUIT_TEXTS[0]
_DIAMOND_TEXTS: Final[tuple[tuple[str, ...], ...]] = SUIT_TEXTS[1]
_HEART_TEXTS: Final[tuple[tuple[str, ...], ...]] = SUIT_TEXTS[2]
_SPADE_TEXTS: Final[tuple[tuple[str, ...], ...]] = SUIT_TEXTS[3]


def texts(mask: int) -> tuple[str, ...]:
    """Card notations of ``mask``, lowest first (a tuple: views share them read-only)."""
    # One look-up per suit in the large tables (a view's hands and played cards change one
    # suit at a time, so their entries stay cached; a hand just dealt: state._texts_of).
    top = mask >> 39  # the spades, then the jokers (a small int: cheap to test)
    # Tuples added (an empty one costs nothing); compiled, cheaper than one unpacked.
    low = _CLUB_TEXTS[mask & 0x1FFF] + _DIAMOND_TEXTS[mask >> 13 & 0x1FFF] + _HEART_TEXTS[mask >> 26 & 0x1FFF]
    if top > 0x1FFF:
        return low + _SPADE_TEXTS[top & 0x1FFF] + _JOKER_TEXTS_OF[top >> 13]
    return low + _SPADE_TEXTS[top]


class Deck(NamedTuple):
    """The cards one game deals and how they rank (SPR-2, SPR-14); see :func:`deck_for`.

    Attributes:
        cards: the 52 cards dealt, in the order the shuffle starts from.
        mask: the same cards as a mask.
        first_club: the lowest club dealt (the two, the three with jokers): the first
            lead with ``first_lead=two_of_clubs``.
        power: per card (0…53), its rank in its suit; a higher power wins (side suits
            0…12; spades 0…12, then the 2 of spades when high, the little and the big joker).
        above: per card, the mask of the cards dealt of its suit that beat it.
        ranked: the card order differs from the int order within spades (the 2 of
            spades is high), so tricks are judged on :attr:`power`.
    """

    cards: tuple[Card, ...]
    mask: int
    first_club: Card
    power: tuple[int, ...]
    above: tuple[int, ...]
    ranked: bool


@cache
def deck_for(jokers: bool = False, high_deuce: bool = False) -> Deck:
    """The deck with or without the jokers (which replace the 2 of clubs and the 2 of
    diamonds), the 2 of spades low or just above the ace (SPR-14)."""
    cards = [c for c in range(52) if not (jokers and c in (0, 13))]
    if jokers:
        cards += [LITTLE_JOKER, BIG_JOKER]
    power = [c % 13 for c in range(52)] + [13, 14]
    if high_deuce:
        power[SPADES * 13] = 13
        power[LITTLE_JOKER], power[BIG_JOKER] = 14, 15
    mask = mask_of(cards)
    above = tuple(mask_of(d for d in cards if SUIT_OF[d] == SUIT_OF[c] and power[d] > power[c])
                  for c in range(54))
    return Deck(tuple(cards), mask, 1 if jokers else 0, tuple(power), above, high_deuce)
