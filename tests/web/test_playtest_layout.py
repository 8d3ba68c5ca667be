"""What a new player frowned at in the session-5 play test, in a real browser: the DenboraZup
reference card alone in a wide green band on a desktop, the hand stuck to the left under it,
the lobby's seat kind and name cramped side by side on a phone, and the game-over panel at
the bottom of a phone's page (scrolled to) instead of first."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.games import available_games
from mahai.i18n import translate
from tests.web.server import Server
from tests.web.test_table_page import finished_nim, reach, show

pytestmark = pytest.mark.web

BOX = ("s => { const r = document.querySelector(s).getBoundingClientRect(); "
       "return [r.left, r.right, r.top, r.bottom]; }")


def test_the_reference_card_panel_is_as_wide_as_its_cards_on_a_desktop(server: Server, browser: Any) -> None:
    """DZR-5: at 1280 × 800 the reference card and the slot beside it (after a hand card is
    chosen) sit in a panel at most 26rem wide, centred over the board, the slot inside it; the
    hand is centred under it."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    msg = reach("denborazup", "multi", 2,
                lambda g, s: any(a.notation().startswith("place ") for a in s.legal_actions(0)))
    ctx, page, _, errors = show(server, browser, "denborazup", "multi", 2, msg)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("m => window.mahaiRender(m)", msg)
        page.click("#hand [data-pick]")
        page.wait_for_selector("#reference .slot-btn")
        panel, board = page.evaluate(BOX, "#reference"), page.evaluate(BOX, "#board")
        slot = page.evaluate(BOX, "#reference .slot-btn")
        card = page.evaluate(BOX, "#reference .event.reference")
        assert panel[1] - panel[0] <= 26 * 16 + 1, panel
        assert abs((panel[0] + panel[1]) / 2 - (board[0] + board[1]) / 2) < 2, (panel, board)
        assert panel[0] <= card[0] and slot[1] <= panel[1], (panel, card, slot)
        hand = page.evaluate("""(() => { const h = document.querySelector('#hand');
            const cs = [...h.children].map(c => c.getBoundingClientRect());
            const r = h.getBoundingClientRect();
            return [cs[0].left - r.left, r.right - cs[cs.length - 1].right,
                    h.scrollWidth > h.clientWidth]; })()""")
        if not hand[2]:  # the hand fits: as much room on either side
            assert abs(hand[0] - hand[1]) < 8, hand
        assert not errors, errors
    finally:
        ctx.close()


def test_a_long_hand_still_scrolls_from_its_first_card(server: Server, browser: Any) -> None:
    """The centred hand (DZR-5) never cuts its first cards off on a phone: the first card is
    inside the row. Since session 8 the hand wraps into rows and never scrolls sideways
    (tests/web/test_dz_phone_rows.py); it used to scroll from its first card."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    msg = reach("denborazup", "multi", 2,
                lambda g, s: any(a.notation().startswith("place ") for a in s.legal_actions(0)))
    ctx, page, _, errors = show(server, browser, "denborazup", "multi", 2, msg)
    try:
        page.evaluate("document.querySelector('#hand').scrollLeft = 0")
        first, row = page.evaluate(BOX, "#hand > :first-child"), page.evaluate(BOX, "#hand")
        assert page.evaluate("(h => h.scrollWidth <= h.clientWidth + 1)(document.querySelector('#hand'))")
        assert first[0] >= row[0] - 1, (first, row)
        assert not errors, errors
    finally:
        ctx.close()


def test_the_lobby_gives_a_seat_kind_and_its_name_own_lines_on_a_phone(server: Server, browser: Any) -> None:
    """At 390 px wide each seat is "N. eserlekua" and its kind (person or bot level) on one line,
    the name on the whole line under them; nothing of a row is wider than the screen."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.click("#game-spades")
        page.wait_for_selector("#seat-3")
        for i in range(4):
            label, kind, name = (page.evaluate(BOX, f"#seats .seat-row:nth-of-type({i + 1}) > {s}")
                                 for s in ("label", "select", "input"))
            assert abs(label[2] + label[3] - kind[2] - kind[3]) < 4, (label, kind)  # one line
            assert name[2] >= kind[3], (kind, name)  # the name under them
            assert name[1] - name[0] >= 300 and kind[1] - kind[0] >= 200, (kind, name)
            assert max(kind[1], name[1]) <= 390, (kind, name)
    finally:
        ctx.close()


