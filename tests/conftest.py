"""Shared pytest helpers (keep small: every part of the project loads this)."""

from __future__ import annotations

import signal
import socket

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """A Ctrl-C reaches the tests as it reaches a command typed in a terminal: a run started in
    the background of a script (``cmd &``, ``nohup``) inherits SIGINT ignored, and so did every
    ``mahai`` the tests start (ignored, not caught, is kept across exec), so the Ctrl-C tests
    (tests/terminal/test_cli_signals.py, a server stopped by SIGINT) waited out their timeouts
    and failed, every time."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` (half a minute to two: whole games through a browser, a fuzz, a
    killed server) run first, the rest in their order: at the end of the run one worker played
    them alone while the other had finished (two minutes of the suite's 15)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def free_port() -> int:
    """An unused TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve_args(*args: str) -> list[str]:
    """``mahai serve`` with ``args``, on a free port unless they name one: with a server of the
    developer's own on the default port (8000) every check after the port's was refused first
    ("Port 8000 is already used")."""
    return ["serve", *args] if "--port" in args else ["serve", "--port", str(free_port()), *args]
