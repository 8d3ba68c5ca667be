"""Bot-versus-bot simulation for every game (``mahai simulate GAME``), and the one
way every front end seeds its bots (:func:`make_bots`).

Bots are assigned to seats cyclically from a list (``heuristic,random``:
seats 0, 2, … heuristic, 1, 3, … random — partners in alternate-seat team
games), and the assignment rotates by one seat every game so that no bot keeps
the first seat. Game ``i`` uses seed ``seed + i``, so runs are reproducible and
parallel jobs split the work without changing the results. The per-game figures
averaged over the games come from :meth:`mahai.core.Game.stats`.

A game that reaches ``max_moves`` moves (:data:`MAX_MOVES` by default) is stopped and counted
as unfinished: it gives no win and no score (DenboraZup between random bots may never end,
DZR-6: each wrong placement draws two cards). The research adapters' ``max_length`` is the same
idea.
"""

from __future__ import annotations

import ctypes
import math
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from mahai.bots import Bot, make_bot
from mahai.bots.play import play_capped
from mahai.core.game import Seat
from mahai.games import get_game

BOT_SALT = 0x5EED
"""Mixed into a game's seed to seed its bots, so that no bot's generator is the game's own."""

MAX_MOVES = 10_000
"""The moves after which a simulated game is stopped, unfinished (``mahai simulate --max-moves``).
Measured between random bots: every game that ended took at most 6,045 moves (Spades, four
players, its own 100-hand cap), 4,984 (Mille Bornes, six players), 2,876 (DenboraZup solo);
a DenboraZup game that goes on costs about 5 s at this cap (pure build)."""


def make_bots(game: str, names: Mapping[Seat, str], seed: int) -> dict[Seat, Bot]:
    """The bots of one game: seat → bot ``names[seat]`` of ``game``, each with its
    own generator, all derived from the game's ``seed`` (salted with
    :data:`BOT_SALT`), in seat order. Every front end that seats bots (terminal
    play, simulations) makes them here, so a seed always gives the same bots.

    Raises:
        InvalidOptions: ``unknown_bot`` (or ``unknown_game``).
    """
    rng = random.Random(seed ^ BOT_SALT)
    return {seat: make_bot(game, names[seat], random.Random(rng.getrandbits(64))) for seat in sorted(names)}


@dataclass(frozen=True)
class GameResult:
    """One game: the bot name of each seat, the winners, the scores, and ``extra``: the game's
    :meth:`~mahai.core.Game.stats` (e.g. ``{"legs": 4.0}``). ``finished`` False: stopped at the
    move cap, without winners, its scores and figures left out of every mean."""

    seat_bots: tuple[str, ...]
    winners: frozenset[int]
    scores: tuple[float, ...]
    extra: dict[str, float] = field(default_factory=dict)
    finished: bool = True


@dataclass
class BotStats:
    seats_played: int = 0
    games: int = 0
    wins: int = 0
    score_sum: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson 95% interval of the win rate."""
        n = self.games
        if n == 0:
            return (0.0, 0.0)
        p = self.wins / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        return (max(0.0, centre - half), min(1.0, centre + half))

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seats_played if self.seats_played else 0.0


@dataclass
class Summary:
    """``games`` played, ``unfinished`` of them stopped at ``max_moves`` (None: not known); the
    bots' figures and ``extra_means`` count the finished games only."""

    games: int
    seconds: float
    bots: dict[str, BotStats]
    extra_means: dict[str, float]
    unfinished: int = 0
    max_moves: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "unfinished": self.unfinished,
            "max_moves": self.max_moves,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else None,
            "bots": {
                name: {
                    "games": s.games,
                    "wins": s.wins,
                    "win_rate": round(s.win_rate, 4),
                    "win_rate_95": [round(x, 4) for x in s.interval()],
                    "mean_score": round(s.mean_score, 2),
                }
                for name, s in self.bots.items()
            },
            "means": {k: round(v, 3) for k, v in self.extra_means.items()},
        }


def seat_assignment(bot_names: Sequence[str], players: int, game_index: int) -> tuple[str, ...]:
    """The bot of each seat for game ``game_index`` (cyclic, rotated per game)."""
    return tuple(bot_names[(seat + game_index) % len(bot_names)] for seat in range(players))


