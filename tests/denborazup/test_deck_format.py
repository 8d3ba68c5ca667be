"""The deck file's format (DZR-1): columns read by name, the optional French title and the
explanations in every language, region codes, and the balance table (issue 12)."""

from __future__ import annotations

import pytest

from mahai.games.denborazup import DeckError, HistoryCard, load_deck
from mahai.games.denborazup.cards import card_json
from mahai.games.denborazup.deck import (
    BALANCE_GOALS,
    COLUMNS,
    OPTIONAL_COLUMNS,
    REQUIRED_COLUMNS,
    area,
    century,
    deck_balance,
    denied_host,
    source_host,
)
from tests.denborazup.helpers import csv_text, mini_rows, synthetic_rows

FULL = {"title_fr": "La bataille de Roncevaux", "explanation_en": "The rearguard was destroyed.",
        "explanation_es": "La retaguardia fue aniquilada.", "explanation_fr": "L'arrière-garde fut détruite."}


def _text(rows: list[dict[str, str]], columns: list[str]) -> str:
    lines = [",".join(columns)]
    for row in rows:
        lines.append(",".join('"' + row.get(c, "").replace('"', '""') + '"' for c in columns))
    return "\n".join(lines) + "\n"


def test_columns_are_the_required_ones_and_the_optional_languages() -> None:
    assert set(COLUMNS) == set(REQUIRED_COLUMNS) | set(OPTIONAL_COLUMNS)
    assert [c for c in COLUMNS if c.startswith("title_")] == ["title_eu", "title_en", "title_es", "title_fr"]
    assert OPTIONAL_COLUMNS == ("title_fr", "explanation_en", "explanation_es", "explanation_fr")


def test_full_row_gives_four_titles_and_explanations() -> None:
    rows = [dict(r) for r in mini_rows()[:5]]
    rows[3].update(FULL)
    card = load_deck(csv_text(rows)).get("f04")
    assert card.titles == {"eu": "Orreagako gudua", "en": "The Battle of Roncevaux",
                           "es": "La batalla de Roncesvalles", "fr": "La bataille de Roncevaux"}
    assert card.title("fr") == "La bataille de Roncevaux"
    assert card.explanation("es") == "La retaguardia fue aniquilada."
    assert set(card.explanations) == {"eu", "en", "es", "fr"}
    data = card_json(card)
    assert data["explanation"]["fr"] == "L'arrière-garde fut détruite."
    assert data["explanation_eu"] == card.explanation_eu and data["title"]["fr"] == card.title_fr


def test_missing_languages_fall_back_to_english_then_basque() -> None:
    card = load_deck(csv_text(mini_rows()[:5])).get("f04")  # the optional cells are empty
    assert "fr" not in card.titles and card.title("fr") == card.title_en
    assert card.explanations == {"eu": card.explanation_eu}
    assert card.explanation("fr") == card.explanation_eu
    rows = [dict(r) for r in mini_rows()[:5]]
    rows[3]["explanation_en"] = "In English."
    card = load_deck(csv_text(rows)).get("f04")
    assert card.explanation("fr") == "In English." and card.explanation("eu") == card.explanation_eu


def test_columns_are_read_by_name_in_any_order() -> None:
    rows = [dict(r) for r in mini_rows()[:5]]
    rows[3].update(FULL)
    shuffled = list(reversed(COLUMNS))
    assert load_deck(_text(rows, shuffled)) == load_deck(csv_text(rows))
    old = [c for c in COLUMNS if c in REQUIRED_COLUMNS]  # the three-language format of the first deck
    assert len(load_deck(_text(rows, old))) == 5


