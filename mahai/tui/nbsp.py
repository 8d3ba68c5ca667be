"""No-break spaces stay unbroken in the terminal.

Rich cuts text into words with the pattern ``\\s*\\S+\\s*`` (``rich._wrap.re_word``), and Python's
``\\s`` matches U+00A0: Rich broke lines at the no-break spaces the French catalogs put before
":", "?", "!" and inside « », so a narrow terminal showed "coups" at the end of a line and
": entre bots seuls" at the start of the next, or "«" alone at a line's end (Textualize/rich
issues 3545 and 4196, open in Rich 15). :func:`keep_no_break_spaces` puts in a pattern that
counts U+00A0, U+202F (the narrow one of French thousands, "12 500") and U+2007 as part of a
word, as the Unicode line-breaking rules do."""

from __future__ import annotations

import re

import rich._wrap

NO_BREAK = "\u00a0\u202f\u2007"
"""The spaces a line never breaks at."""
WORD = re.compile(rf"[^\S{NO_BREAK}]*[\S{NO_BREAK}]+[^\S{NO_BREAK}]*")
"""A word and the breakable spaces around it (Rich's pattern, no-break spaces inside words)."""


def keep_no_break_spaces() -> None:
    """Make Rich wrap lines only at breakable spaces (idempotent)."""
    rich._wrap.re_word = WORD
