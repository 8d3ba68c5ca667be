"""Wording of the new-user play test of session 5: a finished game says "Game over." once (the
panel; the status line said it too), DenboraZup names the player who flips the coin as the rule
sheet does (DZR-5: "txanpona botako du"; "Flipper: Jon2" read oddly in English), and the
"characters left" line under a name ends with its full stop (all four languages)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import Server, play_page

pytestmark = pytest.mark.web


def test_a_finished_game_says_game_over_once(server: Server, page: Any) -> None:
    made = server.create("nim", ["person", "bot:random"])
    page.goto(server.url + made["links"]["0"])
    play_page(page, random.Random(4))
    page.wait_for_selector("#gameover h2")
    said = translate("web", "Game over.", "eu")
    assert page.inner_text("#gameover h2") == said
    assert page.evaluate("document.body.innerText").count(said) == 1
    # the status line over the table says the result, not "Game over." again (Nim has no result
    # event: the player's verdict; tests/web/test_table_polish.py has the games' own result lines)
    won = page.evaluate("window.mahaiLast.winners.includes(window.mahaiLast.seat)")
    verdict = "You won!" if won else "You did not win this time."
    assert page.inner_text("#status") == translate("web", verdict, "eu")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coin_and_the_characters_left_read_as_sentences(lang: str) -> None:
    """DZR-5: the pill names the player who flips the coin; the name's limit line ends with '.'."""
    flips = translate("web", "Flips the coin: {who}", lang, who="Jon2")
    assert flips.endswith("Jon2") and "Flipper" not in flips
    assert translate("web", "Flips the coin: {who}", "en", who="Jon2") == "Flips the coin: Jon2"
    for n in (0, 1, 5):
        left = translate("web", "{n} character left.", lang, n=n)
        assert left.endswith(".") and str(n) in left and left[0] == left[0].upper()
