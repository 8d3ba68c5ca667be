"""Editions and options of Mille Bornes: one frozen dataclass, editions are instances.

``eu`` (sheet 000, the default), ``classic`` (older editions, sheet 003),
``2016`` (the current edition, sheet 003) and ``bsd`` (BSD mille, ``man 6 mille``:
two players, MBR-28); every variant and FAQ point of sheet 003, and each rule in which
other programs differ (MBR-25..27), is a named field, so any edition can switch it
(``--option fast_game=yes``).
An edition is only data: no rule asks for its name (``edition`` is a label). Each
field's one-line help is its ``metadata["help"]`` (English; the catalog translates
msgid ``option.<name>``).
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

    edition: Edition = field(default="eu", metadata=_help(
        "Base rules: eu (Basque sheet 000), classic (older editions), 2016 (current edition) "
        "or bsd (BSD mille, two players)."))
    direction: Literal["right", "left"] = field(default="right", metadata=_help(
        "Direction of play: right (eu, MBR-3) or left (classic, 2016)."))
    coup_fourre_closes: Literal["draw", "play"] = field(default="draw", metadata=_help(
        "A coup fourré must be called before the next player draws (draw) "
        "or before they play or discard (play) (MBR-10, MBR-23)."))
    older_scoring: bool = field(default=True, metadata=_help(
        "Bonus scoring and several legs to game_target points (MBR-14..17); "
        "off: one hand, km + safeties + coups fourrés (MBR-24)."))
    game_target: int = field(default=5000, metadata=_help(
        "Points that end a multi-leg game (MBR-17, 5000)."))
    trip_by_players: bool = field(default=True, metadata=_help(
        "Two players play with 101 cards to 700 km with the extension, like three "
        "(MBR-2, MBR-12); off: 106 cards and 1000 km."))
    team_play: bool = field(default=True, metadata=_help(
        "Four to six players play in teams of two sharing a tableau, alternate seats (MBR-1)."))
    fast_game: bool = field(default=False, metadata=_help(
        "A hazard may be answered at once with its remedy, out of turn; a turn may be spent "
        "discarding cards and drawing back to six (sheet 003 fast game)."))
    draw_from_discard: bool = field(default=False, metadata=_help(
        "A turn may start by taking the top card of the discard pile (MBR-20)."))
    hazard_on_hazard: bool = field(default=False, metadata=_help(
        "A hazard may be played on another hazard; only the top one needs its remedy."))
    roll_after_remedy: bool = field(default=True, metadata=_help(
        "After a remedy a roll is needed again before distance (MBR-8; off: MBR-21)."))
    deck_exhaustion: Exhaustion = field(default="play_out", metadata=_help(
        "When the draw pile runs out: play_out the hands (MBR-13), end the leg, "
        "or reshuffle the discard pile into a new draw pile (MBR-20)."))
    hazard_before_first_roll: bool = field(default=True, metadata=_help(
        "Hazards may be played before one's own first roll (speed limits are always allowed)."))
    exceed_target: bool = field(default=False, metadata=_help(
        "Distance may pass the target (MBR-22); off: the trip must end exactly (MBR-11)."))
    short_trip: bool = field(default=True, metadata=_help(
        "Three and six players (two with trip_by_players) play 700 km with the extension "
        "(MBR-12); off: always 1000 km (MBR-22)."))
    five_players: bool = field(default=False, metadata=_help(
        "Five may play, in teams of two and one (2016 team game, MBR-1); "
        "off: 2, 3, 4 or 6 players."))
    safety_restarts: bool = field(default=False, metadata=_help(
        "A safety laid in a normal turn on its own hazard lets the team drive at once, without "
        "a roll (MBR-25; BSD mille); off: a roll is still needed (MBR-9)."))
    extension_to_completer: bool = field(default=False, metadata=_help(
        "The 200-point extension bonus goes to whoever completes the extended trip, nobody if "
        "nobody does (MBR-26; BSD mille); off: the caller, or else every other team (MBR-16)."))
    discard_safeties: bool = field(default=True, metadata=_help(
        "Safeties may be discarded (MBR-4); off: a safety can only be laid (MBR-27; BSD mille)."))
    two_players_only: bool = field(default=False, metadata=_help(
        "Only two players may play (BSD mille is a two-handed game, MBR-28)."))

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
