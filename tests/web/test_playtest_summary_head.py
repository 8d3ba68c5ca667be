"""The play test of session 20 (Spades, 360 × 740, Basque, three "ertaina" bots): the hand
summary's column head broke a bot's number from its name, "Ertaina 2 + Ertaina" then "4" alone
on the next line (SPR-12's sheet, one column a side). A name's short word (a bot's number, the
"+" between partners) now stays on the line of the word before it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server, seat_page
from tests.web.test_long_names import messages

pytestmark = pytest.mark.web

NAMES = {"0": "zu", "1": "Ertaina 2", "2": "Ertaina 3", "3": "Ertaina 4"}

# Each short word (at most three letters) of a name in ``sel`` whose line is not the line of the
# word before it: [the name, the word].
ORPHANS = """(sel) => [...document.querySelectorAll(sel + ' .name')].flatMap((name) => {
  const words = [...name.querySelectorAll('.word')];
  return words.slice(1).flatMap((w, i) => {
    const top = (e) => Math.round(e.getBoundingClientRect().top);
    return [...w.textContent].length <= 3 && top(w) !== top(words[i]) ? [[name.title, w.textContent]] : [];
  });
})"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_bots_number_stays_beside_its_name_in_the_summary_head(server: Server, browser: Any,
                                                                   width: int) -> None:
    made = server.create("spades", ["person"] * 4, options={"length": "single_hand"})
    *_, pause, _ = messages("spades", "standard", 4, {"length": "single_hand"})
    pause["names"] = NAMES
    with seat_page(server, browser, made, viewport={"width": width, "height": 740}) as page:
        page.evaluate("m => window.mahaiRender(m)", pause)
        page.wait_for_selector("#summary #hand-summary")
        heads = page.eval_on_selector_all("#hand-summary thead th", "ths => ths.map(th => th.innerText)")
        assert any("Ertaina 4" in h.replace("\n", " ") for h in heads), heads
        assert page.evaluate(ORPHANS, "#hand-summary thead") == [], heads
        # the sheet still fits the phone: no sideways scrolling
        assert page.evaluate("(s => s.scrollWidth <= s.clientWidth + 1)"
                             "(document.querySelector('#summary .sheet'))")
