"""The hello of a WebSocket (issue 14, "Safe under abuse"): a socket that never
says hello is closed after :attr:`Limits.hello_seconds` and gives its place
among its address's connections back; a table is not evicted while a socket
that holds it waits for its hello, so that the hello never joins an instance
that left memory (hammered: eviction between every connect and hello)."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from mahai.server import create_app
from mahai.server.limits import Limits
from mahai.server.tables import Hub


def joined(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    """Say hello; returns the first ``state`` message (after ``welcome`` and ``log``)."""
    ws.send_json({"type": "hello", "token": token, "lang": "en"})
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state":
            return msg


def latest(ws: WebSocketTestSession) -> dict[str, Any]:
    """Ask for the state (``sync``); returns the answer (updates queued before it are skipped)."""
    ws.send_json({"type": "sync"})
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state":
            return msg


def test_a_socket_that_never_says_hello_is_closed_and_frees_its_place(tmp_path: Path) -> None:
    limits = Limits(connections=2, hello_seconds=0.5)
    app = create_app(f"sqlite:///{tmp_path / 'm.db'}", pace=0.0, limits=limits)
    with TestClient(app, base_url="http://localhost") as client:
        made = client.post("/api/tables", json={"game": "nim", "seats": [{"kind": "person"}] * 2}).json()
        path = f"ws://localhost/ws/tables/{made['id']}"
        with ExitStack() as stack:  # two silent sockets: this address's two places
            silent = [stack.enter_context(client.websocket_connect(path)) for _ in range(2)]
            for ws in silent:
                closed = ws.receive()  # nothing is sent to a socket before its hello: only the close
                assert closed["type"] == "websocket.close" and closed["code"] == 1008, closed
        with client.websocket_connect(path) as ws:  # their places are free again
            assert joined(ws, made["tokens"]["0"])["seat"] == 0
            time.sleep(1.0)  # twice hello_seconds: after its hello, a socket is not timed
            ws.send_json({"type": "ping"})
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "bad_message"


def test_eviction_between_connect_and_hello_never_strands_a_socket(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'm.db'}", pace=0.0, limits=Limits().scaled(0))
    hub: Hub = app.state.hub
    hub.evict_over = hub.evict_idle = 0.0  # every table without connections may leave at once
    with TestClient(app, base_url="http://localhost") as client:
        portal = client.portal
        assert portal is not None
        made = client.post("/api/tables", json={"game": "nim", "seats": [{"kind": "person"}] * 2,
                                                "options": {"stones": 200}}).json()
        tid, tokens = made["id"], made["tokens"]
        path = f"ws://localhost/ws/tables/{tid}"
        evicted = 0
        for round_ in range(60):
            with ExitStack() as stack:  # closed even when an assertion fails
                first = stack.enter_context(client.websocket_connect(path))
                first.send_json({"type": "ping"})  # answered before the hello: it holds the table now
                assert first.receive_json()["code"] == "bad_message"
                portal.call(hub.evict)  # the table has no connection yet, but one is coming
                second = stack.enter_context(client.websocket_connect(path))
                state = joined(second, tokens["1"])
                version = state["version"]
                assert version == round_
                assert joined(first, tokens["0"])["version"] == version
                mover, other = (first, second) if state["to_act"] == [0] else (second, first)
                mover.send_json({"type": "act", "version": version, "action": "take 1"})
                assert latest(mover)["version"] == version + 1
                assert latest(other)["version"] == version + 1, "a socket joined a table no longer in memory"
            for _ in range(50):  # both gone (their handlers end on the loop): the table leaves
                gone = portal.call(hub.evict)
                if gone:
                    evicted += gone
                    break
                portal.call(_pause)
        assert evicted == 60  # every round rebuilt the table from the store
        assert client.get(f"/api/tables/{tid}").json()["version"] == 60


async def _pause() -> None:
    import asyncio

    await asyncio.sleep(0.01)
