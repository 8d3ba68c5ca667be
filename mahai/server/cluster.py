"""Several server processes over one PostgreSQL (``mahai serve --workers N``).

Each live table is *owned* by one process at a time: the one holding the
table's PostgreSQL advisory lock (``pg_try_advisory_lock`` of a 64-bit key
derived from the table id, :func:`lock_key`) on its lock connection. The
owner applies actions, runs the table's bots and turn timer and writes its
snapshots; any other process that has the table in memory is a *watcher*.

Messages between processes go through PostgreSQL ``LISTEN/NOTIFY`` (JSON
payloads, each with its sender's running number ``"n"``: PostgreSQL folds a
transaction's identical notices into one, :meth:`Cluster.notify`):

- ``mahai_act``: a watcher forwards a client's request to the owner
  ``{"table", "id", "from", "op", "args"}`` (``op``: ``act``, ``resume``,
  ``claim``, ``hand_to_bot``, ``rename``, ``rematch_at_owner`` — the :class:`~mahai.server.tables.Hub`
  method of that name); the owner runs it and answers on
- ``mahai_reply``: ``{"to", "id", "result"}`` or ``{"to", "id", "error":
  MahaiError.to_json()}``; the watcher returns the result or raises the error.
- ``mahai_rematch``: ``{"table", "new", "tokens": {seat: token}}``: the owner
  made the table's rematch; each process moves its own connections to it.
- ``mahai_table``: after each change the owner announces ``{"table",
  "version", "hold", "deadline", "stand_ins", "at", "actions", "seats",
  "rematch"}``: the actions committed since the last notice and the revision
  of the seats; a watcher applies the actions it lacks to its copy (reading
  them and the seats from the store when the notice does not line up with
  its copy: the record is the truth, :meth:`Hub.follow`) and updates its own
  sockets. A process that holds no connection to the table drops its copy
  instead (rebuilt from the store when asked for).

If an owner dies its connections die with it and PostgreSQL releases its
locks; every second each process tries to lock the tables it holds without
owning them (:meth:`Cluster.adopt`) and the first that succeeds catches up
from the store and runs the table. Acknowledged actions were committed before
any update was sent, so a takeover loses none. A forwarded request is sent
again every :data:`RESEND` seconds until an owner answers or this process
became the owner (then it runs here); it keeps its id, and an owner that
already ran it answers again without running it twice.

- ``mahai_presence``: ``{"table", "from", "seats": [seat, …], "ask"}``: the
  seats this process holds connections of (sent when they change,
  :meth:`Cluster.announce`); ``ask``: a process that just took the table
  into memory asks the others to say theirs. Every process shows a seat
  *online* when any process holds one of its connections
  (:meth:`~mahai.server.tables.Table.online`). Every such notice also says
  that its sender holds a copy of the table (``"gone": true``: no longer):
  the owner sends ``mahai_table`` notices only while another process does
  (:attr:`~mahai.server.tables.Table.holders`), and answers an ``ask`` with
  one, which brings the new copy up to date. The owner's pause after a
  hand waits for the people online on every process; a process that dies
  (its connections leave ``pg_stat_activity``) is forgotten within
  :data:`ALIVE_EVERY` seconds.

A seat is claimed at the owner by its number (``claim_seat``), once the
process the person reached checked the token against the seat's hash: seat
tokens never travel through PostgreSQL.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import os
import queue
import secrets
import sys
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import psycopg

from mahai.core import errors as core_errors
from mahai.core.errors import MahaiError

if TYPE_CHECKING:
    from mahai.server.tables import Hub, Table

RESEND = 3.0
"""Seconds a forwarded request waits for the owner's answer before it is sent again."""
GIVE_UP = 30.0
"""Seconds after which a forwarded request fails (``TimeoutError``): no owner answered."""
ADOPT_EVERY = 1.0
"""Seconds between two attempts to take over the tables nobody here owns."""
SERVED_KEPT = 10_000
"""Forwarded requests whose answers an owner keeps (to answer a repeated one without running it)."""
SEND_BATCH = 64
"""The most notices sent in one statement."""
NOTICE_ACTIONS = 32
"""The most actions a ``mahai_table`` notice carries (more: the watchers read them from the store)."""
ALIVE_EVERY = 2.0
"""Seconds between two checks of which processes are still alive (their presence is kept)."""
OPS = frozenset({"act", "resume", "claim_seat", "hand_to_bot", "rename", "rematch_at_owner"})
CHANNELS = ("mahai_act", "mahai_reply", "mahai_table", "mahai_rematch", "mahai_presence")
WORKER = "mahai-worker-"
"""The prefix of every cluster process's ``application_name``."""


