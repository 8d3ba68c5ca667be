"""Tables made before the lobby stopped sending a bot's level name keep it stored as if typed:
"Ausazkoa 2" (Basque, the creator's language) was shown to an English viewer on the plates, in
the log's sentences, in the public seats (invitations page, the lobby's lists) and in a rematch.
A stored name that is only a level name in some language is named in the viewer's language, as
an unnamed bot is (test_bot_names); a name typed for a bot stays as typed. Spades seats: SPR-1."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def level(bot: str, lang: str) -> str:
    name = translate("web", f"bot.{bot}", lang)
    return name[:1].upper() + name[1:]


def old_table(server: Server) -> Any:
    """A Spades table as the lobby of session 7 made it: bots named in Basque, one typed name."""
    eu = level("random", "eu")
    seats = [{"kind": "person"},
             {"kind": "bot", "bot": "random", "name": f"{eu} 2"},
             {"kind": "bot", "bot": "random", "name": f"{eu} 3"},
             {"kind": "bot", "bot": "random", "name": "Txomin"}]
    return server.post("/api/tables", {"game": "spades", "options": {}, "seats": seats, "lang": "eu"})


def test_stored_level_names_are_shown_in_the_viewers_language(server: Server, browser: Any) -> None:
    made = old_table(server)
    eu, en = level("random", "eu"), level("random", "en")
    assert eu != en
    # the table's names as an English player sees them
    client = Client(server.ws_url, made["id"], made["tokens"]["0"], lang="en")
    try:
        assert client.state is not None
        names = client.state["names"]
        assert [names["1"], names["2"], names["3"]] == [f"{en} 2", f"{en} 3", "Txomin"], names
    finally:
        client.close()
    # the public seats (invitations page, lobby lists) in English and in Basque
    seats = server.get(f"/api/tables?ids={made['id']}&lang=en")[0]["seats"]
    assert [s["name"] for s in seats[1:]] == [f"{en} 2", f"{en} 3", "Txomin"], seats
    seats = server.get(f"/api/tables?ids={made['id']}&lang=eu")[0]["seats"]
    assert [s["name"] for s in seats[1:]] == [f"{eu} 2", f"{eu} 3", "Txomin"], seats
    # the plates of the page in English
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('mahai.lang', 'en');")
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined")
        plates = page.eval_on_selector_all(".plate .plate-name .name", "els => els.map(e => e.textContent)")
        assert sorted(plates)[:3] == sorted([f"{en} 2", f"{en} 3", "Txomin"]), plates
        assert eu not in page.inner_text("body")
    finally:
        ctx.close()
