"""The play test of session 8 (Mille Bornes, 390 × 844, Basque): a hazard chosen from the hand,
with the page scrolled down to the hand, had its place (the opponent's tableau, MBR-6) above the
screen: the button "Erasota Ausazkoa: istripua" was cut at the top edge. Choosing a card now
brings its highest place into view, at once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.server import READY, Server, legal_now, perform, seat_page

pytestmark = pytest.mark.web


def _until_a_hazard(page: Any, rng: random.Random) -> str | None:
    """Plays random moves other than hazards until one is legal; None if the game ends first."""
    for _ in range(200):
        page.wait_for_function(READY)
        if page.evaluate("document.body.dataset.over") == "1":
            return None
        acts = legal_now(page)
        hazard = next((a for a in acts if a.startswith("hazard ")), None)
        if hazard:
            return hazard
        version = page.evaluate("document.body.dataset.version")
        perform(page, rng.choice([a for a in acts if not a.startswith("hazard ")] or acts))
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    return None


def test_choosing_a_hazard_shows_where_it_goes(server: Server, browser: Any) -> None:
    rng = random.Random(2)
    # The deal is the server's own (random): now and then a short game ends before the player
    # holds a hazard to play (CI met one), so a new table is dealt, up to five.
    for _ in range(5):
        made = server.create("mille_bornes", ["person", "bot:random"], edition="eu",
                             options={"game_target": 1})
        with seat_page(server, browser, made) as page:
            hazard = _until_a_hazard(page, rng)
            if hazard is None:
                continue
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            button = page.locator(f'[data-action="{hazard}"]')
            assert button.count() == 0  # no place shown before the card is chosen
            page.locator(f'#hand [data-pick="{hazard.split()[1]}"]').first.click()
            box = button.bounding_box()
            assert box is not None
            assert -1 <= box["y"] and box["y"] + box["height"] <= 845, box  # (sub-pixel scrolling)
            return
    pytest.fail("no hazard to play met in five games")
