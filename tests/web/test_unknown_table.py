"""A table link that names no table (mistyped, or of a table gone from the server):
the refusal comes in the page's language (``?lang=`` on the WebSocket address, as
the hello has not been sent yet), and the table page stops reconnecting (it tried
again every half second for ever, showing "Reconnecting…")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.sync.client import connect

from mahai.i18n import translate
from tests.web.server import Server


def refusal(server: Server, query: str) -> dict[str, Any]:
    with connect(f"{server.ws_url}/ws/tables/nosuchtable{query}") as ws:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return msg


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_unknown_table_is_refused_in_the_pages_language(server: Server, lang: str) -> None:
    msg = refusal(server, f"?lang={lang}")
    assert msg["type"] == "error" and msg["code"] == "unknown_table"
    assert msg["message"] == translate("web", "unknown_table", lang)


def test_unknown_table_without_a_known_language_is_refused_in_basque(server: Server) -> None:
    assert translate("web", "unknown_table", "eu") != translate("web", "unknown_table", "en")
    for query in ("", "?lang=xx"):
        assert refusal(server, query)["message"] == translate("web", "unknown_table", "eu")


def test_the_table_page_of_an_unknown_table_stops_reconnecting(server: Server, page: Any) -> None:
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.add_init_script("localStorage.setItem('mahai.lang', 'en')")
    page.goto(f"{server.url}/t/nosuchtable")
    page.wait_for_selector("#error:not(:empty)")
    page.wait_for_timeout(1000)
    opened = len(sockets)  # one per viewer: the seat panel (seats.js) shares table.js's
    page.wait_for_timeout(2500)  # before the fix: new sockets every 0.5 s
    assert page.inner_text("#error") == translate("web", "unknown_table", "en")
    assert opened == len(sockets) == 1
    assert page.is_hidden("#conn")
    # Only the refusal and the way back: no empty players, seat and moves panels beside it.
    assert page.is_hidden("#side")
    assert page.get_attribute("#gone-home a", "href") == "/"
    assert page.inner_text("#gone-home") == translate("web", "Back to the lobby", "en")


def test_a_mistyped_address_gets_the_not_found_page_in_the_pages_language(server: Server, page: Any) -> None:
    """A browser asking for an address that names nothing (a link cut short) gets a page saying so,
    with the way back, in the page's language: it got the framework's English JSON
    ``{"detail":"Not Found"}``. The API keeps its JSON."""
    import httpx

    html = httpx.get(f"{server.url}/ez-dago", headers={"accept": "text/html"})
    assert html.status_code == 404 and "text/html" in html.headers["content-type"]
    api = httpx.get(f"{server.url}/api/ez-dago", headers={"accept": "text/html"})
    assert api.status_code == 404 and api.headers["content-type"].startswith("application/json")
    for lang in ("eu", "fr"):
        page.goto(f"{server.url}/ez-dago?lang={lang}")
        missing = translate("web", "This page does not exist.", lang)
        page.wait_for_function(f"document.getElementById('missing').textContent === {json.dumps(missing)}"
                               " && document.documentElement.lang === " + json.dumps(lang))
        assert page.inner_text("#missing") == translate("web", "This page does not exist.", lang)
        assert page.inner_text("#home") == translate("web", "Back to the lobby", lang)
        assert page.get_attribute("#home", "href") == "/"
