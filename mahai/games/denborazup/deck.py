"""The DenboraZup deck file: :class:`~mahai.games.denborazup.cards.HistoryCard` rows read from
a CSV file and validated (DZR-1).

Years use historical numbering: ..., -2 = 2 BC, -1 = 1 BC, 1 = AD 1; there is
no year 0 (DZC-2) and ``datetime`` is never used. The package deck has the header
(:data:`COLUMNS`)::

    id,year,month,day,precision,star,category,region,title_eu,title_en,title_es,title_fr,
    explanation_eu,explanation_en,explanation_es,explanation_fr,source_url

(one line). Columns are read by name, in any order; ``title_fr`` and ``explanation_en/es/fr``
(:data:`OPTIONAL_COLUMNS`) may be missing or empty in another deck (the card then falls back
to English, then Basque), but the package deck fills them all (``tests/denborazup/test_deck.py``).
``region`` holds one or more codes of :data:`REGIONS` separated by spaces, the main one first.
``source_url`` must be an http(s) address; the sources policy (``docs/deck.md``) asks for
``https://`` and a host that is not a mirror, blog or document dump (:data:`DENIED_HOSTS`):
:meth:`DeckBalance.shortfalls` reports the cards that break it (goals ``insecure_source`` and
``denied_source``), and the package deck has none (``tests/denborazup/test_deck_content.py``).

:func:`deck_balance` counts a deck per century, area, category, star and language
(the table of ``mahai denborazup check-deck``) and :meth:`DeckBalance.shortfalls` lists the
goals of :data:`BALANCE_GOALS` it misses.

Every problem is a :class:`DeckError` (a :class:`~mahai.core.errors.CorruptRecord`,
``domain="denborazup"``) whose params name the CSV line (``row``, the
physical line number, header = 1) and the ``field``.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from mahai.core.errors import CorruptRecord
from mahai.games.denborazup.cards import (
    DOMAIN,
    LANGUAGES,
    Deck,
    HistoryCard,
    PackageDeck,
    chronology,
    format_date,
    format_parts,
    format_year,
    sort_key,
)

COLUMNS: tuple[str, ...] = (
    "id", "year", "month", "day", "precision", "star", "category", "region",
    "title_eu", "title_en", "title_es", "title_fr",
    "explanation_eu", "explanation_en", "explanation_es", "explanation_fr", "source_url",
)
"""Every column of a deck file, in the package deck's order."""
OPTIONAL_COLUMNS: tuple[str, ...] = ("title_fr", "explanation_en", "explanation_es", "explanation_fr")
"""Columns another deck may leave out (or leave empty): the card falls back to English, then Basque."""
REQUIRED_COLUMNS: tuple[str, ...] = tuple(c for c in COLUMNS if c not in OPTIONAL_COLUMNS)
PRECISIONS = ("exact", "approx")
CATEGORIES = ("politics", "language_literature", "culture", "sport", "science", "economy", "society")
HERRIALDEAK: tuple[str, ...] = ("araba", "bizkaia", "gipuzkoa", "nafarroa", "lapurdi", "nafarroa-beherea",
                                "zuberoa")
