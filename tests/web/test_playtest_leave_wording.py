"""The new-user play test of session 7: the "Leave the table?" dialog names the stand-in bot's
level inside one sentence, as the glossary writes it ("robot batek hartuko du zure eserlekua"),
in every language. It read "Hemendik aurrera zure eserlekuan jokatuko duena: Robota: indartsua."
(English: "Bot: strong will play your seat from now on."): the lobby's label "Robota: {name}"
dropped into a sentence, two colons in a row."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.bots import default_bot
from mahai.games import get_game
from mahai.i18n import LANGUAGES, translate
from mahai.server.text import bot_name
from tests.web.server import Server
from tests.web.test_invite import sit

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_leave_dialog_names_the_bots_level_in_one_sentence(server: Server, browser: Any,
                                                                 lang: str) -> None:
    made = server.create("mille_bornes", ["person", "person"], edition="eu")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(server.url + made["links"]["0"])
        sit(page)
        page.click("#seat-leave")
        text = page.inner_text("#leave-text")
        level = bot_name(get_game("mille_bornes"), default_bot("mille_bornes"), lang)
        assert level in text, (lang, text)
        label = translate("web", "Bot: {name}", lang).replace("{name}", level)
        assert label not in text, (lang, text)  # no "Robota: indartsua" inside the sentence
        assert text.count(":") == 1, (lang, text)  # one colon: "(maila: indartsua)"
        page.click("#leave-cancel")
    finally:
        ctx.close()
