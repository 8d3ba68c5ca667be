"""The live tables: event-sourced, serialised, projected per viewer.

A :class:`Table` holds the game's state rebuilt from its record. Every change
goes through :meth:`Hub.act` under the table's ``asyncio.Lock``: the action is
applied to a clone, appended to the store in a transaction, and only then does
the clone become the state and the change get broadcast. Everything sent to a
connection is built by :func:`snapshot` / :func:`Table.log` from the game's
projection (``Game.view`` / ``Game.project_event``) for that connection's seat,
with every text rendered for it (:mod:`mahai.server.text`): the client parses
no notation. Seeds, records and generator state stay here.

Errors raised to a client are the engine's typed errors
(:mod:`mahai.core.errors`); the server's own codes live in domain ``web``:
``bad_token``, ``not_seated``, ``stale_version``, ``bad_message``,
``bad_move`` (a move the game cannot parse: its own error quotes the notation's
English syntax, meant for the terminal), ``unknown_table``, ``game_over``, ``bad_seats``.

Pauses: after an event that closes a hand or a leg (:data:`SUMMARY_EVENTS`),
unless the game is over, the table *holds* (:class:`Hold`): its bots and its
turn timer wait until every person seated and connected at that moment has
sent ``continue`` (:meth:`Hub.resume`) or ``Hub.hold_seconds`` have passed.
People may still act meanwhile (acting counts as continuing). A turn timer
runs only while someone is at the table (a connection here, or a seat online
on another process): a table everyone left waits at a person's turn for them
to come back, rather than bots playing the game out for people who all left.

Speed (issue 14): the store commits on its own writer thread (the action is
durable before anything is broadcast, but the loop does not wait on the
disk); a broadcast projects and serialises once per viewer kind (seat and
language) and only *queues* the text on each connection (:class:`Conn`: a
bounded queue and a writer task per socket, so sends happen outside the
table's lock and a connection that does not read is closed instead of
holding the table back); slow bots choose in a worker process
(:mod:`mahai.server.thinking`). Only live tables stay in memory
(:class:`LiveTables`): a finished or idle table without connections is
evicted (its state saved as a snapshot) and rebuilt on demand from the
store, from its snapshot when the code that wrote it is the running code
(:func:`code_fingerprint`), else by replaying its record.

Several processes (``mahai serve --workers N``, :mod:`mahai.server.cluster`):
actions enter through :meth:`Hub.act` / :meth:`Hub._commit` and leave through
:meth:`Hub.broadcast`; a table is built from the store by :meth:`Hub._fetch`.
With a cluster only the table's owner commits and runs bots and timers; the
others forward their clients' requests to it and, after each of its
broadcasts, catch up from the store (:meth:`Hub.follow`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import itertools
import json
import logging
import os
import pickle
import random
import secrets
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from mahai.bots import Bot, bot_names, check_bots, default_bot, make_bot
from mahai.core import Action, Event, Game, GameRecord, InvalidOptions, MahaiError, MalformedAction, State
from mahai.core.errors import IllegalAction
from mahai.core.game import option_specs
from mahai.core.record import Step
from mahai.games import get_game
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, translate
from mahai.server.checkpoints import ReplayCheckpoints
from mahai.server.lobby import ABANDONED_AFTER, clean_name, deck_chronology, edition_title, game_title
from mahai.server.store import SeatRow, Snapshot, Store, TableRow, database_trouble, driver_words, token_hash
from mahai.server.text import (
    action_label,
    bot_name,
    card_labels,
    events_json,
    legal_json,
    level_named,
    seat_names,
)
from mahai.server.thinking import Thinker

if TYPE_CHECKING:
    from mahai.server.cluster import Cluster

# deck_chronology lives in mahai.server.lobby; re-exported for older imports.
__all__ = ["Conn", "Hub", "LiveTables", "Table", "code_fingerprint", "deck_chronology", "snapshot",
           "web_error"]

Send = Callable[[dict[str, Any]], Awaitable[None]]
SendText = Callable[[str], Awaitable[None]]

SEND_QUEUE = 256
"""Messages a connection may have waiting to be sent; one more closes it (1013)."""
CLOSE_SLOW = 1013
"""WebSocket close code for a connection that does not read ("try again later")."""

LOG = logging.getLogger("mahai.server")

STORE_RETRY = 1.0
"""Seconds before a bot's move the database refused is tried again (:meth:`Hub._drive`)."""
STORE_RETRY_MAX = 60.0
"""The longest wait between two tries: a database back within a minute is written to again."""


def retry_after(refused: int) -> float:
    """Seconds before the next try of a bot's move the database refused ``refused`` times in a
    row: :data:`STORE_RETRY`, twice as long each time, at most :data:`STORE_RETRY_MAX`.

    >>> [retry_after(n) for n in (1, 2, 3, 7, 8)]
    [1.0, 2.0, 4.0, 60.0, 60.0]
    """
    return min(STORE_RETRY_MAX, STORE_RETRY * 2.0 ** (refused - 1))


SNAPSHOT_EVERY = 100
"""A table's state is stored as a snapshot every this many actions (and when evicted)."""
EVENTS_KEPT = 200
"""Events a live table keeps for its log (and its snapshot)."""
REPLAY_PAGE = 50
"""The most frames one replay request gets by default (:meth:`Hub.replay`; ``MAHAI_REPLAY_PAGE``
sets another, :func:`default_replay_page`): a DenboraZup long game's frame holds its whole
timeline, up to 30 kB of JSON (160 kB before the wire views, :meth:`Game.wire_view`), so a page
is at most about 1.5 MB."""


MAX_REPLAY_PAGE = 4 * REPLAY_PAGE
"""The most frames ``MAHAI_REPLAY_PAGE`` may set (about 32 MB of JSON a page at most): a page of
10**9 let any request ask for a whole replay again."""


def default_replay_page() -> int:
    """``MAHAI_REPLAY_PAGE`` if it is a whole number from 1 in ASCII digits (spaces around it
    allowed), at most :data:`MAX_REPLAY_PAGE`, else :data:`REPLAY_PAGE`: the most frames a replay
    answer holds, which every answer says (``page``) for the client to follow. Never raises:
    "²" passed ``str.isdigit`` and made ``int`` raise, which ``mahai serve`` reported as a
    database it could not open."""
    value = os.environ.get("MAHAI_REPLAY_PAGE", "").strip()
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        return REPLAY_PAGE
    return min(int(value), MAX_REPLAY_PAGE)
PUT_WAIT = 5.0
"""Seconds a reply to a client's own message waits for room in its queue (:meth:`Conn.put`)."""

_fingerprints: dict[str, str] = {}


def code_fingerprint(game: Game[Any, Any]) -> str:
    """A hex SHA-256 of the code a state snapshot of ``game`` depends on: the
    Python version and the sources of :mod:`mahai.core` and of the game's
    package. A snapshot written under another fingerprint is not used (the
    record is replayed instead), so a code change never loads a stale state."""
    name = game.name
    if name not in _fingerprints:
        digest = hashlib.sha256(sys.version.encode())
        module = sys.modules[type(game).__module__]
        roots = [Path(sys.modules["mahai.core"].__file__ or "").parent,
                 Path(module.__file__ or "").parent]
        for root in roots:
            for path in sorted(root.rglob("*.py")):
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
        _fingerprints[name] = digest.hexdigest()
    return _fingerprints[name]

SUMMARY_EVENTS = frozenset({"hand_scored", "leg_end"})
"""Event kinds that close a hand (Spades: SPR-10…SPR-12 scoring) or a leg
(Mille Bornes: MBR-13 scoring); after one the table holds for its people."""
# To move onto the game contract (e.g. ``Game.summary_events``) when core gains it.


