"""Bot decisions off the event loop, when they are slow enough to matter.

A bot sees only its seat's observation (``Game.observe``) and its legal
actions, so a decision can be made in another process: the bot itself
(with its generator), the observation and the legal actions are pickled to a
worker of a :class:`concurrent.futures.ProcessPoolExecutor` (``spawn``: no
fork of a threaded server), which returns the action and the bot as it is
after choosing (its generator advanced), so that the table keeps playing the
same bot.

Most bots choose in well under a millisecond — less than sending them to
another process costs — so :class:`Thinker` times every decision made on the
loop and sends a bot to the pool only once its kind (game, bot name) averages
more than :data:`SLOW_MS` over its first decisions and more than
:data:`TRANSFER_RATIO` times what pickling its arguments costs (e.g. Spades'
search bot, about 40 ms a move on this machine for 0.4 ms of pickling; the
heuristic bots take about 0.1 ms).
With ``workers=0`` every decision is made on the loop (no process at all).
The pool's processes get the observation of one seat, never a state.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from mahai.bots import Bot
from mahai.core import Action, Game
from mahai.games import get_game

SLOW_MS = 5.0
"""A bot kind whose decisions average more than this (ms, on the loop) goes to the pool…"""
TRANSFER_RATIO = 5.0
"""…if they also take this many times longer than pickling what a worker gets (the
DenboraZup bots carry their deck knowledge: 200 KB, 0.7 ms to pickle for a 1 ms
decision — cheaper on the loop)."""
SAMPLES = 3
"""Decisions timed on the loop before a bot kind is judged."""


def _think(game_name: str, bot: Bot, seat: int, observation: Any, legal: list[Action]) -> tuple[Action, Bot]:
    """In a worker: the bot's action and the bot after choosing it."""
    action = bot.act(get_game(game_name), seat, observation, legal)
    return action, bot


def _watch_parent(parent: int) -> None:
    """In a worker: end it when the server process is gone (killed, say), so
    that no orphan worker outlives it."""
    def watch() -> None:
        while True:
            time.sleep(2)
            if os.getppid() != parent:
                os._exit(0)
    threading.Thread(target=watch, name="mahai-parent-watch", daemon=True).start()


def default_workers() -> int:
    """``MAHAI_BOT_WORKERS`` if set, else 1 (a 2-core machine: the loop and one worker)."""
    value = os.environ.get("MAHAI_BOT_WORKERS", "")
    return int(value) if value.isdigit() else 1


class Thinker:
    """Where bots choose: on the loop, or in ``workers`` processes (created
    on first need) for bot kinds measured slow."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.pool: ProcessPoolExecutor | None = None
        self.timing: dict[tuple[str, str], tuple[int, float]] = {}
        """(game, bot name) → (decisions timed, total ms) on the loop."""
        self.transfer: dict[tuple[str, str], float] = {}
        """(game, bot name) → ms to pickle a decision's arguments (measured once)."""
        self.remote = 0
        """Decisions made in the pool."""

    def slow(self, game: str, bot: Bot) -> bool:
        """Whether ``bot`` of ``game`` is one to send to the pool."""
        key = (game, bot.name)
        n, total = self.timing.get(key, (0, 0.0))
        return (self.workers > 0 and n >= SAMPLES and total / n > SLOW_MS
                and total / n > TRANSFER_RATIO * self.transfer.get(key, 0.0))

    async def act(self, game: Game[Any, Any], seat: int, bot: Bot, observation: Any,
                  legal: list[Action]) -> tuple[Action, Bot]:
        """The bot's action for ``seat`` and the bot to keep (the same object
        when it chose on the loop, its copy back from the worker otherwise)."""
        if self.slow(game.name, bot):
            if self.pool is None:
                self.pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=_watch_parent, initargs=(os.getpid(),))
            loop = asyncio.get_running_loop()
            self.remote += 1
            try:
                return await loop.run_in_executor(self.pool, _think, game.name, bot, seat, observation, legal)
            except Exception:  # noqa: BLE001 - a broken pool (a worker died): this kind chooses on the loop
                self.transfer[(game.name, bot.name)] = math.inf
                self.close()
        start = time.perf_counter()
        action = bot.act(game, seat, observation, legal)
        took = (time.perf_counter() - start) * 1000
        key = (game.name, bot.name)
        n, total = self.timing.get(key, (0, 0.0))
        if n < 50:
            self.timing[key] = (n + 1, total + took)
        if key not in self.transfer and self.workers > 0:
            # A bot that does not come back from a pickle never goes to the pool: a class local
            # to a function does not pickle (DenboraZup's strong bot was one), a mypyc-compiled
            # class without __reduce__ pickles but does not unpickle ("__init__() missing required
            # argument 'rng'": the Spades and Mille Bornes search bots were such, tests/bots/
            # test_pickle.py): the first stopped its table at its first move, the second killed
            # the worker and its table waited for the bot forever.
            start = time.perf_counter()
            try:
                pickle.loads(pickle.dumps((bot, observation, legal), protocol=pickle.HIGHEST_PROTOCOL))
                self.transfer[key] = (time.perf_counter() - start) * 1000
            except Exception:  # noqa: BLE001 - any failure to pickle or unpickle
                self.transfer[key] = math.inf
        return action, bot

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
