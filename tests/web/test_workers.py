"""``mahai serve --workers 2`` on a throwaway PostgreSQL (issue 14, several
processes): a client on each process at the same table, both see every update
and both act (one through the owner, one forwarded to it); the owner is killed
(SIGKILL) during play, the other process takes the table over from the store,
and no acknowledged action is lost; the rematch reaches the people on every
process."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from typing import Any

import psycopg
import pytest

from mahai.server.cluster import CHANNELS, lock_key
from tests.web.client import Client
from tests.web.server import MAHAI, Server
from tests.web.test_postgres import postgres_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.web


def worker_of(client: Client) -> int:
    """The pid of the server process that holds ``client``'s socket (its handshake says it)."""
    return int(client.ws.response.headers["x-mahai-worker"])


def connect(server: Server, tid: str, token: str, avoid: int | None = None, on: int | None = None,
            ) -> Client:
    """A client of ``token``'s seat on a process other than ``avoid`` (or on process ``on``; new
    connections are spread over the processes by the kernel: ``SO_REUSEPORT``)."""
    # A worker still starting (not yet listening) gets no connections: on a loaded machine (CI) the
    # second process can take many seconds to import, so try for up to a minute, not a fixed count.
    deadline = time.monotonic() + 60
    while True:
        client = Client(server.ws_url, tid, token)
        if (avoid is None or worker_of(client) != avoid) and (on is None or worker_of(client) == on):
            return client
        client.close()
        if time.monotonic() > deadline:
            raise AssertionError("every connection reached the same process for a minute")
        time.sleep(0.1)


def wait_gone(pid: int) -> None:
    """Wait until the killed worker ``pid`` has exited and been reaped: until then the kernel may
    still route a new connection to its listening socket, which is then reset as the socket closes
    (a CI run's next request failed so)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        assert time.monotonic() < deadline, f"worker {pid} did not exit"
        time.sleep(0.05)


def owners(url: str, tid: str | None = None) -> list[int]:
    """The pids of the processes holding a table's advisory lock (``tid``'s; None: any table's),
    found by their connections' application_name."""
    query = ("select a.application_name from pg_locks l join pg_stat_activity a "
             "on a.pid = l.pid where l.locktype = 'advisory' and l.granted")
    params: tuple[int, ...] = ()
    if tid is not None:
        key = lock_key(tid)
        query += " and l.classid = %s and l.objid = %s"
        params = ((key >> 32) & 0xFFFFFFFF, key & 0xFFFFFFFF)
    with psycopg.connect(url) as conn:
        rows = conn.execute(query, params).fetchall()
    return [int(name.rsplit("-", 1)[1]) for (name,) in rows]


def stored(url: str, tid: str) -> list[tuple[int, str]]:
    with psycopg.connect(url) as conn:
        return [(s, a) for s, a in conn.execute(
            "select seat, notation from mahai_actions where table_id = %s order by idx", (tid,))]


def play(clients: dict[int, Client], acked: list[tuple[int, str]], moves: int) -> None:
    """``moves`` moves (``take 1``), each by the seat to act; every acknowledged one is noted and
    both clients must see its update."""
    for _ in range(moves):
        state = clients[0].state
        assert state is not None
        if state["over"]:
            return
        version = state["version"]
        for c in clients.values():
            c.wait_until(lambda s, v=version: s["version"] == v)
        seat = state["to_act"][0]
        answer = clients[seat].act("take 1")
        assert answer["type"] == "update", answer
        acked.append((seat, "take 1"))
        for c in clients.values():
            c.wait_until(lambda s, v=version: s["version"] == v + 1)


def seen_versions(client: Client) -> set[int]:
    return {f["version"] for f in client.frames if f["type"] in ("state", "update")}


