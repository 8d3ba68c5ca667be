"""The play test of session 8 (Spades, 390 × 844, Basque): the hand summary wrote a side's two
players in one run, "Ausazkoa 2 3, Ausazkoa 4 3" (a bot's number ran into its count of tricks),
and a nil as "-200 (" at a line's end, then "Ausazkoa 2: Nil itsua, huts)". Now each partner has
a line of their own, "Ane: 4", and the nil row gives the points, then each nil on its line
(SPR-6, SPR-10, SPR-11)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server, seat_page
from tests.web.test_long_names import messages

pytestmark = pytest.mark.web

NAMES = {"0": "zu", "1": "Ausazkoa 2", "2": "Jon", "3": "Ausazkoa 4"}

# The text of each cell of ``sel`` whose "(…)" part wraps onto two lines.
SPLIT = """(sel) => [...document.querySelectorAll(sel)].flatMap((td) => {
  const text = td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild : null;
  const at = text ? text.data.indexOf('(') : -1;
  if (at < 0) return [];
  const r = document.createRange();
  r.setStart(text, at); r.setEnd(text, text.data.length);
  return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size > 1 ? [text.data] : [];
})"""


def test_each_partner_has_a_line_of_their_own_in_the_hand_summary(server: Server, browser: Any) -> None:
    made = server.create("spades", ["person"] * 4, options={"length": "single_hand"})
    *_, pause, _ = messages("spades", "standard", 4, {"length": "single_hand"})
    pause["names"] = NAMES
    with seat_page(server, browser, made) as page:
        page.evaluate("m => window.mahaiRender(m)", pause)
        page.wait_for_selector("#summary #hand-summary")
        rows = page.evaluate("""() => Object.fromEntries(
          [...document.querySelectorAll('#hand-summary tbody tr')].map(tr => [
            tr.querySelector('th').innerText, [...tr.querySelectorAll('td')].map(td => td.innerText)]))""")
        hand = pause["view"]["history"][-1]
        bid = {"nil": translate("web", "Nil", "eu"), "blind_nil": translate("web", "Blind nil", "eu")}
        for row, value in ((translate("web", "Bids", "eu"),
                            lambda s: bid.get(hand["bids"][s], str(hand["bids"][s]))),
                           (translate("web", "Tricks", "eu"), lambda s: str(hand["tricks"][s]))):
            for side, seats in enumerate(((0, 2), (1, 3))):
                said = [f"{NAMES[str(s)][:1].upper() + NAMES[str(s)][1:]}: {value(s)}" for s in seats]
                assert rows[row][side].split("\n") == said, (row, rows[row])
        # the contract: what the side bid and made, in words (session 15's play test: "6/5" read
        # as a fraction; session 19's: "6 of 7" read both ways); two nils bid none (SPR-10): "—"
        contract = [translate("web", "bid {bid}, took {made}", "eu", made=sd["counted"], bid=sd["contract"])
                    if sd["contract"] else "—" for sd in hand["sides"]]
        assert rows[translate("web", "Contract", "eu")] == contract and "/" not in "".join(contract), contract
        nil = rows[translate("web", "Nil and blind nil", "eu")]
        for cell in nil:  # the points alone on the first line, then one line a nil
            lines = cell.split("\n")
            assert cell == "—" or (re.fullmatch(r"[+-]?\d+", lines[0])
                                   and all(": " in x for x in lines[1:])), nil
        # A phone turned sideways (844 × 390, session 12): the sheet is taller than the screen;
        # centred in the overlay, its top (the title, the hand) stood above the overlay's
        # scrolling range and could not be reached. It starts at the top, "Jarraitu" below.
        page.set_viewport_size({"width": 844, "height": 390})
        page.evaluate("document.getElementById('summary').scrollTop = 0")
        top = page.evaluate("document.getElementById('summary-title').getBoundingClientRect().top")
        assert top >= 0, top
        page.locator("#continue").scroll_into_view_if_needed()
        assert page.evaluate("document.getElementById('continue').getBoundingClientRect().bottom") <= 390
        # Session 14's play test: the summary covers the seat panel's "Leave the table…", and a
        # person who had to go pressed "Jarraitu" first. The summary has its own; the dialog opens
        # above the summary, and "Stay" leaves the summary as it was.
        page.locator("#summary-leave").click()
        page.wait_for_selector("#leave-dialog[open]")
        page.locator("#leave-cancel").click()
        assert page.locator("#summary").is_visible() and page.locator("#continue").is_visible()


def test_the_scoreboard_and_a_one_hand_sheet_read_plainly(server: Server, browser: Any) -> None:
    """The line of each side says "Zu + Ausazkoa 3: 0 puntu" ("Ausazkoa 3 0 puntu" ran the bot's
    number into the score); a one-hand game's folded sheet is headed "Puntuazio-orria" once (its
    table's caption said it again right under it; the caption stays for screen readers)."""
    made = server.create("spades", ["person"] * 4, options={"length": "single_hand"})
    *_, pause, final = messages("spades", "standard", 4, {"length": "single_hand"})
    final["names"] = NAMES
    with seat_page(server, browser, made) as page:
        page.evaluate("m => window.mahaiRender(m)", final)
        sides = page.eval_on_selector_all("#sides .side strong", "els => els.map(e => e.innerText)")
        assert sides == ["Zu + Jon:", "Ausazkoa 2 + Ausazkoa 4:"], sides
        sheet = translate("web", "Score sheet", "eu")
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        assert page.inner_text("details.scores > summary") == sheet
        assert page.eval_on_selector("#score-sheet caption", "e => e.textContent") == sheet  # said, not seen:
        assert page.eval_on_selector("#score-sheet caption", "e => e.getBoundingClientRect().width") <= 1
    # "+2 (guztira 2)": the count in all stays on one line with its word (the game-over panel's
    # table, as narrow as it can be, wrapped it "(guztira" / "2)" with two players on a phone,
    # session 12)
    two = server.create("spades", ["person"] * 2, edition="two_player", options={"length": "single_hand"})
    *_, final2 = messages("spades", "two_player", 2, {"length": "single_hand"})
    final2["names"] = {"0": "zu", "1": "Ertaina"}
    with seat_page(server, browser, two) as page:
        page.evaluate("m => window.mahaiRender(m)", final2)
        page.wait_for_selector("#gameover tbody td")
        assert page.evaluate(SPLIT, "#gameover td") == []


