"""The fresh-clone play test of session 9, the lobby on a phone (390x844, Basque): the links of "Nire
mahaiak" (my tables), "Itzuli mahaira", "Gonbidapenak", were lines of text some 18 px tall, small to
tap (s4-A-lobby-phone-full.png). Each link is a target at least 24x24 CSS px (WCAG 2.5.8) - about
40 px tall - and the list stays short (the links share one row)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import PHONE, Server

pytestmark = pytest.mark.web

BOXES = r"""() => [...document.querySelectorAll('#my-tables-list a')].map((a) => {
  const r = a.getBoundingClientRect();
  return { text: a.textContent, w: r.width, h: r.height, top: r.top }; })"""


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_my_tables_links_are_big_enough_to_tap(server: Server, browser: Any, lang: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        page.fill("#name-0", "Ane")
        page.click("#create")
        page.wait_for_function("location.pathname.startsWith('/t/')")
        page.goto(server.url + "/")
        page.wait_for_selector("#my-tables-list a")
        links = page.evaluate(BOXES)
        assert len(links) >= 2, links  # back to the table, invitations
        for link in links:
            assert link["w"] >= 24 and link["h"] >= 36, link  # WCAG 2.5.8 asks 24; a finger, about 40
        assert len({round(link["top"]) for link in links}) == 1, links  # one row
        item = page.locator("#my-tables-list li").first.bounding_box()
        assert item["height"] <= 180, item  # 152 px with its links as lines of text
    finally:
        ctx.close()
