"""A long DenboraZup timeline's cards tell their story: a tap (or Enter) on a revealed card opens
its title, date, explanation and source in the page's language, in a dialog that Escape, its close
button and a tap outside close, the focus back on the card; at the table and in the replay.

The explanation is asked of the server by the card's id (``/api/tables/{id}/card/{card}``), which
answers only for a card face up at the table now: a card in a hand, the deck or the discard pile,
a hand card's handle, anything else get one and the same refusal (hidden information)."""

from __future__ import annotations

import json
import random
import sqlite3
import urllib.error
import urllib.request
from typing import Any

import pytest

from mahai.core import GameRecord
from mahai.games.denborazup import GAME
from tests.web.client import Client
from tests.web.server import FAST, Server, play_page
from tests.web.test_games import denborazup_chooser

pytestmark = pytest.mark.web


def ask(server: Server, table: str, card: str, lang: str) -> tuple[int, Any]:
    """The answer to a card's story: status and JSON body."""
    url = f"{server.url}/api/tables/{table}/card/{urllib.request.quote(card, safe='')}?lang={lang}"
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_a_cards_story_is_told_only_for_a_card_face_up(server: Server) -> None:
    made = server.create("denborazup", ["person", "bot:easy", "bot:easy"], edition="long", lang="es")
    me = Client(server.ws_url, made["id"], made["tokens"]["0"], lang="es")
    try:
        # the person passes until the timeline has 4 cards; then the table waits for their decision
        while True:
            state = me.wait_until(lambda s: bool(s["legal"]) or s["over"], timeout=60)
            if len(state["view"]["timeline"]) >= 4 and "pass" in me.legal:
                break
            assert not state["over"], "the game ended first"
            legal = me.legal
            got = me.act("pass" if "pass" in legal else next(a for a in legal if not a.startswith("place")))
            if got["type"] == "error":  # the bots moved on meanwhile: read the newer table first
                assert got["code"] == "stale_version", got
                me.wait_state()
        hand = [c["id"] for c in me.state["view"]["hand"]]
    finally:
        me.close()
    # the test (not the page) reads the seed: the table's state as it stands (waiting for seat 0)
    with sqlite3.connect(server.sqlite_file) as conn:
        seed, opts = conn.execute("select seed, options from mahai_tables where id = ?",
                                  (made["id"],)).fetchone()
        actions = [(s, a) for s, a in conn.execute(
            "select seat, notation from mahai_actions where table_id = ? order by idx", (made["id"],))]
    *_, step = GameRecord(GAME.name, 3, seed, json.loads(opts), actions).steps(GAME)
    state = step.state
    # the last reveal's cards stay face up where they went: the timeline, or the discard pile (a
    # wrong placement, DZR-13) until a reshuffle takes them back into the deck (hidden again)
    face_up = list(dict.fromkeys(state.timeline + [j.card for j in state.last_reveal
                                                   if j.card not in state.hidden_cards()]))
    for card in face_up:
        status, told = ask(server, made["id"], card, "es")
        assert status == 200, (card, told)
        deck = state.cards[card]
        assert told == {"id": card, "title": {"es": deck.title("es")}, "year": deck.year, "month": deck.month,
                        "day": deck.day, "precision": deck.precision, "star": deck.star,
                        "explanation": {"es": deck.explanation("es")}, "source_url": deck.source_url}
    hidden = sorted(state.hidden_cards() | (set(state.discard) - set(face_up)))
    assert hidden and hand
    refusals = {json.dumps(ask(server, made["id"], card, "es"))
                for card in [*hand, *hidden[:25], "nonsense", "..%2F"]}
    # one and the same refusal, in the reader's language, whatever the id names
    refusal = {"type": "error", "kind": "invalid_options", "code": "unknown_card", "domain": "web",
               "params": {}, "message": "Esa carta no está descubierta en la mesa."}
    assert refusals == {json.dumps([404, refusal])}, refusals


def focus_back_on(page: Any, card: str) -> None:
    """Wait for the focus to come back to the timeline's ``card``: the dialog's "close" event, which
    moves it, comes a task after ``open`` turns false (the HTML dialog), so a look at once raced it."""
    page.wait_for_function(f"document.activeElement.dataset.card === {json.dumps(card)}", timeout=5_000)


