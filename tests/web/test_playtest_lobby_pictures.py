"""The fresh-clone play test of session 9, the lobby on a desktop (1280x800, Basque): Nim's badge
"Garatzaileentzako adibidea" (example for developers) stood beside its title, wrapped the title's
line, and Nim's picture sat lower than the other games' pictures in their row. The badge comes
after the picture now: the pictures of a row are level, on a desktop and in every language; on a
phone the badge is under the title.

The play test of session 15 (1280x800, French): "Exemple pour les développeurs" in one line
widened its grid column, and Nim's title, picture, badge and sentence stood 13 px out of the card's
right side. Nothing of a game's card stands out of it, in any language, at either width."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import PHONE, Server

pytestmark = pytest.mark.web

# Each game card's content that stands out of its border box (px; none is the fix).
OUTSIDE = r"""() => [...document.querySelectorAll('.games .choice')].flatMap((card) => {
  const c = card.getBoundingClientRect();
  return [...card.querySelectorAll('*')].map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.right > c.right + 0.5 || r.left < c.left - 0.5))
    .map(([e, r]) => `${card.querySelector('input').id} ${e.tagName}.${e.className}: `
      + `${Math.round(r.left - c.left)}..${Math.round(r.right - c.left)} of ${Math.round(c.width)}`); })"""

PICTURES = r"""() => [...document.querySelectorAll('.games .choice img')].map((i) => {
  const r = i.getBoundingClientRect(); return { src: i.getAttribute('src'), top: r.top, left: r.left }; })"""


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
@pytest.mark.parametrize("width", [1280, 1000])
def test_the_games_pictures_are_level(server: Server, browser: Any, lang: str, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + "/")
        page.wait_for_selector(".games .choice .example")
        pictures = page.evaluate(PICTURES)
        assert len(pictures) >= 4, pictures
        card_tops = page.eval_on_selector_all(".games .choice",
                                              "els => els.map(e => e.getBoundingClientRect().top)")
        rows: dict[int, list[float]] = {}
        for card, picture in zip(card_tops, pictures, strict=True):
            rows.setdefault(round(card), []).append(picture["top"])
        assert any(len(tops) > 1 for tops in rows.values()), rows  # a row of several games
        for tops in rows.values():
            assert max(tops) - min(tops) <= 1, (lang, width, pictures)
        assert page.evaluate(OUTSIDE) == [], (lang, width)
    finally:
        ctx.close()


def test_the_badge_is_in_its_card_on_a_phone(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
        page.goto(server.url + "/")
        badge = page.locator(".choice:has(#game-nim) .example").bounding_box()
        card = page.locator(".choice:has(#game-nim)").bounding_box()
        assert badge and card
        assert card["x"] <= badge["x"] and badge["x"] + badge["width"] <= card["x"] + card["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
