"""French typography of every French text a player can read: a no-break space, never an ordinary
one, before the high punctuation and inside the guillemets, so that no line of a phone's text starts
with a lone ":" or "?" or ends with a lone "«" (a player saw one at 390 px, session 17).

The rule (Imprimerie nationale, *Lexique des règles typographiques*; the convention of French
publishers and of CLDR's ``fr`` data): U+00A0 NO-BREAK SPACE before ":" and after "«" / before "»";
U+202F NARROW NO-BREAK SPACE before ";" "!" "?" (the thin space French typesetting puts there; the
number groups of :func:`mahai.i18n.number` use it already). Both are "glue" in Unicode's line
breaking (UAX #14, class GL): a browser never breaks a line at them.

The texts (:func:`french_texts`): every French gettext catalog a player can see, Mahai's own and each
installed game's (:func:`tests.i18n.style.catalog_files`, msgstr only); the DenboraZup deck's
``title_fr`` and ``explanation_fr`` (``mahai/games/denborazup/data/events.csv``); the French rules
pages (``mahai/server/static/rules/<game>/fr.html``); and the quotes French sentences put around a
card's title (:data:`mahai.games.denborazup.describe.QUOTES`).

What is typed keeps its ordinary space (:data:`TYPED`): "N !" (a card's number and "!", the
DenboraZup call, in the terminal) and the "?" key after a comma. Times ("12:30"), URLs ("https://")
and placeholders carry no space before their colon and are never touched.

Run as a module to apply the rule to the files (msgstr of the French ``.po`` files, the deck's French
columns, the French rules pages); nothing else changes, byte for byte::

    .venv/bin/python -m tests.i18n.typography
"""

from __future__ import annotations

import csv
import io
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.i18n.style import ROOT, catalog_files, entries

NBSP = "\u00a0"
NNBSP = "\u202f"
DECK = ROOT / "mahai" / "games" / "denborazup" / "data" / "events.csv"
DECK_COLUMNS = ("title_fr", "explanation_fr")
RULES = ROOT / "mahai" / "server" / "static" / "rules"

TYPED = re.compile(r"\bN !|, \?(?= )")
"""Marks that are keys to type, not punctuation: their ordinary space stays (the DenboraZup terminal's
"N !", the Spades terminal's "q pour quitter, ? liste les coups légaux")."""

# (what is wrong, the pattern; group 1 is the ordinary space, or the gap where one is missing)
_PROBLEMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("an ordinary space after «", re.compile(r"«( )")),
    ("no space after «", re.compile(r"«()[^\s\u00a0\u202f]")),
    ("an ordinary space before »", re.compile(r"( )»")),
    ("no space before »", re.compile(r"[^\s\u00a0\u202f]()»")),
    ("an ordinary space before :", re.compile(r"( ):")),
    ("an ordinary space before ;", re.compile(r"( );")),
    ("an ordinary space before !", re.compile(r"( )!")),
    ("an ordinary space before ?", re.compile(r"( )\?")),
)


def _typed(text: str) -> set[int]:
    """The positions of ``text`` inside a :data:`TYPED` key (its space included)."""
    return {i for m in TYPED.finditer(text) for i in range(m.start(), m.end())}


def french_spacing(text: str) -> str:
    """``text`` with each ordinary space before ":" and next to a guillemet made U+00A0, and each one
    before ";" "!" "?" made U+202F; typed keys (:data:`TYPED`) kept. The length never changes
    (one space for another), so a text cut in pieces (a ``.po`` string over several lines) can be
    put back piece by piece. A missing space is not added (it could be a time or a URL)."""
    keep = _typed(text)
    out = list(text)
    for i, ch in enumerate(text):
        if ch != " " or i in keep:
            continue
        after = text[i + 1:i + 2]
        if text[i - 1:i] == "«" or after in (":", "»"):
            out[i] = NBSP
        elif after in (";", "!", "?"):
            out[i] = NNBSP
    return "".join(out)


