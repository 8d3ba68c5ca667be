"""The play test of session 20 (the lobby, 360 × 740, Basque): under the seats, a chosen bot's
line read "Indartsua: Jokalari indartsua: akats gutxi egiten ditu." — two colons, and the level
said twice. The lobby writes "<level>: <help>"; each level's help is now one phrase with no colon
of its own ("Akats gutxi egiten dituen jokalari indartsua."), in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_each_bot_levels_line_under_the_seats_has_one_colon(server: Server, browser: Any, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + "/")
        page.click("input[value=spades]")
        levels = page.eval_on_selector_all("#seat-1 option[value^='bot:']", "os => os.map(o => o.value)")
        assert len(levels) >= 5, levels
        for i, level in enumerate(levels):  # one bot of each level at the seats 2 to 4, by turns
            page.select_option(f"#seat-{1 + i % 3}", level)
            said = page.locator("#levels li").all_inner_texts()
            assert said, level
            for text in said:
                assert text.count(":") == 1, (lang, level, text)
                if lang == "fr":  # French writes "Facile : …", a space before the colon
                    assert re.search(r"\s:", text), text
    finally:
        ctx.close()