def run_one(
    game_name: str,
    options: Any,
    players: int,
    bot_names: Sequence[str],
    seed: int,
    game_index: int,
    max_moves: int = MAX_MOVES,
) -> GameResult:
    """Play game ``game_index`` of a simulation (seed ``seed + game_index``) to its end, or stop
    it unfinished after ``max_moves`` moves.

    Raises:
        ValueError: ``max_moves`` is below 1.
        RuntimeError: a seat must act that no bot plays (cannot happen: every seat has one).
    """
    game = get_game(game_name)
    names = seat_assignment(bot_names, players, game_index)
    bots = make_bots(game.name, dict(enumerate(names)), seed + game_index)
    state = game.new(options, players, seed + game_index)
    play_capped(game, state, bots, max_moves)
    if not state.is_over:
        return GameResult(names, frozenset(), tuple(state.scores()), finished=False)
    return GameResult(names, state.winners(), tuple(state.scores()), game.stats(state))


def _run_chunk(args: tuple[str, Any, int, Sequence[str], int, list[int], int]) -> list[GameResult]:
    game_name, options, players, bot_names, seed, indices, max_moves = args
    return [run_one(game_name, options, players, bot_names, seed, i, max_moves) for i in indices]


@contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes (``mahai simulate --jobs``, ``mahai arena --jobs``) that end with
    the command, however it ends.

    * Stopped, not waited for, when the block is left by an exception (a Ctrl-C, a game's error,
      a generator closed): the pool's own exit played every task still queued first (a Ctrl-C of
      ``mahai arena`` over 2,000 random Spades games took two minutes to end; an expert's arena,
      hours), then waited for the games in play.
    * Each worker ends when its parent ends (:func:`_worker_start`): after a ``kill -9`` of the
      command they waited for tasks for ever.
    * A Ctrl-C in the block (main thread) is only noted, and raised as KeyboardInterrupt by
      :func:`finished` as it waits for the games, or as the block ends: raised wherever the main
      thread was, it was lost in a fork's own handlers ("Exception ignored" and the command played
      on), or left the pool's queue locks held inside ``submit`` and its exit waited for ever
      (CI's Ctrl-C test of ``mahai arena``, a few runs in a hundred on a loaded machine).
    """
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(os.getpid(),))
    main = threading.current_thread() is threading.main_thread()
    _ctrl_c.clear()
    previous = signal.signal(signal.SIGINT, _note_ctrl_c) if main else None
    try:
        yield pool
        if _ctrl_c.is_set():  # pressed as the last games came in
            raise KeyboardInterrupt
    except BaseException:
        for process in list((pool._processes or {}).values()):  # public only in 3.14 (kill_workers)
            process.kill()
        # Quick now: the pool sees its workers dead and stops. Its thread joined here, not at exit
        # (a shutdown without waiting raced with it there: "OSError: Bad file descriptor"), once
        # it runs: a Ctrl-C at the first submit can come while Thread.start waits for it, and
        # joining a thread not yet running raised RuntimeError over the KeyboardInterrupt.
        thread = pool._executor_manager_thread
        running = thread is None or thread._started.wait(timeout=5)  # type: ignore[attr-defined]
        pool.shutdown(wait=running, cancel_futures=True)
        raise
    finally:
        if main and previous is not None:
            signal.signal(signal.SIGINT, previous)
    pool.shutdown()


_ctrl_c = threading.Event()
"""Set by a Ctrl-C while :func:`worker_pool`'s block runs (:func:`_note_ctrl_c`)."""
POLL_SECONDS = 0.2
"""How often :func:`finished` looks whether Ctrl-C was pressed while it waits."""


def _note_ctrl_c(signum: int, frame: Any) -> None:
    _ctrl_c.set()


def finished(futures: Iterable[Future[Any]], in_order: bool = False) -> Iterator[Future[Any]]:
    """``futures`` as they finish (``in_order``: in the order given), raising KeyboardInterrupt
    when a Ctrl-C was noted in :func:`worker_pool`'s block (looked at every
    :data:`POLL_SECONDS` while it waits)."""
    left = dict.fromkeys(futures)
    while left:
        if _ctrl_c.is_set():
            raise KeyboardInterrupt
        first = next(iter(left))
        done, _ = wait([first] if in_order else list(left), timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        for fut in [f for f in left if f in done]:
            del left[fut]
            yield fut


PR_SET_PDEATHSIG = 1
"""prctl(2): the signal this process gets when its parent ends (Linux)."""


def die_with_parent() -> bool:
    """Have the kernel send this process SIGTERM when its parent ends (Linux
    ``prctl(PR_SET_PDEATHSIG)``): the workers of :func:`worker_pool` and the children of
    ``mahai serve --workers`` (:mod:`mahai.server.workers`). Returns whether it is armed (False:
    not Linux, no ``prctl``). A parent already gone before the call sends nothing: the caller
    looks (:func:`_worker_start` does)."""
    try:
        return bool(ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM) == 0)
    except (OSError, AttributeError, TypeError):  # no prctl: not Linux
        return False


def _worker_start(owner: int) -> None:
    """Start of each worker process of :func:`worker_pool` (``owner``: the command's pid).

    * It ends when its parent ends. On Linux the kernel sends it SIGTERM at once
      (``PR_SET_PDEATHSIG``: no thread, no delay, as ``mahai serve --workers``' children; with the
      ``forkserver`` start method the parent is the fork server, which ends with ``owner``);
      elsewhere a daemon thread looks every second whether its parent changed.
    * A Ctrl-C is left to the parent, which stops the workers: the terminal sends it to every
      process of the command, and an idle worker printed a ``KeyboardInterrupt`` traceback.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not die_with_parent():
        threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True, name="mahai-parent").start()
        return
    try:
        os.kill(owner, 0)  # gone before prctl: no signal would come
    except ProcessLookupError:
        os._exit(1)
    except PermissionError:  # alive, another user's pid
        pass


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def run_games(
    game_name: str,
    options: Any,
    players: int,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    max_moves: int = MAX_MOVES,
) -> Iterable[GameResult]:
    """Yield the results of ``games`` games (``jobs`` worker processes), in order; a game is
    stopped unfinished after ``max_moves`` moves (:func:`run_one`).

    Raises:
        InvalidOptions: ``unknown_game``, ``unknown_bot``, ``bad_player_count``.
        ValueError: ``max_moves`` is below 1.
    """
    chunk = max(1, min(25, games // max(1, jobs * 4)))
    batches = [list(range(i, min(games, i + chunk))) for i in range(0, games, chunk)]
    if jobs <= 1:
        for batch in batches:
            results = _run_chunk((game_name, options, players, bot_names, seed, batch, max_moves))
            if progress:
                progress(len(results))
            yield from results
        return
    with worker_pool(jobs) as pool:
        futures = [pool.submit(_run_chunk, (game_name, options, players, bot_names, seed, b, max_moves))
                   for b in batches]
        for fut in finished(futures, in_order=True):
            results = fut.result()
            if progress:
                progress(len(results))
            yield from results


def summarize(results: Iterable[GameResult], seconds_fn: Callable[[], float],
              max_moves: int | None = None) -> Summary:
    """Aggregate results per bot name (a game counts once per bot that sat in it;
    a bot wins it if any of its seats won), the bots in the order they first sat (seat order of
    the first games): a run and its repetition print alike. An unfinished game is counted in
    ``games`` and ``unfinished`` only: no bot played, won or scored it (``max_moves``: the cap,
    reported)."""
    bots: dict[str, BotStats] = {}
    extra_sum: dict[str, float] = {}
    count = unfinished = 0
    for res in results:
        count += 1
        if not res.finished:
            unfinished += 1
            continue
        for name in dict.fromkeys(res.seat_bots):  # seat order: the same output for the same seed
            stats = bots.setdefault(name, BotStats())
            stats.games += 1
            seats = [s for s, n in enumerate(res.seat_bots) if n == name]
            if any(s in res.winners for s in seats):
                stats.wins += 1
            for s in seats:
                stats.seats_played += 1
                stats.score_sum += res.scores[s]
        for key, value in res.extra.items():
            extra_sum[key] = extra_sum.get(key, 0.0) + value
    finished = count - unfinished
    return Summary(count, seconds_fn(), bots,
                   {k: v / finished for k, v in extra_sum.items()} if finished else {}, unfinished, max_moves)
