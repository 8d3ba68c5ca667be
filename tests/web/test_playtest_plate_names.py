"""The play test of session 9 (Spades, 4 players, 390 × 844): the top opponent's plate said
"Ausazkoa" on one line and "2" on the next. Every bot's default name (its level and its seat,
mahai/server/static/js/lobby.js botNames, each level of Spades) and an unnamed person's seat
("3. eserlekua") stay on one line of their plate in the four languages; where the longer word
does not fit it ends in "…" (the whole name is the plate's title) and the number stays whole:
it is what tells the seats apart. The random bots of the play test fit without any "…"."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games import get_game
from mahai.i18n import LANGUAGES
from tests.web.server import Server, seat_page

pytestmark = pytest.mark.web

PLATES = r"""() => [...document.querySelectorAll('.plate')].map((p) => {
  const name = p.querySelector('.name');
  const size = parseFloat(getComputedStyle(name).fontSize);
  const words = [...name.querySelectorAll('.word')];
  return { text: name.textContent, title: name.title, lines: name.getBoundingClientRect().height / size,
           cut: words.filter((w) => w.scrollWidth > w.clientWidth + 0.5).map((w) => w.textContent),
           wide: p.getBoundingClientRect().right > innerWidth || p.scrollWidth > p.clientWidth + 1 };
})"""


@pytest.mark.slow
def test_bot_and_seat_names_stay_on_one_line_of_their_plates(server: Server, browser: Any) -> None:
    """Also a person's seat before they chose a name ("3. eserlekua", "Seat 3", in a replay too)."""
    levels = [*get_game("spades").bots, "random", "person"]
    problems: list[str] = []
    for level in levels:
        made = server.create("spades", ["person", *[level if level == "person" else f"bot:{level}"] * 3])
        for lang in LANGUAGES:
            with seat_page(server, browser, made, lang=lang) as page:
                page.wait_for_selector(".plate .name")
                for p in page.evaluate(PLATES)[1:]:  # the three others
                    where = f"{lang} {level} {p['text']!r}"
                    if p["lines"] > 1.6:
                        problems.append(f"{where}: {p['lines']:.1f} lines")
                    if p["text"] != p["title"]:  # "Ausazkoa3": the space lost from the text
                        problems.append(f"{where}: reads {p['text']!r}, not {p['title']!r}")
                    if p["wide"]:
                        problems.append(f"{where}: wider than its plate or the screen")
                    if p["cut"] and (p["title"] != p["text"] or any(len(w) <= 3 for w in p["cut"])):
                        problems.append(f"{where}: cut {p['cut']} without its title, or its number cut")
                    if p["cut"] and level == "random":
                        problems.append(f"{where}: cut {p['cut']} (the play test's names fit whole)")
    assert not problems, "\n".join(problems)
