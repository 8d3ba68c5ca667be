"""The registry of games: every installed distribution's entry points in the
group ``mahai.games`` (``name = "package:GAME"``). Mahai's own three games are
declared in its ``pyproject.toml``; a game in another package registers the
same way (README, "Adding a game"). Lookup is lazy: importing one game does not
import the others."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from mahai.core.errors import InvalidOptions
from mahai.core.game import Game

GROUP = "mahai.games"


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_")


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {_key(ep.name): ep for ep in entry_points(group=GROUP)}


def get_game(name: str) -> Game[Any, Any]:
    """The game named ``name`` (``"mille-bornes"`` or ``"mille_bornes"``).

    Raises:
        InvalidOptions: ``unknown_game`` if no such game is installed.
    """
    ep = _entry_points().get(_key(name))
    if ep is None:
        # named as the commands and the README write them ("mille-bornes"); both forms work
        raise InvalidOptions("unknown_game", game=name,
                             choices=", ".join(n.replace("_", "-") for n in available_games()))
    game = ep.load()
    if not isinstance(game, Game):
        raise TypeError(f"entry point {ep.value} is not a mahai Game")
    return game


def available_games() -> list[str]:
    """Names of the installed games, Mahai's own first, then the others by name."""
    own = ["mille_bornes", "spades", "denborazup"]
    names = list(_entry_points())
    return [n for n in own if n in names] + sorted(n for n in names if n not in own)
