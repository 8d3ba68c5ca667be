"""Unnamed bot seats are named the same way in every game: by their level, in the viewer's
language (``bot.<level>``, :mod:`mahai.bots.levels`), with the seat number when two bots of
the table share a level, as the lobby names them ("Ausazkoa 2"). Spades' three random bots
were "2. eserlekua", "3. eserlekua", "4. eserlekua" while DenboraZup's one was "Ausazkoa"."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games import available_games
from mahai.i18n import LANGUAGES, translate
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def level(bot: str, lang: str) -> str:
    name = translate("web", f"bot.{bot}", lang)
    return name[:1].upper() + name[1:]


def names_seen(server: Server, game: str, seats: list[str], lang: str) -> dict[str, str]:
    made = server.create(game, seats)
    client = Client(server.ws_url, made["id"], made["tokens"]["0"], lang=lang)
    try:
        assert client.state is not None
        names: dict[str, str] = client.state["names"]
        return names
    finally:
        client.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bot_seats_are_named_by_level_in_every_game(server: Server, lang: str) -> None:
    """Every installed game, as many bots as it seats (up to three) of one level, then
    one of another level: "Ausazkoa 2", "Ausazkoa 3", "Ertaina 4" (an alias by its level:
    ``heuristic`` is medium)."""
    games = available_games()
    assert {"spades", "mille_bornes", "denborazup", "nim"} <= set(games)
    for game in games:
        players = server.get(f"/api/games/{game}")["players"]
        n = min(max(players), 4)
        bots = ["random"] * (n - 1)
        names = names_seen(server, game, ["person"] + [f"bot:{b}" for b in bots], lang)
        assert names["0"] == translate("web", "you", lang), (game, names)
        want = [level("random", lang) if len(bots) == 1 else f"{level('random', lang)} {i + 2}"
                for i in range(len(bots))]
        assert [names[str(i + 1)] for i in range(len(bots))] == want, (game, lang, names)
    mixed = names_seen(server, "spades", ["person", "bot:random", "bot:medium", "bot:heuristic"], lang)
    medium = level("medium", lang)
    assert [mixed[k] for k in ("1", "2", "3")] == [level("random", lang), f"{medium} 3", f"{medium} 4"]


def test_the_plates_show_the_level_names(server: Server, browser: Any) -> None:
    """A Spades table of three random bots in Basque: the plates read "Ausazkoa 2" … "Ausazkoa 4"."""
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        page.add_init_script("localStorage.setItem('mahai.lang', 'eu');")
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined")
        plates = page.eval_on_selector_all(".plate .plate-name .name", "els => els.map(e => e.textContent)")
        assert sorted(plates) == ["Ausazkoa 2", "Ausazkoa 3", "Ausazkoa 4", "Zu"], plates
    finally:
        ctx.close()
