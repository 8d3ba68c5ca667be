"""Translations: gettext catalogs (``mahai/locale/<lang>/LC_MESSAGES/<domain>.po``)
read with Babel.

Domains: ``core`` (shared words and core error codes), one per game
(``mille_bornes``, ``spades``, ``denborazup``), ``cli`` and ``web``. For
engine reason codes the msgid is the code itself (``"must_follow_suit"``) and
the English catalog holds the English text; for interface strings the msgid is
the English text. Messages use ``{name}`` placeholders filled from params.

A game from another distribution (README, "Adding a game") ships its catalogs in
its own package: the domain is the name of its ``mahai.games`` entry point, and
the catalogs are ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``, where
``<package>`` is the package of the module that the entry point names (found
with :func:`importlib.util.find_spec`, so a top-level module is not imported).

    >>> translate("core", "seat {n}", "eu", n=2)
    '2. eserlekua'

Plural forms are gettext's own: an entry with ``msgid_plural`` and ``msgstr[0]``,
``msgstr[1]``, … chosen by the catalog's ``Plural-Forms`` header (:data:`PLURAL_FORMS`:
``eu``, ``en``, ``es`` one form for n = 1; ``fr`` for n = 0 and 1). The count that
selects the form is a parameter of the message: ``n``, else ``count``, else ``players``
(:data:`COUNT_PARAMS`; :func:`count_of`), so a :class:`~mahai.core.text.Message` needs no
extra field and ``message_to_json`` is unchanged. The msgid is the English singular
(``"{n} card"``), ``msgid_plural`` the English plural (``"{n} cards"``)::

    >>> translate("web", "{n} card", "eu", n=1), translate("web", "{n} card", "eu", n=3)
    ('karta 1', '3 karta')

Without a count the first form is used. The web client gets plural entries as lists of
forms from ``/api/i18n`` and picks one with the same rule (``static/js/i18n.js``).

Basque (``eu``) is the default language.
"""

from __future__ import annotations

import gettext
import importlib.util
from collections.abc import Callable, Mapping
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from babel.messages.pofile import read_po

from mahai.core.errors import MahaiError, MalformedAction
from mahai.core.text import Message, Player

LANGUAGES: tuple[str, ...] = ("eu", "en", "es", "fr")
DEFAULT_LANGUAGE = "eu"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
GAMES_GROUP = "mahai.games"  # the entry-point group of mahai.games, read here without importing it
PLURAL_FORMS: dict[str, str] = {
    "eu": "nplurals=2; plural=(n != 1);",
    "en": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}
"""The ``Plural-Forms`` header of every catalog of each language (gettext manual, "Plural
forms"; French counts 0 as singular). ``tests/i18n`` checks the catalogs carry it."""
COUNT_PARAMS: tuple[str, ...] = ("n", "count", "players")
"""The parameters that select a plural form, the first present wins (:func:`count_of`)."""


@cache
def plugin_locale_dirs(domain: str) -> tuple[Path, ...]:
    """The ``locale`` directories of the game installed as entry point ``domain``
    (group ``mahai.games``; ``-`` and ``_`` alike): beside the module the entry
    point names, which is not imported (its parent packages are, for a dotted
    name). Empty for a domain that is no installed game."""
    dirs: list[Path] = []
    for ep in entry_points(group=GAMES_GROUP):
        if ep.name.strip().lower().replace("-", "_") != domain:
            continue
        try:
            spec = importlib.util.find_spec(ep.module)
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        if spec.submodule_search_locations:
            roots = [Path(p) for p in spec.submodule_search_locations]
        elif spec.origin is not None:
            roots = [Path(spec.origin).parent]
        else:
            roots = []
        dirs += [root / "locale" for root in roots if (root / "locale").is_dir()]
    return tuple(dirs)


def catalog_path(domain: str, lang: str) -> Path | None:
    """The ``.po`` file of ``domain`` in ``lang``: Mahai's own, else the installed
    game's (:func:`plugin_locale_dirs`); None if there is none."""
    own = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if own.exists():
        return own
    for base in plugin_locale_dirs(domain):
        path = base / lang / "LC_MESSAGES" / f"{domain}.po"
        if path.exists():
            return path
    return None


