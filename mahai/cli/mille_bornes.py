"""``mahai play mille-bornes`` and ``mahai simulate mille-bornes``."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import typer

from mahai.cli.app import play_app, simulate_app
from mahai.cli.common import check_lang, fail, parse_bot_list, simulate_command
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.core.options import parse_option_pairs
from mahai.games.mille_bornes import GAME, MilleBornesOptions
from mahai.i18n import DEFAULT_LANGUAGE

OptionPairs = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A rule option, k=v (repeatable).")]


def legs_per_game(state: Any) -> dict[str, float]:
    """The simulation's extra figure: legs played (module level, so worker processes can pickle it)."""
    counts: dict[str, float] = state.extra_counts()
    return counts


def build_options(edition: str, option: list[str] | None, players: int) -> MilleBornesOptions:
    """The options of ``edition`` with ``k=v`` overrides, checked for ``players``.

    Raises:
        InvalidOptions: unknown edition or option, bad value or player count.
    """
    options: MilleBornesOptions = GAME.options(edition, **parse_option_pairs(option or []))
    GAME.check_players(options, players)
    return options


@play_app.command("mille-bornes")
def play_mille_bornes(
    edition: str = typer.Option("eu", help="eu (Basque sheet 000), classic or 2016."),
    players: int = typer.Option(2, help="2, 3, 4 or 6 (2016: 2 to 6); 4 and 6 play in teams."),
    humans: int = typer.Option(1, help="People at the keyboard (hot-seat); bots take the other seats."),
    lang: str = typer.Option(DEFAULT_LANGUAGE, help="eu, en, es or fr.", callback=check_lang),
    seed: int | None = typer.Option(None, help="Seed of the deal (random if not given)."),
    option: OptionPairs = None,
    bot: str = typer.Option("heuristic", "--bots", "--bot", help="The bots: heuristic or random."),
) -> None:
    """Play Mille Bornes against heuristic bots in the terminal (Basque by default)."""
    from mahai.tui.mille_bornes import TerminalTable

    try:
        options = build_options(edition, option, players)
        if not 1 <= humans <= players:
            raise InvalidOptions("bad_player_count", players=humans, choices=f"1–{players}")
        table = TerminalTable(options, players, humans, seed if seed is not None else secrets.randbits(32),
                              lang=lang, bot=bot)
    except MahaiError as err:
        raise fail(err, lang) from None
    table.run()


@simulate_app.command("mille-bornes")
def simulate_mille_bornes(
    games: int = typer.Option(..., min=1, help="How many games."),
    edition: str = typer.Option("eu", help="eu, classic or 2016."),
    players: int = typer.Option(2, help="Players per game."),
    bots: str = typer.Option("heuristic,random", help="Bots by seat, cyclic and rotated every game."),
    seed: int = typer.Option(0, help="Game i uses seed + i."),
    jobs: int = typer.Option(1, help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    option: OptionPairs = None,
) -> None:
    """Bots against bots: win rate per bot with its 95% interval, mean score, legs per game, speed."""
    try:
        options = build_options(edition, option, players)
        names = parse_bot_list(GAME.name, bots)
    except MahaiError as err:
        raise fail(err) from None
    simulate_command(GAME.name, options, players, names, games, seed, jobs, as_json, extra=legs_per_game)
