"""``mahai arena GAME --bots a,b,c``: bots against bots in a round robin (or a gauntlet) over
duplicate deals, with ratings, win rates, score margins, speed, tables and plots.

Schedule (:func:`schedule`). Every matchup (each pair of bots; ``--gauntlet``: the first bot
against each of the others) plays the same deals: deal ``k`` is the game seeded ``seed + k``
(:meth:`~mahai.core.Game.new`, bots seeded from it by :func:`mahai.sim.make_bots`). The two bots
take the seats alternately (``a, b, a, b``: partners in the team games), and each deal is
played once per distinct rotation of the seats (2 players: ``a, b`` then ``b, a``), so both bots
hold the same cards from the same seats: luck cancels out. ``--games N`` is the games per
matchup, rounded up to whole deals.

Figures (:func:`summarize`), always computed in the schedule's order, so that every backend
gives the same numbers for the same seeds:

* ratings: ``openskill``'s Plackett-Luce model without drift (``tau = 0``: a bot's strength does
  not change), one update per game (the bots ranked by whether one of their seats won), deal by
  deal with every matchup's games of a deal in turn (so no matchup comes last), as ``mu`` with
  its ``sigma``; the table sorts by the ordinal ``mu - 3 sigma`` and shows ``mu ± 2 sigma``;
* win rates of each bot against each other, with Wilson 95% intervals (a game counts for a bot
  if one of its seats won); a game both or neither win counts half;
* score margins: a bot's score minus its opponent's (their first seats', game points), mean
  and distribution per matchup;
* CPU seconds per decision of each bot (:func:`time.process_time` around each call with more
  than one legal action: :class:`~mahai.bots.timing.TimedBot`), mean and slowest.

A game still going after ``--max-moves`` moves (:data:`mahai.sim.MAX_MOVES` by default, as
``mahai simulate``) is stopped and counted apart, as unfinished: no win, no draw, no rating
update, no margin (its decisions' CPU seconds count). DenboraZup between random bots may never
end (DZR-6: each wrong placement draws two cards).

Backends: ``local`` (this process, or ``--jobs`` worker processes) and ``ray`` (the optional
extra ``mahai[ray]``; a local Ray when no ``--ray-address`` is given). Results: ``--out DIR``
gets ``games.jsonl`` as the games finish (one outcome a line), then ``arena.json`` (options,
schedule, every game, the figures), ``games.csv``, ``ratings.csv``, ``matrix.csv`` and the
plots ``ratings``, ``winrate`` and ``margins`` as PNG and SVG (matplotlib).
"""

from __future__ import annotations

import csv
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mahai.bots.play import play_capped
from mahai.bots.timing import TimedBot
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
    table_setup,
)
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.core.options import options_to_dict
from mahai.games import get_game
from mahai.i18n import DEFAULT_LANGUAGE, decimal, number, percent, translate
from mahai.sim import MAX_MOVES, finished, make_bots, worker_pool
from mahai.tui.screen import game_title

Backend = Literal["local", "ray"]
OutOpt = Annotated[Path | None, typer.Option(help="Write JSON, CSV and plots (PNG, SVG) to this directory.")]


@dataclass(frozen=True)
class Match:
    """One game of the schedule: its place (``index``), the matchup (``pair``: two bot names),
    the deal (seed ``seed + deal``) and the bot of each seat."""

    index: int
    pair: tuple[str, str]
    deal: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """A game played: winners (seats), scores (game points per seat), and per seat the bot's
    decisions with a choice, their CPU seconds and the slowest one; ``moves`` played (0: not
    known, an older log) and whether the game ended (``finished`` False: stopped at the move
    cap, without winners)."""

    index: int
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    choices: tuple[int, ...]
    seconds: tuple[float, ...]
    slowest: tuple[float, ...]
    extra: dict[str, float] = field(default_factory=dict)
    moves: int = 0
    finished: bool = True

    def same_play(self, other: Outcome) -> bool:
        """The same game result (timings aside)."""
        return (self.index, self.winners, self.scores, self.choices, self.extra, self.finished) == (
            other.index, other.winners, other.scores, other.choices, other.extra, other.finished)

    def kept_under(self, max_moves: int) -> bool:
        """Whether this game (from a log) is what a run with the cap ``max_moves`` would play:
        an ended game within the cap, or a game stopped at this very cap (another cap: played
        again)."""
        return self.moves <= max_moves if self.finished else self.moves == max_moves


