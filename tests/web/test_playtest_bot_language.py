"""The new-user play test of session 7: a bot the lobby named by its level ("Ausazkoa 3") is
named in each viewer's language, as the server names an unnamed bot (test_bot_names). The
lobby used to send its Basque name as if typed: a guest who switched the table to English
mid-game read "Ausazkoa 3 · robot" and "Ausazkoa 3: nil itsua" among English words, and so did
the invitations page and the lobby's "My tables" in English. A name typed for a bot stays as
typed. Spades rules of the seats: SPR-1 (four players, partners across)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server

pytestmark = pytest.mark.web


def level(bot: str, lang: str) -> str:
    name = translate("web", f"bot.{bot}", lang)
    return name[:1].upper() + name[1:]


def test_lobby_bots_are_named_in_each_viewers_language(server: Server, browser: Any) -> None:
    creator_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    guest_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        creator = creator_ctx.new_page()
        creator.goto(server.url + "/?lang=eu")
        creator.check("#game-spades")
        creator.check("#players-4")
        for i, (kind, name) in enumerate((("person", "Amaia"), ("person", "Jon"),
                                          ("bot:random", None), ("bot:random", "Txomin"))):
            creator.select_option(f"#seat-{i}", kind)
            if name:
                creator.fill(f"#name-{i}", name)
        eu, en = level("random", "eu"), level("random", "en")
        assert eu != en  # "Ausazkoa", "Random"
        assert creator.input_value("#name-2") == f"{eu} 3"  # the lobby shows the level name
        creator.click("#create")
        creator.wait_for_url(re.compile(r"/t/[^/]+/invite$"))
        creator.wait_for_selector("#links li[data-seat='2']")
        tid = creator.url.split("/t/")[1].split("/")[0]
        assert f"{eu} 3" in creator.inner_text("#links li[data-seat='2']")
        assert "Txomin" in creator.inner_text("#links li[data-seat='3']")
        link = creator.eval_on_selector("#links li[data-seat='1'] code.url", "e => e.textContent")
        link = re.sub(r"^http://[^/]+", server.url, link)
        # the invitations page in English
        creator.goto(server.url + f"/t/{tid}/invite?lang=en")
        creator.wait_for_selector("#links li[data-seat='2']")
        assert f"{en} 3" in creator.inner_text("#links li[data-seat='2']")
        assert "Txomin" in creator.inner_text("#links li[data-seat='3']")
        # the lobby's "My tables" in English
        creator.goto(server.url + "/?lang=en")
        row = creator.locator(f"#my-tables-list li[data-table='{tid}']")
        row.wait_for()
        assert f"{en} 3" in row.inner_text() and eu not in row.inner_text(), row.inner_text()
        # the guest opens the link (in Basque, the creator's language), then switches to English
        guest = guest_ctx.new_page()
        guest.goto(link)
        guest.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat === '1'")
        plates = guest.eval_on_selector_all(".plate .plate-name .name", "els => els.map(e => e.textContent)")
        assert f"{eu} 3" in plates and "Txomin" in plates, plates
        guest.select_option("#lang", "en")
        guest.wait_for_function("document.documentElement.lang === 'en'")
        guest.wait_for_function(f"[...document.querySelectorAll('.plate .plate-name .name')]"
                                f".some(e => e.textContent === '{en} 3')")
        plates = guest.eval_on_selector_all(".plate .plate-name .name", "els => els.map(e => e.textContent)")
        assert f"{eu} 3" not in plates and "Txomin" in plates, plates
        assert eu not in guest.inner_text("#seats")
    finally:
        creator_ctx.close()
        guest_ctx.close()
