"""The FastAPI application: JSON lobby API, WebSocket play, static client.

HTTP (OpenAPI schema at ``/openapi.json``; the Swagger and ReDoc pages load
their scripts from a CDN, so they are off unless ``create_app(docs=True)``):

- ``GET  /api/games?lang=eu`` → the installed games from their declared
  metadata, every text in ``lang`` (see :func:`mahai.server.lobby.game_info`):
  editions with their player counts, the edition for each player count,
  options with a label and a one-line explanation, bots, reference pages; a
  developer's example (``Game.example``, the toy Nim) after the others.
- ``GET  /api/games/{name}?lang=eu`` → one of them.
- ``POST /api/games/{name}/players`` ``{edition, options}`` → ``{players: [n, …]}``:
  the player counts those options allow (``Game.players``).
- ``GET  /api/network`` → ``{origin, addresses}``: the origin of the links this
  browser shares (:func:`mahai.server.network.share_origin`) and the network
  addresses the server listens on (empty: loopback only).
- ``POST /api/tables`` ``{game, edition, options, seats: [{kind: person|bot, bot,
  name}], lang, turn_seconds, listed}`` → ``{id, tokens: {seat: token}, links:
  {seat: path}, urls: {seat: url}, spectate: path, creator: token, invite: path}``;
  ``urls`` are the links to send to other devices; ``creator`` opens the
  invitations page (``invite``).
- ``GET  /api/tables`` → the tables their creators listed, in play;
  ``GET /api/tables?ids=a,b`` → those tables (the lobby's "my tables"), each
  with ``status`` (``playing``, ``over``, ``abandoned``) and ``leaves_at``
  (:func:`mahai.server.lobby.table_status`), in play first then finished, each
  latest first (:data:`mahai.server.lobby.STATUS_ORDER`), and ``order``: the key they are
  sorted by (a list of numbers, compared in turn), by which a client merges the answers for
  more than 100 ids; every listed table also has ``waiting`` (the seats whose person has not
  come yet), ``moved`` (whether a person has moved: :meth:`~mahai.server.tables.Table.person_moved`)
  and ``idle`` (seconds since its last move, or since it was made while no person has moved);
  ``GET /api/tables/{id}`` → one.
- ``POST /api/tables/{id}/invitations`` ``{creator}`` → every seat's invitation
  until the seat is taken: ``{table, origin, local_only, seats: [{seat, name, kind,
  state: open|taken|bot, link, url, qr}], spectate: {link, url, qr}}`` (``qr``:
  an SVG ``data:`` URI; ``local_only``: the links open on the server's machine only,
  :func:`mahai.server.network.this_machine_only`).
- ``POST /api/tables/{id}/name`` ``{token, name}`` → ``{name}``: the seat's name.
- ``POST /api/tables/{id}/rematch`` ``{token}`` (a person of the table, or the
  creator's token) → ``{id, seat, token}``: the table that plays this finished
  one again (created by the first call, :meth:`Hub.rematch`) and the caller's
  new seat token while that seat is not taken yet.
- ``GET  /api/tables/{id}/replay?token=…&seat=…&lang=eu&start=0&count=50`` → a page of
  the replay's frames, at most ``page`` (:attr:`Hub.replay_page`: 50, or ``MAHAI_REPLAY_PAGE``),
  which the answer says with ``start`` and ``steps``, how many there are (see :meth:`Hub.replay`).
- ``GET  /api/tables/{id}/card/{card}?lang=eu`` → a card face up at the table now, with its story
  (the game's ``Game.revealed_card``, DenboraZup's timeline: :func:`~mahai.server.lobby.revealed_card`);
  any other id, and any id at a game without such cards: ``unknown_card`` (404).
- ``GET  /api/i18n/{lang}?domains=web,core,…`` → gettext catalogs as JSON (plural entries as lists).
- ``GET  /static/games/<name>.js`` → the game's table renderer: Mahai's own, else
  the package resource a plug-in declares (``Game.renderer``).

WebSocket ``/ws/tables/{id}`` (optional ``?lang=``: the language of a refusal
before the hello, e.g. ``unknown_table``): the client sends ``{"type": "hello", "token",
"lang"}`` first, then ``{"type": "act", "version", "action"}`` or
``{"type": "hand_to_bot", "bot"}`` or ``{"type": "continue"}`` (done reading
the summary after a hand or leg: :meth:`Hub.resume`); the server sends ``welcome``, ``state``,
``log``, ``update`` (events + state) and ``error`` messages, every one built
from the game's projection for the connection's seat, with every text (event
sentences, action labels, seat and card names) rendered in its language, and
``rematch`` (``{table, seat, token}``) when a finished table is played again.
``welcome`` is ``{seat, table, elsewhere}``: ``elsewhere`` (bool) says the seat
was already open on another connection when this one took it (a forwarded
invitation, or the same person's other device; the page's name prompt says so).
A hello with the token of a seat takes it (:meth:`Hub.claim`): the invitation
is spent, and a seat its person left to a bot comes back to them.

Every HTTP answer of :data:`GZIP_MINIMUM` bytes or more goes gzip-compressed to a client that
sends ``Accept-Encoding: gzip`` (a finished game's replay, 3.2 MB of JSON, is 63 kB so); the
WebSocket's messages are compressed by permessage-deflate, which uvicorn accepts when the
browser offers it (browsers do).

Limits and checks (:mod:`mahai.server.security`, :mod:`mahai.server.limits`):
only the server's own ``Host`` names and WebSocket ``Origin``; bodies up to 64
KiB, JSON nested at most 16 deep, no lone surrogate; option values, timers and
seats bounded; per-client rate limits on messages, hellos, new tables, seat names and
rematches, replay pages and table lists. Every
refusal is an ``error`` message in the player's language (HTTP 400, 403, 404,
413, 422 or 429), never a 5xx; a WebSocket that sends binary frames is closed
with 1003, one that goes on flooding with 1008, a message over 64 KiB with 1009,
one that has not said hello within :attr:`Limits.hello_seconds` (10) with 1008.

Pages: ``/`` (lobby), ``/t/{id}`` (table), ``/t/{id}/invite`` (the creator's
invitations), ``/t/{id}/replay``, ``/rules/{game}?lang=eu`` ("How to play",
:mod:`mahai.server.rules`), ``/chronology/{game}``.
"""

