"""The pages' loads survive a failing server (the new-user play test of session 5): the lobby's
``/api/tables?ids=``, ``/api/tables``, ``/api/network`` and ``/api/games`` loads, and the replay's,
called ``res.json()`` directly and threw on an HTTP 500 page that is not JSON; now the player gets
a sentence in their language (``getJson`` in ``static/js/i18n.js``) and the page keeps working."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server

pytestmark = pytest.mark.web

FAILED = "The server could not do it: try again in a moment."


def fail(route: Any) -> None:
    route.fulfill(status=500, body="Internal Server Error")


def test_the_lobby_says_so_when_its_loads_fail(server: Server, browser: Any) -> None:
    made = server.create("nim", ["person", "bot:random"])
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.evaluate(f"localStorage.setItem('mahai.seat.{made['id']}', '{made['tokens']['0']}')")
        page.route("**/api/tables?*",
                   lambda route: fail(route) if route.request.method == "GET" else route.continue_())
        page.route("**/api/network", fail)
        page.reload()
        message = translate("web", FAILED, "eu")
        alert = "m => document.querySelector('{} [role=alert]')?.textContent === m"
        page.wait_for_function(alert.format("#my-tables-list"), arg=message)
        assert page.is_visible("#my-tables")
        page.wait_for_function(alert.format("#public-list"), arg=message)
        assert page.is_visible("#create")  # the form still works
        # The table is still known to this browser: the next load that answers lists it.
        assert page.evaluate(f"localStorage.getItem('mahai.seat.{made['id']}')") == made["tokens"]["0"]
        page.unroute("**/api/tables?*")
        page.reload()
        page.wait_for_selector(f"#my-tables-list li[data-table='{made['id']}']")

        # No games at all: the sentence, in the chosen language, instead of an empty page.
        page.route("**/api/games?*", fail)
        page.goto(server.url + "/?lang=fr")
        page.wait_for_selector("#load-error")
        assert page.inner_text("#load-error") == translate("web", FAILED, "fr")
        assert not errors, errors
    finally:
        ctx.close()


def test_a_replay_of_an_unknown_table_says_so(server: Server, page: Any) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/t/nosuchtable/replay?lang=en")
    page.wait_for_selector("#load-error")
    text = page.inner_text("#load-error")
    assert text and "{" not in text and "Internal" not in text
    assert not errors, errors
