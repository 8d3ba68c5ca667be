"""Session 19's play test (Spades, the web table): a side's line showed its contract but not the
tricks counted toward it; the player added the two seats' "Tricks" in their head, and "Contract:
6 of 7" (and "0 of 0" with two nils) in the hand summary read both ways. Now, once the bids are
in, each side's line says "Tricks / contract: 4 / 7", the bags of this hand grow beside the
counter once the contract is reached ("bags: 3 +2"), and a nil's chip says how it stands (no
trick yet / failed, a chip of its own beside the bid's), apart from the contract (SPR-5, SPR-10,
SPR-11). Every figure is checked
against the engine's own scoring of the hand as it stands (``scoring.score_values``); the page
computes it from the public bids and tricks of the view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.games import get_game
from mahai.games.spades.scoring import score_values
from mahai.i18n import translate
from mahai.server.text import card_labels, legal_json
from tests.web.server import Server, seat_page

pytestmark = pytest.mark.web

NAMES = {0: "zu", 1: "Ausazkoa 2", 2: "Ane", 3: "Ausazkoa 4"}
SIDES = ((0, 2), (1, 3))


def message(game: Any, state: Any, lang: str) -> dict[str, Any]:
    """Seat 0's state message for ``state`` (as :func:`mahai.server.tables.snapshot` builds it)."""
    view = game.wire_view(game.view(state, 0), lang)
    return {"type": "state", "seat": 0, "version": state.version, "view": view,
            "legal": legal_json(game, state.legal_actions(0), lang, NAMES) if 0 in state.to_act() else [],
            "names": {str(k): v for k, v in NAMES.items()}, "labels": card_labels(game, view, lang),
            "to_act": list(state.to_act()), "over": False, "winners": [], "hold": None, "turn_left": None,
            "table": {"seats": [{"seat": s, "kind": "bot" if s else "person", "bot": "random" if s else None,
                                 "online": True} for s in range(4)], "turn_seconds": None}}


def one_hand(edition: str, bids: dict[int, str], seed: int, lang: str) -> list[tuple[Any, dict[str, Any]]]:
    """The first hand of a seeded game, ``bids`` bid and random cards played: after the bids and
    after each trick while the hand lasts, the state (a clone) and seat 0's message."""
    game = get_game("spades")
    state = game.new(game.options(edition), 4, seed)
    rng = random.Random(seed)
    out = []
    while not out or state.phase == "play" and state.hand_no == 1:
        seat = state.to_act()[0]
        by_text = {a.notation(): a for a in state.legal_actions(seat)}
        if "look" in by_text:
            state.apply(seat, by_text["look"])
            continue
        if state.phase == "bid":
            state.apply(seat, by_text[bids[seat]])
            if state.phase != "play":
                continue
        else:
            state.apply(seat, rng.choice(list(by_text.values())))
            if state.trick or state.phase != "play":
                continue
        out.append((state.clone(), message(game, state, lang)))
    return out


def expected(state: Any) -> list[tuple[int, int, int]]:
    """Each side's (contract, tricks counted toward it, bags so far), as the engine would score
    the hand if it ended now."""
    out = []
    for seats in SIDES:
        values = score_values([state.bids[s] for s in seats], [state.blind[s] for s in seats],
                              [state.tricks_won[s] for s in seats], 0, 0, state.options)
        out.append((values[0], values[1], values[4]))
    return out


READ = """() => ({
  sides: [...document.querySelectorAll('#sides .side')].map((e) => ({
    toward: e.querySelector('.toward') && e.querySelector('.toward').innerText,
    made: Boolean(e.querySelector('.toward.made')),
    gain: e.querySelector('.gain') && e.querySelector('.gain').innerText,
    text: e.innerText, overflow: e.scrollWidth > e.clientWidth + 1,
    right: e.getBoundingClientRect().right })),
  nils: [...document.querySelectorAll('.chip.nil')].reduce((o, e) => {
    const s = e.closest('[data-seat]').dataset.seat;
    o[s] = o[s] || { text: [], failed: [] };
    o[s].text.push(e.innerText);
    o[s].failed.push(e.classList.contains('failed'));
    return o; }, {}),
  width: document.documentElement.scrollWidth })"""


@pytest.mark.parametrize(("edition", "lang", "size"), [
    ("standard", "eu", (360, 740)),  # a failed nil's tricks are bags (SPR-11)
    ("standard", "es", (390, 844)),
    ("cards_with_cats", "en", (1366, 768)),  # ... or count toward the partner's contract
])
def test_each_side_sees_its_tricks_toward_its_contract(server: Server, browser: Any, edition: str,
                                                        lang: str, size: tuple[int, int]) -> None:
    # Seat 2 bids nil beside a small contract, the other side a small one: the hand meets a nil
    # kept and then failed (seed chosen for it), and contracts reached with bags after them.
    hand = one_hand(edition, {0: "bid 1", 1: "bid 1", 2: "bid nil", 3: "bid 2"}, 5, lang)
    made = server.create("spades", ["person"] * 4)
    seen = set()

    def t(msgid: str, **params: Any) -> str:
        return translate("web", msgid, lang, **params)

    with seat_page(server, browser, made, lang=lang, viewport={"width": size[0], "height": size[1]}) as page:
        for state, msg in hand:
            page.evaluate("m => window.mahaiRender(m)", msg)
            got = page.evaluate(READ)
            for side, (contract, counted, bags) in enumerate(expected(state)):
                line = got["sides"][side]
                toward = t("Tricks / contract: {made} / {bid}", made=counted, bid=contract)
                assert line["toward"] == toward, line
                assert line["made"] == (counted >= contract), line
                assert line["gain"] == (f"+{bags}" if bags else None), (line, bags)
                assert not line["overflow"] and line["right"] <= size[0], line
                seen.add(("made", side, counted >= contract))
                seen.add(("bags", bool(bags)))
            took = state.tricks_won[2]
            nil = t("Nil")
            assert got["nils"] == {"2": {  # the bid's chip, then how it stands
                "text": [nil, t("failed") if took else t("no trick yet")],
                "failed": [bool(took)] * 2}}, got["nils"]
            seen.add(("nil failed", bool(took)))
            assert got["width"] <= size[0], got["width"]
    # the hand showed every case: a contract short and reached, bags and none, a nil kept and failed
    assert seen >= {("made", 0, False), ("made", 0, True), ("made", 1, False), ("made", 1, True),
                    ("bags", False), ("bags", True), ("nil failed", False), ("nil failed", True)}, seen


