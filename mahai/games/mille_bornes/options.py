"""Editions and options of Mille Bornes: one frozen dataclass, editions are instances.

``eu`` (sheet 000, the default), ``classic`` (older editions, sheet 003),
``2016`` (the current edition, sheet 003) and ``bsd`` (BSD mille, ``man 6 mille``:
two players, MBR-28); every variant and FAQ point of sheet 003, and each rule in which
other programs differ (MBR-25..27), is a named field, so any edition can switch it
(``--option fast_game=yes``).
An edition is only data: no rule asks for its name (``edition`` is a label). Each
field's help is its ``metadata["help"]``: one English sentence for players, without option
names, codes or rule ids (the comment above each field cites its rules); the ``en`` catalog's
msgid ``option.<name>`` says the same, and the other catalogs translate it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mahai.core.errors import InvalidOptions

Edition = Literal["eu", "classic", "2016", "bsd"]
Exhaustion = Literal["play_out", "end", "reshuffle"]


def _help(text: str) -> dict[str, str]:
    return {"help": text}


@dataclass(frozen=True)
class MilleBornesOptions:
    """The rules in force (see each field's ``metadata["help"]``)."""

    # eu: sheet 000; classic, 2016: sheet 003; bsd: BSD mille, MBR-28
    edition: Edition = field(default="eu", metadata=_help(
        "Base rules: Heraclio Fournier's Basque sheet, the classic editions, the 2016 edition or BSD "
        "mille (two players)."))
    # MBR-3 (right, eu); left: classic, 2016
    direction: Literal["right", "left"] = field(default="right", metadata=_help(
        "Direction of play: to the right (as the Basque sheet says) or to the left."))
    # MBR-10 (draw), MBR-23 (play)
    coup_fourre_closes: Literal["draw", "play"] = field(default="draw", metadata=_help(
        "How long a coup fourré may be called: until the next player draws, or until they play or "
        "discard."))
    # MBR-14..17; off: MBR-24
    older_scoring: bool = field(default=True, metadata=_help(
        "The older editions' bonuses, and legs played until someone reaches the game's target points; "
        "off: a single leg, scored by distance, safeties and coups fourrés."))
    # MBR-17
    game_target: int = field(default=5000, metadata={**_help(
        "The points that end a game of several legs (5000 on the rule sheets)."), "min": 1, "max": 50_000})
    # MBR-2, MBR-12
    trip_by_players: bool = field(default=True, metadata=_help(
        "With two players, as with three, the deck has 101 cards and the trip is 700 km with the "
        "extension; off: 106 cards and 1000 km."))
    # MBR-1
    team_play: bool = field(default=True, metadata=_help(
        "Four to six players play in teams of two: partners sit apart, with opponents between them, "
        "and share their piles."))
    # sheet 003, fast game
    fast_game: bool = field(default=False, metadata=_help(
        "A hazard may be answered at once, out of turn, with its remedy; on one's turn any number of "
        "cards may be discarded, drawing back to six."))
    # MBR-20
    draw_from_discard: bool = field(default=False, metadata=_help(
        "A turn may start by taking the top card of the discard pile instead of drawing from the draw "
        "pile."))
    # sheet 003 FAQ; off: MBR-6
    hazard_on_hazard: bool = field(default=False, metadata=_help(
        "A hazard may be played on another hazard; only the top one needs its remedy."))
    # MBR-8; off: MBR-21
    roll_after_remedy: bool = field(default=True, metadata=_help(
        "After a remedy a roll is needed again before playing distance; off: distance may follow the "
        "remedy at once."))
    # play_out: MBR-13; reshuffle: MBR-20
    deck_exhaustion: Exhaustion = field(default="play_out", metadata=_help(
        "When the draw pile runs out: the hands are played out, the leg ends, or the discard pile is "
        "shuffled into a new draw pile."))
    # sheet 003 FAQ; MBR-7
    hazard_before_first_roll: bool = field(default=True, metadata=_help(
        "Hazards may be played before one's own first roll (speed limits always may)."))
    # MBR-22; off: MBR-11
    exceed_target: bool = field(default=False, metadata=_help(
        "Distance may go past the trip's target; off: the trip must end exactly on it."))
    # MBR-12; off: MBR-22
    short_trip: bool = field(default=True, metadata=_help(
        "With three or six players (and two, with “Trip by number of players”) the trip is 700 km "
        "with the extension; otherwise always 1000 km."))
    # MBR-1 (2016 team game)
    five_players: bool = field(default=False, metadata=_help(
        "Five may play too, as two teams of two and one player alone (as in the 2016 edition); off: "
        "2, 3, 4 or 6 players."))
    # MBR-25; off: MBR-9
    safety_restarts: bool = field(default=False, metadata=_help(
        "A safety laid in a normal turn on its own hazard lets the player drive on at once, without a "
        "roll (BSD mille); off: a roll is still needed."))
    # MBR-26; off: MBR-16
    extension_to_completer: bool = field(default=False, metadata=_help(
        "The 200-point extension bonus goes to whoever completes the extended trip, and to nobody if "
        "nobody does (BSD mille); off: to the caller if they complete it, otherwise to every "
        "opponent."))
    # MBR-4; off: MBR-27
    discard_safeties: bool = field(default=True, metadata=_help(
        "Safeties may be discarded like any other card; off: a safety can only be laid (BSD mille)."))
    # MBR-28
    two_players_only: bool = field(default=False, metadata=_help(
        "Only two players may play (BSD mille is a game for two)."))

    def __post_init__(self) -> None:
        if self.game_target < 1:
            raise InvalidOptions("bad_option_value", option="game_target", value=str(self.game_target),
                                 choices="1 …")


EU = MilleBornesOptions()
CLASSIC = MilleBornesOptions(edition="classic", direction="left", coup_fourre_closes="play",
                             trip_by_players=False)
EDITION_2016 = MilleBornesOptions(
    edition="2016", direction="left", coup_fourre_closes="play", older_scoring=False,
    trip_by_players=False, draw_from_discard=True, roll_after_remedy=False,
    deck_exhaustion="reshuffle", exceed_target=True, short_trip=False, five_players=True,
)

BSD = MilleBornesOptions(
    edition="bsd", safety_restarts=True, extension_to_completer=True, discard_safeties=False,
    two_players_only=True,
)
"""BSD mille (``man 6 mille``, MBR-28): eu's two-player game (101 cards, 700 km and the
extension, the older scoring to 5000) with BSD's three rule changes (MBR-25..27)."""

EDITIONS: dict[str, MilleBornesOptions] = {"eu": EU, "classic": CLASSIC, "2016": EDITION_2016, "bsd": BSD}
"""Edition name → options; ``eu`` first (the default)."""


def player_counts(options: MilleBornesOptions) -> tuple[int, ...]:
    """The player counts ``options`` allow (MBR-1): 2, 3, 4, 6, and 5 with ``five_players``;
    only 2 with ``two_players_only`` (MBR-28)."""
    if options.two_players_only:
        return (2,)
    return (2, 3, 4, 5, 6) if options.five_players else (2, 3, 4, 6)
