"""The lobby in a real browser: translated option labels, no second edition field."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.web.server import Server, play_page

pytestmark = pytest.mark.web


def label_of(page: Any, option: str) -> str:
    return str(page.inner_text(f"label[for='opt-{option}']")).strip()


def test_mille_bornes_options_are_labelled_in_basque_without_a_second_edition(server: Server,
                                                                            page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", "mille_bornes")
    page.wait_for_selector("#opt-coup_fourre_closes")
    assert label_of(page, "coup_fourre_closes") == "Kontraerasoa noiz arte"
    assert label_of(page, "direction") == "Jokoaren noranzkoa"
    assert page.query_selector("#opt-edition") is None  # the edition selector sets it
    assert page.query_selector("#edition") is not None
    page.select_option("#game", "spades")
    page.wait_for_selector("#opt-first_lead")
    assert label_of(page, "first_lead") == "Lehen irteera"
    page.select_option("#game", "denborazup")
    page.wait_for_selector("#edition option[value='solo']", state="attached")
    assert page.query_selector("#opt-mode") is None  # DenboraZup's mode is its edition


def test_a_table_made_from_the_lobby_keeps_the_chosen_edition(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", "mille_bornes")
    page.select_option("#edition", "2016")
    page.select_option("#players", "2")
    page.click("#create")
    page.wait_for_selector("#links a.seat-link")
    href = page.get_attribute("#spectate-link", "href")
    table_id = href.split("/t/")[1].split("?")[0]
    info = server.get(f"/api/tables/{table_id}")
    assert info["edition"] == "2016" and info["options"]["edition"] == "2016"


def test_the_spades_page_names_its_score_columns_and_describes_every_event(server: Server, page: Any) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"], edition="standard",
                         options={"length": "single_hand"}, lang="eu")
    page.goto(server.url + made["links"]["0"])
    assert play_page(page, random.Random(3), prefer=("look", "bid", "play", "pass")) > 0
    heads = [h.strip() for h in page.eval_on_selector_all("#score-sheet thead th",
                                                          "els => els.map(e => e.innerText)")]
    named = [h for h in heads if h]
    assert len(named) == 4 and len(set(named)) == 4, heads  # each side: this hand, total
    lines = page.eval_on_selector_all("#log li", "els => els.map(e => e.innerText)")
    assert len(lines) > 20
    raw = [line for line in lines if re.search(r"^[Ee]vent\.\w+$|\{\w+\}", line)]  # an msgid, a hole
    assert not raw, raw


def test_the_lobby_offers_each_player_count_its_edition(server: Server, page: Any) -> None:
    """The player count picks the game's edition for it (``Game.default_edition``:
    DenboraZup, one player → solo, DZR-13) and an edition its player counts
    (``Game.players``); the option help is the game catalog's (``option.<name>``)."""
    from mahai.games import get_game
    from mahai.i18n import translate

    info = {g["name"]: g for g in server.get("/api/games?lang=eu")}
    dz = get_game("denborazup")
    assert info["denborazup"]["default_edition"]["1"] == dz.default_edition(1) == "solo"
    assert [e["players"] for e in info["denborazup"]["editions"]] == [list(dz.players(o))
                                                                      for o in dz.editions.values()]
    page.goto(server.url + "/")
    page.select_option("#game", "denborazup")
    page.select_option("#players", "1")
    assert page.input_value("#edition") == "solo"
    page.select_option("#edition", "multi")
    assert page.input_value("#players") == "2" and page.query_selector("#seat-1") is not None
    page.select_option("#game", "spades")
    page.select_option("#players", "2")
    assert page.input_value("#edition") == get_game("spades").default_edition(2)
    help_text = page.inner_text("#opt-first_lead-help").strip()
    assert help_text == translate("spades", "option.first_lead", "eu") != "option.first_lead"
    assert page.get_attribute("#references a", "href") == "/chronology/denborazup"