from __future__ import annotations

import asyncio
import importlib.resources
import json
import logging
import os
import re
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.websockets import WebSocketDisconnected

from mahai.core import IllegalAction, InvalidOptions, MahaiError, MalformedAction
from mahai.games import available_games, get_game
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, LOCALE_DIR, catalog, explain, plurals, translate
from mahai.server.cluster import Cluster
from mahai.server.limits import (
    MAX_MESSAGE,
    MAX_SEATS,
    MAX_TURN_SECONDS,
    Gate,
    Limits,
    TokenBucket,
    check_option_values,
    client_key,
    json_ok,
    nests_deeper,
)
from mahai.server.lobby import (
    STATUS_ORDER,
    deck_chronology,
    game_info,
    game_title,
    players_for,
    revealed_card,
    table_status,
)
from mahai.server.network import qr_data_uri, share_origin, this_machine_only
from mahai.server.rules import rules_page
from mahai.server.security import Guard, allowed_hosts, request_lang
from mahai.server.store import Store, database_trouble, driver_words, token_hash
from mahai.server.tables import Conn, Hub, Table, snapshot, web_error

STATIC = Path(__file__).resolve().parent / "static"
RENDERER_FILE = re.compile(r"[a-z][a-z0-9_]*\.js")
JS = "text/javascript"
GZIP_MINIMUM = 1024
"""HTTP responses from this many bytes are sent gzip-compressed to a client that accepts it
(Starlette's ``GZipMiddleware``): a shorter one fits in one packet with its headers anyway."""
GZIP_LEVEL = 6
"""zlib's level for them: the replay of a finished two-player Mille Bornes game (871 frames,
3.16 MB of JSON) is 63 kB at 6 in 20 ms of CPU, 58.5 kB at 9 (Starlette's default) in 25 ms."""


def plugin_renderer(name: str) -> bytes | None:
    """The renderer a plug-in game declares (``Game.renderer``:
    ``"package:path/file.js"``, a resource of its package read with
    :mod:`importlib.resources`), or None: no such game, none declared, or the
    resource is missing."""
    if name not in available_games():
        return None
    declared = get_game(name).renderer
    if not declared or ":" not in declared:
        return None
    package, _, path = declared.partition(":")
    try:
        resource = importlib.resources.files(package).joinpath(*path.split("/"))
        return resource.read_bytes() if resource.is_file() else None
    except (ModuleNotFoundError, OSError):
        return None


SHORT = 64
"""The longest game, edition, option, bot or language name a request may carry."""
TOKEN = 128
"""The longest token a request may carry (tokens are 32 characters)."""


class SeatSpec(BaseModel):
    kind: str = Field(max_length=SHORT, description="person | bot")
    bot: str | None = Field(default=None, max_length=SHORT, description="bot name (see /api/games)")
    name: str | None = Field(default=None, max_length=200, description="the name shown at the table")


class NewTable(BaseModel):
    game: str = Field(max_length=SHORT)
    edition: str | None = Field(default=None, max_length=SHORT)
    options: dict[str, Any] = Field(default_factory=dict, max_length=SHORT)
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    lang: str = Field(default=DEFAULT_LANGUAGE, max_length=SHORT)
    turn_seconds: int | None = Field(default=None, ge=0, le=MAX_TURN_SECONDS,
                                     description="seconds per turn before a bot moves (0, none: no timer)")
    listed: bool = Field(default=False, description="shown in the lobby's list of tables")


