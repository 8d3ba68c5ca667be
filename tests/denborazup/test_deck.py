"""The deck loader (DZR-1), years and dates (DZC-2), the chronology (DZR-14), and the real deck."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mahai.core import CorruptRecord
from mahai.games.denborazup import (
    DECK_PATH,
    DeckError,
    chronology,
    deck_problems,
    format_date,
    format_parts,
    format_year,
    load_deck,
    sort_key,
)
from mahai.games.denborazup.deck import CATEGORIES, COLUMNS, REGIONS
from mahai.i18n import explain
from tests.denborazup.helpers import MINI, csv_text, mini_rows

ROW = mini_rows()[3]  # a good row (778, Roncevaux)


def load_with(**changes: str) -> None:
    rows = [dict(r) for r in mini_rows()[:5]]
    rows.append({**ROW, "id": "new", "title_eu": "Berria", "title_en": "New one", "title_es": "Nuevo",
                 **changes})
    load_deck(csv_text(rows))


def test_fixture_deck_loads_with_all_fields() -> None:
    deck = load_deck(MINI)
    assert len(deck) == 48
    e = deck.get("f04")
    assert (e.year, e.month, e.day, e.precision, e.star) == (778, 8, 15, "exact", True)
    assert e.titles == {"eu": "Orreagako gudua", "en": "The Battle of Roncevaux",
                        "es": "La batalla de Roncesvalles"}
    assert e.title("fr") == e.title_en and e.source_url.startswith("https://")
    assert "f04" in deck and "nope" not in deck
    assert load_deck(MINI.read_text(encoding="utf-8")) == deck


# each bad cell → (code, field); the row is the 7th line (header + 5 rows + this one)
BAD_CELLS = [
    ({"year": "0"}, "year_zero", "year"),
    ({"year": "12a"}, "bad_integer", "year"),
    ({"year": ""}, "missing_field", "year"),
    ({"month": "13"}, "bad_month", "month"),
    ({"month": "x"}, "bad_integer", "month"),
    ({"month": "2", "day": "30"}, "bad_day", "day"),
    ({"month": "", "day": "3"}, "bad_day", "day"),
    ({"precision": "roughly"}, "bad_choice", "precision"),
    ({"star": "2"}, "bad_choice", "star"),
    ({"category": "war"}, "bad_choice", "category"),
    ({"region": "gascony"}, "bad_choice", "region"),
    ({"title_eu": "x" * 91}, "title_too_long", "title_eu"),
    ({"title_en": "The battle of 778"}, "title_has_year", "title_en"),
    ({"title_es": ""}, "missing_field", "title_es"),
    ({"source_url": ""}, "missing_source", "source_url"),
    ({"source_url": "wikipedia"}, "bad_source", "source_url"),
    ({"id": "has space"}, "bad_id", "id"),
    ({"id": "battle-778"}, "id_has_year", "id"),
    ({"id": "f02"}, "duplicate_id", "id"),
    ({"title_eu": "Orreagako gudua"}, "duplicate_title", "title"),
    ({"explanation_eu": ""}, "missing_field", "explanation_eu"),
]


@pytest.mark.parametrize(("changes", "code", "field"), BAD_CELLS)
def test_bad_rows_name_the_line_and_field(changes: dict[str, str], code: str, field: str) -> None:
    with pytest.raises(DeckError) as err:
        load_with(**changes)
    assert isinstance(err.value, CorruptRecord)
    assert (err.value.code, err.value.params["row"], err.value.params["field"]) == (code, 7, field)
    assert err.value.domain == "denborazup"
    for lang in ("eu", "en", "es", "fr"):
        text = explain(err.value, lang)
        assert "7" in text and text != code


def test_dzc2_year_zero_error_is_clear_in_basque_and_english() -> None:
    with pytest.raises(DeckError) as err:
        load_with(year="0")
    assert explain(err.value, "en") == "Line 7: there is no year 0 (1 BC is followed by AD 1)."
    assert "0 urterik" in explain(err.value, "eu")


def test_title_year_check_matches_whole_numbers_only() -> None:
    load_with(year="1512", title_en="The 15120 things")  # 15120 does not contain the number 1512
    with pytest.raises(DeckError):
        load_with(year="-75", title_eu="K.a. 75eko gertakaria")


def test_line_numbers_count_multiline_cells() -> None:
    rows = [dict(r) for r in mini_rows()[:2]]
    rows[0]["explanation_eu"] = "Bi\nlerro."
    rows.append({**ROW, "year": "0"})
    with pytest.raises(DeckError) as err:
        load_deck(csv_text(rows))
    assert err.value.params["row"] == 5  # header 1, row 2-3, row 4, bad row 5


def test_a_deck_file_too_big_to_be_one_is_refused_unread(tmp_path: Path) -> None:
    """DZR-1 deck files: ``mahai denborazup check-deck /dev/zero`` read forever. A file over
    MAX_DECK_BYTES (a sparse file here, and a device) is ``deck_too_big`` in the player's language;
    the package deck and a byte order mark still load."""
    from mahai.games.denborazup.deck import MAX_DECK_BYTES
    from mahai.i18n import explain

    big = tmp_path / "events.csv"
    with big.open("wb") as file:
        file.truncate(MAX_DECK_BYTES + 1)
    devices = [Path("/dev/zero")] if Path("/dev/zero").exists() else []
    for path in [big, *devices]:
        with pytest.raises(DeckError) as err:
            load_deck(path)
        assert err.value.code == "deck_too_big" and err.value.params["most"] == 16
        assert "16 MB" in explain(err.value, "eu") and str(path) in explain(err.value, "en")
    marked = tmp_path / "marked.csv"
    marked.write_bytes(b"\xef\xbb\xbf" + MINI.read_bytes())
    assert len(load_deck(marked)) == len(load_deck(MINI))


def test_wrong_header_missing_file_and_column_count() -> None:
    text = MINI.read_text(encoding="utf-8")
    with pytest.raises(DeckError) as err:
        load_deck(text.replace("title_eu", "title", 1))
    assert (err.value.code, err.value.params["row"], err.value.params["field"]) == ("bad_header", 1, "title")
    with pytest.raises(DeckError) as err:
        load_deck(Path("/nonexistent/events.csv"))
    assert err.value.code == "deck_missing"
    lines = text.splitlines()
    with pytest.raises(DeckError) as err:
        load_deck("\n".join([lines[0], lines[1] + ",extra", *lines[2:]]))
    assert (err.value.code, err.value.params["row"]) == ("bad_column_count", 2)
    with pytest.raises(DeckError) as err:
        load_deck(lines[0] + "\n")
    assert err.value.code == "empty_deck"


def test_deck_problems_lists_every_bad_row() -> None:
    rows = [dict(r) for r in mini_rows()]
    rows[2]["year"] = "0"
    rows[10]["region"] = "x"
    rows[20]["id"] = rows[1]["id"]
    good, problems = deck_problems(csv_text(rows))
    assert [(p.code, p.params["row"]) for p in problems] == [("year_zero", 4), ("bad_choice", 12),
                                                             ("duplicate_id", 22)]
    assert len(good) == len(rows) - 3


@pytest.mark.parametrize(("lang", "text"), [("eu", "K.a. 75"), ("en", "75 BC"), ("es", "75 a.\u00a0C."),
                                            ("fr", "75 av.\u00a0J.-C.")])
def test_dzc2_bc_years_display(lang: str, text: str) -> None:
    """The era's words hold together (a no-break space): "av." ended a line and "J.-C." began
    the next on a card a third of a phone wide (session 16's play test)."""
    assert format_year(-75, lang) == text
    assert format_year(1937, lang) == "1937"


GROUPED = [("eu", "K.a. 37.000"), ("en", "37,000 BC"), ("es", "37.000 a.\u00a0C."),
           ("fr", "37\u202f000 av.\u00a0J.-C.")]


@pytest.mark.parametrize(("lang", "text"), GROUPED)
def test_dzc2_years_of_five_digits_are_grouped_as_the_language_writes_them(lang: str, text: str) -> None:
    """The deck's oldest card (Altxerri, 37000 BC) read "K.a. 37000"; a four-digit year is never
    grouped ("1936", not "1.936")."""
    assert format_year(-37000, lang) == text
    assert format_year(-1936, lang).count("1936") == 1
    ad = {"eu": "12.345", "en": "12,345", "es": "12.345", "fr": "12\u202f345"}
    assert format_year(12345, lang) == ad[lang]
    assert format_parts(-37000, None, None, "approx", lang).count(text) == 1


def test_dzc2_bc_sorts_before_ad_1_and_year_zero_does_not_exist() -> None:
    deck = load_deck(MINI)
    pompey = deck.get("f03")
    ad1 = type(pompey)(**{**pompey.__dict__, "id": "ad1", "year": 1})
    assert sort_key(pompey) < sort_key(ad1)
    assert [e.id for e in chronology([ad1, pompey])] == ["f03", "ad1"]
    with pytest.raises(ValueError):
        format_year(0)


def test_basque_years_take_the_ending_they_are_read_with() -> None:
    """-eko after bat, bost, hamar, hamabost, hogeita hamar …, ehun; -ko after a vowel."""
    from mahai.games.denborazup.cards import _eu_ko

    eko = [1, 5, 10, 15, 21, 30, 35, 45, 50, 70, 90, 100, 1100, 1895, 1901, 1905, 1910, 1915, 1930,
           1921, 1925, 1200, 1500]
    ko = [2, 3, 4, 6, 7, 8, 9, 11, 31, 12, 14, 16, 19, 20, 22, 40, 60, 80, 1000, 2000, 1937, 1964, 1980,
          1999, 1911, 1932]
    assert [y for y in eko if _eu_ko(y) != "eko"] == []
    assert [y for y in ko if _eu_ko(y) != "ko"] == []


def test_format_date_with_month_day_and_approx() -> None:
    deck = load_deck(MINI)
    gernika = deck.get("f34")
    # as each language's readers write a date (not "(26/4)" nor "1937, apirila 26")
    assert format_date(gernika, "en") == "26 April 1937"
    assert format_date(gernika, "eu") == "1937ko apirilaren 26a"
    assert format_date(gernika, "es") == "26 de abril de 1937"
    assert format_date(gernika, "fr") == "26 avril 1937"
    assert format_parts(1895, 7, None, "exact", "eu") == "1895eko uztaila"
    assert format_parts(1512, 9, 1, "exact", "fr") == "1er septembre 1512"
    assert format_parts(1512, 9, 1, "exact", "es") == "1 de septiembre de 1512"
    assert format_date(deck.get("f03"), "eu") == "K.a. 75 inguru"
    assert format_date(deck.get("f03"), "en") == "c. 75 BC"


def test_dzr14_chronology_is_sorted_by_date_not_by_id_or_file_order() -> None:
    deck = load_deck(MINI)
    order = chronology(deck)
    assert sorted(order, key=sort_key) == order and len(order) == len(deck)
    keys = [sort_key(e) for e in order]
    assert keys == sorted(keys)
    assert order[0].year < 0 < order[-1].year
    # reversed file order gives the same chronology
    assert chronology(reversed(deck.events)) == order


# --- the real deck (merged by the lead into data/events.csv) -------------------------------------

real = pytest.mark.skipif(not DECK_PATH.exists(),
                          reason="data/events.csv is not there yet: the lead merges the researchers' parts")


@real
def test_real_deck_structure() -> None:
    deck = load_deck(DECK_PATH)
    events = list(deck)
    assert len(events) >= 110
    assert len({e.id for e in events}) == len(events)
    assert len({e.title_eu.casefold() for e in events}) == len(events)
    assert all(e.year != 0 for e in events)
    for e in events:
        for title in e.titles.values():
            assert str(abs(e.year)) not in title.split(), (e.id, title)
    stars = sum(e.star for e in events) / len(events)
    assert 0.08 <= stars <= 0.16, stars
    assert all(e.source_url.startswith(("http://", "https://")) for e in events)
    years = [e.year for e in events]
    assert min(years) < 0 and 2020 <= max(years) <= 2029
    assert set(Counter(e.category for e in events)) == set(CATEGORIES)
    assert {code for e in events for code in e.regions} <= set(REGIONS)
    assert set(DECK_PATH.read_text(encoding="utf-8-sig").splitlines()[0].split(",")) <= set(COLUMNS)
