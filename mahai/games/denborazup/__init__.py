"""DenboraZup (``docs/rules/denborazup.md``): a timeline card game on the history of the Basque
Country (DZR-1 … DZR-14).

Use :data:`GAME`, which plays with the package deck (``data/events.csv``, loaded on first use);
build ``DenboraZupGame(deck=load_deck(...))`` to play with another deck::

    >>> from mahai.games.denborazup import GAME
    >>> state = GAME.new(GAME.options("solo"), players=1, seed=7)
    >>> [a.notation() for a in state.legal_actions(0)]
    ['flip']
    >>> GAME.players(GAME.options("long")), GAME.default_edition(1)
    ((2, 3, 4, 5, 6, 7, 8), 'solo')

Modes are the option ``mode`` (editions of the same name): ``multi`` (default, 2–8 players),
``solo`` (1 player) and ``long`` (the long timeline); what each changes is data
(:class:`ModeRules`).

Modules: :mod:`.game` (:class:`DenboraZupGame`), :mod:`.cards` (:class:`HistoryCard`,
:class:`Deck`, dates, the chronology),
:mod:`.deck` (the CSV deck file: load and check), :mod:`.options` (:class:`DenboraZupOptions`,
:class:`ModeRules`), :mod:`.actions` (actions and notation), :mod:`.scoring` (the solo rating,
the tie-break distance), :mod:`.state` (:class:`DenboraZupState`), :mod:`.view` (the
projection: :class:`DenboraZupObservation`), :mod:`.describe` (action and event text).
"""

from __future__ import annotations

from mahai.games.denborazup.actions import (
    Catch,
    Choose,
    DenboraZupAction,
    Flip,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
    parse_action,
)
from mahai.games.denborazup.cards import (
    DOMAIN,
    Deck,
    HistoryCard,
    card_json,
    chronology,
    format_date,
    format_parts,
    format_year,
    sort_key,
)
from mahai.games.denborazup.deck import DECK_PATH, DeckError, deck_problems, load_deck, package_deck
from mahai.games.denborazup.game import DenboraZupGame
from mahai.games.denborazup.options import EDITIONS, RULES, DenboraZupOptions, Mode, ModeRules
from mahai.games.denborazup.scoring import SOLO_LAST_RATING, SOLO_RATINGS, solo_rating, tiebreak_distance
from mahai.games.denborazup.state import DenboraZupState, Judged
from mahai.games.denborazup.view import CardFace, DenboraZupObservation, Placement, TieBreak

GAME = DenboraZupGame()

__all__ = [
    "DECK_PATH",
    "DOMAIN",
    "EDITIONS",
    "GAME",
    "RULES",
    "SOLO_LAST_RATING",
    "SOLO_RATINGS",
    "CardFace",
    "Catch",
    "Choose",
    "Deck",
    "DeckError",
    "DenboraZupAction",
    "DenboraZupGame",
    "DenboraZupObservation",
    "DenboraZupOptions",
    "DenboraZupState",
    "Flip",
    "HistoryCard",
    "Judged",
    "Mode",
    "ModeRules",
    "Pass",
    "Place",
    "Placement",
    "StarGive",
    "StarReplace",
    "TieBreak",
    "Vote",
    "Waive",
    "card_json",
    "chronology",
    "deck_problems",
    "format_date",
    "format_parts",
    "format_year",
    "load_deck",
    "package_deck",
    "parse_action",
    "solo_rating",
    "sort_key",
    "tiebreak_distance",
]
