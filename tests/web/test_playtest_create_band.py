"""The fresh-clone play test of session 20 (the lobby, 1280 × 800): the sticky "Create table"
button floated over the Seat 3 row with nothing behind it but the page's own colour, the row cut
in half under it (en1280-lobby-filled.png). The button stands on a band of its own: white, a line
along its top, as wide as the form (on a phone too), and what it covers is under the band."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.web

BAND = """() => {
  const bar = document.querySelector('.create-bar'), form = document.getElementById('new-table');
  const b = bar.getBoundingClientRect(), f = form.getBoundingClientRect(), s = getComputedStyle(bar);
  const x = f.left + 2, y = b.top + 2;  // the band's left end, beside the button
  return {bar: [b.left, b.right, b.top, b.bottom], form: [f.left, f.right], height: innerHeight,
          background: s.backgroundColor, page: getComputedStyle(document.body).backgroundColor,
          line: parseFloat(s.borderTopWidth), under: bar.contains(document.elementFromPoint(b.right - 4, y)),
          left: bar.contains(document.elementFromPoint(x, y))};
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844), (360, 740)])
def test_the_create_button_stands_on_a_band_of_its_own(server: Server, browser: Any, width: int,
                                                       height: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('mahai.lang', 'en');")
        page.goto(server.url + "/")
        page.check("#game-mille_bornes")
        page.click("input[name=players][value='3']", force=True)
        page.select_option("#seat-1", "person")
        page.fill("#name-1", "Bob")  # the focused field scrolls into view: the seats under the band
        at = page.evaluate(BAND)
        assert at["bar"][3] == pytest.approx(at["height"], abs=1), at  # stuck to the screen's bottom
        assert at["background"] not in (at["page"], "rgba(0, 0, 0, 0)"), at  # a band, not the page
        assert at["line"] >= 1, at
        assert at["bar"][0] <= at["form"][0] and at["bar"][1] >= at["form"][1], at  # the form's width
        assert at["under"] and at["left"], at  # the rows it covers are under it, both ends
    finally:
        ctx.close()
