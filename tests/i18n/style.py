"""Style checks over every gettext catalog a player can see (issue 12, "The interface language").

The catalogs are Mahai's own, ``mahai/locale/<lang>/LC_MESSAGES/<domain>.po``, and every installed
plug-in game's, found the way :mod:`mahai.i18n` finds them (:func:`mahai.i18n.catalog_path`). Each
entry is checked against its English text (the ``en`` catalog's msgstr for a reason-code msgid such as
``"must_follow_suit"``, else the msgid itself) by five checks, each a pure function usable on its own:

``case-ending``
    :func:`case_endings`: a bracketed case ending glued to a word, a name or a placeholder
    ("eserlekua(e)k", "gidaria(r)ekin", "{who}(r)i", "(zu)(r)i"), in every language; in Basque also
    an ending glued straight onto a placeholder ("{who}ri", "{player}-ek"). Names never take an ending:
    the sentence is phrased so none is needed ("{player}: ...").
``untranslated``
    :func:`untranslated`: an empty or fuzzy msgstr, a translation identical to an English sentence,
    and (Basque) an English word left in the Basque text ("[blind/look]", "(slot)").
``raw-code``
    :func:`raw_codes`: an internal identifier on screen: a snake_case name ("game_target",
    "trip_by_players"), an option, edition or bot code in brackets ("(eu)", "(draw)"), and (Basque)
    any such code at all ("classic", "medium").
``placeholders``
    :func:`placeholder_mismatch`: the ``{name}`` placeholders of a translation are not those of the
    English text (a name the English has not, or one left out).
``glossary``
    :func:`glossary_misuse`: a form the glossary forbids (``docs/glossary.md``, the table between
    ``<!-- forbidden-forms:start -->`` and ``<!-- forbidden-forms:end -->``), e.g. "trikimailua" for a
    trick or "bota" for a bot.
``plural``
    :func:`plural_problems`: a count sentence (a count parameter of :data:`mahai.i18n.COUNT_PARAMS`
    before a plural noun in the English, "{n} cards") that is no plural entry (``msgid_plural``,
    "1 karta jarri dira"), a plural entry with other than the language's number of forms or
    without a count parameter; and (:func:`plural_header`) a catalog whose ``Plural-Forms`` header
    is not :data:`mahai.i18n.PLURAL_FORMS` of its language.

:func:`all_violations` runs them all over every catalog; :data:`EXCEPTIONS` lists what is allowed on
purpose, each with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from babel.messages.pofile import read_po

from mahai.i18n import COUNT_PARAMS, GAMES_GROUP, LANGUAGES, LOCALE_DIR, PLURAL_FORMS, catalog_path

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
CHECKS = ("case-ending", "untranslated", "raw-code", "placeholders", "glossary", "plural")
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")

# --------------------------------------------------------------------------------------------------
# What is allowed on purpose
# --------------------------------------------------------------------------------------------------

SAME_IN_EVERY_LANGUAGE: frozenset[str] = frozenset({
    # Proper names: the games and the deck's publisher keep their names in every language.
    "Mille Bornes", "Spades", "DenboraZup", "DenboraZup!", "Nim", "OpenSpiel",
})
"""Whole translations that may equal the English: proper names (card codes and units such as
"25 km" are no sentence and never flagged)."""

SAME_AS_ENGLISH: dict[str, frozenset[str]] = {
    # Mille Bornes is French: the French edition's own words, which the English rules borrow.
    "fr": frozenset({"coup fourré", "coups fourrés"}),
}
"""Language → whole translations that are that language's own words and equal the English."""

SAME_WORDS: frozenset[str] = frozenset({
    # Units, proper names and the game's own loan words, written the same in Basque and English.
    "km", "nil", "mille", "bornes", "spades", "denborazup", "openspiel", "heraclio", "fournier", "nim",
    "csv", "http", "https", "enter",  # a key's name, as printed on the keyboard
    "bsd",  # “BSD mille”: the edition of the BSD games' mille, a name
    "gora", "behera",  # the DenboraZup coin's faces (sheet 004), English UP/DOWN
    "zero",  # Basque too (Euskaltzaindia's dictionary)
    "araba", "bizkaia", "gipuzkoa", "iparralde", "wikipedia",  # place names and a site's name
    "postgresql", "sqlite", "ray",  # the databases and the cluster library ``serve`` and ``arena`` name
    "openskill",  # the rating library whose figures ``arena`` plots
    "mahai",  # the platform's own name (Basque for "table")
    "ipv",  # IPv4, IPv6: the protocols' names (the words stop at the digit)
})
"""Lower-case words that a Basque translation may share with its English text."""

