"""The new-user play test of session 7: the replay's "Seen by" menu of a finished game names
each seat's player, as the invitations page does ("1. eserlekua · Itziar", a bot by its level
in the page's language: "3. eserlekua · Ausazkoa"); it listed "1. eserlekua", "2. eserlekua",
"3. eserlekua", and a family had to remember who sat where. MBR-1: three players, each alone."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import Server
from tests.web.test_playtest_mb_sheet import play_out

pytestmark = pytest.mark.web


@pytest.fixture(scope="module")
def finished(shared_server: Server) -> dict[str, Any]:
    """Itziar, Xabier and a random bot's Mille Bornes game (one leg), played to its end once: each
    language reads its replay."""
    seats = [{"kind": "person", "name": "Itziar"}, {"kind": "person", "name": "Xabier"},
             {"kind": "bot", "bot": "random"}]
    made: dict[str, Any] = shared_server.post("/api/tables", {
        "game": "mille_bornes", "edition": "eu", "options": {"game_target": 1}, "seats": seats, "lang": "eu"})
    play_out(shared_server, made, seats=(0, 1))
    return made


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_names_the_seats_it_can_be_seen_from(server: Server, finished: dict[str, Any],
                                                        browser: Any, lang: str) -> None:
    made = finished
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(f"{server.url}/t/{made['id']}/replay")
        page.wait_for_selector("#viewer option[value='2']", state="attached")
        options = page.eval_on_selector_all("#viewer option", "els => els.map(e => e.textContent)")
        seat = lambda n: translate("web", "Seat {n}", lang).replace("{n}", str(n))  # noqa: E731
        level = translate("web", "bot.random", lang)
        assert options[1:] == [f"{seat(1)} · Itziar", f"{seat(2)} · Xabier",
                               f"{seat(3)} · {level[:1].upper() + level[1:]}"], options
    finally:
        ctx.close()