@dataclass(eq=False)
class Hold:
    """A pause after a hand or leg: the person seats still to press "continue"
    and the wall-clock time (``time.time()``, seconds) when the pause ends anyway."""

    version: int
    waiting: set[int]
    deadline: float

    def to_json(self) -> dict[str, Any]:
        """``{"version", "waiting": [seats], "seconds": left}`` for the clients."""
        return {"version": self.version, "waiting": sorted(self.waiting),
                "seconds": max(0.0, round(self.deadline - time.time(), 1))}


def web_error(kind: type[MahaiError], code: str, **params: str | int) -> MahaiError:
    return kind(code, domain="web", **params)


def check_seat_bot(game: Game[Any, Any], name: str, lang: str) -> None:
    """Refuse a bot ``name`` that cannot play ``game`` at a table, the levels it may choose
    named in ``lang`` (:func:`~mahai.server.text.bot_name`: "aditua, indartsua, …"), not by
    their codes ("expert, strong, …", which only the command line takes).

    Raises:
        InvalidOptions: ``unknown_bot`` (core), with ``bot`` and ``choices``.
    """
    try:
        check_bots(game.name, [name])
    except InvalidOptions:
        levels = ", ".join(bot_name(game, b, lang) for b in bot_names(game.name))
        raise InvalidOptions("unknown_bot", bot=name, choices=levels) from None  # core's sentence


@dataclass(eq=False)
class Conn:
    """One WebSocket: its seat (None: spectator), language and send function.

    Built with :meth:`socket` (``send_text`` and ``close`` given), the table's
    messages are queued (:meth:`push`, at most ``limit``) and sent by the
    connection's own writer task, outside any table lock; a connection whose
    queue is full is closed with :data:`CLOSE_SLOW` and left by its table.
    Without ``send_text`` (in-process tests) ``send`` is awaited directly."""

    send: Send
    seat: int | None
    lang: str
    send_text: SendText | None = None
    close: Callable[[int], Awaitable[None]] | None = None
    limit: int = SEND_QUEUE
    closed: bool = False
    queue: asyncio.Queue[str] | None = None
    writer: asyncio.Task[None] | None = None

    @classmethod
    def socket(cls, ws: Any, lang: str, seat: int | None = None) -> Conn:
        """The connection of a Starlette ``WebSocket`` (its ``send_json``,
        ``send_text`` and ``close(code)``)."""
        return cls(ws.send_json, seat, lang, ws.send_text, lambda code: ws.close(code))

    @property
    def queued(self) -> bool:
        return self.send_text is not None

    def push(self, text: str) -> bool:
        """Queue ``text`` (a JSON message) for the writer task; False (and the
        connection closed) when ``limit`` messages already wait or it is closed."""
        if self.closed or self.send_text is None:
            return False
        if self.queue is None:
            self.queue = asyncio.Queue(self.limit)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.shut(CLOSE_SLOW)
            return False
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())
        return True

    async def put(self, text: str) -> None:
        """Queue ``text`` like :meth:`push`, but wait for room (at most
        :data:`PUT_WAIT` seconds): a reply to the client's own message slows that
        client's receive loop, never its table; one that reads nothing for that
        long is closed as a slow consumer."""
        if self.closed or self.send_text is None:
            return
        if self.queue is None:
            self.queue = asyncio.Queue(self.limit)
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())
        try:
            await asyncio.wait_for(self.queue.put(text), PUT_WAIT)
        except TimeoutError:
            self.shut(CLOSE_SLOW)

    async def _write(self) -> None:
        assert self.queue is not None and self.send_text is not None
        try:
            while not self.closed:
                text = await self.queue.get()
                await self.send_text(text)
        except Exception:  # noqa: BLE001 - the socket is gone: stop writing
            self.closed = True

    def end(self) -> None:
        """The socket is gone (or going): stop writing. Its writer task waited for messages
        forever, until the garbage collector destroyed it pending ("Task was destroyed but it is
        pending!" in the server's log, one a connection)."""
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()

    def shut(self, code: int) -> None:
        """Stop writing and close the socket with ``code`` (in a task of its own, bounded in time)."""
        if self.closed:
            return
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
        if self.close is not None:
            closing = self.close(code)

            async def close() -> None:
                try:
                    await asyncio.wait_for(closing, 5)
                except Exception:  # noqa: BLE001 - closing a socket that may be dead
                    pass
            asyncio.create_task(close())


