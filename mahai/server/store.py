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
schema is created and upgraded by the Alembic migrations shipped in
``mahai/server/migrations`` (:func:`migrate`, run at start).

Shapes: :class:`TableRow` and :class:`SeatRow` are plain dataclasses; a
table's game, players, seed, options and actions (``(seat, notation)``
pairs) are its :class:`mahai.core.GameRecord`, held once in ``TableRow.record``.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path

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


def migrate(engine: sa.Engine) -> None:
    """Apply every Alembic migration up to head (idempotent)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).resolve().parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Tables, seats and actions in one database (URL as SQLAlchemy takes it)."""

    def __init__(self, url: str) -> None:
        url = normalize_url(url)
        if url.startswith("sqlite:///"):
            Path(url[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)
        self.engine = sa.create_engine(url, future=True)
        migrate(self.engine)

    def create(self, row: TableRow) -> None:
        """Store a new table's header and seats (its record has no action yet)."""
        rec = row.record
        with self.engine.begin() as conn:
            conn.execute(tables_t.insert().values(
                id=row.id, game=rec.game, edition=row.edition, players=rec.players, seed=rec.seed,
                options=json.dumps(rec.options), lang=row.lang, turn_seconds=row.turn_seconds,
                created=row.created, creator_hash=row.creator_hash, listed=row.listed,
                updated=row.updated, rematch=row.rematch))
            conn.execute(seats_t.insert(), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "token_hash": s.token_hash, "name": s.name, "invite": s.invite} for s in row.seats])

    def append(self, table_id: str, idx: int, seat: int, notation: str, at: float | None = None) -> None:
        """Append action number ``idx`` in its own transaction (the primary key
        refuses a second action with the same index); the table's ``updated``
        becomes ``at`` (Unix seconds, default now)."""
        with self.engine.begin() as conn:
            conn.execute(actions_t.insert().values(table_id=table_id, idx=idx, seat=seat,
                                                   notation=notation))
            conn.execute(tables_t.update().where(tables_t.c.id == table_id)
                         .values(updated=time.time() if at is None else at))

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        """Store a seat's player, token hash, name and invitation."""
        with self.engine.begin() as conn:
            conn.execute(seats_t.update()
                         .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
                         .values(kind=seat.kind, bot=seat.bot, token_hash=seat.token_hash,
                                 name=seat.name, invite=seat.invite))

    def set_rematch(self, table_id: str, rematch: str) -> None:
        """Record that ``rematch`` replays ``table_id`` with the same people."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(rematch=rematch))

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and actions, oldest first."""
        with self.engine.connect() as conn:
            heads = conn.execute(tables_t.select().order_by(tables_t.c.created)).all()
            seats: dict[str, list[SeatRow]] = {}
            for r in conn.execute(seats_t.select().order_by(seats_t.c.table_id, seats_t.c.seat)):
                seats.setdefault(r.table_id, []).append(
                    SeatRow(r.seat, r.kind, r.bot, r.token_hash, r.name, r.invite))
            actions: dict[str, list[tuple[int, str]]] = {}
            for r in conn.execute(actions_t.select().order_by(actions_t.c.table_id, actions_t.c.idx)):
                actions.setdefault(r.table_id, []).append((r.seat, r.notation))
        return [TableRow(h.id, h.edition, h.lang, h.turn_seconds, h.created, seats.get(h.id, []),
                         GameRecord(h.game, h.players, h.seed, json.loads(h.options), actions.get(h.id, [])),
                         h.creator_hash, bool(h.listed), h.updated, h.rematch)
                for h in heads]

    def dispose(self) -> None:
        self.engine.dispose()
