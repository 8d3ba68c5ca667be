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


def tiebreak_distance(year: int, reference_year: int) -> int:
    """DZR-9: how far (in years, before or after) a chosen event lies from the reference.

    >>> tiebreak_distance(1898, 1997), tiebreak_distance(2011, 1997)
    (99, 14)
    """
    return abs(year - reference_year)
