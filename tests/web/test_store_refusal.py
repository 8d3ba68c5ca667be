"""A database that refuses to write while the server runs (a SQLite file made read-only): the
player reads why in their language, nothing is changed, and the driver's words go to the server's
log. A table made on such a server was "Internal Server Error" (the framework's English, a
traceback in the log), and a move over the WebSocket closed the connection without a word."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from mahai.i18n import translate
from tests.web.client import Client
from tests.web.server import ROOT, Server

pytestmark = pytest.mark.web


def test_a_read_only_database_is_said_to_the_player_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mahai.sqlite3"
    server = Server(f"sqlite:///{path}", log=tmp_path / "first.log").start()
    try:
        made = server.create("nim", ["person", "bot:random"])
        unclaimed = server.create("nim", ["person", "bot:random"])
        me = Client(server.ws_url, made["id"], made["tokens"]["0"])  # the seat taken (a write)
        me.wait_until(lambda s: bool(s["legal"]))
        me.close()
    finally:
        server.stop()
    # the same file, opened read-only (a file this user may no longer write, as root cannot make one)
    log = tmp_path / "read-only.log"
    server = Server(f"sqlite:///file:{path}?mode=ro&uri=true", log=log, args=("--lang", "fr")).start()
    try:
        body = json.dumps({"game": "nim", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                           "lang": "fr"}).encode()
        request = urllib.request.Request(server.url + "/api/tables?lang=fr", body,
                                         {"content-type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        answer = json.loads(refused.value.read())
        assert refused.value.code == 503, answer
        assert answer["code"] == "store_read_only"
        assert answer["message"] == translate("web", "store_read_only", "fr")
        me = Client(server.ws_url, made["id"], made["tokens"]["0"], lang="eu")
        try:
            state = me.wait_until(lambda s: bool(s["legal"]))
            got = me.act(me.legal[0])
            assert got["type"] == "error" and got["code"] == "store_read_only", got
            assert got["message"] == translate("web", "store_read_only", "eu")
            me.send({"type": "sync"})  # the connection stays, and the move was not made
            assert me.wait_state()["version"] == state["version"]
        finally:
            me.close()
        # a seat first taken now cannot be written: the page watches, and says why
        other = Client(server.ws_url, unclaimed["id"], unclaimed["tokens"]["0"], lang="es")
        try:
            errors = [f for f in other.frames if f["type"] == "error"]
            assert [e["code"] for e in errors] == ["store_read_only"], other.frames[:3]
            assert errors[0]["message"] == translate("web", "store_read_only", "es")
            assert other.welcome["seat"] is None and other.state is not None
        finally:
            other.close()
    finally:
        server.stop()
    said = log.read_text(errors="replace")
    assert "readonly database" in said and "Traceback" not in said, said[-2000:]
    # the server's own line in its language (--lang fr), each refusal (the table, the move, the seat)
    assert said.count(translate("web", "log.store_read_only", "fr")) == 3, said[-2000:]
    # the lock of a "file:" URI lies beside the file, not under the server's current folder
    assert Path(f"{path}.lock").exists() and not (ROOT / "file:").exists()
