"""What a player at the table would frown at (session 5), in a real browser at phone size:
nothing under the hand, one WebSocket per page, the rematch by the result, the name
field's limit said, DenboraZup dates as each language writes them and explanations that
open whole, and the jokers' faces in the player's language."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from mahai.games import available_games
from mahai.i18n import translate
from tests.web.server import Server, play_page
from tests.web.test_games import FAST, denborazup_chooser
from tests.web.test_playtest_mb_sheet import play_out
from tests.web.test_table_page import finished_nim, reach, show

pytestmark = pytest.mark.web

# What a player needs to see while choosing from the hand, per game (the dock is the hand).
NEEDED = {
    "spades": ["#trick .trick-note", ".felt .plate.me", "#trick"],
    "denborazup": ["#reference .event", "#reveal"],
    "mille_bornes": [".tableau.mine", ".mb-middle"],
}
SEATS = {
    "spades": ["person", "bot:random", "bot:random", "bot:random"],
    "denborazup": ["person", "bot:random"],
    "mille_bornes": ["person", "bot:random"],
}
OPTIONS: dict[str, dict[str, Any]] = {"spades": {"length": "single_hand"}, "mille_bornes": {"game_target": 1}}

# The boxes (viewport coordinates) of the dock and of every element of `sels` it overlaps.
COVERED = """sels => {
  const dock = document.querySelector('#board .dock');
  if (!dock) return [];
  const d = dock.getBoundingClientRect();
  const out = [];
  for (const sel of sels) for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = Math.min(r.right, d.right) - Math.max(r.left, d.left);
    const y = Math.min(r.bottom, d.bottom) - Math.max(r.top, d.top);
    const span = (b) => `${Math.round(b.top)}-${Math.round(b.bottom)}`;
    if (x > 1 && y > 1) out.push(`${sel} ${span(r)} under the dock ${span(d)}`);
  }
  return out;
}"""


def open_live(server: Server, browser: Any, game: str, lang: str = "eu", width: int = 390,
              height: int = 844) -> tuple[Any, Any, dict[str, Any], list[str], list[str]]:
    """A table of ``game`` against bots, seat 0's page (its WebSocket URLs collected)."""
    made = server.create(game, SEATS[game], options=OPTIONS.get(game, {}), lang=lang)
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    sockets: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');" + FAST)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_function("window.mahaiLast !== undefined")
    return ctx, page, made, errors, sockets


