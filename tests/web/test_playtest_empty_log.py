"""The fresh-clone play test of session 9, DenboraZup (Basque, desktop 1280x800): a new table (after
a rematch) showed an empty "Jokaldiak" (moves log) box until the first coin flip (s7-B-rematch.png)
- the other games' logs start with a line of the deal. An empty log says so now, "Oraindik ez da
jokaldirik egin.", in the page's language, until the first move's line."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import READY, Server, legal_now, perform, seat_page

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_an_empty_log_says_no_move_yet(server: Server, browser: Any, lang: str) -> None:
    made = server.create("denborazup", ["person", "person"])  # nobody moves until a person does
    with seat_page(server, browser, made, lang=lang, viewport={"width": 1280, "height": 800}) as page:
        page.wait_for_selector("#log-empty:not([hidden])")
        assert page.inner_text("#log-empty") == translate("web", "No moves yet.", lang)
        assert not page.is_visible("#log")
        assert page.eval_on_selector_all("#log li", "els => els.length") == 0
        if page.evaluate("window.mahaiLast.legal.length") > 0:
            page.wait_for_function(READY)
            legal = legal_now(page)  # seat 0 flips the coin: the move's line replaces the sentence
            perform(page, legal[0])
            page.wait_for_selector("#log li")
            assert not page.is_visible("#log-empty") and page.is_visible("#log")
