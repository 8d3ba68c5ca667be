"""For each game, one person plays a whole game against bots through the page
(real server process, real chromium), with short options so it stays fast."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.games import available_games
from tests.web.server import Server, play_page

pytestmark = pytest.mark.web

def denborazup_chooser(actions: list[str], msg: dict[str, Any]) -> str | None:
    """A player who knows history: places a card only where it is right (DZR-5,
    DZR-13), else passes; this keeps solo and long-timeline games short. It knows a
    hand card by its title (the notation names it by a per-game handle, not its id)."""
    from mahai.games.denborazup import GAME

    view = msg["view"]
    year = {e.title_eu: e.year for e in GAME.deck.events}
    title = {c["id"]: c["title"]["eu"] for c in view["hand"] or []}

    def right(action: str) -> bool:
        words = action.split()
        y = year[title[words[1]]]
        if "slot" in words:
            k = int(words[words.index("slot") + 1])
            line = view["timeline"]
            return (k == 0 or line[k - 1]["year"] <= y) and (k == len(line) or y <= line[k]["year"])
        ref = view["reference"]["year"]
        return y >= ref if view["coin"] == "up" else y <= ref

    places = [a for a in actions if a.startswith("place ")]
    good = [a for a in places if right(a)]
    if good:
        return good[0]
    if "pass" in actions:
        return "pass"
    return places[0] if places else None


CASES = [
    # game, edition, options, seats, preferred verbs
    ("mille_bornes", "eu", {"game_target": 1}, ["person", "bot:random"],
     ("draw", "play", "hazard", "remedy", "safety", "coup_fourre", "extend")),
    ("spades", "standard", {"length": "single_hand"}, ["person", "bot:random", "bot:random", "bot:random"],
     ("bid", "look", "play", "pass")),
    ("denborazup", "multi", {}, ["person", "bot:random"], ("flip", "place", "vote", "star", "choose")),
    ("denborazup", "solo", {}, ["person"], ()),
    ("denborazup", "long", {}, ["person", "bot:random", "bot:random"], ()),
]


@pytest.mark.parametrize(("game", "edition", "options", "seats", "prefer"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_person_plays_a_whole_game_against_bots(server: Server, page: Any, game: str, edition: str,
                                                 options: dict[str, Any], seats: list[str],
                                                 prefer: tuple[str, ...]) -> None:
    if game not in available_games():
        pytest.skip(f"{game} is not in the tree yet")
    made = server.create(game, seats, edition=edition, options=options)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + made["links"]["0"])
    chooser = denborazup_chooser if game == "denborazup" else None
    moves = play_page(page, random.Random(7), prefer=prefer, chooser=chooser)
    assert moves > 0
    assert page.is_visible("#gameover")
    info = server.get(f"/api/tables/{made['id']}")
    assert info["over"] is True
    assert page.inner_text("#winners").strip()
    assert not errors, errors
    assert page.query_selector("a[href*='chronology']") is None  # DZR-14's chronology is the answer key


def test_the_denborazup_chronology_page_lists_the_deck_in_order(server: Server, page: Any) -> None:
    """DZR-14: every event of the deck, sorted by date; DZC-2: BC years in Basque."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not in the tree yet")
    from mahai.games.denborazup import GAME

    events = server.get("/api/games/denborazup/chronology")
    years = [e["year"] for e in events]
    assert len(events) == len(GAME.deck.events) and years == sorted(years)
    english = server.get("/api/games/denborazup/chronology?lang=en")
    assert [e["title"] for e in english] == [GAME.deck.get(e["id"]).title("en") for e in events]
    page.goto(server.url + "/chronology/denborazup")
    page.wait_for_function(f"document.querySelectorAll('#chrono li').length === {len(events)}")
    shown = page.eval_on_selector_all("#chrono li", "els => els.map(e => Number(e.dataset.year))")
    assert shown == years
    if years[0] < 0:
        assert page.inner_text("#chrono li .year").lstrip("~").startswith("K.a.")
