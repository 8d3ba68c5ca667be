"""The fresh-clone play test of session 20, Spades. The seat whose turn it is to bid said
"eskaintzen…" / "bidding…", which read like a word cut short (eu360-sp-first.png): it says "to
bid", as the players' list says "to act", in the four languages, with no ellipsis. And the hand
summary's "Contract" row said "bid 1, took 3" under a side that took 7 tricks: a failed nil's
tricks count as bags, not toward the contract (SPR-11); the row now says where they went, "bid 1,
took 3 (+4 by the nil: bags)", from the public bids and tricks of the view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.games import get_game
from mahai.i18n import LANGUAGES, translate
from mahai.server.text import card_labels
from tests.web.server import Server, seat_page

pytestmark = pytest.mark.web

NAMES = {0: "zu", 1: "Ausazkoa 2", 2: "Ane", 3: "Ausazkoa 4"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seat_to_bid_says_so_in_whole_words(server: Server, browser: Any, lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"],
                         options={"length": "single_hand"})
    with seat_page(server, browser, made, lang=lang, viewport={"width": 360, "height": 740}) as page:
        page.evaluate("""() => { const m = structuredClone(window.mahaiLast);
          m.view.phase = 'bid'; m.view.bids = [null, null, null, null]; m.view.turn = 0;
          window.mahaiRender(m); }""")
        chip = page.locator(".plate[data-seat='0'] .chip.muted")
        said = chip.inner_text()
        assert said == translate("web", "to bid", lang), said
        assert not said.endswith(("…", "...")), said
        box = chip.bounding_box()
        assert box is not None and box["height"] < 24, box  # one line


def failed_nil_pause(lang: str) -> dict[str, Any]:
    """Seat 0's message at the pause after a first hand where seat 0 bid nil and took tricks."""
    game = get_game("spades")
    for seed in range(200):
        state = game.new(game.options("standard"), 4, seed)
        rng = random.Random(seed)
        while not state.is_over and len(game.view(state, 0)["history"]) < 1:
            seat = state.to_act()[0]
            by_text = {a.notation(): a for a in state.legal_actions(seat)}
            if "look" in by_text:
                action = by_text["look"]
            elif state.phase == "bid":
                action = by_text["bid nil"] if seat == 0 else by_text["bid 3"]
            else:
                action = rng.choice(list(by_text.values()))
            state.apply(seat, action)
        view = game.view(state, 0)
        hand = view["history"][-1]
        if hand["tricks"][0] > 0:
            return {"type": "state", "seat": 0, "version": state.version, "view": view, "legal": [],
                    "names": {str(k): v for k, v in NAMES.items()}, "labels": card_labels(game, view, lang),
                    "to_act": [], "over": False, "winners": [], "turn_left": None,
                    "hold": {"waiting": [0], "version": state.version},
                    "table": {"seats": [{"seat": s, "kind": "bot" if s else "person",
                                         "bot": "random" if s else None, "online": True} for s in range(4)],
                              "turn_seconds": None}}
    raise AssertionError("no failed nil in 200 seeded hands")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_contract_row_says_where_a_failed_nils_tricks_went(server: Server, browser: Any,
                                                               lang: str) -> None:
    made = server.create("spades", ["person"] * 4, options={"length": "single_hand"})
    pause = failed_nil_pause(lang)
    hand = pause["view"]["history"][-1]
    with seat_page(server, browser, made, lang=lang) as page:
        page.evaluate("m => window.mahaiRender(m)", pause)
        page.wait_for_selector("#summary #hand-summary")
        rows = page.evaluate("""() => Object.fromEntries(
          [...document.querySelectorAll('#hand-summary tbody tr')].map(tr => [
            tr.querySelector('th').innerText, [...tr.querySelectorAll('td')].map(td => td.innerText)]))""")
        ours, theirs = hand["sides"]
        nil = hand["tricks"][0]
        assert ours["counted"] == hand["tricks"][2] and ours["contract"] == 3  # SPR-11: not counted
        want = [translate("web", "bid {bid}, took {made} (+{nil} by the nil: bags)", lang,
                          bid=3, made=ours["counted"], nil=nil),
                translate("web", "bid {bid}, took {made}", lang,
                          bid=theirs["contract"], made=theirs["counted"])]
        shown = rows[translate("web", "Contract", lang)]
        assert [" ".join(cell.split()) for cell in shown] == [" ".join(w.split()) for w in want], shown
        # the (…) on a line of its own
        assert shown[0].count("\n") == 1 and shown[0].split("\n")[1].startswith(f"(+{nil}"), shown
        assert f"+{nil}" in want[0] and "…" not in want[0]