@pytest.mark.parametrize(("columns", "field"), [
    ([*COLUMNS, "notes"], "notes"),
    ([c for c in COLUMNS if c != "title_es"], "title_es"),
    ([*COLUMNS, "title_fr"], "title_fr"),
])
def test_header_names_the_unknown_missing_or_repeated_column(columns: list[str], field: str) -> None:
    with pytest.raises(DeckError) as err:
        load_deck(_text(mini_rows()[:2], columns))
    assert (err.value.code, err.value.params["row"], err.value.params["field"]) == ("bad_header", 1, field)


def test_french_title_is_checked_like_the_others() -> None:
    rows = [dict(r) for r in mini_rows()[:5]]
    rows[3]["title_fr"] = "La bataille de 778"
    with pytest.raises(DeckError) as err:
        load_deck(csv_text(rows))
    assert (err.value.code, err.value.params["field"]) == ("title_has_year", "title_fr")
    rows[3]["title_fr"] = rows[1]["title_en"]
    with pytest.raises(DeckError) as err:
        load_deck(csv_text(rows))
    assert err.value.code == "duplicate_title"


@pytest.mark.parametrize(("region", "ok"), [
    ("araba", True), ("nafarroa-beherea", True), ("bizkaia gipuzkoa", True), ("iparralde", True),
    ("osoa", True), ("gascony", False), ("araba araba", False), ("araba,bizkaia", False),
])
def test_region_is_one_or_more_codes(region: str, ok: bool) -> None:
    rows = [dict(r) for r in mini_rows()[:5]]
    rows[3]["region"] = region
    if ok:
        card = load_deck(csv_text(rows)).get("f04")
        assert card.regions == tuple(region.split()) and card.region == region
    else:
        with pytest.raises(DeckError) as err:
            load_deck(csv_text(rows))
        assert (err.value.code, err.value.params["field"]) == ("bad_choice", "region")


@pytest.mark.parametrize(("year", "number"), [(1, 1), (100, 1), (101, 2), (1000, 10), (1001, 11),
                                              (1900, 19), (1901, 20), (2000, 20), (2001, 21),
                                              (-1, -1), (-100, -1), (-101, -2)])
def test_century_of_a_year(year: int, number: int) -> None:
    assert century(year) == number


def test_century_of_year_zero_is_an_error() -> None:
    with pytest.raises(ValueError):
        century(0)


@pytest.mark.parametrize(("code", "expected"), [("araba", "araba"), ("lapurdi", "iparralde"),
                                                ("zuberoa", "iparralde"), ("nafarroa-beherea", "iparralde"),
                                                ("iparralde", "iparralde"), ("nafarroa", "nafarroa"),
                                                ("hegoalde", "osoa"), ("osoa", "osoa")])
def test_area_of_a_region_code(code: str, expected: str) -> None:
    assert area(code) == expected


def _card(i: int, year: int, region: str, star: bool = False, category: str = "culture") -> HistoryCard:
    return HistoryCard(f"c{i}", year, None, None, "exact", star, category, region, f"eu{i}", f"en{i}",
                       f"es{i}", "azalpena", "https://example.org/", title_fr=f"fr{i}",
                       explanation_en="x", explanation_es="x", explanation_fr="x")


def test_balance_counts_centuries_areas_stars_and_languages() -> None:
    cards = [_card(0, 1025, "araba"), _card(1, 1099, "lapurdi bizkaia", star=True),
             _card(2, 1950, "osoa", category="sport"), _card(3, -75, "nafarroa")]
    cards.append(HistoryCard("c4", 2001, None, None, "exact", False, "economy", "gipuzkoa", "a", "b", "c",
                             "d", "https://en.wikipedia.org/wiki/X"))
    b = deck_balance(cards)
    assert (b.events, b.stars) == (5, 1)
    assert b.centuries == {-1: 1, 11: 2, 20: 1, 21: 1}
    assert b.areas == {"araba": 1, "gipuzkoa": 1, "nafarroa": 1, "iparralde": 1, "osoa": 1}
    assert b.regions["bizkaia"] == 1 and b.regions["lapurdi"] == 1
    assert b.star_eras == {"middle_ages": 1} and b.star_categories == {"culture": 1}
    assert b.missing == {"fr": 1, "en": 1, "es": 1}
    assert b.wikipedia == 1 and b.hosts["example.org"] == 4