"""The seven herrialdeak (Álava, Biscay, Gipuzkoa, Navarre, Labourd, Lower Navarre, Soule)."""
GROUPS: dict[str, tuple[str, ...]] = {
    "hegoalde": ("araba", "bizkaia", "gipuzkoa", "nafarroa"),
    "iparralde": ("lapurdi", "nafarroa-beherea", "zuberoa"),
    "osoa": HERRIALDEAK,
}
"""Region codes for an event of several herrialdeak (``osoa``: the whole country, or its diaspora)."""
REGIONS: tuple[str, ...] = (*HERRIALDEAK, *GROUPS)
AREAS: tuple[str, ...] = ("araba", "bizkaia", "gipuzkoa", "nafarroa", "iparralde", "osoa")
"""The areas of the balance table: the four southern herrialdeak, Iparralde, and several (``osoa``)."""
TITLE_LANGUAGES = LANGUAGES
MAX_TITLE = 90
DENIED_HOSTS: tuple[str, ...] = (
    # Wikipedia mirrors and copies
    "stringtranslate.com", "academickids.com", "iiab.me", "wikidat.com", "profilpelajar.com", "knowledger.de",
    "wikiwand.com", "niidae.com", "wikiwix.com", "kiwix.org", "everybodywiki.com", "dbpedia.org", "wiki2.org",
    "wikimili.com", "alchetron.com", "hmong.es", "hisour.com", "infogalactic.com", "ecured.cu",
    # document dumps
    "studylib.es", "studylib.net", "studylib.com", "1library.co", "1library.net", "documentos.tech",
    "docslib.org", "scribd.com", "dokumen.pub", "pdfcoffee.com", "idoc.pub", "vdocuments.mx",
    "vdocuments.net", "docplayer.es", "docplayer.net", "docplayer.fr", "calameo.com", "issuu.com",
    "slideshare.net", "yumpu.com", "academia.edu",
    # blogs, personal sites, fan pages
    "blogspot.com", "wordpress.com", "sites.google.com", "free.fr", "buber.net", "fandom.com", "medium.com",
    "penyabeirut.com", "wixsite.com", "over-blog.com", "canalblog.com", "tumblr.com",
)
"""Hosts a deck source may not use (a host matches itself and its subdomains): Wikipedia mirrors,
document dumps, blogs and fan pages. Hosts beginning ``blog.``, ``blogs.`` or ``weblogs.`` are
refused as well."""
_BLOG_PREFIXES = ("blog.", "blogs.", "weblogs.")
_ID_RE = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def source_host(url: str) -> str:
    """The host of ``url``, lower case, without ``www.`` and without a trailing dot
    (``"https://www.Example.org./a"`` → ``"example.org"``)."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    return host[4:] if host.startswith("www.") else host


def denied_host(url: str) -> str | None:
    """The entry of :data:`DENIED_HOSTS` (or the blog prefix) that refuses ``url``, or None."""
    host = source_host(url)
    for denied in DENIED_HOSTS:
        if host == denied or host.endswith("." + denied):
            return denied
    return next((p for p in _BLOG_PREFIXES if host.startswith(p)), None)


def area(region: str) -> str:
    """The balance area (:data:`AREAS`) of a region code: a herrialde of Iparralde → ``"iparralde"``,
    ``"hegoalde"`` and ``"osoa"`` → ``"osoa"``, a southern herrialde → itself."""
    if region in GROUPS["iparralde"] or region == "iparralde":
        return "iparralde"
    return region if region in AREAS else "osoa"


def century(year: int) -> int:
    """The century of ``year``: 1 … 100 → 1, 1901 … 2000 → 20; BC centuries are negative
    (-1 … -100 → -1). Raises ValueError for year 0."""
    if year == 0:
        raise ValueError("there is no year 0")
    number = (abs(year) - 1) // 100 + 1
    return number if year > 0 else -number


class DeckError(CorruptRecord):
    """A deck file that cannot be used; ``params`` hold ``row`` (CSV line,
    header = 1) and ``field`` where they apply, and ``value`` when useful."""


# --- loading -----------------------------------------------------------------

MAX_DECK_BYTES = 16 * 1024 * 1024
"""The largest deck file read (16 MiB, as a record; the package deck is ≈ 190 KB): a device such
as ``/dev/zero`` was read forever."""


def _read_source(source: str | os.PathLike[str]) -> str:
    if isinstance(source, str):
        return source
    path = Path(source)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_DECK_BYTES + 1)
        if len(data) > MAX_DECK_BYTES:
            raise DeckError("deck_too_big", domain=DOMAIN, path=str(path),
                            most=MAX_DECK_BYTES // (1024 * 1024))
        return data.decode("utf-8-sig")
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
    region_codes = text("region").split()
    bad_region = next((code for code in region_codes if code not in REGIONS), None)
    if bad_region is not None or len(set(region_codes)) != len(region_codes):
        raise DeckError("bad_choice", domain=DOMAIN, row=row, field="region",
                        value=_short(bad_region or " ".join(region_codes)), choices=", ".join(REGIONS))
    titles: dict[str, str] = {}
    for lang in TITLE_LANGUAGES:
        name = f"title_{lang}"
        title = text(name) if name in REQUIRED_COLUMNS else (fields.get(name) or "").strip()
        if len(title) > MAX_TITLE:
            raise DeckError("title_too_long", domain=DOMAIN, row=row, field=name, length=len(title),
                            limit=MAX_TITLE)
        if _contains_year(title, year):
            raise DeckError("title_has_year", domain=DOMAIN, row=row, field=name, year=abs(year))
        titles[lang] = title
    explanations = {lang: (fields.get(f"explanation_{lang}") or "").strip() for lang in LANGUAGES}
    explanations["eu"] = text("explanation_eu")
    source = (fields.get("source_url") or "").strip()
    if not source:
        raise DeckError("missing_source", domain=DOMAIN, row=row, field="source_url")
    if not re.match(r"^https?://[^\s/?#]+\.[^\s/?#.]+(?:[/?#]\S*)?$", source) or source_host(source) == "":
        raise DeckError("bad_source", domain=DOMAIN, row=row, field="source_url", value=_short(source))
    return HistoryCard(card_id, year, month, day, precision, star == "1", category,  # type: ignore[arg-type]
                       " ".join(region_codes), titles["eu"], titles["en"], titles["es"], explanations["eu"],
                       source, title_fr=titles["fr"], explanation_en=explanations["en"],
                       explanation_es=explanations["es"], explanation_fr=explanations["fr"])


def _rows(text: str) -> Iterator[tuple[int, dict[str, str] | DeckError]]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise DeckError("bad_header", domain=DOMAIN, row=1, field="", expected=",".join(COLUMNS)) from None
    header = [h.strip().lstrip("\ufeff") for h in header]
    unknown = next((h for h in header if h not in COLUMNS), None)
    twice = next((h for i, h in enumerate(header) if h in header[:i]), None)
    missing = next((c for c in REQUIRED_COLUMNS if c not in header), None)
    wrong = unknown or twice or missing
    if wrong is not None:
        raise DeckError("bad_header", domain=DOMAIN, row=1, field=wrong, expected=",".join(COLUMNS))
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
        if len(values) != len(header):
            yield row, DeckError("bad_column_count", domain=DOMAIN, row=row, field="",
                                 count=len(values), expected=len(header))
            continue
        yield row, dict(zip(header, values, strict=True))


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
            ``deck_missing``, ``deck_unreadable``, ``deck_too_big`` (a file over :data:`MAX_DECK_BYTES`),
            ``bad_header``, ``bad_column_count``, ``missing_field``,
            ``bad_integer``, ``year_zero`` (DZC-2), ``bad_month``, ``bad_day``, ``bad_choice``,
            ``bad_id``, ``id_has_year``, ``title_too_long``, ``title_has_year``, ``missing_source``,
            ``bad_source`` (not an http(s) address with a host), ``duplicate_id``,
            ``duplicate_title``, ``empty_deck``.
    """
    events, problems = deck_problems(source)
    if problems:
        raise problems[0]
    if not events:
        raise DeckError("empty_deck", domain=DOMAIN, row=1, field="")
    return Deck(tuple(events))


