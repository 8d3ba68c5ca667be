"""Mille Bornes on a phone (390 × 844): an empty tableau is compact, so that at the start of a
two-player game (MBR-4: six cards each, nothing on the table; the draw makes seven) both tableaux
and the whole hand fit the screen without scrolling. Each empty tableau took 250 px (an empty
battle and speed pile the size of a card with a three-line name under it, and a row kept for
safeties not played yet) and the hand ended at 852 px, under the screen's bottom edge; now 137
and 626. A pile with a card (MBR-7 battle pile, MBR-9 speed pile) keeps the card's size."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server, seat_page

pytestmark = pytest.mark.web

MEASURE = r"""() => ({
  hand: document.querySelector('#hand').getBoundingClientRect().bottom + scrollY,
  cards: [...document.querySelectorAll('#hand .card')].map((c) => c.getBoundingClientRect().bottom + scrollY),
  tableaux: [...document.querySelectorAll('.tableau')].map((t) => t.getBoundingClientRect().height),
  page: document.documentElement.scrollHeight })"""


def test_empty_tableaux_leave_the_hand_on_a_phones_screen(server: Server, browser: Any) -> None:
    made = server.create("mille_bornes", ["person", "bot:random"])
    with seat_page(server, browser, made) as page:
        page.wait_for_function("window.mahaiLast.legal.length > 0")
        page.wait_for_timeout(300)
        assert page.evaluate("window.mahaiLast.view.tableaux"
                             ".every(t => !t.battle.length && !t.safeties.length)")
        m = page.evaluate(MEASURE)
        assert len(m["cards"]) >= 6
        assert max(m["cards"]) <= 844 and m["hand"] <= 844, m  # the whole hand on the first screen
        assert all(h <= 160 for h in m["tableaux"]), m
        # a pile with a card keeps the card's height (a small card: 2.6rem × 1.4 on a phone)
        page.evaluate("""() => { const m = structuredClone(window.mahaiLast);
          m.view.tableaux[0].battle = ['roll']; m.view.tableaux[0].rolling = true;
          window.mahaiRender(m); }""")
        page.wait_for_timeout(100)
        pile = page.eval_on_selector("[data-place='battle-0'] .card", "c => c.getBoundingClientRect().height")
        empty = page.eval_on_selector("[data-place='speed-0'] .card", "c => c.getBoundingClientRect().height")
        assert pile >= 55 and empty < pile * 0.7, (pile, empty)
