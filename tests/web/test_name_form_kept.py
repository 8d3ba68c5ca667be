"""The check of session 20 (d0714c8 took the name bar away once its person plays): the name form
closed, and the name typed in it was lost, as soon as its field lost the focus and an update came,
or a move was made: a phone's keyboard put away to look at the board, a card tapped. "Change my
name" opened, "Rob" typed, the keyboard put away: the next move of anyone closed it, Bob stayed
Bob; at a seat of no name yet, "Miren" typed then a card played: the bar went, the seat nameless.
A form holding a name typed and not sent now stays until it is sent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import FAST, READY, Server, legal_now, move_once, perform

pytestmark = pytest.mark.web


def open_seat(browser: Any, server: Server, link: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.add_init_script(FAST + "localStorage.setItem('mahai.lang', 'en');")
    page.goto(server.url + link)
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat !== ''")
    page.wait_for_selector("#seat-panel h2")
    return ctx, page


def you_play_as(name: str) -> str:
    return translate("web", "You play as {name}.", "en", name=name)


def test_change_my_name_keeps_what_was_typed_while_the_game_goes_on(server: Server, browser: Any) -> None:
    seats = [{"kind": "person", "name": "Alice"}, {"kind": "person", "name": "Bob"},
             {"kind": "bot", "bot": "random"}]
    made = server.post("/api/tables", {"game": "mille_bornes", "edition": "eu", "options": {}, "lang": "en",
                                       "seats": seats})
    alice_ctx, alice = open_seat(browser, server, made["links"]["0"])
    bob_ctx, bob = open_seat(browser, server, made["links"]["1"])
    rng = random.Random(20)
    try:
        bob.click("#rename")
        bob.fill("#seat-name", "Rob")
        bob.evaluate("document.activeElement.blur()")  # the phone's keyboard put away
        version = bob.evaluate("document.body.dataset.version")
        for _ in range(20):  # the game goes on: Alice's moves, or Bob's own through his page
            if bob.evaluate("document.body.dataset.version") != version:
                break
            if not move_once(alice, rng) and bob.evaluate(READY) and legal_now(bob):
                perform(bob, legal_now(bob)[0])
            bob.wait_for_timeout(200)
        bob.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}")
        bob.wait_for_timeout(300)
        assert bob.is_visible("#seat-welcome")
        assert bob.input_value("#seat-name") == "Rob"
        bob.click("#seat-name-save")
        bob.wait_for_selector("#seat-welcome", state="hidden")
        assert you_play_as("Rob") in bob.inner_text("#seat-panel")
    finally:
        alice_ctx.close()
        bob_ctx.close()


def test_a_name_typed_in_the_bar_stays_through_a_first_move(server: Server, browser: Any) -> None:
    made = server.create("mille_bornes", ["person", "bot:random"], edition="eu", lang="en")
    ctx, page = open_seat(browser, server, made["links"]["0"])
    try:
        page.wait_for_selector("#seat-welcome:not([hidden])")
        page.fill("#seat-name", "Miren")
        page.wait_for_function(READY)
        version = page.evaluate("document.body.dataset.version")
        perform(page, legal_now(page)[0])  # a card played before "Sit down"
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}")
        page.wait_for_timeout(300)
        assert page.is_visible("#seat-welcome")
        assert page.input_value("#seat-name") == "Miren"
        page.click("#seat-name-save")
        page.wait_for_selector("#seat-welcome", state="hidden")
        assert you_play_as("Miren") in page.inner_text("#seat-panel")
    finally:
        ctx.close()


def test_the_name_form_has_a_way_out_that_drops_the_name_typed(server: Server, browser: Any) -> None:
    """A form that stays until sent needs a way out: "Cancel" and Escape close it, the name dropped."""
    seats = [{"kind": "person", "name": "Alice"}, {"kind": "person", "name": "Bob"}]
    made = server.post("/api/tables", {"game": "mille_bornes", "edition": "eu", "options": {}, "lang": "en",
                                       "seats": seats})
    ctx, bob = open_seat(browser, server, made["links"]["1"])
    try:
        for way in ("button", "escape"):
            bob.click("#rename")
            bob.fill("#seat-name", "Rob")
            if way == "button":
                assert bob.inner_text("#seat-name-cancel") == translate("web", "Cancel", "en")
                bob.click("#seat-name-cancel")
            else:
                bob.press("#seat-name", "Escape")
            bob.wait_for_selector("#seat-welcome", state="hidden")
            assert you_play_as("Bob") in bob.inner_text("#seat-panel")
            assert bob.evaluate("document.activeElement.id") == "rename"  # back where it was opened
        bob.click("#rename")
        assert bob.input_value("#seat-name") == "Bob"  # "Rob" was dropped, not kept for later
    finally:
        ctx.close()


def test_escape_closes_the_first_name_bar_for_good(server: Server, browser: Any) -> None:
    made = server.create("mille_bornes", ["person", "bot:random"], edition="eu", lang="en")
    ctx, page = open_seat(browser, server, made["links"]["0"])
    try:
        page.wait_for_selector("#seat-welcome:not([hidden])")
        page.fill("#seat-name", "Miren")
        page.press("#seat-name", "Escape")
        page.wait_for_selector("#seat-welcome", state="hidden")
        assert translate("web", "Choose a name", "en") in page.inner_text("#seat-panel")
        page.wait_for_function(READY)
        version = page.evaluate("document.body.dataset.version")
        perform(page, legal_now(page)[0])  # the next update does not bring the bar back
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}")
        page.wait_for_timeout(300)
        assert not page.is_visible("#seat-welcome")
    finally:
        ctx.close()
