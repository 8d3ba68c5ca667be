"""The new-user play test of session 7: in Spades, a card you may not play on your turn (the
led suit must be followed, SPR-8; spades may not lead until broken, SPR-7) said nothing when
tapped: it was only a little darker, and a family member tapped it again and again. Now the
tap says so under the hand, in the player's language, and no move is sent; the next update
(a move made) clears the line.

Session 8: the line says why, in the rule's words, as the engine refuses such a play
(``SpadesState._verify_play``, the spades catalog): the suit led to follow, named (SPR-8);
spades not broken yet (SPR-7); and with the variants, the first trick led with the two of
clubs (``first_lead: two_of_clubs``) or no spade led to it (SPR-15). It said only "you cannot
play that card now"."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import READY, Server, legal_now, perform

pytestmark = pytest.mark.web

CHOOSE = "Choose one of the highlighted cards."


def why(lang: str, msgid: str, **params: str) -> str:
    """The line under the hand: the rule (spades catalog), then which cards to choose (web)."""
    return f"{translate('spades', msgid, lang, **params)} {translate('web', CHOOSE, lang)}"


def reach_an_unplayable_card(page: Any, rng: random.Random) -> bool:
    """Play (a person at seat 0 against bots) until it is this seat's turn to play a card and
    some card of its hand may not be played: True; False if the hand ended first (some deals
    never hold a card that may not be played, and the server deals at random)."""
    for _ in range(80):
        page.wait_for_function(READY)
        if page.evaluate("document.body.dataset.over") == "1":
            return False
        legal = legal_now(page)
        if any(a.startswith("play ") for a in legal) and page.locator("#hand .unplayable").count():
            return True
        choice = ("look" if "look" in legal else
                  rng.choice([a for a in legal if a != "blind_nil"] or legal))
        perform(page, choice)
    raise AssertionError("a single hand of Spades took over 80 moves")


def open_table(server: Server, browser: Any, lang: str, options: dict[str, Any]) -> tuple[Any, Any]:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"], options=options)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.add_init_script("window.mahaiTiming = {trick: 0, reveal: 0, fly: 0};")
    page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
    page.goto(server.url + made["links"]["0"])
    return ctx, page


def table_with_an_unplayable_card(server: Server, browser: Any, lang: str, options: dict[str, Any],
                                  rng: random.Random) -> tuple[Any, Any]:
    """A new table's page played until a card may not be played (:func:`reach_an_unplayable_card`);
    a hand that ends first is left for another table, at most five (such hands are rare, one of
    3,000 random single hands played offline, but a CI run met one)."""
    for _ in range(5):
        ctx, page = open_table(server, browser, lang, options)
        try:
            if reach_an_unplayable_card(page, rng):
                return ctx, page
        except BaseException:
            ctx.close()
            raise
        ctx.close()
    raise AssertionError("five hands without a card that may not be played")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tapping_a_card_you_may_not_play_says_why_nothing_happened(server: Server, browser: Any,
                                                                    lang: str) -> None:
    rng = random.Random(11)
    ctx, page = table_with_an_unplayable_card(server, browser, lang, {"length": "single_hand"}, rng)
    try:
        assert page.is_hidden("#hand-hint")  # nothing said before a tap
        version = page.evaluate("document.body.dataset.version")
        view = page.evaluate("window.mahaiLast.view")
        page.locator("#hand .unplayable").first.click(force=True)  # aria-disabled: Playwright would wait
        page.wait_for_selector("#hand-hint:not(:empty)")
        if view["trick"]:  # SPR-8: the suit led, named
            expected = why(lang, "must_follow_suit", suit=translate("spades", view["led_suit"], lang))
        else:  # SPR-7: leading, spades not broken (the only other reason with these options)
            assert not view["spades_broken"]
            expected = why(lang, "spades_not_broken")
        assert page.inner_text("#hand-hint") == expected
        assert page.is_visible("#hand-hint")
        page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.version") == version  # no move was sent
        assert page.inner_text("#error") == ""
        perform(page, rng.choice([a for a in legal_now(page) if a.startswith("play ")]))
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert page.locator("#hand-hint:not(:empty)").count() == 0
    finally:
        ctx.close()


# The page's own state message, changed to each case the engine refuses (window.mahaiRender shows
# a message as if it had just arrived): the hand of the live table, one card playable.
CASES = {
    "follow": ({"trick": [{"seat": 3, "card": "KH"}], "led_suit": "hearts", "spades_broken": False},
               {}, "must_follow_suit"),
    "broken": ({"trick": [], "led_suit": None, "spades_broken": False}, {}, "spades_not_broken"),
    "first_trick": ({"trick": [], "led_suit": None, "spades_broken": False, "tricks_won": [0, 0, 0, 0]},
                    {"spades_lead": "after_first_trick"}, "spades_not_on_first_trick"),
    "two_of_clubs": ({"trick": [], "led_suit": None, "spades_broken": False, "tricks_won": [0, 0, 0, 0]},
                     {"first_lead": "two_of_clubs"}, "must_lead_card"),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("lang", ["eu", "en"])
def test_each_reason_of_the_rules_is_said_in_its_own_words(server: Server, browser: Any, lang: str,
                                                           case: str) -> None:
    """SPR-7, SPR-8, SPR-15 and the two of clubs' first lead, each as the spades catalog says it."""
    ctx, page = table_with_an_unplayable_card(server, browser, lang, {"length": "single_hand"},
                                              random.Random(5))
    try:
        view, options, msgid = CASES[case]
        playable = "2C" if case == "two_of_clubs" else page.evaluate(
            "window.mahaiLast.legal.find(e => e.action.startsWith('play ')).action.split(' ')[1]")
        page.evaluate("""([view, options, playable]) => {
            const m = JSON.parse(JSON.stringify(window.mahaiLast));
            Object.assign(m.view, view);
            Object.assign(m.view.options, options);
            if (!m.view.hand.includes(playable)) m.view.hand.push(playable);
            m.legal = [{action: `play ${playable}`, label: playable}];
            window.mahaiRender(m);
        }""", [view, options, playable])
        page.locator("#hand .unplayable").first.click(force=True)
        page.wait_for_selector("#hand-hint:not(:empty)")
        params = {"suit": translate("spades", "hearts", lang)} if case == "follow" else {}
        if case == "two_of_clubs":
            params = {"card": page.evaluate("window.mahaiUi.label('2C')")}
        assert page.inner_text("#hand-hint") == why(lang, msgid, **params), json.dumps(case)
    finally:
        ctx.close()
