"""The fresh-clone play test of session 9, Mille Bornes on a phone (390x844, Basque): the piles'
names ran past their boxes, "Kilometroak" and "defentsarako" (of "Eraso eta defentsarako piloa",
the battle pile, MBR-7) 7-13 px past the 58 px a name had under a small card
(s2-A-phone-extend-extend-66.png). A name wraps between words, and its box is at least as wide as
its longest word, in every language, the piles empty (the start) or with cards.

The play test of session 15 (4 players, 360x740, Basque): a team's plate said "0 / 1000 km" beside
the centre's "Helburua: 1.000 km"; the plate writes its numbers as the page's language does
(docs/glossary.md: "1.000 km" in Basque, "1000 km" in Spanish and French), and still fits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server, seat_page

pytestmark = pytest.mark.web

# Each pile name: its box's width and its text's (a Range over the text: wider than the box when a
# word sticks out; the longest line when it wraps).
MEASURE = r"""() => [...document.querySelectorAll('.pile-name')].map((el) => {
  const r = document.createRange(); r.selectNodeContents(el);
  const box = el.getBoundingClientRect(), text = r.getBoundingClientRect();
  return { name: el.textContent, box: box.width, left: text.left - box.left, right: text.right - box.right,
           page: text.right }; })"""

FILL = """() => { const m = structuredClone(window.mahaiLast);
  for (const t of m.view.tableaux) { t.battle = ['roll']; t.rolling = true; t.speed = ['end_limit'];
    t.distance = ["25", "50", "75", "100", "200"]; t.km = 1000; }
  m.view.target = 1000; window.mahaiRender(m); }"""

# A team's distance on its plate, in the page's language (the FILL state: 1000 of 1000 km).
KM = {"eu": "1.000 / 1.000 km", "en": "1,000 / 1,000 km", "es": "1000 / 1000 km", "fr": "1000 / 1000 km"}


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_pile_names_fit_their_boxes_on_a_phone(server: Server, browser: Any, lang: str) -> None:
    made = server.create("mille_bornes", ["person", "bot:random"])
    with seat_page(server, browser, made, lang=lang) as page:
        page.wait_for_function("window.mahaiLast.legal.length > 0")
        page.wait_for_timeout(200)
        for state in ("start", "cards"):
            if state == "cards":
                page.evaluate(FILL)
                page.wait_for_timeout(100)
            names = page.evaluate(MEASURE)
            assert len(names) >= 5, names  # two tableaux' three piles, the discard pile
            for n in names:
                assert n["left"] >= -0.5 and n["right"] <= 0.5, (lang, state, n)
                assert n["page"] <= 390, (lang, state, n)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        plates = page.eval_on_selector_all(".tableau .km", "els => els.map(e => e.textContent)")
        assert set(plates) == {KM[lang]}, plates