def test_balance_shortfalls_name_each_missed_goal() -> None:
    rows = synthetic_rows(60)
    deck = load_deck(csv_text(rows))
    goals = {s.goal for s in deck_balance(deck).shortfalls()}
    assert {"events", "century_min", "area_min", "language", "star_era"} <= goals
    # a deck built to meet every goal has none: 15 events in each of 14 centuries, areas and
    # categories in turn, every tenth a star
    categories = ["politics", "language_literature", "culture", "sport", "science", "economy", "society"]
    areas = ["araba", "bizkaia", "gipuzkoa", "nafarroa", "lapurdi", "osoa"]
    years = [-450, 250, 750, *(1000 + 100 * c + 50 for c in range(11))]
    cards = [_card(i, years[i // 15], areas[i % 6], star=i % 10 == 0, category=categories[i % 7])
             for i in range(15 * len(years))]
    balance = deck_balance(cards)
    assert balance.events >= BALANCE_GOALS.min_events
    assert balance.shortfalls() == [], balance.shortfalls()
    # and one too many in a century, or one too few stars, is named
    crowded = cards + [_card(1000 + i, 1950, "araba", star=i % 10 == 0) for i in range(60)]
    assert [(s.goal, s.key) for s in deck_balance(crowded).shortfalls()] == [("century_max", "20")]
    dim = [_card(i, c.year, c.region, star=False, category=c.category) if c.year > 1700 else c
           for i, c in enumerate(cards)]  # no star after 1700: 6 of 21 gone
    assert {s.goal for s in deck_balance(dim).shortfalls()} == {"star_share", "star_era"}


@pytest.mark.parametrize(("url", "host", "denied"), [
    ("https://aunamendi.eusko-ikaskuntza.eus/es/x/ar-1/", "aunamendi.eusko-ikaskuntza.eus", None),
    ("https://www.Wikiwand.com./es/articles/X", "wikiwand.com", "wikiwand.com"),
    ("https://es.stringtranslate.com/wiki/X", "es.stringtranslate.com", "stringtranslate.com"),
    ("https://mizubel.blogspot.com/2018/06", "mizubel.blogspot.com", "blogspot.com"),
    ("https://blogs.deia.eus/historiasvascas/?p=163", "blogs.deia.eus", "blogs."),
    ("https://www.deia.eus/cultura/x.html", "deia.eus", None),
    ("https://notstudylib.es/doc/1", "notstudylib.es", None),  # a suffix is not a subdomain
])
def test_source_host_and_denied_host(url: str, host: str, denied: str | None) -> None:
    assert source_host(url) == host
    assert denied_host(url) == denied


def test_balance_names_each_insecure_or_denied_source() -> None:
    cards = [_card(i, 1025, "araba") for i in range(3)]
    cards[1] = HistoryCard("old", 1025, None, None, "exact", False, "culture", "araba", "a", "b", "c", "d",
                           "http://example.org/", title_fr="e", explanation_en="x", explanation_es="x",
                           explanation_fr="x")
    cards[2] = HistoryCard("mirror", 1025, None, None, "exact", False, "culture", "araba", "f", "g", "h", "i",
                           "https://1library.co/document/x", title_fr="j", explanation_en="x",
                           explanation_es="x", explanation_fr="x")
    balance = deck_balance(cards)
    assert balance.insecure == ("old",) and balance.denied == {"mirror": "1library.co"}
    found = [(s.goal, s.key) for s in balance.shortfalls() if s.goal.endswith("_source")]
    assert found == [("insecure_source", "old"), ("denied_source", "mirror")]
    assert not [s for s in deck_balance([_card(0, 1025, "araba")]).shortfalls() if s.goal.endswith("_source")]