# --- balance -------------------------------------------------------------------

ERAS: tuple[tuple[str, int, int], ...] = (
    ("prehistory_antiquity", -10**6, 500), ("middle_ages", 501, 1500), ("early_modern", 1501, 1800),
    ("nineteenth", 1801, 1900), ("twentieth_to_1975", 1901, 1975), ("since_1976", 1976, 10**6),
)
"""Eras for the spread of star cards: ``(name, first year, last year)``."""


@dataclass(frozen=True)
class BalanceGoals:
    """What a well balanced deck meets (issue 12): at least ``min_events`` events; every
    century from ``first_century`` to ``last_century`` with at least ``min_per_century``, none
    above ``max_century_share`` of the deck; each area of ``areas`` at least ``min_area_share``
    (by each card's main region); a star share within ``star_share``, with a star in every era
    of :data:`ERAS` and in at least ``min_star_categories`` categories."""

    min_events: int = 180
    first_century: int = 11
    last_century: int = 21
    min_per_century: int = 8
    max_century_share: float = 0.25
    areas: tuple[str, ...] = ("araba", "bizkaia", "gipuzkoa", "nafarroa", "iparralde")
    min_area_share: float = 0.12
    star_share: tuple[float, float] = (0.08, 0.14)
    min_star_categories: int = 6