@pytest.mark.parametrize("game", ["spades", "denborazup", "mille_bornes"])
def test_the_hand_covers_nothing_a_player_needs_on_a_phone(server: Server, browser: Any, game: str) -> None:
    """At 390 × 844 the hand (the dock) never lies over the own seat, the led-suit note, the
    trick (Spades), the reference card and the last reveal (DenboraZup), the own tableau and
    the piles (Mille Bornes), wherever the page is scrolled; and when the turn comes the hand
    is on the screen."""
    if game not in available_games():
        pytest.skip(f"{game} is not installed")
    ctx, page, _, errors, _ = open_live(server, browser, game)
    chooser = denborazup_chooser if game == "denborazup" else None
    problems: list[str] = []
    try:
        for step in range(8):
            if page.evaluate("document.body.dataset.over") == "1":
                break
            play_page(page, random.Random(step), stop_after=1, chooser=chooser,
                      prefer=("play", "bid", "look", "draw", "flip", "place"))
            page.wait_for_timeout(100)
            height = page.evaluate("document.documentElement.scrollHeight")
            for y in (0, height // 3, height // 2, height):
                page.evaluate(f"window.scrollTo(0, {y})")
                covered = page.evaluate(COVERED, NEEDED[game])
                problems += [f"move {step}, scrolled to {y}: {p}" for p in covered]
        assert not problems, "\n".join(problems[:10])
        assert not errors, errors
    finally:
        ctx.close()


def test_a_playable_hand_is_brought_into_view(server: Server, browser: Any) -> None:
    """A DenboraZup table on a short screen (390 × 480) scrolled to the top: when the hand gets
    a move (a card to place), it is scrolled onto the screen (it sits under the table, in the
    flow); while it has none, the page stays where the player put it. (A table of people only:
    no update comes between the renders.)"""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    msg = reach("denborazup", "multi", 2,
                lambda g, s: any(a.notation().startswith("place ") for a in s.legal_actions(0)))
    ctx, page, _, errors = show(server, browser, "denborazup", "multi", 2, {**msg, "legal": []})
    dock_top = "document.querySelector('#board .dock').getBoundingClientRect().top"
    try:
        page.emulate_media(reduced_motion="reduce")
        page.set_viewport_size({"width": 390, "height": 480})
        page.evaluate("window.scrollTo(0, 0)")
        page.evaluate("m => window.mahaiRender(m)", {**msg, "legal": []})  # no move: no scrolling
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate(dock_top) > 480  # the hand is below the screen
        page.evaluate("m => window.mahaiRender(m)", msg)  # a card to place
        page.wait_for_function("""(() => { const d = document.querySelector('#board .dock');
                                   const r = d.getBoundingClientRect();
                                   return r.top >= 0 && r.bottom <= window.innerHeight + 1; })()""",
                               timeout=5_000)
        assert not errors, errors
    finally:
        ctx.close()


def test_a_table_page_opens_one_websocket(server: Server, browser: Any) -> None:
    """One connection per viewer (the server allows 100 per address): the seat panel reads
    table.js's messages; it still names the seat and leaving still works through it."""
    ctx, page, made, errors, sockets = open_live(server, browser, "spades")
    try:
        play_page(page, random.Random(1), stop_after=3, prefer=("play", "bid", "look"))
        page.wait_for_selector("#seat-panel h2")
        page.wait_for_timeout(500)
        assert sockets == [f"{server.ws_url}/ws/tables/{made['id']}?lang=eu"]
        page.click("#seat-leave")
        page.click("#leave-confirm")
        page.wait_for_selector("#take-back")
        assert server.get(f"/api/tables/{made['id']}")["seats"][0]["kind"] == "bot"
        assert not errors, errors
    finally:
        ctx.close()


def test_the_rematch_and_the_way_back_are_in_the_game_over_panel(server: Server, browser: Any) -> None:
    """The rematch button sat in the side panel, far below the result on a phone: it is in the
    game-over panel now, with "back to the lobby", right under the winners."""
    ctx, page, made, _ = finished_nim(server, browser)
    try:
        page.wait_for_selector("#gameover #rematch")
        assert page.query_selector("#seat-panel #rematch") is None
        assert page.get_attribute("#gameover a#back-to-lobby", "href") == "/"
        assert page.inner_text("#back-to-lobby") == translate("web", "Back to the lobby", "eu")
        assert page.inner_text("#rematch") == translate("web", "Rematch: same people, new deal", "eu")
        top = page.evaluate(
            "['#winners', '#rematch'].map(s => document.querySelector(s).getBoundingClientRect().top)")
        assert 0 < top[1] - top[0] < 200  # right under the result
        page.click("#rematch")
        page.wait_for_url(re.compile(r"/t/(?!" + re.escape(made["id"]) + r")[A-Za-z0-9_-]+$"), timeout=15_000)
    finally:
        ctx.close()


def test_a_solo_game_offers_to_play_again_in_every_language(server: Server, browser: Any) -> None:
    """A table of one seat (DenboraZup solo, DZR-12) offered "Rematch: same people, new deal" at
    its end, with nobody to have a rematch with: it offers "Play again" ("Berriro jokatu"), in each
    language; pressed, it deals a new solo table for the same person. (Two seats keep "Rematch":
    the test above.)"""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    made = server.create("denborazup", ["person"], edition="solo")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(script=FAST)
        page.goto(server.url + made["links"]["0"])
        play_page(page, random.Random(7), chooser=denborazup_chooser)
        for lang in ("eu", "en", "es", "fr"):
            page.evaluate(f"localStorage.setItem('mahai.lang', '{lang}')")
            page.reload()
            page.wait_for_selector("#gameover #rematch")
            again = translate("web", "Play again", lang)
            assert again != translate("web", "Rematch: same people, new deal", lang)
            assert page.inner_text("#rematch") == again, lang
        assert translate("web", "Play again", "eu") == "Berriro jokatu"
        page.click("#rematch")
        page.wait_for_url(re.compile(r"/t/(?!" + re.escape(made["id"]) + r")[A-Za-z0-9_-]+$"), timeout=15_000)
        new = server.get("/api/tables/" + page.url.rsplit("/", 1)[1])
        assert new["edition"] == "solo" and len(new["seats"]) == 1 and not new["over"], new
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_the_name_field_says_its_limit(server: Server, browser: Any, lang: str) -> None:
    """Names stop at 24 characters (mahai.server.lobby.NAME_LENGTH): the table's name field says
    so and counts down as one types; the lobby says it under the seats."""
    from mahai.server.lobby import NAME_LENGTH, clean_name

    made = server.create("nim", ["person", "person"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}')")
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#seat-name")
        # No maxlength: it counts UTF-16 units and cut an emoji in two; the page cuts whole
        # grapheme clusters within the server's NAME_LENGTH characters (keep.js fitName).
        assert page.get_attribute("#seat-name", "maxlength") is None
        assert page.get_attribute("#seat-name", "aria-describedby") == "seat-name-limit"
        limit = translate("web", "At most {n} character.", lang, n=NAME_LENGTH)

        def said(left: int) -> str:
            return f"{limit} {translate('web', '{n} character left.', lang, n=left)}"

        page.fill("#seat-name", "Ane")
        assert page.inner_text("#seat-name-limit") == said(NAME_LENGTH - 3)
        page.fill("#seat-name", "")
        page.type("#seat-name", "x" * 30)
        assert page.input_value("#seat-name") == "x" * NAME_LENGTH
        assert page.inner_text("#seat-name-limit") == said(0)
        assert "full" in (page.get_attribute("#seat-name-limit", "class") or "")
        coder, family = "\U0001f469\u200d\U0001f4bb", "\U0001f468\u200d\U0001f469\u200d\U0001f467"
        page.fill("#seat-name", "x" * 21 + coder)  # 24 characters: kept whole
        assert page.input_value("#seat-name") == "x" * 21 + coder
        page.fill("#seat-name", "x" * 22 + coder + "y")  # the emoji does not fit: it goes whole
        assert page.input_value("#seat-name") == "x" * 22
        assert page.inner_text("#seat-name-limit") == said(2)
        page.goto(server.url + "/")
        page.wait_for_selector("#name-limit")
        names = translate("web", "Names: at most {n} character.", lang, n=NAME_LENGTH)
        assert page.inner_text("#name-limit") == names
        assert page.get_attribute("#name-0", "aria-describedby") == "name-limit"
        page.fill("#name-0", "Ane " + family * 5)  # 4 + 5 × 5 characters: four families fit
        kept = page.input_value("#name-0")
        assert kept == "Ane " + family * 4 and clean_name(kept) == kept  # the server keeps it as it is
    finally:
        ctx.close()


DAY_MONTH = {  # (month, day) → as the language's readers write it
    "eu": {(9, 27): "irailaren 27a", (1, 1): "urtarrilaren 1a", (9, None): "iraila"},
    "en": {(9, 27): "27 September", (1, 1): "1 January", (9, None): "September"},
    "es": {(9, 27): "27 de septiembre", (1, 1): "1 de enero", (9, None): "septiembre"},
    "fr": {(9, 27): "27 septembre", (1, 1): "1er janvier", (9, None): "septembre"},
}


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_denborazup_dates_and_explanations(server: Server, browser: Any, lang: str) -> None:
    """A revealed card shows its year and its day and month as the language writes them (it was
    "(27/9)" in every language); a long explanation shows its first lines and opens whole (a
    <details>, by a tap or the keyboard) instead of ending in "…"."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    ctx, page, _, errors, _ = open_live(server, browser, "denborazup", lang=lang)
    try:
        got = page.evaluate("""cases => import('/static/games/denborazup.js').then(m =>
            cases.map(([mo, d, lang]) => m.dayMonth(mo, d, lang)))""",
                            [[m, d, lang] for (m, d) in DAY_MONTH[lang]])
        assert got == list(DAY_MONTH[lang].values())
        # a reveal with a day and month, and an explanation longer than its first lines (the deal
        # is the server's: a reveal whose explanations all fit failed a CI run; play on to one)
        clipped = "e => e.scrollHeight > e.clientHeight + 1"
        long_one = """els => els.findIndex(d => {
            const t = d.querySelector('.ev-text'); return t && t.scrollHeight > t.clientHeight + 1; })"""
        def opened_whole() -> int | None:
            """The first clipped explanation: first lines, then the whole text once opened; its
            index. None if there is none, or if the table moved between the look and the checks,
            to look again: the bots play on after each move (a reveal that came meanwhile put other
            cards there, whose explanations fit), and a text clipped at the look was not at the
            check once, the version unchanged (a reflow, it seems). 5 of 96 runs under load
            failed on one or the other."""
            version = page.evaluate("document.body.dataset.version")
            try:
                index = page.eval_on_selector_all("details.ev-explain", long_one)
                if index < 0:
                    return None
                box = page.locator("details.ev-explain").nth(index)
                summary, text = box.locator("summary"), box.locator(".ev-text")
                if not text.evaluate(clipped, timeout=2000):
                    return None
                said = summary.get_attribute("data-more", timeout=2000)
                summary.click(timeout=2000)
                opened = (box.evaluate("e => e.open", timeout=2000)
                          and not text.evaluate(clipped, timeout=2000))
            except Exception:  # noqa: BLE001 - the element gone with a redraw
                if page.evaluate("document.body.dataset.version") != version:
                    return None
                raise
            if not opened and page.evaluate("document.body.dataset.version") != version:
                return None  # re-drawn closed between the click and the check
            assert said == translate("web", "Read more", lang)
            assert opened, "the whole explanation once opened"
            return index

        for step in range(80):
            if page.query_selector("#reveal .ev-day") and (index := opened_whole()) is not None:
                break
            play_page(page, random.Random(step), stop_after=1, chooser=denborazup_chooser)
        else:
            raise AssertionError("no explanation longer than its first lines in 80 steps")
        shown = page.eval_on_selector_all(".ev-date", "els => els.map(e => e.innerText)")
        assert not [s for s in shown if re.search(r"\(\d+(/\d+)?\)", s)], shown
        days = page.eval_on_selector_all(".ev-day", "els => els.map(e => e.innerText)")
        assert days and all(not re.fullmatch(r"[\d/ ()]+", d) for d in days), days
        box = page.locator("details.ev-explain").nth(index)
        summary = box.locator("summary")
        # by the keyboard: Enter on the summary closes it (the bots play on: an update that redraws
        # the panel between the focus and the key leaves the focus elsewhere, so up to three tries;
        # CI met one such redraw)
        for _ in range(3):
            summary.press("Enter")
            if not box.evaluate("e => e.open"):
                break
        assert not box.evaluate("e => e.open")
        assert not errors, errors
    finally:
        ctx.close()


def test_the_jokers_faces_are_drawn_in_the_players_language(server: Server, browser: Any) -> None:
    """SPR-14: the big and the little joker: a jester each, told apart by colour and by their
    size word, with the word for joker in the player's language (komodina: docs/glossary.md),
    never the printed JOKER on a Basque table."""
    if "spades" not in available_games():
        pytest.skip("spades is not installed")
    msg = reach("spades", "jokers_and_deuces", 4,
                lambda g, s: bool({"BJ", "LJ"} & set(g.view(s, 0).get("hand") or [])))
    ctx, page, _, errors = show(server, browser, "spades", "jokers_and_deuces", 4, msg)
    try:
        faces = page.eval_on_selector_all("#hand .card", """els => els
            .filter(e => /komodin/i.test(e.getAttribute('aria-label')))
            .map(e => [e.getAttribute('aria-label'),
                       [...e.querySelectorAll('svg text')].map(t => t.textContent).join('')])""")
        assert faces, "a joker in the hand"
        for label, text in faces:
            assert "JOKER" not in text.upper()
            assert "KOMODINA" in text
            size = "handia" if "handia" in label else "txikia"
            assert text.endswith(size), (label, text)
        assert not errors, errors
    finally:
        ctx.close()


def test_copying_the_spectator_link_says_so(server: Server, browser: Any) -> None:
    """The table's "copy the spectator link" button copied silently, and not at all on a page
    opened as http://192.168.… (no Clipboard API there): it copies through keep.js's copyText
    (with its fallback) and says "Copied!"."""
    made = server.create("nim", ["person", "bot:random"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844},
                              permissions=["clipboard-read", "clipboard-write"])
    try:
        page = ctx.new_page()
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#copy-spectator")
        page.click("#copy-spectator")
        page.wait_for_function("document.getElementById('spectator-copied').textContent !== ''")
        assert page.inner_text("#spectator-copied") == translate("web", "Copied!", "eu")
        assert page.evaluate("navigator.clipboard.readText()") == f"{server.url}/t/{made['id']}?spectate=1"
    finally:
        ctx.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["spades", "mille_bornes", "denborazup"])
def test_the_result_line_stays_over_the_table_at_game_over(server: Server, browser: Any, game: str) -> None:
    """SPR-13, MBR-1, DZR-8: at game over the status line over the table (hidden then: scrolled
    past a phone's tall final scores, the table said nothing) says the game's result sentence,
    the log's last line ("Zure taldeak irabazi du partida, 120 eta -40"); the panel still says
    "Game over." once, and not the status line's sentence again (DenboraZup's is "Irabazi
    duzu!", the panel's verdict)."""
    if game not in available_games():
        pytest.skip(f"{game} is not installed")
    ctx, page, _, errors, _ = open_live(server, browser, game)
    try:
        play_page(page, random.Random(5), chooser=denborazup_chooser if game == "denborazup" else None,
                  prefer=("play", "bid", "look", "draw", "remedy", "safety", "hazard", "flip", "place"))
        page.wait_for_selector("#gameover h2")
        assert page.is_visible("#status")
        status = page.inner_text("#status")
        assert status and status == page.inner_text("#log li:last-child"), status
        if game != "denborazup":
            assert re.search(r"\d", status), status  # the score
        assert status not in page.inner_text("#gameover"), status
        said = translate("web", "Game over.", "eu")
        assert page.evaluate("document.body.innerText").count(said) == 1
        gap = page.evaluate("document.querySelector('#board').getBoundingClientRect().top"
                            " - document.querySelector('#status').getBoundingClientRect().bottom")
        assert 0 <= gap < 60, gap  # right over the table
        assert not errors, errors
    finally:
        ctx.close()


def test_your_own_plate_says_you_did_not_call(server: Server, browser: Any) -> None:
    """DZR-8: a player who holds one card and did not call "DenboraZup!" may be caught; the chip
    on your own plate ("Zu") addresses you ("ez duzu esan"), not a third person ("ez du esan",
    which the other plates keep)."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    msg = reach("denborazup", "multi", 2, lambda g, s: 0 in g.view(s, 0)["catchable"])
    ctx, page, _, errors = show(server, browser, "denborazup", "multi", 2, msg)
    try:
        mine = translate("web", "you did not call", "eu")
        assert page.inner_text(".plate.me .chip.nil") == mine == "ez duzu esan"
        if 1 in msg["view"]["catchable"]:
            assert page.inner_text(".plate:not(.me) .chip.nil") == translate("web", "did not call", "eu")
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_the_edition_is_not_cut_in_a_phones_header(server: Server, browser: Any, lang: str) -> None:
    """MBR-1: the header names the game and its edition; at 390 px the edition ended in "…"
    ("Heraclio Fournier (euskar…"): it wraps under the game's name, whole, inside the screen."""
    if "mille_bornes" not in available_games():
        pytest.skip("mille_bornes is not installed")
    ctx, page, _, errors, _ = open_live(server, browser, "mille_bornes", lang=lang)
    try:
        page.wait_for_function("document.getElementById('edition').textContent !== ''")
        cut = page.evaluate("""(() => { const e = document.getElementById('edition');
            const r = e.getBoundingClientRect();
            return [e.scrollWidth - e.clientWidth, r.right, e.textContent]; })()""")
        assert cut[0] <= 1 and cut[1] <= 390, cut
        assert not errors, errors
    finally:
        ctx.close()


def test_the_hand_says_to_draw_when_a_turn_starts(server: Server, browser: Any) -> None:
    """MBR-4: a turn starts with a draw; the pile glowed and nothing said what to do ("Zure
    txanda da." over a hand of cards that do nothing): the hint over the hand says to press the
    draw pile, which is the draw's button."""
    if "mille_bornes" not in available_games():
        pytest.skip("mille_bornes is not installed")
    msg = reach("mille_bornes", "eu", 2, lambda g, s: 0 in s.to_act()
                and [a.notation() for a in s.legal_actions(0)] == ["draw"])
    ctx, page, _, errors = show(server, browser, "mille_bornes", "eu", 2, msg)
    try:
        said = translate("web", "Press the draw pile to draw a card.", "eu")
        assert page.inner_text("#board .dock .hint") == said == "Sakatu piloa karta bat hartzeko."
        assert page.locator("[data-place='deck'] [data-action='draw']").count() == 1
        assert not errors, errors
    finally:
        ctx.close()


def test_the_replay_link_is_offered_once_at_game_over(server: Server, browser: Any) -> None:
    """During the game the side column offers the step-by-step replay; once the game is over
    the game-over panel offers it by the rematch, and the side column's link hides (the page
    showed it twice)."""
    made = server.create("nim", ["person", "bot:random"], options={"stones": 5})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    shown = ("[...document.querySelectorAll('a[href$=\"/replay\"]')]"
             ".filter(a => a.offsetParent !== null).length")
    try:
        page = ctx.new_page()
        page.add_init_script(FAST)
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#seat-tools a")
        assert page.evaluate(shown) == 1
        play_page(page, random.Random(3))
        page.wait_for_selector("#gameover #over-replay")
        assert page.evaluate(shown) == 1
        assert page.is_visible("#gameover #over-replay")
    finally:
        ctx.close()


@pytest.mark.parametrize("players,edition", [(2, "two_player"), (4, "standard")])
def test_a_spades_hand_summary_names_each_player_once(server: Server, browser: Any, players: int,
                                                      edition: str) -> None:
    """SPR-10, SPR-11: with two players each side is one player, named by its column's head: the
    bids and tricks rows say just the numbers ("Zu 4 | Ane 3" under the heads "Zu | Ane" read
    the names twice). With four players the partners' cells still name each of them."""
    if "spades" not in available_games():
        pytest.skip("spades is not installed")
    msg = reach("spades", edition, players, lambda g, s: len(g.view(s, 0)["history"]) >= 1)
    over = {**msg, "over": True, "winners": [0], "legal": []}
    ctx, page, _, errors = show(server, browser, "spades", edition, players, over)
    try:
        page.wait_for_selector("#hand-summary")
        cells = page.evaluate("""() => [...document.querySelectorAll('#hand-summary tbody tr')].slice(0, 2)
          .map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent))""")
        heads = page.evaluate("[...document.querySelectorAll('#hand-summary thead th')]"
                              ".map(th => th.textContent)")
        names = [msg["names"][str(s)] for s in range(players)]
        named = [c for row in cells for c in row if any(n.lower() in c.lower() for n in names)]
        if players == 2:
            assert heads == ["Zu", "Ane"], heads
            assert not named, cells
            bare = r"\d+|" + re.escape(translate("web", "Nil", "eu"))
            assert all(re.fullmatch(bare, c) for row in cells for c in row), cells
        else:
            assert len(named) == 4, cells
        assert not errors, errors
    finally:
        ctx.close()


def test_the_game_over_panel_says_the_result_once(server: Server, browser: Any) -> None:
    """SPR-13: at a Spades game's end the status line says the match's result sentence ("Partida
    irabazi duzu: zuk 120 puntu, …"): the panel over it names the winners and leaves out the
    verdict ("Irabazi duzu!": it was the third 'you won' in four lines), and takes the keyboard's
    place from the hand. At 1280 × 800 the
    hand's breakdown in the panel is as wide as its columns need, not the whole column (with two
    players its numbers stood 500 px from their row names)."""
    if "spades" not in available_games():
        pytest.skip("spades is not installed")
    ctx, page, _, errors, _ = open_live(server, browser, "spades", width=1280, height=800)
    try:
        page.evaluate("localStorage.setItem('mahai.named.' + location.pathname.split('/')[2], '1')")
        play_page(page, random.Random(5), prefer=("play", "bid", "look"))
        page.wait_for_selector("#gameover #hand-summary")
        page.wait_for_function("document.querySelector('#status').textContent !== ''")
        assert page.inner_text("#status") == page.inner_text("#log li:last-child")
        assert page.query_selector("#gameover .verdict") is None
        # the keyboard's place moves to the panel (it stayed on the hand, out of view under it):
        # the next Tab reaches the rematch (the play test of session 13, a keyboard-only game)
        assert page.evaluate("document.activeElement.id") == "gameover-title"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "rematch"
        # the row names' column against its longest name (a Range: a cell's box is wider than its words)
        column, words = page.evaluate("""() => {
          const ths = [...document.querySelectorAll('#gameover #hand-summary th[scope="row"]')];
          const words = ths.map((th) => { const r = document.createRange(); r.selectNodeContents(th);
                                          return r.getBoundingClientRect().width; });
          return [ths[0].getBoundingClientRect().width, Math.max(...words)]; }""")
        assert column <= words + 40, (column, words)
        assert not errors, errors
    finally:
        ctx.close()


def test_a_question_takes_the_focus_of_a_keyboard_player(server: Server, browser: Any) -> None:
    """SPR-4: after "look at your cards" the bid is asked above the hand; a keyboard player's
    focus stayed on the hand, and the bids were 24 Tabs away round the page (the play test of
    session 13). The question takes the focus (the section, so Enter twice bids nothing), and
    the next Tab reaches its first answer."""
    if "spades" not in available_games():
        pytest.skip("spades is not installed")
    ctx, page, _, errors, _ = open_live(server, browser, "spades", width=1280, height=800)
    try:
        page.evaluate("localStorage.setItem('mahai.named.' + location.pathname.split('/')[2], '1')")
        page.wait_for_selector("[data-action='look']:not([disabled])", timeout=20_000)
        page.focus("[data-action='look']")
        page.keyboard.press("Shift+Tab")  # a keyboard player, back on "look at your cards"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.action") == "look"
        page.keyboard.press("Enter")
        page.wait_for_function("document.activeElement.id === 'bidding'", timeout=10_000)
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#bidding') !== null "
                             "&& document.activeElement.dataset.action.startsWith('bid ')")
        assert not errors, errors
    finally:
        ctx.close()


def test_the_spades_score_sheet_names_each_side_once(server: Server, browser: Any) -> None:
    """SPR-10 … SPR-13: the score sheet names each side once, over its two columns (this hand,
    the total): with two players at 390 × 844 it fits the phone (its heads "Zu: esku honetan",
    "Ausazkoa: esku honetan", "Zu: guztira", … named each player twice and scrolled sideways)."""
    if "spades" not in available_games():
        pytest.skip("spades is not installed")
    msg = reach("spades", "two_player", 2, lambda g, s: len(g.view(s, 0)["history"]) >= 1)
    ctx, page, _, errors = show(server, browser, "spades", "two_player", 2, msg)
    try:
        page.click("details.scores > summary")
        page.wait_for_selector("#score-sheet")
        heads = page.evaluate("document.querySelector('#score-sheet thead').innerText")
        for name in ("Zu", "Ane"):
            assert len(re.findall(rf"\b{name}\b", heads)) == 1, heads
        box = page.evaluate("(e => [e.scrollWidth, e.clientWidth])"
                            "(document.querySelector('#score-sheet').parentElement)")
        assert box[0] <= box[1], box
        assert not errors, errors
    finally:
        ctx.close()


# The words of the reference card's title that the page breaks across two lines (a Range per word:
# a word on two lines has two client boxes); a hyphenated word may break after its hyphen.
BROKEN_WORDS = """() => {
  const t = document.querySelector('#reference .event.reference .ev-title').firstChild;
  const out = [];
  for (const m of t.data.matchAll(/[^\\s-]+-?/g)) {
    const r = document.createRange(); r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
    if (r.getClientRects().length > 1) out.push(m[0]);
  }
  return out;
}"""


def test_the_reference_card_breaks_no_word_on_a_phone(server: Server, browser: Any) -> None:
    """DZR-4: at 390 × 844 the reference card, alone in its panel, is wide enough for the deck's
    longest Basque words: none of them breaks inside (“munduko lehen zubi transbordadore-a” was cut
    one letter before its end)."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    from mahai.games import get_game

    deck = list(get_game("denborazup").deck)  # type: ignore[attr-defined]
    longest = sorted(deck, key=lambda c: max(len(w) for w in re.split(r"[\s-]+", c.title_eu)))[-6:]
    msg = reach("denborazup", "multi", 2, lambda g, s: 0 in s.to_act())
    ctx, page, _, errors = show(server, browser, "denborazup", "multi", 2, msg)
    try:
        for card in longest:
            old = msg["view"]["reference"]
            ref = {**old, "title": {**old["title"], "eu": card.title_eu}}
            page.evaluate("m => window.mahaiRender(m)", {**msg, "view": {**msg["view"], "reference": ref}})
            assert page.evaluate(BROKEN_WORDS) == [], card.title_eu
        assert not errors, errors
    finally:
        ctx.close()


def test_the_game_over_captions_are_one_line(server: Server, browser: Any) -> None:
    """MBR-17: at 1280 × 800 the game-over panel's table captions ("1. etapa", "Azken
    puntuazioak") each stand on one line (the final scores' two narrow columns broke "Azken /
    puntuazioak" in two), and the page does not scroll sideways for them."""
    if "mille_bornes" not in available_games():
        pytest.skip("mille_bornes is not installed")
    # The leg played over the WebSocket, the page opened on the finished game (39 s of CI through
    # the page's controls; the panel is the same, drawn from the same final state message).
    made = server.create("mille_bornes", SEATS["mille_bornes"], options=OPTIONS["mille_bornes"])
    play_out(server, made)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(f"localStorage.setItem('mahai.lang', 'eu'); localStorage.setItem("
                             f"'mahai.named.{made['id']}', '1');" + FAST)
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#gameover table.score caption")
        lines = page.evaluate("""() => [...document.querySelectorAll('#gameover table.score caption')]
          .map((c) => { const r = document.createRange(); r.selectNodeContents(c);
            const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
            return [c.textContent, tops.size]; })""")
        assert lines and all(n == 1 for _, n in lines), lines
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert not errors, errors
    finally:
        ctx.close()


def test_a_mille_bornes_hand_of_seven_shows_every_card_on_a_phone(server: Server, browser: Any) -> None:
    """After the draw (MBR-4) a Mille Bornes hand holds seven cards; at 390 px the fan overlapped
    them, one card almost hidden and the names at their bottom cut ("konponket"): they now stand
    side by side, each whole, inside the screen."""
    if "mille_bornes" not in available_games():
        pytest.skip("mille_bornes is not installed")
    msg = reach("mille_bornes", "eu", 2, lambda g, s: 0 in s.to_act() and len(g.view(s, 0)["hand"]) == 7
                and "draw" not in [a.notation() for a in s.legal_actions(0)])
    ctx, page, _, errors = show(server, browser, "mille_bornes", "eu", 2, msg)
    try:
        boxes = page.eval_on_selector_all("#hand > .card", """els => els.map(e => {
          const r = e.querySelector('svg').getBoundingClientRect(); return [r.left, r.right]; })""")
        assert len(boxes) == 7
        assert all(left >= 0 and right <= 390 for left, right in boxes), boxes
        assert all(boxes[i][1] <= boxes[i + 1][0] + 0.5 for i in range(6)), boxes  # no overlap
        assert min(right - left for left, right in boxes) >= 40, boxes  # still a card, not a sliver
        assert not errors, errors
    finally:
        ctx.close()
