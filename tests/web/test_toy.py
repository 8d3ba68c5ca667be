"""The server's infrastructure on the toy game (examples/mahai-nim, installed by scripts/test): lobby, play
through the page, restart, spectators."""

from __future__ import annotations

import importlib.resources
import random
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import Server, play_page

pytestmark = pytest.mark.web


def test_lobby_creates_a_table_and_a_person_plays_nim_to_the_end(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.check("#game-nim")
    page.click("#more summary")
    page.fill("#opt-stones", "7")
    page.press("#opt-stones", "Tab")
    page.select_option("#seat-1", "bot:random")
    page.click("#create")  # one person: the lobby opens that seat's table
    page.wait_for_selector("#stones")  # drawn by the plug-in's own renderer
    moves = play_page(page, random.Random(1))
    assert moves >= 1
    assert page.is_visible("#gameover")
    table_id = page.url.rstrip("/").split("/")[-1]
    info = server.get(f"/api/tables/{table_id}")
    assert info["over"] and info["options"]["stones"] == 7
    winners = page.inner_text("#winners")
    assert winners.strip()


def test_a_plug_in_game_serves_the_renderer_it_declares(server: Server) -> None:
    """``Game.renderer = "mahai_nim:renderer.js"``: Mahai's static files have no
    nim.js; the server serves the plug-in package's resource in its place."""
    from mahai.games import get_game

    static = Path(__file__).resolve().parents[2] / "mahai" / "server" / "static" / "games"
    assert get_game("nim").renderer == "mahai_nim:renderer.js" and not (static / "nim.js").exists()
    with urllib.request.urlopen(server.url + "/static/games/nim.js", timeout=10) as r:
        body, kind = r.read(), r.headers["content-type"]
    assert body == importlib.resources.files("mahai_nim").joinpath("renderer.js").read_bytes()
    assert kind.startswith("text/javascript")
    with urllib.request.urlopen(server.url + "/static/games/spades.js", timeout=10) as r:
        assert r.read() == (static / "spades.js").read_bytes()  # Mahai's own renderer first
    for missing in ("/static/games/chess.js", "/static/games/..%2Fapp.py", "/static/games/NIM.js"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url + missing, timeout=10)
        assert err.value.code == 404, missing


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_a_plug_in_game_has_its_description_and_rules_in_the_lobby(server: Server, page: Any,
                                                                   lang: str) -> None:
    """The lobby showed Nim with a blank description and no rules link: the plug-in's catalogs
    had no ``about`` / ``edition_about.<edition>``, and "How to play" pages were only looked up
    in Mahai's own static files. Now a plug-in ships ``<package>/rules/<lang>.html`` (installed
    with it: package data ``*.html``) and the server finds it."""
    from mahai.i18n import translate

    nim = next(g for g in server.get(f"/api/games?lang={lang}") if g["name"] == "nim")
    assert nim["about"] and nim["about"] == translate("nim", "about", lang)
    assert all(e["about"] for e in nim["editions"]), nim["editions"]
    assert nim["rules"] == "/rules/nim"
    with urllib.request.urlopen(f"{server.url}/rules/nim?lang={lang}", timeout=10) as r:
        body = r.read().decode()
    shipped = importlib.resources.files("mahai_nim").joinpath("rules", f"{lang}.html").read_text("utf-8")
    assert shipped in body and f'<html lang="{lang}">' in body
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}')")
    page.goto(server.url + "/")
    page.check("#game-nim")
    assert nim["about"] in page.inner_text("#lobby")
    assert page.locator("a[href^='/rules/nim']").count() >= 1