BALANCE_GOALS = BalanceGoals()


@dataclass(frozen=True)
class Shortfall:
    """A goal a deck misses: ``goal`` (``"events"``, ``"century_min"``, ``"century_max"``,
    ``"area_min"``, ``"star_share"``, ``"star_era"``, ``"star_categories"``, ``"language"``,
    ``"wikipedia"``, ``"insecure_source"``, ``"denied_source"``), ``key`` (the century, area,
    era or language concerned, the card id for a source, or ``""``),
    the ``value`` found and the ``limit`` it should meet."""

    goal: str
    key: str
    value: float
    limit: float


@dataclass(frozen=True)
class DeckBalance:
    """The counts of a deck (:func:`deck_balance`): ``events``, ``stars``; ``centuries``
    (century → events, :func:`century`), ``areas`` (main area → events, :func:`area`),
    ``regions`` (region code → events that name it anywhere), ``categories``, ``star_eras``
    and ``star_categories`` (→ star events); ``missing`` (language → events without their own
    title or explanation in it); ``hosts`` (source host → events), ``wikipedia`` (events
    whose source is a Wikipedia article), ``insecure`` (ids of cards whose source is not
    ``https://``) and ``denied`` (card id → the :data:`DENIED_HOSTS` entry its source hits)."""

    events: int
    stars: int
    centuries: dict[int, int] = field(default_factory=dict)
    areas: dict[str, int] = field(default_factory=dict)
    regions: dict[str, int] = field(default_factory=dict)
    categories: dict[str, int] = field(default_factory=dict)
    star_eras: dict[str, int] = field(default_factory=dict)
    star_categories: dict[str, int] = field(default_factory=dict)
    missing: dict[str, int] = field(default_factory=dict)
    hosts: dict[str, int] = field(default_factory=dict)
    wikipedia: int = 0
    insecure: tuple[str, ...] = ()
    denied: dict[str, str] = field(default_factory=dict)

    def shortfalls(self, goals: BalanceGoals = BALANCE_GOALS) -> list[Shortfall]:
        """Every goal of ``goals`` this deck misses, in a fixed order (empty: balanced).
        Every language must have its own title and explanation on every card, no source may be
        a Wikipedia article (the policy's last resort is counted, not allowed, here), and every
        source must be ``https://`` on a host outside :data:`DENIED_HOSTS` (one shortfall per card)."""
        out: list[Shortfall] = []
        n = max(self.events, 1)
        if self.events < goals.min_events:
            out.append(Shortfall("events", "", self.events, goals.min_events))
        for c in range(goals.first_century, goals.last_century + 1):
            if self.centuries.get(c, 0) < goals.min_per_century:
                out.append(Shortfall("century_min", str(c), self.centuries.get(c, 0), goals.min_per_century))
        for c, count in sorted(self.centuries.items()):
            if count / n > goals.max_century_share:
                out.append(Shortfall("century_max", str(c), round(count / n, 3), goals.max_century_share))
        for a in goals.areas:
            if self.areas.get(a, 0) / n < goals.min_area_share:
                out.append(Shortfall("area_min", a, round(self.areas.get(a, 0) / n, 3), goals.min_area_share))
        low, high = goals.star_share
        share = round(self.stars / n, 3)
        if not low <= share <= high:
            out.append(Shortfall("star_share", "", share, low if share < low else high))
        for name, _first, _last in ERAS:
            if not self.star_eras.get(name):
                out.append(Shortfall("star_era", name, 0, 1))
        if len(self.star_categories) < goals.min_star_categories:
            out.append(Shortfall("star_categories", "", len(self.star_categories), goals.min_star_categories))
        for lang in LANGUAGES:
            if self.missing.get(lang):
                out.append(Shortfall("language", lang, self.missing[lang], 0))
        if self.wikipedia:
            out.append(Shortfall("wikipedia", "", self.wikipedia, 0))
        out.extend(Shortfall("insecure_source", card_id, 1, 0) for card_id in self.insecure)
        out.extend(Shortfall("denied_source", card_id, 1, 0) for card_id in self.denied)
        return out


