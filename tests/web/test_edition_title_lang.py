"""The table page's header names the edition in the viewer's language: a guest (or a
player who switches language mid-game) saw the creator's language there, "Arrunta
(lau jokalari)" on an English page, though the log, the status and the buttons followed
the page's language."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.sync.client import connect

from mahai.games import get_game
from mahai.server.lobby import edition_title
from tests.web.server import Server


def welcome(server: Server, table: str, lang: str) -> dict[str, Any]:
    with connect(f"{server.ws_url}/ws/tables/{table}?lang={lang}") as ws:
        ws.send(json.dumps({"type": "hello", "token": None, "lang": lang}))
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
    assert msg["type"] == "welcome", msg
    return msg


@pytest.mark.parametrize("lang", ["en", "es", "fr", "eu"])
def test_the_edition_is_named_in_the_viewers_language(server: Server, lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"], lang="eu")
    info = server.get(f"/api/tables/{made['id']}")
    game = get_game("spades")
    assert edition_title(game, info["edition"], "en") != edition_title(game, info["edition"], "eu")
    table = welcome(server, made["id"], lang)["table"]
    assert table["edition_title"] == edition_title(game, info["edition"], lang)
    assert table["lang"] == "eu"  # the table's own language is unchanged