@dataclass(eq=False)
class Table:
    """A live table: its stored ``row`` (with the record, kept once), the game
    and the current state rebuilt from the record."""

    row: TableRow
    game: Game[Any, Any]
    state: State[Any]
    events: list[tuple[int, Event]] = field(default_factory=list)
    """(version after the action, engine event) — secrets included, never sent as is."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    legal: dict[int, list[Action]] = field(default_factory=dict)
    """Each seat's legal actions now, and ``legal_since``: the version at which
    they last changed. An action that carries an older version than its seat's
    ``legal_since`` is stale; one that carries a newer one is still good, so that
    in simultaneous decisions another seat's move does not void a click."""
    legal_since: dict[int, int] = field(default_factory=dict)
    hold: Hold | None = None
    """The pause after a hand or leg, while it lasts."""
    hold_task: asyncio.Task[None] | None = None
    turn_deadline: float | None = None
    """When the turn timer runs out (``time.time()``), while it runs."""
    timer_version: int = -1
    stand_ins: list[dict[str, Any]] = field(default_factory=list)
    """The moves a bot made when a person's time ran out: ``{"version", "seat", "bot"}``."""
    snap_idx: int = 0
    """How many actions the table's stored snapshot includes (0: none)."""
    touched: float = field(default_factory=time.monotonic)
    """When the table was last asked for or moved (``time.monotonic()``): eviction waits for idleness."""
    retired: bool = False
    """Evicted from memory: a newer instance serves the table."""
    remote: dict[str, frozenset[int]] = field(default_factory=dict)
    """With a cluster: the seats other processes hold connections of, by process
    (:attr:`~mahai.server.cluster.Cluster.me`; ``mahai_presence`` notices)."""
    announced: frozenset[int] = frozenset()
    holders: set[str] = field(default_factory=set)
    """With a cluster: the other processes that hold a copy of the table (``mahai_presence``)."""
    """With a cluster: the seats this process last told the others it holds connections of."""
    notified: int = 0
    """With a cluster, at the owner: how many actions its last ``mahai_table`` notice covered."""
    seats_rev: int = 0
    """With a cluster, at the owner: how many times it changed the seats (the notices say it)."""
    seats_seen: str | None = None
    """With a cluster, at a watcher: the owner's seat revision its copy's seats match (None: unknown)."""
    store_wait: bool = False
    """A bot's move the database refused: its driver waits to try again (:meth:`Hub._drive`)."""
    entering: int = 0
    """Connections that hold this instance and have not joined :attr:`conns` yet (waiting for
    their hello, claiming a seat): the table is not evicted meanwhile, or they would join a
    retired instance that no longer hears the table's moves."""

    def note_legal(self) -> None:
        """Record which seats' legal actions changed with the current version."""
        over = self.state.is_over
        for seat in range(self.state.players):
            now = [] if over else self.state.legal_actions(seat)
            if [a.notation() for a in self.legal.get(seat, [])] != [a.notation() for a in now] \
                    or seat not in self.legal:
                self.legal_since[seat] = self.state.version
            self.legal[seat] = now

    def is_stale(self, seat: int, version: int) -> bool:
        """Whether a client's action for ``seat`` seen at ``version`` is out of date."""
        return not self.legal_since.get(seat, 0) <= version <= self.state.version

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def record(self) -> GameRecord:
        """The table's record (options, seed, actions): the one in its row."""
        return self.row.record

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token``, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for s in self.row.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def names(self, viewer: int | None, lang: str) -> dict[int, str]:
        """Each seat's name as ``viewer`` sees it: the name its player chose
        (or the lobby gave a bot), else :func:`seat_names`; the viewer's own
        seat is always "you"."""
        names = seat_names(self.game, self.row.seats, viewer, lang)
        for s in self.row.seats:
            if s.name and s.seat != viewer and not level_named(self.game, s):
                names[s.seat] = s.name
        return names

    def log(self, viewer: int | None, lang: str, events: list[tuple[int, Event]] | None = None,
            ) -> list[dict[str, Any]]:
        """``events`` (default: the last 200 of the table) as ``viewer`` may see
        them, each with its sentence in ``lang`` (:func:`events_json`). The whole log
        (no ``events``) also says, before a move a turn timer's bot made for a person
        (:attr:`stand_ins`), that their time ran out: ``{"kind": "stand_in", "version",
        "seat", "text"}`` (a page that comes back read the move as the person's own)."""
        names = self.names(viewer, lang)
        chosen = self.events[-EVENTS_KEPT:] if events is None else events
        out = events_json(self.game, chosen, viewer, lang, names)
        if events is not None or not self.stand_ins:
            return out
        stood = {s["version"]: s["seat"] for s in self.stand_ins}
        told: set[int] = set()
        lines: list[dict[str, Any]] = []
        for item in out:
            version = item["version"]
            if version in stood and version not in told:
                told.add(version)
                seat = stood[version]
                text = (translate("web", "Your time ran out: a bot played for you.", lang) if seat == viewer
                        else translate("web", "{name}: the time ran out; a bot played for them.", lang,
                                       name=names[seat][:1].upper() + names[seat][1:]))
                lines.append({"kind": "stand_in", "version": version, "seat": seat, "text": text})
            lines.append(item)
        return lines

    def online(self) -> set[int]:
        """The seats with a connection: here, or (with a cluster) on another process."""
        seats = {c.seat for c in self.conns if c.seat is not None}
        for more in self.remote.values():
            seats |= more
        return seats

    def person_moved(self) -> bool:
        """Whether a person's seat has moved (a seat with a person's token, or the bot standing
        in for its person who left): the bots' moves alone (a Spades table's bots bid before
        its person) leave it a table nobody has played at yet, "Created …" in the lobby's lists."""
        people = {s.seat for s in self.row.seats if s.token_hash is not None}
        return any(seat in people for seat, _ in self.record.actions)

    def seat_label(self, seat: SeatRow, lang: str) -> str | None:
        """The name a list of seats shows for ``seat`` in ``lang``: the name its player
        chose (or the lobby's creator typed), else a bot's level name (:func:`seat_names`:
        "Ausazkoa 3" in Basque, "Random 3" in English); None for a person with no name
        (the page says "Seat N" itself), or for a person's seat a bot plays while they are away.
        A bot's stored name that is only its level name in some language (:func:`level_named`:
        "Ausazkoa 2", stored by the lobby of tables made before) is named in ``lang`` too."""
        if (seat.name and not level_named(self.game, seat)) or seat.kind != "bot" or seat.away:
            return seat.name
        return seat_names(self.game, self.row.seats, None, lang)[seat.seat]

    def public(self, lang: str | None = None) -> dict[str, Any]:
        """What anyone may know of the table (no seed, no tokens); the game and edition
        titles, and the unnamed bots' names (:meth:`seat_label`), in ``lang`` (default:
        the table's language)."""
        online = self.online()
        shown = lang or self.row.lang
        return {
            "id": self.id, "game": self.game.name, "slug": self.game.slug, "edition": self.row.edition,
            "title": game_title(self.game, lang or self.row.lang),
            "edition_title": edition_title(self.game, self.row.edition, lang or self.row.lang),
            "options": self.record.options, "players": self.record.players, "lang": self.row.lang,
            "turn_seconds": self.row.turn_seconds, "version": self.state.version,
            "over": self.state.is_over,
            "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "online": s.seat in online,
                       "name": self.seat_label(s, shown), "away": s.away} for s in self.row.seats],
            "listed": self.row.listed, "rematch": self.row.rematch, "stand_ins": self.stand_ins[-8:],
        }


def strongest_bot(game: str) -> str:
    """The bot that plays for a person by default: :func:`mahai.bots.default_bot` (the
    ``strong`` level where the game has one: strong and quick on a shared server)."""
    return default_bot(game)


def snapshot(table: Table, viewer: int | None, lang: str, public: dict[str, Any] | None = None,
             ) -> dict[str, Any]:
    """The ``state`` message for ``viewer`` in ``lang``: the game's ``view`` (as sent to a
    reader of ``lang``: :meth:`~mahai.core.Game.wire_view`);
    ``legal``: the viewer's legal actions as ``{"action": notation, "label":
    text}`` (the notation is only an id to send back); ``names``: each seat's
    name for the viewer; ``labels``: the name of each card code in the view
    (:func:`card_labels`). Nothing here is computed by the client.
    ``public``: :meth:`Table.public`, if already made for this message."""
    state, game = table.state, table.game
    over = state.is_over
    names = table.names(viewer, lang)
    view = game.wire_view(game.view(state, viewer), lang)
    actions = table.legal.get(viewer, []) if viewer is not None else []
    return {
        "type": "state",
        "table": table.public() if public is None else public,
        "seat": viewer,
        "version": state.version,
        "view": view,
        "legal": legal_json(game, actions, lang, names),
        "names": {str(k): v for k, v in names.items()},
        "labels": card_labels(game, view, lang),
        "to_act": list(state.to_act()),
        "over": over,
        "winners": sorted(state.winners()) if over else [],
        # the turn timer: Unix time it runs out, and the seconds left when sent (None: no timer)
        "deadline": table.turn_deadline,
        "deadline_in": None if table.turn_deadline is None else max(0.0, table.turn_deadline - time.time()),
        "turn_left": (max(0.0, round(table.turn_deadline - time.time(), 1))
                      if table.turn_deadline is not None else None),
        "hold": table.hold.to_json() if table.hold is not None else None,
    }


class LiveTables(dict[str, Table]):
    """The tables in memory, by id; asking for one that is not (``table[id]``,
    ``.get(id)``) rebuilds it from the store (:meth:`Hub._fetch`) — from any
    thread. ``in`` and iteration see only the tables in memory."""

    def __init__(self, hub: Hub) -> None:
        super().__init__()
        self.hub = hub

    def __getitem__(self, key: str) -> Table:
        table = dict.get(self, key)
        if table is None:
            table = self.hub._fetch(key)
            if table is None:
                raise KeyError(key)
        table.touched = time.monotonic()
        return table

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default