NOT_CODES: frozenset[str] = frozenset({"on", "normal", "zero", "solo"})
"""Option or edition codes that are also ordinary Basque words: not flagged as raw codes in Basque."""

ALLOWED_BRACKETS: frozenset[str] = frozenset({"http(s)"})
"""Bracketed letters that are no case ending: the URL schemes in the deck checker's messages."""

EXCEPTIONS: dict[tuple[str, str], frozenset[str]] = {
    # DenboraZup picks a card's title in the reader's language: each catalog names its own field
    # ({eu}, {en}, {es}, {fr}); the placeholder differs from the English on purpose.
    ("denborazup", "localized"): frozenset({"placeholders"}),
}
"""(domain, msgid) → checks that do not apply to that entry, each with its reason above."""


# --------------------------------------------------------------------------------------------------
# The catalogs
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One message of one catalog: ``strings`` are its translations (one per plural form),
    ``english`` the English texts they translate (singular, plural), ``plural`` its
    ``msgid_plural`` (None: a single form)."""

    domain: str
    lang: str
    path: Path
    msgid: str
    strings: tuple[str, ...]
    english: tuple[str, ...]
    fuzzy: bool = False
    plural: str | None = None


@dataclass(frozen=True)
class Violation:
    """One finding: ``check`` is one of :data:`CHECKS`, ``detail`` what was found."""

    domain: str
    lang: str
    path: Path
    msgid: str
    msgstr: str
    check: str
    detail: str

    @property
    def file(self) -> str:
        """The catalog's path, relative to the repository when it is inside it."""
        try:
            return str(self.path.relative_to(ROOT))
        except ValueError:
            return str(self.path)


def domains() -> list[str]:
    """Every gettext domain a player can see: Mahai's own catalogs and each installed game's
    (the ``mahai.games`` entry points, whose catalogs :func:`mahai.i18n.catalog_path` finds)."""
    own = {p.stem for p in LOCALE_DIR.glob("*/LC_MESSAGES/*.po")}
    games = {ep.name.strip().lower().replace("-", "_") for ep in entry_points(group=GAMES_GROUP)}
    return sorted(own | games)


def catalog_files() -> list[tuple[str, str, Path | None]]:
    """(domain, lang, path) for every domain and language of :data:`mahai.i18n.LANGUAGES`;
    ``path`` is None where the catalog is missing (a domain without any catalog is left out)."""
    out: list[tuple[str, str, Path | None]] = []
    for domain in domains():
        paths = {lang: catalog_path(domain, lang) for lang in LANGUAGES}
        if any(paths.values()):
            out += [(domain, lang, paths[lang]) for lang in LANGUAGES]
    return out


@cache
def _read(path: Path, lang: str) -> tuple[tuple[str, str | None, tuple[str, ...], bool], ...]:
    """(msgid, msgid_plural, strings, fuzzy) of each message of the ``.po`` file, header left out."""
    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, (list, tuple)):
            msgid, plural = str(m.id[0]), str(m.id[1])
            strings = tuple(str(s or "") for s in (m.string or ()))
        else:
            msgid, plural = str(m.id), None
            strings = (str(m.string or ""),)
        out.append((msgid, plural, strings, bool(m.fuzzy)))
    return tuple(out)


def entries(domain: str, lang: str, path: Path) -> list[Entry]:
    """The messages of one catalog, each with its English text (see :class:`Entry`)."""
    en_path = catalog_path(domain, "en")
    english: dict[str, tuple[str, ...]] = {}
    if en_path is not None:
        for msgid, plural, strings, _ in _read(en_path, "en"):
            source = (msgid,) if plural is None else (msgid, plural)
            english[msgid] = tuple(s or src for s, src in zip(strings, source, strict=False)) or source
    out = []
    for msgid, plural, strings, fuzzy in _read(path, lang):
        source = (msgid,) if plural is None else (msgid, plural)
        out.append(Entry(domain, lang, path, msgid, strings, english.get(msgid, source), fuzzy, plural))
    return out


