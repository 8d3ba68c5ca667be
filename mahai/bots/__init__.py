"""Players that are programs. A bot sees only what its seat may see: the
game's projection (:meth:`mahai.core.Game.observe`) and its legal actions.

Bots register by ``(game name, bot name)``; ``"random"`` works for every game.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable

from mahai.bots.base import Bot, RandomBot
from mahai.core.errors import InvalidOptions

BotFactory = Callable[[random.Random], Bot]

# game name -> module that defines that game's bots (imported lazily)
BOT_MODULES: dict[str, str] = {
    "mille_bornes": "mahai.bots.mille_bornes",
    "spades": "mahai.bots.spades",
    "denborazup": "mahai.bots.denborazup",
}


def bot_names(game: str) -> list[str]:
    """Names of the bots that can play ``game`` (``"random"`` first)."""
    return ["random", *_game_bots(game)]


def _game_bots(game: str) -> dict[str, BotFactory]:
    module = BOT_MODULES.get(game)
    if module is None or importlib.util.find_spec(module) is None:
        return {}
    bots: dict[str, BotFactory] = importlib.import_module(module).BOTS
    return bots


def check_bots(game: str, names: list[str]) -> None:
    """Raise :class:`InvalidOptions` (``unknown_bot``) unless every name is a bot of ``game``
    (an empty list too: someone has to play)."""
    known = bot_names(game)
    for name in names or [""]:
        if name not in known:
            raise InvalidOptions("unknown_bot", bot=name, choices=", ".join(known))


def make_bot(game: str, name: str, rng: random.Random) -> Bot:
    """A new bot ``name`` for ``game`` (e.g. ``"heuristic"``, ``"random"``).

    Raises:
        InvalidOptions: ``unknown_bot``.
    """
    if name == "random":
        return RandomBot(rng)
    factory = _game_bots(game).get(name)
    if factory is None:
        raise InvalidOptions("unknown_bot", bot=name, choices=", ".join(bot_names(game)))
    return factory(rng)


__all__ = ["Bot", "RandomBot", "bot_names", "check_bots", "make_bot"]