def test_the_hand_summary_says_which_number_is_the_bid(server: Server, browser: Any) -> None:
    """The summary's "Contract" row: "bid 7, took 6" ("6 of 7" read both ways); a side whose
    partners both bid nil has no contract (SPR-10): "—", not "0 of 0"."""
    game = get_game("spades")
    state = game.new(game.options("standard", length="single_hand"), 4, 5)
    rng = random.Random(5)
    bids = {0: "bid nil", 1: "bid 3", 2: "bid nil", 3: "bid 2"}
    while not state.is_over:
        seat = state.to_act()[0]
        by_text = {a.notation(): a for a in state.legal_actions(seat)}
        action = by_text.get("look") or (
            by_text[bids[seat]] if state.phase == "bid" else rng.choice(list(by_text.values())))
        state.apply(seat, action)
    msg = message(game, state, "en")
    msg.update(legal=[], to_act=[], hold={"waiting": [0], "version": state.version})
    sides = msg["view"]["history"][-1]["sides"]
    assert [sd["contract"] for sd in sides] == [0, 5], sides
    made = server.create("spades", ["person"] * 4, options={"length": "single_hand"})
    with seat_page(server, browser, made, lang="en") as page:
        page.evaluate("m => window.mahaiRender(m)", msg)
        page.wait_for_selector("#summary #hand-summary")
        row = page.evaluate("""() => [...document.querySelectorAll('#hand-summary tbody tr')]
          .filter((tr) => tr.querySelector('th').innerText === 'Contract')
          .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText))[0]""")
        assert row == ["—", f"bid 5, took {sides[1]['counted']}"], row


def blind_nil_hand(lang: str) -> list[dict[str, Any]]:
    """Seat 0's messages of a seeded standard hand where seat 0 bids nil and seat 1 blind nil (the
    longest chips, SPR-5, SPR-6): when the play starts and after each trick."""
    game = get_game("spades")
    state = game.new(game.options("standard"), 4, 7)
    rng = random.Random(7)
    bids = {0: "bid nil", 1: "bid blind_nil", 2: "bid 4", 3: "bid 3"}
    out = []
    while state.hand_no == 1 and not state.is_over:
        seat = state.to_act()[0]
        by_text = {a.notation(): a for a in state.legal_actions(seat)}
        if state.phase == "bid":
            state.apply(seat, by_text.get(bids[seat]) or by_text["look"])
        else:
            state.apply(seat, rng.choice(list(by_text.values())))
            if state.phase == "play" and not state.trick:
                out.append(message(game, state, lang))
    assert list(out[0]["view"]["bids"][:2]) == ["nil", "blind_nil"], out[0]["view"]["bids"]
    return out


ONE_LINE = """() => [...document.querySelectorAll('.plate')].flatMap((p) => {
  const line = p.querySelector('.chip.tricks').getBoundingClientRect().height;  // a one-line chip
  const right = p.getBoundingClientRect().right;
  return [...p.querySelectorAll('.chip.nil')].map((e) => {
    const r = e.getBoundingClientRect();
    return { text: e.innerText, oneLine: r.height <= line + 0.5, inside: r.right <= right + 0.5 }; }); })"""


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_a_nils_chips_stay_on_one_line(server: Server, browser: Any, lang: str) -> None:
    """Session 19's chip "Nil itsua: bazarik gabe" broke in two lines in a third of a 360 px phone
    (and "Blind nil: no trick yet", "Nil a ciegas: sin bazas", "Nil aveugle : aucun pli"): the bid
    and how it stands are two chips, each on one line and inside its plate, on a phone and a desktop."""
    hand = blind_nil_hand(lang)
    made = server.create("spades", ["person"] * 4)
    t = lambda msgid: translate("web", msgid, lang)  # noqa: E731
    for width, height in ((360, 740), (1280, 800)):
        with seat_page(server, browser, made, lang=lang, viewport={"width": width, "height": height}) as page:
            for msg in (hand[0], hand[-1]):
                page.evaluate("m => window.mahaiRender(m)", msg)
                chips = page.evaluate(ONE_LINE)
                assert all(c["oneLine"] and c["inside"] for c in chips), (width, chips)
                texts = {c["text"] for c in chips}
                assert {t("Blind nil"), t("Nil")} <= texts and texts & {t("no trick yet"), t("failed")}, texts
