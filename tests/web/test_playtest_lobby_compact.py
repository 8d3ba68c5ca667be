"""The play test of session 9: on a phone (390 × 844) the lobby was 2,770 px long and "Create
table" lay 2,400 px down, under four game cards with pictures and sentences and four editions
with theirs. On a phone a game or an edition now takes one line, the chosen one's sentence and
"How to play" under it; "Create table" stays in sight at the bottom of the screen (on a desktop
too: it was under the fold at 1280 × 800), and a field reached by the keyboard is not left under
it. A desktop keeps every game's picture and sentence. The toy Nim (a developer's example) is
the last game, marked as one."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import PHONE, Server

pytestmark = pytest.mark.web

SHOWN = r"""(sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null)
  .map((e) => e.id)"""


def open_lobby(server: Server, browser: Any, viewport: dict[str, int]) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    return ctx, page


def in_sight(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"])


def test_the_phone_lobby_is_compact_and_create_is_in_sight(server: Server, browser: Any) -> None:
    ctx, page = open_lobby(server, browser, PHONE)
    try:
        assert in_sight(page, "#create")
        assert page.evaluate("document.documentElement.scrollHeight") <= 2000  # was 2,770
        assert page.locator("fieldset.games").bounding_box()["height"] <= 420  # was 1,060
        assert page.locator("fieldset.editions").bounding_box()["height"] <= 330  # was 560
        assert page.evaluate(SHOWN, ".games .about") == ["game-mille_bornes-about"]
        page.check("#game-spades")
        assert page.evaluate(SHOWN, ".games .about") == ["game-spades-about"]
        assert page.locator(".games .rules-link:visible").count() == 1
        # the last name field, reached by the keyboard, is not under the bar
        page.focus("#name-3")
        bar = page.locator(".create-bar").bounding_box()
        field = page.locator("#name-3").bounding_box()
        assert field["y"] + field["height"] <= bar["y"] + 1, (field, bar)
        page.fill("#name-0", "Ane")
        page.click("#create")
        page.wait_for_function("location.pathname.startsWith('/t/')")  # one person: the table
    finally:
        ctx.close()


def test_the_desktop_lobby_keeps_its_pictures_and_sentences(server: Server, browser: Any) -> None:
    ctx, page = open_lobby(server, browser, {"width": 1280, "height": 800})
    try:
        assert in_sight(page, "#create")
        games = page.eval_on_selector_all(".games .choice input", "els => els.map(e => e.value)")
        assert page.evaluate(SHOWN, ".games .about") == [f"game-{g}-about" for g in games]
        assert page.locator(".games .choice img:visible").count() == len(games)
        # the toy Nim: last, marked as a developer's example, not chosen first
        assert games[-1] == "nim" and page.is_checked("#game-mille_bornes")
        marks = page.eval_on_selector_all(".games .choice .example", "els => els.map(e => e.textContent)")
        assert marks == [translate("web", "Example for developers", "eu")]
        assert page.locator(".choice:has(#game-nim) .example").count() == 1
    finally:
        ctx.close()


def test_many_of_my_tables_leave_create_in_sight_on_a_phone(server: Server, browser: Any) -> None:
    """"My tables" comes first (the way back to a game); on a phone "Create table" is still on
    the first screen: a table takes its game, its seats, its links, and the date it leaves the
    list in small type (each took 170 px, 580 for three), and the list shows the three latest,
    then "Show all (6)" (session 10: with six tables the form began below the first screen)."""
    made = [server.create(g, ["person", "person", *["bot:random"] * n])
            for g, n in (("spades", 2), ("mille_bornes", 1), ("denborazup", 0)) * 2]
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('mahai.lang', 'eu');" + "".join(
            f"localStorage.setItem('mahai.creator.{m['id']}', '{m['creator']}');" for m in made))
        page.goto(server.url + "/")
        page.wait_for_function("document.querySelectorAll('#my-tables-list li').length === 6")
        assert in_sight(page, "#create")
        assert page.locator("#my-tables-list li:visible").count() == 3
        # 500 px; 548 since a table's links are 36 px targets (test_playtest_lobby_targets.py); 600
        # with "Show all"
        assert page.locator("#my-tables").bounding_box()["height"] <= 600
        more = translate("web", "Show all ({n})", "eu").replace("{n}", "6")
        assert page.inner_text("#my-tables-more") == more
        page.click("#my-tables-more")
        assert page.locator("#my-tables-list li:visible").count() == 6
        assert page.locator("#my-tables-more").count() == 0
        # the keyboard goes on at the first table shown now
        assert page.evaluate("document.activeElement.closest('li') === "
                             "document.querySelectorAll('#my-tables-list li')[3]")
    finally:
        ctx.close()
