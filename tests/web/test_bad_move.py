"""A move the game cannot parse (typed by hand over the WebSocket: the page itself only sends
the notations the server offered) is refused with a sentence in the player's language that
says what to do, not with the game's notation error, which quotes English syntax meant for
the terminal ("“blah” ez da Spades jokaldi bat (adib. “bid 3”, “bid nil”, “play QS”, …)")."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games import available_games
from mahai.i18n import LANGUAGES, translate
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web

# People only: no bot moves while the test waits for the refusal.
SEATS = {"spades": ["person"] * 4, "mille_bornes": ["person"] * 2, "denborazup": ["person"] * 2,
         "nim": ["person"] * 2}
JUNK = ["blah", "play ZZ", "bid x", "place 3 99", "", "draw 5 6 7"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_malformed_move_is_refused_in_the_players_language(server: Server, lang: str) -> None:
    sentence = translate("web", "bad_move", lang)
    assert sentence != "bad_move"
    for game, seats in SEATS.items():
        if game not in available_games():
            continue
        made = server.create(game, seats)
        client = Client(server.ws_url, made["id"], made["tokens"]["0"], lang=lang)
        try:
            for junk in JUNK:
                err = client.act(junk)
                assert err["type"] == "error", (game, junk, err)
                assert (err["kind"], err["domain"]) == ("malformed_action", "web"), err
                assert err["code"] == "bad_move", err
                assert err["message"] == sentence
                assert "e.g." not in err["message"] and "adib." not in err["message"]
                assert not junk or junk not in err["message"]
        finally:
            client.close()


# Keeps the page's WebSocket (the first one it opens) where the test can send on it.
GRAB = """(() => { const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { window.mahaiSocket = window.mahaiSocket || this;
                                               return send.call(this, data); }; })();"""


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_the_table_page_shows_the_refusal(server: Server, browser: Any, lang: str) -> None:
    """At 390 × 844, a malformed move sent on the page's own connection: the alert over the
    table says the sentence in the page's language.

    Then the seat's other device (a phone and a laptop on one seat) moves first, and the page's
    own move, made on the table it showed, is refused as stale after the newer table arrived:
    the page says gently that the table moved on, not the error "look again and retry" (it
    already shows the newer table)."""
    made = server.create("spades", SEATS["spades"])
    # the seat the random deal makes first to act (SPR: left of the dealer): the page sits there
    watcher = Client(server.ws_url, made["id"], None)
    assert watcher.state is not None
    seat = str(watcher.state["to_act"][0])
    watcher.close()
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');" + GRAB)
        page.goto(server.url + made["links"][seat])
        page.wait_for_function("window.mahaiLast !== undefined && window.mahaiSocket !== undefined")
        page.evaluate("""() => window.mahaiSocket.send(JSON.stringify(
            { type: "act", version: window.mahaiLast.version, action: "play ZZ" }))""")
        page.wait_for_function("document.getElementById('error').textContent !== ''")
        assert page.inner_text("#error") == translate("web", "bad_move", lang)
        assert page.get_attribute("#error", "data-code") == "bad_move"
        seen = page.evaluate("window.mahaiLast.version")
        other = Client(server.ws_url, made["id"], made["tokens"][seat])
        try:
            move = other.legal[0]
            assert other.act(move)["type"] == "update"
        finally:
            other.close()
        page.wait_for_function(f"window.mahaiLast.version > {seen}")
        page.evaluate(f"""() => window.mahaiSocket.send(JSON.stringify(
            {{ type: "act", version: {seen}, action: {move!r} }}))""")
        page.wait_for_function("document.getElementById('error').dataset.code !== 'bad_move'")
        assert page.get_attribute("#error", "data-code") == "moved_on"
        assert page.inner_text("#error") == translate(
            "web", "The table moved on before your move: it was not made.", lang)
        assert page.evaluate("getComputedStyle(document.getElementById('error'), '::before').content") \
            in ("none", "normal"), "a note, without the error's ⚠"
    finally:
        ctx.close()
