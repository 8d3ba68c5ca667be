"""Per-client limits behind a reverse proxy (issue 14, "Safe under abuse"; README,
Deployment): a real ``mahai serve --trusted-proxy 127.0.0.1`` counts each
client by the address the proxy names in ``X-Forwarded-For`` (the rightmost
one that is not a trusted proxy), an IPv6 client by its /64 network; without
``--trusted-proxy``, or from any other peer, the header is never believed."""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from mahai.cli.serve import proxy_options
from tests.web.server import Server
from tests.web.test_abuse import assert_clean_log

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager")
SCALE = ("--rate-limit-scale", "0.1")  # 6 hellos at once per client (then 0.5 a second), 6 tables


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("proxied")
    server = Server(f"sqlite:///{tmp / 'mahai.db'}", log=tmp / "server.log",
                    args=(*SCALE, "--trusted-proxy", "127.0.0.1")).start()
    yield server
    server.stop()
    assert_clean_log(server)


def refused(server: Server, table: str, forwarded: list[str | None], source: str | None = None) -> int:
    """Open one WebSocket per entry of ``forwarded`` at once (its ``X-Forwarded-For``; None: no
    header) from ``source`` (a loopback address; default 127.0.0.1), say hello on each; how many
    were refused ``rate_limited`` (the others were welcomed)."""
    sockets = []
    for header in forwarded:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=20,
                                        source_address=(source, 0) if source else None)
        extra = {"X-Forwarded-For": header} if header is not None else {}
        sockets.append(connect(f"{server.ws_url}/ws/tables/{table}", sock=sock,  # type: ignore[arg-type]
                               additional_headers=extra))
    n = 0
    for ws in sockets:
        try:
            try:
                ws.send(json.dumps({"type": "hello", "lang": "en"}))
            except ConnectionClosed:
                pass  # refused already
            first = json.loads(ws.recv(timeout=10))
            assert first["type"] == "welcome" or first["code"] == "rate_limited", first
            n += first["type"] == "error"
        finally:
            try:
                ws.close()
            except ConnectionClosed:
                pass
    return n


def create(server: Server, forwarded: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        conn.request("POST", "/api/tables", json.dumps({"game": "nim", "seats": [{"kind": "person"}] * 2}),
                     {"content-type": "application/json", "X-Forwarded-For": forwarded})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


def test_behind_a_trusted_proxy_each_client_has_its_own_limits(proxied: Server) -> None:
    table = proxied.create("nim", ["person", "person"])["id"]
    # ten clients behind the proxy, ten at once each: nobody is refused
    assert refused(proxied, table, [f"203.0.113.{i}" for i in range(1, 11)]) == 0
    # one client opening ten at once is limited as without a proxy
    assert refused(proxied, table, ["198.51.100.1"] * 10) >= 3
    # naming other addresses to the left of the proxy's own entry gains nothing:
    # the rightmost address the trusted proxy did not add is the client
    assert refused(proxied, table, [f"192.0.2.{i}, 198.51.100.77" for i in range(10)]) >= 3
    # proxies in a chain: "client, trusted proxy" is the client
    assert refused(proxied, table, [f"203.0.113.{i}, 127.0.0.1" for i in range(50, 60)]) == 0


def test_an_ipv6_client_is_one_client_for_its_whole_64(proxied: Server) -> None:
    table = proxied.create("nim", ["person", "person"])["id"]
    assert refused(proxied, table, [f"2001:db8:0:1::{i:x}" for i in range(1, 11)]) >= 3
    assert refused(proxied, table, [f"2001:db8:0:2:{i:x}::9" for i in range(1, 11)]) >= 3
    assert refused(proxied, table, [f"2001:db8:{i:x}::1" for i in range(1, 11)]) == 0  # ten /64s


def test_the_header_is_believed_only_from_a_trusted_proxy(proxied: Server, tmp_path: Path) -> None:
    table = proxied.create("nim", ["person", "person"])["id"]
    # 127.0.0.2 is not the trusted proxy: its header names no one, it is one client
    assert refused(proxied, table, [f"203.0.113.{i}" for i in range(100, 110)], source="127.0.0.2") >= 3
    # table creation: per named client behind the proxy (6 each at this scale)
    assert [create(proxied, f"203.0.113.{i}") for i in range(200, 208)] == [200] * 8
    assert [create(proxied, "198.51.100.9") for _ in range(8)][-1] == 429

    plain = Server(f"sqlite:///{tmp_path / 'mahai.db'}", log=tmp_path / "server.log", args=SCALE).start()
    try:  # no --trusted-proxy: the header is never believed, even from 127.0.0.1
        other = plain.create("nim", ["person", "person"])["id"]
        assert refused(plain, other, [f"203.0.113.{i}" for i in range(1, 11)]) >= 3
    finally:
        plain.stop()
        assert_clean_log(plain)


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    assert proxy_options([]) == {"proxy_headers": False}
    assert proxy_options(["::1", "10.0.0.0/8"])["forwarded_allow_ips"] == ["::1", "10.0.0.0/8"]
    with pytest.raises(typer.Exit):
        proxy_options(["proxy.example.org"])


def test_an_ipv6_client_rotating_its_64s_inside_one_48_is_limited_as_a_site(proxied: Server) -> None:
    """One /48 (a site, often one customer) holds 65,536 /64s: a client that rotated its /64s
    had a fresh budget in each (here 40 /64s made 120 tables, none refused, where one /64 may
    make 6), and past the limiters' 10,000 keys it pushed everyone's buckets out. A /48 now has
    its own budget too, 16 times a /64's; another /48 is not held back."""
    made = [create(proxied, f"2001:db8:77:{n:x}::1") for n in range(40) for _ in range(3)]
    assert made.count(429) >= 10 and set(made) == {200, 429}, made
    assert create(proxied, "2001:db8:78::1") == 200


def test_a_48_holds_sixteen_times_the_connections_of_a_64() -> None:
    """The connection cap counts an IPv6 /48 too (:data:`~mahai.server.limits.SITE_FACTOR` times a
    /64's), and a closed connection gives its place back to both."""
    from mahai.server.limits import SITE_FACTOR, Gate, Limits, client_key

    gate = Gate(Limits(connections=2, hello_rate=1000, hello_burst=1000))
    keys = [client_key(f"2001:db8:99:{n:x}::1") for n in range(40)]
    entered = [key for key in keys for _ in range(2) if gate.enter(key)]
    assert len(entered) == 2 * SITE_FACTOR
    assert not gate.enter(keys[-1]) and gate.enter(client_key("2001:db8:98::1"))
    gate.leave(entered[0])
    assert gate.enter(keys[-1])
    for key in entered[1:]:
        gate.leave(key)
    assert set(gate.open) == {client_key("2001:db8:98::1"), "2001:db8:98::/48", keys[-1], "2001:db8:99::/48"}
