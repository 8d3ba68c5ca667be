"""The fresh-clone play test of session 8, Mille Bornes at 1280 × 800: while the coup-fourré
prompt was open (MBR-10: a hazard played on you, your safety in hand) the prompt stood above the
table and pushed the bottom of your hand below the screen. The prompt and the whole hand are on
the screen together."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server
from tests.web.test_table_page import FAST, reach

pytestmark = pytest.mark.web

# Where the hand and the prompt are, after the page has scrolled as it does on your turn.
WHERE = """() => {
    const r = (sel) => { const b = document.querySelector(sel).getBoundingClientRect();
                         return {top: b.top, bottom: b.bottom}; };
    return {hand: r('#hand'), prompt: r('#window'), height: window.innerHeight};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_the_coup_fourre_prompt_leaves_the_hand_on_the_screen(server: Server, browser: Any,
                                                              size: tuple[int, int]) -> None:
    msg = reach("mille_bornes", "eu", 2,
                lambda g, s: 0 in s.to_act() and g.view(s, 0)["window"] is not None
                and any(a.notation().startswith("coup_fourre") for a in s.legal_actions(0)))
    made = server.create("mille_bornes", ["person", "person"], edition="eu")
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = ctx.new_page()
        page.add_init_script(script=FAST)
        page.add_init_script(f"localStorage.setItem('mahai.named.{made['id']}', '1');")
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined")
        page.evaluate("m => window.mahaiRender(m)", msg)
        page.wait_for_selector("#window #coup-fourre")
        page.wait_for_timeout(400)  # the scroll of a turn that starts
        at = page.evaluate(WHERE)
        assert at["prompt"]["top"] >= 0 and at["prompt"]["bottom"] <= at["height"], at
        assert at["hand"]["top"] >= 0 and at["hand"]["bottom"] <= at["height"], at
    finally:
        ctx.close()
