"""The terminal in French keeps the catalogs' no-break spaces: Rich broke lines at them (its
words are split on ``\\s``, which matches U+00A0), so a narrow terminal showed "?" or ":" or "»"
at the start of a line and "«" at the end of one (173 such lines in one French game of each game
at 30 to 80 columns; 7 at 80 in DenboraZup). :mod:`mahai.tui.nbsp`."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from mahai.games import available_games, get_game
from mahai.tui.driver import Terminal

BROKEN_START = re.compile(r"^[\s│]*[?:!;»]")
"""A line that starts with what a no-break space ties to the word before it."""


def broken_lines(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if BROKEN_START.match(line) or line.rstrip(" │").endswith(("«", "\u00a0", "\u202f"))]


@pytest.mark.parametrize("width", [30, 50, 80])
@pytest.mark.parametrize("name", ["mille_bornes", "spades", "denborazup"])
def test_a_french_terminal_never_breaks_a_line_at_a_no_break_space(name: str, width: int) -> None:
    if name not in available_games():
        pytest.skip(f"{name} is not installed")
    game = get_game(name)
    out = io.StringIO()
    table = Terminal(game, game.options(), 4 if name == "spades" else 2, 0, 3, lang="fr", bots=["random"],
                     console=Console(file=out, width=width, color_system=None),
                     input_fn=lambda prompt: "", max_moves=150)
    table.run()
    text = out.getvalue()
    assert "\u00a0:" in text  # the French catalogs' spaces are there to be kept
    assert not broken_lines(text), broken_lines(text)[:5]


def test_a_word_too_long_for_the_line_still_folds() -> None:
    """Tied words wider than the terminal are cut where the width ends, as any long word."""
    out = io.StringIO()
    Console(file=out, width=8, color_system=None).print("a «\u00a0DenboraZup!\u00a0» b")
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 8 for line in lines) and "".join(lines).replace(" ", "") == \
        "a«\u00a0DenboraZup!\u00a0»b".replace(" ", "")