# --------------------------------------------------------------------------------------------------
# The checks: each returns what it found in one text (empty: nothing)
# --------------------------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
# A bracket of 1-5 letters glued to a word, a placeholder or another bracket: "eserlekua(e)k",
# "gidaria(r)ekin", "{who}(r)i", "(zu)(r)i", "carte(s)"; or followed straight by letters: "(r)ekin".
BRACKETED = re.compile(r"(?:[^\W\d_]|\}|\))\([^\W\d_]{1,5}\)|\([^\W\d_]{1,5}\)[^\W\d_]")
# Basque: a case ending glued onto a placeholder ("{who}ri", "{player}ek", "{player}-ek").
GLUED = re.compile(r"\{\w*\}-?[^\W\d_]+")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
WORD = re.compile(r"[^\W\d_]{3,}")
CODE_MSGID = re.compile(r"[a-z0-9]+(?:[._][a-z0-9]+)+")
QUOTED = re.compile(r"“[^”]*”|«[^»]*»|\"[^\"]*\"")


def case_endings(text: str, lang: str) -> list[str]:
    """The bracketed case endings in ``text`` ("eserlekua(e)k", "{who}(r)i"; "(700 km)" is none),
    and in Basque the endings glued onto a placeholder ("{who}ri")."""
    found = [m.group(0) for m in BRACKETED.finditer(text)
             if not any(a in text[max(0, m.start() - 6):m.end() + 1] for a in ALLOWED_BRACKETS)]
    if lang == "eu":
        found += [m.group(0) for m in GLUED.finditer(text)]
    return found


def placeholders(text: str) -> set[str]:
    """The names of the ``{name}`` placeholders of ``text`` (``{}`` is ``""``)."""
    return {m.group(1) for m in PLACEHOLDER.finditer(text)}


def placeholder_mismatch(text: str, english: Sequence[str]) -> list[str]:
    """``{name}`` placeholders of ``text`` that no English form has (prefixed "+"), and those every
    English form has but ``text`` has not ("-")."""
    theirs = [placeholders(e) for e in english]
    union = set().union(*theirs) if theirs else set()
    common = set.intersection(*theirs) if theirs else set()
    mine = placeholders(text)
    return [f"+{{{n}}}" for n in sorted(mine - union)] + [f"-{{{n}}}" for n in sorted(common - mine)]


def _words(text: str) -> list[str]:
    return WORD.findall(PLACEHOLDER.sub(" ", text))


def is_sentence(english: str) -> bool:
    """True if ``english`` reads as text to translate: two words or more (placeholders and
    units such as "km" aside), or one ending a sentence."""
    words = [w for w in _words(english) if w.lower() not in {"km"}]
    return len(words) >= 2 or (len(words) == 1 and english.rstrip().endswith((".", "!", "?")))


def untranslated(text: str, english: Sequence[str], lang: str) -> list[str]:
    """Why ``text`` is not (all) translated from ``english``: empty, the English sentence itself,
    or (Basque) English words left in it."""
    if not text.strip():
        return ["empty"]
    if lang == "en":
        return []
    if text.strip() in SAME_IN_EVERY_LANGUAGE | SAME_AS_ENGLISH.get(lang, frozenset()):
        return []
    if any(text.strip() == e.strip() and is_sentence(e) for e in english):
        return ["same as the English"]
    if lang != "eu":
        return []
    # Quoted text is literal: a call the English quotes in Basque (“Segituko dut”), notation to type.
    # Codes and snake_case names are raw-code's findings, not repeated here.
    english_words = {w.lower() for e in english for w in _words(QUOTED.sub(" ", e))}
    left = [w for w in _words(SNAKE.sub(" ", QUOTED.sub(" ", text)))
            if w.lower() in english_words and w.lower() not in SAME_WORDS and w not in known_codes()]
    return [f"English word “{w}”" for w in dict.fromkeys(left)]


