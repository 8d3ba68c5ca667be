"""``mahai play denborazup``, ``mahai simulate denborazup`` and ``mahai denborazup …``
(``chronology``: the deck sorted by date, DZR-14; ``check-deck``: validate a deck file)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from mahai.bots import check_bots
from mahai.cli.app import app, play_app, simulate_app
from mahai.cli.common import check_lang, fail, parse_bot_list, simulate_command
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.games.denborazup import GAME, DenboraZupGame, chronology, deck_problems, format_date, load_deck
from mahai.i18n import DEFAULT_LANGUAGE, explain, translate

denborazup_app = typer.Typer(help="DenboraZup: the chronology of the deck and deck checks.",
                             no_args_is_help=True)
app.add_typer(denborazup_app, name="denborazup")

MODES = ("multi", "solo", "long")
DeckOption = Annotated[Path | None, typer.Option(help="Another deck file (CSV).")]


def _game(deck: Path | None) -> DenboraZupGame:
    return DenboraZupGame(load_deck(deck)) if deck is not None else GAME


def _check_mode(mode: str) -> str:
    if mode not in MODES:
        raise typer.BadParameter(f"choose one of {', '.join(MODES)}")
    return mode


@play_app.command("denborazup")
def play_denborazup(
    players: int | None = typer.Option(None, help="1 (solo) or 2–8 (default: 1 in solo mode, else 3)."),
    humans: int = typer.Option(1, help="People at the keyboard (hot-seat, from player 1); 0 watches bots."),
    mode: str = typer.Option("multi", help="multi, solo or long (the long timeline).", callback=_check_mode),
    lang: str = typer.Option(DEFAULT_LANGUAGE, help="eu, en, es or fr.", callback=check_lang),
    seed: int | None = typer.Option(None, help="Seed of the game (random if not given)."),
    bots: str = typer.Option("medium", help="The bots' level: easy, medium, expert or random."),
    deck: DeckOption = None,
) -> None:
    """Play DenboraZup in the terminal against bots (Basque by default)."""
    from mahai.tui.denborazup import DenboraZupTerminal

    count = players if players is not None else (1 if mode == "solo" else 3)
    try:
        game = _game(deck)
        options = game.options(mode=mode)
        game.check_players(options, count)
        check_bots(game.name, [bots])
        if not 0 <= humans <= count:
            raise InvalidOptions("bad_player_count", players=humans, choices=f"0–{count}")
        table = DenboraZupTerminal(options, count, humans, seed if seed is not None else secrets.randbits(32),
                                   lang=lang, bot=bots, game=game)
    except MahaiError as err:
        raise fail(err, lang) from None
    table.run()


@simulate_app.command("denborazup")
def simulate_denborazup(
    games: int = typer.Option(100, min=1, help="How many games."),
    players: int = typer.Option(3, help="1 (solo) or 2–8."),
    bots: str = typer.Option("expert,medium,easy", help="Bots by seat, cyclic and rotated every game."),
    mode: str = typer.Option("multi", help="multi, solo or long.", callback=_check_mode),
    seed: int = typer.Option(0, help="Game i uses seed + i."),
    jobs: int = typer.Option(1, help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Bots against bots (package deck): win rate per bot with its 95% interval, mean cards left
    (solo: cards used), rounds per game, speed."""
    try:
        options = GAME.options(mode=mode)
        GAME.check_players(options, players)
        names = parse_bot_list(GAME.name, bots)
    except MahaiError as err:
        raise fail(err) from None
    simulate_command(GAME.name, options, players, names, games, seed, jobs, as_json, extra=rounds_per_game)


def rounds_per_game(state: object) -> dict[str, float]:
    """The simulation's extra figures (module level, so worker processes can pickle it)."""
    return {"rounds": float(getattr(state, "round", 0)),
            "cards_placed": float(sum(getattr(state, "used", [])))}


@denborazup_app.command("chronology")
def chronology_command(
    lang: str = typer.Option(DEFAULT_LANGUAGE, help="eu, en, es or fr.", callback=check_lang),
    deck: DeckOption = None,
) -> None:
    """Every event of the deck sorted by date: a chronology of the history of the Basque Country (DZR-14)."""
    try:
        events = chronology(_game(deck).deck)
    except MahaiError as err:
        raise fail(err, lang) from None
    table = Table(title=translate("denborazup", "Chronology of the history of the Basque Country", lang))
    table.add_column(translate("denborazup", "Date", lang), justify="right", no_wrap=True)
    table.add_column(translate("denborazup", "Event", lang))
    table.add_column("★")
    for event in events:
        table.add_row(format_date(event, lang), event.title(lang), "★" if event.star else "")
    Console().print(table)


@denborazup_app.command("check-deck")
def check_deck(
    path: Annotated[Path, typer.Argument(help="The deck file (CSV).")],
    lang: str = typer.Option(DEFAULT_LANGUAGE, help="eu, en, es or fr.", callback=check_lang),
) -> None:
    """Validate a deck file and list every problem with its line (exit code 1 if any)."""
    try:
        events, problems = deck_problems(path)
    except MahaiError as err:
        raise fail(err, lang) from None
    console = Console()
    for problem in problems:
        console.print(f"[red]{explain(problem, lang)}[/red]")
    stars = sum(e.star for e in events)
    console.print(f"{len(events)} events, {stars} stars, {len(problems)} problems")
    if problems:
        raise typer.Exit(code=1)