def rotations(players: int) -> list[tuple[int, ...]]:
    """The distinct seatings of a pair over ``players`` seats: seat ``s`` gets bot
    ``(s + r) % 2`` of the pair for each rotation ``r`` (2 players: ``(0, 1), (1, 0)``; 3:
    ``(0, 1, 0), (1, 0, 1)``; 4: ``(0, 1, 0, 1), (1, 0, 1, 0)``)."""
    out: list[tuple[int, ...]] = []
    for r in range(players):
        seating = tuple((s + r) % 2 for s in range(players))
        if seating not in out:
            out.append(seating)
    return out


def schedule(bots: Sequence[str], players: int, games: int, gauntlet: bool = False) -> list[Match]:
    """Every game to play (see the module docstring), matchup by matchup, deal by deal.

    Raises:
        ValueError: fewer than two bots, a bot named twice, or ``games`` < 1.
    """
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise ValueError("an arena needs two or more different bots")
    if games < 1:
        raise ValueError("games must be positive")
    pairs = [(bots[0], b) for b in bots[1:]] if gauntlet else list(combinations(bots, 2))
    seatings = rotations(players)
    deals = math.ceil(games / len(seatings))
    out: list[Match] = []
    for a, b in pairs:
        for deal in range(deals):
            for seating in seatings:
                out.append(Match(len(out), (a, b), deal, tuple((a, b)[i] for i in seating)))
    return out


def play_match(game_name: str, options: Any, players: int, seed: int, match: Match,
               max_moves: int = MAX_MOVES) -> Outcome:
    """Play one game of the schedule to its end, or stop it unfinished after ``max_moves`` moves
    (:func:`mahai.sim.make_bots`, :func:`mahai.bots.play.play_capped`), timing each bot.

    Raises:
        ValueError: ``max_moves`` is below 1.
        RuntimeError: a seat must act that no bot plays (cannot happen: every seat has one).
    """
    game = get_game(game_name)
    bots = {s: TimedBot(b) for s, b in
            make_bots(game.name, dict(enumerate(match.seats)), seed + match.deal).items()}
    state = game.new(options, players, seed + match.deal)
    moves = play_capped(game, state, bots, max_moves)
    timed = [bots[s] for s in range(players)]
    over = state.is_over
    return Outcome(match.index, tuple(sorted(state.winners())) if over else (), tuple(state.scores()),
                   tuple(b.choices for b in timed), tuple(b.seconds for b in timed),
                   tuple(b.slowest for b in timed), game.stats(state) if over else {}, moves, over)


def _play_one(args: tuple[str, Any, int, int, Match, int]) -> Outcome:
    game_name, options, players, seed, match, max_moves = args
    return play_match(game_name, options, players, seed, match, max_moves)


def run_local(game_name: str, options: Any, players: int, seed: int, matches: Sequence[Match],
              jobs: int = 1, progress: Callable[[int], None] | None = None,
              on_result: Callable[[Outcome], None] | None = None,
              max_moves: int = MAX_MOVES) -> list[Outcome]:
    """Play ``matches`` here (``jobs`` > 1: in worker processes); outcomes in schedule order.
    ``on_result`` sees each outcome as soon as its game ends (in the order finished); a game is
    stopped unfinished after ``max_moves`` moves (:func:`play_match`)."""
    if jobs <= 1:
        out = []
        for m in matches:
            out.append(play_match(game_name, options, players, seed, m, max_moves))
            if on_result:
                on_result(out[-1])
            if progress:
                progress(1)
        return out
    results: list[Outcome] = []
    with worker_pool(jobs) as pool:
        # One game a task, as with Ray: an expert's game takes minutes, and a run cut short
        # keeps (in games.jsonl) every game but the ``jobs`` in play; batches of 8 games lost
        # up to 8 a worker and showed no progress for an hour. A task costs well under 1 ms.
        futures = [pool.submit(_play_one, (game_name, options, players, seed, m, max_moves)) for m in matches]
        for fut in finished(futures):
            done = fut.result()
            results.append(done)
            _report([done], progress, on_result)
    return sorted(results, key=lambda o: o.index)


def _report(done: Sequence[Outcome], progress: Callable[[int], None] | None,
            on_result: Callable[[Outcome], None] | None) -> None:
    """Tell the caller of games just finished (either backend)."""
    for o in done:
        if on_result:
            on_result(o)
    if progress:
        progress(len(done))


class RayMissing(RuntimeError):
    """``--backend ray`` without Ray installed."""