def test_the_game_over_panel_comes_first_on_a_phone(server: Server, browser: Any) -> None:
    """At 390 × 844 the result (the winners, the rematch) is the first thing of the table, above
    the status and the board, not after the side panels at the bottom of the page."""
    ctx, page, made, _ = finished_nim(server, browser)
    try:
        page.wait_for_selector("#gameover #rematch")
        # one evaluation: the page may still be scrolling the panel into view between calls
        over, board, side = page.evaluate(f"ss => ss.map({BOX})", ["#gameover", "#board", "#side"])
        assert over[3] <= board[2] and over[3] <= side[2], (over, board, side)
        assert page.evaluate("document.querySelector('#gameover').offsetTop") < 150
        assert page.is_hidden("#seat-welcome")  # no name asked for once the game is over
    finally:
        ctx.close()


def test_one_winner_is_named_in_the_singular(server: Server, browser: Any) -> None:
    """Nim has one winner: "Irabazlea: …" (the winner), not "Irabazleak: …" (the winners)."""
    ctx, page, made, _ = finished_nim(server, browser)
    try:
        page.wait_for_selector("#gameover #winners")
        winners = page.inner_text("#winners")
        assert page.evaluate("window.mahaiLast.winners.length") == 1
        assert winners.startswith(translate("web", "Winner: {name}", "eu").split("{")[0]), winners
        assert not winners.startswith("Irabazleak"), winners
    finally:
        ctx.close()


def test_a_server_error_page_is_said_in_words(server: Server, browser: Any) -> None:
    """An answer that is not JSON (HTTP 500 "Internal Server Error", as every Mille Bornes
    rematch got) threw "Unexpected token 'I'" in the page and the button did nothing: the
    rematch says the server could not do it; the lobby's "Create table" says so too and can be
    pressed again."""
    message = translate("web", "The server could not do it: try again in a moment.", "eu")
    ctx, page, made, errors = finished_nim(server, browser)
    try:
        page.wait_for_selector("#gameover #rematch")
        page.route("**/rematch*", lambda route: route.fulfill(status=500, body="Internal Server Error"))
        page.click("#rematch")
        page.wait_for_function("m => document.querySelector('#over-message').textContent === m", arg=message)
        page.route("**/api/tables?*", lambda route: route.fulfill(status=500, body="Internal Server Error")
                   if route.request.method == "POST" else route.continue_())
        page.goto(server.url + "/")
        page.click("#game-nim")
        page.click("#create")
        page.wait_for_function("m => document.querySelector('#error').textContent === m", arg=message)
        assert page.is_enabled("#create")
        assert not errors, errors
    finally:
        ctx.close()


def test_the_players_list_names_both_kinds_alike(server: Server, browser: Any) -> None:
    """The side panel's players: "Zu · pertsona", "Ausazkoa · robota" (it said "Pertsona" with a
    capital and "robota" without)."""
    made = server.create("nim", ["person", "bot:random"])
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#seats li:nth-child(2)")
        rows = page.eval_on_selector_all("#seats li .muted", "ls => ls.map(l => l.textContent)")
        assert rows == [f" · {translate('web', kind, 'eu')}" for kind in ("person", "robot")], rows
        assert translate("web", "person", "eu") == "pertsona"
    finally:
        ctx.close()


def test_the_replay_names_who_moved(server: Server, browser: Any) -> None:
    """The replay's step line names the player as the log and the plates do (the viewer's own
    move in the second person, "Harri 1 hartu duzu.", the bot's "Ausazkoa: …"), not
    "2. eserlekua: …". (It said "Zu: Hartu 1", the button's words, until session 8:
    tests/web/test_playtest_replay_title.py.)"""
    ctx, page, made, _ = finished_nim(server, browser)
    try:
        page.wait_for_selector("#gameover #rematch")
        page.goto(server.url + f"/t/{made['id']}/replay")
        page.wait_for_selector("#next")
        steps = []
        for n in range(1, int(page.get_attribute("#slider", "max") or 0) + 1):
            page.click("#next")
            page.wait_for_function(f"document.body.dataset.step === '{n}'")
            steps.append(page.inner_text("#step"))
        assert steps and not any("eserlekua" in s for s in steps), steps
        frames = server.get(f"/api/tables/{made['id']}/replay?seat=0&lang=eu")["frames"][1:]
        told = [next(e["text"] for e in f["events"] if e.get("seat") == f["seat"]) for f in frames]
        assert [s.split(" — ", 1)[1] for s in steps] == told, (steps, told)
        assert any(t.startswith("Ausazkoa: ") for t in told), told
        assert any(t.endswith(("duzu.", "dituzu.")) for t in told), told
    finally:
        ctx.close()
