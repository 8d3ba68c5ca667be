"""Shared pytest helpers (keep small: every part of the project loads this)."""

from __future__ import annotations

import socket


def free_port() -> int:
    """An unused TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port
