"""A move made while the page has no connection (the server gone, the phone between networks) was
dropped without a word: the page's ``act`` returned when the socket was not open, and a move sent
on a socket that then closed was lost as silently. Now the page says the move waits, keeps it and
sends it once it is connected again, if the table is as it was (same version, the move still
legal); otherwise the server's own refusal applies (``stale_version``). The server is killed
(SIGKILL) and restarted on the same database, as in tests/web/test_restart.py."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import READY, Server, legal_now

pytestmark = pytest.mark.web

WAITS = "No connection: your move will be sent when the connection is back."


@pytest.mark.own_server  # killed and restarted
def test_a_move_made_while_disconnected_is_sent_when_the_connection_is_back(server: Server,
                                                                             browser: Any) -> None:
    made = server.create("mille_bornes", ["person", "person"], edition="eu", options={"game_target": 1})
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function(READY)
        assert legal_now(page) == ["draw"], "seat 0 begins with a draw (MBR-4)"
        server.kill()
        page.wait_for_function("document.body.dataset.connected === '0'", timeout=10_000)
        page.locator('[data-action="draw"]').click()
        page.wait_for_function("document.getElementById('error').textContent !== ''", timeout=5_000)
        assert page.inner_text("#error") == translate("web", WAITS, "eu")
        assert page.evaluate("document.body.dataset.version") == "0"
        server.restart()
        page.wait_for_function("document.body.dataset.version === '1'", timeout=30_000)
        assert page.inner_text("#error") == ""
        assert page.evaluate("window.mahaiLast.view.hand.length") == 7  # drawn: six and one
        assert server.get(f"/api/tables/{made['id']}")["version"] == 1
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_waiting_move_is_said_in_every_language(lang: str) -> None:
    said = translate("web", WAITS, lang)
    assert said != WAITS or lang == "en"
    assert said.endswith(".")
