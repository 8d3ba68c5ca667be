"""A bot's move the database refuses while the server runs: one line in the server's log, in the
server's language (``mahai serve --lang``), the table unchanged, and the move tried again later.
It was a traceback in the log ("Task exception was never retrieved"), and the bot never moved
again: the table waited for ever for a move nobody would make."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mahai.i18n import translate
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def refusals(log: Path, table: str) -> list[str]:
    """The lines of ``log`` that tell of a bot's move refused at ``table``."""
    said = log.read_text(errors="replace") if log.exists() else ""
    return [line for line in said.splitlines() if table in line]


def wait_for(check: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.1)


def test_a_bots_move_on_a_read_only_database_is_logged_once_a_try_and_tried_again(tmp_path: Path) -> None:
    path = tmp_path / "mahai.sqlite3"
    # the bot waits 5 s before each move (it may be first to play): stopped before its turn's
    server = Server(f"sqlite:///{path}", pace=5.0, log=tmp_path / "first.log").start()
    try:
        made = server.create("nim", ["person", "bot:random"])
        me = Client(server.ws_url, made["id"], made["tokens"]["0"])
        me.wait_until(lambda s: bool(s["legal"]))
        moved = me.act(me.legal[0])  # now the bot's turn
        assert moved["type"] == "update" and moved["to_act"] == [1], moved
        me.close()
    finally:
        server.stop()
    log = tmp_path / "read-only.log"
    server = Server(f"sqlite:///file:{path}?mode=ro&uri=true", log=log, args=("--lang", "fr")).start()
    try:
        wait_for(lambda: len(refusals(log, made["id"])) >= 2)  # tried again, one second later
        lines = refusals(log, made["id"])
        first = translate("web", "log.bot_move_refused.read_only", "fr", table=made["id"], seat=2,
                          seconds="1")
        assert lines[0].startswith(first) and "readonly database" in lines[0], lines
        assert lines[1].startswith(first.replace(" 1 s", " 2 s")), lines
        watcher = Client(server.ws_url, made["id"], None)
        assert watcher.state is not None and watcher.state["version"] == moved["version"]  # no move made
        watcher.close()
    finally:
        server.stop()
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text(errors="replace")[-3000:]


def immutable(paths: list[Path], on: bool) -> bool:
    """``chattr ±i``: files even root cannot write (False where the system does not let us)."""
    done = subprocess.run(["chattr", "+i" if on else "-i", *map(str, paths)], capture_output=True)
    return done.returncode == 0


def test_a_bots_move_refused_is_made_once_the_database_writes_again(tmp_path: Path) -> None:
    """The same server, its database refusing writes for a while (the file and its write-ahead
    log made immutable), then accepting them again: the bot moves without anyone's help."""
    path = tmp_path / "mahai.sqlite3"
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{path}", pace=3.0, log=log).start()
    files = [path, Path(f"{path}-wal")]
    try:
        made = server.create("nim", ["person", "bot:random"])
        me = Client(server.ws_url, made["id"], made["tokens"]["0"])
        me.wait_until(lambda s: bool(s["legal"]))
        moved = me.act(me.legal[0])  # the bot moves in 3 s
        assert moved["type"] == "update" and moved["to_act"] == [1], moved
        if not immutable(files, True):
            pytest.skip("chattr +i is not allowed here (root on a file system with attributes)")
        try:
            wait_for(lambda: bool(refusals(log, made["id"])))
            watcher = Client(server.ws_url, made["id"], None)  # the table as it stands: unchanged
            assert watcher.state is not None and watcher.state["version"] == moved["version"]
            watcher.close()
        finally:
            immutable(files, False)
        # tried again 1 s after the refusal: made
        me.wait_until(lambda s: s["version"] == moved["version"] + 1, timeout=15)
    finally:
        immutable(files, False)
        server.stop()
    said = log.read_text(errors="replace")
    assert "Traceback" not in said, said[-3000:]
    line = refusals(log, made["id"])[0]
    assert line.startswith(translate("web", "log.bot_move_refused.failed", "eu", table=made["id"], seat=2,
                                     seconds="1")), line
