"""DenboraZup results: the solo rating (DZR-12) and the tie-break distance (DZR-9)."""

from __future__ import annotations

SOLO_RATINGS: tuple[tuple[int, str], ...] = (
    (4, "Bikain"), (5, "Oso ondo"), (6, "Ondo"), (7, "Saiatu da"), (8, "Ikasi pixka bat gehiago"),
)
"""(most cards used, rating word) in order (DZR-12)."""
SOLO_LAST_RATING = "Segi jolasten"
"""The rating for 9 cards used or more (DZR-12)."""


def solo_rating(cards_used: int) -> str:
    """DZR-12: the Basque rating word(s) for ``cards_used`` (4 → "Bikain" … 9+ → "Segi jolasten").
    The words are also the msgids of their translations in the ``denborazup`` catalog.

    >>> solo_rating(4), solo_rating(6), solo_rating(12)
    ('Bikain', 'Ondo', 'Segi jolasten')
    """
    for limit, word in SOLO_RATINGS:
        if cards_used <= limit:
            return word
    return SOLO_LAST_RATING


def years_between(year: int, other: int) -> int:
    """How many years lie between two historical years (DZR-1: …, −1 = 1 BC, 1 = AD 1, no year 0):
    1 BC and AD 1 are one year apart, not two (DZC-7).

    >>> years_between(-1, 1), years_between(2, 1), years_between(-44, 14), years_between(1898, 1997)
    (1, 1, 57, 99)

    Raises:
        ValueError: a year is 0 (it does not exist, DZC-2).
    """
    if year == 0 or other == 0:
        raise ValueError("there is no year 0 (DZR-1)")
    return abs(_astronomical(year) - _astronomical(other))


def _astronomical(year: int) -> int:
    """Historical year → astronomical numbering (1 BC = 0, 2 BC = −1; AD years unchanged)."""
    return year + 1 if year < 0 else year


def tiebreak_distance(year: int, reference_year: int) -> int:
    """DZR-9: how far (in years, before or after) a chosen event lies from the reference, counted
    across the era boundary without a year 0 (:func:`years_between`, DZC-7).

    >>> tiebreak_distance(1898, 1997), tiebreak_distance(2011, 1997)
    (99, 14)
    >>> tiebreak_distance(-1, 1), tiebreak_distance(2, 1)    # 1 BC and AD 2 tie against AD 1
    (1, 1)

    Raises:
        ValueError: a year is 0.
    """
    return years_between(year, reference_year)
