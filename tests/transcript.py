"""Readable transcripts of game records, for golden tests: each action as
``describe_action`` names it and each event as one viewer reads it
(``describe_event``), rendered in one language. A rule change shows up as a
line-by-line diff of sentences instead of a changed hash."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from mahai.core import Game, GameRecord, Seat
from mahai.i18n import render

SEAT_NAMES = "ABCDEFGH"


def transcript(game: Game[Any, Any], record: GameRecord, viewer: Seat | None = 0, lang: str = "eu") -> str:
    """The record as text: ``v<version> <seat>: <action>`` per step, then
    ``  <sentence>`` per event as ``viewer`` reads it; seats are named A, B, …"""
    lines = []
    name = SEAT_NAMES.__getitem__
    for step in record.steps(game):
        if step.seat is not None and step.notation is not None:
            action = render(game.describe_action(game.parse_action(step.notation)), lang, name)
            lines.append(f"v{step.version} {SEAT_NAMES[step.seat]}: {action}")
        for event in step.events:
            seen = game.project_event(event, viewer)
            message = game.describe_event(seen, viewer) if seen is not None else None
            if message is not None:
                lines.append("  " + render(message, lang, name))
    return "\n".join(lines) + "\n"


def transcript_diff(path: Path, text: str) -> list[str]:
    """The unified diff between the golden transcript at ``path`` and ``text`` (empty: equal)."""
    expected = path.read_text(encoding="utf-8").splitlines()
    return list(difflib.unified_diff(expected, text.splitlines(), "golden", "now", lineterm="", n=1))
