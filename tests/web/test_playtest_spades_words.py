"""The fresh-clone play test of session 20, Spades. The seat whose turn it is to bid said
"eskaintzen…" / "bidding…", which read like a word cut short (eu360-sp-first.png): it says "to
bid", as the players' list says "to act", in the four languages, with no ellipsis."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import Server, seat_page

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seat_to_bid_says_so_in_whole_words(server: Server, browser: Any, lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"],
                         options={"length": "single_hand"})
    with seat_page(server, browser, made, lang=lang, viewport={"width": 360, "height": 740}) as page:
        page.evaluate("""() => { const m = structuredClone(window.mahaiLast);
          m.view.phase = 'bid'; m.view.bids = [null, null, null, null]; m.view.turn = 0;
          window.mahaiRender(m); }""")
        chip = page.locator(".plate[data-seat='0'] .chip.muted")
        said = chip.inner_text()
        assert said == translate("web", "to bid", lang), said
        assert not said.endswith(("…", "...")), said
        box = chip.bounding_box()
        assert box is not None and box["height"] < 24, box  # one line
