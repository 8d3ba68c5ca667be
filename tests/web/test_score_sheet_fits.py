"""Session 8: on a phone (390 × 844) with long names (24 letters, the server's limit) the score
sheets fit their place: the folded sheet under the table, the pause after a hand or leg and the
final scores, in Spades, Mille Bornes and DenboraZup. A side's or a player's name wraps between
its words, or ends in "…" with the whole name in a tooltip (``title``); the sheet scrolled
sideways (Mille Bornes' "Zu + Bartolomeogoikoetxeandia" over a column, Spades' four names over
two). Mid-game, paused and finished states from tests/web/test_long_names.py (SPR-10, MBR-14)."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games import available_games
from tests.web.server import Server, seat_page
from tests.web.test_long_names import CASES, NAMES, messages

pytestmark = pytest.mark.web

# Every score table shown, and every box around it that may scroll: wider than its place?
# (a table's width beyond its box, a box's content beyond its width, the page beyond the screen)
OVERFLOW = r"""() => {
  const out = [];
  const name = (el) => `<${el.tagName.toLowerCase()}${el.id ? ' id="' + el.id + '"' : ''}`
    + ` class="${el.className}">`;
  const shown = (el) => el.offsetParent !== null
    && !el.closest('[hidden], details:not([open]) > :not(summary)');
  for (const table of document.querySelectorAll('table.score')) {
    if (!shown(table)) continue;
    for (let a = table; a && a !== document.body; a = a.parentElement) {
      if (a.scrollWidth > a.clientWidth + 1 && getComputedStyle(a).overflowX !== 'visible')
        out.push(`${name(table)} scrolls sideways in ${name(a)}: ${a.scrollWidth} > ${a.clientWidth} px`);
    }
    const r = table.getBoundingClientRect();
    if (r.right > innerWidth + 1)
      out.push(`${name(table)} ends at ${Math.round(r.right)} px > ${innerWidth}`);
  }
  const page = document.documentElement.scrollWidth;
  if (page > innerWidth + 1) out.push(`the page is ${page} px wide > ${innerWidth}`);
  return out;
}"""

# The names a sheet shows in full (their text, or the tooltip of a name cut with "…").
NAMED = r"""() => [...document.querySelectorAll('table.score')].filter((t) => t.offsetParent !== null)
  .map((t) => t.innerText + ' ' + [...t.querySelectorAll('[title]')].map((e) => e.title).join(' '))
  .join(' ')"""


@pytest.mark.parametrize("game", list(CASES))
def test_score_sheets_fit_a_phone_with_long_names(server: Server, browser: Any, game: str) -> None:
    if game not in available_games():
        pytest.skip(f"{game} is not installed")
    edition, players, options = CASES[game]
    made = server.create(game, ["person"] * players, edition=edition, options=options)
    shown = messages(game, edition, players, options)
    problems: list[str] = []
    with seat_page(server, browser, made) as page:
        for i, msg in enumerate(shown):
            page.evaluate("m => window.mahaiRender(m)", msg)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
            page.wait_for_timeout(50)
            kind = (["mid-game"] * (len(shown) - 2) + ["pause", "game over"])[i]
            problems += [f"{kind}: {p}" for p in page.evaluate(OVERFLOW)]
            if kind == "game over":  # every player is still named in full somewhere in the sheets
                named = page.evaluate(NAMED)
                for n in range(1, players):
                    assert all(word in named for word in NAMES[n].split()), (NAMES[n], named)
    assert not problems, "\n".join(dict.fromkeys(problems))


# Every name word in a shown score table that is cut ("…": its box narrower than its text).
CUT = r"""() => [...document.querySelectorAll('table.score .name .word')]
  .filter((w) => w.offsetParent !== null && w.scrollWidth > w.clientWidth + 1).map((w) => w.textContent)"""


def test_a_short_name_is_never_cut_where_there_is_room(server: Server, browser: Any) -> None:
    """Two players, "Zu" and "Ausazkoa": the phone's final scores and leg table keep both whole
    (a fixed limit for every sheet cut "Ausaz…" with half the width free; MBR-14)."""
    made = server.create("mille_bornes", ["person", "person"], edition="eu", options={"game_target": 1})
    *_, pause, final = messages("mille_bornes", "eu", 2, {"game_target": 1})
    with seat_page(server, browser, made) as page:
        for msg in (pause, final):
            msg["names"] = {"0": "zu", "1": "Ausazkoa"}
            page.evaluate("m => window.mahaiRender(m)", msg)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
            page.wait_for_timeout(50)
            assert page.locator("table.score .name .word", has_text="Ausazkoa").count() >= 1
            assert page.evaluate(CUT) == []
            assert page.evaluate(OVERFLOW) == []
