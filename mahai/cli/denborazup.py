"""DenboraZup's extras: ``mahai denborazup chronology`` (the deck sorted by date, DZR-14) and
``mahai denborazup check-deck`` (validate a deck file). Play and simulations are the generic
``mahai play denborazup`` and ``mahai simulate denborazup``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from mahai.cli.app import app
from mahai.cli.common import check_lang, fail
from mahai.core.errors import MahaiError
from mahai.games.denborazup import GAME, DenboraZupGame, chronology, deck_problems, format_date, load_deck
from mahai.i18n import DEFAULT_LANGUAGE, explain, translate

denborazup_app = typer.Typer(help="DenboraZup: the chronology of the deck and deck checks.",
                             no_args_is_help=True)
app.add_typer(denborazup_app, name="denborazup")

DeckOption = Annotated[Path | None, typer.Option(help="Another deck file (CSV).")]


def _game(deck: Path | None) -> DenboraZupGame:
    return DenboraZupGame(load_deck(deck)) if deck is not None else GAME


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
    table = Table(title=translate("cli", "chronology.title", lang))
    table.add_column(translate("cli", "chronology.date", lang), justify="right", no_wrap=True)
    table.add_column(translate("cli", "chronology.event", lang))
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
    console.print(translate("cli", "check.summary", lang, events=len(events), stars=stars,
                            problems=len(problems)))
    if problems:
        raise typer.Exit(code=1)
