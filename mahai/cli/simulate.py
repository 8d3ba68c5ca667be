"""``mahai simulate GAME``: bots against bots, with a progress bar, a table or JSON; with
``--out DIR`` also ``summary.json`` (the JSON) and ``games.csv`` (one row a game)."""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

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
    say,
    stat_label,
    table_setup,
)
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.games import get_game
from mahai.i18n import DEFAULT_LANGUAGE, decimal, number, percent, translate
from mahai.sim import MAX_MOVES, GameResult, run_games, summarize
from mahai.tui.screen import game_title

OutOpt = Annotated[Path | None, typer.Option(help="Also write summary.json (the JSON) and games.csv (one row "
                                                 "a game: seed, bot and score of each seat, winners) into "
                                                 "this folder.")]


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
    out: OutOpt = None,
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
    if out is not None:
        try:  # before the games: a folder that cannot be written to is said at once
            out.mkdir(parents=True, exist_ok=True)
        except OSError:
            raise fail(InvalidOptions("out_unwritable", domain="cli", path=str(out)), lang) from None
    try:
        data, results = report(setup.game.name, setup.options, setup.players, names, games, seed, jobs,
                               as_json, max_moves, lang)
    except Interrupted as stop:
        if out is None:
            raise KeyboardInterrupt from None  # nothing to keep: a Ctrl-C as before (exit 130)
        # the games played are kept (a long run of the expert lost them all): a partial summary
        try:
            write_games(out, {**stop.data, "interrupted": True, "games_asked": games}, stop.results, seed)
        except OSError:
            raise fail(InvalidOptions("out_unwritable", domain="cli", path=str(out)), lang) from None
        Console(stderr=True, soft_wrap=True).print(Text(translate(
            "cli", "simulate_interrupted", lang, n=len(stop.results), path=str(out),
            of_total=translate("cli", "report.of_total", lang, n=games))))
        raise typer.Exit(code=130) from None
    if out is not None:
        try:
            paths = write_games(out, data, results, seed)
        except OSError:
            raise fail(InvalidOptions("out_unwritable", domain="cli", path=str(out)), lang) from None
        for path in paths:  # on stderr with --json, whose stdout is the JSON alone
            Console(stderr=as_json).print(say("report.wrote", lang, path=str(path)))


def write_games(out: Path, data: dict[str, Any], results: Sequence[GameResult], seed: int) -> list[Path]:
    """Write ``summary.json`` (``data``) and ``games.csv`` (``results``) into ``out``
    (an existing folder): one row a game, in order, with its ``seed`` (``seed + game``), whether
    it ``finished``, the ``winners`` (seats, space-separated), then ``bot_<seat>`` and
    ``score_<seat>`` of each seat and the game's own figures (:meth:`~mahai.core.Game.stats`).
    Returns the paths. Raises OSError when a file cannot be written."""
    summary = out / "summary.json"
    summary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    players = max((len(r.seat_bots) for r in results), default=0)
    stats = list(dict.fromkeys(key for r in results for key in r.extra))
    games = out / "games.csv"
    with games.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "seed", "finished", "winners", *(f"bot_{s}" for s in range(players)),
                    *(f"score_{s}" for s in range(players)), *stats])
        for i, r in enumerate(results):
            w.writerow([i, seed + i, int(r.finished), " ".join(map(str, sorted(r.winners))), *r.seat_bots,
                        *r.scores, *(r.extra.get(key, "") for key in stats)])
    return [summary, games]


class Interrupted(Exception):
    """A Ctrl-C during the games of :func:`report`: the games finished before it (``results``,
    in order) and their summary (``data``, the JSON)."""

    def __init__(self, results: list[GameResult], data: dict[str, Any]) -> None:
        super().__init__(len(results))
        self.results, self.data = results, data


def report(game_name: str, options: Any, players: int, bots: Sequence[str], games: int, seed: int,
           jobs: int, as_json: bool, max_moves: int = MAX_MOVES,
           lang: str = DEFAULT_LANGUAGE) -> tuple[dict[str, Any], list[GameResult]]:
    """Run a simulation with a progress bar (a game stopped after ``max_moves`` moves is
    unfinished: said on its own line, in the JSON's ``unfinished``); print a table or JSON;
    return the JSON and each game's :class:`~mahai.sim.GameResult`, in order. The table and its
    lines are in ``lang`` (``cli`` catalog, the game's figures by :func:`stat_label`, numbers as
    ``lang`` writes them); the JSON keeps its English keys, the same in every language.

    Raises:
        Interrupted: a Ctrl-C came before the last game ended (with the games before it).
    """
    game = get_game(game_name)
    title = game_title(game, lang)
    console = Console(stderr=as_json)
    start = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=as_json,
    ) as progress:
        task = progress.add_task(title, total=games)
        results: list[GameResult] = []
        try:
            for result in run_games(game_name, options, players, bots, games, seed, jobs,
                                    progress=lambda n: progress.advance(task, n), max_moves=max_moves):
                results.append(result)
        except KeyboardInterrupt:
            raise Interrupted(results, summarize(results, lambda: time.perf_counter() - start,
                                                 max_moves).to_json()) from None
    summary = summarize(results, lambda: time.perf_counter() - start, max_moves)
    data = summary.to_json()
    if as_json:
        print(json.dumps(data, indent=2))
        return data, results
    table = Table(title=say("report.title", lang, game=title,
                            games=translate("cli", "report.games", lang, n=summary.games),
                            players=translate("cli", "report.players", lang, n=players)))
    columns = ("report.bot", "report.games_column", "report.wins", "report.win_rate", "report.interval",
               "report.mean_score")
    for col in columns:
        table.add_column(translate("cli", col, lang), justify="right" if col != "report.bot" else "left",
                         no_wrap=col in ("report.win_rate", "report.interval"))  # a figure stays whole
    for name, st in data["bots"].items():
        lo, hi = st["win_rate_95"]
        finished = st["games"] > 0  # none: no rate and no interval ("%0,0 – %0,0" said nothing)
        table.add_row(name, number(st["games"], lang), number(st["wins"], lang),
                      percent(st["win_rate"], lang) if finished else "—",
                      f"{percent(lo, lang)} – {percent(hi, lang)}" if finished else "—",
                      decimal(st["mean_score"], lang, 1) if finished else "—")
    console.print(table)
    if summary.unfinished:
        console.print(say("report.unfinished", lang, n=summary.unfinished, moves=max_moves,
                          of_total=translate("cli", "report.of_total", lang, n=summary.games)))
    if game.lower_scores_win:
        console.print(say("report.lower_better", lang))
    for key, value in data["means"].items():
        line = say("report.mean", lang, stat=stat_label(game, key, lang), value=decimal(value, lang))
        console.print(line if lang == "en" else line[:1].upper() + line[1:])  # "Etapak (batez beste): …"
    speed = data["games_per_second"]
    console.print(say("report.speed", lang, value="–" if speed is None else decimal(speed, lang, 1)))
    return data, results
