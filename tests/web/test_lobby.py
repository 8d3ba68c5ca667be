"""The lobby in a real browser: translated option labels, no second edition field."""

from __future__ import annotations

import random
import re
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.web.server import FAST, Server, play_page

pytestmark = pytest.mark.web


def label_of(page: Any, option: str) -> str:
    return str(page.inner_text(f"label[for='opt-{option}']")).strip()


def open_more(page: Any) -> None:
    if page.get_attribute("#more", "open") is None:
        page.click("#more summary")


def counts(page: Any) -> list[int]:
    values: list[str] = page.eval_on_selector_all("#players input", "els => els.map(e => e.value)")
    return [int(v) for v in values]


def test_mille_bornes_options_are_labelled_in_basque_without_a_second_edition(server: Server,
                                                                            page: Any) -> None:
    page.goto(server.url + "/")
    page.check("#game-mille_bornes")
    open_more(page)
    page.wait_for_selector("#opt-coup_fourre_closes")
    assert label_of(page, "coup_fourre_closes") == "Kontraerasoa noiz arte"
    assert label_of(page, "direction") == "Jokoaren noranzkoa"
    assert page.query_selector("#opt-edition") is None  # the edition presets set it
    assert page.query_selector("#edition-eu") is not None
    page.check("#game-spades")
    open_more(page)
    page.wait_for_selector("#opt-first_lead")
    assert label_of(page, "first_lead") == "Lehen irteera"
    page.check("#game-denborazup")
    page.wait_for_selector("#edition-solo", state="attached")
    assert page.query_selector("#opt-mode") is None  # DenboraZup's mode is its edition


def test_a_table_made_from_the_lobby_keeps_the_chosen_edition(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.check("#game-mille_bornes")
    page.check("#edition-2016")
    page.check("#players-2")
    page.select_option("#seat-1", "person")
    page.click("#create")
    page.wait_for_selector("#links a.seat-link")
    href = page.get_attribute("#spectate-link", "href")
    table_id = href.split("/t/")[1].split("?")[0]
    info = server.get(f"/api/tables/{table_id}")
    assert info["edition"] == "2016" and info["options"]["edition"] == "2016"


def test_the_spades_page_names_its_score_columns_and_describes_every_event(server: Server, page: Any) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"], edition="standard",
                         options={"length": "single_hand"}, lang="eu")
    page.add_init_script(FAST)  # the 13 tricks without their 1.5 s pause each: the words are checked
    page.goto(server.url + made["links"]["0"])
    assert play_page(page, random.Random(3), prefer=("look", "bid", "play", "pass")) > 0
    # each side named once over its two columns; under it, this hand and the total
    sides = page.eval_on_selector_all("#score-sheet thead tr:first-child th",
                                      "els => els.map(e => [e.innerText.trim(), e.colSpan])")
    kinds = page.eval_on_selector_all("#score-sheet thead tr:nth-child(2) th",
                                      "els => els.map(e => e.innerText.trim())")
    assert len(sides) == 2 and len({s for s, _ in sides}) == 2 and all(s and n == 2 for s, n in sides), sides
    assert len(kinds) == 4 and kinds[:2] == kinds[2:] and len(set(kinds)) == 2 and all(kinds), kinds
    lines = page.eval_on_selector_all("#log li", "els => els.map(e => e.innerText)")
    assert len(lines) > 20
    raw = [line for line in lines if re.search(r"^[Ee]vent\.\w+$|\{\w+\}", line)]  # an msgid, a hole
    assert not raw, raw


