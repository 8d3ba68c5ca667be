"""The fresh-clone play test of session 17: the last step of a finished DenboraZup game's replay
said "the coin has not been flipped yet" under "Easy 1 won." (the table's own end leaves it out,
but a replay frame says ``over: false``; the view's phase says the game is over)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_the_last_step_of_a_replay_flips_no_coin(server: Server, browser: Any, lang: str) -> None:
    # medium bots: a short game (random ones play for minutes: test_playtest_replay_title)
    made = server.create("denborazup", ["bot:medium"] * 2)
    for _ in range(300):
        if server.get(f"/api/tables/{made['id']}")["over"]:
            break
        time.sleep(0.2)
    else:
        raise AssertionError("the bots did not finish")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(f"{server.url}/t/{made['id']}/replay")
        page.wait_for_selector("#last")
        page.click("#last")
        last = server.get(f"/api/tables/{made['id']}/replay?count=1")["steps"] - 1
        page.wait_for_function(f"document.body.dataset.step === '{last}'")
        page.wait_for_selector("#board .dz-top")
        assert not page.query_selector("#board #coin"), page.inner_text("#board .dz-top")
        assert translate("web", "The coin has not been flipped yet.", lang) not in page.inner_text("body")
        # a step of the game in play still shows the coin (the first flip is step 1 or later)
        page.click("#first")
        page.wait_for_function("document.body.dataset.step === '0'")
        page.wait_for_selector("#board #coin")
    finally:
        ctx.close()
