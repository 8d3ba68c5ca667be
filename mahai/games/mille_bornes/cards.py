"""Cards of Mille Bornes as small ints, with their codes (rules table "Cards").

Internally a card is an int 0..18; front ends, notation and views use the card
*code* (English, snake case: ``"25"``, ``"stop"``, ``"right_of_way"``). The
Basque name of a card is the catalog entry ``card.<code>`` of the
``mille_bornes`` gettext domain (sheet 000 terms, e.g. ``card.stop`` →
"semaforo gorria").
"""

from __future__ import annotations

from typing import Final

# Final: the compiled build reads them as C constants, not module-dict lookups.
# distance (kilometro-karta)
D25: Final = 0
D50: Final = 1
D75: Final = 2
D100: Final = 3
D200: Final = 4
# hazards (eraso-karta)
STOP: Final = 5
SPEED_LIMIT: Final = 6
OUT_OF_GAS: Final = 7
FLAT_TIRE: Final = 8
ACCIDENT: Final = 9
# remedies (defentsa-karta)
ROLL: Final = 10
END_OF_LIMIT: Final = 11
GASOLINE: Final = 12
SPARE_TIRE: Final = 13
REPAIRS: Final = 14
# safeties (babes-karta)
RIGHT_OF_WAY: Final = 15
EXTRA_TANK: Final = 16
PUNCTURE_PROOF: Final = 17
DRIVING_ACE: Final = 18

N_KINDS: Final = 19

CODES: Final[tuple[str, ...]] = (
    "25", "50", "75", "100", "200",
    "stop", "speed_limit", "out_of_gas", "flat_tire", "accident",
    "roll", "end_of_limit", "gasoline", "spare_tire", "repairs",
    "right_of_way", "extra_tank", "puncture_proof", "driving_ace",
)
CARD_OF: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}

KM: Final[tuple[int, ...]] = (25, 50, 75, 100, 200) + (0,) * 14

FULL_COUNTS: Final[tuple[int, ...]] = (10, 10, 10, 12, 4, 5, 4, 3, 3, 3, 14, 6, 6, 6, 6, 1, 1, 1, 1)
"""Copies of each card in the 106-card deck (MBR-2)."""
REDUCED_COUNTS: Final[tuple[int, ...]] = tuple(
    c - 1 if STOP <= i <= ACCIDENT else c for i, c in enumerate(FULL_COUNTS)
)
"""The 101-card deck of 2- and 3-player games: one of each hazard removed (MBR-2)."""

SAFETY_OF: Final[tuple[int, ...]] = (-1,) * 5 + (
    RIGHT_OF_WAY, RIGHT_OF_WAY, EXTRA_TANK, PUNCTURE_PROOF, DRIVING_ACE
) + (-1,) * 9
"""hazard → the safety that protects from it (-1 for other cards)."""
REMEDY_OF: Final[tuple[int, ...]] = (
    (-1,) * 5 + (ROLL, END_OF_LIMIT, GASOLINE, SPARE_TIRE, REPAIRS) + (-1,) * 9)
"""hazard → its remedy (roll answers stop, end of limit answers speed limit)."""
HAZARD_OF_REMEDY: Final[dict[int, int]] = {GASOLINE: OUT_OF_GAS, SPARE_TIRE: FLAT_TIRE, REPAIRS: ACCIDENT,
                                    END_OF_LIMIT: SPEED_LIMIT}


def is_distance(card: int) -> bool:
    return card <= D200


def is_hazard(card: int) -> bool:
    return STOP <= card <= ACCIDENT


def is_remedy(card: int) -> bool:
    """True for gasoline, spare tire, repairs and end of limit (roll is apart)."""
    return END_OF_LIMIT <= card <= REPAIRS


def is_safety(card: int) -> bool:
    return card >= RIGHT_OF_WAY


def safety_bit(card: int) -> int:
    """The bit of a safety in a team's safety mask."""
    return 1 << (card - RIGHT_OF_WAY)


def kind(card: int) -> str:
    """``"distance"``, ``"hazard"``, ``"remedy"`` (roll included) or ``"safety"``."""
    if card <= D200:
        return "distance"
    if card <= ACCIDENT:
        return "hazard"
    if card <= REPAIRS:
        return "remedy"
    return "safety"


def deck(reduced: bool) -> list[int]:
    """A fresh, unshuffled deck: 101 cards if ``reduced`` else 106 (MBR-2)."""
    counts = REDUCED_COUNTS if reduced else FULL_COUNTS
    return [card for card, n in enumerate(counts) for _ in range(n)]