def run_ray(game_name: str, options: Any, players: int, seed: int, matches: Sequence[Match],
            address: str | None = None, progress: Callable[[int], None] | None = None,
            on_result: Callable[[Outcome], None] | None = None, max_moves: int = MAX_MOVES) -> list[Outcome]:
    """Play ``matches`` as Ray tasks (one per game) on the cluster at ``address`` (None: a
    local Ray, started and shut down here); outcomes in schedule order; a game is stopped
    unfinished after ``max_moves`` moves (:func:`play_match`).

    Raises:
        RayMissing: Ray is not installed (``pip install 'mahai[ray]'``).
    """
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the environment
        raise RayMissing("the ray backend needs Ray: pip install 'mahai[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    try:
        task = ray.remote(play_match)
        pending = [task.remote(game_name, options, players, seed, m, max_moves) for m in matches]
        results: list[Outcome] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            done = ray.get(ready)
            results.extend(done)
            _report(done, progress, on_result)
    finally:
        if started:
            ray.shutdown()
    return sorted(results, key=lambda o: o.index)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (95% by default) of a win rate ``wins / games``; ``(0, 0)`` for
    no games. ``wins`` may hold halves (shared results)."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _sides(match: Match) -> tuple[list[int], list[int]]:
    a, b = match.pair
    seats = list(enumerate(match.seats))
    return [s for s, n in seats if n == a], [s for s, n in seats if n == b]


def summarize(bots: Sequence[str], matches: Sequence[Match], outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The figures of an arena (see the module docstring), as a JSON-ready dict:
    ``ratings`` (per bot ``mu``, ``sigma``, ``ordinal``, ``low``/``high`` = ``mu ∓ 2 sigma``),
    ``bots`` (per bot games, wins, win rate and interval, mean margin, CPU per decision),
    ``matchups`` (per pair the first bot's wins, win rate, interval, margins) and ``matrix``
    (row bot's win rate against column bot), ``unfinished`` (the games stopped at the move cap).
    An unfinished game counts in ``unfinished`` (per bot and per matchup too) and in the CPU
    figures only: not in ``games``, wins, ratings or margins. A matchup without a finished game
    has ``None`` for its win rate and mean margin.

    Raises:
        ValueError: outcomes that do not match the schedule.
    """
    from openskill.models import PlackettLuce

    if [o.index for o in outcomes] != [m.index for m in matches]:
        raise ValueError("outcomes must follow the schedule")
    model = PlackettLuce(tau=0.0)
    results: list[tuple[int, int, str, str, float]] = []
    ratings = {b: model.rating(name=b) for b in bots}
    per_bot = {b: [0, 0.0] for b in bots}  # games, wins
    margin_sum = {b: 0.0 for b in bots}
    cpu = {b: [0, 0.0, 0.0] for b in bots}  # choices, seconds, slowest
    pairs: dict[tuple[str, str], dict[str, Any]] = {}
    stopped = {b: 0 for b in bots}
    for m, o in zip(matches, outcomes, strict=True):
        a, b = m.pair
        sa, sb = _sides(m)
        entry = pairs.setdefault((a, b), {"games": 0, "score": 0.0, "margins": [], "unfinished": 0})
        for name, seats in ((a, sa), (b, sb)):
            for s in seats:
                c = cpu[name]
                c[0] += o.choices[s]
                c[1] += o.seconds[s]
                c[2] = max(c[2], o.slowest[s])
        if not o.finished:  # no win, no draw: counted apart
            entry["unfinished"] += 1
            stopped[a] += 1
            stopped[b] += 1
            continue
        won_a = any(s in o.winners for s in sa)
        won_b = any(s in o.winners for s in sb)
        score_a = 1.0 if won_a and not won_b else 0.0 if won_b and not won_a else 0.5
        margin = o.scores[sa[0]] - o.scores[sb[0]]
        results.append((m.deal, m.index, a, b, score_a))
        entry["games"] += 1
        entry["score"] += score_a
        entry["margins"].append(margin)
        for name, points, sign in ((a, score_a, 1), (b, 1 - score_a, -1)):
            st = per_bot[name]
            st[0] += 1
            st[1] += points
            margin_sum[name] += sign * margin
    for _, _, a, b, score_a in sorted(results):  # deal by deal, every matchup in turn
        ranks = [1.0, 2.0] if score_a == 1.0 else [2.0, 1.0] if score_a == 0.0 else [1.0, 1.0]
        [[ra], [rb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = ra, rb
    out_ratings = {}
    for b in bots:
        r = ratings[b]
        out_ratings[b] = {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3),
                          "low": round(r.mu - 2 * r.sigma, 3), "high": round(r.mu + 2 * r.sigma, 3)}
    out_bots = {}
    for b in bots:
        n, wins = int(per_bot[b][0]), per_bot[b][1]
        lo, hi = wilson(wins, n)
        choices, seconds, slowest = cpu[b]
        out_bots[b] = {"games": n, "unfinished": stopped[b], "wins": wins,
                       "win_rate": round(wins / n, 4) if n else 0.0,
                       "win_rate_95": [round(lo, 4), round(hi, 4)],
                       "mean_margin": round(margin_sum[b] / n, 1) if n else 0.0,
                       "decisions": int(choices),
                       "cpu_per_decision": round(seconds / choices, 5) if choices else 0.0,
                       "slowest_decision": round(slowest, 4)}
    out_pairs = []
    matrix: dict[str, dict[str, float | None]] = {a: {b: None for b in bots} for a in bots}
    for (a, b), e in pairs.items():
        lo, hi = wilson(e["score"], e["games"])
        margins = e["margins"]
        rate = e["score"] / e["games"] if e["games"] else None
        out_pairs.append({"bots": [a, b], "games": e["games"], "unfinished": e["unfinished"],
                          "wins": e["score"],
                          "win_rate": None if rate is None else round(rate, 4),
                          "win_rate_95": [round(lo, 4), round(hi, 4)],
                          "mean_margin": round(sum(margins) / len(margins), 1) if margins else None,
                          "margins": margins})
        if rate is not None:
            matrix[a][b] = round(rate, 4)
            matrix[b][a] = round(1 - rate, 4)
    return {"ratings": out_ratings, "bots": out_bots, "matchups": out_pairs, "matrix": matrix,
            "unfinished": sum(not o.finished for o in outcomes)}


@dataclass
class ArenaResult:
    """Everything an arena run produced (:func:`run_arena`)."""

    game: str
    options: dict[str, Any]
    players: int
    bots: list[str]
    seed: int
    backend: str
    matches: list[Match]
    outcomes: list[Outcome]
    summary: dict[str, Any]
    seconds: float
    max_moves: int = MAX_MOVES

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "players": self.players, "bots": self.bots,
            "seed": self.seed, "backend": self.backend, "seconds": round(self.seconds, 1),
            "max_moves": self.max_moves,
            "games": [{**asdict(m), **{k: v for k, v in asdict(o).items() if k != "index"}}
                      for m, o in zip(self.matches, self.outcomes, strict=True)],
            **self.summary,
        }


def load_result(path: Path) -> ArenaResult:
    """An arena run back from its ``arena.json``, its figures computed again by
    :func:`summarize` (e.g. after a change of the figures, or to plot it again).

    Raises:
        OSError, ValueError, KeyError: not an arena file.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    matches = [Match(g["index"], (g["pair"][0], g["pair"][1]), g["deal"], tuple(g["seats"]))
               for g in data["games"]]
    outcomes = [_outcome(g) for g in data["games"]]
    return ArenaResult(data["game"], data["options"], data["players"], data["bots"], data["seed"],
                       data["backend"], matches, outcomes, summarize(data["bots"], matches, outcomes),
                       float(data["seconds"]), int(data.get("max_moves", MAX_MOVES)))


def _outcome(g: Mapping[str, Any]) -> Outcome:
    """An :class:`Outcome` from its JSON (``arena.json``'s games, ``games.jsonl``'s lines; older
    files have no ``moves`` and only ended games)."""
    return Outcome(g["index"], tuple(g["winners"]), tuple(g["scores"]), tuple(g["choices"]),
                   tuple(g["seconds"]), tuple(g["slowest"]), g.get("extra", {}), int(g.get("moves", 0)),
                   bool(g.get("finished", True)))


def _checked(o: Outcome, players: int, g: Mapping[str, Any]) -> Outcome:
    """``o`` if it is a game of ``players`` seats as :func:`_log` writes it (its JSON ``g``):
    winners distinct seats, a score, choice count and times per seat, numbers in ``extra``, a
    move count and a ``finished`` flag of their types.

    Raises:
        ValueError: anything else (a line edited by hand, or another program's: scores as a
            string ended ``--resume`` in a traceback, a winner seat 7 of two was kept).
    """
    def finite(x: Any) -> bool:
        return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)

    def seat(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < players

    if not isinstance(o.index, int) or isinstance(o.index, bool) or o.index < 0:
        raise ValueError("index")
    if not all(seat(w) for w in o.winners) or len(set(o.winners)) != len(o.winners):
        raise ValueError("winners")
    for row in (o.scores, o.seconds, o.slowest):
        if len(row) != players or not all(finite(x) for x in row):
            raise ValueError("per seat")
    if len(o.choices) != players or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0
                                            for c in o.choices):
        raise ValueError("choices")
    if not isinstance(o.extra, dict) or not all(isinstance(k, str) and finite(v) for k, v in o.extra.items()):
        raise ValueError("extra")
    if o.moves < 0 or not isinstance(g.get("finished", True), bool):
        raise ValueError("moves")
    return o


def run_arena(game_name: str, options: Any, players: int, bots: Sequence[str], games: int, seed: int = 0,
              jobs: int = 1, backend: Backend = "local", gauntlet: bool = False,
              ray_address: str | None = None, progress: Callable[[int], None] | None = None,
              on_result: Callable[[Outcome], None] | None = None,
              done: Mapping[MatchKey, Outcome] | None = None, max_moves: int = MAX_MOVES) -> ArenaResult:
    """Schedule, play and summarize an arena (see the module docstring); ``on_result`` sees each
    game played (for a log of a long run). ``done``: games already played (by
    :func:`match_key`, e.g. :func:`read_log` of an earlier run with the same game, options and
    seed), kept instead of played again unless another cap would have stopped them elsewhere
    (:meth:`Outcome.kept_under`). The games left are played deal by deal, every matchup
    in turn (so a run cut short has every matchup equally far along); each is stopped
    unfinished after ``max_moves`` moves.

    Raises:
        ValueError: a bad schedule (see :func:`schedule`), ``max_moves`` below 1.
        RayMissing: ``backend="ray"`` without Ray.
        InvalidOptions: an unknown bot.
    """
    matches = schedule(bots, players, games, gauntlet)
    if max_moves < 1:
        raise ValueError(f"max_moves must be 1 or more, not {max_moves}")
    start = time.perf_counter()
    known = {k: o for k, o in (done or {}).items() if o.kept_under(max_moves)}
    kept = [replace(known[match_key(m)], index=m.index) for m in matches if match_key(m) in known]
    # Deal by deal, every matchup in turn: a run cut short leaves every matchup as far along.
    todo = sorted((m for m in matches if match_key(m) not in known), key=lambda m: (m.deal, m.index))
    if progress and kept:
        progress(len(kept))
    if backend == "ray":
        played = run_ray(game_name, options, players, seed, todo, ray_address, progress, on_result, max_moves)
    else:
        played = run_local(game_name, options, players, seed, todo, jobs, progress, on_result, max_moves)
    outcomes = sorted([*kept, *played], key=lambda o: o.index)
    return ArenaResult(game_name, options_to_dict(options), players, list(bots), seed, backend, matches,
                       outcomes, summarize(bots, matches, outcomes), time.perf_counter() - start, max_moves)


# ---------------------------------------------------------------------------- files
def write_results(result: ArenaResult, out: Path, plots: bool = True,
                  lang: str = DEFAULT_LANGUAGE) -> list[Path]:
    """Write ``arena.json``, ``games.csv``, ``ratings.csv``, ``matrix.csv`` and (``plots``)
    ``ratings``, ``winrate``, ``margins`` as PNG and SVG into ``out`` (created); the paths.
    ``games.csv`` says of each game whether it ``finished`` (``false``: stopped at the move
    cap, no winners) and its ``moves``; ``ratings.csv`` each bot's ``unfinished`` games. The
    plots' words are in ``lang`` (:func:`plot`); the JSON and CSV keep their English keys and
    headers in every language (stable names for the scripts that read them)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "arena.json", out / "games.csv", out / "ratings.csv", out / "matrix.csv"]
    paths[0].write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
    players = result.players
    with paths[1].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["index", "bot_a", "bot_b", "deal", "seed", *[f"seat{s}" for s in range(players)],
                    "winners", *[f"score{s}" for s in range(players)], *[f"cpu{s}" for s in range(players)],
                    *[f"decisions{s}" for s in range(players)], "finished", "moves"])
        for m, o in zip(result.matches, result.outcomes, strict=True):
            w.writerow([m.index, *m.pair, m.deal, result.seed + m.deal, *m.seats,
                        " ".join(map(str, o.winners)), *o.scores, *(round(x, 4) for x in o.seconds),
                        *o.choices, "true" if o.finished else "false", o.moves])
    s = result.summary
    with paths[2].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bot", "mu", "sigma", "ordinal", "low", "high", "games", "wins", "win_rate", "win_low",
                    "win_high", "mean_margin", "cpu_per_decision", "slowest_decision", "unfinished"])
        for b in ranked(result):
            r, st = s["ratings"][b], s["bots"][b]
            w.writerow([b, r["mu"], r["sigma"], r["ordinal"], r["low"], r["high"], st["games"], st["wins"],
                        st["win_rate"], *st["win_rate_95"], st["mean_margin"], st["cpu_per_decision"],
                        st["slowest_decision"], st.get("unfinished", 0)])
    with paths[3].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bot", *result.bots])
        for a in result.bots:
            w.writerow([a, *("" if s["matrix"][a][b] is None else s["matrix"][a][b] for b in result.bots)])
    if plots:
        paths += plot(result, out, lang)
    return paths


def ranked(result: ArenaResult) -> list[str]:
    """The bots, best ordinal rating first."""
    return sorted(result.bots, key=lambda b: -result.summary["ratings"][b]["ordinal"])


def margin_unit(game_name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a score margin counts in ``game_name``, in ``lang``: "game points", and "game points;
    lower is better" for a game whose lower scores win (:attr:`Game.lower_scores_win`:
    DenboraZup's cards left in hand, where the best bot has the most negative margin)."""
    lower = get_game(game_name).lower_scores_win
    return translate("cli", "arena.unit_lower" if lower else "arena.unit", lang)


def plot(result: ArenaResult, out: Path, lang: str = DEFAULT_LANGUAGE) -> list[Path]:
    """The three figures (matplotlib, Agg), each as PNG and SVG, their titles, axes and legends
    in ``lang`` (``cli`` catalog, ``plot.*``; the game by its name); the paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    # the axes' numbers as lang writes them (matplotlib writes "2500", "0.5" in every language)
    figures = FuncFormatter(lambda x, _: decimal(x, lang, 0 if float(x).is_integer() else 1))

    s = result.summary
    order = ranked(result)
    title = translate("cli", "report.plot_title", lang, game=game_title(get_game(result.game), lang),
                      players=translate("cli", "report.players", lang, n=result.players))
    paths: list[Path] = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        for ext in ("png", "svg"):
            path = out / f"{name}.{ext}"
            fig.savefig(path, dpi=120, metadata={"Date": None} if ext == "svg" else None)
            paths.append(path)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(6.4, 0.6 + 0.5 * len(order)))
    ys = list(range(len(order)))[::-1]
    mus = [s["ratings"][b]["mu"] for b in order]
    errs = [2 * s["ratings"][b]["sigma"] for b in order]
    ax.errorbar(mus, ys, xerr=errs, fmt="o", capsize=4, color="tab:blue")
    ax.set_yticks(ys, order)
    ax.set_xlabel(translate("cli", "plot.rating_axis", lang))
    ax.set_title(translate("cli", "plot.ratings", lang, title=title))
    ax.grid(axis="x", alpha=0.3)
    ax.xaxis.set_major_formatter(figures)
    save(fig, "ratings")

    n = len(order)
    fig, ax = plt.subplots(figsize=(2.4 + 1.1 * n, 1.4 + 0.9 * n))
    grid = [[math.nan if s["matrix"][a][b] is None else s["matrix"][a][b] for b in order] for a in order]
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    intervals = {tuple(p["bots"]): p["win_rate_95"] for p in s["matchups"]}
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            if s["matrix"][a][b] is None:
                continue
            lo, hi = intervals[(a, b)] if (a, b) in intervals else [1 - x for x in intervals[(b, a)][::-1]]
            rate = percent(s["matrix"][a][b], lang, 0)
            ax.text(j, i, f"{rate}\n{percent(lo, lang, 0)}–{percent(hi, lang, 0)}",
                    ha="center", va="center", fontsize=8)
    ax.set_xticks(range(n), order, rotation=30, ha="right")
    ax.set_yticks(range(n), order)
    ax.set_xlabel(translate("cli", "plot.opponent", lang))
    ax.set_title(translate("cli", "plot.winrate", lang, title=title), fontsize=10)
    bar = fig.colorbar(im, ax=ax, fraction=0.046)
    bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda x, _: percent(x, lang, 0)))
    save(fig, "winrate")

    pairs = [p for p in s["matchups"] if p["margins"]]  # a matchup of unfinished games only has none
    fig, ax = plt.subplots(figsize=(6.4, 0.8 + 0.6 * max(1, len(pairs))))
    labels = [f"{p['bots'][0]} − {p['bots'][1]}" for p in pairs]
    box = ax.boxplot([p["margins"] for p in pairs], orientation="horizontal", showmeans=True)
    if pairs:  # the box's line and triangle named (a reader could not tell the mean from the median)
        ax.legend([box["medians"][0], box["means"][0]],
                  [translate("cli", "plot.median", lang), translate("cli", "plot.mean", lang)],
                  fontsize=8, loc="best")
    ax.set_yticks(range(1, len(pairs) + 1), labels)
    ax.axvline(0, color="grey", lw=0.8)
    ax.xaxis.set_major_formatter(figures)
    ax.set_xlabel(translate("cli", "plot.margin_axis", lang, unit=margin_unit(result.game, lang)))
    ax.set_title(translate("cli", "plot.margins", lang, title=title))
    save(fig, "margins")
    return paths


# ---------------------------------------------------------------------------- command
def print_table(result: ArenaResult, console: Console, lang: str = DEFAULT_LANGUAGE) -> None:
    """The ratings table, the margins' unit, each matchup's line and the unfinished games, in
    ``lang`` (``cli`` catalog, numbers as ``lang`` writes them; the bots by the names typed)."""
    s = result.summary
    table = Table(title=say("report.title", lang, game=game_title(get_game(result.game), lang),
                            games=translate("cli", "report.games", lang, n=len(result.outcomes)),
                            players=translate("cli", "report.players", lang, n=result.players)))
    stopped = s.get("unfinished", 0)
    columns = ["report.bot", "arena.rating", "report.games_column", "report.win_rate", "report.interval",
               "arena.margin", "arena.ms_decision", "arena.slowest"]
    for col in columns + (["arena.unfinished_column"] if stopped else []):
        table.add_column(translate("cli", col, lang), justify="left" if col == "report.bot" else "right",
                         no_wrap=col in ("report.win_rate", "report.interval"))  # a figure stays whole
    for b in ranked(result):
        r, st = s["ratings"][b], s["bots"][b]
        lo, hi = st["win_rate_95"]
        finished = st["games"] > 0  # none: no rate and no interval ("%0,0–%0,0" said nothing)
        table.add_row(b, f"{decimal(r['mu'], lang, 1)} ± {decimal(2 * r['sigma'], lang, 1)}",
                      number(st["games"], lang), percent(st["win_rate"], lang) if finished else "—",
                      f"{percent(lo, lang)}–{percent(hi, lang)}" if finished else "—",
                      decimal(st["mean_margin"], lang, 0, sign=True),
                      decimal(1000 * st["cpu_per_decision"], lang),
                      decimal(1000 * st["slowest_decision"], lang, 0),
                      *([number(st["unfinished"], lang)] if stopped else []))
    console.print(table)
    console.print(say("arena.margin_note", lang, unit=margin_unit(result.game, lang)))
    for p in s["matchups"]:
        lo, hi = p["win_rate_95"]
        a, b = p["bots"]
        if p["win_rate"] is None:  # said once: none of its games finished (not "none finished, 4 unfinished")
            none = translate("cli", "arena.no_game_finished", lang, a=a, b=b, n=p.get("unfinished") or 0)
            console.print(none)
            continue
        apart = translate("cli", "arena.apart", lang, n=p["unfinished"]) if p.get("unfinished") else ""
        console.print(translate("cli", "arena.matchup", lang, a=a, b=b, rate=percent(p["win_rate"], lang),
                                low=percent(lo, lang), high=percent(hi, lang),
                                games=translate("cli", "report.games", lang, n=p["games"]), apart=apart,
                                margin=decimal(p["mean_margin"], lang, 0, sign=True)))
    if stopped:
        console.print(say("arena.unfinished", lang, n=stopped, moves=result.max_moves,
                          of_total=translate("cli", "report.of_total", lang, n=len(result.outcomes))))


def _log(log: Any, matches: Sequence[Match], outcome: Outcome, run: Mapping[str, Any]) -> None:
    m = matches[outcome.index]
    log.write(json.dumps({**asdict(outcome), "pair": list(m.pair), "deal": m.deal, "seats": list(m.seats),
                          "run": dict(run)}) + "\n")
    log.flush()


def run_of(game: str, options: Any, players: int, seed: int) -> dict[str, Any]:
    """What makes two arena runs' games of one :data:`MatchKey` the same game: the game, its
    options (as JSON), the player count and the seed; written in each line of ``games.jsonl``."""
    return {"game": game, "options": options_to_dict(options), "players": players, "seed": seed}


MatchKey = tuple[tuple[str, str], int, tuple[str, ...]]
"""What makes a game of an arena the same game in another schedule: the matchup, the deal and
the bot of each seat (with the same game, options and seed)."""


def match_key(match: Match) -> MatchKey:
    """The :data:`MatchKey` of ``match``."""
    return (match.pair, match.deal, match.seats)


def read_log(path: Path, run: Mapping[str, Any] | None = None) -> dict[MatchKey, Outcome]:
    """The games of a ``games.jsonl`` log (written by ``mahai arena --out``), by
    :func:`match_key`; lines without their match (older logs), cut short, not UTF-8 or whose
    fields are not a game's (:func:`_checked`) are skipped, and so are the lines of another run
    (:func:`run_of`: another game, options, player count or seed) when ``run`` is given: they
    stay in the file, and are not this run's games (a ``--resume`` with another ``--seed`` kept
    the first seed's games).

    Raises:
        OSError: the log exists but cannot be read (a folder, no permission).
    """
    out: dict[MatchKey, Outcome] = {}
    if not path.exists():
        return out
    for raw in path.read_bytes().splitlines():
        try:
            g = json.loads(raw.decode("utf-8"))
            if run is not None and "run" in g and g["run"] != run:
                continue
            key = ((g["pair"][0], g["pair"][1]), int(g["deal"]), tuple(g["seats"]))
            out[key] = _checked(_outcome(g), len(key[2]), g)
        except (ValueError, KeyError, TypeError, IndexError, RecursionError):
            continue
    return out


@app.command()
def arena(
    game: GameArg,
    bots: str = typer.Option(..., help="Two or more bots, comma-separated (e.g. expert,strong,medium)."),
    games: int = typer.Option(100, min=1, help="Games per matchup (rounded up to whole duplicate deals)."),
    edition: EditionOpt = None,
    option: OptionPairs = None,
    players: PlayersOpt = None,
    seed: int = typer.Option(0, help="Deal k of every matchup uses seed + k."),
    jobs: int = typer.Option(1, min=1, help="Worker processes (local backend)."),
    # "\\[": Rich would take "[ray]" for a style and print "pip install 'mahai'"
    backend: str = typer.Option("local", help="local, or ray (pip install 'mahai\\[ray]')."),
    ray_address: str | None = typer.Option(None, help="A Ray cluster's address (default: a local Ray)."),
    gauntlet: bool = typer.Option(False, help="Only the first bot against each of the others."),
    out: OutOpt = None,
    no_plots: bool = typer.Option(False, "--no-plots", help="Skip the plots."),  # not "--no-no-plots"
    resume: bool = typer.Option(False, help="Keep the games of --out's games.jsonl (same game, options "
                                "and seed) and play only the others."),
    max_moves: int = typer.Option(MAX_MOVES, "--max-moves", min=1,
                                  help="Stop a game after this many moves and count it apart, as unfinished "
                                       "(no win, no draw, no rating): some never end, e.g. DenboraZup "
                                       "between random bots."),
    lang: LangOpt = DEFAULT_LANGUAGE,
) -> None:
    """A round robin over duplicate deals, seats rotated: openskill ratings, win rates with 95%
    intervals, score margins, CPU seconds per decision; JSON, CSV and plots. Games stopped at
    --max-moves are counted apart, as unfinished."""
    try:
        if resume and out is None:  # it kept nothing and said nothing
            raise InvalidOptions("resume_needs_out", domain="cli")
        if backend not in ("local", "ray"):
            raise InvalidOptions("bad_choice", domain="cli", option="--backend", value=backend,
                                 choices="local, ray")
        setup = table_setup(game, edition, option, players)
        names = bot_list(setup.game, bots, [])
        matches = schedule(names, setup.players, games, gauntlet)
    except MahaiError as err:
        raise fail(err, lang) from None
    except ValueError:  # fewer than two bots, or one named twice (games is at least 1 here)
        raise fail(InvalidOptions("arena_bots", domain="cli", bots=bots), lang) from None
    console = Console(width=None if sys.stdout.isatty() else 120)
    log = None
    done: dict[MatchKey, Outcome] = {}
    cut = False
    run = run_of(setup.game.name, setup.options, setup.players, seed)
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
            path = out / "games.jsonl"
            if resume:  # the log keeps every game (those of other schedules and runs too); new ones are added
                done = read_log(path, run)
                cut = path.exists() and not path.read_bytes().endswith(b"\n") and path.stat().st_size > 0
            log = path.open("a" if resume else "w", encoding="utf-8")
            if resume and cut:
                log.write("\n")
        except OSError:
            raise fail(InvalidOptions("out_unwritable", domain="cli", path=str(out)), lang) from None
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True)) as progress:
        task = progress.add_task(translate("cli", "arena.progress", lang, game=game_title(setup.game, lang)),
                                 total=len(matches))
        try:
            result = run_arena(setup.game.name, setup.options, setup.players, names, games, seed, jobs,
                               backend, gauntlet, ray_address,  # type: ignore[arg-type]
                               progress=lambda n: progress.advance(task, n),
                               on_result=None if log is None else lambda o: _log(log, matches, o, run),
                               done=done, max_moves=max_moves)
        except RayMissing:
            raise fail(InvalidOptions("ray_missing", domain="cli"), lang) from None
        except OSError:  # the log cannot be written (a full disk): the games logged so far are kept
            raise fail(InvalidOptions("out_unwritable", domain="cli", path=str(out)), lang) from None
        finally:
            if log is not None:
                log.close()
    print_table(result, console, lang)
    if out is not None:
        try:
            written = write_results(result, out, plots=not no_plots, lang=lang)
        except OSError:
            raise fail(InvalidOptions("out_unwritable", domain="cli", path=str(out)), lang) from None
        for path in [out / "games.jsonl", *written]:  # the log too, written game by game
            console.print(say("report.wrote", lang, path=str(path)))


def outcomes_agree(a: Iterable[Outcome], b: Iterable[Outcome]) -> bool:
    """Whether two runs played the same games with the same results (timings aside)."""
    la, lb = list(a), list(b)
    return len(la) == len(lb) and all(x.same_play(y) for x, y in zip(la, lb, strict=True))
