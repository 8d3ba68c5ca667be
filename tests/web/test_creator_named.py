"""A person who creates a table for themselves alone, with the name typed in the
lobby, is not asked for it again at the table (the "Welcome to the table, choose
your name" box stayed above the table all game, 200 px of a phone's screen); one
who typed no name is asked. With several people, the creator's seat is not asked
either, and another person sitting down in the same browser (one phone passed
round the table) still is."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server


@pytest.mark.parametrize("name", ["Ane", ""])
def test_the_lobbys_name_is_the_table_name_of_a_lone_creator(server: Server, page: Any, name: str) -> None:
    page.goto(server.url + "/")
    page.check("#game-nim")
    page.fill("#name-0", name)
    page.click("#create")  # one person: straight to the table
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '0'")
    page.wait_for_selector("#seat-panel h2")
    if name:
        assert page.is_hidden("#seat-welcome")
        assert name in page.inner_text("#seat-panel")
        assert page.is_visible("#rename")  # the name can still be changed
    else:
        page.wait_for_selector("#seat-name")
        assert page.is_visible("#seat-welcome")
        # sat down without a name: the panel's button says to choose one (it said "Change my
        # name" under "You have not chosen a name yet.": the play test of session 13)
        page.click("#seat-name-save")
        page.wait_for_selector("#seat-welcome", state="hidden")
        assert translate("web", "You have not chosen a name yet.", "eu") in page.inner_text("#seat-panel")
        assert page.inner_text("#rename") == translate("web", "Choose a name", "eu")


def test_the_creators_seat_is_named_and_the_next_person_in_the_same_browser_is_asked(
        server: Server, page: Any) -> None:
    from tests.web.test_invite import create_in_lobby, shown_urls

    tid = create_in_lobby(page, server.url, ["Ane", ""])
    seats = page.eval_on_selector_all("#links [data-state='open']", "els => els.map(e => e.dataset.seat)")
    links = dict(zip(seats, shown_urls(page), strict=True))
    page.goto(links["0"])
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '0'")
    page.wait_for_selector("#seat-panel h2")
    assert page.is_hidden("#seat-welcome")  # the box stayed above the table all game
    assert "Ane" in page.inner_text("#seat-panel")
    page.goto(links["1"])  # the phone passed to the next person
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '1'")
    page.wait_for_selector("#seat-name")
    assert page.is_visible("#seat-welcome")
    assert tid in page.url
