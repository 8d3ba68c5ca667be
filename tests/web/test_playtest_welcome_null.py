"""The fresh-clone play test of session 9: the welcome of an invitation link read "Ongi etorri
mahaira / null / Aukeratu besteek …" (s1-B-welcome.png, 1280x800, Basque). The welcome's
paragraph about a seat open on another device is absent on a first opening, and the DOM's own
``replaceChildren`` wrote that absence as the text "null"; :func:`fill` skips it."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server

pytestmark = pytest.mark.web


@pytest.mark.parametrize(("lang", "size"), [("eu", (1280, 800)), ("en", (390, 844))])
def test_the_welcome_says_no_null(server: Server, browser: Any, lang: str, size: tuple[int, int]) -> None:
    made = server.create("spades", ["person", "person", "bot:random", "bot:random"])
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
    try:
        page.goto(server.url + made["links"]["1"])
        page.wait_for_selector("#seat-welcome:not([hidden])")
        page.wait_for_function("window.mahaiLast && window.mahaiLast.seat === 1")
        said = page.inner_text("#seat-welcome")
        assert "null" not in said and "undefined" not in said
        texts = page.evaluate("""() => [...document.getElementById('seat-welcome').childNodes]
            .filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent)""")
        assert texts == []  # the welcome is a title, paragraphs and the form: no loose text
        lines = [line.strip() for line in said.splitlines() if line.strip()]
        assert lines[0] == translate("web", "Welcome to the table", lang)
        choose = "Choose the name the others will see at the table and in the log."
        assert lines[1] == translate("web", choose, lang)
    finally:
        ctx.close()
