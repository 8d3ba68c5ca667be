"""What every request goes through before the application: allowed ``Host``
names, the WebSocket ``Origin``, the body size and shape, security headers.

- ``Host`` (:func:`host_allowed`): one of :func:`allowed_hosts` (the server's
  own names: loopback, the address it listens on, its ``--lan`` addresses and
  machine name, any ``--allow-host``) or a loopback address (``127.0.0.2``: this
  machine), so that a page of another site that a DNS name points at this
  machine (DNS rebinding) gets 400. (Starlette's ``TrustedHostMiddleware`` has
  no address ranges.)
- ``Origin`` of a WebSocket (:func:`origin_allowed`): absent (a program, not a
  browser) or one of the server's own origins; else the handshake is refused
  (403) before the application sees it.
- Body (:class:`Guard`): at most :data:`~mahai.server.limits.MAX_BODY` bytes,
  counted while it arrives (a longer one is answered 413 without reading the
  rest); a JSON body must parse, nest at most
  :data:`~mahai.server.limits.MAX_DEPTH` deep and hold no lone surrogate,
  else 400 ``bad_message``. These errors are the server's usual error JSON, in
  the language of the ``lang`` query parameter (else Basque).
- Headers on every HTTP response (:data:`SECURITY_HEADERS`): a
  Content-Security-Policy of the server's own files only (the pages load no
  inline script or style; QR codes and the favicon are ``data:`` images), no
  framing, no ``Referer`` (invitation links carry seat tokens), no MIME sniffing.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mahai.core import MahaiError, MalformedAction
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain
from mahai.server.limits import MAX_BODY, json_ok, nests_deeper
from mahai.server.network import WILDCARDS, split_host

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Added to every HTTP response that does not set them itself."""


def url_host(host: str) -> str:
    """``host`` as it appears in a ``Host`` header or URL (IPv6 in brackets), lower case."""
    host = host.lower()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def allowed_hosts(host: str, lan: Iterable[str] = (), extra: Iterable[str] = ()) -> list[str]:
    """The ``Host`` names the server answers to (no port): the loopback names,
    ``host`` when it is a specific address, the ``lan`` addresses, and for a
    wildcard ``host`` (``0.0.0.0``) the machine's name (and ``<name>.local``),
    then ``extra`` (a reverse proxy's public name; ``*`` allows any).

    >>> allowed_hosts("127.0.0.1", ["192.168.1.20"])
    ['localhost', '127.0.0.1', '[::1]', '192.168.1.20']
    """
    names = ["localhost", "127.0.0.1", "[::1]"]
    if host not in WILDCARDS:
        names.append(url_host(host))
    names += [url_host(a) for a in lan]
    if host in WILDCARDS:
        name = socket.gethostname().lower()
        if name:
            names += [name, f"{name}.local"]
    names += [url_host(e.strip()) for e in extra if e.strip()]
    return list(dict.fromkeys(n for n in names if n))


def host_allowed(host_header: str | None, hosts: Sequence[str]) -> bool:
    """Whether a request's ``Host`` header (``name[:port]``) names this server: one of
    ``hosts`` (``*``: any) or a loopback address.

    >>> host_allowed("127.0.0.2:8000", ["localhost"]), host_allowed("evil.example", ["localhost"])
    (True, False)
    """
    if not host_header:
        return False
    host = split_host(host_header.strip().lower())[0]
    if "*" in hosts or host in hosts:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def origin_allowed(origin: str | None, host_header: str | None, hosts: Sequence[str]) -> bool:
    """Whether a WebSocket handshake from a page of ``origin`` may go on: no
    ``Origin`` (not a browser), the origin of the ``Host`` the request was sent
    to, or one of the server's ``hosts`` (:func:`allowed_hosts`) on the same
    port; ``null`` and any other origin are refused.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ["localhost"])
    True
    >>> origin_allowed("http://localhost:8000", "127.0.0.1:8000", ["localhost"])
    True
    >>> origin_allowed("http://evil.example:8000", "127.0.0.1:8000", ["localhost"])
    False
    """
    if origin is None:
        return True
    try:
        parts = urlsplit(origin.strip())
        netloc = parts.netloc.lower()
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not netloc:
        return False
    own = (host_header or "").lower()
    if netloc == own:
        return True
    o_host, o_port = split_host(netloc)
    h_port = split_host(own)[1]
    return o_port == h_port and host_allowed(o_host, hosts)


def request_lang(scope: Scope) -> str:
    """The language of a request's error messages: the ``lang`` query parameter
    when it is a supported language, else Basque (the pages always send theirs)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    lang = (query.get("lang") or [""])[0]
    return str(lang) if lang in LANGUAGES else DEFAULT_LANGUAGE


def error_body(err: MahaiError, lang: str) -> bytes:
    """The server's error JSON for ``err`` in ``lang`` (ASCII, so any text encodes)."""
    return json.dumps({"type": "error", **err.to_json(), "message": explain(err, lang)}).encode()


class Guard:
    """ASGI middleware: the ``Host`` check, security headers on every HTTP
    response, the body limits, the WebSocket ``Origin`` check (see the module
    docstring). ``hosts``: the server's own names (:func:`allowed_hosts`)."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str], max_body: int = MAX_BODY) -> None:
        self.app = app
        self.hosts = list(hosts)
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") \
                and not host_allowed(Headers(scope=scope).get("host"), self.hosts):
            if scope["type"] == "websocket":
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008, "reason": ""})
            else:
                await PlainTextResponse("Invalid host header", status_code=400)(scope, receive, send)
            return
        if scope["type"] == "websocket":
            headers = Headers(scope=scope)
            if not origin_allowed(headers.get("origin"), headers.get("host"), self.hosts):
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008, "reason": ""})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            length = Headers(scope=scope).get("content-length", "")
            if length.isdigit() and int(length) > self.max_body:  # no body is read, none this long either
                await self._error(scope, send_secured, 413,
                                  MalformedAction("too_large", domain="web", limit=self.max_body // 1024))
                return
            await self.app(scope, receive, send_secured)
            return
        body, refused = await self._read(scope, receive)
        if refused is not None:
            status, err = refused
            await self._error(scope, send_secured, status, err)
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_secured)

    async def _read(self, scope: Scope, receive: Receive) -> tuple[bytes, tuple[int, MahaiError] | None]:
        """The whole body, or why it is refused: ``(413, too_large)`` as soon as
        it is longer than the limit, ``(400, bad_message)`` for JSON that does
        not parse, nests too deep or holds a lone surrogate."""
        headers = Headers(scope=scope)
        too_large = (413, MalformedAction("too_large", domain="web", limit=self.max_body // 1024))
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > self.max_body:
            return b"", too_large
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return b"", too_large
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and "json" in headers.get("content-type", ""):
            try:
                if nests_deeper(body):
                    raise RecursionError  # refused unparsed: see nests_deeper
                parsed: Any = json.loads(body)
            except (ValueError, RecursionError):
                parsed = None
                ok = False
            else:
                ok = json_ok(parsed)
            if not ok:
                return body, (400, MalformedAction("bad_message", domain="web"))
        return body, None

    @staticmethod
    async def _error(scope: Scope, send: Send, status: int, err: MahaiError) -> None:
        payload = error_body(err, request_lang(scope))
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": payload})