def test_two_workers_share_a_table_and_survive_the_owner_killed(postgres_url: str) -> None:  # noqa: F811
    # a password in the query (libpq's; the cluster trusts): the start line showed it
    server = Server(postgres_url + "?password=s3cret",
                    args=("--workers", "2", "--rate-limit-scale", "0")).start()
    opened: list[Client] = []
    try:
        assert server.proc is not None and server.proc.stdout is not None
        said = server.proc.stdout.readline().decode()
        assert "/mahai?password=…)" in said and "s3cret" not in said, said
        made = server.create("nim", ["person", "person"], options={"stones": 30})
        tid, tokens = made["id"], made["tokens"]
        first = connect(server, tid, tokens["0"])
        second = connect(server, tid, tokens["1"], avoid=worker_of(first))
        opened += [first, second]
        clients = {0: first, 1: second}
        assert worker_of(first) != worker_of(second)
        owner = owners(postgres_url)
        assert len(owner) == 1 and owner[0] in (worker_of(first), worker_of(second))

        acked: list[tuple[int, str]] = []
        play(clients, acked, 8)  # both seats act: one on the owner, one forwarded
        assert {0, 1} <= {seat for seat, _ in acked}
        for c in clients.values():
            assert set(range(1, 9)) <= seen_versions(c)  # every update, on both processes

        dead = next(s for s, c in clients.items() if worker_of(c) == owner[0])
        alive = clients[1 - dead]
        if clients[0].state is not None and clients[0].state["to_act"] != [1 - dead]:
            play(clients, acked, 1)
        state = alive.state
        assert state is not None and state["to_act"] == [1 - dead]
        os.kill(owner[0], signal.SIGKILL)
        # during play: the survivor's move right away goes to a dead owner, then is run by the survivor
        answer = alive.act("take 1")
        assert answer["type"] == "update" and answer["version"] == state["version"] + 1, answer
        acked.append((1 - dead, "take 1"))
        deadline = time.monotonic() + 20
        while owners(postgres_url) in ([], [owner[0]]):
            assert time.monotonic() < deadline, "no process took the table over"
            time.sleep(0.2)
        assert owners(postgres_url) == [worker_of(alive)]  # the survivor owns it now
        wait_gone(owner[0])
        clients[dead] = connect(server, tid, tokens[str(dead)])
        opened.append(clients[dead])
        assert clients[dead].state is not None and clients[dead].state["version"] == len(acked)
        assert stored(postgres_url, tid) == acked

        while clients[0].state is not None and not clients[0].state["over"]:
            play(clients, acked, 1)
        assert stored(postgres_url, tid) == acked  # 0 acknowledged actions lost
        assert len(acked) == 30
        assert server.get(f"/api/tables/{tid}")["over"] is True
        again = server.post(f"/api/tables/{tid}/rematch", {"token": tokens["0"]})
        for seat, c in clients.items():  # the people on every process move to the rematch
            msg = c.wait("rematch")
            assert msg["table"] == again["id"] and msg["seat"] == seat and msg["token"]
        assert server.post(f"/api/tables/{tid}/rematch", {"token": tokens["1"]})["id"] == again["id"]

        # a bot's table, its person on the process that does not own it: the owner runs the bot
        bot_table = server.create("nim", ["person", "bot:random"], options={"stones": 12})
        (bot_owner,) = owners(postgres_url, bot_table["id"])
        person = connect(server, bot_table["id"], bot_table["tokens"]["0"], avoid=bot_owner)
        opened.append(person)
        mine: list[tuple[int, str]] = []
        state = person.state
        while state is not None and not state["over"]:
            if state["to_act"] == [0]:
                assert person.act("take 1")["type"] == "update"
                mine.append((0, "take 1"))
            state = person.wait_until(lambda s: s["over"] or s["to_act"] == [0])
        moves = stored(postgres_url, bot_table["id"])
        assert [m for m in moves if m[0] == 0] == mine and any(m[0] == 1 for m in moves)
        assert state is not None and state["version"] == len(moves)
    finally:
        for c in opened:
            try:
                c.close()
            except Exception:  # noqa: BLE001 - the process behind it may be dead
                pass
        server.stop()