def spacing_problems(text: str) -> list[str]:
    """What breaks the rule in ``text`` (empty: nothing), each as "what … in “context”": an ordinary
    space before ":" ";" "!" "?" or "»" or after "«", no space at all inside guillemets."""
    keep = _typed(text)
    found = []
    for what, pattern in _PROBLEMS:
        for m in pattern.finditer(text):
            if m.start(1) in keep:
                continue
            found.append(f"{what} in “{text[max(0, m.start() - 20):m.end() + 20]}”")
    return found


# --------------------------------------------------------------------------------------------------
# The French texts
# --------------------------------------------------------------------------------------------------

def _rules_pages() -> list[Path]:
    return sorted(RULES.glob("*/fr.html"))


def _html_text(html: str) -> str:
    """The text of an HTML page (tags out, each a line break: a tag is no space to keep)."""
    return re.sub(r"<[^>]*>", "\n", html)


def french_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every French text of the module's docstring."""
    from mahai.games.denborazup.describe import QUOTES

    for domain, lang, path in catalog_files():
        if lang != "fr" or path is None:
            continue
        for entry in entries(domain, lang, path):
            for text in entry.strings:
                yield f"{domain} {entry.msgid!r}", text
    with DECK.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            for column in DECK_COLUMNS:
                yield f"events.csv {row['id']} {column}", row[column]
    for page in _rules_pages():
        yield str(page.relative_to(ROOT)), _html_text(page.read_text(encoding="utf-8"))
    yield "describe.QUOTES['fr']", QUOTES["fr"][0] + "x" + QUOTES["fr"][1]


# --------------------------------------------------------------------------------------------------
# Applying the rule to the files
# --------------------------------------------------------------------------------------------------

MSGSTR = re.compile(r'^msgstr(\[\d+\])? "')


def fix_po(text: str) -> str:
    """A ``.po`` file's text with :func:`french_spacing` applied to each msgstr (over all its lines,
    so a space that ends one line before a mark that opens the next is found); the header, msgids,
    comments and the line breaks unchanged."""
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        if not MSGSTR.match(lines[i]):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j].startswith('"'):
            j += 1
        spans = []
        for k in range(i, j):
            body = lines[k].rstrip("\r\n")
            spans.append((k, body.index('"') + 1, body.rindex('"')))
        joined = "".join(lines[k][s:e] for k, s, e in spans)
        if "Content-Type:" not in joined:  # the header
            fixed = french_spacing(joined)
            pos = 0
            for k, s, e in spans:
                lines[k] = lines[k][:s] + fixed[pos:pos + e - s] + lines[k][e:]
                pos += e - s
        i = j
    return "".join(lines)


def fix_deck(text: str) -> str:
    """The deck CSV with :func:`french_spacing` applied to its French columns.

    Raises:
        ValueError: the CSV would not be written back byte for byte (another quoting or line end).
    """
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if _csv(rows) != text:
        raise ValueError("events.csv does not round-trip through csv.writer: not rewritten")
    columns = [rows[0].index(c) for c in DECK_COLUMNS]
    for row in rows[1:]:
        for c in columns:
            row[c] = french_spacing(row[c])
    return _csv(rows)


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def fix_html(text: str) -> str:
    """An HTML page with :func:`french_spacing` applied to its text (tags unchanged)."""
    parts = re.split(r"(<[^>]*>)", text)
    return "".join(p if p.startswith("<") else french_spacing(p) for p in parts)


def _files() -> Iterator[tuple[Path, Callable[[str], str]]]:
    for _, lang, path in catalog_files():
        if lang == "fr" and path is not None:
            yield path, fix_po
    yield DECK, fix_deck
    for page in _rules_pages():
        yield page, fix_html


def main() -> int:
    """Apply the rule to every French file; print each file changed."""
    for path, fix in _files():
        with path.open(encoding="utf-8", newline="") as fh:
            old = fh.read()
        new = fix(old)
        if new != old:
            with path.open("w", encoding="utf-8", newline="") as fh:
                fh.write(new)
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