def test_the_sheets_write_big_scores_as_the_scoreboard_does(server: Server, browser: Any) -> None:
    """The fresh play test of session 18 (Spades, 360 × 740, Basque, a losing side): the
    scoreboard and the log said "-2.697 puntu", the hand summary and the score sheet "-2697"
    beside them. Every number of the sheets is written as the language writes numbers
    (docs/glossary.md: "1.700" in Basque)."""
    made = server.create("spades", ["person"] * 4)
    *_, shared, _ = messages("spades", "standard", 4, {"length": "single_hand"})
    pause = json.loads(json.dumps(shared))  # the view's parts are read-only
    pause["view"]["options"]["length"] = "match"  # the folded score sheet with its totals
    hand = pause["view"]["history"][-1]
    for sd, (points, total) in zip(hand["sides"], ((-1492, -2697), (1050, 1130)), strict=True):
        sd.update(points=points, total=total)
    with seat_page(server, browser, made) as page:
        page.evaluate("m => window.mahaiRender(m)", pause)
        page.wait_for_selector("#summary #hand-summary")
        cells = page.evaluate("""() => Object.fromEntries(
          [...document.querySelectorAll('#hand-summary tbody tr')].map(tr => [
            tr.querySelector('th').innerText, [...tr.querySelectorAll('td')].map(td => td.innerText)]))""")
        assert cells[translate("web", "This hand", "eu")] == ["-1.492", "+1.050"], cells
        assert cells[translate("web", "Total", "eu")] == ["-2.697", "1.130"], cells
        sheet = page.evaluate(
            "[...document.querySelectorAll('#score-sheet tbody td')].map(td => td.textContent)")
        assert sheet[-4:] == ["-1.492", "-2.697", "+1.050", "1.130"], sheet
