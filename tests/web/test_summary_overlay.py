"""The check of session 20: bb8d8a2 left a stray "}" after the phone's score-sheet rules in
table.css. CSS reads a "}" at the top level as the start of the next rule's selector, so the
browser dropped the rule after it, `.overlay { position: fixed; … }`: the summary after a hand or
leg (its "Continue") came under the whole table, 1,180 px down a 740 px phone screen, with
nothing over the board, and on a desktop too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import Server, seat_page
from tests.web.test_long_names import CASES, messages
from tests.web.test_playtest_phone_sheets import names

CSS = Path(__file__).resolve().parents[2] / "mahai" / "server" / "static" / "css"


@pytest.mark.parametrize("sheet", sorted(p.name for p in CSS.glob("*.css")))
def test_every_brace_of_a_stylesheet_closes_one_it_opened(sheet: str) -> None:
    text = re.sub(r"/\*.*?\*/", "", (CSS / sheet).read_text(), flags=re.S)
    text = re.sub(r"\"[^\"\n]*\"|'[^'\n]*'", "", text)  # content: "{" is not a brace
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        for char in line:
            depth += {"{": 1, "}": -1}.get(char, 0)
            assert depth >= 0, f"{sheet}: a '}}' closes nothing (line {number} without comments): {line!r}"
    assert depth == 0, f"{sheet}: {depth} '{{' never closed"


@pytest.mark.web
@pytest.mark.parametrize("game", ["spades", "mille_bornes"])
def test_the_summary_after_a_hand_lies_over_the_table(server: Server, browser: Any, game: str) -> None:
    edition, players, options = CASES[game]
    made = server.create(game, ["person"] * players, edition=edition, options=options)
    *_, pause, _ = messages(game, edition, players, options)
    with seat_page(server, browser, made, viewport={"width": 360, "height": 740}) as page:
        for width, height in ((360, 740), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("m => window.mahaiRender(m)", dict(pause, names=names(game, "eu", players)))
            page.wait_for_selector("#summary .summary-table")
            box = page.evaluate("""() => { const s = document.getElementById('summary');
              const r = s.getBoundingClientRect();
              return { position: getComputedStyle(s).position, top: r.top, left: r.left, width: r.width,
                       height: r.height }; }""")
            # the whole screen, the sheet in it (not under the table, out of sight)
            whole = {"position": "fixed", "top": 0, "left": 0, "width": width, "height": height}
            assert box == whole, (width, box)
            # its sheet starts in sight (taller than the screen, the overlay scrolls to its "Continue")
            top = page.evaluate("document.querySelector('#summary .sheet').getBoundingClientRect().top")
            assert 0 <= top < height / 2, (width, top)
