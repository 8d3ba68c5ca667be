"""DenboraZup cards (DZR-1): :class:`HistoryCard` (one event of Basque history and its date),
the :class:`Deck`, the chronology (DZR-14) and dates for display.

Years use historical numbering: ..., -2 = 2 BC, -1 = 1 BC, 1 = AD 1; there is no year 0
(DZC-2) and ``datetime`` is never used. Cards are named by their ``id`` (the notation's word).
A card's date is a secret until the card is revealed: only the projection
(:mod:`mahai.games.denborazup.view`) decides who sees a :class:`HistoryCard` whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

DOMAIN = "denborazup"
"""The gettext domain of the game's messages and the ``domain`` of its errors."""

Precision = Literal["exact", "approx"]


LANGUAGES: tuple[str, ...] = ("eu", "en", "es", "fr")
"""The languages a card's title and explanation are written in, Basque first."""


@dataclass(frozen=True)
class HistoryCard:
    """One event card (DZR-1). ``year`` in historical numbering (never 0);
    ``month`` 1–12 and ``day`` 1–31 or None; ``star`` True for star cards.

    ``region``: one or more herrialde codes separated by spaces, the main one first
    (:data:`mahai.games.denborazup.deck.REGIONS`). Titles and explanations exist in every
    language of :data:`LANGUAGES` for the package deck; another deck may leave ``title_fr`` and
    the ``explanation_en/es/fr`` fields empty (``""``): :meth:`title` and :meth:`explanation`
    then fall back to English, then Basque."""

    id: str
    year: int
    month: int | None
    day: int | None
    precision: Precision
    star: bool
    category: str
    region: str
    title_eu: str
    title_en: str
    title_es: str
    explanation_eu: str
    source_url: str
    title_fr: str = ""
    explanation_en: str = ""
    explanation_es: str = ""
    explanation_fr: str = ""

    @property
    def titles(self) -> dict[str, str]:
        """Titles by language code: ``{"eu", "en", "es"}``, and ``"fr"`` when the deck has it."""
        titles = {"eu": self.title_eu, "en": self.title_en, "es": self.title_es}
        if self.title_fr:
            titles["fr"] = self.title_fr
        return titles

    def title(self, lang: str = "eu") -> str:
        """The title in ``lang`` (a language the card lacks falls back to English)."""
        return self.titles.get(lang, self.title_en)

    @property
    def explanations(self) -> dict[str, str]:
        """Explanations by language code: ``"eu"`` always, ``"en"``, ``"es"``, ``"fr"`` when written."""
        texts = {"eu": self.explanation_eu, "en": self.explanation_en, "es": self.explanation_es,
                 "fr": self.explanation_fr}
        return {lang: text for lang, text in texts.items() if text}

    def explanation(self, lang: str = "eu") -> str:
        """The explanation in ``lang`` (falls back to English, then Basque)."""
        texts = self.explanations
        return texts.get(lang) or texts.get("en") or self.explanation_eu

    @property
    def regions(self) -> tuple[str, ...]:
        """The region codes of ``region``, the main one first."""
        return tuple(self.region.split())

    @property
    def key(self) -> tuple[int, int, int]:
        """Chronological sort key ``(year, month or 0, day or 0)``."""
        return sort_key(self)


def sort_key(card: HistoryCard) -> tuple[int, int, int]:
    """``(year, month, day)`` with missing parts as 0: 75 BC (-75) < AD 1 (DZC-2)."""
    return (card.year, card.month or 0, card.day or 0)


@dataclass(frozen=True)
class Deck:
    """The validated events, in file order. Look up cards with :meth:`get`."""

    events: tuple[HistoryCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {e.id: e for e in self.events})

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[HistoryCard]:
        return iter(self.events)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._index

    @property
    def _index(self) -> Mapping[str, HistoryCard]:
        index: Mapping[str, HistoryCard] = self.__dict__["_by_id"]
        return index

    def get(self, card_id: str) -> HistoryCard:
        """The event with id ``card_id``. Raises KeyError if absent."""
        return self._index[card_id]

    def __reduce__(self) -> tuple[Any, ...]:
        # Its events only: the index is rebuilt (__post_init__), not pickled a second time.
        return (Deck, (self.events,))


