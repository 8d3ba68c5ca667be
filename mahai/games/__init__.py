"""The registry of games. Each game package exposes ``GAME``; lookup is lazy so
importing one game does not import the others."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from mahai.core.errors import InvalidOptions
from mahai.core.game import Game

GAME_MODULES: dict[str, str] = {
    "mille_bornes": "mahai.games.mille_bornes",
    "spades": "mahai.games.spades",
    "denborazup": "mahai.games.denborazup",
}


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def get_game(name: str) -> Game[Any, Any]:
    """The game named ``name`` (``"mille-bornes"`` or ``"mille_bornes"``).

    Raises:
        InvalidOptions: ``unknown_game`` if no such game is installed.
    """
    module = GAME_MODULES.get(_key(name))
    if module is None:
        raise InvalidOptions("unknown_game", game=name, choices=", ".join(available_games()))
    try:
        game: Game[Any, Any] = importlib.import_module(module).GAME
    except ModuleNotFoundError:
        raise InvalidOptions("unknown_game", game=name, choices=", ".join(available_games())) from None
    return game


def available_games() -> list[str]:
    """Names of the games whose package is present."""
    out = []
    for key, module in GAME_MODULES.items():
        if importlib.util.find_spec(module) is not None:
            out.append(key)
    return out