class Hub:
    """Every live table of one server, backed by a :class:`Store`.

    ``pace`` is the bots' delay in seconds before each move (human-readable
    play; tests use 0). ``hold_seconds`` bounds a pause after a hand or leg
    (:class:`Hold`). A table without connections leaves memory
    ``evict_over`` seconds after it was last used once its game is over, and
    ``evict_idle`` seconds after, while it waits for a person (no bot to move,
    no timer, no pause running); it is rebuilt when asked for
    (:class:`LiveTables`). ``bot_workers``: processes for slow bots
    (:class:`~mahai.server.thinking.Thinker`; None: ``MAHAI_BOT_WORKERS``, else 1).
    ``cluster``: this process's part in several processes over one PostgreSQL
    (:mod:`mahai.server.cluster`; None: one process owns every table): only the
    owner of a table runs its bots and timer; the other processes forward
    their clients' requests to it and follow its changes (:meth:`follow`). ``lang``: the
    language of the lines it logs (``mahai serve --lang``).
    """

    def __init__(self, store: Store, pace: float = 0.8, hold_seconds: float = 90.0,
                 evict_over: float = 30.0, evict_idle: float = 600.0,
                 bot_workers: int | None = None, cluster: Cluster | None = None,
                 replay_page: int | None = None, lang: str = DEFAULT_LANGUAGE) -> None:
        self.store = store
        self.lang = lang
        """The server's language: the lines it writes to its log for the person who runs it."""
        self.replay_page = replay_page or default_replay_page()
        """The most frames a replay answer holds (:meth:`replay`)."""
        self.checkpoints = ReplayCheckpoints(self.replay_page)
        """Kept states of recent tables' records: a replay page is played from them (:meth:`replay`)."""
        self.cluster = cluster
        self.pace = pace
        self.hold_seconds = hold_seconds
        self.evict_over = evict_over
        self.evict_idle = evict_idle
        self.tables: LiveTables = LiveTables(self)
        self.rng = random.Random(secrets.randbits(64))
        self.thinker = Thinker(bot_workers)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self._loading = threading.Lock()

    # ---------------------------------------------------------------- building
    def _build(self, row: TableRow, snap: Snapshot | None = None) -> Table:
        """The table of ``row``, its state rebuilt from ``snap`` (if it was
        written by this code: :func:`code_fingerprint`) and the actions after
        it, else by playing its whole record (:meth:`GameRecord.steps`; raises
        its ``CorruptRecord``). Snapshots come from the server's own store."""
        game = get_game(row.record.game)
        state: State[Any] | None = None
        events: list[tuple[int, Event]] = []  # the set-up's (e.g. the first deal) at version 0
        start = 0
        if snap is not None and snap.code == code_fingerprint(game) and snap.idx <= len(row.record.actions):
            try:
                state, events = pickle.loads(snap.data)  # noqa: S301 - written by this server
                for seat, text in row.record.actions[snap.idx:]:
                    events.extend((state.version, e) for e in state.apply(seat, game.parse_action(text)))
                start = snap.idx
            except Exception:  # noqa: BLE001 - a snapshot that does not fit: replay the record
                state, events = None, []
        if state is None:
            for step in row.record.steps(game):
                state = step.state
                events.extend((step.version, e) for e in step.events)
        assert state is not None
        table = Table(row, game, state, events[-EVENTS_KEPT:], snap_idx=start,
                      notified=len(row.record.actions))
        table.note_legal()
        for s in row.seats:
            if s.kind == "bot":
                table.bots[s.seat] = make_bot(game.name, s.bot or "random",
                                              random.Random(self.rng.getrandbits(64)))
        return table

    def _fetch(self, table_id: str) -> Table | None:
        """The table ``table_id`` from memory, else rebuilt from the store (and
        kept in memory, its bots and timer started); None if the store has no
        such table, its stored row does not read (its options are not JSON) or its
        record does not replay. Safe from any thread."""
        if not isinstance(table_id, str):
            return None
        with self._loading:
            table = dict.get(self.tables, table_id)
            if table is not None:
                return table
            try:
                found = self.store.load(table_id)
            except ValueError as exc:  # a stored row that does not read (options not JSON): the others go on
                print(f"mahai: table {table_id} not loaded: its stored row does not read: {exc}",
                      file=sys.stderr)
                return None
            if found is None:
                return None
            row, snap = found
            try:
                table = self._build(row, snap)
            except Exception as exc:  # noqa: BLE001 - one bad record must not stop the server
                print(f"mahai: table {row.id} ({row.record.game}) not loaded: {exc}", file=sys.stderr)
                return None
            if table.state.is_over and not row.over:
                row.over = True
                self.store.mark_over(row.id)
            dict.__setitem__(self.tables, table_id, table)
        if self.cluster is not None:
            self.cluster.announce(table, ask=True)  # who is at this table on the other processes?
            if not self.cluster.try_own(table_id):
                self._follow_soon(table)  # a change committed while it was being built
        self._kick_soon(table)
        return table

    def _follow_soon(self, table: Table) -> None:
        """:meth:`follow` the table on the loop (from any thread)."""
        def start() -> None:
            asyncio.ensure_future(self.follow(table, None))
        try:
            asyncio.get_running_loop()
            start()
        except RuntimeError:
            if self.loop is not None and not self.loop.is_closed():
                self.loop.call_soon_threadsafe(start)

    def find(self, table_id: str) -> Table | None:
        """The table ``table_id`` (rebuilt from the store if needed), or None."""
        found: Table | None = self.tables.get(table_id)
        return found

    def listed(self, limit: int, offset: int = 0) -> list[Table]:
        """The tables their creators listed whose game is not over and that
        moved in the last :data:`~mahai.server.lobby.ABANDONED_AFTER` seconds,
        most recently active first: ``limit`` of them from ``offset``."""
        ids = self.store.listed(limit, offset, max_age=ABANDONED_AFTER)
        return [t for t in (self.find(i) for i in ids) if t is not None]

    def load(self) -> int:
        """Rebuild the stored tables whose game is not over and that moved in
        the last :data:`~mahai.server.lobby.ABANDONED_AFTER` seconds (from
        their snapshots where possible); returns how many. Finished and
        abandoned tables are rebuilt only when asked for. A table whose game
        is not installed or whose record no longer replays is skipped."""
        n = 0
        for table_id in self.store.unfinished(max_age=ABANDONED_AFTER):
            if self._fetch(table_id) is not None:
                n += 1
        return n

    def start(self) -> None:
        """Let bots and timers resume on every table and start evicting idle
        ones (call inside the event loop)."""
        self.loop = asyncio.get_running_loop()
        if self.cluster is not None:
            self.cluster.start(self)
            for table in list(self.tables.values()):
                if not self.cluster.owns(table.id):  # built before this process listened
                    self._follow_soon(table)
        for table in list(self.tables.values()):
            self._kick(table)
        if self.sweeper is None:
            self.sweeper = asyncio.create_task(self._sweep())

    def close(self) -> None:
        """Stop the eviction task, the cluster's threads and the bot workers."""
        if self.cluster is not None:
            self.cluster.close()
        if self.sweeper is not None:
            self.sweeper.cancel()
            self.sweeper = None
        self.thinker.close()

    def _kick_soon(self, table: Table) -> None:
        """:meth:`_kick` now on the loop's thread, else scheduled on the loop."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            self._kick(table)
        elif self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._kick, table)

    # ---------------------------------------------------------------- eviction
    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(max(1.0, min(self.evict_over, self.evict_idle) / 2))
            self.evict()

    def evict(self, now: float | None = None) -> int:
        """Leave out of memory every table without connections (nor one about to
        join it: :attr:`Table.entering`) that is over
        and unused for ``evict_over`` seconds, or waiting for a person and
        unused for ``evict_idle`` seconds; each first gets its snapshot
        stored. Returns how many left."""
        now = time.monotonic() if now is None else now
        gone = 0
        for table in list(self.tables.values()):
            if table.conns or table.entering or table.lock.locked():
                continue
            idle = now - table.touched
            if table.state.is_over:
                if idle < self.evict_over:
                    continue
            elif idle < self.evict_idle or any(t is not None and not t.done()
                                               for t in (table.driver, table.timer, table.hold_task)):
                continue
            self._retire(table)
            gone += 1
        return gone

    def drop_copy(self, table: Table) -> None:
        """Leave out of memory a table another process of the cluster owns and no
        connection here watches (it is rebuilt from the store when asked for)."""
        if self.cluster is not None and not self.cluster.owns(table.id) and not table.conns \
                and not table.entering:
            self._retire(table)

    def _retire(self, table: Table) -> None:
        owner = self.cluster is None or self.cluster.owns(table.id)
        if owner and table.snap_idx != len(table.record.actions):
            self._snapshot(table)
        for task in (table.driver, table.timer, table.hold_task):
            if task is not None:
                task.cancel()
        table.retired = True
        with self._loading:
            if dict.get(self.tables, table.id) is table:
                dict.__delitem__(self.tables, table.id)
        if self.cluster is not None:
            self.cluster.release(table.id)
            self.cluster.announce(table, gone=True)

    def _snapshot(self, table: Table) -> None:
        """Store the table's state (and the events its log shows) as its snapshot (queued)."""
        idx = len(table.record.actions)
        data = pickle.dumps((table.state, table.events[-EVENTS_KEPT:]), protocol=pickle.HIGHEST_PROTOCOL)
        self.store.save_snapshot(table.id, Snapshot(idx, code_fingerprint(table.game), data))
        table.snap_idx = idx

    def create(self, game_name: str, edition: str | None, overrides: dict[str, Any],
               seats: list[dict[str, Any]], lang: str,
               turn_seconds: int | None, *, listed: bool = False,
               creator_hash: str | None = None) -> tuple[Table, dict[int, str]]:
        """Create a table; returns it and the token of every person seat. No
        ``edition``: the game's :meth:`~mahai.core.Game.default_edition` for the
        number of seats. A seat is ``{"kind": "person" | "bot", "bot", "name"}``;
        a person seat with a ``bot`` is played by that bot until the person
        takes it (a rematch seat of a person who had left). Each person seat's
        token is also kept as its invitation until the seat is taken
        (:meth:`claim`); ``listed``: shown in the lobby's public list;
        ``creator_hash``: the hash of the creator's token (the invitations page).

        Raises:
            InvalidOptions: unknown game, edition, option, bot or bad player count
                (core codes), or ``bad_seats`` (web).
        """
        table, tokens = self._prepare(game_name, edition, overrides, seats, lang, turn_seconds,
                                      listed=listed, creator_hash=creator_hash)
        self.store.create(table.row)  # blocks until committed
        if self.cluster is not None:
            self.cluster.try_own(table.id)
        self.tables[table.id] = table
        self._kick(table)
        return table, tokens

    async def create_async(self, game_name: str, edition: str | None, overrides: dict[str, Any],
                           seats: list[dict[str, Any]], lang: str, turn_seconds: int | None, *,
                           listed: bool = False, creator_hash: str | None = None,
                           ) -> tuple[Table, dict[int, str]]:
        """:meth:`create` without blocking the loop: returns once the table is
        committed by the store's writer thread (same arguments and errors)."""
        table, tokens = self._prepare(game_name, edition, overrides, seats, lang, turn_seconds,
                                      listed=listed, creator_hash=creator_hash)
        await self.store.create_async(table.row)
        if self.cluster is not None:
            await asyncio.to_thread(self.cluster.try_own, table.id)
        self.tables[table.id] = table
        self._kick(table)
        return table, tokens

    def _prepare(self, game_name: str, edition: str | None, overrides: dict[str, Any],
               seats: list[dict[str, Any]], lang: str,
               turn_seconds: int | None, *, listed: bool = False,
               creator_hash: str | None = None) -> tuple[Table, dict[int, str]]:
        """The new table (built, not stored yet) and its person seats' tokens (see :meth:`create`)."""
        game = get_game(game_name)
        players = len(seats)
        edition = edition or game.default_edition(players)
        options = game.options(edition, **overrides)
        game.check_players(options, players)
        if lang not in LANGUAGES:
            lang = LANGUAGES[0]
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats):
            kind = s.get("kind")
            name = clean_name(s.get("name"))
            if kind == "bot":
                bot = str(s.get("bot") or "random")
                check_seat_bot(game, bot, lang)
                rows.append(SeatRow(i, "bot", bot, None, name))
            elif kind == "person":
                tokens[i] = secrets.token_urlsafe(24)
                stand_in = s.get("bot")
                if stand_in is not None:
                    check_seat_bot(game, str(stand_in), lang)
                rows.append(SeatRow(i, "person" if stand_in is None else "bot",
                                    None if stand_in is None else str(stand_in),
                                    token_hash(tokens[i]), name, tokens[i]))
            else:
                raise web_error(InvalidOptions, "bad_seats", seat=i)
        if turn_seconds is not None and turn_seconds <= 0:
            turn_seconds = None
        record = GameRecord.start(game, options, players, secrets.randbits(62))
        row = TableRow(secrets.token_urlsafe(9), edition, lang, turn_seconds, time.time(), rows, record,
                       creator_hash, listed)
        return self._build(row), tokens  # validates before anything is stored

    def get(self, table_id: str) -> Table:
        """The table ``table_id`` (rebuilt from the store if needed).

        Raises:
            InvalidOptions: ``unknown_table`` (web).
        """
        table = self.find(table_id)
        if table is None:
            raise web_error(InvalidOptions, "unknown_table")
        return table

    # ---------------------------------------------------------------- actions
    async def act(self, table: Table, seat: int | None, version: Any, text: Any) -> None:
        """Apply a client's action for ``seat``.

        Raises:
            MalformedAction: ``bad_message`` (web), or ``bad_move`` (web) when the game
                cannot parse ``text`` (the game's own error quotes English notation; the
                page offers every move as a control, so the player is told to choose one).
            NotYourTurn, IllegalAction: from the engine.
            IllegalAction: ``not_seated`` / ``stale_version`` / ``game_over`` (web).
        Nothing changes on error.
        """
        if seat is None:
            raise web_error(IllegalAction, "not_seated")
        if not isinstance(text, str) or not isinstance(version, int) or isinstance(version, bool) \
                or len(text) > 200:
            raise web_error(MalformedAction, "bad_message")
        if self.cluster is not None and not self.cluster.owns(table.id):
            await self.cluster.forward(table, "act", seat, version, text)
            return
        async with table.lock:
            if table.state.is_over:
                raise web_error(IllegalAction, "game_over")
            if table.is_stale(seat, version):
                raise web_error(IllegalAction, "stale_version", seen=version,
                                current=table.state.version)
            try:
                action = table.game.parse_action(text)
            except MalformedAction:
                raise web_error(MalformedAction, "bad_move") from None
            if table.hold is not None:
                table.hold.waiting.discard(seat)  # acting counts as "continue"
            await self._commit(table, seat, action)

    async def _commit(self, table: Table, seat: int, action: Any) -> None:
        """Apply on a clone, persist (the loop waits for the writer thread's
        commit, not for the disk), then swap and broadcast (caller holds the lock)."""
        state = table.state.clone()
        events = state.apply(seat, action)
        notation = action.notation()
        at = time.time()
        write = asyncio.ensure_future(self.store.append_async(
            table.id, len(table.record.actions), seat, notation, at, over=state.is_over))
        cancelled = False
        while True:  # once the write is under way, memory follows the store even if we are cancelled
            try:
                await asyncio.shield(write)
                break
            except asyncio.CancelledError:
                if write.cancelled():
                    raise
                cancelled = True
        table.row.updated = at
        table.row.over = state.is_over
        table.touched = time.monotonic()
        table.record.actions.append((seat, notation))
        table.state = state
        table.note_legal()
        new = [(state.version, e) for e in events]
        table.events.extend(new)
        if len(table.events) > 2 * EVENTS_KEPT:
            del table.events[:-EVENTS_KEPT]
        if len(table.record.actions) - table.snap_idx >= SNAPSHOT_EVERY:
            self._snapshot(table)
        if not state.is_over and any(e.kind in SUMMARY_EVENTS for e in events):
            self._hold(table)
        elif table.hold is not None and not table.hold.waiting:
            self._release(table)
        await self.broadcast(table, new)
        self._kick(table)
        if cancelled:
            raise asyncio.CancelledError

    # ---------------------------------------------------------------- pauses
    def _hold(self, table: Table) -> None:
        """Pause after a hand or leg for the person seats connected now, to any
        process of a cluster (:meth:`Table.online`; none: no pause)."""
        people = {s for s in table.online() if s not in table.bots}
        if not people:
            return
        self._release(table)
        table.hold = Hold(table.state.version, people, time.time() + self.hold_seconds)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        table.hold_task = asyncio.create_task(self._hold_timeout(table, table.hold))

    def _release(self, table: Table) -> None:
        table.hold = None
        if table.hold_task is not None and table.hold_task is not asyncio.current_task():
            table.hold_task.cancel()
        table.hold_task = None

    async def _hold_timeout(self, table: Table, hold: Hold) -> None:
        await asyncio.sleep(max(0.0, hold.deadline - time.time()))
        async with table.lock:
            if table.hold is hold:
                self._release(table)
                await self.broadcast(table, [])
                self._kick(table)

    async def resume(self, table: Table, seat: int | None) -> None:
        """``seat``'s person pressed "continue" after a hand or leg; the last one
        to do so ends the pause. Anything else is ignored (no error: a late or
        repeated press is harmless)."""
        if self.cluster is not None and not self.cluster.owns(table.id):
            await self.cluster.forward(table, "resume", seat)
            return
        async with table.lock:
            hold = table.hold
            if hold is None or seat is None or seat not in hold.waiting:
                return
            hold.waiting.discard(seat)
            if not hold.waiting:
                self._release(table)
            await self.broadcast(table, [])
            self._kick(table)

    def forget(self, table: Table, seat: int | None) -> None:
        """A connection of ``seat`` closed: if no other connection holds the seat
        (on any process: :meth:`Table.online`), the pause no longer waits for it
        (call under the table's lock)."""
        hold = table.hold
        if hold is None or seat is None or seat in table.online():
            return
        hold.waiting.discard(seat)
        if not hold.waiting:
            self._release(table)
            self._kick(table)

    async def follow(self, table: Table, info: dict[str, Any] | None) -> None:
        """Bring a table this process does not own up to the store (with a
        cluster): apply the actions committed since its copy was made, take its
        seats and rematch as stored, and the owner's pause, turn deadline and
        stand-ins from ``info`` (a ``mahai_table`` notice; None: keep them);
        then update this process's sockets (:meth:`broadcast`)."""
        async with table.lock:
            given = self._noticed(table, info)
            if given is not None:
                actions, seats, rematch = given
            else:
                actions, seats, rematch = await asyncio.to_thread(
                    self.store.tail, table.id, len(table.record.actions))
                if info is not None and isinstance(info.get("seats"), str):
                    table.seats_seen = info["seats"]
            new: list[tuple[int, Event]] = []
            state = table.state
            for seat, notation in actions:
                events = state.apply(seat, table.game.parse_action(notation))
                table.record.actions.append((seat, notation))
                new.extend((state.version, e) for e in events)
            if actions:
                table.note_legal()
                table.events.extend(new)
                if len(table.events) > 2 * EVENTS_KEPT:
                    del table.events[:-EVENTS_KEPT]
                table.row.over = state.is_over
                table.touched = time.monotonic()
            if seats:
                table.row.seats = seats
                for s in seats:
                    if s.kind == "bot":
                        if s.seat not in table.bots:
                            table.bots[s.seat] = make_bot(table.game.name, s.bot or "random",
                                                          random.Random(self.rng.getrandbits(64)))
                    else:
                        table.bots.pop(s.seat, None)
            table.row.rematch = rematch
            if info is not None:
                hold = info.get("hold")
                table.hold = None if not isinstance(hold, dict) else Hold(
                    int(hold["version"]), set(hold["waiting"]), float(hold["deadline"]))
                deadline = info.get("deadline")
                table.turn_deadline = float(deadline) if isinstance(deadline, (int, float)) else None
                if isinstance(info.get("stand_ins"), list):
                    table.stand_ins = list(info["stand_ins"])
            await self.broadcast(table, new)

    @staticmethod
    def _noticed(table: Table, info: dict[str, Any] | None,
                 ) -> tuple[list[tuple[int, str]], list[SeatRow], str | None] | None:
        """What :meth:`follow` would read from the store, taken from the owner's
        notice ``info`` instead: the actions this copy lacks, no seat change, the
        rematch; None when the notice does not line up with the copy (actions
        left out or missing before it, seats of another revision)."""
        if info is None or not isinstance(info.get("actions"), list) or not isinstance(info.get("at"), int):
            return None
        if table.seats_seen is None or info.get("seats") != table.seats_seen:
            return None
        at, given, mine = info["at"], info["actions"], len(table.record.actions)
        if not at <= mine <= at + len(given):
            return None
        actions = [(int(a[0]), str(a[1])) for a in given[mine - at:]]
        rematch = info.get("rematch")
        return actions, [], rematch if isinstance(rematch, str) else None

    async def broadcast(self, table: Table, new: list[tuple[int, Event]]) -> None:
        """Send every connection the ``update`` for its seat and language: the
        message is projected and serialised once per (seat, language) and queued
        on each socket (:meth:`Conn.push`); a connection too slow to take it
        leaves the table (:meth:`_drop`). With a cluster, the owner then tells
        the other processes (:meth:`~mahai.server.cluster.Cluster.changed`)."""
        if self.cluster is not None:
            self.cluster.announce(table)  # this process's seats, if they changed
            if self.cluster.owns(table.id):
                self.cluster.changed(table)
        groups: dict[tuple[int | None, str], list[Conn]] = {}
        for conn in list(table.conns):
            groups.setdefault((conn.seat, conn.lang), []).append(conn)
        if not groups:
            return
        public = table.public()
        for (seat, lang), conns in groups.items():
            msg = snapshot(table, seat, lang, public)
            msg["type"] = "update"
            msg["events"] = table.log(seat, lang, new)
            text: str | None = None
            for conn in conns:
                if not conn.queued:
                    try:
                        await conn.send(msg)
                    except Exception:  # noqa: BLE001 - a dead socket must not stop the table
                        table.conns.discard(conn)
                    continue
                if text is None:
                    text = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
                if not conn.push(text):
                    self._drop(table, conn)

    def admit(self, table: Table, conn: Conn) -> None:
        """``conn`` joins ``table`` (call under its lock, before its first state is sent): a
        turn timer that waited for someone at the table starts, and that state shows it."""
        table.conns.add(conn)
        self._kick(table)

    async def presence(self, table: Table, changed: bool) -> None:
        """A connection of ``table`` came or went (call under its lock): every connection hears
        of it (:meth:`broadcast`) when the seats online changed (``changed``), else nobody, but
        the other processes of a cluster, which are told this one's seats. A spectator, or a
        seat's second page, changes nothing anyone sees: each of their comings and goings sent
        every connection of the table an update (a reconnect storm of spectators, N² of them)."""
        timed = table.turn_deadline
        self._kick(table)  # the turn timer runs only while someone is at the table
        if changed or table.turn_deadline != timed:
            await self.broadcast(table, [])
        elif self.cluster is not None:
            self.cluster.announce(table)

    def _drop(self, table: Table, conn: Conn) -> None:
        """``conn`` could not keep up (or is closed): it leaves the table now; the
        others hear of it (presence) from a task of its own."""
        if conn not in table.conns:
            return
        table.conns.discard(conn)
        conn.shut(CLOSE_SLOW)

        async def gone() -> None:
            async with table.lock:
                self.forget(table, conn.seat)
                await self.presence(table, conn.seat is not None and conn.seat not in table.online())
        asyncio.create_task(gone())

    async def hand_to_bot(self, table: Table, seat: int | None, bot: Any, lang: str = LANGUAGES[0]) -> None:
        """The seat's player leaves: a bot (``bot`` name; default the game's
        strongest, :func:`strongest_bot`) plays the seat until the person comes
        back with their link (:meth:`claim`): the seat keeps their token hash
        and name. Every connection of the seat becomes a spectator's.

        Raises:
            IllegalAction: ``not_seated``; MalformedAction: ``bad_message``;
            InvalidOptions: ``unknown_bot``, the levels named in ``lang`` (:func:`check_seat_bot`).
        """
        if seat is None:
            raise web_error(IllegalAction, "not_seated")
        if bot is not None and not isinstance(bot, str):
            raise web_error(MalformedAction, "bad_message")
        name = bot or strongest_bot(table.game.name)
        check_seat_bot(table.game, name, lang)
        if self.cluster is not None and not self.cluster.owns(table.id):
            await self.cluster.forward(table, "hand_to_bot", seat, name)
            for conn in list(table.conns):
                if conn.seat == seat:
                    conn.seat = None
            return
        async with table.lock:
            old = table.row.seats[seat]
            row = SeatRow(seat, "bot", name, old.token_hash, old.name, None)
            await self.store.set_seat_async(table.id, row)
            table.row.seats[seat] = row
            table.seats_rev += 1
            table.bots[seat] = make_bot(table.game.name, name, random.Random(self.rng.getrandbits(64)))
            for conn in list(table.conns):
                if conn.seat == seat:
                    conn.seat = None
            self.forget(table, seat)
            await self.broadcast(table, [])
            self._kick(table)

    # ---------------------------------------------------------------- seats: claim, names, rematch
    async def claim(self, table: Table, token: str | None) -> int | None:
        """The seat of ``token`` (None: no such seat), taken by its person: the
        invitation is spent, and a bot standing in for a person who left
        (:meth:`hand_to_bot`) gives the seat back. Broadcast when it changed."""
        seat = table.seat_of(token)
        if seat is None:
            return None
        row = table.row.seats[seat]
        if row.invite is None and row.kind == "person":
            return seat
        if self.cluster is not None and not self.cluster.owns(table.id):
            # the token was checked here: the owner is told the seat, never the token
            got = await self.cluster.forward(table, "claim_seat", seat)
            return got if isinstance(got, int) else None
        return await self.claim_seat(table, seat)

    async def claim_seat(self, table: Table, seat: Any) -> int | None:
        """:meth:`claim` of ``seat`` once its token was checked (at the owner, for
        another process of a cluster); None when there is no such seat of a person."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.row.seats) \
                or table.row.seats[seat].token_hash is None:
            return None
        async with table.lock:
            row = table.row.seats[seat]
            if row.invite is None and row.kind == "person":
                return seat
            back = SeatRow(seat, "person", None, row.token_hash, row.name, None)
            await self.store.set_seat_async(table.id, back)
            table.row.seats[seat] = back
            table.seats_rev += 1
            table.bots.pop(seat, None)
            await self.broadcast(table, [])
            self._kick(table)
        return seat

    async def rename(self, table: Table, seat: int, name: Any) -> str | None:
        """Give ``seat`` the name its player chose (:func:`clean_name`; empty:
        no name). Returns the name kept."""
        kept = clean_name(name)
        if self.cluster is not None and not self.cluster.owns(table.id):
            got = await self.cluster.forward(table, "rename", seat, kept)
            return got if isinstance(got, str) else None
        async with table.lock:
            row = table.row.seats[seat]
            row.name = kept
            table.seats_rev += 1
            await self.store.set_seat_async(table.id, row)
            await self.broadcast(table, [])
        return kept

    async def rematch(self, table: Table) -> tuple[Table, dict[int, str]]:
        """The table that plays ``table`` again once it is over: same game,
        options, seats, names, timer and listing, a new deal; a person's seat
        that a bot held at the end is held by the same bot until its person
        comes. Returns it and the new token of every person seat; only the
        first call creates it (later calls return it with no token). Each
        connection of a person's seat gets ``{"type": "rematch", "table",
        "seat", "token"}``, a spectator's ``{"type": "rematch", "table"}``.

        Raises:
            IllegalAction: ``not_over`` (web) while the game is still on.
        """
        if self.cluster is not None and not self.cluster.owns(table.id):
            made = await self.cluster.forward(table, "rematch_at_owner")
            return self.get(str(made["table"])), {int(k): v for k, v in made["tokens"].items()}
        async with table.lock:
            existing = self.tables.get(table.row.rematch or "")
            if existing is not None:
                return existing, {}
            if not table.state.is_over:
                raise web_error(IllegalAction, "not_over")
            seats: list[dict[str, Any]] = []
            for s in table.row.seats:
                if s.token_hash is None:
                    seats.append({"kind": "bot", "bot": s.bot,
                                  "name": None if level_named(table.game, s) else s.name})
                else:
                    seats.append({"kind": "person", "name": s.name, "bot": s.bot if s.away else None})
            row = table.row
            # The options a player may set (option_specs): an internal one the record holds
            # (DenboraZup's ``handles``) is the game's own and refused as an override (a
            # DenboraZup rematch failed with "unknown option handles").
            settable = {spec.name for spec in option_specs(table.game.options(row.edition))}
            options = {k: v for k, v in row.record.options.items() if k in settable}
            new, tokens = await self.create_async(table.game.name, row.edition, options,
                                                  seats, row.lang, row.turn_seconds, listed=row.listed,
                                                  creator_hash=row.creator_hash)
            await self.store.set_rematch_async(table.id, new.id)
            row.rematch = new.id
            if self.cluster is not None:  # the people on the other processes move too
                self.cluster.notify("mahai_rematch", {"table": table.id, "from": self.cluster.me,
                                                      "new": new.id, "tokens": tokens})
            await self.send_rematch(table, new.id, tokens)
            await self.broadcast(table, [])
        return new, tokens

    async def rematch_at_owner(self, table: Table) -> dict[str, Any]:
        """:meth:`rematch` for another process of a cluster: ``{"table": id, "tokens": {"seat": token}}``."""
        new, tokens = await self.rematch(table)
        return {"table": new.id, "tokens": {str(k): v for k, v in tokens.items()}}

    async def send_rematch(self, table: Table, new_id: str, tokens: dict[int, str]) -> None:
        """Tell each connection of ``table`` here that ``new_id`` plays it again
        (a person's seat with its new token; see :meth:`rematch`)."""
        for conn in list(table.conns):
            msg: dict[str, Any] = {"type": "rematch", "table": new_id}
            if conn.seat is not None and conn.seat in tokens:
                msg.update(seat=conn.seat, token=tokens[conn.seat])
            if conn.queued:
                if not conn.push(json.dumps(msg, ensure_ascii=False, separators=(",", ":"))):
                    self._drop(table, conn)
                continue
            try:
                await conn.send(msg)
            except Exception:  # noqa: BLE001 - a dead socket must not stop the table
                table.conns.discard(conn)

    # ---------------------------------------------------------------- bots, timer
    def _kick(self, table: Table) -> None:
        if table.retired or (self.cluster is not None and not self.cluster.owns(table.id)):
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if table.driver is not None and not table.driver.done() and table.store_wait:
            table.driver.cancel()  # a move was saved: the database writes again, the bot need not wait
            table.store_wait = False
        if table.driver is None or table.driver.done():
            table.driver = asyncio.create_task(self._drive(table))
        # the turn timer keeps a table moving for those at it (module docstring): nobody, no timer
        watched = bool(table.conns) or bool(table.remote)
        if table.timer is not None:
            if watched and table.turn_deadline is not None and table.timer_version == table.state.version \
                    and table.hold is None and not table.timer.done():
                return  # the same turn goes on (e.g. a presence change): keep its clock
            table.timer.cancel()
            table.timer = None
        table.turn_deadline = None
        if table.row.turn_seconds and watched and not table.state.is_over and table.hold is None and any(
                s not in table.bots for s in table.state.to_act()):
            table.turn_deadline = time.time() + table.row.turn_seconds
            table.timer_version = table.state.version
            table.timer = asyncio.create_task(self._time_out(table, table.state.version))

    def _bot_seat(self, table: Table) -> int | None:
        state = table.state
        if table.hold is not None:
            return None
        return next((s for s in state.to_act() if s in table.bots and not state.must_wait(s)), None)

    async def _drive(self, table: Table) -> None:
        """Play the bots' moves while a bot owes one. A move the database refuses (a read-only
        file, a server gone) changes nothing and is tried again after :data:`STORE_RETRY`
        seconds, twice as long each time up to :data:`STORE_RETRY_MAX`, or at once when another
        move is saved (:meth:`_kick`): the bot did not stop for good, the table did not hang."""
        refused = 0
        while self._bot_seat(table) is not None:
            wait = self.pace if not refused else retry_after(refused)
            table.store_wait = refused > 0
            await asyncio.sleep(wait)
            table.store_wait = False
            async with table.lock:
                seat = self._bot_seat(table)
                if seat is None:
                    continue
                try:
                    await self._bot_move(table, seat, table.bots[seat])
                except SQLAlchemyError as exc:
                    refused += 1
                    self._log_refused(table, seat, exc, retry_after(refused))
                else:
                    refused = 0

    def _log_refused(self, table: Table, seat: int, exc: BaseException, retry: float) -> None:
        """One line in the server's language (:attr:`lang`) for a bot's move the database
        refused (``exc``): why (:func:`~mahai.server.store.database_trouble`), when it is tried
        again, then the driver's own first line, for a bug report. No traceback."""
        trouble = database_trouble(exc)
        msgid = {"read_only": "log.bot_move_refused.read_only",
                 "unreachable": "log.bot_move_refused.unreachable"}.get(trouble,
                                                                         "log.bot_move_refused.failed")
        said = translate("web", msgid, self.lang, table=table.id, seat=seat + 1, seconds=f"{retry:g}")
        LOG.error("%s (%s)", said, driver_words(exc))

    async def _bot_move(self, table: Table, seat: int, bot: Bot) -> None:
        """The bot's move for ``seat`` (chosen on the loop or in a worker:
        :class:`~mahai.server.thinking.Thinker`), committed (caller holds the lock)."""
        state, game = table.state, table.game
        action, kept = await self.thinker.act(game, seat, bot, game.observe(state, seat),
                                              state.legal_actions(seat))
        if table.bots.get(seat) is bot:
            table.bots[seat] = kept
        await self._commit(table, seat, action)

    async def _time_out(self, table: Table, version: int) -> None:
        """After ``turn_seconds`` without a move, the game's strongest bot
        (:func:`strongest_bot`) moves for one person seat that owes a decision
        and need not wait (:meth:`~mahai.core.State.must_wait`: a seat that
        would close a window still open to another seat is not moved for); the
        move is noted in ``table.stand_ins``. The timer then starts again."""
        assert table.row.turn_seconds
        await asyncio.sleep(table.row.turn_seconds)
        async with table.lock:
            if table.state.version != version:
                return
            table.timer = None
            table.turn_deadline = None
            seat = self._stand_in_seat(table)
            if seat is None:
                return
            name = strongest_bot(table.game.name)
            table.stand_ins.append({"version": version + 1, "seat": seat, "bot": name})
            try:
                await self._bot_move(table, seat, make_bot(
                    table.game.name, name, random.Random(self.rng.getrandbits(64))))
            except SQLAlchemyError as exc:  # not made: the turn's clock starts again (_kick)
                table.stand_ins.pop()
                self._log_refused(table, seat, exc, float(table.row.turn_seconds))
                self._kick(table)

    @staticmethod
    def _stand_in_seat(table: Table) -> int | None:
        """The person seat a timed-out turn is played for: the first in
        ``to_act()`` that is not a bot's and must not wait, or None."""
        state = table.state
        return next((s for s in state.to_act() if s not in table.bots and not state.must_wait(s)), None)

    # ---------------------------------------------------------------- replay
    def _replay_steps(self, key: str, record: GameRecord, game: Game[Any, Any], start: int) -> Iterator[Step]:
        """The steps of ``record`` (:meth:`GameRecord.steps`) from step ``start`` on, played from
        the latest state kept for ``key`` before it (:attr:`checkpoints`; else from the set-up),
        keeping the states the checkpoints want on the way. Errors as :meth:`GameRecord.steps`."""
        marks = self.checkpoints
        found = marks.get(key, record, start - 1) if start > 0 else None
        if found is None:
            done, steps = -1, record.steps(game)  # its first step is the set-up: 0 actions done
        else:
            done, state = found
            steps = record.steps_from(game, state, done)
        actions = len(record.actions)
        for step in steps:
            done += 1
            if marks.wanted(done, actions):  # the next page's too: kept before it is shown
                marks.put(key, record, done, step.state)
            if done >= start:
                yield step

    def replay(self, table: Table, viewer: int | None, lang: str, start: int = 0,
               count: int | None = None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """Step-by-step frames for ``viewer`` in ``lang``, ``count`` of them (at most and by
        default :attr:`replay_page`, which the answer says as ``page``) from step ``start``:
        after each step of the record (:meth:`GameRecord.steps`), the viewer's ``view``
        (:meth:`Game.wire_view`) with its card ``labels`` and the ``events`` it may see, with
        their sentences. Once the game is over (the record may then show everything) each frame
        also has the ``seat`` that acted, the ``action`` notation and its ``label``. ``steps``:
        how many frames the whole replay has (the actions and the set-up), ``start``: the first
        one sent, ``page``: the most frames an answer holds (a client asks for pages of that
        size). A page, not the whole replay: a finished DenboraZup long game of 15,930 steps was
        2.6 GB of JSON built in 77 s for one request anyone could send (a spectator's too). The
        page is played from the last state kept before it (:attr:`checkpoints`), not from the
        set-up: once a table's record was replayed, a late page costs about its frames (the last
        page of a 12,664-step game cost 23 first pages, now 1.3: ``benchmarks/replay_cost.py``). ``public``:
        :meth:`Table.public` in ``lang``, read on the loop by a caller on another thread.

        Raises:
            InvalidOptions: ``bad_field`` (web, ``start``) when ``start`` is past the last step.
        """
        over = table.state.is_over  # read first: the actions copied next hold the last one then
        record = dataclasses.replace(table.record, actions=list(table.record.actions))  # the loop appends
        steps = len(record.actions) + 1
        page = self.replay_page
        count = page if count is None else max(0, min(count, page))
        if not 0 <= start < steps:
            raise web_error(InvalidOptions, "bad_field", field="start")
        game = table.game
        names = table.names(viewer, lang)
        frames = []
        for step in itertools.islice(self._replay_steps(table.id, record, game, start), count):
            view = game.wire_view(game.view(step.state, viewer), lang)
            frame: dict[str, Any] = {
                "version": step.version, "view": view, "labels": card_labels(game, view, lang),
                "events": events_json(game, [(step.version, e) for e in step.events], viewer, lang, names)}
            if over and step.notation is not None:
                frame["seat"] = step.seat
                frame["action"] = step.notation
                frame["label"] = action_label(game, game.parse_action(step.notation), lang, names)
            frames.append(frame)
        return {"table": table.public(lang) if public is None else public, "viewer": viewer, "over": over,
                "names": {str(k): v for k, v in names.items()}, "steps": steps, "start": start,
                "page": page, "frames": frames}

