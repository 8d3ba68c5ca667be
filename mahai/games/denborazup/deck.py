"""The DenboraZup deck file: :class:`~mahai.games.denborazup.cards.HistoryCard` rows read from
a CSV file and validated (DZR-1).

Years use historical numbering: ..., -2 = 2 BC, -1 = 1 BC, 1 = AD 1; there is
no year 0 (DZC-2) and ``datetime`` is never used. The file has the header::

    id,year,month,day,precision,star,category,region,title_eu,title_en,title_es,explanation_eu,source_url

Every problem is a :class:`DeckError` (a :class:`~mahai.core.errors.CorruptRecord`,
``domain="denborazup"``) whose params name the CSV line (``row``, the
physical line number, header = 1) and the ``field``.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from mahai.core.errors import CorruptRecord
from mahai.games.denborazup.cards import (
    DOMAIN,
    Deck,
    HistoryCard,
    chronology,
    format_date,
    format_parts,
    format_year,
    sort_key,
)

COLUMNS: tuple[str, ...] = (
    "id", "year", "month", "day", "precision", "star", "category", "region",
    "title_eu", "title_en", "title_es", "explanation_eu", "source_url",
)
PRECISIONS = ("exact", "approx")
CATEGORIES = ("politics", "language_literature", "culture", "sport", "science", "economy", "society")
REGIONS = ("hegoalde", "iparralde", "nafarroa", "osoa")
TITLE_LANGUAGES = ("eu", "en", "es")
MAX_TITLE = 90
_ID_RE = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class DeckError(CorruptRecord):
    """A deck file that cannot be used; ``params`` hold ``row`` (CSV line,
    header = 1) and ``field`` where they apply, and ``value`` when useful."""


# --- loading -----------------------------------------------------------------

def _read_source(source: str | os.PathLike[str]) -> str:
    if isinstance(source, str):
        return source
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DeckError("deck_missing", domain=DOMAIN, path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError("deck_unreadable", domain=DOMAIN, path=str(path), detail=type(exc).__name__) from None


def _short(value: str) -> str:
    return value if len(value) <= 40 else value[:37] + "..."


def _int(text: str, row: int, name: str) -> int:
    raw = text.strip()
    if not re.fullmatch(r"[+-]?\d+", raw):
        raise DeckError("bad_integer", domain=DOMAIN, row=row, field=name, value=_short(raw))
    return int(raw)


def _contains_year(title: str, year: int) -> bool:
    return re.search(rf"(?<!\d){abs(year)}(?!\d)", title) is not None


def _card(fields: Mapping[str, str], row: int) -> HistoryCard:
    def text(name: str) -> str:
        value = (fields.get(name) or "").strip()
        if not value:
            raise DeckError("missing_field", domain=DOMAIN, row=row, field=name)
        return value

    card_id = text("id")
    if not _ID_RE.match(card_id):
        raise DeckError("bad_id", domain=DOMAIN, row=row, field="id", value=_short(card_id))
    year = _int(text("year"), row, "year")
    if year == 0:
        raise DeckError("year_zero", domain=DOMAIN, row=row, field="year")
    if str(abs(year)) in card_id:  # ids reach players with the hand: they must not tell the date
        raise DeckError("id_has_year", domain=DOMAIN, row=row, field="id", value=_short(card_id))
    month = day = None
    if (fields.get("month") or "").strip():
        month = _int(fields["month"], row, "month")
        if not 1 <= month <= 12:
            raise DeckError("bad_month", domain=DOMAIN, row=row, field="month", value=month)
    if (fields.get("day") or "").strip():
        day = _int(fields["day"], row, "day")
        if month is None or not 1 <= day <= _DAYS[month - 1]:
            raise DeckError("bad_day", domain=DOMAIN, row=row, field="day", value=day)
    precision = text("precision")
    if precision not in PRECISIONS:
        raise DeckError("bad_choice", domain=DOMAIN, row=row, field="precision", value=_short(precision),
                        choices=", ".join(PRECISIONS))
    star = text("star")
    if star not in ("0", "1"):
        raise DeckError("bad_choice", domain=DOMAIN, row=row, field="star", value=_short(star),
                        choices="0, 1")
    category = text("category")
    if category not in CATEGORIES:
        raise DeckError("bad_choice", domain=DOMAIN, row=row, field="category", value=_short(category),
                        choices=", ".join(CATEGORIES))
    region = text("region")
    if region not in REGIONS:
        raise DeckError("bad_choice", domain=DOMAIN, row=row, field="region", value=_short(region),
                        choices=", ".join(REGIONS))
    titles = {}
    for lang in TITLE_LANGUAGES:
        name = f"title_{lang}"
        title = text(name)
        if len(title) > MAX_TITLE:
            raise DeckError("title_too_long", domain=DOMAIN, row=row, field=name, length=len(title),
                            limit=MAX_TITLE)
        if _contains_year(title, year):
            raise DeckError("title_has_year", domain=DOMAIN, row=row, field=name, year=abs(year))
        titles[lang] = title
    explanation = text("explanation_eu")
    source = (fields.get("source_url") or "").strip()
    if not source:
        raise DeckError("missing_source", domain=DOMAIN, row=row, field="source_url")
    if not re.match(r"^https?://\S+$", source):
        raise DeckError("bad_source", domain=DOMAIN, row=row, field="source_url", value=_short(source))
    return HistoryCard(card_id, year, month, day, precision, star == "1", category, region,  # type: ignore[arg-type]
                 titles["eu"], titles["en"], titles["es"], explanation, source)


def _rows(text: str) -> Iterator[tuple[int, dict[str, str] | DeckError]]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise DeckError("bad_header", domain=DOMAIN, row=1, field="", expected=",".join(COLUMNS)) from None
    header = [h.strip().lstrip("\ufeff") for h in header]
    if tuple(header) != COLUMNS:
        wrong = next((h for h, c in zip(header, COLUMNS, strict=False) if h != c), None)
        missing = [c for c in COLUMNS if c not in header]
        name = wrong or (missing[0] if missing else header[len(COLUMNS)])
        raise DeckError("bad_header", domain=DOMAIN, row=1, field=name, expected=",".join(COLUMNS))
    start = reader.line_num + 1
    while True:
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error:
            yield start, DeckError("bad_csv", domain=DOMAIN, row=start, field="")
            return
        row = start
        start = reader.line_num + 1
        if not values or all(not v.strip() for v in values):
            continue
        if len(values) != len(COLUMNS):
            yield row, DeckError("bad_column_count", domain=DOMAIN, row=row, field="",
                                 count=len(values), expected=len(COLUMNS))
            continue
        yield row, dict(zip(COLUMNS, values, strict=True))


def deck_problems(source: str | os.PathLike[str]) -> tuple[list[HistoryCard], list[DeckError]]:
    """Read every row; return the good events and every problem found (one per bad row,
    plus duplicate ids and titles), in file order.

    ``source``: a path (``pathlib.Path`` or other path-like) or the CSV text itself (``str``).
    Raises :class:`DeckError` only if the file is missing or its header is wrong.
    """
    text = _read_source(source)
    events: list[HistoryCard] = []
    problems: list[DeckError] = []
    seen_ids: dict[str, int] = {}
    seen_titles: dict[str, int] = {}
    for row, item in _rows(text):
        if isinstance(item, DeckError):
            problems.append(item)
            continue
        try:
            event = _card(item, row)
        except DeckError as err:
            problems.append(err)
            continue
        if event.id in seen_ids:
            problems.append(DeckError("duplicate_id", domain=DOMAIN, row=row, field="id", value=event.id,
                                      first=seen_ids[event.id]))
            continue
        dup = next((seen_titles[t.casefold()] for t in event.titles.values() if t.casefold() in seen_titles),
                   None)
        if dup is not None:
            problems.append(DeckError("duplicate_title", domain=DOMAIN, row=row, field="title",
                                      first=dup))
            continue
        seen_ids[event.id] = row
        for t in event.titles.values():
            seen_titles.setdefault(t.casefold(), row)
        events.append(event)
    return events, problems


def load_deck(source: str | os.PathLike[str]) -> Deck:
    """Load and validate a deck (DZR-1).

    Args:
        source: a path (``pathlib.Path`` or other path-like) to a UTF-8 CSV file, or
            the CSV text itself (``str``).

    Raises:
        DeckError: the first problem, with ``row`` (CSV line) and ``field`` params; codes
            ``deck_missing``, ``bad_header``, ``bad_column_count``, ``missing_field``,
            ``bad_integer``, ``year_zero`` (DZC-2), ``bad_month``, ``bad_day``, ``bad_choice``,
            ``bad_id``, ``id_has_year``, ``title_too_long``, ``title_has_year``, ``missing_source``,
            ``bad_source``, ``duplicate_id``, ``duplicate_title``, ``empty_deck``.
    """
    events, problems = deck_problems(source)
    if problems:
        raise problems[0]
    if not events:
        raise DeckError("empty_deck", domain=DOMAIN, row=1, field="")
    return Deck(tuple(events))


DATA_DIR = Path(__file__).resolve().parent / "data"
DECK_PATH = DATA_DIR / "events.csv"


def package_deck() -> Deck:
    """The game's own deck, ``data/events.csv``.

    Raises:
        DeckError: ``deck_missing`` if the file is not there, or any load error.
    """
    return load_deck(DECK_PATH)


__all__ = ["COLUMNS", "DATA_DIR", "DECK_PATH", "DOMAIN", "Deck", "DeckError", "HistoryCard", "chronology",
           "deck_problems", "format_date", "format_parts", "format_year", "load_deck", "package_deck",
           "sort_key"]