def test_the_lobby_offers_the_counts_each_edition_allows(server: Server, page: Any) -> None:
    """Only the player counts the edition allows (``Game.players``: DenboraZup solo
    is one player, DZR-12; the others 2 to 8, DZR-5); a game's first edition is
    its ``default_edition`` for four players; an option that changes the counts
    is asked of the server (Mille Bornes 2016: five players only with
    ``five_players``); the option help is the game catalog's (``option.<name>``),
    right under its control."""
    from mahai.games import get_game
    from mahai.i18n import translate

    info = {g["name"]: g for g in server.get("/api/games?lang=eu")}
    dz = get_game("denborazup")
    assert [e["players"] for e in info["denborazup"]["editions"]] == [list(dz.players(o))
                                                                      for o in dz.editions.values()]
    page.goto(server.url + "/")
    page.check("#game-denborazup")
    assert page.is_checked(f"#edition-{dz.default_edition(4)}") and page.is_checked("#players-4")
    page.check("#edition-solo")
    assert counts(page) == [1] and page.is_checked("#players-1") and page.query_selector("#seat-1") is None
    page.check("#edition-multi")
    assert counts(page) == list(dz.players(dz.options("multi")))
    page.check("#players-3")
    assert page.query_selector("#seat-2") is not None and page.query_selector("#seat-3") is None
    assert page.input_value("#seat-1") == f"bot:{info['denborazup']['default_bot']}" == "bot:strong"
    page.check("#game-spades")
    page.check("#edition-openspiel")
    assert counts(page) == [4]
    page.check("#game-mille_bornes")
    page.check("#edition-2016")
    assert 5 in counts(page)
    open_more(page)
    page.uncheck("#opt-five_players")
    page.wait_for_function("!document.getElementById('players-5')")
    assert 5 not in counts(page)
    page.check("#opt-five_players")
    page.wait_for_selector("#players-5")
    help_text = page.inner_text("#opt-direction-help").strip()
    assert help_text == translate("mille_bornes", "option.direction", "eu") != "option.direction"
    described = page.get_attribute("#opt-direction", "aria-describedby")
    assert described == "opt-direction-help"
    assert page.get_attribute("#references a", "href") == "/chronology/denborazup"


