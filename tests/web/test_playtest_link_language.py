"""The play test of session 9: an invitation link carries its creator's language (``&lang=eu``),
and opening it replaced the language the guest had chosen in the menu, on that page and every
later one: a French player who opened a Basque family's link got Basque everywhere. Now the
person's own choice (the language menu) always wins; without one, the language of the last link
that named one; without that, Basque. Mahai does not follow the browser's language: Basque first,
and a family playing in Basque often has phones set to Spanish or French."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.web.server import PHONE, Server

pytestmark = pytest.mark.web


def shown(page: Any, path: str) -> str:
    """The language of the page at ``path`` once it has loaded its catalogs."""
    page.goto(path, wait_until="commit")  # a seat's link then goes on to the table's own address
    page.wait_for_function("!location.search.includes('seat=') && document.querySelector('#lang') !== null"
                           " && (!location.pathname.startsWith('/t/') || window.mahaiLast !== undefined)")
    lang: str = page.evaluate("document.documentElement.lang")
    assert page.input_value("#lang") == lang  # the menu says what the page shows
    return lang


@contextmanager
def guest(server: Server, browser: Any) -> Iterator[tuple[Any, str]]:
    """A page in a phone's fresh browser (no language chosen, none from a link) and the
    invitation link to the second seat of a Spades table; the browser closed on exit."""
    made = server.create("spades", ["person", "person", "bot:random", "bot:random"])
    ctx = browser.new_context(viewport=PHONE)
    try:
        yield ctx.new_page(), f"{server.url}{made['links']['1']}"
    finally:
        ctx.close()


def test_a_chosen_language_wins_over_the_links(server: Server, browser: Any) -> None:
    with guest(server, browser) as (page, link):
        assert shown(page, server.url + "/") == "eu"  # no choice, no link: Basque
        page.select_option("#lang", "fr")  # the guest's own choice
        assert shown(page, link + "&lang=eu") == "fr"  # the creator's Basque does not replace it
        assert "lang=" not in page.url
        assert shown(page, server.url + "/") == "fr"
        assert page.evaluate("localStorage.getItem('mahai.lang')") == "fr"


def test_without_a_choice_the_last_links_language_is_kept(server: Server, browser: Any) -> None:
    with guest(server, browser) as (page, link):
        assert shown(page, link + "&lang=es") == "es"  # the creator's language
        assert shown(page, server.url + "/") == "es"  # kept on the next pages
        assert shown(page, server.url + "/?lang=xx") == "es"  # an unknown one changes nothing
        assert shown(page, link + "&lang=eu") == "eu"  # another link's language
        assert page.evaluate("localStorage.getItem('mahai.lang')") is None  # not a choice
        with page.expect_navigation():  # the table page reloads in the chosen language
            page.select_option("#lang", "en")
        assert shown(page, link + "&lang=es") == "en"  # now a choice: it wins
