"""The fresh-clone play test of session 20 (an invitation, on Bob's phone, 390 × 844): the bar
"Your name [Bob] Sit down" stayed above the board while Bob, already at his seat, played his
turns (eu390-bob-turn.png). A seat the creator named is not asked for its name (the seat panel
says "You play as Bob." and keeps "Change my name"); a seat without a name is asked until its
person plays a first move, and then not again (the panel keeps "Choose a name")."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import READY, Server, legal_now, perform

pytestmark = pytest.mark.web


def open_seat(browser: Any, server: Server, link: str, lang: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
    page.goto(server.url + link)
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat !== ''")
    page.wait_for_selector("#seat-panel h2")
    return ctx, page


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_a_seat_named_by_the_creator_is_not_asked_again(server: Server, browser: Any, lang: str) -> None:
    seats = [{"kind": "person", "name": "Alice"}, {"kind": "person", "name": "Bob"},
             {"kind": "bot", "bot": "random"}]
    made = server.post("/api/tables", {"game": "mille_bornes", "edition": "eu", "options": {}, "lang": lang,
                                       "seats": seats})
    ctx, page = open_seat(browser, server, made["links"]["1"], lang)
    try:
        page.wait_for_timeout(300)  # the welcome and the state have both come
        assert page.is_hidden("#seat-welcome")
        assert translate("web", "You play as {name}.", lang, name="Bob") in page.inner_text("#seat-panel")
        page.click("#rename")  # the name can still be changed, from the panel
        page.wait_for_selector("#seat-name")
        assert page.input_value("#seat-name") == "Bob"
    finally:
        ctx.close()


def test_an_unnamed_seat_is_asked_until_its_person_plays(server: Server, browser: Any) -> None:
    made = server.create("mille_bornes", ["person", "bot:random"], edition="eu")
    ctx, page = open_seat(browser, server, made["links"]["0"], "eu")
    try:
        page.wait_for_selector("#seat-welcome:not([hidden])")
        page.wait_for_function(READY)
        perform(page, legal_now(page)[0])  # the first move: the person sits here
        page.wait_for_selector("#seat-welcome", state="hidden")
        assert page.inner_text("#rename") == translate("web", "Choose a name", "eu")
        page.reload()
        page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '0'")
        page.wait_for_selector("#seat-panel h2")
        page.wait_for_timeout(300)
        assert page.is_hidden("#seat-welcome")
    finally:
        ctx.close()
