"""The pause after a hand or leg (issue 10): the table holds its bots until
every person at the table pressed "continue" (``{"type": "continue"}``), or a
timeout passes; the turn clock (``turn_left``) is sent for the countdown ring.

These run the :class:`~mahai.server.tables.Hub` in process (no browser): the
page side is in ``test_table_page.py``."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from mahai.server.store import Store
from mahai.server.tables import Conn, Hub, Table
from tests.web.threads import run

SPADES_SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3


class Inbox:
    """A fake connection's messages."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send(self, msg: dict[str, Any]) -> None:
        self.messages.append(msg)


async def play_until(hub: Hub, table: Table, seat: int, rng: random.Random, done: Any,
                     limit: float = 30) -> None:
    """Make ``seat``'s moves (random legal) until ``done()``; bots move by themselves."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not done():
        assert loop.time() < end, "the table got stuck"
        actions = table.legal.get(seat, [])
        if actions and table.hold is None:
            await hub.act(table, seat, table.state.version, rng.choice(actions).notation())
        await asyncio.sleep(0.005)


def scored(table: Table) -> bool:
    return any(e.kind == "hand_scored" for _, e in table.events)


def test_the_table_waits_for_continue_after_a_spades_hand(tmp_path: Path) -> None:
    """SPR-10…SPR-12: the hand is scored; bots wait for the person's "continue"."""
    async def main() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'm.db'}"), pace=0, hold_seconds=60)
        table, _ = hub.create("spades", "standard", {}, SPADES_SEATS, "eu", None)
        inbox = Inbox()
        table.conns.add(Conn(inbox.send, 0, "eu"))
        hub._kick(table)
        await play_until(hub, table, 0, random.Random(4), lambda: scored(table))
        hold = table.hold
        assert hold is not None and hold.waiting == {0}
        version = table.state.version
        await asyncio.sleep(0.3)  # bots would have bid by now
        assert table.state.version == version
        last = inbox.messages[-1]
        assert last["hold"]["waiting"] == [0] and 0 < last["hold"]["seconds"] <= 60
        await hub.resume(table, 1)  # a bot seat (or a spectator) cannot end it
        assert table.hold is hold
        await hub.resume(table, 0)
        assert table.hold is None and inbox.messages[-1]["hold"] is None
        await play_until(hub, table, 0, random.Random(5),
                         lambda: table.state.version > version + 3 or table.state.is_over)
        hub.store.dispose()

    run(main)


def test_the_pause_ends_by_itself_after_the_timeout(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'm.db'}"), pace=0, hold_seconds=0.3)
        table, _ = hub.create("spades", "standard", {}, SPADES_SEATS, "eu", None)
        table.conns.add(Conn(Inbox().send, 0, "eu"))
        hub._kick(table)
        await play_until(hub, table, 0, random.Random(4), lambda: scored(table))
        assert table.hold is not None
        await asyncio.sleep(0.6)
        assert table.hold is None
        hub.store.dispose()

    run(main)


def test_no_pause_without_a_person_at_the_table_and_acting_counts_as_continue(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'm.db'}"), pace=0, hold_seconds=60)
        bots, _ = hub.create("spades", "standard", {},
                             [{"kind": "bot", "bot": "random"}] * 4, "eu", None)
        hub._kick(bots)
        loop = asyncio.get_running_loop()
        end = loop.time() + 30
        while not scored(bots):
            assert loop.time() < end
            assert bots.hold is None
            await asyncio.sleep(0.01)
        # a person who simply plays on ends their own wait
        table, _ = hub.create("spades", "standard", {}, SPADES_SEATS, "eu", None)
        table.conns.add(Conn(Inbox().send, 0, "eu"))
        hub._kick(table)
        await play_until(hub, table, 0, random.Random(4), lambda: scored(table))
        assert table.hold is not None
        await hub.resume(table, 0)
        assert table.hold is None
        hub.store.dispose()

    run(main)


def test_the_turn_clock_is_sent_while_a_person_owes_a_move(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'm.db'}"), pace=0)
        table, _ = hub.create("spades", "standard", {}, SPADES_SEATS, "eu", 30)
        inbox = Inbox()
        table.conns.add(Conn(inbox.send, 0, "eu"))
        hub._kick(table)
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while 0 not in table.state.to_act():
            assert loop.time() < end
            await asyncio.sleep(0.01)
        await hub.broadcast(table, [])
        left = inbox.messages[-1]["turn_left"]
        assert left is not None and 25 < left <= 30
        hub.store.dispose()

    run(main)
