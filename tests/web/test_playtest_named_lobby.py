"""The fresh-clone play test of session 9: a person who had chosen their name at a table, went
to the lobby and came back to the table ("Itzuli mahaira", or the take-back link after leaving
the seat to a bot) was asked "Ongi etorri mahaira … Zure izena" again (s4-B-retaken.png). The name
mark is kept per seat (``mahai.named.<table>.<seat>``); the lobby read the key's tail
"<table>.<seat>" as a table id, the server knew no such table, and the lobby forgot it, which
removed the mark. The lobby now reads the table's id out of it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.web


def seated(page: Any, seat: int) -> None:
    page.wait_for_function(f"window.mahaiLast !== undefined && document.body.dataset.seat === '{seat}'")
    page.wait_for_selector("#seat-panel h2")


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_named_person_back_from_the_lobby_is_not_asked_again(server: Server, browser: Any,
                                                                size: tuple[int, int]) -> None:
    made = server.create("spades", ["person", "person", "bot:random", "bot:random"])
    tid = made["id"]
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
    try:
        page.goto(server.url + made["links"]["1"])
        seated(page, 1)
        page.wait_for_selector("#seat-name")
        page.fill("#seat-name", "Mikel")
        page.click("#seat-name-save")
        page.wait_for_selector("#seat-welcome", state="hidden")
        page.goto(server.url + "/")
        page.wait_for_selector(f"#my-tables-list [data-table='{tid}'] a.resume")
        assert page.evaluate(f"localStorage.getItem('mahai.named.{tid}.1')") == "1"
        page.click(f"#my-tables-list [data-table='{tid}'] a.resume")
        seated(page, 1)
        page.wait_for_timeout(300)
        assert page.is_hidden("#seat-welcome")
        assert "Mikel" in page.inner_text("#seat-panel")
        # the table stays one table in the lobby's list (not also "<table>.1")
        page.goto(server.url + "/")
        page.wait_for_selector(f"#my-tables-list [data-table='{tid}']")
        assert page.locator("#my-tables-list li[data-table]").count() == 1
    finally:
        ctx.close()