@cache
def _load(domain: str, lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """(msgid → text, msgid → plural forms) of one catalog, fuzzy and empty entries left out;
    a plural entry is in both, under its singular msgid, with its first form as text."""
    path = catalog_path(domain, lang)
    if path is None:
        return {}, {}
    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=domain)
    texts: dict[str, str] = {}
    forms: dict[str, tuple[str, ...]] = {}
    for message in cat:
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, str):
            texts[message.id] = str(message.string)
        else:
            strings = tuple(str(s or "") for s in message.string)
            if all(strings):
                forms[str(message.id[0])] = strings
                texts[str(message.id[0])] = strings[0]
    return texts, forms


def catalog(domain: str, lang: str) -> dict[str, str]:
    """msgid → translated text for one domain and language ({} if missing); a plural entry
    under its singular msgid with its first form (:func:`plurals` has all of them); see
    :func:`catalog_path` for where it is read."""
    return _load(domain, lang)[0]


def plurals(domain: str, lang: str) -> dict[str, tuple[str, ...]]:
    """Singular msgid → its plural forms (``msgstr[0]``, ``msgstr[1]``, …) for the plural
    entries of one domain and language ({} if none); form ``i`` is the one
    :func:`plural_index` chooses."""
    return _load(domain, lang)[1]


@cache
def _plural_rule(lang: str) -> Callable[[int], int]:
    header = PLURAL_FORMS.get(lang, PLURAL_FORMS["en"])
    return gettext.c2py(header.split("plural=", 1)[1].rstrip(";"))


def plural_index(lang: str, n: int) -> int:
    """The plural form (0, 1) of count ``n`` in ``lang`` by :data:`PLURAL_FORMS`
    (unknown languages as English).

        >>> plural_index("en", 0), plural_index("fr", 0), plural_index("eu", 1)
        (1, 0, 0)
    """
    return int(_plural_rule(lang)(abs(int(n))))


