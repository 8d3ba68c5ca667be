"""Helpers shared by the per-game command modules."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mahai.bots import check_bots
from mahai.core.errors import MahaiError
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain
from mahai.sim import ExtraFn, run_games, summarize


def fail(error: MahaiError, lang: str = DEFAULT_LANGUAGE) -> typer.Exit:
    """Print ``error`` in ``lang`` on stderr; return the Exit to raise (code 2)."""
    Console(stderr=True).print(f"[red]{explain(error, lang)}[/red]")
    return typer.Exit(code=2)


def parse_bot_list(game: str, text: str) -> list[str]:
    """``"heuristic,random"`` → checked bot names (raises ``unknown_bot``)."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    check_bots(game, names)
    return names


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise typer.BadParameter(f"choose one of {', '.join(LANGUAGES)}")
    return lang


def simulate_command(
    game_name: str,
    options: Any,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    as_json: bool,
    extra: ExtraFn | None = None,
) -> dict[str, Any]:
    """Run a simulation with a progress bar; print a table or JSON; return the JSON."""
    console = Console(stderr=as_json)
    start = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=as_json,
    ) as progress:
        task = progress.add_task(game_name, total=games)
        results = list(run_games(game_name, options, players, bots, games, seed, jobs, extra,
                                 progress=lambda n: progress.advance(task, n)))
    summary = summarize(results, lambda: time.perf_counter() - start)
    data = summary.to_json()
    if as_json:
        print(json.dumps(data, indent=2))
        return data
    table = Table(title=f"{game_name}: {summary.games} games, {players} players")
    for col in ("bot", "games", "wins", "win rate", "95% interval", "mean score"):
        table.add_column(col, justify="right" if col != "bot" else "left")
    for name, st in data["bots"].items():
        lo, hi = st["win_rate_95"]
        table.add_row(name, str(st["games"]), str(st["wins"]), f"{st['win_rate']:.1%}",
                      f"{lo:.1%} – {hi:.1%}", f"{st['mean_score']:.1f}")
    console.print(table)
    for key, value in data["means"].items():
        console.print(f"mean {key}: {value:.2f}")
    console.print(f"games per second: {data['games_per_second']}")
    return data
