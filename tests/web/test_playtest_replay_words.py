"""The play test of session 8: the step-by-step replay said "Hasiera" twice in Basque (and
"Inicio" twice in Spanish), once for its first step and once for the way back to the lobby, side
by side in its header and controls. The first and last steps are now "Lehena" / "Azkena" (as
"Aurrekoa" / "Hurrengoa" beside them; es "Primero" / "Último"); the lobby keeps "Hasiera"."""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES, translate
from tests.web.server import Server

pytestmark = pytest.mark.web


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_steps_and_the_lobby_have_words_of_their_own(server: Server, browser: Any,
                                                                  lang: str) -> None:
    made = server.create("nim", ["bot:random", "bot:random"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');")
        page.goto(f"{server.url}/t/{made['id']}/replay")
        page.wait_for_selector("#first")
        # their words (on a phone the step buttons show only their arrows: the words are for
        # screen readers, session 15)
        words = {sel: (page.text_content(sel) or "").replace("|◀", "").replace("▶|", "").strip(" ◀▶\n")
                 for sel in ("#home", "#first", "#prev", "#next", "#last")}
        assert words["#home"] == translate("web", "Lobby", lang)
        assert words["#first"] == translate("web", "First", lang)
        assert len(set(words.values())) == len(words), words  # every control says its own word
    finally:
        ctx.close()


def test_basque_names_the_first_and_last_steps_as_their_neighbours() -> None:
    """"Lehena … Aurrekoa · Hurrengoa … Azkena": the four steps read as one set of words."""
    assert [translate("web", w, "eu") for w in ("First", "Previous", "Next", "Last")] == \
        ["Lehena", "Aurrekoa", "Hurrengoa", "Azkena"]
    assert translate("web", "Lobby", "eu") == "Hasiera"
