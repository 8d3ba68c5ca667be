"""Players that are programs. A bot sees only what its seat may see: the
game's projection (:meth:`mahai.core.Game.observe`) and its legal actions.

A game declares its bots (:attr:`mahai.core.Game.bots`: name → ``"module:factory"``,
strongest first); ``"random"`` plays every game. Games declare levels for people
(:mod:`mahai.bots.levels`: ``expert``, ``strong``, ``medium``, ``easy``); the older technique
names ``heuristic`` and ``search`` still name the levels that play that way
(:data:`~mahai.bots.levels.ALIASES`) when the game declares that level.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from mahai.bots.base import Bot, RandomBot
from mahai.core.errors import InvalidOptions

BotFactory = Callable[[random.Random], Bot]


def _declared(game: str) -> dict[str, str]:
    from mahai.games import get_game  # lazy: a bot module may import its game

    return dict(get_game(game).bots)


def _resolve(game: str, name: str) -> str | None:
    """The factory path of bot ``name`` of ``game``: declared by the game; else an older name
    of a level the game declares (:data:`~mahai.bots.levels.ALIASES`); else a level of
    :data:`mahai.bots.levels.DECLARED` for that game (so the levels can be played by name while a
    game still declares its bots by technique). None: no such bot."""
    from mahai.bots.levels import ALIASES, DECLARED

    declared = _declared(game)
    if name in declared:
        return declared[name]
    alias = declared.get(ALIASES.get(name, ""))
    if alias is not None:
        return alias
    return DECLARED.get(game, {}).get(name)


def bot_names(game: str) -> list[str]:
    """Names of the bots that can play ``game``: the game's own, strongest first,
    then ``"random"``.

    Raises:
        InvalidOptions: ``unknown_game``.
    """
    return [*(n for n in _declared(game) if n != "random"), "random"]


DEFAULT_LEVEL = "strong"
"""The level that plays for people by default where a seat needs a bot (the web's stand-in and
new bot seats): strong, and quick (:mod:`mahai.bots.levels`)."""


def default_bot(game: str) -> str:
    """The bot that plays a seat of ``game`` by default: :data:`DEFAULT_LEVEL` when the game
    declares it, else its strongest bot (``random`` if it declares none).

    Raises:
        InvalidOptions: ``unknown_game``.
    """
    names = bot_names(game)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in names else names[0]


def check_bots(game: str, names: list[str]) -> None:
    """Raise :class:`InvalidOptions` (``unknown_bot``) unless every name is a bot of ``game``
    (an empty list too: someone has to play)."""
    known = bot_names(game)
    for name in names or [""]:
        if name not in known and _resolve(game, name) is None:
            raise InvalidOptions("unknown_bot", bot=name, choices=", ".join(known))


def bot_factory(game: str, name: str) -> BotFactory:
    """The factory of bot ``name`` of ``game``, imported on first use.

    Raises:
        InvalidOptions: ``unknown_bot`` (or ``unknown_game``).
    """
    if name == "random":
        return RandomBot
    path = _resolve(game, name)
    if path is None:
        raise InvalidOptions("unknown_bot", bot=name, choices=", ".join(bot_names(game)))
    module, _, attr = path.partition(":")
    factory: BotFactory = getattr(importlib.import_module(module), attr)
    return factory


def make_bot(game: str, name: str, rng: random.Random) -> Bot:
    """A new bot ``name`` for ``game`` (e.g. ``"expert"``, ``"random"``).

    Raises:
        InvalidOptions: ``unknown_bot``.
    """
    return bot_factory(game, name)(rng)


__all__ = ["DEFAULT_LEVEL", "Bot", "BotFactory", "RandomBot", "bot_factory", "bot_names", "check_bots",
           "default_bot", "make_bot"]