def _era(year: int) -> str:
    return next(name for name, first, last in ERAS if first <= year <= last)


def deck_balance(events: Iterable[HistoryCard]) -> DeckBalance:
    """Count ``events`` (a :class:`Deck` or any cards) for the balance table; see :class:`DeckBalance`."""
    cards = list(events)
    centuries = Counter(century(e.year) for e in cards)
    areas = Counter(area(e.regions[0]) for e in cards)
    regions = Counter(code for e in cards for code in e.regions)
    stars = [e for e in cards if e.star]
    missing = Counter(lang for e in cards for lang in LANGUAGES
                      if lang not in e.titles or lang not in e.explanations)
    hosts = Counter(source_host(e.source_url) for e in cards)
    wikipedia = sum(n for host, n in hosts.items() if host.endswith("wikipedia.org"))
    return DeckBalance(
        events=len(cards), stars=len(stars), centuries=dict(sorted(centuries.items())),
        areas={a: areas[a] for a in AREAS if areas[a]},
        regions={r: regions[r] for r in REGIONS if regions[r]},
        categories={c: n for c in CATEGORIES if (n := sum(e.category == c for e in cards))},
        star_eras={name: n for name, _f, _l in ERAS if (n := sum(_era(e.year) == name for e in stars))},
        star_categories={c: n for c in CATEGORIES if (n := sum(e.category == c for e in stars))},
        missing={lang: missing[lang] for lang in LANGUAGES if missing[lang]},
        hosts=dict(hosts.most_common()), wikipedia=wikipedia,
        insecure=tuple(e.id for e in cards if not e.source_url.startswith("https://")),
        denied={e.id: hit for e in cards if (hit := denied_host(e.source_url)) is not None})


DATA_DIR = Path(__file__).resolve().parent / "data"
DECK_PATH = DATA_DIR / "events.csv"


_PACKAGE_DECKS: dict[Path, Deck] = {}
"""The package deck read so far, by path (:func:`package_deck`)."""


def package_deck() -> Deck:
    """The game's own deck, ``data/events.csv``: read once per process (a
    :class:`~mahai.games.denborazup.cards.PackageDeck`, pickled by reference), the same
    object at every call.

    Raises:
        DeckError: ``deck_missing`` if the file is not there, or any load error (not kept:
            the next call reads the file again).
    """
    deck = _PACKAGE_DECKS.get(DECK_PATH)
    if deck is None:
        deck = _PACKAGE_DECKS[DECK_PATH] = PackageDeck(load_deck(DECK_PATH).events)
    return deck


__all__ = ["AREAS", "BALANCE_GOALS", "CATEGORIES", "COLUMNS", "DATA_DIR", "DECK_PATH", "DENIED_HOSTS",
           "DOMAIN", "ERAS", "HERRIALDEAK", "LANGUAGES", "OPTIONAL_COLUMNS", "REGIONS", "REQUIRED_COLUMNS",
           "BalanceGoals", "Deck", "DeckBalance", "DeckError", "HistoryCard", "Shortfall", "area", "century",
           "chronology", "deck_balance", "deck_problems", "denied_host", "format_date", "format_parts",
           "format_year", "load_deck", "package_deck", "sort_key", "source_host"]
