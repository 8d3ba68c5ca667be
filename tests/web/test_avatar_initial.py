"""The fresh-clone play test of session 8: a name starting with an emoji broke its plate's avatar,
which showed ``name.charAt(0)``, half a surrogate pair ("�"). The avatar shows the name's first
grapheme (cards.js ``initial``): the whole emoji, a flag (two regional indicators) whole, a letter with its
accent."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.web

NAMES = {"🦊 Ane": "🦊", "🇪🇺 Miren": "🇪🇺", "Éder": "É", "E\u0301der": "E\u0301"}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_the_avatar_shows_the_names_first_character_whole(server: Server, browser: Any, name: str) -> None:
    """Seat 0 named ``name``, seen from seat 1 (a viewer's own plate says "Zu")."""
    made = server.create("spades", ["person", "person", "bot:random", "bot:random"])
    server.post(f"/api/tables/{made['id']}/name", {"token": made["tokens"]["0"], "name": name})
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.named.{made['id']}', '1');")
        page.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
        page.goto(server.url + made["links"]["1"])
        page.wait_for_selector(".plate[data-seat='0'] .avatar")
        shown = unicodedata.normalize("NFC", page.inner_text(".plate[data-seat='0'] .avatar"))
        assert "\ufffd" not in shown
        assert shown == unicodedata.normalize("NFC", NAMES[name])
    finally:
        ctx.close()
