"""The fresh-clone play test of session 9: in the table's list of players the online dot of the
player to act wrapped to a line of its own ("Vous · personne [doit jouer]" then "●" alone under
it, s4-B-lang-fr.png at 1280x800; "1. eserlekua · pertsona" then "txanda" alone in Basque): each
piece of the row was a flex item free to wrap. The dot now stays on the line of the words before
it, whatever the side panel's width."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.web

# For each width of the list: the rows whose online dot (the li's ::after) sits below the last
# word or pill before it, i.e. on a line of its own.
ORPHANS = """(widths) => {
  const list = document.getElementById('seats');
  const out = [];
  for (const w of widths) {
    list.style.width = w + 'px';
    for (const li of list.querySelectorAll('li.online')) {
      const before = li.lastElementChild.getBoundingClientRect();
      const row = li.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(li).lineHeight) || 20;
      if (row.bottom - before.bottom > line / 2) out.push([w, li.textContent]);
    }
  }
  list.style.width = '';
  return out;
}"""


@pytest.mark.parametrize("lang", ["fr", "eu"])
def test_the_online_dot_does_not_wrap_alone(server: Server, browser: Any, lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"], lang=lang)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
    page.add_init_script(f"localStorage.setItem('mahai.named.{made['id']}.0', '1');")
    try:
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast && window.mahaiLast.to_act.includes(0)")
        page.wait_for_selector("#seats li.me.online .pill")
        assert page.evaluate(ORPHANS, list(range(120, 320, 2))) == []
    finally:
        ctx.close()
