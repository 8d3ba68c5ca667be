"""The new-user play test of session 7: the replay and invitations pages of a table that does
not exist (a mistyped or expired link) say so in the page's language, with the way back to the
lobby, as the table page does (test_unknown_table). The replay page said "Mahai hau ez dago."
with only "Mahai" in the header to click; the invitations page told the visitor "This browser
did not create this table: ask its creator for your invitation link" about a table that is not
there at all."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import Server

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_of_an_unknown_table_gives_the_way_back(server: Server, browser: Any, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/t/nosuchtable/replay?lang={lang}")
        page.wait_for_selector("#load-error")
        assert page.inner_text("#load-error") == translate("web", "unknown_table", lang)
        assert page.get_attribute("#gone-home a", "href") == "/"
        assert page.inner_text("#gone-home") == translate("web", "Back to the lobby", lang)
        assert page.inner_text("#home") == translate("web", "Lobby", lang)
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_invitations_of_an_unknown_table_say_it_does_not_exist(server: Server, browser: Any,
                                                                  lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/t/nosuchtable/invite?lang={lang}")
        page.wait_for_selector("#invite h1")
        page.wait_for_selector("#load-error")
        text = page.inner_text("#invite")
        assert page.inner_text("#load-error") == translate("web", "unknown_table", lang)
        assert translate("web", "This browser did not create this table: ask its creator for your "
                                "invitation link.", lang) not in text
        assert page.get_attribute("#invite a[href='/']", "href") == "/"
        # a table that exists, opened in a browser that did not create it: "ask its creator"
        made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"])
        page.goto(f"{server.url}/t/{made['id']}/invite?lang={lang}")
        page.wait_for_selector("#invite p")
        page.wait_for_timeout(300)
        assert translate("web", "This browser did not create this table: ask its creator for your "
                                "invitation link.", lang) in page.inner_text("#invite")
        assert page.locator("#load-error").count() == 0
    finally:
        ctx.close()
