"""The fresh-clone play test of session 20, DenboraZup on a phone (360 × 740, Basque): one hand
card's title ("Gernikako Estatutua erreferendumean onartu zuten") stood in smaller type than its
neighbours (eu360-dz-picked.png), as ``fitTitles`` shrank only the title whose long word did not
fit. The cards of a row now share one size, the smallest one of them needs (Debian's chromium
hyphenates nothing: ``hyphens: auto`` has no dictionaries there), and every title still fits its
card (tests/web/test_dz_card_words.py measures all 182)."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games.denborazup import GAME
from tests.web.server import Server
from tests.web.test_dz_card_words import dz_phone_page

pytestmark = pytest.mark.web

# a hand of the play test's cards: two with "Ermandadearen", one with "erreferendumean"
CARDS = ("parientes-challenge", "gipuzkoa-brotherhood", "gernikako-estatutua", "alava-hermandad")

SIZES = """() => [...document.querySelectorAll('#hand .ev-title')].map((e) =>
  [e.textContent, parseFloat(getComputedStyle(e).fontSize), e.scrollWidth - e.clientWidth])"""


@pytest.mark.parametrize("lang", ["eu", "es"])
def test_the_cards_of_a_hand_share_one_title_size(server: Server, browser: Any, lang: str) -> None:
    events = {c.id: c for c in GAME.deck.events}
    hand = [{"id": f"h{i}", "title": events[c].titles} for i, c in enumerate(CARDS)]
    with dz_phone_page(server, browser, lang) as (page, errors):
        for width, height in ((360, 740), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("h => { const m = structuredClone(window.mahaiLast); m.view.hand = h; "
                          "window.mahaiRender(m); }", hand)
            page.wait_for_timeout(200)  # the resize's refit, once a frame
            sizes = page.evaluate(SIZES)
            assert len(sizes) == len(CARDS)
            assert len({size for _, size, _ in sizes}) == 1, (width, sizes)
            assert all(over <= 1 for _, _, over in sizes), (width, sizes)  # each still fits its card
        assert not errors, errors
