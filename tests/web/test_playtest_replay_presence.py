"""The play test of session 9: a replay showed the green "online" dot of the seats whose player
had the table open at that moment, news of now on a game of the past. A replay's plates show no
presence; the live table keeps its dots."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import PHONE, Server, seat_page

pytestmark = pytest.mark.web


def test_a_replay_shows_no_presence_dots(server: Server, browser: Any) -> None:
    made = server.create("spades", ["person", "bot:random", "person", "bot:random"])
    with seat_page(server, browser, made) as table:
        table.wait_for_selector(".plate .online-dot")  # seat 0 is here: the live table says so
        ctx = browser.new_context(viewport=PHONE)
        try:
            replay = ctx.new_page()
            replay.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
            replay.goto(f"{server.url}/t/{made['id']}/replay")
            replay.wait_for_selector(".plate .name")
            assert replay.evaluate("() => fetch(location.pathname.replace('/t/', '/api/tables/'))"
                                   ".then(r => r.json()).then(d => d.table.seats[0].online)"), \
                "the replay's data says seat 0 is online (else this test proves nothing)"
            assert replay.locator(".plate").count() == 4
            assert replay.locator(".online-dot").count() == 0
        finally:
            ctx.close()
