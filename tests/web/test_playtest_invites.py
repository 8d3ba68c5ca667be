"""The new-user play test of session 5, the invitations: an invitation link opens in the
creator's language (``?lang=xx`` on any page chooses the page's language and keeps it, as the
language menu does), and the creator's own seat is marked on the invitations page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.server import Server
from tests.web.test_invite import create_in_lobby

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
        assert guest.evaluate("localStorage.getItem('mahai.lang')") == "es"
        assert guest.url.endswith(f"/t/{tid}")
        assert guest.input_value("#lang") == "es"
    finally:
        creator_ctx.close()
        guest_ctx.close()