class PlayersQuery(BaseModel):
    edition: str | None = Field(default=None, max_length=SHORT)
    options: dict[str, Any] = Field(default_factory=dict, max_length=SHORT)


class CreatorBody(BaseModel):
    creator: str = Field(max_length=TOKEN)


class TokenBody(BaseModel):
    token: str = Field(max_length=TOKEN)


class NameBody(BaseModel):
    token: str = Field(max_length=TOKEN)
    name: str | None = Field(default=None, max_length=200)


class Refused(Exception):
    """A WebSocket closed by the server (its close frame already sent)."""


def known_domains() -> frozenset[str]:
    """The catalog domains ``/api/i18n`` serves: Mahai's own (its English
    catalogs) and each installed game's (:func:`available_games`)."""
    own = {p.stem for p in (LOCALE_DIR / "en" / "LC_MESSAGES").glob("*.po")}
    return frozenset(own | set(available_games()))


def field_name(loc: Sequence[Any]) -> str:
    """A validation error's location as a dotted name, without the ``body``
    prefix, only ASCII letters, digits and ``_.`` (never the client's text as is)."""
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    name = ".".join(parts) or "body"
    return re.sub(r"[^A-Za-z0-9_.]", "?", name)[:80]


class Session:
    """What one WebSocket's receive loop keeps: its message bucket and how
    many of its messages were over the rate limit lately (one more per such
    message, one less per accepted one but the first after a wait; beyond
    :attr:`Limits.strikes` the connection is closed)."""

    def __init__(self, ws: WebSocket, conn: Conn, gate: Gate, address: str) -> None:
        self.ws, self.conn, self.gate, self.address = ws, conn, gate, address
        self.bucket: TokenBucket | None = gate.connection()
        self.strikes = 0
        self.waited = False  # the last message was over the limit (the connection was not read a while)

    async def refuse(self, err: MahaiError, code: int) -> None:
        """Say why, close with ``code`` and end the connection (raises :class:`Refused`)."""
        await self.ws.send_json(error_json(err, self.conn.lang))
        await self.ws.close(code)
        raise Refused

    async def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` after the table's updates already queued for this
        connection (its writer task sends both, in order: a ``sync`` answer
        never overtakes an older update); ASCII JSON, so any text encodes."""
        if self.conn.queued:
            await self.conn.put(json.dumps(message))
        else:
            await self.ws.send_json(message)

    async def reject(self, err: MahaiError, flood: bool = False) -> None:
        """Answer a refused message. A message over the rate limit (``flood``)
        is a strike; too many lately close the connection (1008), and only the
        first few and then one in 50 are answered."""
        if not flood:
            await self.send(error_json(err, self.conn.lang))
            return
        self.strikes += 1
        if self.strikes > self.gate.limits.strikes:
            await self.refuse(web_error(IllegalAction, "rate_limited"), 1008)
        if self.strikes <= 3 or self.strikes % 50 == 0:
            await self.send(error_json(err, self.conn.lang))

    async def receive(self) -> dict[str, Any] | None:
        """The next JSON object from the client, or None after answering a
        message that is refused: over the rate limit (``rate_limited``),
        not a JSON object, nested too deep or holding a lone surrogate
        (``bad_message``). A binary frame closes with 1003, a message over
        :data:`MAX_MESSAGE` with 1009 (uvicorn's ``ws_max_size`` in ``mahai
        serve`` stops longer ones first)."""
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if not isinstance(text, str):
            await self.refuse(web_error(MalformedAction, "bad_message"), 1003)
            return None
        wait = self.gate.message(self.address, self.bucket)
        if wait > 0:
            await self.reject(web_error(IllegalAction, "rate_limited"), flood=True)
            await asyncio.sleep(min(wait, 1.0))  # not read meanwhile: the client's sends wait
            self.waited = True
            return None
        if len(text) > MAX_MESSAGE:
            await self.refuse(web_error(MalformedAction, "too_large", limit=MAX_MESSAGE // 1024), 1009)
        try:
            msg = None if nests_deeper(text) else json.loads(text)
        except (ValueError, RecursionError):
            msg = None
        if not isinstance(msg, dict) or not json_ok(msg):
            await self.reject(web_error(MalformedAction, "bad_message"))
            return None
        # The message the wait let in forgives nothing: a flood that rides its limit (one over, a
        # wait, one in) took its strike back each time and was closed only by the clock's drift,
        # after 6 to 30 s or never (test_a_flood_gets_rate_limited_then_closed_1008 timed out).
        if not self.waited:
            self.strikes = max(0, self.strikes - 1)
        self.waited = False
        return msg


def error_json(err: MahaiError, lang: str) -> dict[str, Any]:
    """A structured, localised rejection: the error's kind/code/domain/params
    (only what the acting seat may know) and the sentence in ``lang``."""
    return {"type": "error", **err.to_json(), "message": explain(err, lang)}


def _lang(lang: str | None) -> str:
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


ERROR_STATUS = {"unknown_table": 404, "bad_token": 403, "bad_creator": 403, "unknown_domain": 404,
                "unknown_card": 404, "rate_limited": 429, "store_read_only": 503, "store_unreachable": 503,
                "store_failed": 503}

LOG = logging.getLogger("mahai.server")


class StoreFailed(MahaiError):
    """A write the database refused while the server runs (a SQLite file made read-only, a
    PostgreSQL server gone): said to the player in their language, the driver's words only in
    the server's log."""

    kind = "store_failed"


STORE_REFUSALS = {"read_only": ("store_read_only", "log.store_read_only"),
                  "unreachable": ("store_unreachable", "log.store_unreachable")}
"""What a player reads and what the server's log says, by :func:`database_trouble`'s kind
(any other: ``store_failed``)."""


def store_refusal(exc: BaseException, lang: str) -> StoreFailed:
    """The refusal a player reads when the database refused a write (``exc``, SQLAlchemy's
    error): ``store_read_only``, ``store_unreachable`` or ``store_failed`` (web catalog) as
    :func:`~mahai.server.store.database_trouble` tells it. The server's log (``mahai.server``,
    error level: its output) gets one line in the server's language ``lang`` (``log.<code>``),
    then the driver's first line, never the player. Nothing was changed: a table's state follows
    the store (:meth:`Hub._commit` swaps only after the write)."""
    # each msgid whole: tests/web/test_catalog_usage finds them by their text
    code, said = STORE_REFUSALS.get(database_trouble(exc), ("store_failed", "log.store_failed"))
    LOG.error("%s (%s)", translate("web", said, lang), driver_words(exc))
    return StoreFailed(code, domain="web")


def create_app(db_url: str, pace: float = 0.8, lan: Sequence[str] = (), *,
               hosts: Sequence[str] | None = None, limits: Limits | None = None,
               docs: bool = False, cluster: bool = False, lang: str = DEFAULT_LANGUAGE) -> FastAPI:
    """The application over the store at ``db_url``; tables are rebuilt at start.
    ``lan``: the network addresses the server listens on (none: loopback only;
    :func:`mahai.server.network.listen_addresses`), used in shared links when
    the creator's browser opened the server as ``localhost``. ``hosts``: the
    ``Host`` names it answers to (default: loopback and ``lan``,
    :func:`mahai.server.security.allowed_hosts`; ``["*"]``: any). ``limits``:
    the rate limits (:class:`mahai.server.limits.Limits`). ``docs``: serve
    ``/docs`` and ``/redoc`` (their scripts come from a CDN). ``cluster``: one
    of several processes over the same PostgreSQL (:mod:`mahai.server.cluster`;
    each WebSocket handshake then answers with ``x-mahai-worker: <pid>``). ``lang``: the
    server's language (``mahai serve --lang``), of the lines it logs about its tables (a bot's
    move the database refused: :meth:`Hub._drive`)."""
    store = Store(db_url)
    shared: Cluster | None = Cluster(db_url) if cluster else None
    hub = Hub(store, pace, cluster=shared, lang=_lang(lang))
    hub.load()
    lan = list(lan)
    own_hosts = list(hosts) if hosts is not None else allowed_hosts("127.0.0.1", lan)
    gate = Gate(limits)
    domains_known = known_domains()

    def origin(request: Request) -> str:
        return share_origin(request.url.scheme, request.headers.get("host") or request.url.netloc, lan)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start()
        yield
        hub.close()
        store.dispose()

    app = FastAPI(title="Mahai", description="Card-game tables: lobby and live play.", lifespan=lifespan,
                  docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None)
    app.state.hub = hub
    app.state.gate = gate
    # Compressed inside the Guard (it refuses first, then adds its headers to the compressed
    # answer); WebSocket messages are compressed by uvicorn's permessage-deflate instead, and
    # Starlette leaves text/event-stream, images and partial (206) answers alone.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
    app.add_middleware(Guard, hosts=own_hosts)

    def refusal(err: MahaiError, request: Request, status: int) -> Response:
        body = json.dumps(error_json(err, request_lang(request.scope)))  # ASCII: any text encodes
        return Response(body, status_code=status, media_type="application/json")

    @app.exception_handler(MahaiError)
    async def mahai_error(request: Request, exc: MahaiError) -> Response:
        return refusal(exc, request, ERROR_STATUS.get(exc.code, 400))

    @app.exception_handler(SQLAlchemyError)
    async def store_error(request: Request, exc: SQLAlchemyError) -> Response:
        """A write the database refused (a read-only file, a server gone): 503 in the reader's
        language (:func:`store_refusal`), not the framework's English "Internal Server Error".
        A WebSocket's are answered on the socket (``play``): never here."""
        if request.scope.get("type") != "http":
            raise exc
        err = store_refusal(exc, hub.lang)
        return refusal(err, request, ERROR_STATUS[err.code])

    @app.exception_handler(StarletteHTTPException)
    async def not_found(request: Request, exc: StarletteHTTPException) -> Response:
        """A page address that names nothing, asked for by a browser: the not-found page in
        the reader's language with the way back (the framework's JSON stays for the API)."""
        path = request.url.path
        browser = "text/html" in request.headers.get("accept", "")
        if (exc.status_code == 404 and request.method == "GET" and browser
                and not path.startswith(("/api/", "/static/", "/ws/"))):
            return FileResponse(STATIC / "notfound.html", status_code=404)
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        """A body or parameter of the wrong shape: 422 ``bad_field`` naming the
        first field at fault (never echoing the client's value)."""
        errors = exc.errors()
        field = field_name(errors[0].get("loc", ())) if errors else "body"
        return refusal(web_error(InvalidOptions, "bad_field", field=field), request, 422)

    @app.get("/api/games")
    def games(lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        out = []
        for name in available_games():
            try:
                out.append(game_info(name, _lang(lang)))
            except Exception:  # noqa: BLE001 - a game being written may not import yet
                continue
        return sorted(out, key=lambda g: bool(g["example"]))  # the games for families first

    @app.get("/api/games/{name}")
    def one_game(name: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return game_info(name, _lang(lang))

    @app.post("/api/games/{name}/players")
    def players(name: str, query: PlayersQuery) -> dict[str, list[int]]:
        """The player counts ``edition`` with ``options`` allows (``Game.players``)."""
        check_option_values(name, query.options)
        return {"players": players_for(name, query.edition, query.options)}

    @app.get("/api/network")
    def network(request: Request) -> dict[str, Any]:
        return {"origin": origin(request), "addresses": lan}

    @app.post("/api/tables")
    async def create_table(spec: NewTable, request: Request, response: Response) -> dict[str, Any]:
        """Raises ``rate_limited`` (429) when this client address made too many tables lately.
        With a cluster the answer says which process owns the new table (``x-mahai-worker: <pid>``,
        as a WebSocket handshake does)."""
        if not gate.tables.take(client_key(request.client.host if request.client else None)):
            raise web_error(IllegalAction, "rate_limited")
        if shared is not None:
            response.headers["x-mahai-worker"] = str(os.getpid())
        check_option_values(spec.game, spec.options)
        creator = secrets.token_urlsafe(24)
        table, tokens = await hub.create_async(spec.game, spec.edition, spec.options,
                                               [s.model_dump() for s in spec.seats], spec.lang,
                                               spec.turn_seconds, listed=spec.listed,
                                               creator_hash=token_hash(creator))
        base = origin(request)
        links = {str(k): f"/t/{table.id}?seat={v}" for k, v in tokens.items()}
        return {
            "id": table.id,
            "tokens": {str(k): v for k, v in tokens.items()},
            "links": links,
            "urls": {k: base + v for k, v in links.items()},
            "spectate": f"/t/{table.id}?spectate=1",
            "creator": creator,
            "invite": f"/t/{table.id}/invite",
        }

    def listing(table: Table, lang: str | None = None) -> dict[str, Any]:
        row = table.row
        status, leaves_at = table_status(table.state.is_over, row.last_activity)
        # What tells two tables of one game and the same names apart in the lists: whether a
        # person has yet to take a seat, and how long ago it last moved (or was made), counted
        # here so that a browser's wrong clock cannot age it.
        waiting = [s.seat for s in row.seats if s.kind == "person" and s.invite is not None]
        # "Last move" is a person's: a Spades table whose bots bid before its person said "Last
        # move: …" of a table nobody had played at, and "Created: …" counts from its making.
        moved = table.person_moved()
        since = row.last_activity if moved else row.created
        return {**table.public(lang), "status": status, "leaves_at": leaves_at, "waiting": waiting,
                "moved": moved, "idle": max(0.0, time.time() - since)}

    def reading(request: Request) -> None:
        """Count a heavy read (a replay page, a table list) of this client: ``rate_limited``
        (429) beyond :attr:`Limits.read_rate`."""
        if not gate.reads.take(client_key(request.client.host if request.client else None)):
            raise web_error(IllegalAction, "rate_limited")

    @app.get("/api/tables")
    async def list_tables(request: Request, ids: str | None = None, limit: int = Query(50, ge=1, le=100),
                          offset: int = Query(0, ge=0, le=10**6),
                          lang: str | None = None) -> list[dict[str, Any]]:
        """Without ``ids``: the tables their creators listed, still in play,
        most recently active first, ``limit`` of them from ``offset``
        (paging). With ``ids`` (comma-separated, at most 100): those tables,
        whatever their state (unknown ids are left out), in the order the lobby's "my tables"
        shows them: in play (or waiting for players) first, then finished, then abandoned,
        each most recently active first, each with that sort key as ``order`` (the lobby merges
        its answers for more than 100 ids by it). ``lang``: the titles' and unnamed bots'
        language (default: each table's). Each table also has ``waiting``: the seats of
        persons who have not taken them yet (their invitation unused), ``moved``: whether
        anyone has moved, and ``idle``: seconds since the last move (or since it was made).
        ``rate_limited`` (429) beyond :attr:`Limits.read_rate` for this client."""
        reading(request)
        shown_lang = lang if lang in LANGUAGES else None
        if ids is not None:
            # Found on a thread: a table not in memory is read from the store and rebuilt (its
            # record replayed when its snapshot is of older code: a long game's took a second),
            # and a lobby sends 100 ids at once; on the loop every table waited meanwhile.
            wanted = list(dict.fromkeys(ids.split(",")))[:100]
            chosen = await asyncio.to_thread(lambda: [hub.find(i) for i in wanted])
            # A table idle for days, still in play, before one finished an hour ago: by the date
            # they leave the list alone (a finished table leaves sooner) it fell behind it, under
            # the lobby's "Show all".
            mine = [listing(t, shown_lang) for t in chosen if t is not None]
            for t in mine:
                t["order"] = [STATUS_ORDER[t["status"]], -t["leaves_at"]]
            return sorted(mine, key=lambda t: t["order"])
        shown = [listing(t, shown_lang) for t in await asyncio.to_thread(hub.listed, limit, offset)]
        return [t for t in shown if t["status"] == "playing"]

    def creator_of(table: Table, creator: str) -> None:
        digest = table.row.creator_hash
        if digest is None or not secrets.compare_digest(digest, token_hash(creator)):
            raise web_error(IllegalAction, "bad_creator")

    @app.post("/api/tables/{table_id}/invitations")
    async def invitations(table_id: str, body: CreatorBody, request: Request) -> dict[str, Any]:
        """Every seat's invitation, for the creator (their token): a person's
        seat not taken yet has its link (``url`` for other devices) and QR code. With
        ``?lang=xx`` (the creator's language) every link carries it, so an invitation opens in
        that language. The table is read on the loop (its connections change there: see
        :func:`get_table`), the QR codes drawn on a thread."""
        table = await asyncio.to_thread(hub.get, table_id)
        creator_of(table, body.creator)
        base = origin(request)
        asked = request.query_params.get("lang")
        tail = f"&lang={_lang(asked)}" if asked else ""
        seats = []
        shown = _lang(asked or table.row.lang)
        for s in table.row.seats:
            entry: dict[str, Any] = {"seat": s.seat, "name": table.seat_label(s, shown),
                                     "kind": s.kind, "bot": s.bot,
                                     "state": "bot" if s.token_hash is None else "taken"}
            if s.invite is not None:
                link = f"/t/{table.id}?seat={s.invite}{tail}"
                entry.update(state="open", link=link, url=base + link)
            seats.append(entry)
        spectate = f"/t/{table.id}?spectate=1{tail}"
        urls = [e["url"] for e in seats if "url" in e] + [base + spectate]
        codes = await asyncio.to_thread(lambda: [qr_data_uri(u) for u in urls])
        for entry, code in zip([e for e in seats if "url" in e], codes, strict=False):
            entry["qr"] = code
        here = request.headers.get("host") or request.url.netloc
        return {"table": table.public(), "origin": base, "seats": seats,
                "local_only": this_machine_only(here, lan),
                "spectate": {"link": spectate, "url": base + spectate, "qr": codes[-1]}}

    def seated(table: Table, token: str) -> int:
        seat = table.seat_of(token)
        if seat is None:
            raise web_error(IllegalAction, "bad_token")
        return seat

    def changing(request: Request, table_id: str) -> None:
        """Count a seat name or rematch asked for by this client at this table: ``rate_limited``
        (429) beyond :attr:`Limits.change_rate` (each name is written and told to every
        connection of the table)."""
        address = client_key(request.client.host if request.client else None)
        if not gate.changes.take(f"{address} {table_id}"):
            raise web_error(IllegalAction, "rate_limited")

    @app.post("/api/tables/{table_id}/name")
    async def name_seat(table_id: str, body: NameBody, request: Request) -> dict[str, str | None]:
        """The seat's name (:meth:`Hub.rename`); ``rate_limited`` (429) beyond
        :attr:`Limits.change_rate` for this client at this table."""
        changing(request, table_id)
        table = hub.get(table_id)
        return {"name": await hub.rename(table, seated(table, body.token), body.name)}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        """The rematch of a finished table, for one of its people or its creator; ``rate_limited``
        (429) beyond :attr:`Limits.change_rate` for this client at this table."""
        changing(request, table_id)
        table = hub.get(table_id)
        seat = table.seat_of(body.token)
        if seat is None:
            creator_of(table, body.token)
        new, _ = await hub.rematch(table)
        token = new.row.seats[seat].invite if seat is not None else None
        return {"id": new.id, "seat": seat if token else None, "token": token}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        """What anyone may know of the table (:meth:`Table.public`). Found on a thread (it may
        be rebuilt from the store), read on the loop: its connections, whose seats say who is
        online, change there, and a thread that walked them as they changed failed ("Set
        changed size during iteration"). ``rate_limited`` (429) beyond
        :attr:`Limits.lookup_rate` for this client."""
        if not gate.lookups.take(client_key(request.client.host if request.client else None)):
            raise web_error(IllegalAction, "rate_limited")
        table = await asyncio.to_thread(hub.get, table_id)
        return table.public()

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request, token: str | None = None, seat: int | None = None,
                     lang: str = DEFAULT_LANGUAGE, start: int = Query(0, ge=0),
                     count: int | None = Query(None, ge=1)) -> dict[str, Any]:
        """A page of the replay (:meth:`Hub.replay`): ``count`` frames (default and at most
        ``page``, the server's page size, which the answer says) from step ``start``, and
        ``steps``, how many there are. ``seat`` (once the game is over): the seat it is
        seen by; a seat the table has not is ``bad_field`` (400), as a ``start`` past the end
        and a ``count`` over the page size; ``rate_limited`` (429) beyond :attr:`Limits.read_rate`
        for this client.
        The frames are built on a thread, the table's public part read on the loop (:func:`get_table`)."""
        reading(request)
        if count is not None and count > hub.replay_page:
            raise web_error(InvalidOptions, "bad_field", field="count")
        table = await asyncio.to_thread(hub.get, table_id)
        viewer = table.seat_of(token)
        if table.state.is_over and seat is not None:
            if not 0 <= seat < table.record.players:
                raise web_error(InvalidOptions, "bad_field", field="seat")
            viewer = seat
        public = table.public(_lang(lang))
        return await asyncio.to_thread(hub.replay, table, viewer, _lang(lang), start, count, public)

    @app.get("/api/tables/{table_id}/card/{card}")
    async def table_card(table_id: str, card: str, request: Request,
                         lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """A card face up at table ``table_id`` now, with its story in ``lang`` (:func:`revealed_card`,
        the game's hook: what DenboraZup's page shows when a timeline card is tapped); any other id,
        and any id at a game without such cards, is ``unknown_card`` (404), whatever it names;
        ``rate_limited`` (429) beyond :attr:`Limits.read_rate`."""
        reading(request)
        table = await asyncio.to_thread(hub.get, table_id)
        # on the loop, as the moves are: a catch-up from another worker applies them to the state in
        # place, and a thread reading it then could see half a move (a view of a 127-card timeline: 0.1 ms)
        found = revealed_card(table.game, table.state, card, _lang(lang))
        if found is None:
            raise web_error(InvalidOptions, "unknown_card")
        return found

    @app.get("/api/games/{name}/chronology")
    def chronology(name: str, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """The game's chronology page (its ``Game.reference("chronology")``: DenboraZup's deck
        sorted by date, DZR-14), dates and titles in ``lang``: public data only
        (:func:`deck_chronology`); a game without one is ``unknown_game``, as no game at all."""
        return deck_chronology(name, _lang(lang))

    @app.get("/api/i18n/{lang}")
    def i18n(lang: str, domains: str = Query("web,core", max_length=1000)
             ) -> dict[str, dict[str, str | list[str]]]:
        """The catalogs of ``domains`` (comma-separated, each a known domain:
        :func:`known_domains`; else 404 ``unknown_domain``) in ``lang``, English
        filling the gaps: msgid → text, a plural entry as its list of forms
        (:func:`mahai.i18n.plurals`), which i18n.js chooses from."""
        lang = _lang(lang)
        out: dict[str, dict[str, str | list[str]]] = {}
        for domain in domains.split(","):
            domain = domain.strip()
            if not domain:
                continue
            if domain not in domains_known:
                raise web_error(InvalidOptions, "unknown_domain")
            merged: dict[str, str | list[str]] = {}
            for code in ("en", lang):
                merged.update(catalog(domain, code))
                merged.update({k: list(v) for k, v in plurals(domain, code).items()})
            out[domain] = merged
        return out

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        """One connection to a table (protocol: module docstring). Ends quietly when
        the client goes away, whenever it does; refusals are ``error`` messages."""
        address = client_key(ws.client.host if ws.client else None)
        # The page's language (?lang=) for what is said before the hello (no such table, refused).
        conn = Conn.socket(ws, _lang(ws.query_params.get("lang")))
        session = Session(ws, conn, gate, address)
        table: Table | None = None
        entered = entering = False
        try:
            worker = None if shared is None else [(b"x-mahai-worker", str(os.getpid()).encode())]
            await ws.accept(headers=worker)
            entered = gate.enter(address)
            if not entered:
                await session.refuse(web_error(IllegalAction, "rate_limited"), 1008)
            # A table not in memory is read from the store and rebuilt on a thread (a long game's
            # record replayed, its snapshot being of older code, took a second of the loop), then
            # taken from memory here: no await between that and ``entering`` (eviction, below).
            found = await asyncio.to_thread(hub.find, table_id)
            table = hub.tables.get(table_id) if found is not None else None
            if table is None:
                await ws.send_json(error_json(web_error(MalformedAction, "unknown_table"), conn.lang))
                await ws.close()
                return
            table.entering += 1  # no await since get: this instance is live and stays so until we join
            entering = True
            try:
                async with asyncio.timeout(gate.limits.hello_seconds):
                    hello = await session.receive()
                    while hello is None or hello.get("type") != "hello":
                        if hello is not None:
                            await session.reject(web_error(MalformedAction, "bad_message"))
                        hello = await session.receive()
            except TimeoutError:
                await ws.close(1008)  # silent (a page says hello at once): it no longer holds a place
                raise Refused from None
            conn.lang = _lang(hello.get("lang"))
            token = hello.get("token")
            if token:
                try:
                    conn.seat = await hub.claim(table, token if isinstance(token, str) else None)
                except SQLAlchemyError as exc:  # the seat not taken (its row unwritten): watching, told why
                    await session.send(error_json(store_refusal(exc, hub.lang), conn.lang))
                else:
                    if conn.seat is None:
                        await session.send(error_json(web_error(MalformedAction, "bad_token"), conn.lang))
            async with table.lock:  # queued before any update that follows them
                # the seat already open on another page (a forwarded invitation, or the same
                # person's other device): the page's name prompt says so (static/js/seats.js)
                elsewhere = conn.seat is not None and conn.seat in table.online()
                hub.admit(table, conn)
                table.entering -= 1
                entering = False
                # the page's header names the edition: in the viewer's language, not the creator's
                await session.send({"type": "welcome", "seat": conn.seat, "table": table.public(conn.lang),
                                    "elsewhere": elsewhere})
                await session.send({"type": "log", "events": table.log(conn.seat, conn.lang)})
                await session.send(snapshot(table, conn.seat, conn.lang))
            async with table.lock:
                await hub.presence(table, conn.seat is not None and not elsewhere)
            while True:
                msg = await session.receive()
                if msg is None:
                    continue
                try:
                    if msg.get("type") == "act":
                        await hub.act(table, conn.seat, msg.get("version"), msg.get("action"))
                    elif msg.get("type") == "hand_to_bot":
                        await hub.hand_to_bot(table, conn.seat, msg.get("bot"), conn.lang)
                    elif msg.get("type") == "continue":
                        await hub.resume(table, conn.seat)
                    elif msg.get("type") == "sync":
                        await session.send(snapshot(table, conn.seat, conn.lang))
                    else:
                        raise web_error(MalformedAction, "bad_message")
                except MahaiError as err:
                    await session.reject(err)
                except SQLAlchemyError as exc:  # the move was not made: the page says why, and stays
                    await session.reject(store_refusal(exc, hub.lang))
        except (WebSocketDisconnect, WebSocketDisconnected, OSError, Refused):
            pass  # the client left (or was sent away): nothing to report
        finally:
            conn.end()
            if entered:
                gate.leave(address)
            if entering and table is not None:
                table.entering -= 1
            if table is not None and conn in table.conns:
                table.conns.discard(conn)
                async with table.lock:
                    hub.forget(table, conn.seat)
                    await hub.presence(table, conn.seat is not None and conn.seat not in table.online())

    @app.get("/static/games/{file}", include_in_schema=False)
    def game_renderer(file: str) -> Response:
        """A game's table renderer: Mahai's own (``static/games/<name>.js``), else
        the one a plug-in declares (:attr:`mahai.core.Game.renderer`)."""
        own = STATIC / "games" / file
        if RENDERER_FILE.fullmatch(file) and own.is_file():
            return FileResponse(own, media_type=JS)
        source = plugin_renderer(file.removesuffix(".js")) if RENDERER_FILE.fullmatch(file) else None
        if source is None:
            raise HTTPException(404, "no such renderer")
        return Response(source, media_type=JS)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/t/{table_id}/invite", include_in_schema=False)
    def invite_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "invite.html")

    @app.get("/rules/{game}", include_in_schema=False)
    def how_to_play(game: str, lang: str = DEFAULT_LANGUAGE) -> HTMLResponse:
        title = game_title(get_game(game), _lang(lang)) if game in available_games() else game
        page = rules_page(game, title, _lang(lang))
        if page is None:
            raise HTTPException(404, "no rules page")
        return HTMLResponse(page)

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/chronology/{game}", include_in_schema=False)
    def chronology_page(game: str) -> FileResponse:
        return FileResponse(STATIC / "chronology.html")

    return app
