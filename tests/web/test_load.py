"""Serving many tables (issue 14, "Fast on one process"): a connection that never
reads does not hold a table back; tables leave memory when finished or idle and
come back from the store (from a versioned snapshot when the code is the same,
else by replaying the record) with the same state; the start-up loads only the
tables still in play; the public list is paged by recency; the store's writer
thread commits many writes in one transaction and a faulty one alone fails."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from mahai.server.lobby import ABANDONED_AFTER
from mahai.server.store import SeatRow, Snapshot, Store
from mahai.server.tables import Hub, Table
from tests.web.client import Client
from tests.web.server import Server
from tests.web.threads import in_thread, run

pytestmark = pytest.mark.web

GAMES = [("mille_bornes", None, 2), ("spades", "standard", 4), ("denborazup", None, 3)]


def silent_socket(server: Server, table_id: str) -> socket.socket:
    """A WebSocket that says hello as a spectator and then never reads (a tiny
    receive buffer, so the server's sends back up at once)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  f"Origin: {server.url}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)  # byte by byte: nothing after the handshake is read
    assert head.startswith(b"HTTP/1.1 101"), head
    payload = json.dumps({"type": "hello", "token": None, "lang": "en"}).encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    return sock


@pytest.mark.slow
def test_a_silent_spectator_does_not_hold_the_table_back(tmp_path: Path) -> None:
    """Before issue 14 a spectator that never read froze the table once the
    socket buffers were full (a few thousand small updates): here a long Nim game
    (about 13,000 moves, 10 MB of updates) between two bots still ends, watched
    by a reading spectator, while the silent one stays connected."""
    server = Server(f"sqlite:///{tmp_path / 'm.db'}").start()
    try:
        made = server.create("nim", ["bot:random", "bot:random"], options={"stones": 20000, "max_take": 2})
        watcher = Client(server.ws_url, made["id"], None)
        silent = silent_socket(server, made["id"])
        try:
            last = watcher.wait_until(lambda s: s["over"], timeout=300)
            assert last["version"] > 6000
            # a person's table opened now still answers at once
            other = server.create("nim", ["person", "bot:random"], options={"stones": 30})
            player = Client(server.ws_url, other["id"], other["tokens"]["0"])
            answer = player.act(player.legal[0])
            assert answer["type"] == "update"
            player.close()
        finally:
            silent.close()
            watcher.close()
    finally:
        server.stop()


def play(hub: Hub, table: Table, moves: int) -> None:
    """Make ``moves`` random legal moves (seats in turn), committed through the hub."""
    rng = random.Random(5)

    async def main() -> None:
        for _ in range(moves):
            if table.state.is_over:
                return
            seat = next(s for s in table.state.to_act() if not table.state.must_wait(s))
            action = rng.choice(table.state.legal_actions(seat))
            async with table.lock:
                await hub._commit(table, seat, action)
    run(main)


def views(table: Table) -> list[Any]:
    return [table.game.view(table.state, s) for s in [None, *range(table.state.players)]]


@pytest.mark.parametrize(("game", "edition", "players"), GAMES)
@in_thread
def test_an_evicted_table_comes_back_from_its_snapshot_as_from_its_record(
        tmp_path: Path, game: str, edition: str | None, players: int) -> None:
    """The snapshot (pickled state after N actions + the actions after it) gives
    the same views for every seat and the same legal actions as replaying the
    whole record; a snapshot of other code is ignored."""
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    hub = Hub(store, pace=0, bot_workers=0)
    seats = [{"kind": "person"} for _ in range(players)]
    table, _ = hub.create(game, edition, {}, seats, "en", None)
    play(hub, table, 150)  # a snapshot at 100 actions, 50 after it
    assert table.snap_idx == 100 or table.state.is_over
    before = views(table)
    legal = {s: [a.notation() for a in table.legal[s]] for s in range(players)}
    table.touched -= 10_000
    assert hub.evict() == 1 and table.id not in hub.tables
    store.flush()
    row, snap = store.load(table.id) or (None, None)
    assert row is not None and snap is not None and snap.idx == len(row.record.actions)
    back = hub.tables[table.id]
    assert back is not table and back.snap_idx == snap.idx
    assert views(back) == before
    assert {s: [a.notation() for a in back.legal[s]] for s in range(players)} == legal
    assert back.log(None, "en") == table.log(None, "en")
    replayed = hub._build(row)  # the whole record, no snapshot
    assert views(replayed) == before
    stale = hub._build(row, Snapshot(snap.idx, "0" * 64, snap.data))
    assert views(stale) == before and stale.snap_idx == 0
    # the rebuilt table plays on like the original would
    play(hub, back, 20)
    play(hub, replayed, 0)
    store.dispose()


@in_thread
def test_the_start_up_loads_only_tables_in_play_and_the_rest_on_demand(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    store = Store(url)
    hub = Hub(store, pace=0, bot_workers=0)
    done, _ = hub.create("nim", None, {"stones": 4}, [{"kind": "person"}, {"kind": "person"}], "en", None)
    play(hub, done, 10)
    assert done.state.is_over
    live, _ = hub.create("nim", None, {"stones": 30}, [{"kind": "person"}, {"kind": "person"}], "en", None)
    play(hub, live, 3)
    old, _ = hub.create("nim", None, {"stones": 30}, [{"kind": "person"}, {"kind": "person"}], "en", None)
    store.dispose()
    store = Store(url)
    with store.engine.begin() as conn:
        conn.execute(sa.text("update mahai_tables set created = created - :age where id = :id"),
                     {"age": ABANDONED_AFTER + 60, "id": old.id})  # nobody moved for a week: abandoned
        over: dict[str, Any] = dict(conn.execute(sa.text("select id, over from mahai_tables")).all())
    assert over == {done.id: True, live.id: False, old.id: False}
    again = Hub(store, pace=0, bot_workers=0)
    assert again.load() == 1 and list(again.tables) == [live.id]
    assert again.tables[old.id].state.version == 0
    assert again.tables[live.id].state.version == live.state.version
    found = again.tables.get(done.id)
    assert found is not None and found.state.is_over and found.snap_idx == 0
    assert again.tables.get("no-such-table") is None
    store.dispose()


@in_thread
def test_the_public_list_is_paged_most_recent_first(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    hub = Hub(store, pace=0, bot_workers=0)
    made = []
    for i in range(5):
        table, _ = hub.create("nim", None, {"stones": 30}, [{"kind": "person"}, {"kind": "person"}], "en",
                              None, listed=i != 2)
        made.append(table)
    play(hub, made[1], 1)  # the most recent move
    hidden = made[2]
    order = [t.id for t in hub.listed(10)]
    assert order[0] == made[1].id and hidden.id not in order and len(order) == 4
    assert [t.id for t in hub.listed(2)] + [t.id for t in hub.listed(2, 2)] == order
    store.dispose()


@in_thread
def test_the_writer_commits_a_batch_and_only_the_faulty_write_fails(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    hub = Hub(store, pace=0, bot_workers=0)
    table, _ = hub.create("nim", None, {"stones": 30}, [{"kind": "person"}, {"kind": "person"}], "en", None)

    async def main() -> None:
        writes = [store.append_async(table.id, i, i % 2, "take 1") for i in range(40)]
        writes.append(store.set_seat_async(table.id, SeatRow(0, "person", None, None, "Ane")))
        await asyncio.gather(*writes)
        assert store.writer.commits < store.writer.done  # several writes shared a commit
        writes = [store.append_async(table.id, 3, 0, "take 1"),  # the same index again
                  store.append_async(table.id, 40, 0, "take 1")]
        results = await asyncio.gather(*writes, return_exceptions=True)
        assert isinstance(results[0], sa.exc.IntegrityError) and results[1] is None
    run(main)
    found = store.load(table.id)
    assert found is not None
    row, _ = found
    assert len(row.record.actions) == 41 and row.seats[0].name == "Ane"
    store.dispose()


@pytest.mark.slow
def test_acknowledged_bot_moves_survive_sigkill_under_load(tmp_path: Path) -> None:
    """Several tables of bots at pace 0; the server is SIGKILLed five times: every
    version a spectator was sent is in the store afterwards (an update is sent
    only after its action is committed), and the tables play on after each restart."""
    db = tmp_path / "m.db"
    server = Server(f"sqlite:///{db}").start()
    try:
        options = {"stones": 20000, "max_take": 2}
        ids = [server.create("nim", ["bot:random", "bot:random"], options=options)["id"] for _ in range(4)]
        seen: dict[str, int] = dict.fromkeys(ids, 0)
        for _ in range(5):
            watchers = [Client(server.ws_url, i, None) for i in ids]
            for w, i in zip(watchers, ids, strict=True):
                state = w.wait_until(lambda s, i=i: s["version"] >= seen[i] + 50, timeout=60)
                assert not state["over"]
                seen[i] = state["version"]  # a version this client was sent
            server.kill()
            for w in watchers:
                try:
                    w.close()
                except Exception:  # noqa: BLE001 - the server is gone
                    pass
            with sqlite3.connect(db) as conn:
                for i in ids:
                    stored = conn.execute("select count(*) from mahai_actions where table_id = ?",
                                          (i,)).fetchone()[0]
                    assert stored >= seen[i], (i, stored, seen[i])
            server.restart()
            time.sleep(0.2)
    finally:
        server.stop()


def test_a_slow_bot_kind_chooses_in_a_worker_process() -> None:
    """A bot kind timed slow on the loop goes to the process pool: it gets the
    seat's observation, returns a legal action and the bot as it is after
    choosing (its generator advanced, so the next choice differs from a replay)."""
    from mahai.bots import make_bot
    from mahai.games import get_game
    from mahai.server.thinking import SAMPLES, Thinker

    game = get_game("spades")
    state = game.new(game.options("standard"), 4, 3)
    seat = state.to_act()[0]
    bot = make_bot("spades", "random", random.Random(1))
    thinker = Thinker(workers=1)

    async def main() -> None:
        legal = state.legal_actions(seat)
        action, kept = await thinker.act(game, seat, bot, game.observe(state, seat), legal)
        assert kept is bot and thinker.remote == 0  # fast so far: on the loop
        thinker.timing[("spades", "random")] = (SAMPLES, 1000.0 * SAMPLES)  # as if it took 1 s each
        action, kept = await thinker.act(game, seat, bot, game.observe(state, seat), legal)
        assert thinker.remote == 1 and kept is not bot and action in legal
        assert kept.rng.getstate() != bot.rng.getstate()
    try:
        run(main)
    finally:
        thinker.close()


def test_a_write_given_up_before_it_starts_is_skipped_and_the_writer_lives_on(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    gate = threading.Event()
    def wait(conn: sa.Connection) -> None:
        gate.wait(10)

    def create(conn: sa.Connection) -> None:
        conn.execute(sa.text("create table nope (x int)"))

    first = store.writer.submit(wait)
    given_up = store.writer.submit(create)
    assert given_up.cancel()
    gate.set()
    first.result(10)
    store.flush()  # the writer still runs
    with store.engine.connect() as conn:
        assert "nope" not in sa.inspect(conn).get_table_names()
    store.dispose()


WORKER_USER = r'''
import asyncio, random
from mahai.bots import make_bot
from mahai.games import get_game
from mahai.server.thinking import SAMPLES, Thinker
thinker = Thinker(1)
async def main() -> None:
    game = get_game("spades")
    state = game.new(game.options("standard"), 4, 3)
    seat = state.to_act()[0]
    bot = make_bot("spades", "random", random.Random(1))
    thinker.timing[("spades", "random")] = (SAMPLES, 1000.0 * SAMPLES)  # as if slow: to the pool
    thinker.transfer[("spades", "random")] = 0.0
    await thinker.act(game, seat, bot, game.observe(state, seat), state.legal_actions(seat))
    print("ready", flush=True)
    await asyncio.sleep(120)
asyncio.run(main())
'''


def test_the_bot_workers_do_not_outlive_a_killed_server() -> None:
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", WORKER_USER], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    assert children
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    def alive(pid: str) -> bool:
        try:
            return "zombie" not in Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return False
    deadline = time.monotonic() + 30
    while any(alive(p) for p in children):
        assert time.monotonic() < deadline, "a bot worker outlived its server"
        time.sleep(0.2)