@cache
def known_codes() -> frozenset[str]:
    """Every option name, choice value, edition and bot name of the installed games, their names
    and the language codes: words a player should never read."""
    from mahai.bots import bot_names
    from mahai.core.game import option_specs
    from mahai.games import available_games, get_game

    codes: set[str] = set(LANGUAGES)
    for name in available_games():
        game = get_game(name)
        codes.add(name)
        codes.update(game.editions)
        codes.update(bot_names(name))
        for options in game.editions.values():
            for spec in option_specs(options):
                codes.add(spec.name)
                codes.update(str(c) for c in spec.choices or () if isinstance(c, str))
    return frozenset(c for c in codes if not c.lstrip("-").isdigit())


def raw_codes(text: str, lang: str, codes: Iterable[str] | None = None) -> list[str]:
    """Internal identifiers in ``text``: snake_case names ("game_target"), a code of
    :func:`known_codes` in brackets ("(eu)", "(draw)"), and in Basque any such code at all."""
    codes = known_codes() if codes is None else frozenset(codes)
    bare = PLACEHOLDER.sub(" ", text)
    found = SNAKE.findall(bare)
    found += [f"({m.group(1)})" for m in re.finditer(r"\((\w+)\)", bare) if m.group(1) in codes]
    if lang == "eu":
        found += [w for w in re.findall(r"(?<![\w-])[a-z][a-z0-9]*(?![\w-])", QUOTED.sub(" ", bare))
                  if w in codes and w not in NOT_CODES and w not in SAME_WORDS]
    return list(dict.fromkeys(found))


# A count parameter before a plural English noun: "{n} cards", "{count} stones" (not "{n} in all").
COUNT_NOUN = re.compile(r"\{(?:" + "|".join(COUNT_PARAMS) + r")\} [a-z]+s\b")


def plural_problems(entry: Entry) -> list[str]:
    """Why ``entry`` breaks the plural rules: a count sentence ("{n} cards" in its English) that is
    no plural entry, a plural entry whose number of forms is not its language's (the ``nplurals``
    of :data:`mahai.i18n.PLURAL_FORMS`), or one whose English names no count parameter."""
    counted = any(COUNT_NOUN.search(e) for e in entry.english)
    if entry.plural is None:
        return ["a count sentence without plural forms (msgid_plural)"] if counted else []
    found = []
    nplurals = int(re.search(r"nplurals=(\d+)", PLURAL_FORMS.get(entry.lang, PLURAL_FORMS["en"])).group(1))  # type: ignore[union-attr]
    if len(entry.strings) != nplurals:
        found.append(f"{len(entry.strings)} plural forms, {entry.lang} has {nplurals}")
    if not any(placeholders(e) & set(COUNT_PARAMS) for e in entry.english):
        found.append(f"a plural entry without a count parameter ({', '.join(COUNT_PARAMS)})")
    return found


def plural_header(path: Path, lang: str) -> list[str]:
    """What is wrong with the ``Plural-Forms`` header of the catalog at ``path`` in ``lang``
    (missing, or not :data:`mahai.i18n.PLURAL_FORMS`)."""
    match = re.search(r'^"Plural-Forms: *([^"\n]*?)(?:\\n)?"$', path.read_text(encoding="utf-8"), re.M)
    want = PLURAL_FORMS.get(lang)
    if match is None:
        return [f"no Plural-Forms header (want {want})"]
    if " ".join(match.group(1).split()) != want:
        return [f"Plural-Forms is {match.group(1)!r}, want {want!r}"]
    return []


# --------------------------------------------------------------------------------------------------
# The glossary
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    """One row of the glossary's forbidden-forms table: in ``lang``, when the English text matches
    ``when`` (always if None), the translation must not match ``forbidden``; ``use`` says what to
    write instead."""

    term: str
    lang: str
    when: re.Pattern[str] | None
    forbidden: re.Pattern[str]
    use: str