def lock_key(table_id: str) -> int:
    """The signed 64-bit advisory-lock key of a table (first 8 bytes of SHA-256 of its id)."""
    return int.from_bytes(hashlib.sha256(b"mahai-table:" + table_id.encode()).digest()[:8], "big",
                          signed=True)


def pg_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg takes it (``postgresql+psycopg://`` → ``postgresql://``)."""
    for prefix in ("postgresql+psycopg://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix):]
    return url


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://", "postgresql+psycopg://"))


def error_from_json(data: dict[str, Any]) -> MahaiError:
    """The :class:`MahaiError` of ``MahaiError.to_json()`` (its class by ``kind``)."""
    kind = getattr(core_errors, str(data.get("kind")), MahaiError)
    if not (isinstance(kind, type) and issubclass(kind, MahaiError)):
        kind = MahaiError
    params = data.get("params") or {}
    return kind(str(data.get("code")), domain=str(data.get("domain", "core")), **params)


class Cluster:
    """This process's part in a cluster: the advisory locks it holds (one
    connection), a listener thread (``LISTEN``), a sender thread (``NOTIFY``)
    and the requests it forwarded and waits for. ``url``: the PostgreSQL URL."""

    def __init__(self, url: str) -> None:
        self.url = pg_url(url)
        self.me = f"{secrets.token_hex(4)}-{os.getpid()}"
        """This process in the cluster's messages (unique across machines; its pid last)."""
        self.name = WORKER + self.me
        """The ``application_name`` of this process's connections: the others see it alive
        in ``pg_stat_activity`` (and tests find a table's owner with it)."""
        self.hub: Hub | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.owned: set[str] = set()
        self._locks = threading.Lock()
        self._lock_conn = self._connect()
        self._outbox: queue.SimpleQueue[tuple[str, str] | None] = queue.SimpleQueue()
        self._numbers = itertools.count(1)
        """Each notice's ``n`` (no two alike, :meth:`notify`; ``next`` is atomic: any thread)."""
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._served: OrderedDict[str, asyncio.Future[dict[str, Any]]] = OrderedDict()
        """The answers to the last requests this owner ran (a request sent again is not run again)."""
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._adopter: asyncio.Task[None] | None = None

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, application_name=self.name)

    # ---------------------------------------------------------------- ownership
    def owns(self, table_id: str) -> bool:
        return table_id in self.owned

    def try_own(self, table_id: str) -> bool:
        """Take the table's advisory lock if free (blocking, any thread); True if this process owns it."""
        with self._locks:
            if table_id in self.owned:
                return True
            row = self._lock_conn.execute("select pg_try_advisory_lock(%s)", (lock_key(table_id),)).fetchone()
            if row is not None and row[0]:
                self.owned.add(table_id)
                return True
            return False

    def release(self, table_id: str) -> None:
        """Give the table up (it left this process's memory)."""
        with self._locks:
            if table_id in self.owned:
                self.owned.discard(table_id)
                self._lock_conn.execute("select pg_advisory_unlock(%s)", (lock_key(table_id),))

    # ---------------------------------------------------------------- start, stop
    def start(self, hub: Hub) -> None:
        """Listen and send (threads) and adopt orphaned tables (a task); call inside the loop."""
        self.hub = hub
        self.loop = asyncio.get_running_loop()
        ready = threading.Event()
        for target, args in ((self._listen, (ready,)), (self._send, ())):
            thread = threading.Thread(target=target, args=args, daemon=True, name="mahai-cluster")
            thread.start()
            self._threads.append(thread)
            ready.wait(10)  # listening before anything is sent: the answers to an ask are heard
        self._adopter = asyncio.create_task(self._adopt_loop())

    def close(self) -> None:
        self._stop.set()
        self._outbox.put(None)
        if self._adopter is not None:
            self._adopter.cancel()
        try:
            self._lock_conn.close()
        except Exception:  # noqa: BLE001 - closing anyway
            pass

    # ---------------------------------------------------------------- NOTIFY
    def notify(self, channel: str, payload: dict[str, Any]) -> None:
        """Queue a ``NOTIFY channel, json`` (sent by the sender thread, in order).

        Each notice carries this process's next number (``"n"``): PostgreSQL delivers
        one notice of a transaction's identical ones, at the first's place, and a
        batch (:meth:`_send`) is one transaction. Two alike table notices with a
        presence notice between them reached the others as one, before the
        presence: a watcher never showed the newly online seat (a CI failure)."""
        payload = {**payload, "n": next(self._numbers)}
        self._outbox.put((channel, json.dumps(payload, separators=(",", ":"))))

    def _send(self) -> None:
        """Send the queued notices, those waiting together in one statement (one
        transaction, one round trip: they are delivered in order, all or none)."""
        conn: psycopg.Connection[Any] | None = None
        done = False
        while not done:
            item = self._outbox.get()
            if item is None:
                break
            batch = [item]
            while len(batch) < SEND_BATCH:
                try:
                    more = self._outbox.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    done = True
                    break
                batch.append(more)
            query = "select " + ", ".join(["pg_notify(%s, %s)"] * len(batch))
            params = [value for pair in batch for value in pair]
            while not self._stop.is_set():
                try:
                    if conn is None:
                        conn = self._connect()
                    conn.execute(query, params)
                    break
                except psycopg.Error as exc:
                    print(f"mahai: notify: {exc}", file=sys.stderr)
                    conn = None
                    self._stop.wait(0.5)
        if conn is not None:
            conn.close()

    def _listen(self, ready: threading.Event) -> None:
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    for channel in CHANNELS:
                        conn.execute(f"listen {channel}")
                    ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._dispatch(note.channel, note.payload)
            except psycopg.Error as exc:
                print(f"mahai: listen: {exc}", file=sys.stderr)
                self._stop.wait(0.5)

    def _dispatch(self, channel: str, payload: str) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            data = json.loads(payload)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        if channel == "mahai_reply":
            if data.get("to") == self.me:
                loop.call_soon_threadsafe(self._answered, data)
        elif channel == "mahai_act":
            if data.get("table") in self.owned:
                asyncio.run_coroutine_threadsafe(self._serve(data), loop)
        elif channel == "mahai_table":
            hub = self.hub
            if data.get("from") != self.me and hub is not None \
                    and dict.__contains__(hub.tables, data.get("table")):  # else nothing to follow here
                asyncio.run_coroutine_threadsafe(self._follow(data), loop)
        elif channel == "mahai_rematch":
            if data.get("from") != self.me:
                asyncio.run_coroutine_threadsafe(self._rematch(data), loop)
        elif channel == "mahai_presence":
            if data.get("from") != self.me:
                asyncio.run_coroutine_threadsafe(self._presence(data), loop)

    # ---------------------------------------------------------------- presence
    def announce(self, table: Table, ask: bool = False, force: bool = False, gone: bool = False) -> None:
        """Tell the others which seats this process holds connections of, if that
        changed since the last time (``force``: anyway; ``ask``: this process has
        just built its copy, and asks for theirs; ``gone``: its copy left memory)."""
        seats = frozenset() if gone else frozenset(c.seat for c in table.conns if c.seat is not None)
        if seats == table.announced and not (ask or force or gone):
            return
        table.announced = seats
        self.notify("mahai_presence", {"table": table.id, "from": self.me, "seats": sorted(seats),
                                       "ask": ask, "gone": gone})

    async def _presence(self, data: dict[str, Any]) -> None:
        hub = self.hub
        table_id, sender, seats = data.get("table"), data.get("from"), data.get("seats")
        if hub is None or not isinstance(table_id, str) or not isinstance(sender, str) \
                or not isinstance(seats, list):
            return
        table = dict.get(hub.tables, table_id)
        if table is None:
            return
        if data.get("gone"):
            table.holders.discard(sender)
            now: frozenset[int] = frozenset()
        else:
            table.holders.add(sender)  # any notice but "gone": the sender holds a copy
            now = frozenset(s for s in seats if isinstance(s, int) and not isinstance(s, bool))
        if data.get("ask"):
            self.announce(table, force=True)  # this process holds a copy too
        moved = table.remote.get(sender, frozenset()) != now
        if now:
            table.remote[sender] = now
        else:
            table.remote.pop(sender, None)
        # a newcomer built its copy from the store: the owner's next notice brings it up to date
        if moved or (data.get("ask") and self.owns(table.id)):
            await self._presence_changed(table)

    async def _presence_changed(self, table: Table) -> None:
        """Another process's seats at ``table`` changed: the owner's pause no longer
        waits for a seat online nowhere, and the owner tells everyone (its
        broadcast reaches the other processes as a ``mahai_table`` notice)."""
        hub = self.hub
        if hub is None or not self.owns(table.id):
            return
        async with table.lock:
            if table.hold is not None:
                for seat in list(table.hold.waiting):
                    hub.forget(table, seat)
            await hub.presence(table, True)

    async def _forget_dead(self) -> None:
        """Drop the presence of the processes no longer connected to PostgreSQL."""
        hub = self.hub
        if hub is None or not any(t.remote or t.holders for t in list(hub.tables.values())):
            return
        try:
            alive = await asyncio.to_thread(self.alive)
        except psycopg.Error as exc:
            print(f"mahai: alive: {exc}", file=sys.stderr)
            return
        for table in list(hub.tables.values()):
            table.holders &= alive
            dead = [p for p in table.remote if p not in alive]
            if dead:
                for p in dead:
                    del table.remote[p]
                await self._presence_changed(table)

    def alive(self) -> set[str]:
        """The cluster processes connected to PostgreSQL now (their :attr:`me`)."""
        with self._locks:
            rows = self._lock_conn.execute(
                "select application_name from pg_stat_activity where application_name like %s",
                (WORKER + "%",)).fetchall()
        return {str(name)[len(WORKER):] for (name,) in rows}

    # ---------------------------------------------------------------- watcher side
    def _answered(self, data: dict[str, Any]) -> None:
        future = self._pending.pop(str(data.get("id")), None)
        if future is not None and not future.done():
            future.set_result(data)

    async def forward(self, table: Table, op: str, *args: Any) -> Any:
        """Run ``Hub.<op>(table, *args)`` at the table's owner and return its
        result (or raise its :class:`MahaiError`); here if this process owns
        the table or becomes its owner meanwhile.

        Raises:
            TimeoutError: no owner answered in :data:`GIVE_UP` seconds.
        """
        assert self.hub is not None and op in OPS
        loop = asyncio.get_running_loop()
        waited = 0.0
        req = secrets.token_hex(8)  # the same id when sent again: the owner runs it once
        future: asyncio.Future[dict[str, Any]] = loop.create_future()
        self._pending[req] = future
        try:
            while waited < GIVE_UP:
                if self.owns(table.id) or await asyncio.to_thread(self.try_own, table.id):
                    if waited:
                        await self.catch_up(table)
                    return await getattr(self.hub, op)(table, *args)
                self.notify("mahai_act", {"table": table.id, "id": req, "from": self.me, "op": op,
                                          "args": list(args)})
                try:
                    reply = await asyncio.wait_for(asyncio.shield(future), RESEND)
                except TimeoutError:
                    waited += RESEND
                    continue
                if "error" in reply:
                    raise error_from_json(reply["error"])
                return reply.get("result")
        finally:
            self._pending.pop(req, None)
        raise TimeoutError(f"no owner answered for table {table.id}")

    async def _follow(self, data: dict[str, Any]) -> None:
        hub = self.hub
        table_id = data.get("table")
        if hub is None or not isinstance(table_id, str) or table_id in self.owned:
            return
        table = dict.get(hub.tables, table_id)
        if table is None:
            return
        if not table.conns and not table.entering and not table.lock.locked():
            # nobody here watches it: drop the copy rather than keep it up to date (a store
            # read and the moves replayed on every change); asked for again, it is rebuilt
            # from the store as it is then (measured: benchmarks/results/server_issue14)
            hub.drop_copy(table)
            return
        try:
            await hub.follow(table, data)
        except Exception as exc:  # noqa: BLE001 - one table must not stop the listener
            print(f"mahai: follow {table_id}: {exc}", file=sys.stderr)

    async def _rematch(self, data: dict[str, Any]) -> None:
        hub = self.hub
        table = None if hub is None else dict.get(hub.tables, str(data.get("table")))
        tokens = data.get("tokens")
        if hub is None or table is None or not isinstance(tokens, dict):
            return
        table.row.rematch = str(data.get("new"))
        async with table.lock:
            await hub.send_rematch(table, str(data.get("new")),
                                   {int(k): str(v) for k, v in tokens.items() if str(k).isdigit()})

    async def catch_up(self, table: Table) -> None:
        """This process just became the owner: read what the old owner committed, then run the table."""
        assert self.hub is not None
        table.hold = None  # the old owner's pause and timer died with it: they start again here
        table.turn_deadline = None
        await self.hub.follow(table, None)
        self.hub._kick(table)

    async def _adopt_loop(self) -> None:
        checked = 0.0
        while True:
            await asyncio.sleep(ADOPT_EVERY)
            await self.adopt()
            now = asyncio.get_running_loop().time()
            if now - checked >= ALIVE_EVERY:
                checked = now
                await self._forget_dead()

    async def adopt(self) -> int:
        """Take over every table in memory that no process owns (its owner died or
        let it go); returns how many."""
        hub = self.hub
        if hub is None:
            return 0
        n = 0
        for table in list(hub.tables.values()):
            if table.id in self.owned or table.retired:
                continue
            try:
                got = await asyncio.to_thread(self.try_own, table.id)
            except psycopg.Error as exc:
                print(f"mahai: lock: {exc}", file=sys.stderr)
                continue
            if got:
                await self.catch_up(table)
                n += 1
        return n

    # ---------------------------------------------------------------- owner side
    async def _serve(self, data: dict[str, Any]) -> None:
        hub = self.hub
        table_id, op = data.get("table"), data.get("op")
        if hub is None or not isinstance(table_id, str) or op not in OPS or table_id not in self.owned:
            return
        table = dict.get(hub.tables, table_id)
        if table is None:
            return
        key = f"{data.get('from')}/{data.get('id')}"
        done = self._served.get(key)
        if done is not None:  # sent again: answer again once the first run is done, never run twice
            self.notify("mahai_reply", await asyncio.shield(done))
            return
        done = asyncio.get_running_loop().create_future()
        self._served[key] = done
        while len(self._served) > SERVED_KEPT:
            self._served.popitem(last=False)
        answer: dict[str, Any] = {"to": data.get("from"), "id": data.get("id")}
        given = data.get("args")
        args: list[Any] = given if isinstance(given, list) else []
        try:
            answer["result"] = await getattr(hub, str(op))(table, *args)
        except MahaiError as err:
            answer["error"] = err.to_json()
        except Exception as exc:  # noqa: BLE001 - answered, so that the watcher does not wait
            print(f"mahai: forwarded {op}: {exc}", file=sys.stderr)
            answer["error"] = {"kind": "MalformedAction", "code": "bad_message", "domain": "web",
                               "params": {}}
        done.set_result(answer)
        self.notify("mahai_reply", answer)

    def changed(self, table: Table) -> None:
        """Tell the watchers that ``table`` changed (the owner, after each broadcast;
        nothing when no other process holds a copy: :attr:`Table.holders`):
        with the actions committed since the last notice (``at``: the number of the
        first; none when more than :data:`NOTICE_ACTIONS`), the revision of its
        seats (``seats``: a watcher that has another reads them from the store)
        and its rematch, so that a watcher usually catches up without reading
        the store (:meth:`~mahai.server.tables.Hub.follow`)."""
        if not table.holders:
            return  # no other process holds a copy (one that builds one asks, and hears from us)
        hold = table.hold
        actions = table.record.actions
        at = min(table.notified, len(actions))
        new = actions[at:]
        table.notified = len(actions)
        self.notify("mahai_table", {
            "table": table.id, "from": self.me, "version": table.state.version,
            "hold": None if hold is None else {"version": hold.version, "waiting": sorted(hold.waiting),
                                               "deadline": hold.deadline},
            "deadline": table.turn_deadline, "stand_ins": table.stand_ins[-8:],
            "at": at, "actions": [[s, a] for s, a in new] if len(new) <= NOTICE_ACTIONS else None,
            "seats": f"{self.me}:{table.seats_rev}", "rematch": table.row.rematch})
