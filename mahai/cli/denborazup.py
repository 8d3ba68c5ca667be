"""DenboraZup's extras: ``mahai denborazup chronology`` (the deck sorted by date, DZR-14) and
``mahai denborazup check-deck`` (validate a deck file). Play and simulations are the generic
``mahai play denborazup`` and ``mahai simulate denborazup``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from mahai.cli.app import app
from mahai.cli.common import LangOpt, fail
from mahai.core.errors import MahaiError
from mahai.core.text import printable
from mahai.games.denborazup import GAME, DenboraZupGame, chronology, deck_problems, format_date, load_deck
from mahai.games.denborazup.deck import DeckBalance, deck_balance
from mahai.i18n import DEFAULT_LANGUAGE, explain, translate

denborazup_app = typer.Typer(help="DenboraZup: the chronology of the deck and deck checks.",
                             no_args_is_help=True)
app.add_typer(denborazup_app, name="denborazup")

DeckOption = Annotated[Path | None, typer.Option(help="Another deck file (CSV).")]


def _game(deck: Path | None) -> DenboraZupGame:
    return DenboraZupGame(load_deck(deck)) if deck is not None else GAME


@denborazup_app.command("chronology")
def chronology_command(
    lang: LangOpt = DEFAULT_LANGUAGE,
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
        # Text, not markup: a deck file's title is no style
        table.add_row(format_date(event, lang), Text(printable(event.title(lang))), "★" if event.star else "")
    Console().print(table)


@denborazup_app.command("check-deck")
def check_deck(
    path: Annotated[Path, typer.Argument(help="The deck file (CSV).")],
    lang: LangOpt = DEFAULT_LANGUAGE,
) -> None:
    """Validate a deck file: list every problem with its line, print the balance table
    (per century, area, category, star cards by era and category) and the balance goals
    it misses (issue 12). Exit code 1 if a card is malformed or its source is refused
    (not https, or a host of ``DENIED_HOSTS``); missed balance goals only warn."""
    try:
        events, problems = deck_problems(path)
    except MahaiError as err:
        raise fail(err, lang) from None
    console = Console()
    for problem in problems:  # Text, not markup: a deck's "[/red]" is no style (a MarkupError before)
        console.print(Text(printable(explain(problem, lang)), style="red"))
    balance = deck_balance(events)
    console.print(balance_table(balance, lang))
    refused = 0
    for short in balance.shortfalls():
        text = translate("cli", f"shortfall.{short.goal}", lang, key=short.key, value=short.value,
                         limit=short.limit)
        if short.goal in ("insecure_source", "denied_source"):
            refused += 1
            console.print(Text(printable(text), style="red"))
        else:
            console.print(Text(printable(text), style="yellow"))
    stars = sum(e.star for e in events)
    console.print(translate("cli", "check.summary", lang, events=len(events), stars=stars,
                            problems=len(problems) + refused))
    if problems or refused:
        raise typer.Exit(code=1)


def balance_table(balance: DeckBalance, lang: str) -> Table:
    """The balance of a deck as one table: a row per century, area, category and star
    group, with its count and its share of the deck (per cent)."""
    def t(msgid: str) -> str:
        return translate("cli", msgid, lang)

    table = Table(title=t("balance.title"))
    table.add_column(t("balance.group"))
    table.add_column(t("balance.value"))
    table.add_column(t("balance.events"), justify="right")
    table.add_column(t("balance.share"), justify="right")
    n = max(balance.events, 1)
    groups: list[tuple[str, dict[str, int]]] = [
        ("balance.century", {str(c): k for c, k in balance.centuries.items()}),
        ("balance.area", {t(f"area.{a}"): k for a, k in balance.areas.items()}),
        ("balance.category", {t(f"category.{c}"): k for c, k in balance.categories.items()}),
        ("balance.star_era", {t(f"era.{e}"): k for e, k in balance.star_eras.items()}),
        ("balance.star_category", {t(f"category.{c}"): k for c, k in balance.star_categories.items()}),
    ]
    for group, counts in groups:
        for i, (name, count) in enumerate(counts.items()):
            share = f"{100 * count / n:.1f}"
            table.add_row(t(group) if i == 0 else "", Text(printable(name)), str(count), share)
        table.add_section()
    return table
