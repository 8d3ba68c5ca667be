"""Session 20: the score sheets read well on a phone. At 360 × 740 the Spades hand summary's
first column (its bold row names) took a third of the width, so its side columns cut the bots'
names to "Aus… 2 + / Aus… 4", and a cell broke "Aus… 2:" with its "3" alone on the next line;
Mille Bornes' leg summary of three teams cut "Aus… 2", "Ind… 3" the same way, and the final
scores broke "-394" from "points". On a phone (up to 520 px) a breakdown's row name now stands
over its row, the sides share the whole width, a player's number and what they bid or took stay
on one line, a number stays with its word; a desktop keeps its table (row names beside their
rows). Pause and game over, in every language, with bot names as the server makes them
("Ausazkoa 2", "Indartsua 3"; SPR-12, MBR-14)."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games import get_game
from mahai.i18n import LANGUAGES, translate
from mahai.server.text import bot_name
from tests.web.server import Server, seat_page
from tests.web.test_long_names import CASES, messages

pytestmark = pytest.mark.web

# Each name word of a shown score table cut with "…" (its box narrower than its text).
CUT = r"""() => [...document.querySelectorAll('table.score .name .word')]
  .filter((w) => w.offsetParent !== null && w.scrollWidth > w.clientWidth + 1).map((w) => w.textContent)"""

# Each shown score table's cell as its lines (the words of each line, as laid out), for the cells
# that break a number from its name or its word: a line of numbers alone after a line that ends in
# ":" ("Aus… 2:" / "3"), or a cell of two lines, a number then one word ("-394" / "points").
ORPHANS = r"""() => {
  const out = [];
  const number = /^[-+−]?[\d.,\s\u00a0]+$/;
  for (const cell of document.querySelectorAll('table.score td')) {
    if (cell.offsetParent === null) continue;
    const lines = [];
    let bottom = -Infinity;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^ \n]+/g)) {
        const r = document.createRange();
        r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        const box = r.getBoundingClientRect();
        if (!box.height) continue;
        if (box.top >= bottom - 2) lines.push([]);  // below the words before it: a new line
        lines[lines.length - 1].push(m[0]);
        bottom = box.bottom;
      }
    }
    const text = lines.map((l) => l.join(' '));
    text.forEach((line, i) => {
      if (i && number.test(line) && /:$/.test(text[i - 1])) out.push(text.join(' / '));
    });
    if (text.length === 2 && number.test(text[0]) && !/\d/.test(text[1]) && !text[1].includes(' '))
      out.push(text.join(' / '));
  }
  return out;
}"""

# Each body row of the shown breakdowns whose row name is not beside its first cell.
STACKED = r"""() => [...document.querySelectorAll('table.summary-table tbody tr')]
  .filter((tr) => tr.offsetParent !== null)
  .filter((tr) => { const top = (c) => c.getBoundingClientRect().top;
    return Math.abs(top(tr.cells[0]) - top(tr.cells[1])) > 1; })
  .map((tr) => tr.cells[0].textContent)"""

SCROLLS = r"""() => [...document.querySelectorAll('table.score')].filter((t) => t.offsetParent !== null)
  .flatMap((t) => { const out = [];
    for (let a = t; a && a !== document.body; a = a.parentElement)
      if (a.scrollWidth > a.clientWidth + 1 && getComputedStyle(a).overflowX !== 'visible')
        out.push(a.className || a.id);
    return out; })"""


def names(game: str, lang: str, players: int) -> dict[str, str]:
    """Seat 0 "you", the others bots named as the server names twins: "Ausazkoa 2", "Indartsua 3"."""
    level = {bot: bot_name(get_game(game), bot, lang).capitalize() for bot in ("random", "strong")}
    out = {0: translate("web", "you", lang), 1: f"{level['random']} 2", 2: f"{level['strong']} 3",
           3: f"{level['random']} 4"}
    return {str(s): out[s] for s in range(players)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["spades", "mille_bornes"])
def test_score_sheets_read_well_on_a_phone(server: Server, browser: Any, game: str, lang: str) -> None:
    edition, players, options = CASES[game]
    made = server.create(game, ["person"] * players, edition=edition, options=options)
    *_, pause, final = messages(game, edition, players, options)
    problems: list[str] = []
    with seat_page(server, browser, made, lang=lang, viewport={"width": 360, "height": 740}) as page:
        for width, height in ((320, 640), (360, 740), (390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            for kind, msg in (("pause", pause), ("game over", final)):
                page.evaluate("m => window.mahaiRender(m)", dict(msg, names=names(game, lang, players)))
                page.wait_for_selector(("#summary" if kind == "pause" else "#gameover") + " .summary-table")
                page.wait_for_timeout(50)
                where = f"{lang} {width} px, {kind}"
                problems += [f"{where}: the name word {w!r} is cut" for w in page.evaluate(CUT)]
                problems += [f"{where}: a number alone on its line: {c!r}" for c in page.evaluate(ORPHANS)]
                problems += [f"{where}: scrolls sideways in {a}" for a in page.evaluate(SCROLLS)]
                stacked = page.evaluate(STACKED)
                if width == 1280 and stacked:  # a desktop keeps its table: row names beside their rows
                    problems.append(f"{where}: row names over their rows: {stacked}")
                if width < 1280 and len(stacked) < 3:
                    problems.append(f"{where}: row names beside their rows on a phone")
    assert not problems, "\n".join(problems)
