"""The server's infrastructure on the toy game (examples/mahai-nim, installed by scripts/test): lobby, play
through the page, restart, spectators."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.server import Server, play_page

pytestmark = pytest.mark.web


def test_lobby_creates_a_table_and_a_person_plays_nim_to_the_end(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", "nim")
    page.fill("#opt-stones", "7")
    page.select_option("#seat-1", "bot:random")
    page.click("#create")
    page.click("#links a.seat-link[data-seat='0']")
    moves = play_page(page, random.Random(1))
    assert moves >= 1
    assert page.is_visible("#gameover")
    table_id = page.url.rstrip("/").split("/")[-1]
    info = server.get(f"/api/tables/{table_id}")
    assert info["over"] and info["options"]["stones"] == 7
    winners = page.inner_text("#winners")
    assert winners.strip()
