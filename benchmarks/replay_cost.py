"""Replay pages: what the last page of a long game costs against the first, with and without the
replay checkpoints (:mod:`mahai.server.checkpoints`), and what the kept states weigh.

Run ``python -m benchmarks.replay_cost [--game denborazup] [--edition long] [--players 4]
[--seed 1] [--repeat 5]``.

A table is made on a real :class:`~mahai.server.tables.Hub` over a fresh SQLite file and played
out by random moves (seeded by ``--seed``, the deal by ``--seed`` too). Then, for a spectator in
Basque, :meth:`Hub.replay` builds the first page (the reference: its frames and the set-up) and
the last page: cold (the first request of the table, which replays the whole record once and
keeps states on its way) and warm (asked again, as the slider or another client does), each the
median CPU time of ``--repeat`` runs (``time.process_time``), given as a ratio to the first
page's. "before" is the same hub with every page played from the set-up, as before the
checkpoints. Then every page is asked for once and the kept states' memory is traced
(``tracemalloc``): their count and bytes.

Measured on 6 December 2026 (2 shared cores, pure Python, seed 1; the first page of 50 frames
took 3 to 6 ms of CPU), the last page's cost as a ratio to the first's:

=============================  ======  ==========  ==========  ============================
game (random players: moves)   before  after cold  after warm  kept states (bytes a state)
=============================  ======  ==========  ==========  ============================
DenboraZup long (4: 12,664)    23.4    24.4        1.25        63, every 200 (31,216)
Spades standard (4: 6,006)     5.3     6.0         0.99        60, every 100 (30,573)
Mille Bornes eu (2: 2,070)     2.9     3.2         1.14        41, every 50 (11,317)
=============================  ======  ==========  ==========  ============================

The first request of a table still replays its record once (cold, as before, plus the states
kept on the way); every later page of it costs about its frames.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from mahai.core import Game, GameRecord
from mahai.core.record import Step
from mahai.server.checkpoints import ReplayCheckpoints
from mahai.server.store import Store
from mahai.server.tables import Hub, Table


class FromSetUp(Hub):
    """The hub as before the checkpoints: every page played from the set-up."""

    def _replay_steps(self, key: str, record: GameRecord, game: Game[Any, Any], start: int) -> Iterator[Step]:
        return itertools.islice(record.steps(game), start, None)


def cpu(run: Callable[[], object], repeat: int) -> float:
    """The median CPU seconds of ``repeat`` calls of ``run``."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        run()
        times.append(time.process_time() - t)
    return statistics.median(times)


def play_out(table: Table, seed: int) -> int:
    """Play ``table`` to its end with random legal moves (the record kept as the hub keeps it)."""
    rng = random.Random(seed)
    state = table.state
    while not state.is_over:
        seat = next(s for s in state.to_act() if not state.must_wait(s))
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        table.record.actions.append((seat, action.notation()))
    return len(table.record.actions)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="denborazup")
    parser.add_argument("--edition", default="long")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'm.db'}")
        hub = Hub(store, pace=0, bot_workers=0)
        before = FromSetUp(store, pace=0, bot_workers=0)
        seats = [{"kind": "person"} for _ in range(args.players)]
        with mock.patch("secrets.randbits", lambda bits: args.seed):
            table, _ = hub.create(args.game, args.edition, {}, seats, "eu", None)
        moves = play_out(table, args.seed)
        steps = moves + 1
        page = hub.replay_page
        last = (steps - 1) // page * page
        first = cpu(lambda: hub.replay(table, None, "eu", 0), args.repeat)
        old_last = cpu(lambda: before.replay(table, None, "eu", last), args.repeat)

        def cold() -> None:
            hub.checkpoints = ReplayCheckpoints(page)
            hub.replay(table, None, "eu", last)
        cold_last = cpu(cold, args.repeat)
        warm_last = cpu(lambda: hub.replay(table, None, "eu", last), args.repeat)
        assert hub.replay(table, None, "eu", last) == before.replay(table, None, "eu", last)

        hub.checkpoints = ReplayCheckpoints(page)
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        for start in range(0, steps, page):
            hub.replay(table, None, "eu", start)
        gc.collect()
        kept_bytes = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        kept = hub.checkpoints.kept()
        store.dispose()
    print(f"{args.game} {args.edition}, {args.players} random players, seed {args.seed}: {moves} moves,"
          f" {-(-steps // page)} pages of {page}; first page {first * 1000:.1f} ms CPU")
    print(f"last page / first page: before {old_last / first:.1f}; after: cold {cold_last / first:.1f},"
          f" warm {warm_last / first:.2f}")
    print(f"kept states: {kept} (spacing {hub.checkpoints.spacing(moves)} actions),"
          f" {kept_bytes:,} bytes traced ({kept_bytes // max(kept, 1):,} a state)")


if __name__ == "__main__":
    main()
