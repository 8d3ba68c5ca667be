"""The play test of session 9 (Mille Bornes, 4 players, 390 × 844): after every hazard each
attacked player other than the next one is asked about a coup fourré, holder of the safety or
not (MBR-10; mahai.games.mille_bornes: whether a seat is asked must not tell what it holds, so
the engine keeps asking everyone). A player without the safety got the same red alert as a
holder (141 px: the hazard's card, "Erasoa: …", a big "Kontraerasorik ez"). Now their prompt is
one quiet line (no alert, no card) that says they hold no safety for it, with "Kontraerasorik ez"
as the one thing to do; a holder keeps the alert and its "Kontraerasoa!" button."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server, seat_page
from tests.web.test_table_page import reach

pytestmark = pytest.mark.web


def asked(holds: bool) -> Any:
    """Seat 0 asked about a coup fourré (pending, not the next player), holding the safety or not."""
    def want(game: Any, state: Any) -> bool:
        calls = any(a.notation().startswith("coup_fourre") for a in state.legal_actions(0))
        return 0 in state.pending and calls == holds
    return want


@pytest.mark.parametrize("holds", [False, True])
def test_a_pointless_coup_fourre_question_is_one_quiet_line(server: Server, browser: Any,
                                                            holds: bool) -> None:
    msg = reach("mille_bornes", "eu", 4, asked(holds))
    assert [e["action"] for e in msg["legal"]].count("decline") == 1
    made = server.create("mille_bornes", ["person"] * 4, edition="eu")
    with seat_page(server, browser, made) as page:
        page.evaluate("m => window.mahaiRender(m)", msg)
        page.wait_for_selector("#window #decline")
        prompt = page.locator("#window")
        if holds:  # a real choice: the alert stays
            assert prompt.get_attribute("role") == "alert"
            assert page.locator("#window #coup-fourre").count() == 1
            return
        assert prompt.get_attribute("role") == "status"
        assert "urgent" not in (prompt.get_attribute("class") or "")
        assert page.locator("#window .card").count() == 0
        hazard = msg["labels"][msg["view"]["window"]["hazard"]]
        said = translate("web", "Hazard: {hazard}. You have no safety against it.", "eu")
        assert page.inner_text("#window p") == said.replace("{hazard}", hazard)
        assert "primary" in (page.get_attribute("#decline", "class") or "")
        box = prompt.bounding_box()
        assert box is not None and box["height"] <= 90, box  # was 141
