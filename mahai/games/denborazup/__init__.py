"""DenboraZup: a timeline card game on the history of the Basque Country (DZR-1 … DZR-14).

``GAME`` plays with the package deck (``data/events.csv``, loaded on first use); build
``DenboraZupGame(deck=load_deck(...))`` to play with another deck. Modes are the option
``mode``: ``multi`` (default, 2–8 players), ``solo`` (1 player) and ``long`` (long timeline).
"""

from mahai.games.denborazup.deck import (
    DECK_PATH,
    Deck,
    DeckError,
    Event,
    chronology,
    deck_problems,
    format_date,
    format_year,
    load_deck,
    package_deck,
    sort_key,
)
from mahai.games.denborazup.game import DenboraZupGame, DenboraZupObservation
from mahai.games.denborazup.rules import (
    Catch,
    Choose,
    DenboraZupOptions,
    DenboraZupState,
    Flip,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
    solo_rating,
)

GAME = DenboraZupGame()

__all__ = [
    "DECK_PATH",
    "GAME",
    "Catch",
    "Choose",
    "Deck",
    "DeckError",
    "DenboraZupGame",
    "DenboraZupObservation",
    "DenboraZupOptions",
    "DenboraZupState",
    "Event",
    "Flip",
    "Pass",
    "Place",
    "StarGive",
    "StarReplace",
    "Vote",
    "Waive",
    "chronology",
    "deck_problems",
    "format_date",
    "format_year",
    "load_deck",
    "package_deck",
    "solo_rating",
    "sort_key",
]
