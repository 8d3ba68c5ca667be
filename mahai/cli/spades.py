"""``mahai play spades`` and ``mahai simulate spades``."""

from __future__ import annotations

import secrets
from typing import Annotated

import typer

from mahai.bots import bot_names, check_bots
from mahai.cli.app import play_app, simulate_app
from mahai.cli.common import check_lang, fail, parse_bot_list, simulate_command
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.core.options import parse_option_pairs
from mahai.games.spades import GAME, SpadesOptions
from mahai.i18n import DEFAULT_LANGUAGE

OptionPairs = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A rule option, k=v (repeatable).")]


def default_bot() -> str:
    """``heuristic`` if the Spades bots are installed, else ``random``."""
    return "heuristic" if "heuristic" in bot_names(GAME.name) else "random"


def build_options(edition: str | None, option: list[str] | None, players: int) -> SpadesOptions:
    """The options of ``edition`` (``two_player`` by default for 2 players,
    else ``standard``) with ``k=v`` overrides, checked for ``players``.

    Raises:
        InvalidOptions: unknown edition or option, bad value or player count.
    """
    name = edition or ("two_player" if players == 2 else "standard")
    options: SpadesOptions = GAME.options(name, **parse_option_pairs(option or []))
    GAME.check_players(options, players)
    return options


@play_app.command("spades")
def play_spades(
    players: int = typer.Option(4, help="4 (two partnerships) or 2 (stock deal)."),
    humans: int = typer.Option(1, help="People at the keyboard (hot-seat, from North); 0 watches bots."),
    lang: str = typer.Option(DEFAULT_LANGUAGE, help="eu, en, es or fr.", callback=check_lang),
    seed: int | None = typer.Option(None, help="Seed of the match (random if not given)."),
    edition: str | None = typer.Option(None, help="standard, two_player or openspiel."),
    option: OptionPairs = None,
    bots: str | None = typer.Option(None, help="The bots (default: heuristic if available, else random)."),
) -> None:
    """Play Spades in the terminal against bots (Basque by default)."""
    from mahai.tui.spades import SpadesTerminal

    bot = bots or default_bot()
    try:
        options = build_options(edition, option, players)
        check_bots(GAME.name, [bot])
        if not 0 <= humans <= players:
            raise InvalidOptions("bad_player_count", players=humans, choices=f"0–{players}")
        table = SpadesTerminal(options, players, humans, seed if seed is not None else secrets.randbits(32),
                               lang=lang, bot=bot)
    except MahaiError as err:
        raise fail(err, lang) from None
    table.run()


@simulate_app.command("spades")
def simulate_spades(
    games: int = typer.Option(..., min=1, help="How many matches."),
    players: int = typer.Option(4, help="4 or 2."),
    bots: str | None = typer.Option(None, help="Bots by seat, cyclic and rotated every game (default: "
                                               "heuristic,random if available)."),
    seed: int = typer.Option(0, help="Match i uses seed + i."),
    jobs: int = typer.Option(1, help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    edition: str | None = typer.Option(None, help="standard, two_player or openspiel."),
    option: OptionPairs = None,
) -> None:
    """Bots against bots: win rate per bot with its 95% interval, mean score, hands per match, speed."""
    try:
        options = build_options(edition, option, players)
        names = parse_bot_list(GAME.name, bots or f"{default_bot()},random")
    except MahaiError as err:
        raise fail(err) from None
    simulate_command(GAME.name, options, players, names, games, seed, jobs, as_json, extra=hands_per_match)


def hands_per_match(state: object) -> dict[str, float]:
    """The simulation's extra figures (module level, so worker processes can pickle it)."""
    history = getattr(state, "history", [])
    penalties = sum(part["penalties"] for entry in history for part in entry["sides"])
    return {"hands": float(getattr(state, "hand_no", 0)), "bag_penalties": float(penalties)}
