"""A real ``mahai serve`` under abuse (issue #14, "Safe under abuse"): limits, bad
input, ``Host``/``Origin`` checks and security headers. Every refusal is the
server's error JSON in the asked language, never a 5xx, and the server's log
holds no traceback."""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from mahai.server.limits import Gate, Limiter, Limits, TokenBucket
from tests.web.server import Server
from tests.web.threads import in_thread

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager")
SECURITY = ("content-security-policy", "x-frame-options", "referrer-policy", "x-content-type-options")


@pytest.fixture()
def srv(tmp_path: Path) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", log=tmp_path / "server.log").start()
    yield server
    server.stop()
    assert_clean_log(server)


def assert_clean_log(server: Server) -> None:
    log = server.output()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log[-3000:]


def request(server: Server, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request (``http.client``: any ``Host``, any bytes); status, headers, body."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        conn.request(method, path, body, {"content-type": "application/json", **(headers or {})})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def new_table(server: Server, game: str = "nim", seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    made: dict[str, Any] = server.post("/api/tables", {
        "game": game, "seats": seats or [{"kind": "person"}, {"kind": "person"}], "lang": "en"})
    return made


def ws_connect(server: Server, table: str, source: str | None = None, origin: str | None = None,
               ) -> ClientConnection:
    """A WebSocket to ``table``, from the loopback address ``source`` (e.g.
    ``127.0.0.2``: another client for the server's per-address limits)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=20,
                                    source_address=(source, 0) if source else None)
    return connect(f"{server.ws_url}/ws/tables/{table}", sock=sock, max_size=None, max_queue=None,
                   origin=origin)  # type: ignore[arg-type]


def hello(ws: ClientConnection, token: str | None = None, lang: str = "en") -> dict[str, Any]:
    """Say hello; returns the first state message."""
    ws.send(json.dumps({"type": "hello", "token": token, "lang": lang}))
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if msg["type"] in ("state", "update"):
            return msg


def next_error(ws: ClientConnection) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if msg["type"] == "error":
            return msg


def version_of(server: Server, table: str) -> int:
    version: int = server.get(f"/api/tables/{table}")["version"]
    return version


def spec(game: str = "nim", seats: Any = None, **more: Any) -> bytes:
    """A table request (listed: it would show in ``GET /api/tables`` if made)."""
    return json.dumps({"listed": True, "game": game, "seats": seats or [{"kind": "person"}] * 2,
                       **more}).encode()


PERSON = b'{"listed":true,"game":"nim","seats":[{"kind":"person"'
BAD_BODIES: list[tuple[str, bytes]] = [
    ("turn_seconds 2**63", spec(turn_seconds=2**63)),
    ("lone surrogate in a bot name", PERSON + b'},{"kind":"bot","bot":"\\ud800"}]}'),
    ("lone surrogate in a body failing validation", b'{"game":7,"seats":"\\udfff"}'),
    ("lone surrogate as raw bytes", PERSON + b',"name":"\xed\xa0\x80"}]}'),
    ("nested 1000 deep", b"[" * 1000 + b"]" * 1000),
    ("nested 17 deep", b'{"game":"nim","seats":[],"options":' + b'{"a":' * 16 + b"1" + b"}" * 17),
    ("not an object", b"[1, 2]"),
    ("a string", b'"x"'),
    ("not JSON", b"{nope"),
    ("a number of 5000 digits", PERSON + b'}],"turn_seconds":' + b"9" * 5000 + b"}"),
    ("game_target 10**30", spec("mille_bornes", options={"game_target": 10**30})),
    ("game_target as a long string", spec("mille_bornes", options={"game_target": "9" * 200})),
    ("700 seats", spec(seats=[{"kind": "person"}] * 700)),
    ("unknown game", spec("chess")),
    ("seat of a third kind", spec(seats=[{"kind": "ghost"}] * 2)),
]


def test_bad_bodies_get_a_clean_error_in_the_players_language(srv: Server) -> None:
    for name, body in BAD_BODIES:
        status, headers, raw = request(srv, "POST", "/api/tables?lang=en", body)
        assert status in (400, 404, 413, 422), (name, status, raw[:300])
        err = json.loads(raw)
        assert err["type"] == "error" and err["message"] and err["message"] != err["code"], name
        assert all(h in headers for h in SECURITY)
        fr = json.loads(request(srv, "POST", "/api/tables?lang=fr", body)[2])
        assert fr["code"] == err["code"] and fr["message"] != err["message"], name
    assert srv.get("/api/tables") == []  # nothing was created (each asked to be listed)
    made = srv.post("/api/tables", {"game": "nim", "seats": [{"kind": "person"}] * 2, "listed": True})
    assert [t["id"] for t in srv.get("/api/tables")] == [made["id"]]


def test_option_values_and_timers_are_bounded(srv: Server) -> None:
    status, _, raw = request(srv, "POST", "/api/games/nim/players?lang=eu",
                             json.dumps({"options": {"stones": 10**9}}).encode())
    assert status == 400 and json.loads(raw)["code"] == "bad_option_value"
    status, _, raw = request(srv, "POST", "/api/tables", json.dumps(
        {"game": "nim", "seats": [{"kind": "person"}], "turn_seconds": 24 * 3600 + 1}).encode())
    assert status == 422 and json.loads(raw)["params"] == {"field": "turn_seconds"}
    made = srv.post("/api/tables", {"game": "mille_bornes", "seats": [{"kind": "person"}] * 2,
                                    "options": {"game_target": 50_000}, "turn_seconds": 24 * 3600})
    assert srv.get(f"/api/tables/{made['id']}")["options"]["game_target"] == 50_000


def test_a_long_body_is_refused_while_it_arrives(srv: Server) -> None:
    """A 200 MB chunked body: 413 after at most a few MB were sent, without the server reading the rest."""
    sock = socket.create_connection(("127.0.0.1", srv.port), timeout=20)
    sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
                 b"transfer-encoding: chunked\r\n\r\n")
    chunk = b"x" * 65536
    sent = 0
    answer = b""
    sock.settimeout(0.05)
    try:
        while sent < 200 * 2**20:
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += len(chunk)
            try:
                answer += sock.recv(4096)
            except TimeoutError:
                continue
            if answer:
                break
    except (BrokenPipeError, ConnectionResetError):
        pass
    sock.settimeout(5)
    try:
        while b"\r\n\r\n" not in answer:
            more = sock.recv(4096)
            if not more:
                break
            answer += more
    except (TimeoutError, ConnectionResetError):
        pass
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 8 * 2**20, sent
    status, _, _ = request(srv, "POST", "/api/tables", b"{}", {"content-length": str(300 * 2**20)})
    assert status == 413
    assert request(srv, "GET", "/api/games", b"{}", {"content-length": str(300 * 2**20)})[0] == 413


def test_websocket_bad_input_is_answered_and_changes_nothing(srv: Server) -> None:
    made = new_table(srv)
    table = made["id"]
    with ws_connect(srv, table) as ws:
        token = made["tokens"][str(hello(ws)["to_act"][0])]  # the seat whose move it is
    with ws_connect(srv, table) as ws:
        version = hello(ws, token)["version"]
        for text in ["[" * 1000 + "]" * 1000,
                     '{"type":"act","version":0,"action":' + "[" * 1000 + "]" * 1000 + "}",
                     '{"type":"act","version":0,"action":"take \\ud800"}',
                     '{"type":"hand_to_bot","bot":"\\udc00"}',
                     '{"type":"act","version":' + "9" * 5000 + ',"action":"take 1"}',
                     '{"type":"act","version":18446744073709551616,"action":"take 1"}',
                     "[1]", '"act"', "null", "1e999", "{",
                     '{"type":"hello","token":"\\ud800"}', '{"type":"act","version":0,"action":"take 99"}']:
            ws.send(text)
            err = next_error(ws)
            assert err["message"] and err["message"] != err["code"], err
        assert version_of(srv, table) == version
        ws.send(b"\x00binary")
        assert next_error(ws)["code"] == "bad_message"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
    with ws_connect(srv, table) as ws:
        hello(ws, token)
        ws.send('{"type":"act","version":0,"action":"' + "x" * 70_000 + '"}')
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with ws_connect(srv, table) as ws:  # the seat still plays
        hello(ws, token)
        ws.send(json.dumps({"type": "act", "version": version, "action": "take 1"}))
        while json.loads(ws.recv(timeout=20)).get("version") != version + 1:
            pass
    assert version_of(srv, table) == version + 1


def test_a_flood_gets_rate_limited_then_closed_1008(srv: Server) -> None:
    table = new_table(srv)["id"]
    with ws_connect(srv, table) as ws:
        hello(ws)
        codes: list[str] = []
        end = time.monotonic() + 30
        with pytest.raises(ConnectionClosed) as closed:
            while time.monotonic() < end:  # held back by TCP while the server does not read
                ws.send('{"type":"continue"}')
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        codes = [json.loads(m).get("code") for m in drain(ws)]
        assert "rate_limited" in codes


def drain(ws: ClientConnection) -> list[str]:
    out: list[str] = []
    try:
        while True:
            msg = ws.recv(timeout=5)
            if isinstance(msg, str):
                out.append(msg)
    except (ConnectionClosed, TimeoutError):
        return out


def test_table_creation_hellos_and_names_are_limited_per_client(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", log=tmp_path / "server.log",
                    args=("--rate-limit-scale", "0.1")).start()  # 6 tables, 6 connections at once
    try:
        statuses = [request(server, "POST", "/api/tables?lang=es", json.dumps(
            {"game": "nim", "seats": [{"kind": "person"}] * 2}).encode()) for _ in range(8)]
        assert [s for s, _, _ in statuses[:6]] == [200] * 6 and statuses[7][0] == 429
        err = json.loads(statuses[7][2])
        assert err["code"] == "rate_limited" and "espera" in err["message"]
        table = json.loads(statuses[0][2])["id"]
        sockets = [ws_connect(server, table) for _ in range(10)]  # at once: no time to refill
        refused = 0
        for ws in sockets:
            try:
                try:
                    ws.send(json.dumps({"type": "hello", "lang": "en"}))
                except ConnectionClosed:
                    pass  # refused already
                first = json.loads(ws.recv(timeout=10))  # welcome, or why not
                assert first["type"] == "welcome" or first["code"] == "rate_limited", first
                refused += first["type"] == "error"
            finally:
                try:
                    ws.close()
                except ConnectionClosed:
                    pass
        assert refused >= 3
        with ws_connect(server, table, source="127.0.0.2") as ws:  # another client is not held back
            hello(ws)
        # Seat names (and rematches): 2 at once at one table here (20 by default; 8,161 names in
        # 15 s from one player went through, each written and told to every connection of the
        # table), then ``rate_limited`` in the player's language; another table is not held back.
        made = [json.loads(raw) for _, _, raw in statuses[:2]]
        named = [request(server, "POST", f"/api/tables/{made[0]['id']}/name?lang=es", json.dumps(
            {"token": made[0]["tokens"]["0"], "name": f"Ane {n}"}).encode()) for n in range(4)]
        assert [s for s, _, _ in named] == [200, 200, 429, 429], named
        err = json.loads(named[2][2])
        assert err["code"] == "rate_limited" and "espera" in err["message"]
        assert [s["name"] for s in server.get(f"/api/tables/{made[0]['id']}")["seats"]] == ["Ane 1", None]
        assert request(server, "POST", f"/api/tables/{made[1]['id']}/name", json.dumps(
            {"token": made[1]["tokens"]["1"], "name": "Jon"}).encode())[0] == 200
    finally:
        server.stop()
        assert_clean_log(server)


def test_replay_pages_and_table_lists_are_limited_per_client_but_not_a_replays_use(
        tmp_path: Path, page: Any) -> None:
    """Replay pages (each up to megabytes) and table lists (up to 100 ids) asked in a tight loop
    by one client: ``rate_limited`` (429) in the player's language once its burst is spent (they
    had no limit), another client still served. First the replay page's own use, with the
    default limits and pages of 2 frames so that a sweep asks for many: the slider dragged across
    every page of a finished game, resting on each, and every step then shown, never meets it."""
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", log=tmp_path / "server.log",
                    env={"MAHAI_REPLAY_PAGE": "2"}).start()
    try:
        made = server.create("nim", ["bot:random", "bot:random"], options={"stones": 60})
        tid = made["id"]
        for _ in range(300):
            if (info := server.get(f"/api/tables/{tid}"))["over"]:
                break
            time.sleep(0.1)
        last = info["version"]
        refused: list[str] = []
        page.on("response", lambda r: refused.append(r.url) if r.status == 429 else None)
        page.goto(f"{server.url}/t/{tid}/replay")
        page.wait_for_function("document.body.dataset.step === '0'")
        drag = "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }"
        for step in range(0, last + 1, 2):  # a new page at every rest: the most pages a drag asks
            page.eval_on_selector("#slider", drag, str(step))
            page.wait_for_function(f"document.body.dataset.step === '{step}'", timeout=10_000)
        for _ in range(last):  # and back step by step with the keyboard (its pages are kept)
            page.keyboard.press("ArrowLeft")
        page.wait_for_function("document.body.dataset.step === '0'", timeout=10_000)
        assert not refused, refused
        # a loop of one client: served up to its burst (200), then refused in its language
        burst = int(Limits().read_burst)
        paths = [f"/api/tables/{tid}/replay?start=0&lang=fr", f"/api/tables?ids={tid}&lang=fr"]
        answers = [request(server, "GET", paths[n % 2]) for n in range(burst + 20)]
        statuses = [s for s, _, _ in answers]
        assert statuses.count(429) >= 10 and 500 not in statuses, statuses
        err = json.loads(next(raw for s, _, raw in answers if s == 429))
        assert err["code"] == "rate_limited" and "attendez" in err["message"], err
        assert_another_client_is_served(server, paths[0])
    finally:
        server.stop()
        assert_clean_log(server)


def assert_another_client_is_served(server: Server, path: str) -> None:
    """A client of another address (127.0.0.2) is answered 200 for ``path``: a client's limit
    holds back that client only."""
    other = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20, source_address=("127.0.0.2", 0))
    try:
        other.request("GET", path)
        assert other.getresponse().status == 200
    finally:
        other.close()


def test_a_tables_summary_asked_in_a_loop_is_limited_per_client(tmp_path: Path) -> None:
    """``GET /api/tables/{id}`` finds the table (rebuilt from the store if it is not in memory) as
    each id of a table list does, but had no limit: one client's loop was served about 850 a
    second. Now ``rate_limited`` (429) in the asker's language once its burst is spent (here a
    tenth of the defaults: 50, then 5 a second), for a known and an unknown id alike; another
    client is still served."""
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", log=tmp_path / "server.log",
                    args=("--rate-limit-scale", "0.1")).start()
    try:
        tid = new_table(server)["id"]
        paths = [f"/api/tables/{tid}?lang=fr", "/api/tables/nosuchtable0?lang=fr"]
        statuses = [request(server, "GET", paths[n % 2])[0] for n in range(200)]
        burst = int(Limits().scaled(0.1).lookup_burst)
        assert set(statuses[:burst]) == {200, 404}, statuses[:burst]  # the burst is served
        assert statuses.count(429) >= 50 and 500 not in statuses, statuses
        status, _, raw = request(server, "GET", paths[0])
        err = json.loads(raw)
        assert status == 429 and err["code"] == "rate_limited" and "attendez" in err["message"], err
        assert_another_client_is_served(server, paths[0])
    finally:
        server.stop()
        assert_clean_log(server)


def test_a_class_behind_one_address_is_not_refused_its_lobby_and_replays(tmp_path: Path) -> None:
    """A school's 30 players share one address (its NAT): after a game they all load the lobby
    (its table list and their own tables) and open the replay (its first page and the next) at
    once, 120 heavy reads from one client address within a second or two. None may be refused
    (with a burst of 50, 13 of 60 lobby lists alone were answered 429)."""
    from concurrent.futures import ThreadPoolExecutor

    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", log=tmp_path / "server.log",
                    env={"MAHAI_REPLAY_PAGE": "5"}).start()
    try:
        tid = server.create("nim", ["bot:random", "bot:random"], options={"stones": 30})["id"]
        for _ in range(300):
            if server.get(f"/api/tables/{tid}")["over"]:
                break
            time.sleep(0.1)
        paths = ["/api/tables?limit=20&lang=eu", f"/api/tables?ids={tid}&lang=eu",
                 f"/api/tables/{tid}/replay?lang=eu", f"/api/tables/{tid}/replay?lang=eu&start=5&count=5"]

        def player(_: int) -> list[int]:
            return [request(server, "GET", path)[0] for path in paths]

        with ThreadPoolExecutor(30) as pool:
            statuses = [s for got in pool.map(player, range(30)) for s in got]
        assert statuses == [200] * 120, {s: statuses.count(s) for s in set(statuses)}
    finally:
        server.stop()
        assert_clean_log(server)


def test_host_and_origin_must_be_the_servers_own(srv: Server) -> None:
    assert request(srv, "GET", "/api/games", headers={"host": "evil.example"})[0] == 400
    assert request(srv, "GET", "/api/games", headers={"host": f"localhost:{srv.port}"})[0] == 200
    assert request(srv, "GET", "/api/games", headers={"host": f"127.0.0.2:{srv.port}"})[0] == 200  # loopback
    assert request(srv, "GET", "/", headers={"host": f"evil.example:{srv.port}"})[0] == 400
    table = new_table(srv)["id"]
    for origin in ("http://evil.example", f"http://evil.example:{srv.port}", "null",
                   f"http://127.0.0.1:{srv.port + 1}"):
        with pytest.raises(InvalidStatus) as refused:
            ws_connect(srv, table, origin=origin)
        assert refused.value.response.status_code == 403
    for own in (f"http://127.0.0.1:{srv.port}", f"http://localhost:{srv.port}", None):
        with ws_connect(srv, table, origin=own) as ws:
            hello(ws)


def test_every_response_carries_the_security_headers_and_no_cdn_docs(srv: Server) -> None:
    table = new_table(srv)["id"]
    for path in ("/", f"/t/{table}", f"/t/{table}/invite", "/static/js/table.js", "/static/css/mahai.css",
                 "/api/games", "/rules/spades?lang=en", "/nowhere", "/openapi.json"):
        status, headers, _ = request(srv, "GET", path)
        assert status < 500 and all(h in headers for h in SECURITY), (path, headers)
        assert "'unsafe-inline'" not in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"
    assert request(srv, "GET", "/docs")[0] == 404 and request(srv, "GET", "/redoc")[0] == 404
    assert request(srv, "GET", "/openapi.json")[0] == 200


def test_only_known_catalogs_are_served(srv: Server) -> None:
    assert set(srv.get("/api/i18n/en?domains=web,core,nim")) == {"web", "core", "nim"}
    status, _, raw = request(srv, "GET", "/api/i18n/en?domains=web,x1234")
    assert status == 404 and json.loads(raw)["code"] == "unknown_domain"


def test_disconnects_during_sends_are_quiet(srv: Server) -> None:
    """Spectators of a bot table at full speed leave abruptly, mid-update: no traceback."""
    made = new_table(srv, "mille_bornes", [{"kind": "bot", "bot": "random"}] * 2)
    for _ in range(20):
        ws = ws_connect(srv, made["id"])
        ws.send(json.dumps({"type": "hello", "lang": "en"}))
        ws.recv(timeout=20)
        ws.socket.shutdown(socket.SHUT_RDWR)  # no close frame
        ws.socket.close()
    srv.get("/api/games")


def sync_rtts(ws: ClientConnection, n: int) -> list[float]:
    """``n`` round trips of a ``sync`` (the server's answer: a ``state``), in seconds."""
    out = []
    for _ in range(n):
        start = time.perf_counter()
        ws.send('{"type":"sync"}')
        while json.loads(ws.recv(timeout=30))["type"] != "state":
            pass
        out.append(time.perf_counter() - start)
        time.sleep(0.01)
    return out


FLOOD = """
import json, socket, sys, time
from websockets.sync.client import connect
port, table, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
end, sent = time.monotonic() + seconds, 0
while time.monotonic() < end:
    try:
        sock = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.3", 0))
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", sock=sock, max_queue=None) as ws:
            ws.send(json.dumps({"type": "hello", "lang": "en"}))
            while time.monotonic() < end:
                ws.send('{"type":"act","version":0,"action":"take 1"}')
                sent += 1
    except Exception:
        time.sleep(0.001)
print(sent)
"""


def test_a_flood_from_one_client_does_not_hold_back_another_table(srv: Server) -> None:
    """One client (127.0.0.3, two processes) floods a table as fast as it can,
    opening a new connection whenever one is closed; another client's
    (127.0.0.2) ``sync`` round trips on another table stay within a bound of
    their quiet median. Without the limits (``--rate-limit-scale 0``) the same
    flood took the median from 0.4 ms to 4.8 s (issue #14: 4 ms to 4.8 s)."""
    victim_table = new_table(srv)["id"]
    flooded = new_table(srv)["id"]
    with ws_connect(srv, victim_table, source="127.0.0.2") as victim:
        hello(victim)
        quiet = statistics.median(sync_rtts(victim, 40))
        flooders = [subprocess.Popen([sys.executable, "-c", FLOOD, str(srv.port), flooded, "4"],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) for _ in range(2)]
        time.sleep(0.5)
        loud = statistics.median(sync_rtts(victim, 40))
        sent = sum(int(p.communicate(timeout=60)[0] or 0) for p in flooders)
    assert sent > 1000
    assert loud < max(5 * quiet, 0.02), (quiet, loud, sent)


def test_token_buckets_and_the_connection_cap() -> None:
    bucket = TokenBucket(rate=2.0, burst=3.0)
    assert [bucket.take(now=10.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.wait() == pytest.approx(0.5)
    assert bucket.take(now=10.5) and not bucket.take(now=10.5)
    limiter = Limiter(rate=1.0, burst=1.0, keys=2)
    assert limiter.take("a", now=0.0) and not limiter.take("a", now=0.0) and limiter.take("b", now=0.0)
    assert limiter.take("c", now=0.0) and list(limiter.buckets) == ["b", "c"]  # "a" forgotten
    gate = Gate(Limits(connections=3, hello_burst=100.0))
    assert [gate.enter("x") for _ in range(4)] == [True, True, True, False]
    assert gate.enter("y")
    gate.leave("x")
    assert gate.enter("x") and not gate.enter("x")
    assert Limits().scaled(0).connections == 0 and Gate(Limits().scaled(0)).message("x", None) == 0.0
    off, double = Limits().scaled(0), Limits().scaled(2)  # --rate-limit-scale reaches the reads too
    assert off.read_rate == 0 and all(Gate(off).reads.take("x") for _ in range(1000))
    assert (double.read_rate, double.read_burst) == (2 * Limits().read_rate, 2 * Limits().read_burst)


@in_thread  # asyncio.run: not where a browser test's event loop runs (it failed after one so)
def test_a_flood_that_rides_its_limit_is_closed() -> None:
    """A connection that sends as fast as it is read rides its limit: one message over it (a
    strike, and the connection is not read until a token comes), then the one that token lets
    in. That one forgave the strike, so the flood was closed only by the clock's drift, after
    6 to 30 s or never (CI: ``test_a_flood_gets_rate_limited_then_closed_1008`` did not raise
    in 30 s). Now the message a wait let in forgives nothing: the flood is closed (1008) after
    about ``strikes`` rounds; one strike alone is forgiven by the messages after it."""
    import asyncio

    from mahai.server.app import Refused, Session

    class Socket:
        def __init__(self) -> None:
            self.read, self.closed = 0, None

        async def receive(self) -> dict[str, Any]:
            self.read += 1
            return {"type": "websocket.receive", "text": '{"type":"continue"}'}

        async def send_json(self, message: Any) -> None:
            pass

        async def close(self, code: int) -> None:
            self.closed = code

    class Conn:
        queued, lang = False, "en"

    async def flood(limits: Limits) -> Socket:
        ws = Socket()
        session = Session(ws, Conn(), Gate(limits), "127.0.0.9")  # type: ignore[arg-type]
        with pytest.raises(Refused):
            while ws.read < 2000:
                await session.receive()
        return ws

    async def pauses(limits: Limits) -> int:
        session = Session(Socket(), Conn(), Gate(limits), "127.0.0.9")  # type: ignore[arg-type]
        for _ in range(3):  # the second is over the limit, the third comes after the wait
            await session.receive()
        for _ in range(2):  # a person's pace
            await asyncio.sleep(0.03)
            await session.receive()
        return session.strikes

    # A token every 10 ms: a machine that stalls that long between two reads of the flood lets one
    # in unasked, which forgives a strike (2 reads more); at 2,000 a second one CI run read 45 of
    # the 44 this allowed. Without the fix the flood is not closed in 2,000 reads.
    limits = Limits(message_rate=100.0, message_burst=1.0, strikes=20)
    ws = asyncio.run(flood(limits))
    assert ws.closed == 1008 and ws.read <= 3 * (limits.strikes + 2), ws.read
    assert asyncio.run(pauses(limits)) == 0
