"""Persistence of tables: SQLAlchemy 2 Core over SQLite (default) or PostgreSQL.

A table is stored event-sourced: its header (game, edition, players, the
server-side ``seed``, options as JSON), its seats (person or bot; a person
seat keeps only the SHA-256 of its token) and its actions in order. The
header also keeps what the lobby needs: the SHA-256 of the creator's token,
whether the creator listed the table publicly, the time of the last move
(``updated``, Unix seconds) and the id of its rematch. A seat keeps the name
its player chose and, until the seat is first taken, its invitation token
(``invite``, in clear: the creator's page shows the link again after a
reload; it is erased when the seat is taken). A person who leaves keeps the
token hash and name while a bot plays the seat (``kind`` ``"bot"``), so that
their link takes the seat back. The
header also says whether the game is ``over`` (the start-up loads only the
tables still in play). A table may have one ``snapshot``: its engine state
pickled after its first ``idx`` actions, tagged with the ``code`` that wrote it
(a fingerprint of the engine's sources: a snapshot from other code is ignored
and the record replayed). The schema is created and upgraded by the Alembic
migrations shipped in ``mahai/server/migrations`` (:func:`migrate`, run at start).

Writes go through one writer thread per store (:class:`Writer`): every write
waiting when it wakes is committed in one transaction (group commit), off the
event loop; the ``async`` methods return once their write is committed
(durable), the plain ones block until then.

Shapes: :class:`TableRow` and :class:`SeatRow` are plain dataclasses; a
table's game, players, seed, options and actions (``(seat, notation)``
pairs) are its :class:`mahai.core.GameRecord`, held once in ``TableRow.record``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from mahai.core import GameRecord

metadata = sa.MetaData()

tables_t = sa.Table(
    "mahai_tables", metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("edition", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("turn_seconds", sa.Integer, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("creator_hash", sa.String(64), nullable=True),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("updated", sa.Float, nullable=True),
    sa.Column("rematch", sa.String(40), nullable=True),
    sa.Column("over", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("ix_mahai_tables_over", "over"),
)

seats_t = sa.Table(
    "mahai_seats", metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("mahai_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("bot", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("invite", sa.String(64), nullable=True),
)

actions_t = sa.Table(
    "mahai_actions", metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("mahai_tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
)


snapshots_t = sa.Table(
    "mahai_snapshots", metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("mahai_tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, nullable=False),
    sa.Column("code", sa.String(64), nullable=False),
    sa.Column("data", sa.LargeBinary, nullable=False),
)


def token_hash(token: str) -> str:
    """The stored form of a seat token (hex SHA-256)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    """A seat: who plays it now (``kind`` ``"person"`` or ``"bot"``, the bot's
    name), the hash of its person's token (kept while a bot stands in for a
    person who left), the name shown at the table, and the invitation token
    until the seat is first taken."""

    seat: int
    kind: str  # "person" | "bot"
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None
    invite: str | None = None

    @property
    def away(self) -> bool:
        """A person's seat that a bot plays until the person comes back."""
        return self.kind == "bot" and self.token_hash is not None


@dataclass
class TableRow:
    """A stored table: its header, seats and ``record`` (game name, players,
    the server-side seed, options as JSON and the actions so far)."""

    id: str
    edition: str
    lang: str
    turn_seconds: int | None
    created: float
    seats: list[SeatRow]
    record: GameRecord
    creator_hash: str | None = None
    listed: bool = False
    updated: float | None = None
    """Unix time of the last move (None: no move yet; ``created`` stands for it)."""
    rematch: str | None = None
    """The id of the table that replays this one with the same people."""
    over: bool = False
    """Whether the game is over (as last stored)."""

    @property
    def last_activity(self) -> float:
        """Unix time of the last move, or of the creation."""
        return self.updated if self.updated is not None else self.created