def test_my_tables_lists_this_browsers_tables_until_they_leave(server: Server, page: Any) -> None:
    """A table this browser created or sits at is listed to go back to, with the
    date it leaves the list; another browser's unlisted table is not shown
    anywhere; a listed one is offered to watch."""
    page.goto(server.url + "/")
    page.check("#game-nim")
    page.fill("#name-0", "Ane")
    page.click("#create")  # one person: straight to the table
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '0'")
    table_id = page.url.split("/t/")[1]
    others = server.create("nim", ["person", "person"])
    listed = server.post("/api/tables", {"game": "nim", "seats": [{"kind": "person"}, {"kind": "person"}],
                                         "listed": True})
    page.goto(server.url + "/")
    page.wait_for_selector(f"#my-tables-list li[data-table='{table_id}']")
    mine = page.inner_text("#my-tables-list")
    assert "Ane" in mine and others["id"] not in page.content()
    resume = page.get_attribute(f"#my-tables-list li[data-table='{table_id}'] a.resume", "href")
    assert resume == f"/t/{table_id}"
    page.wait_for_selector(f"#public-list a[href='/t/{listed['id']}?spectate=1']")
    # Two listed tables of one game and the same names differ by their status and how long ago
    # they moved, in the page's language (the server counts the seconds: ``idle``).
    from mahai.i18n import translate
    lang = page.evaluate("document.documentElement.lang")
    entry = f"#public-list li[data-table='{listed['id']}']"
    assert page.inner_text(f"{entry} .status") == translate("web", "Waiting for players", lang)
    assert page.inner_text(f"{entry} .ago") == translate("web", "Created: {ago}", lang,
                                                         ago=translate("web", "just now", lang))

    def aged(route: Any) -> None:
        tables = route.fetch().json()
        for t in tables:
            t.update(waiting=[], moved=True, idle=2 * 3600 + 59)
        route.fulfill(json=tables)

    page.route("**/api/tables?limit=*", aged)
    page.reload()
    page.wait_for_selector(f"{entry} .status.ok")
    two_hours = translate("web", "{n} hour ago", lang, n=2)
    assert page.inner_text(f"{entry} .status") == translate("web", "in play", lang)
    assert page.inner_text(f"{entry} .ago") == translate("web", "Last move: {ago}", lang, ago=two_hours)
    page.unroute("**/api/tables?limit=*")
    # the lobby remembers the name for the next table
    assert page.input_value("#name-0") == "Ane"
    # a table the server no longer knows leaves the list (and the browser forgets it)
    page.evaluate("localStorage.setItem('mahai.seat.gone', 'x')")
    page.reload()
    page.wait_for_selector(f"#my-tables-list li[data-table='{table_id}']")
    assert page.evaluate("localStorage.getItem('mahai.seat.gone')") is None
    # A browser of many tables: the server answers for 100 ids a request (it leaves out the
    # rest). Asked in one request, the tables after the 100th in the storage's order (a hash's)
    # were taken for gone and forgotten, seats and all.
    done = server.create("nim", ["bot:random", "bot:random"], options={"stones": 3})
    later = server.create("nim", ["person", "person"])
    while not server.get(f"/api/tables/{done['id']}")["over"]:
        time.sleep(0.05)
    page.evaluate(f"""() => {{
        for (let i = 0; i < 150; i++) localStorage.setItem(`mahai.creator.!gone${{i}}`, 'x');
        localStorage.setItem('mahai.creator.{done['id']}', '{done['creator']}');
        localStorage.setItem('mahai.seat.{later['id']}', '{later['tokens']['0']}'); }}""")
    asked: list[int] = []
    page.on("request", lambda r: asked.append(len(parse_qs(urlsplit(r.url).query)["ids"][0].split(",")))
            if "/api/tables?" in r.url and "ids=" in r.url else None)
    # Each answer comes in the server's order and the page merges them in it (by each table's
    # ``order``, the server's sort key: the statuses' order is written once, on the server). Which
    # batch holds a table follows the storage's hash: the real tables are moved so that the
    # first answer has this page's table and the finished one, the second the later one (the
    # server answers each as asked).
    real = {table_id, done["id"], later["id"]}

    def regroup(route: Any) -> None:
        url = urlsplit(route.request.url)
        query = parse_qs(url.query)
        sent = query["ids"][0].split(",")
        moved = [table_id, done["id"]] if len(sent) == 100 else [later["id"]]  # the first batch: 100
        # at most the 100 the server reads: a first batch of gone ids alone, and its two real
        # ones added, made 102, and the server left the finished table out (the page forgot it)
        ids = [i for i in sent if i not in real][:len(sent) - len(moved)] + moved
        lang = query["lang"][0]
        route.fulfill(response=route.fetch(url=f"{server.url}{url.path}?ids={','.join(ids)}&lang={lang}"))

    page.route("**/api/tables?ids=*", regroup)
    page.reload()
    page.wait_for_selector(f"#my-tables-list li[data-table='{table_id}']", timeout=5000)
    page.unroute("**/api/tables?ids=*")
    assert sorted(asked) == [53, 100], asked
    shown = page.eval_on_selector_all("#my-tables-list li", "els => els.map((e) => e.dataset.table)")
    one_answer = [t["id"] for t in server.get(f"/api/tables?ids={','.join(real)}")]
    assert shown == one_answer == [later["id"], table_id, done["id"]]  # in play first, each latest first
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.includes('!gone')).length") == 0
    assert page.evaluate(f"localStorage.getItem('mahai.seat.{table_id}')") is not None


def levels_said(page: Any) -> list[str]:
    said = page.eval_on_selector_all("#levels li", "els => els.map(e => e.textContent)")
    return [str(t).strip() for t in said]


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_the_seats_say_what_each_chosen_bot_level_is(server: Server, browser: Any, lang: str) -> None:
    """The play test of session 19: the seats offered "Bot: expert", "Bot: random" and no word of
    what a level is; under the seats, each level chosen now has its sentence (catalog ``bots``),
    strongest first, and none for a table of people; the game's own sentence where its catalog has one
    (Spades' expert and blind nil)."""
    from mahai.bots.levels import level_name
    from mahai.games import get_game
    from mahai.server.text import bot_help

    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + "/")
        page.check("#game-spades")
        page.check("#players-4")
        page.select_option("#seat-1", "bot:random")
        page.select_option("#seat-2", "bot:expert")
        page.select_option("#seat-3", "bot:random")
        said = levels_said(page)
        levels = ("expert", "random")
        spades = get_game("spades")
        assert said == [f"{level_name(b, lang).capitalize()}: {bot_help(spades, b, lang)}" for b in levels]
        for seat in (1, 2, 3):
            page.select_option(f"#seat-{seat}", "person")
        assert page.query_selector("#levels") is None
    finally:
        ctx.close()
