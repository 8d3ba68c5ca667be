"""A small synchronous WebSocket client speaking the table protocol (for tests)."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from mahai.server.text import expand_legal


class Client:
    """One connection to ``/ws/tables/{id}``; keeps every frame it receives."""

    def __init__(self, ws_url: str, table_id: str, token: str | None, lang: str = "en") -> None:
        # No keepalive pings (loopback): their payload comes from the global ``random``, and a ping
        # from a client still open during a Hypothesis draw of a later test of the same worker is
        # "Do not use the `random` module inside strategies" (an error: pyproject's filterwarnings).
        self._cm = connect(f"{ws_url}/ws/tables/{table_id}", max_size=None, ping_interval=None)
        self.ws = self._cm.__enter__()
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.send({"type": "hello", "token": token, "lang": lang})
        self.welcome = self.wait("welcome")
        self.wait_state()

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        msg: dict[str, Any] = json.loads(text)
        self.frames.append(msg)
        if msg["type"] in ("state", "update"):
            self.state = msg
        return msg

    def wait(self, kind: str, timeout: float = 20) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if msg["type"] == kind:
                return msg

    def wait_state(self, timeout: float = 20) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if msg["type"] in ("state", "update"):
                return msg

    @property
    def legal(self) -> list[str]:
        """The notations of the current state's legal actions (``legal`` holds
        ``{"action": notation, "label": text}``, a family of them as one: :func:`expand_legal`)."""
        return [e["action"] for e in expand_legal(self.state["legal"])] if self.state else []

    def act(self, action: str, version: int | None = None) -> dict[str, Any]:
        """Send an action; return the error, or the update that the action caused."""
        assert self.state is not None
        seen = self.state["version"] if version is None else version
        self.send({"type": "act", "version": seen, "action": action})
        while True:
            msg = self.recv()
            if msg["type"] == "error" or (msg["type"] == "update" and msg["version"] > seen):
                return msg

    def wait_until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        """Read frames until the current state satisfies ``pred``."""
        if self.state is not None and pred(self.state):
            return self.state
        while True:
            msg = self.wait_state(timeout)
            if pred(msg):
                return msg

    def close(self) -> None:
        self._cm.__exit__(None, None, None)
