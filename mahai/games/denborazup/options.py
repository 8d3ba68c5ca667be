"""DenboraZup options and editions (``docs/rules/denborazup.md``).

The option ``mode`` names an edition; what each edition changes in the rules is data
(:class:`ModeRules`, in :data:`RULES`), and the rules read those fields, never the name.
The option ``direction`` says which way the coin passes and stars resolve (DZR-5, DZR-10):
``right`` (the sheet's, seat − 1 as in every Mahai game, DZC-6) or ``left`` (seat + 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Mode = Literal["multi", "solo", "long"]
Direction = Literal["right", "left"]


@dataclass(frozen=True)
class ModeRules:
    """What an edition changes in the rules.

    Attributes:
        players: the player counts it allows (DZR-3: 2–8; DZR-12: 1).
        hand_size: cards dealt to each player (DZR-4: 5; DZR-12: 4).
        passing: whether a player may pass instead of placing (DZR-5; not in solo, DZR-12).
        stars: whether a correct star card gives its player a choice (DZR-10; not in solo).
        catch_calls: whether a missed "DenboraZup!" call may be caught (DZR-8; not in solo).
        long_timeline: correct cards stay in a growing timeline and placements name a slot
            (DZR-13).
        result: ``"cards_left"`` (DZR-9: a player with no cards wins; scores are the cards
            held) or ``"cards_used"`` (DZR-12: the cards used, with a rating word).
    """

    players: tuple[int, ...]
    hand_size: int
    passing: bool
    stars: bool
    catch_calls: bool
    long_timeline: bool
    result: Literal["cards_left", "cards_used"]


RULES: dict[Mode, ModeRules] = {
    "multi": ModeRules(tuple(range(2, 9)), 5, True, True, True, False, "cards_left"),
    "solo": ModeRules((1,), 4, False, False, False, False, "cards_used"),
    "long": ModeRules(tuple(range(2, 9)), 5, True, True, True, True, "cards_left"),
}
"""Mode → its rules (DZR-3 … DZR-13)."""


@dataclass(frozen=True)
class DenboraZupOptions:
    """``mode``: ``multi`` (DZR-3…11, 2–8 players), ``solo`` (DZR-12, 1 player) or
    ``long`` (the long timeline, DZR-13, 2–8 players); :attr:`rules` says what it changes.
    ``direction``: ``right`` (seat − 1, the sheet's, DZR-5, DZC-6) or ``left`` (seat + 1).
    ``handles`` (internal, not a player's choice): hidden cards go by per-game handles
    (:mod:`.state`); False only for records saved before handles existed."""

    mode: Mode = field(default="multi", metadata={"help": (
        "Several players race to empty their hands; solo, one player tries to use as few cards as "
        "possible; in the long timeline every card placed right stays on the table.")})
    # DZR-5, DZR-10: the sheet's (004) direction is to the right
    direction: Direction = field(default="right", metadata={
        "help": "The coin passes, and star cards resolve, to the right (as the rule sheet says) or to "
                "the left."})
    # Internal: a record saved before the handles existed names hidden cards by id and
    # replays so (DenboraZupGame.options_from_json); no player chooses it.
    handles: bool = field(default=True, metadata={
        "internal": True,
        "help": "Hidden cards go by handles drawn for this game, never by their deck id."})

    @property
    def rules(self) -> ModeRules:
        """The rules of this mode (:data:`RULES`)."""
        return RULES[self.mode]


EDITIONS: dict[str, DenboraZupOptions] = {
    "multi": DenboraZupOptions("multi"),
    "solo": DenboraZupOptions("solo"),
    "long": DenboraZupOptions("long"),
}
"""Edition name → options; ``multi`` is the default."""
