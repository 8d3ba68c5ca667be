"""``mahai simulate GAME``: bots against bots, with a progress bar, a table or JSON."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mahai.bots import default_bot
from mahai.cli.app import app
from mahai.cli.common import (
    EditionOpt,
    GameArg,
    LangOpt,
    OptionPairs,
    PlayersOpt,
    bot_list,
    fail,
    table_setup,
)
from mahai.core.errors import MahaiError
from mahai.i18n import DEFAULT_LANGUAGE
from mahai.sim import MAX_MOVES, run_games, summarize


@app.command()
def simulate(
    game: GameArg,
    games: int = typer.Option(100, min=1, help="How many games."),
    edition: EditionOpt = None,
    option: OptionPairs = None,
    players: PlayersOpt = None,
    bots: str | None = typer.Option(None, help="Bots by seat, comma-separated, cyclic and rotated every "
                                               "game (default: the game's strong bot, else its strongest, "
                                               "against random)."),
    seed: int = typer.Option(0, help="Game i uses seed + i."),
    jobs: int = typer.Option(1, min=1, help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    max_moves: int = typer.Option(MAX_MOVES, "--max-moves", min=1,
                                  help="Stop a game after this many moves and count it as unfinished "
                                       "(no win, no score): some never end, e.g. DenboraZup between "
                                       "random bots."),
    lang: LangOpt = DEFAULT_LANGUAGE,
) -> None:
    """Bots against bots: win rates (95% intervals), mean scores, the game's own figures, speed;
    games stopped at --max-moves are counted apart, as unfinished."""
    try:
        setup = table_setup(game, edition, option, players)
        # The strong level, not the strongest: the Mille Bornes expert takes minutes a game in
        # the pure build, so 100 games would take hours.
        best = default_bot(setup.game.name)
        names = bot_list(setup.game, bots, [best, "random"] if best != "random" else [best])
    except MahaiError as err:
        raise fail(err, lang) from None
    report(setup.game.name, setup.options, setup.players, names, games, seed, jobs, as_json, max_moves)


def report(game_name: str, options: Any, players: int, bots: Sequence[str], games: int, seed: int,
           jobs: int, as_json: bool, max_moves: int = MAX_MOVES) -> dict[str, Any]:
    """Run a simulation with a progress bar (a game stopped after ``max_moves`` moves is
    unfinished: said on its own line, in the JSON's ``unfinished``); print a table or JSON;
    return the JSON."""
    console = Console(stderr=as_json)
    start = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=as_json,
    ) as progress:
        task = progress.add_task(game_name, total=games)
        results = list(run_games(game_name, options, players, bots, games, seed, jobs,
                                 progress=lambda n: progress.advance(task, n), max_moves=max_moves))
    summary = summarize(results, lambda: time.perf_counter() - start, max_moves)
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
    if summary.unfinished:
        console.print(f"unfinished: {summary.unfinished} of {summary.games} games stopped at {max_moves} "
                      f"moves (--max-moves): no win, score or mean counts them")
    for key, value in data["means"].items():
        console.print(f"mean {key}: {value:.2f}")
    console.print(f"games per second: {data['games_per_second']}")
    return data
