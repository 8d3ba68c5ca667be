"""The new-user play test of session 5, the invitations: an invitation link opens in the
creator's language (``?lang=xx`` on any page chooses the page's language and keeps it for the
next pages, unless the person chose one in the language menu: tests/web/test_playtest_link_language.py),
and the creator's own seat is marked on the invitations page."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server
from tests.web.test_invite import create_in_lobby, shown_urls, sit

pytestmark = pytest.mark.web


def test_lang_in_the_address_chooses_and_keeps_the_language(server: Server, browser: Any) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(server.url + "/?lang=fr")
        page.wait_for_selector("#lang")
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.input_value("#lang") == "fr"
        assert "lang=" not in page.url  # kept in the browser, not in the address
        page.goto(server.url + "/")  # kept, as the menu keeps its choice
        page.wait_for_selector("#lang")
        assert page.evaluate("document.documentElement.lang") == "fr"
        page.goto(server.url + "/?lang=xx")  # an unknown language changes nothing
        page.wait_for_selector("#lang")
        assert page.evaluate("document.documentElement.lang") == "fr"
    finally:
        ctx.close()


def test_an_invitation_opens_in_the_creators_language(server: Server, browser: Any) -> None:
    creator_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        creator = creator_ctx.new_page()
        creator.goto(server.url + "/?lang=es")
        tid = create_in_lobby(creator, server.url, ["Ane", "Mikel"])
        urls: list[str] = creator.eval_on_selector_all("#links [data-state='open'] code.url",
                                                       "els => els.map(e => e.textContent)")
        assert len(urls) == 2 and all(u.endswith("&lang=es") for u in urls), urls
        spectate = creator.inner_text("#spectate-url")
        assert spectate.endswith(f"/t/{tid}?spectate=1&lang=es")
        guest = guest_ctx.new_page()  # a browser that never chose a language (Basque by default)
        guest.goto(urls[1])
        guest.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '1'")
        assert guest.evaluate("document.documentElement.lang") == "es"
        assert guest.evaluate("localStorage.getItem('mahai.lang.link')") == "es"  # not a choice
        assert guest.url.endswith(f"/t/{tid}")
        assert guest.input_value("#lang") == "es"
    finally:
        creator_ctx.close()
        guest_ctx.close()


def test_the_creators_own_seat_comes_first_and_is_marked(server: Server, browser: Any) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(server.url + "/?lang=en")
        # Spades, a bot at seat 1, then Ane (the creator: the lobby's first person) and Mikel.
        page.check("#game-spades")
        seats = ((0, "bot:random", ""), (1, "person", "Ane"), (2, "person", "Mikel"), (3, "bot:random", ""))
        for i, kind, name in seats:
            page.select_option(f"#seat-{i}", kind)
            if name:
                page.fill(f"#name-{i}", name)
        page.click("#create")
        page.wait_for_selector("#links [data-state='open']")
        first = page.locator("#links > li").first
        assert first.get_attribute("data-seat") == "1" and "own" in (first.get_attribute("class") or "")
        assert translate("web", "Your seat", "en") in first.inner_text()
        own = page.locator("#links li.own a.seat-link")
        assert own.inner_text() == translate("web", "Sit at your seat", "en")
        assert page.locator("#links li.own").count() == 1
        other = page.locator("#links li[data-seat='2']")
        assert translate("web", "Your seat", "en") not in other.inner_text()
        assert other.locator("a.seat-link").inner_text() == translate("web", "Sit here myself", "en")
    finally:
        ctx.close()


def test_every_seated_browser_sees_its_own_seat_marked(server: Server, browser: Any) -> None:
    """"Your seat" showed only in the creator's browser (the lobby's first person): a guest who
    opened their invitation sees their seat marked in the lobby's "My tables" (and as "Zu" at the
    table), and the creator's other browser, once sat down by its link, on the invitations page.
    That browser first opens a creator link cut short: refused once, the token is not kept, and
    a reload asks nothing the server refuses (it asked again, a 403 in the console each visit)."""
    creator_ctx, guest_ctx, other_ctx = browser.new_context(), browser.new_context(), browser.new_context()
    try:
        creator = creator_ctx.new_page()
        tid = create_in_lobby(creator, server.url, ["Ane", "Mikel"])
        seats = creator.eval_on_selector_all("#links [data-state='open']",
                                             "els => els.map(e => e.dataset.seat)")
        links = dict(zip(seats, shown_urls(creator), strict=True))
        token = creator.evaluate(f"localStorage.getItem('mahai.creator.{tid}')")
        mine = translate("web", "Your seat", "eu")
        # the guest, at seat 2 (index 1): "Zu" at the table, their seat marked in the lobby
        guest = guest_ctx.new_page()
        guest.goto(links["1"])
        sit(guest)
        assert guest.locator("#seats li.me").count() == 1
        assert guest.locator("#seats li:nth-child(2)").get_attribute("class").split().count("me") == 1
        guest.goto(server.url + "/")
        row = guest.locator(f"#my-tables-list li[data-table='{tid}']")
        row.wait_for()
        assert row.locator(".own-seat").count() == 1
        assert row.locator(".own-seat").inner_text() == "Mikel"
        assert mine in row.inner_text()
        # the creator's other browser: a creator link cut short, refused once and not kept
        other = other_ctx.new_page()
        console: list[str] = []
        other.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        other.goto(server.url + f"/t/{tid}/invite?creator={token[:-3]}")
        other.wait_for_selector("#invite p[role='alert']")
        assert translate("web", "bad_creator", "eu") in other.inner_text("#invite")
        assert other.evaluate(f"localStorage.getItem('mahai.creator.{tid}')") is None
        assert len(console) == 1 and "403" in console[0], console  # the browser's own line of the refusal
        other.reload()
        ask = translate("web", "This browser did not create this table: ask its creator for your "
                               "invitation link.", "eu")
        other.wait_for_function("t => document.getElementById('invite').innerText.includes(t)", arg=ask)
        assert len(console) == 1, console
        # then the creator link, then its own seat's invitation
        other.goto(server.url + f"/t/{tid}/invite?creator={token}")
        other.wait_for_selector("#links li[data-seat='0']")
        other.goto(links["0"])
        sit(other)
        other.goto(server.url + f"/t/{tid}/invite")
        other.wait_for_selector("#links li.own")
        own = other.locator("#links li.own")
        assert own.count() == 1 and own.get_attribute("data-seat") == "0"
        assert mine in own.inner_text()
    finally:
        for ctx in (creator_ctx, guest_ctx, other_ctx):
            ctx.close()
