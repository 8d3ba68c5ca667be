"""Plural forms through gettext's own mechanism (issue 12, "plural forms through the catalogs' plural
support"; ``docs/glossary.md``, "Style"): ``msgid_plural`` entries, each language's ``Plural-Forms``
rule (:data:`mahai.i18n.PLURAL_FORMS`), the count parameter of a message (:func:`mahai.i18n.count_of`),
and ``/api/i18n`` handing the forms to the web client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mahai.core.text import Message, Player, message_to_json
from mahai.i18n import LANGUAGES, catalog, count_of, number, plural_index, plurals, render, translate

CARDS = {  # web "{n} card": counts 0, 1, 2
    "eu": ["0 karta", "karta 1", "2 karta"],
    "en": ["0 cards", "1 card", "2 cards"],
    "es": ["0 cartas", "1 carta", "2 cartas"],
    "fr": ["0 carte", "1 carte", "2 cartes"],  # French counts 0 as one
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_count_picks_the_form_by_the_languages_rule(lang: str) -> None:
    assert [translate("web", "{n} card", lang, n=k) for k in (0, 1, 2)] == CARDS[lang]
    assert plurals("web", lang)["{n} card"] == tuple(CARDS[lang][i].replace(str(i), "{n}") for i in (1, 2))
    assert catalog("web", lang)["{n} card"] == plurals("web", lang)["{n} card"][0]  # the singular


def test_the_rules_are_gettexts() -> None:
    assert [plural_index("en", n) for n in (0, 1, 2, 11, 21)] == [1, 0, 1, 1, 1]
    assert [plural_index("fr", n) for n in (0, 1, 2, 11, 21)] == [0, 0, 1, 1, 1]
    assert [plural_index("eu", n) for n in (-1, 1, -2)] == [0, 0, 1]  # a negative count as its size


def test_the_count_is_n_else_count_else_players() -> None:
    assert count_of({"n": 3, "count": 1}) == 3
    assert count_of({"count": 1, "players": 5}) == 1
    assert count_of({"players": 5}) == 5
    assert count_of({"n": True, "card": "QS"}) is None  # a bool is no count
    # without a count, the first form
    assert translate("web", "{n} card", "eu") == "karta {n}"


def test_a_message_with_a_count_renders_in_its_form_and_its_json_is_unchanged() -> None:
    """"1 karta jarri dira": the Basque verb agrees with the count."""
    one = Message("spades", "{player} picked up {count} card.", {"player": Player(1), "count": 1})
    many = Message("spades", "{player} picked up {count} card.", {"player": Player(1), "count": 13})
    assert render(one, "eu") == "2. eserlekua: karta 1 hartu du."
    assert render(many, "eu") == "2. eserlekua: 13 karta hartu ditu."
    assert render(one, "en") == "seat 2 picked up 1 card."
    assert message_to_json(one) == {"domain": "spades", "msgid": "{player} picked up {count} card.",
                                    "params": {"player": {"seat": 1}, "count": 1}}


def test_numbers_are_written_as_each_language_writes_them() -> None:
    """docs/glossary.md, "Numbers agree": thousands with a full stop in Basque ("5.000 km", sheet 000),
    four digits without a separator in Spanish and French; the count still picks the plural form."""
    assert [number(n, "eu") for n in (999, 1000, 5000, -1700, 1234567)] == ["999", "1.000", "5.000", "-1.700",
                                                                             "1.234.567"]
    assert [number(n, "es") for n in (1700, 12500)] == ["1700", "12.500"]
    assert [number(n, "fr") for n in (1700, 12500)] == ["1700", "12\u202f500"]
    assert number(1700, "en") == "1,700"
    assert translate("web", "{n} card", "eu", n=1700) == "1.700 karta"
    points = Message("spades", "{player} picked up {count} card.", {"player": Player(0), "count": 2500})
    assert render(points, "eu") == "1. eserlekua: 2.500 karta hartu ditu."
    assert render(points, "es").count("2500") == 1


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    from mahai.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'mahai.db'}", pace=0.0)
    with TestClient(app, base_url="http://localhost") as c:
        yield c


def test_the_web_catalog_sends_a_plural_entry_as_its_forms(client: TestClient) -> None:
    """i18n.js picks among the forms with the same rule (``tests/web/test_games.py`` checks it)."""
    fr = client.get("/api/i18n/fr?domains=web").json()["web"]
    assert fr["{n} card"] == ["{n} carte", "{n} cartes"]
    assert isinstance(fr["Seat {n}"], str)  # a single entry stays a string
