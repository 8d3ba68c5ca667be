"""The fresh-clone play test of session 8, Mille Bornes at 1280 × 800: while the coup-fourré
prompt was open (MBR-10: a hazard played on you, your safety in hand) the prompt stood above the
table and pushed the bottom of your hand below the screen. The prompt and the whole hand are on
the screen together.

Session 10: laid over the top of the table instead, the prompt hid the opponents' plates, so you
could not see who attacked you. It now lies over the draw and discard piles (the middle of the
table), clear of every opponent's plate and of the hazard on your battle pile."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server
from tests.web.test_table_page import FAST, reach

pytestmark = pytest.mark.web

# Where the hand, the prompt, the opponents' plates and the hazard on your battle pile are, after
# the page has scrolled as it does on your turn.
WHERE = """(team) => {
    const box = (e) => { const b = e.getBoundingClientRect();
                         return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
    const r = (sel) => box(document.querySelector(sel));
    return {hand: r('#hand'), prompt: r('#window'), height: window.innerHeight,
            plates: [...document.querySelectorAll('.mb-others .plate')].map((p) => [p.dataset.seat, box(p)]),
            hazard: r(`[data-place="battle-${team}"] .card`)};
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes (CSS pixels) share some area."""
    return (a["left"] < b["right"] and b["left"] < a["right"]
            and a["top"] < b["bottom"] and b["top"] < a["bottom"])


def test_the_coup_fourre_prompt_leaves_the_hand_and_the_attacker_on_the_screen(server: Server,
                                                                              browser: Any) -> None:
    msg = reach("mille_bornes", "eu", 4,
                lambda g, s: 0 in s.to_act() and g.view(s, 0)["window"] is not None
                and any(a.notation().startswith("coup_fourre") for a in s.legal_actions(0)))
    view = msg["view"]
    team = view["team_of"][0]
    assert view["tableaux"][team]["battle"][-1] == view["window"]["hazard"]  # the hazard, on your pile
    made = server.create("mille_bornes", ["person"] * 4, edition="eu")  # two teams of two
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.add_init_script(script=FAST)
        page.add_init_script(f"localStorage.setItem('mahai.named.{made['id']}', '1');")
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined")
        for width, height in [(1280, 800), (1366, 768), (1024, 768)]:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.evaluate("m => window.mahaiRender(m)", msg)
            page.wait_for_selector("#window #coup-fourre")
            page.wait_for_timeout(400)  # the scroll of a turn that starts
            at = page.evaluate(WHERE, team)
            assert at["prompt"]["top"] >= 0 and at["prompt"]["bottom"] <= at["height"], (width, at)
            assert at["hand"]["top"] >= 0 and at["hand"]["bottom"] <= at["height"], (width, at)
            assert str(view["window"]["attacker"]) in [seat for seat, _ in at["plates"]]
            for seat, plate in at["plates"]:  # who attacked you, and everyone else at the top
                assert not overlap(at["prompt"], plate), (width, seat, at)
                assert plate["top"] >= 0, (width, seat, at)
            assert not overlap(at["prompt"], at["hazard"]), (width, at)
    finally:
        ctx.close()
