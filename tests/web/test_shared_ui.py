"""The live table and the step-by-step replay hand a game's renderer the same ``ui`` helper
object, made by one constructor (``static/js/ui.js``): two hand-kept copies drifted (the
replay page once lacked ``ui.num``, and its score sheets failed to draw)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mahai.games import available_games
from tests.web.server import Server

pytestmark = pytest.mark.web

JS = Path(__file__).resolve().parents[2] / "mahai" / "server" / "static" / "js"
SHAPE = "Object.keys(window.mahaiUi).sort().map(k => `${k}:${typeof window.mahaiUi[k]}`)"


def test_table_and_replay_build_ui_with_one_constructor() -> None:
    for name in ("table.js", "replay.js"):
        source = (JS / name).read_text()
        assert 'from "./ui.js"' in source and "makeUi(" in source, name
        assert not re.search(r"\btg\s*:", source), f"{name} builds its own ui object"


@pytest.mark.parametrize("game", ["spades", "denborazup", "mille_bornes"])
def test_the_replay_gets_every_helper_the_table_gets(server: Server, browser: Any, game: str) -> None:
    """The same keys, of the same types, on both pages (a Spades, DenboraZup and Mille Bornes
    table against bots, then its replay in the same browser: the seat's own frames)."""
    if game not in available_games():
        pytest.skip(f"{game} is not installed")
    seats = ["person", "bot:random"] + (["bot:random", "bot:random"] if game == "spades" else [])
    made = server.create(game, seats)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined && window.mahaiUi !== undefined")
        live = page.evaluate(SHAPE)
        page.goto(f"{server.url}/t/{made['id']}/replay")
        page.wait_for_function("document.body.dataset.step !== undefined && window.mahaiUi !== undefined")
        replay = page.evaluate(SHAPE)
        assert "num:function" in live and "plate:function" in live
        assert replay == live
        assert page.locator("#board *").count() > 0
        assert not errors, errors
    finally:
        ctx.close()