def _cells(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [c.strip().replace("\\|", "|").strip("`").strip() for c in cells]


def parse_rules(markdown: str) -> list[Rule]:
    """The rules of the table between ``<!-- forbidden-forms:start -->`` and
    ``<!-- forbidden-forms:end -->`` in ``markdown``; columns: term, lang, English (regex, "—" for
    always), forbidden (regex), use. Regexes may be in backticks; a ``|`` inside one is written ``\\|``.

    Raises:
        ValueError: no such table, or a row without five cells or with a bad regex.
    """
    match = re.search(r"<!-- forbidden-forms:start -->(.*?)<!-- forbidden-forms:end -->", markdown, re.S)
    if match is None:
        raise ValueError("the glossary has no forbidden-forms table")
    rules = []
    for line in match.group(1).splitlines():
        if not line.strip().startswith("|") or re.fullmatch(r"\|[\s|:-]*\|?", line.strip()):
            continue
        cells = _cells(line)
        if len(cells) != 5:
            raise ValueError(f"glossary row without five cells: {line}")
        term, lang, when, forbidden, use = cells
        if term.lower() == "term":
            continue
        try:
            rules.append(Rule(term, lang, None if when in {"", "—", "-"} else re.compile(when),
                              re.compile(forbidden), use))
        except re.error as exc:
            raise ValueError(f"bad regex in glossary row {line}: {exc}") from exc
    if not rules:
        raise ValueError("the glossary's forbidden-forms table is empty")
    return rules


@cache
def glossary_rules() -> tuple[Rule, ...]:
    """The rules of ``docs/glossary.md``."""
    return tuple(parse_rules(GLOSSARY.read_text(encoding="utf-8")))


def glossary_misuse(text: str, english: Sequence[str], lang: str,
                    rules: Iterable[Rule] | None = None) -> list[str]:
    """The forms of ``text`` that the glossary's rules forbid in ``lang`` given its English text,
    each as "“form” (term: use …)"; placeholders are no words."""
    bare = PLACEHOLDER.sub("…", text)  # "{bot}" is a name, not the word
    found = []
    for rule in glossary_rules() if rules is None else rules:
        if rule.lang != lang or (rule.when is not None and not any(rule.when.search(e) for e in english)):
            continue
        found += [f"“{m.group(0)}” ({rule.term}: use {rule.use})" for m in rule.forbidden.finditer(bare)]
    return found


# --------------------------------------------------------------------------------------------------
# Everything
# --------------------------------------------------------------------------------------------------

def check_entry(entry: Entry) -> Iterator[Violation]:
    """Every violation of one catalog entry."""
    skip = EXCEPTIONS.get((entry.domain, entry.msgid), frozenset())
    english_text = entry.lang == "en"

    def out(check: str, text: str, details: list[str]) -> Iterator[Violation]:
        if details and check not in skip:
            yield Violation(entry.domain, entry.lang, entry.path, entry.msgid, text, check,
                            "; ".join(details))

    yield from out("plural", entry.strings[0] if entry.strings else "", plural_problems(entry))
    if english_text:
        # The English text shown (msgstr, else the msgid unless it is a reason code).
        texts = list(entry.english)
        if CODE_MSGID.fullmatch(entry.msgid) and not any(entry.strings):
            yield from out("untranslated", "", ["empty (a reason code needs its English text)"])
            return
    else:
        if entry.fuzzy:
            yield from out("untranslated", entry.strings[0], ["fuzzy"])
        texts = list(entry.strings) or [""]
    for text in texts:
        if not english_text:
            yield from out("untranslated", text, untranslated(text, entry.english, entry.lang))
        if not text:
            continue
        yield from out("case-ending", text, case_endings(text, entry.lang))
        yield from out("raw-code", text, raw_codes(text, entry.lang))
        if not english_text:
            yield from out("placeholders", text, placeholder_mismatch(text, entry.english))
        yield from out("glossary", text, glossary_misuse(text, entry.english, entry.lang))


def all_violations() -> list[Violation]:
    """Every violation in every catalog of :func:`catalog_files`; a missing catalog is one
    ``untranslated`` violation."""
    found: list[Violation] = []
    for domain, lang, path in catalog_files():
        if path is None:
            found.append(Violation(domain, lang, Path(f"<no {lang} catalog of {domain}>"), "", "",
                                   "untranslated", "the catalog is missing"))
            continue
        found += [Violation(domain, lang, path, "", "", "plural", d) for d in plural_header(path, lang)]
        for entry in entries(domain, lang, path):
            found.extend(check_entry(entry))
    return found