class PackageDeck(Deck):
    """The game's own deck (``data/events.csv``, :func:`~mahai.games.denborazup.deck.package_deck`,
    read once per process): pickled by reference, so a pickled game state carries no card
    (an OpenSpiel state, a web snapshot: 200 KB of titles and explanations each before) and the
    unpickled states share this process's deck."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_package_deck, ())


def _package_deck() -> Deck:
    from mahai.games.denborazup.deck import package_deck

    return package_deck()


def chronology(deck: Iterable[HistoryCard]) -> list[HistoryCard]:
    """DZR-14: every event sorted by date (``sort_key``, then Basque title)."""
    return sorted(deck, key=lambda e: (*sort_key(e), e.title_eu))


# --- display ---------------------------------------------------------------

# The era's words hold together (a no-break space): "av." at a line's end and "J.-C." on the next
# one read as two things, on a card a third of a phone wide and in the log.
_BC = {"eu": "K.a. {n}", "en": "{n} BC", "es": "{n} a.\u00a0C.", "fr": "{n} av.\u00a0J.-C."}
_APPROX = {"eu": "{d} inguru", "en": "c. {d}", "es": "h. {d}", "fr": "v. {d}"}
_MONTHS = {
    "eu": ("urtarrila", "otsaila", "martxoa", "apirila", "maiatza", "ekaina", "uztaila", "abuztua",
           "iraila", "urria", "azaroa", "abendua"),
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
           "octubre", "noviembre", "diciembre"),
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
           "octobre", "novembre", "décembre"),
}


def year_number(n: int, lang: str = "eu") -> str:
    """The number ``n`` (≥ 1) of a year as ``lang`` writes it: four digits or fewer as they are
    (``1936``, never ``1.936``), five or more grouped by thousands as :func:`mahai.i18n.number`
    groups them: ``37000`` → ``"37.000"`` (eu, es), ``"37,000"`` (en), ``"37 000"`` (fr, a narrow
    no-break space). The web page's ``yearNumber`` (``static/games/denborazup.js``) writes the same."""
    from mahai.i18n import number  # the catalogs' module: loaded only when a date is written

    return str(n) if n < 10000 else number(n, lang)


def format_year(year: int, lang: str = "eu") -> str:
    """A year for display: ``-75`` → ``"K.a. 75"`` (eu), ``"75 BC"`` (en),
    ``"75 a. C."`` (es), ``"75 av. J.-C."`` (fr; the era's words joined by a no-break space);
    AD years as plain numbers (DZC-2); five digits or more grouped as the language groups them
    (:func:`year_number`): ``-37000`` → ``"K.a. 37.000"``.

    Raises:
        ValueError: ``year`` is 0 (there is no year 0).
    """
    if year == 0:
        raise ValueError("there is no year 0")
    if year > 0:
        return year_number(year, lang)
    return _BC.get(lang, _BC["en"]).format(n=year_number(-year, lang))


def format_date(card: HistoryCard, lang: str = "eu") -> str:
    """The card's date for display (year, and month/day when known), marked
    approximate when ``precision == "approx"``."""
    return format_parts(card.year, card.month, card.day, card.precision, lang)


def _eu_ko(year: int) -> str:
    """The Basque "of the year" ending of ``year`` as it is read aloud: ``-eko`` after a
    numeral ending in a consonant (bat 1, bost 5, hamar 10, hamabost 15, hogeita hamar 30 …,
    ehun 100 and the hundreds), ``-ko`` after a vowel (bi, hiru, lau, sei, zazpi, zortzi,
    bederatzi, hamaika …, hogei 20 …, mila 1000): ``1937`` → ``"1937ko"``, ``1895`` → ``"1895eko"``."""
    n = abs(year)
    last = n % 100
    if last == 0:
        consonant = (n // 100) % 10 != 0  # … ehun; mila, bi mila: a vowel
    else:  # Basque counts in twenties: 31 is "hogeita hamaika" (20 + 11), 45 "berrogeita bost"
        consonant = last % 20 in (1, 5, 10, 15)
    return "eko" if consonant else "ko"


def format_parts(year: int, month: int | None, day: int | None, precision: str, lang: str = "eu") -> str:
    """:func:`format_date` from the parts (e.g. a revealed card of the view JSON), as each
    language's readers write a date: ``1937ko apirilaren 26a`` (eu), ``26 April 1937`` (en),
    ``26 de abril de 1937`` (es), ``26 avril 1937`` and ``1er avril`` (fr); a month without a
    day: ``1937ko apirila``, ``April 1937``, ``abril de 1937``, ``avril 1937``."""
    text = format_year(year, lang)
    months = _MONTHS.get(lang, _MONTHS["en"])
    if month is not None:
        name = months[month - 1]
        if lang == "eu":  # "1937ko apirilaren 26a": the month in the genitive (iraila → irailaren)
            text = f"{text}{_eu_ko(year)} " + (f"{name}ren {day}a" if day else name)
        elif lang == "es":
            text = (f"{day} de " if day else "") + f"{name} de {text}"
        else:
            first = "1er" if lang == "fr" and day == 1 else str(day)
            text = (f"{first} " if day else "") + f"{name} {text}"
    if precision == "approx":
        text = _APPROX.get(lang, _APPROX["en"]).format(d=text)
    return text


def card_json(card: HistoryCard) -> dict[str, Any]:
    """The JSON of a revealed card: ``{"id", "title": {lang: text}, "year", "month", "day",
    "precision", "star", "category", "region", "explanation": {lang: text}, "explanation_eu",
    "source_url"}`` (``title`` and ``explanation`` as :attr:`HistoryCard.titles` and
    :attr:`HistoryCard.explanations`; ``explanation_eu`` repeats the Basque text for older clients)."""
    return {"id": card.id, "title": card.titles, "year": card.year, "month": card.month, "day": card.day,
            "precision": card.precision, "star": card.star, "category": card.category, "region": card.region,
            "explanation": card.explanations, "explanation_eu": card.explanation_eu,
            "source_url": card.source_url}