@pytest.mark.parametrize(("lang", "width", "height"), [("eu", 360, 740), ("es", 1366, 768)])
def test_a_timeline_card_opens_its_story_at_the_table_and_in_the_replay(
        server: Server, browser: Any, lang: str, width: int, height: int) -> None:
    made = server.create("denborazup", ["person", "bot:easy", "bot:easy"], edition="long", lang=lang)
    ctx = browser.new_context(viewport={"width": width, "height": height})
    errors: list[str] = []
    asked: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: asked.append(r.url) if "/card/" in r.url else None)
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');"
                             f"localStorage.setItem('mahai.named.{made['id']}', '1');" + FAST)
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#timeline .event")
        moves = 0
        while page.evaluate("document.querySelectorAll('#timeline .event').length") < 3 and moves < 60:
            moves += play_page(page, random.Random(moves), stop_after=1, chooser=denborazup_chooser)
        # one stop of the Tab key for the whole timeline
        assert page.evaluate("[...document.querySelectorAll('#timeline button.event')]"
                             ".filter((b) => b.tabIndex === 0).length") == 1
        # a card with another after it (the arrow's move below; a card still flying in is no button)
        card = page.eval_on_selector_all("#timeline button.event", "els => els[els.length - 2].dataset.card")
        deck = GAME.deck.get(card)
        page.click(f'#timeline [data-card="{card}"]')
        page.wait_for_selector("#dz-story[open] .story-text p")
        story = page.inner_text("#dz-story")
        assert deck.title(lang) in story and deck.explanation(lang) in story, story
        assert page.get_attribute("#dz-story a", "href") == deck.source_url
        box = page.eval_on_selector("#dz-story", "d => d.getBoundingClientRect().toJSON()")
        assert 0 <= box["left"] and box["right"] <= width and 0 <= box["top"] and box["bottom"] <= height, box
        page.keyboard.press("Escape")
        page.wait_for_function("!document.getElementById('dz-story').open")
        focus_back_on(page, card)  # the focus back on the card
        # the keyboard: the next card by the arrow, opened by Enter, closed by the close button
        # (a press at once after the focus came back was lost in 2 of some 40 runs on a loaded machine,
        # not reproduced since: the test presses again, up to three times, before it fails)
        for _ in range(3):
            page.keyboard.press("ArrowRight")
            following = page.evaluate("document.activeElement.dataset.card")
            if following != card:
                break
            page.wait_for_timeout(200)
        assert following != card
        page.keyboard.press("Enter")
        page.wait_for_selector("#dz-story[open] .story-text p")
        assert GAME.deck.get(following).explanation(lang) in page.inner_text("#dz-story")
        page.click("#dz-story-close")
        page.wait_for_function("!document.getElementById('dz-story').open")
        focus_back_on(page, following)
        # a tap outside it
        page.click(f'#timeline [data-card="{card}"]')
        page.wait_for_selector("#dz-story[open] .story-text p")
        page.mouse.click(2, height - 2)
        page.wait_for_function("!document.getElementById('dz-story').open")
        focus_back_on(page, card)
        timeline = set(page.eval_on_selector_all("#timeline .event", "els => els.map((e) => e.dataset.card)"))
        # the replay's timeline tells the same stories
        page.goto(f"{server.url}/t/{made['id']}/replay")
        page.click("#last")
        page.wait_for_selector("#board #timeline button.event")
        page.locator(f'#board #timeline [data-card="{card}"]').click()
        page.wait_for_selector("#dz-story[open] .story-text p")
        assert deck.explanation(lang) in page.inner_text("#dz-story")
    finally:
        ctx.close()
    assert not errors, errors
    # the page asked only for cards face up on its timeline, by their ids
    assert asked and {u.split("/card/")[1].split("?")[0] for u in asked} <= timeline, asked


@pytest.mark.parametrize(("game", "cards"), [("mille_bornes", ["75", "stop", "safety", "0"]),
                                             ("spades", ["QS", "0", "51"]), ("nim", ["1", "stones"])])
def test_a_game_without_card_stories_gives_the_same_refusal(server: Server, game: str,
                                                            cards: list[str]) -> None:
    """The server asks the game (``Game.revealed_card``): a game that tells no card's story (the
    hook's default) gets the refusal a hidden DenboraZup card gets, whatever the id names."""
    made = server.create(game, ["bot:random", "bot:random"], lang="es")
    refusal = {"type": "error", "kind": "invalid_options", "code": "unknown_card", "domain": "web",
               "params": {}, "message": "Esa carta no está descubierta en la mesa."}
    answers = {json.dumps(ask(server, made["id"], card, "es")) for card in [*cards, "nonsense", "..%2F"]}
    assert answers == {json.dumps([404, refusal])}, answers


def test_the_server_tells_a_cards_story_through_the_games_hook_from_the_spectators_view() -> None:
    """Any game may tell its face-up cards' stories (a plug-in too): the server knows no game's
    cards, it asks ``Game.revealed_card`` with the spectator's view, never a seat's."""
    from mahai.server.lobby import revealed_card
    from tests.contract.toy import Toy

    seen: list[Any] = []

    class Told(Toy):  # the toy card game, its played cards face up for everybody
        def revealed_card(self, view: Any, card: str, lang: str) -> dict[str, Any] | None:
            seen.append(view)
            return {"id": card, "lang": lang} if card.isdigit() and int(card) in view["played"] else None

    game = Told()
    state = game.new(game.options(), 2, seed=3)
    first = state.legal_actions(state.to_act()[0])[0]
    state.apply(state.to_act()[0], first)
    held = [c for h in state.hands for c in h]
    assert revealed_card(game, state, str(first.card), "eu") == {"id": str(first.card), "lang": "eu"}
    assert all(revealed_card(game, state, str(c), "eu") is None for c in held)
    assert seen and all(v == game.view(state, None) for v in seen)
    assert revealed_card(Toy(), state, str(first.card), "eu") is None  # the default: no story
