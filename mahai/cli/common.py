"""What the commands share: the game's table from the command line, bot lists, errors."""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

import typer
from rich.console import Console
from rich.text import Text

from mahai.bots import bot_names, check_bots
from mahai.core.errors import MahaiError
from mahai.core.game import Game
from mahai.core.options import parse_option_pairs
from mahai.core.text import printable
from mahai.games import available_games, get_game
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain


def fail(error: MahaiError, lang: str = DEFAULT_LANGUAGE) -> typer.Exit:
    """Print ``error`` in ``lang`` on stderr, its control characters shown as escapes (it may
    quote a file name, a record's field, an option's value); return the Exit to raise (code 2)."""
    # Text, not markup: a "[" in a path is not a style; soft_wrap: a long path stays whole
    Console(stderr=True, soft_wrap=True).print(Text(printable(explain(error, lang)), style="red"))
    return typer.Exit(code=2)


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise typer.BadParameter(f"choose one of {', '.join(LANGUAGES)}")
    return lang


GameArg = Annotated[str, typer.Argument(
    help="The game: " + ", ".join(name.replace("_", "-") for name in available_games()) + ".")]
EditionOpt = Annotated[str | None, typer.Option(
    help="The edition (default: the game's edition for the player count).")]
OptionPairs = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A rule option, k=v (repeatable).")]
PlayersOpt = Annotated[int | None, typer.Option(
    help="Players (default: the count the edition is made for, else the fewest it allows).")]
LangOpt = Annotated[str, typer.Option(help="eu, en, es or fr.", callback=check_lang)]


class TableSetup(NamedTuple):
    """A game, its options and the player count, as the command line asked."""

    game: Game[Any, Any]
    options: Any
    players: int


def table_setup(game_name: str, edition: str | None, pairs: list[str] | None,
                players: int | None) -> TableSetup:
    """The game named ``game_name``, the options of ``edition`` (default: the game's
    :meth:`~mahai.core.Game.default_edition` for ``players``) with ``k=v`` overrides, and the
    player count, checked. The default count is the first the options allow
    (:meth:`~mahai.core.Game.players`) for which the edition is the game's default edition
    (Spades ``standard``: 4, ``two_player``: 2), else the first they allow.

    Raises:
        InvalidOptions: ``unknown_game``, ``unknown_edition``, ``unknown_option``,
            ``bad_option_value``, ``bad_option_syntax``, ``bad_player_count``.
    """
    game = get_game(game_name)
    name = edition or game.default_edition(players)
    options = game.options(name, **parse_option_pairs(pairs or []))
    if players is None:
        allowed = [n for n in game.players(options) if _allows(game, options, n)] or [*game.players(options)]
        players = next((n for n in allowed if game.default_edition(n) == name), allowed[0])
    game.check_players(options, players)
    return TableSetup(game, options, players)


def _allows(game: Game[Any, Any], options: Any, players: int) -> bool:
    try:
        game.check_players(options, players)
    except MahaiError:
        return False
    return True


def bot_list(game: Game[Any, Any], text: str | None, default: list[str]) -> list[str]:
    """``"heuristic,random"`` → checked bot names; ``default`` when ``text`` is None.

    Raises:
        InvalidOptions: ``unknown_bot``.
    """
    names = [b.strip() for b in text.split(",") if b.strip()] if text is not None else default
    check_bots(game.name, names)
    return names


def strongest(game: Game[Any, Any]) -> str:
    """The game's strongest bot (``random`` if it declares none)."""
    return bot_names(game.name)[0]
