"""A game's reference pages (DenboraZup's chronology, DZR-14) come from the game, through
``Game.references`` and ``Game.reference``: the generic lobby named DenboraZup itself
(``CHRONOLOGY_GAMES``) and called its ``chronology()`` explicitly, so no other game (a plug-in)
could offer such a page."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from mahai.games import available_games
from mahai.server.lobby import game_info, references
from tests.web.server import Server

pytestmark = pytest.mark.web


def answer(server: Server, path: str) -> tuple[int, Any]:
    """Status and JSON body of ``GET path``."""
    try:
        with urllib.request.urlopen(server.url + path, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_any_game_may_offer_a_chronology_through_the_game_hook() -> None:
    """The lobby links the pages a game declares, titled from the game's own catalog; a game
    without any (the hook's default) links none."""
    from tests.contract.toy import Toy

    class Dated(Toy):  # a plug-in with a chronology of its own
        references = ("chronology",)

        def reference(self, kind: str, lang: str) -> list[dict[str, Any]] | None:
            return [{"id": "1", "year": 1, "title": lang}] if kind == "chronology" else None

    assert references(Dated(), "fr") == [{"title": "Chronology", "url": "/chronology/toy"}]
    assert references(Toy(), "fr") == [] and Toy().reference("chronology", "fr") is None
    if "denborazup" in available_games():
        assert game_info("denborazup", "fr")["references"] == [
            {"title": "Chronologie de DenboraZup", "url": "/chronology/denborazup"}]
    assert all(game_info(g, "eu")["references"] == [] for g in available_games() if g != "denborazup")


def test_a_game_without_a_chronology_gets_the_refusal_an_unknown_game_gets(server: Server) -> None:
    """As before the hook: ``unknown_game`` (400, as for any request naming no game) in the
    reader's language, naming the games that have one."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    for game in ("mille_bornes", "spades", "nim", "nonsense"):
        status, body = answer(server, f"/api/games/{game}/chronology?lang=es")
        assert status == 400 and body["code"] == "unknown_game", (game, status, body)
        assert body["params"] == {"game": game, "choices": "denborazup"}
        assert "denborazup" in body["message"] and game in body["message"]
    status, body = answer(server, "/api/games/denborazup/chronology?lang=es")
    assert status == 200 and len(body) > 100 and body[0]["year"] <= body[-1]["year"]
