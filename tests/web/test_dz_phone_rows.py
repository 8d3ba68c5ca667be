"""DenboraZup on a phone (390 × 844): the player sees every card of their hand (DZR-3: five at
the start, more after a wrong placement, DZR-6) and every card of the last reveal (DZR-5) without
scrolling sideways: they lay in centred rows, three a row. On session 8's phone the hand showed
2½ of its 5 cards in a row that scrolled sideways, the reveal of four placements 2½ of 4.
The long timeline (DZR-13) may scroll sideways inside its panel, and says so: an arrow at each
end beyond which more cards lie (the cut card at the edge was the only sign).
The tie-break's events (DZR-9), each with its "Choose" under it, lie in a row as the hand does: the
play test of session 15 found each button beside its card, the three events one above the other
on a phone (and on a desktop a short card 15 px higher than the others)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from mahai.games import available_games
from mahai.i18n import LANGUAGES
from tests.web.server import Server, perform, seat_page

pytestmark = pytest.mark.web

# What of a row of cards lies beyond its box or the screen, sideways.
BEYOND = r"""(sel) => {
  const row = document.querySelector(sel);
  const out = [];
  if (row.scrollWidth > row.clientWidth + 1)
    out.push(`${sel} scrolls: ${row.scrollWidth} > ${row.clientWidth} px`);
  for (const c of row.querySelectorAll('.event')) {
    const r = c.getBoundingClientRect();
    if (r.left < -1 || r.right > innerWidth + 1)
      out.push(`a card of ${sel} at ${Math.round(r.left)}..${Math.round(r.right)} px`);
  }
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push('the page scrolls sideways');
  return out;
}"""

# The table's last message, with a hand of seven and a reveal of four placements (the reference
# card's face, on seats 0 and 1 in turn): as many as a game has after wrong placements.
BIGGER = r"""() => {
  const m = structuredClone(window.mahaiLast);
  const v = m.view;
  const base = v.hand;
  v.hand = [...Array(7).keys()].map((i) => base[i % base.length])
    .map((c, i) => ({ ...c, id: `${c.id}x${i}` }));
  v.hand_counts[m.seat] = 7;
  v.last_reveal = [...Array(4).keys()].map((i) => ({ seat: i % 2, call: false, correct: i % 2 === 0,
    card: { ...v.reference, id: `${v.reference.id}r${i}` } }));
  m.legal = m.legal.filter((e) => !e.action.startsWith('place'));
  window.mahaiRender(m);
}"""


# A tie-break among three of the hand's events (DZR-9), "choose" legal for each.
TIEBREAK = r"""() => {
  const m = structuredClone(window.mahaiLast);
  const options = m.view.hand.slice(0, 3);
  m.view.tiebreak = { options };
  m.legal = options.map((c) => ({ action: `choose ${c.id}` }));
  window.mahaiRender(m);
}"""

# Each tie-break option: its card's and its button's top and left (px).
OPTIONS = r"""() => [...document.querySelectorAll('#tiebreak .event')].map((card) => {
  const b = card.parentElement.querySelector('button[data-action]').getBoundingClientRect();
  const c = card.getBoundingClientRect();
  return { card: Math.round(c.top), bottom: Math.round(c.bottom), left: Math.round(c.left),
           button: Math.round(b.top), under: Math.round(b.left) }; })"""


@contextmanager
def open_table(server: Server, browser: Any, edition: str, width: int, lang: str = "eu") -> Iterator[Any]:
    made = server.create("denborazup", ["person", "bot:random"], edition=edition)
    with seat_page(server, browser, made, lang=lang, viewport={"width": width, "height": 844}) as page:
        # the coin flipped (by this player if it is theirs to flip), the bot decided: nothing
        # changes until this player decides
        page.wait_for_function("window.mahaiLast.legal.length > 0")
        if page.evaluate("window.mahaiLast.legal.some((e) => e.action === 'flip')"):
            perform(page, "flip")
        page.wait_for_function("window.mahaiLast.view.hand"
                               " && window.mahaiLast.legal.some((e) => e.action === 'pass')")
        page.wait_for_timeout(300)
        yield page


def test_the_hand_and_the_reveal_fit_a_phone_in_rows(server: Server, browser: Any) -> None:
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    with open_table(server, browser, "multi", 390) as page:
        assert page.locator("#hand .event").count() == 5
        assert page.evaluate(BEYOND, "#hand") == []  # the first deal's five cards
        page.evaluate(BIGGER)
        page.wait_for_selector("#reveal .reveal-item")
        assert page.locator("#hand .event").count() == 7
        assert page.locator("#reveal .reveal-item").count() == 4
        problems = page.evaluate(BEYOND, "#hand") + page.evaluate(BEYOND, "#reveal .reveal-row")
        assert problems == [], problems
        # rows a card player expects: three cards a row on a phone, the last row centred
        tops = page.eval_on_selector_all("#hand .event",
                                         "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert [tops.count(t) for t in dict.fromkeys(tops)] == [3, 3, 1], tops
        middle = page.evaluate("() => { const r = document.querySelectorAll('#hand .event')[6]"
                               ".getBoundingClientRect();"
                               " return Math.abs((r.left + r.right) / 2 - innerWidth / 2); }")
        assert middle < 12, middle
        # the tie-break: three events side by side, their tops level, each "Choose" under its card
        page.evaluate(TIEBREAK)
        page.wait_for_selector("#tiebreak .event")
        options = page.evaluate(OPTIONS)
        assert len(options) == 3, options
        assert len({o["card"] for o in options}) == 1, options
        assert len({o["button"] for o in options}) == 1, options
        assert all(o["button"] >= o["bottom"] and o["under"] == o["left"] for o in options), options
        assert page.evaluate(BEYOND, "#tiebreak") == []


LONGER = r"""(n) => {
  const m = structuredClone(window.mahaiLast);
  const t = m.view.timeline;
  m.view.timeline = [...Array(n).keys()].map((i) => t[i % t.length])
    .map((c, i) => ({ ...c, id: `${c.id}t${i}` }));
  window.mahaiRender(m);
}"""

# Headings that go down more than one level from the one before (h1 then h3), in page order.
SKIPPED = """() => { const out = []; let level = 0;
  for (const el of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const n = Number(el.tagName[1]);
    if (n > level + 1) out.push(`${el.tagName} ${el.textContent.trim()}`);
    level = n;
  }
  return out; }"""

ARROWS = """() => [...document.querySelectorAll('.tl-more')].filter((b) => b.offsetParent !== null)
  .map((b) => b.classList.contains('tl-left') ? 'left' : 'right')"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_long_timeline_shows_that_it_scrolls(server: Server, browser: Any, width: int) -> None:
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    with open_table(server, browser, "long", width) as page:
        assert page.locator("#timeline .event").count() == 1
        assert page.evaluate(ARROWS) == []  # one card: nothing beyond
        # the count apart from the title: "Denbora-lerroa karta 1" read as the line's first card
        assert page.inner_text(".timeline-panel h2") == "Denbora-lerroa · karta 1"
        # no heading level skipped from the page's h1 (the panels' h3s: axe's heading-order, the
        # play test of session 13)
        assert page.evaluate(SKIPPED) == []
        page.evaluate(LONGER, 14)
        page.wait_for_function("document.querySelectorAll('#timeline .event').length === 14")
        assert page.inner_text(".timeline-panel h2") == "Denbora-lerroa · 14 karta"
        page.wait_for_timeout(100)
        assert page.evaluate("(t => t.scrollWidth > t.clientWidth)(document.querySelector('#timeline'))")
        assert page.evaluate(ARROWS) == ["right"]
        assert page.get_attribute(".tl-right", "aria-label") == "Geroagoko gertakariak"
        page.click(".tl-right")  # a screenful further
        page.wait_for_function("document.querySelector('#timeline').scrollLeft > 0")
        page.wait_for_timeout(500)
        assert page.evaluate(ARROWS) == ["left", "right"]
        page.eval_on_selector("#timeline",
                              "t => { t.style.scrollBehavior = 'auto'; t.scrollLeft = t.scrollWidth; }")
        page.wait_for_timeout(100)
        assert page.evaluate(ARROWS) == ["left"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width


# Each shown arrow over the visible part of a card of the timeline (or of a slot), in px.
COVERED = r"""() => {
  const tl = document.querySelector('#timeline').getBoundingClientRect();
  const out = [];
  for (const b of document.querySelectorAll('.tl-more')) {
    if (b.offsetParent === null) continue;
    const a = b.getBoundingClientRect();
    for (const c of document.querySelectorAll('#timeline .event, #timeline .slot-btn')) {
      const r = c.getBoundingClientRect();
      const left = Math.max(r.left, tl.left, a.left), right = Math.min(r.right, tl.right, a.right);
      if (right - left > 0.5 && Math.min(r.bottom, a.bottom) > Math.max(r.top, a.top))
        out.push(`${b.className} over ${c.textContent.slice(0, 12)}: ${Math.round(right - left)} px`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (1366, 768)])
def test_the_timeline_arrows_cover_no_card(server: Server, browser: Any, size: tuple[int, int]) -> None:
    """The play test of session 18: on a phone the long timeline's arrows (DZR-13) lay over the
    words of the cards at its edges. They stand in a gutter beside the cards: wherever the
    timeline is scrolled, no arrow hides any part of a card."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    width, height = size
    with open_table(server, browser, "long", width) as page:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(LONGER, 14)
        page.wait_for_function("document.querySelectorAll('#timeline .event').length === 14")
        page.eval_on_selector("#timeline", "t => { t.style.scrollBehavior = 'auto'; }")
        for at in (0, 0.3, 0.5, 0.77, 1):
            page.eval_on_selector("#timeline", "(t, at) => {"
                                  " t.scrollLeft = at * (t.scrollWidth - t.clientWidth); }", at)
            page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            assert page.evaluate(ARROWS) != [], at
            assert page.evaluate(COVERED) == [], at
        assert page.evaluate("document.documentElement.scrollWidth") <= width


VERDICTS = r"""() => [...document.querySelectorAll('#reveal .verdict')].map((v) => {
  const card = v.closest('.event').getBoundingClientRect();
  const box = v.getBoundingClientRect();
  return { text: v.textContent, lines: box.height / parseFloat(getComputedStyle(v).fontSize),
           inside: box.left >= card.left - 0.5 && box.right <= card.right + 0.5
             && v.scrollWidth <= v.clientWidth + 0.5 };
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reveals_verdict_fits_one_line_of_its_card(server: Server, browser: Any, lang: str) -> None:
    """The play test of session 9: "✗ oker jarrita" (placed wrongly, DZR-5) broke onto two lines
    of its card in the reveal's rows of three on a phone; the longest verdict ("✓ bien colocada")
    now stays on one line inside its card in each language."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    with open_table(server, browser, "multi", 390, lang) as page:
        page.evaluate(BIGGER)
        page.wait_for_selector("#reveal .reveal-item")
        verdicts = page.evaluate(VERDICTS)
        assert {v["text"][0] for v in verdicts} == {"✓", "✗"}
        bad = [v for v in verdicts if v["lines"] > 1.6 or not v["inside"]]
        assert not bad, bad


def test_the_timeline_arrows_follow_the_pages_width(server: Server, browser: Any) -> None:
    """A window made narrower (a phone turned back upright) hides part of a timeline that fitted:
    its arrow appears (DZR-13); it was set at render only."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    with open_table(server, browser, "long", 1280) as page:
        page.evaluate(LONGER, 5)
        page.wait_for_function("document.querySelectorAll('#timeline .event').length === 5")
        page.wait_for_timeout(100)
        assert page.evaluate(ARROWS) == []
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert page.evaluate(ARROWS) == ["right"]
