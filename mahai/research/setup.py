"""Choosing a game, its options and the player count, as both adapters take them."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, NamedTuple

from mahai.core.errors import MahaiError
from mahai.core.game import Game
from mahai.games import get_game
from mahai.i18n import explain


class Setup(NamedTuple):
    """A game, its options and the number of players."""

    game: Game[Any, Any]
    options: Any
    players: int


def resolve(game: str | Game[Any, Any], edition: str | None = None, players: int | None = None,
            options: Mapping[str, Any] | Any = None) -> Setup:
    """The game (a registered name, or a :class:`~mahai.core.Game` such as a
    DenboraZup game with its own deck), its options and its player count.

    ``options`` is a mapping of overrides applied to ``edition`` (e.g.
    ``{"target": 300}``, values as Python values or their text forms) or a
    complete options instance of the game (then ``edition`` is ignored).
    ``players`` defaults to the count the edition is made for
    (:meth:`Game.default_edition`), else the fewest it allows.

    Raises:
        TypeError: ``options`` is neither a mapping nor a dataclass instance.
        InvalidOptions: unknown game, edition, option or value; a player count
            the options do not allow (``bad_player_count``); its message is the code and
            its values, and a note (shown under it in a traceback) says it in English.
    """
    try:
        return _resolve(game, edition, players, options)
    except MahaiError as error:  # a researcher reads a traceback: the sentence a player would read
        error.add_note(explain(error, "en"))
        raise


def _resolve(game: str | Game[Any, Any], edition: str | None, players: int | None,
             options: Mapping[str, Any] | Any) -> Setup:
    g = get_game(game) if isinstance(game, str) else game
    name = edition or g.default_edition(players)
    opts: Any
    if options is None or isinstance(options, Mapping):
        opts = g.options(name, **(options or {}))
    elif dataclasses.is_dataclass(options) and not isinstance(options, type):
        opts = options
    else:
        raise TypeError(f"options must be a mapping or an options instance, not {options!r}")
    if players is None:
        allowed = [n for n in g.players(opts) if _allows(g, opts, n)] or list(g.players(opts))
        players = next((n for n in allowed if g.default_edition(n) == name), allowed[0])
    g.check_players(opts, players)
    return Setup(g, opts, players)


def _allows(game: Game[Any, Any], options: Any, players: int) -> bool:
    try:
        game.check_players(options, players)
    except MahaiError:
        return False
    return True
