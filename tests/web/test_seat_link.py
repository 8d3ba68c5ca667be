"""A table address whose ``?seat=`` opens no seat (empty: a link cut short; unknown: mistyped
or another table's) says so in the viewer's language, with the two ways on: watch the game,
or go back to the lobby. The page used to watch silently (an empty token), or showed the
refusal in the error line, which the next move cleared. On a finished table the notice stands
over the game-over panel: it came under the panel and its score sheet, below a phone's first
screen (the play test of session 15)."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import Server

pytestmark = pytest.mark.web

TITLE = "This seat link is not valid"
TEXT = ("It may have been cut short, or belong to another table. You can watch the game as a "
        "spectator, or go back to the lobby and ask for your link again.")
SHOWN = "!document.getElementById('seat-invalid').hidden"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_link_that_opens_no_seat_says_so(server: Server, browser: Any, lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"])
    tid = made["id"]
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        for query in ("?seat=", "?seat=not-a-token"):
            ctx = browser.new_context(viewport=size)
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            try:
                page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
                page.goto(f"{server.url}/t/{tid}{query}")
                page.wait_for_function(f"window.mahaiLast !== undefined && {SHOWN}")
                assert page.inner_text("#seat-invalid-title") == translate("web", TITLE, lang)
                assert translate("web", TEXT, lang) in page.inner_text("#seat-invalid")
                assert page.get_attribute("#seat-invalid-lobby", "href") == "/"
                assert page.inner_text("#seat-invalid-lobby") == translate("web", "Back to the lobby", lang)
                assert page.evaluate("document.body.dataset.seat") == ""
                assert page.inner_text("#error") == ""  # said once, in the notice
                # the notice is on the screen, above the table
                top, board = page.evaluate("['seat-invalid', 'board'].map("
                                           "i => document.getElementById(i).getBoundingClientRect().top)")
                assert 0 <= top < board, (top, board)
                page.click("#seat-invalid-watch")
                assert page.is_hidden("#seat-invalid")
                assert page.evaluate(f"localStorage.getItem('mahai.seat.{tid}')") is None
                page.reload()
                page.wait_for_function("window.mahaiLast !== undefined")
                assert page.is_hidden("#seat-invalid")  # watching now, as chosen
                assert not errors, errors
            finally:
                ctx.close()


def test_a_good_seat_link_shows_no_notice(server: Server, browser: Any) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined")
        page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.seat") == "0"
        assert page.is_hidden("#seat-invalid")
    finally:
        ctx.close()


def test_the_notice_stands_over_a_finished_games_panel(server: Server, browser: Any) -> None:
    # bots alone: over at once; a finished game's page taller than the screen (a Mille Bornes
    # leg's score sheet on a phone) was scrolled down to its panel, past the notice over it
    made = server.create("nim", ["bot:random", "bot:random"])
    ctx = browser.new_context(viewport={"width": 390, "height": 400})  # a page taller than the screen
    try:
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
        page.goto(f"{server.url}/t/{made['id']}?seat=not-a-token")
        page.wait_for_function(f"document.body.dataset.over === '1' && {SHOWN}", timeout=60_000)
        page.wait_for_timeout(600)  # a smooth scroll ends
        top, panel = page.evaluate("['seat-invalid', 'gameover'].map("
                                   "i => document.getElementById(i).getBoundingClientRect().top)")
        assert -1 <= top < panel, (top, panel)  # in sight (a fraction of a pixel scrolled)
    finally:
        ctx.close()
