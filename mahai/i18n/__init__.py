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

Basque (``eu``) is the default language.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from babel.messages.pofile import read_po

from mahai.core.errors import MahaiError
from mahai.core.text import Message, Player

LANGUAGES: tuple[str, ...] = ("eu", "en", "es", "fr")
DEFAULT_LANGUAGE = "eu"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
GAMES_GROUP = "mahai.games"  # the entry-point group of mahai.games, read here without importing it


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
def catalog(domain: str, lang: str) -> dict[str, str]:
    """msgid → translated text for one domain and language ({} if missing);
    see :func:`catalog_path` for where it is read."""
    path = catalog_path(domain, lang)
    if path is None:
        return {}
    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=domain)
    out: dict[str, str] = {}
    for message in cat:
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy:
            out[message.id] = str(message.string)
    return out


def translate(domain: str, msgid: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The text of ``msgid`` in ``lang``, falling back to English, then ``core``,
    then the msgid itself; ``{name}`` placeholders are filled from ``params``
    (unknown placeholders are left as they are)."""
    text = None
    for dom in (domain, "core") if domain != "core" else ("core",):
        for code in (lang, "en"):
            text = catalog(dom, code).get(msgid)
            if text:
                break
        if text:
            break
    if not text:
        text = msgid
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def explain(error: MahaiError, lang: str = DEFAULT_LANGUAGE) -> str:
    """A player-facing sentence for ``error`` in ``lang``."""
    params = {k: translate(error.domain, str(v), lang) if isinstance(v, str) else v
              for k, v in error.params.items()}
    return translate(error.domain, error.code, lang, **params)


def render(message: Message, lang: str = DEFAULT_LANGUAGE,
           player_name: Callable[[int], str] | None = None) -> str:
    """The sentence of ``message`` (:mod:`mahai.core.text`) in ``lang``: nested
    messages rendered in the same language, each :class:`~mahai.core.text.Player`
    named by ``player_name(seat)`` (default: "seat N", 1-based, from ``core``)."""
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
