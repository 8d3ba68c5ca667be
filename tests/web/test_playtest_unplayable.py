"""The new-user play test of session 7: in Spades, a card you may not play on your turn (the
led suit must be followed, SPR-6; spades may not lead until broken, SPR-7) said nothing when
tapped: it was only a little darker, and a family member tapped it again and again. Now the
tap says so under the hand, in the player's language, and no move is sent; the next update
(a move made) clears the line."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import READY, Server, legal_now, perform

pytestmark = pytest.mark.web

HINT = "You cannot play that card now: choose one of the highlighted cards."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tapping_a_card_you_may_not_play_says_why_nothing_happened(server: Server, browser: Any,
                                                                    lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"],
                         options={"length": "single_hand"})
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    rng = random.Random(11)
    try:
        page = ctx.new_page()
        page.add_init_script("window.mahaiTiming = {trick: 0, reveal: 0, fly: 0};")
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + made["links"]["0"])
        for _ in range(80):
            page.wait_for_function(READY)
            assert page.evaluate("document.body.dataset.over") != "1", "no unplayable card met"
            legal = legal_now(page)
            if any(a.startswith("play ") for a in legal) and page.locator("#hand .unplayable").count():
                break
            choice = ("look" if "look" in legal else
                      rng.choice([a for a in legal if a != "blind_nil"] or legal))
            perform(page, choice)
        assert page.is_hidden("#hand-hint")  # nothing said before a tap
        version = page.evaluate("document.body.dataset.version")
        page.locator("#hand .unplayable").first.click(force=True)  # aria-disabled: Playwright would wait
        page.wait_for_selector("#hand-hint:not(:empty)")
        assert page.inner_text("#hand-hint") == translate("web", HINT, lang)
        assert page.is_visible("#hand-hint")
        page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.version") == version  # no move was sent
        assert page.inner_text("#error") == ""
        perform(page, rng.choice([a for a in legal_now(page) if a.startswith("play ")]))
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert page.locator("#hand-hint:not(:empty)").count() == 0
    finally:
        ctx.close()