def count_of(params: Mapping[str, object]) -> int | None:
    """The count of a message's parameters: the first of :data:`COUNT_PARAMS` that is an
    int (not a bool), else None."""
    for key in COUNT_PARAMS:
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def translate(domain: str, msgid: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The text of ``msgid`` in ``lang``, falling back to English, then ``core``,
    then the msgid itself; ``{name}`` placeholders are filled from ``params``
    (unknown placeholders are left as they are; integers written as ``lang`` writes numbers,
    :func:`number`). A plural entry gives the form of the count in ``params``
    (:func:`count_of`; the first form without one)."""
    text = None
    n = count_of(params)
    for dom in (domain, "core") if domain != "core" else ("core",):
        for code in (lang, "en"):
            forms = plurals(dom, code).get(msgid)
            if forms and n is not None:
                text = forms[min(plural_index(code, n), len(forms) - 1)]
            else:
                text = catalog(dom, code).get(msgid)
            if text:
                break
        if text:
            break
    if not text:
        text = msgid
    try:
        out = text.format(**{k: number(v, lang) if isinstance(v, int) and not isinstance(v, bool) else v
                             for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return text
    return french_quotes(out) if lang == "fr" and params else out


#: Thousands separators as docs/glossary.md writes numbers: a full stop in Basque ("1.700", as
#: sheet 000 writes "5.000 km"), a comma in English; Spanish and French group only from five digits
#: ("1700", "12.500", "12 500", RAE and Imprimerie nationale), French with a narrow no-break space.
_GROUPING: dict[str, tuple[str, int]] = {"eu": (".", 1000), "en": (",", 1000), "es": (".", 10000),
                                         "fr": ("\u202f", 10000)}


def number(value: int | float, lang: str = DEFAULT_LANGUAGE) -> str:
    """An integer as ``lang`` writes it in a sentence: ``number(1700, "eu") == "1.700"``,
    ``number(1700, "es") == "1700"``, ``number(-12500, "fr") == "-12\u202f500"`` (:data:`_GROUPING`;
    other languages: digits only); a whole float as its integer (``5725.0`` → ``"5.725"``), any other
    float as ``str`` gives it."""
    if isinstance(value, float):
        if not value.is_integer():
            return str(value)
        value = int(value)
    sep, start = _GROUPING.get(lang, ("", 0))
    if not sep or abs(value) < start:
        return str(value)
    return f"{value:,}".replace(",", sep)


def decimal(value: float, lang: str = DEFAULT_LANGUAGE, digits: int = 2, sign: bool = False) -> str:
    """``value`` rounded to ``digits`` decimals as ``lang`` writes it: the whole part grouped as
    :func:`number` groups it, a decimal comma in Basque, Spanish and French (docs/glossary.md,
    "Numbers agree"; CLDR), a point in English; ``sign``: "+" before a positive value.

        >>> decimal(12500.25, "fr"), decimal(4.5, "eu", 1), decimal(3, "en", 0, sign=True)
        ('12\u202f500,25', '4,5', '+3')
    """
    text = f"{abs(value):.{digits}f}"
    whole, _, frac = text.partition(".")
    out = number(int(whole), lang) + ((("." if lang == "en" else ",") + frac) if frac else "")
    negative = value < 0 and float(text) != 0
    return ("-" if negative else "+" if sign and float(text) != 0 else "") + out


def percent(rate: float, lang: str = DEFAULT_LANGUAGE, digits: int = 1) -> str:
    """A rate (0.523) as a percentage as ``lang`` writes it: "52.3%" (en), "%52,3" (eu: the sign
    first, Euskaltzaindia), "52,3\u00a0%" (es, a no-break space, RAE), "52,3\u202f%" (fr, a
    narrow no-break space, as the French catalogs space their high punctuation).

        >>> percent(0.523, "en"), percent(0.523, "eu"), percent(1.0, "es", 0)
        ('52.3%', '%52,3', '100\u00a0%')
    """
    text = decimal(100 * rate, lang, digits)
    return {"eu": f"%{text}", "es": f"{text}\u00a0%", "fr": f"{text}\u202f%"}.get(lang, f"{text}%")


_SPACES = " \u00a0\u202f"


def french_quotes(text: str) -> str:
    """French typography for quotes within quotes: « » outside, “ ” inside (a card title
    with guillemets quoted by a sentence: ``« la « Nonne lieutenant », naît »`` →
    ``« la “Nonne lieutenant”, naît »``); the spaces inside the inner guillemets go."""
    if text.count("«") < 2:
        return text
    out: list[str] = []
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "«":
            depth += 1
            if depth > 1:
                out.append("“")
                while i + 1 < len(text) and text[i + 1] in _SPACES:
                    i += 1
            else:
                out.append(ch)
        elif ch == "»" and depth > 0:
            depth -= 1
            if depth > 0:
                while out and out[-1] in _SPACES:
                    out.pop()
                out.append("”")
            else:
                out.append(ch)
        else:
            out.append(ch)
        i += 1
    return "".join(out)


#: Parameters that quote what a person typed, in any error: never looked up in a catalog.
TYPED_PARAMS = frozenset({"text"})


def explain(error: MahaiError, lang: str = DEFAULT_LANGUAGE) -> str:
    """A player-facing sentence for ``error`` in ``lang``: the catalog entry ``error.code`` of
    ``error.domain`` with ``error.params`` substituted.

    A string parameter that is a code of the game (a card, a suit, a phase: ``"hearts"``,
    ``"card.D-stop"``) is shown in ``lang`` (its own catalog entry, if any). What the person
    typed is quoted exactly as typed: every parameter of a
    :class:`~mahai.core.errors.MalformedAction` (its text could not be read, so it is nobody's
    code) and a ``text`` parameter (:data:`TYPED_PARAMS`) of any error; so "play" typed alone in
    Spades reads “play”, not the catalog's word for a Spades play. Integers are written as
    ``lang`` writes numbers (:func:`number`). The sentence opens with a capital letter (a card's
    name, written in lower case inside sentences, may open it: "Stop is on your battle pile"),
    unless it opens with what was typed."""
    typed = isinstance(error, MalformedAction)
    params = {k: v if typed or k in TYPED_PARAMS or not isinstance(v, str)
              else translate(error.domain, v, lang)
              for k, v in error.params.items()}
    text = translate(error.domain, error.code, lang, **params)
    if text[:1].islower() and not (typed and any(text.startswith(str(v)) for v in error.params.values())):
        text = text[0].upper() + text[1:]  # a card's name, lower case inside sentences, opens this one
    return text


def render(message: Message, lang: str = DEFAULT_LANGUAGE,
           player_name: Callable[[int], str] | None = None) -> str:
    """The sentence of ``message`` (:mod:`mahai.core.text`) in ``lang``: nested
    messages rendered in the same language, each :class:`~mahai.core.text.Player`
    named by ``player_name(seat)`` (default: "seat N", 1-based, from ``core``); a plural
    entry in the form of the message's count parameter (:func:`count_of`)."""
    def name(seat: int) -> str:
        if player_name is not None:
            return player_name(seat)
        return translate("core", "seat {n}", lang, n=seat + 1)

    params: dict[str, object] = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            params[key] = render(value, lang, player_name)
        elif isinstance(value, Player):
            params[key] = name(value.seat)
        else:
            params[key] = value
    return translate(message.domain, message.msgid, lang, **params)
