"""DenboraZup: the bytes a long game (mode ``long``, DZR-13) sends to a browser, raw and gzipped.

Run ``python -m benchmarks.dz_weight [--players 4] [--bot easy] [--seed 7] [--lang eu]``.

A table of ``--players`` seats is made on a real :class:`~mahai.server.tables.Hub` over a fresh
SQLite file, its deal fixed by ``--seed``, and played out by seeded bots (``easy`` by default:
its games build the longest timelines, 100 to 150 cards), every move committed through the hub as
a person's would be. After every move the ``update`` message that seat 0 and a spectator would get
(:func:`~mahai.server.tables.snapshot` and the move's events, as :meth:`Hub.broadcast` makes it)
is serialised as the server serialises it; then the log sent on (re)connection, every replay page
of the finished game (:meth:`Hub.replay`, :data:`~mahai.server.tables.REPLAY_PAGE` steps) and the
state message of a page opened at the end. Prints, for each, the largest and the mean bytes, raw
and gzipped (zlib level 6, as the server's ``GZipMiddleware`` and about what permessage-deflate
does to one message).

Measured on 6 December 2026 (4 easy bots, seed 7, Basque: 1,599 moves, 148 cards on the timeline
at the end), before the wire views (:meth:`~mahai.core.Game.wire_view`,
:meth:`~mahai.core.Game.wire_event`), after them, and since a card's placements go as one entry
(:meth:`~mahai.core.Game.wire_legal`; each column is this script run with ``PYTHONPATH`` at a
checkout of that code), bytes, largest (mean) over the game:

==========================  ========================  ====================  ====================
message                     before: raw / gzip        wire views            placement families
==========================  ========================  ====================  ====================
update, spectator           221,433 / 63,881          32,487 / 8,428        32,241 / 8,427
                            (106,186 / 33,586)        (15,547 / 4,766)      (15,542 / 4,767)
update, seat 0              354,650 / 64,020          211,796 / 16,757      32,217 / 8,498
                            (120,442 / 35,888)        (25,096 / 5,872)      (17,259 / 5,373)
state, seat 0, at the end   212,677 / 66,237          29,949 / 8,576        29,949 / 8,576
log on (re)connection       69,743 / 11,507           30,112 / 3,611        31,111 / 3,765
replay page (50 steps)      10,162,402 / 3,110,164    1,361,216 / 31,196    1,360,652 / 31,150
                            (5,566,574 / 1,680,542)   (801,784 / 18,479)    (801,538 / 18,457)
==========================  ========================  ====================  ====================

A seat's largest updates were its legal moves: in a decision of a long game every card of the
hand times every slot on the coin's side, each with its label (3,380 moves, 470 kB of ``legal``
in one message of a 136-card timeline); since, one entry a card and call, its slots a list of
numbers, and a seat's update weighs what a spectator's does. (The log's last 200 events differ
since a skipped draw at an empty deck is one event, not two.)
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from mahai.bots import make_bot
from mahai.server.store import Store
from mahai.server.tables import REPLAY_PAGE, Hub, Table, snapshot


def wire(msg: Any) -> bytes:
    """``msg`` as the server sends it (``json.dumps`` without ASCII escapes nor spaces)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode()


class Sizes:
    """Raw and gzipped sizes of one kind of message."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.raw: list[int] = []
        self.packed: list[int] = []

    def add(self, data: bytes, pack: bool = True) -> None:
        self.raw.append(len(data))
        if pack:
            self.packed.append(len(gzip.compress(data, 6)))

    def row(self) -> str:
        if not self.raw:
            return f"{self.name:34} -"
        return (f"{self.name:34} {max(self.raw):>10,} {max(self.packed):>9,}"
                f" {round(statistics.mean(self.raw)):>10,} {round(statistics.mean(self.packed)):>9,}"
                f" {len(self.raw):>6}")


async def play(hub: Hub, table: Table, bot: str, seed: int, lang: str, every: int,
               sizes: dict[str, Sizes]) -> int:
    """Play ``table`` out with seeded ``bot`` bots; measure the update of seat 0 and of a
    spectator after every move (gzipped every ``every`` moves). Returns the moves."""
    game, state = table.game, table.state
    bots = {s: make_bot(game.name, bot, random.Random(f"{seed}:{s}")) for s in range(state.players)}
    moves = 0
    while not table.state.is_over:
        state = table.state
        seat = next(s for s in state.to_act() if not state.must_wait(s))
        action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
        before = len(table.events)
        async with table.lock:
            await hub._commit(table, seat, action)
        moves += 1
        new = table.events[before:] if len(table.events) > before else table.events[-1:]
        for viewer, name in ((0, "update, seat 0"), (None, "update, spectator")):
            msg = snapshot(table, viewer, lang)
            msg["type"] = "update"
            msg["events"] = table.log(viewer, lang, new)
            sizes[name].add(wire(msg), pack=moves % every == 0)
    return moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="easy")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", default="eu")
    parser.add_argument("--every", type=int, default=10, help="gzip one update in this many")
    args = parser.parse_args(argv)
    names = ["update, seat 0", "update, spectator", "state, seat 0, at the end", "log, seat 0",
             "replay page, seat 0", "replay page, spectator"]
    sizes = {n: Sizes(n) for n in names}
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'm.db'}")
        hub = Hub(store, pace=0, bot_workers=0)
        seats = [{"kind": "person"} for _ in range(args.players)]
        with mock.patch("secrets.randbits", lambda bits: args.seed):
            table, _ = hub.create("denborazup", "long", {}, seats, args.lang, None)  # the same deal each run
        moves = asyncio.run(play(hub, table, args.bot, args.seed, args.lang, args.every, sizes))
        sizes["state, seat 0, at the end"].add(wire(snapshot(table, 0, args.lang)))
        sizes["log, seat 0"].add(wire({"type": "log", "events": table.log(0, args.lang)}))
        steps = moves + 1
        for viewer, name in ((0, "replay page, seat 0"), (None, "replay page, spectator")):
            for start in range(0, steps, REPLAY_PAGE):
                sizes[name].add(wire(hub.replay(table, viewer, args.lang, start)))
        timeline = len(table.game.view(table.state, None)["timeline"])
        store.dispose()
    print(f"denborazup long, {args.players} {args.bot} bots, seed {args.seed}, {args.lang}: {moves} moves,"
          f" {timeline} cards on the timeline at the end")
    print(f"{'message':34} {'max raw':>10} {'max gz':>9} {'mean raw':>10} {'mean gz':>9} {'count':>6}")
    for n in names:
        print(sizes[n].row())


if __name__ == "__main__":
    main()
