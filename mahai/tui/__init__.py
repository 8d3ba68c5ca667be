"""Terminal front end: one driver (:mod:`mahai.tui.driver`) for every game, and a small
screen per game (:mod:`mahai.tui.screen`) for its layout and shortcuts.

Mahai's own games have their screens here; a game from another package may declare one
in the entry-point group ``mahai.screens`` (``name = "package.module:ScreenClass"``), else
it gets the generic :class:`~mahai.tui.screen.Screen`.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from mahai.core.game import Game
from mahai.tui.nbsp import keep_no_break_spaces
from mahai.tui.screen import Screen

keep_no_break_spaces()  # every terminal screen is drawn by Rich (mahai.tui.nbsp)

SCREENS = {
    "mille_bornes": "mahai.tui.mille_bornes:MilleBornesScreen",
    "spades": "mahai.tui.spades:SpadesScreen",
    "denborazup": "mahai.tui.denborazup:DenboraZupScreen",
}
"""Game name → ``"module:class"`` of the screens shipped with Mahai."""
GROUP = "mahai.screens"


def screen_for(game: Game[Any, Any], lang: str, players: int) -> Screen:
    """The screen of ``game`` for ``players`` in ``lang``: Mahai's own, a plug-in's (entry point
    :data:`GROUP`), or the generic :class:`Screen`."""
    path = SCREENS.get(game.name)
    if path is None:
        found = [ep for ep in entry_points(group=GROUP) if ep.name == game.name]
        path = found[0].value if found else None
    if path is None:
        return Screen(game, lang, players)
    module, _, attr = path.partition(":")
    cls: type[Screen] = getattr(importlib.import_module(module), attr)
    return cls(game, lang, players)


__all__ = ["SCREENS", "Screen", "screen_for"]
