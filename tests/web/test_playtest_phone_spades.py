"""The fresh-clone play test of session 8, Spades on a phone (390x844, touch, Basque).

1. A mis-tap played the wrong card: with 13 cards each card's strip is 26 px wide and a tap on a
   playable card played it at once (SPR-8: a card played is played). Now a first tap with a finger
   raises the card and says that a second tap plays it; a tap on another card raises that one; the
   second tap on the raised card plays it. A mouse click (the other web tests) still plays at once.
2. The trick's cards covered the players' boxes: the partner's card sat on the top player's box
   and hid the tricks taken and the cards left ("Indartsua 3" wraps to two lines in Basque). The
   trick's cards and the plates must not overlap."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import FAST, READY, Server, legal_now, perform

pytestmark = pytest.mark.web



def open_phone(server: Server, browser: Any, seats: list[str], lang: str = "eu") -> tuple[Any, Any]:
    made = server.create("spades", seats, options={"length": "single_hand"})
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script(FAST)
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
    page.goto(server.url + made["links"]["0"])
    return ctx, page


def reach_my_play(page: Any, rng: random.Random, at_least: int = 2) -> list[str]:
    """Play (mouse clicks, one click a move) until this seat is to play a card with at least
    ``at_least`` playable cards; returns the playable cards' actions."""
    for _ in range(120):
        page.wait_for_function(READY)
        assert page.evaluate("document.body.dataset.over") != "1", "no such turn met"
        legal = legal_now(page)
        plays = [a for a in legal if a.startswith("play ")]
        if len(plays) >= at_least:
            return plays
        others = [a for a in legal if a != "bid blind_nil"] or legal
        choice = "look" if "look" in legal else rng.choice(others)
        perform(page, choice)
    raise AssertionError("no such turn met")


def test_a_first_tap_raises_the_card_and_a_second_tap_plays_it(server: Server, browser: Any) -> None:
    ctx, page = open_phone(server, browser, ["person", "bot:random", "bot:random", "bot:random"])
    try:
        plays = reach_my_play(page, random.Random(3))
        version = page.evaluate("document.body.dataset.version")
        first, other = plays[0], plays[1]
        page.locator(f"#hand [data-action='{first}']").tap()
        page.wait_for_selector(f"#hand [data-action='{first}'].raised")
        card = first.split()[1]
        label = page.evaluate(f"window.mahaiUi.label('{card}')")
        said = translate("web", "{card}: tap it again to play it.", "eu", card=label)
        said = said[:1].upper() + said[1:]  # "Hirustetako bostekoa: sakatu berriro jokatzeko."
        assert page.inner_text("#hand-hint") == said
        page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.version") == version  # nothing played
        # a tap on another playable card moves the raised card there, still nothing played
        page.locator(f"#hand [data-action='{other}']").tap()
        page.wait_for_selector(f"#hand [data-action='{other}'].raised")
        assert page.locator("#hand .raised").count() == 1
        page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.version") == version
        assert page.evaluate("window.mahaiLast.view.hand").count(other.split()[1]) == 1
        # the second tap on the raised card plays it
        page.locator(f"#hand [data-action='{other}']").tap()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert other.split()[1] not in page.evaluate("window.mahaiLast.view.hand")
        assert page.inner_text("#error") == ""
    finally:
        ctx.close()


def test_a_tap_on_a_card_you_may_not_play_still_says_why(server: Server, browser: Any) -> None:
    """SPR-8 / SPR-7: the unplayable card's line (tests/web/test_playtest_unplayable.py) on touch."""
    ctx, page = open_phone(server, browser, ["person", "bot:random", "bot:random", "bot:random"], "en")
    rng = random.Random(11)
    try:
        for _ in range(120):
            reach_my_play(page, rng, at_least=1)
            if page.locator("#hand .unplayable").count():
                break
            perform(page, rng.choice([a for a in legal_now(page) if a.startswith("play ")]))
        version = page.evaluate("document.body.dataset.version")
        page.locator("#hand .unplayable").first.tap(force=True)
        page.wait_for_selector("#hand-hint:not(:empty)")
        assert "highlighted" in page.inner_text("#hand-hint")
        assert page.evaluate("document.body.dataset.version") == version
    finally:
        ctx.close()


def overlaps(page: Any) -> list[tuple[str, str, float]]:
    """(card, plate, overlapping area in px²) for each trick card over a seat's plate."""
    found: list[tuple[str, str, float]] = page.evaluate("""() => {
        const out = [];
        const plates = [...document.querySelectorAll('.felt .plate')];
        for (const c of document.querySelectorAll('#trick .spot .card:not(.flying)')) {
            const a = c.getBoundingClientRect();
            for (const p of plates) {
                const b = p.getBoundingClientRect();
                const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (w > 0.5 && h > 0.5) out.push([c.getAttribute('aria-label'), p.dataset.seat, w * h]);
            }
        }
        return out;
    }""")
    return found


# Tricks as they grow, seen from seat 0 (left: seat 1, top: seat 2, right: seat 3), the player
# on the left or the partner leading: a lone side card once reached up over the plates.
TRICKS = {
    "left": [1], "right": [3], "top": [2], "left+top": [1, 2], "top+right": [2, 3],
    "left+right": [3, 1], "three": [1, 2, 3], "four": [1, 2, 3, 0],
}


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_the_trick_does_not_cover_the_players_boxes_on_a_phone(server: Server, browser: Any,
                                                               lang: str) -> None:
    """Each trick as it grows (TRICKS) on the felt of a 390x844 phone, bots named
    "Indartsua 2/3/4" (two lines in Basque), seat 2 the dealer with a nil bid (the fullest
    plate): no trick card over any plate."""
    ctx, page = open_phone(server, browser, ["person", "bot:strong", "bot:strong", "bot:strong"], lang)
    try:
        page.wait_for_function(READY, timeout=60_000)
        found = {}
        for name, seats in TRICKS.items():
            page.evaluate("""(seats) => {
                const m = JSON.parse(JSON.stringify(window.mahaiLast));
                const cards = ['KH', 'QH', 'JH', 'AH'];
                m.view.phase = 'play';
                m.view.blind_nil_decision = false;
                m.view.trick = seats.map((s) => ({seat: s, card: cards[s]}));
                m.view.led_suit = 'hearts';
                m.view.spades_broken = true;
                m.view.dealer = 2;
                m.view.bids = [3, 4, 'blind_nil', 'nil'];
                m.legal = [];
                m.recent = [];
                window.mahaiRender(m);
            }""", seats)
            assert page.locator("#trick .spot .card").count() == len(seats)
            assert page.locator(".felt .plate").count() == 4
            if overlaps(page):
                found[name] = overlaps(page)
        assert found == {}
    finally:
        ctx.close()