def test_workers_need_postgresql(tmp_path: Any) -> None:
    done = subprocess.run([str(MAHAI), "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path}/m.db"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "PostgreSQL" in done.stderr


class Notices:
    """Every NOTIFY payload of the cluster's channels, heard from a connection of our own."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg.connect(url, autocommit=True)
        for channel in CHANNELS:
            self.conn.execute(f"listen {channel}")
        self.payloads: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            for note in self.conn.notifies(timeout=0.5):
                self.payloads.append(note.payload)

    def close(self) -> list[str]:
        self.stop.set()
        self.thread.join(5)
        self.conn.close()
        return self.payloads


def online(state: dict[str, Any], seat: int) -> bool:
    return bool(state["table"]["seats"][seat]["online"])


def test_presence_pause_and_seat_claims_span_the_processes(postgres_url: str) -> None:  # noqa: F811
    server = Server(postgres_url, args=("--workers", "2", "--rate-limit-scale", "0")).start()
    notices = Notices(postgres_url)
    opened: list[Client] = []
    try:
        made = server.create("spades", ["person", "person", "bot:random", "bot:random"], lang="en")
        tid, tokens = made["id"], made["tokens"]
        (owner,) = owners(postgres_url, tid)
        # seat 1 claimed on the process that does not own the table: the invitation is spent
        far = connect(server, tid, tokens["1"], avoid=owner)
        near = connect(server, tid, tokens["0"], on=owner)
        opened += [far, near]
        assert far.welcome["seat"] == 1 and near.welcome["seat"] == 0
        with psycopg.connect(postgres_url) as conn:
            invites = dict(conn.execute("select seat, invite from mahai_seats where table_id = %s",
                                        (tid,)).fetchall())
        assert invites[0] is None and invites[1] is None
        # each process shows the seat held on the other one online
        far.wait_until(lambda s: online(s, 0) and online(s, 1))
        near.wait_until(lambda s: online(s, 0) and online(s, 1))

        clients = {0: near, 1: far}
        version = -1
        while True:  # the people play (their first legal action) until the hand is scored
            state = near.wait_until(lambda s, v=version: s["version"] > v and (
                s["hold"] is not None or s["over"] or s["to_act"][:1] in ([0], [1])))
            if state["hold"] is not None or state["over"]:
                break
            version = state["version"]
            mover = clients[state["to_act"][0]]
            mover.wait_until(lambda s, v=version: s["version"] >= v)
            answer = mover.act(mover.legal[0], version=version)
            assert answer["type"] == "update", answer
        assert not state["over"]
        # the owner's pause waits for both people, the one on the other process too
        assert state["hold"]["waiting"] == [0, 1], state["hold"]
        far.wait_until(lambda s: s["hold"] is not None and s["hold"]["waiting"] == [0, 1])
        far.close()  # the person on the other process leaves: the pause no longer waits for them
        opened.remove(far)
        state = near.wait_until(lambda s: s["hold"] is not None and s["hold"]["waiting"] == [0]
                                and not online(s, 1))
        near.send({"type": "continue"})
        near.wait_until(lambda s: s["hold"] is None)

        # a process that dies takes its people's presence with it
        back = connect(server, tid, tokens["1"], avoid=owner)
        opened.append(back)
        near.wait_until(lambda s: online(s, 1))
        killed = worker_of(back)
        os.kill(killed, signal.SIGKILL)
        near.wait_until(lambda s: not online(s, 1))
        wait_gone(killed)

        # a table only its owner holds costs no notice: bots play it out unseen elsewhere
        alone = server.create("nim", ["bot:random", "bot:random"], options={"stones": 15})["id"]
        deadline = time.monotonic() + 30
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            ended = "select 1 from mahai_tables where id = %s and over"
            while conn.execute(ended, (alone,)).fetchone() is None:
                assert time.monotonic() < deadline, "the bots' table did not end"
                time.sleep(0.2)
    finally:
        for c in opened:
            try:
                c.close()
            except Exception:  # noqa: BLE001 - the process behind it may be dead
                pass
        server.stop()
        heard = notices.close()
    assert heard and not any(token in payload for payload in heard for token in tokens.values())
    assert any(f'"table":"{tid}"' in p and '"at":' in p for p in heard)  # the Spades table's notices
    assert not any(f'"table":"{alone}"' in p and '"at":' in p for p in heard)


def test_a_watcher_catches_up_from_the_owners_notice_only_when_it_lines_up(tmp_path: Any) -> None:
    """``Hub._noticed``: the actions a ``mahai_table`` notice carries are used when they
    continue the watcher's copy and its seats are of the notice's revision; otherwise the
    watcher reads the store (None)."""
    from mahai.server.store import Store
    from mahai.server.tables import Hub

    hub = Hub(Store(f"sqlite:///{tmp_path / 'm.db'}"), pace=0.0)
    table, _ = hub.create("nim", None, {"stones": 20}, [{"kind": "person"}] * 2, "en", None)
    table.record.actions.extend([(0, "take 1"), (1, "take 2")])  # the copy has 2 actions
    table.seats_seen = "w:3"
    notice = {"at": 1, "actions": [[1, "take 2"], [0, "take 3"]], "seats": "w:3", "rematch": None}
    assert hub._noticed(table, notice) == ([(0, "take 3")], [], None)  # only the one it lacks
    assert hub._noticed(table, {**notice, "at": 2}) == ([(1, "take 2"), (0, "take 3")], [], None)
    assert hub._noticed(table, {**notice, "at": 3}) is None  # a gap: action 3 is not in it
    assert hub._noticed(table, {**notice, "at": 0, "actions": [[0, "take 1"]]}) is None  # behind
    assert hub._noticed(table, {**notice, "seats": "w:4"}) is None  # the seats changed
    assert hub._noticed(table, {**notice, "actions": None}) is None  # too many to carry
    table.seats_seen = None
    assert hub._noticed(table, notice) is None  # seats never read yet
    hub.close()


def test_alike_notices_sent_together_all_arrive_in_order(postgres_url: str) -> None:  # noqa: F811
    """A batch of notices is one transaction (``Cluster._send``), and PostgreSQL delivers one of a
    transaction's identical notices, at the first one's place: an owner's two alike table notices
    with a presence notice between them reached a watcher as table, presence, and no table notice
    after it, so the watcher never showed the newly online seat (CI: a seat on the other process
    stayed offline). Every notice carries its own number now."""
    from mahai.server.cluster import Cluster

    cluster = Cluster(postgres_url)
    same = {"table": "t", "from": cluster.me, "version": 4, "at": 0, "actions": []}
    cluster.notify("mahai_table", same)
    cluster.notify("mahai_presence", {"table": "t", "from": cluster.me, "seats": [0]})
    cluster.notify("mahai_table", same)
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("listen mahai_table")
        conn.execute("listen mahai_presence")
        sender = threading.Thread(target=cluster._send, daemon=True)
        sender.start()  # the three queued before: one batch
        heard = [n.channel for n in conn.notifies(timeout=10, stop_after=3)]
    cluster.close()  # the sender stops
    sender.join(10)
    assert heard == ["mahai_table", "mahai_presence", "mahai_table"]