def normalize_url(url: str) -> str:
    """``postgresql://`` → ``postgresql+psycopg://`` (psycopg 3); others unchanged."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def sqlite_file(url: str) -> str | None:
    """The file of the SQLite database ``url`` as SQLite opens it: the path of a URI filename
    (``sqlite:///file:/x/m.sqlite3?mode=ro&uri=true`` is ``/x/m.sqlite3``; its folder and its lock
    were made as ``./file:/x/…`` under the current folder); None for another database or one in
    memory."""
    from urllib.parse import unquote, urlsplit

    parsed = sa.engine.make_url(url)
    database = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or database in ("", ":memory:"):
        return None
    uri = str(parsed.query.get("uri", "")).lower() in ("true", "1", "yes", "on")
    if uri and database.startswith("file:"):
        database = unquote(urlsplit(database).path)
    return database or None


class NewerSchema(Exception):
    """The database's schema revision (``revision``) is none of this code's migrations: a newer
    Mahai wrote it (this code cannot know what its tables hold, so it touches nothing)."""

    def __init__(self, revision: str) -> None:
        super().__init__(revision)
        self.revision = revision


# libpq's words for a server that cannot be reached (they come without an SQLSTATE: no server
# answered to give one), and for the refusals a server gives at the connection (libpq reports them
# without their SQLSTATE too: 28P01, 28000, 3D000)
_UNREACHABLE = ("connection refused", "could not translate host name", "failed to resolve host",
                "name or service not known", "temporary failure in name resolution", "timeout expired",
                "connection timed out", "no route to host", "network is unreachable",
                "no such file or directory")
_LOGIN = ("password authentication failed", "no password supplied", "authentication failed",
          "peer authentication", "no pg_hba.conf entry")


def database_trouble(exc: BaseException) -> str:
    """Why the database could not be opened, from ``exc``, what opening it raised (an
    :class:`OSError`, or SQLAlchemy's wrapper of the driver's error): ``"read_only"`` (SQLite's
    ``SQLITE_READONLY``, a read-only file system), ``"no_file"`` (the file or its folder cannot
    be made or opened: ``SQLITE_CANTOPEN``, an :class:`OSError`), ``"login"`` (a PostgreSQL server
    refused the user or its password: SQLSTATE class 28), ``"missing"`` (it has no database of
    that name: 3D000), ``"unreachable"`` (no server answers at the address: refused, unknown host,
    time-out), else ``"other"``. The driver's own words stay the detail of a log: a front end says
    these in its reader's language (``mahai serve``: the ``cli`` catalog's ``db_<trouble>``)."""
    import errno
    import sqlite3

    orig = getattr(exc, "orig", None) or exc
    if isinstance(orig, OSError):
        return "read_only" if orig.errno == errno.EROFS else "no_file"
    if isinstance(orig, sqlite3.Error):
        code = getattr(orig, "sqlite_errorcode", 0) & 0xFF  # the primary result code
        if code == sqlite3.SQLITE_READONLY:
            return "read_only"
        return "no_file" if code == sqlite3.SQLITE_CANTOPEN else "other"
    state = getattr(orig, "sqlstate", None) or ""
    said = str(orig).lower()
    if state.startswith("28") or any(words in said for words in _LOGIN) \
            or ('role "' in said and "does not exist" in said):
        return "login"
    if state == "3D000" or ('database "' in said and "does not exist" in said):
        return "missing"
    if any(words in said for words in _UNREACHABLE):
        return "unreachable"
    return "other"


def driver_words(exc: BaseException, limit: int = 300) -> str:
    """The first line of what the driver (or the system) said in ``exc``, at most ``limit``
    characters (its class name when it said nothing): the detail a log or a bug report keeps
    beside the sentence a front end says (:func:`database_trouble`)."""
    return (str(exc).splitlines() or [type(exc).__name__])[0][:limit]


def migrate(engine: sa.Engine) -> None:
    """Apply every Alembic migration up to head (idempotent).

    Raises:
        NewerSchema: the database is at a revision this code does not have (Alembic's own
            ``CommandError`` said it in English only, as a traceback).
    """
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).resolve().parent / "migrations"))
    with engine.begin() as conn:
        known = {script.revision for script in ScriptDirectory.from_config(cfg).walk_revisions()}
        for revision in MigrationContext.configure(conn).get_current_heads():
            if revision not in known:
                raise NewerSchema(revision)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class Snapshot:
    """A stored engine state: pickled ``data`` after the first ``idx`` actions,
    written by code whose fingerprint is ``code``."""

    idx: int
    code: str
    data: bytes


Job = Callable[[sa.Connection], None]


class Writer(threading.Thread):
    """The one thread that writes a store: jobs (functions of a connection)
    queued by :meth:`submit` run in order; all the jobs waiting when the thread
    wakes (at most ``batch``) share one transaction — one commit, one fsync —
    and each job's future is resolved once that commit returned. If the shared
    transaction fails, its jobs run again one by one so that only the faulty
    one fails (its future gets the exception)."""

    def __init__(self, engine: sa.Engine, batch: int = 512) -> None:
        super().__init__(name="mahai-store-writer", daemon=True)
        self.engine = engine
        self.batch = batch
        self.jobs: queue.SimpleQueue[tuple[Job, concurrent.futures.Future[None]] | None] = queue.SimpleQueue()
        self.commits = 0
        """Transactions committed (for benchmarks: jobs per commit)."""
        self.done = 0

    def submit(self, job: Job) -> concurrent.futures.Future[None]:
        """Queue ``job``; the future resolves (or fails) once it is committed."""
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        if not self.is_alive():
            future.set_exception(RuntimeError("the store is closed"))
            return future
        self.jobs.put((job, future))
        return future

    def stop(self) -> None:
        """Finish the queued jobs, then end the thread."""
        if self.is_alive():
            self.jobs.put(None)
            self.join()

    def run(self) -> None:
        stopping = False
        while not stopping:
            first = self.jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.batch:
                try:
                    item = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stopping = True
                    break
                batch.append(item)
            # a caller that gave up before its write started (its future cancelled) is not written
            batch = [(job, future) for job, future in batch if future.set_running_or_notify_cancel()]
            if batch:
                self._commit(batch)

    def _commit(self, batch: list[tuple[Job, concurrent.futures.Future[None]]]) -> None:
        outcomes: list[BaseException | None]
        try:
            with self.engine.begin() as conn:
                for job, _ in batch:
                    job(conn)
            outcomes = [None] * len(batch)
            self.commits += 1
        except Exception:  # noqa: BLE001 - find the faulty job: one transaction each
            outcomes = []
            for job, _ in batch:
                try:
                    with self.engine.begin() as conn:
                        job(conn)
                    outcomes.append(None)
                except Exception as exc:  # noqa: BLE001 - handed to the waiting caller
                    outcomes.append(exc)
                self.commits += 1
        self.done += len(batch)
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if outcome is None:
                future.set_result(None)
            else:
                future.set_exception(outcome)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL (readers do not wait for the writer thread), full sync (a commit
    is on disk when it returns) and a busy timeout."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


class Store:
    """Tables, seats, actions and snapshots in one database (URL as SQLAlchemy
    takes it). Writes run on the store's :class:`Writer` thread; reads on the
    caller's thread."""

    def __init__(self, url: str) -> None:
        url = normalize_url(url)
        path = sqlite_file(url)
        if path is not None and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.engine = sa.create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite" and url != "sqlite://" and ":memory:" not in url:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        migrate(self.engine)
        self.writer = Writer(self.engine)
        self.writer.start()

    # ---------------------------------------------------------------- writes
    def _wait(self, job: Job) -> None:
        self.writer.submit(job).result()

    async def _await(self, job: Job) -> None:
        await asyncio.wrap_future(self.writer.submit(job))

    def create(self, row: TableRow) -> None:
        """Store a new table's header and seats (its record has no action yet); blocks until committed."""
        self._wait(self._create_job(row))

    async def create_async(self, row: TableRow) -> None:
        """:meth:`create`, returning once committed without blocking the loop."""
        await self._await(self._create_job(row))

    @staticmethod
    def _create_job(row: TableRow) -> Job:
        rec = row.record
        header = dict(
            id=row.id, game=rec.game, edition=row.edition, players=rec.players, seed=rec.seed,
            options=json.dumps(rec.options), lang=row.lang, turn_seconds=row.turn_seconds,
            created=row.created, creator_hash=row.creator_hash, listed=row.listed,
            updated=row.updated, rematch=row.rematch, over=row.over)
        seats = [{"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                  "token_hash": s.token_hash, "name": s.name, "invite": s.invite} for s in row.seats]

        def job(conn: sa.Connection) -> None:
            conn.execute(tables_t.insert().values(**header))
            conn.execute(seats_t.insert(), seats)
        return job

    @staticmethod
    def _append_job(table_id: str, idx: int, seat: int, notation: str, at: float | None,
                    over: bool) -> Job:
        when = time.time() if at is None else at

        def job(conn: sa.Connection) -> None:
            conn.execute(actions_t.insert().values(table_id=table_id, idx=idx, seat=seat, notation=notation))
            values: dict[str, Any] = {"updated": when}
            if over:
                values["over"] = True
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(**values))
        return job

    def append(self, table_id: str, idx: int, seat: int, notation: str, at: float | None = None,
               over: bool = False) -> None:
        """Append action number ``idx`` (the primary key refuses a second action
        with the same index: ``sqlalchemy.exc.IntegrityError``); the table's
        ``updated`` becomes ``at`` (Unix seconds, default now) and ``over``, if
        true, marks the game over. Blocks until committed."""
        self._wait(self._append_job(table_id, idx, seat, notation, at, over))

    async def append_async(self, table_id: str, idx: int, seat: int, notation: str,
                           at: float | None = None, over: bool = False) -> None:
        """:meth:`append` on the writer thread; returns once committed (durable)."""
        await self._await(self._append_job(table_id, idx, seat, notation, at, over))

    @staticmethod
    def _seat_job(table_id: str, seat: SeatRow) -> Job:
        values = dict(kind=seat.kind, bot=seat.bot, token_hash=seat.token_hash, name=seat.name,
                      invite=seat.invite)

        def job(conn: sa.Connection) -> None:
            conn.execute(seats_t.update()
                         .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
                         .values(**values))
        return job

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        """Store a seat's player, token hash, name and invitation (blocks until committed)."""
        self._wait(self._seat_job(table_id, seat))

    async def set_seat_async(self, table_id: str, seat: SeatRow) -> None:
        """:meth:`set_seat` on the writer thread; returns once committed."""
        await self._await(self._seat_job(table_id, seat))

    @staticmethod
    def _header_job(table_id: str, **values: Any) -> Job:
        def job(conn: sa.Connection) -> None:
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(**values))
        return job

    def set_rematch(self, table_id: str, rematch: str) -> None:
        """Record that ``rematch`` replays ``table_id`` with the same people."""
        self._wait(self._header_job(table_id, rematch=rematch))

    async def set_rematch_async(self, table_id: str, rematch: str) -> None:
        """:meth:`set_rematch` on the writer thread; returns once committed."""
        await self._await(self._header_job(table_id, rematch=rematch))

    def mark_over(self, table_id: str) -> concurrent.futures.Future[None]:
        """Note that the game is over (for rows stored before ``over`` existed);
        returns the write's future."""
        return self.writer.submit(self._header_job(table_id, over=True))

    def save_snapshot(self, table_id: str, snapshot: Snapshot) -> concurrent.futures.Future[None]:
        """Replace the table's snapshot (queued; returns the write's future)."""
        values = {"table_id": table_id, "idx": snapshot.idx, "code": snapshot.code, "data": snapshot.data}

        def job(conn: sa.Connection) -> None:
            conn.execute(snapshots_t.delete().where(snapshots_t.c.table_id == table_id))
            conn.execute(snapshots_t.insert().values(**values))
        return self.writer.submit(job)

    def flush(self) -> None:
        """Block until every write queued so far is committed."""
        self.writer.submit(lambda conn: None).result()

    # ---------------------------------------------------------------- reads
    @staticmethod
    def _rows(conn: sa.Connection, heads: list[Any]) -> list[TableRow]:
        ids = [h.id for h in heads]
        seats: dict[str, list[SeatRow]] = {}
        actions: dict[str, list[tuple[int, str]]] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            for r in conn.execute(seats_t.select().where(seats_t.c.table_id.in_(part))
                                  .order_by(seats_t.c.table_id, seats_t.c.seat)):
                seats.setdefault(r.table_id, []).append(
                    SeatRow(r.seat, r.kind, r.bot, r.token_hash, r.name, r.invite))
            for r in conn.execute(actions_t.select().where(actions_t.c.table_id.in_(part))
                                  .order_by(actions_t.c.table_id, actions_t.c.idx)):
                actions.setdefault(r.table_id, []).append((r.seat, r.notation))
        return [TableRow(h.id, h.edition, h.lang, h.turn_seconds, h.created, seats.get(h.id, []),
                         GameRecord(h.game, h.players, h.seed, json.loads(h.options), actions.get(h.id, [])),
                         h.creator_hash, bool(h.listed), h.updated, h.rematch, bool(h.over))
                for h in heads]

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and actions, oldest first."""
        with self.engine.connect() as conn:
            heads = conn.execute(tables_t.select().order_by(tables_t.c.created)).all()
            return self._rows(conn, list(heads))

    def load(self, table_id: str) -> tuple[TableRow, Snapshot | None] | None:
        """One table with its seats, actions and snapshot; None if unknown."""
        with self.engine.connect() as conn:
            head = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
            if head is None:
                return None
            (row,) = self._rows(conn, [head])
            snap = conn.execute(snapshots_t.select().where(snapshots_t.c.table_id == table_id)).first()
        return row, None if snap is None else Snapshot(snap.idx, snap.code, bytes(snap.data))

    def tail(self, table_id: str, idx: int) -> tuple[list[tuple[int, str]], list[SeatRow], str | None]:
        """The table's actions from number ``idx`` on (``(seat, notation)`` in
        order), its seats and its rematch id, as committed now (a watcher
        catching up with the owner, :mod:`mahai.server.cluster`)."""
        with self.engine.connect() as conn:
            actions = [(r.seat, r.notation) for r in conn.execute(
                actions_t.select().where(actions_t.c.table_id == table_id, actions_t.c.idx >= idx)
                .order_by(actions_t.c.idx))]
            seats = [SeatRow(r.seat, r.kind, r.bot, r.token_hash, r.name, r.invite) for r in conn.execute(
                seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat))]
            rematch = conn.execute(sa.select(tables_t.c.rematch).where(tables_t.c.id == table_id)).scalar()
        return actions, seats, rematch

    def unfinished(self, max_age: float | None = None) -> list[str]:
        """The ids of the tables whose game is not over, oldest first;
        ``max_age``: only those active (last move, else creation) in the last
        ``max_age`` seconds."""
        query = sa.select(tables_t.c.id).where(tables_t.c.over == sa.false())
        if max_age is not None:
            recency = sa.func.coalesce(tables_t.c.updated, tables_t.c.created)
            query = query.where(recency >= time.time() - max_age)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query.order_by(tables_t.c.created))]

    def listed(self, limit: int, offset: int = 0, max_age: float | None = None) -> list[str]:
        """The ids of the tables their creators listed whose game is not over,
        most recently active first (last move, else creation); ``max_age``:
        only those active in the last ``max_age`` seconds."""
        recency = sa.func.coalesce(tables_t.c.updated, tables_t.c.created)
        query = (sa.select(tables_t.c.id)
                 .where(tables_t.c.listed == sa.true(), tables_t.c.over == sa.false()))
        if max_age is not None:
            query = query.where(recency >= time.time() - max_age)
        query = query.order_by(recency.desc(), tables_t.c.id).limit(limit).offset(offset)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def dispose(self) -> None:
        """Commit what is queued, stop the writer thread, close the connections."""
        try:
            self.writer.stop()
        except Exception as exc:  # noqa: BLE001 - closing anyway
            print(f"mahai: store writer: {exc}", file=sys.stderr)
        self.engine.dispose()
