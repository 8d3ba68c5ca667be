"""The new-user play test of session 7: Mille Bornes' leg summary and score sheet head every
row with a capital, as their totals rows ("Etaparen guztizkoa") and Spades' sheet do: the item
rows read "kilometroak", "babesak", "kontraerasoak" in lower case under "Puntuazioa" (the
catalog's score.* words are lower case because they also go inside sentences). Scoring items:
MBR-14 to MBR-17."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.i18n import LANGUAGES
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def play_out(server: Server, made: dict[str, Any], seats: tuple[int, ...] = (0,)) -> None:
    """The person ``seats`` play random legal moves over the WebSocket until the game is over.

    Every client is sent every update: each reads what it was sent, one whose seat may move
    moves; when none may, one behind the others waits for the version they saw, else the first
    waits for the next update (a bot's move). (Each waited 0.2 s in turn for the other's move:
    most of the replay test's 18 s.)"""
    rnd = random.Random(7)
    clients = [Client(server.ws_url, made["id"], made["tokens"][str(s)]) for s in seats]
    try:
        for _ in range(4000):
            for client in clients:
                try:
                    while True:
                        client.recv(timeout=0)  # what it was sent already
                except TimeoutError:
                    pass
            if any(c.state is not None and c.state["table"]["over"] for c in clients):
                return
            mover = next((c for c in clients if c.legal), None)
            if mover is not None:
                mover.act(rnd.choice(mover.legal))
                continue
            # a leg nobody scored in does not end a game to 1 point: its summary waits for each
            # person's "continue" (CI: timed out waiting for a move while the table waited for it)
            held = next((c for c in clients if c.state is not None and c.state.get("hold")
                         and c.state["seat"] in c.state["hold"]["waiting"]), None)
            if held is not None:
                held.send({"type": "continue"})
                held.wait_state(timeout=60)
                continue
            # none may move: one that is behind the others waits for what they saw, else the
            # first waits for the next update (a bot's move)
            latest = max(c.state["version"] for c in clients if c.state is not None)
            late = next((c for c in clients if c.state is None or c.state["version"] < latest), None)
            if late is not None:
                late.wait_until(lambda s, v=latest: s["version"] >= v, timeout=60)
            else:
                clients[0].wait_state(timeout=60)
        raise AssertionError("the game did not end")
    finally:
        for client in clients:
            client.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_sheets_rows_start_with_a_capital(server: Server, browser: Any, lang: str) -> None:
    made = server.create("mille_bornes", ["person", "bot:random"], edition="eu", options={"game_target": 1})
    play_out(server, made)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + made["links"]["0"])
        page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.over === '1'")
        page.wait_for_selector("#leg-summary")
        heads = page.eval_on_selector_all("#leg-summary tbody th[scope='row']",
                                          "els => els.map(e => e.textContent)")
        assert len(heads) >= 4, heads
        lower = [t for t in heads if t[:1] != t[:1].upper()]
        assert not lower, (lang, heads)
    finally:
        ctx.close()
