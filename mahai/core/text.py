"""Text the engine hands to front ends: a message key with parameters, never a sentence.

A :class:`Message` is ``(domain, msgid, params)``, the scheme of
:class:`~mahai.core.errors.MahaiError`: ``domain`` names the gettext catalog
(``"core"`` or a game name), ``msgid`` the sentence, ``params`` fill its
``{name}`` placeholders. A parameter may itself be a :class:`Message` (a card's
name, translated in the same language) or a :class:`Player` (a seat, which the
front end names: "you", a person's name, a bot's name). Front ends render them
with :func:`mahai.i18n.render`; the web server sends the rendered string.

    >>> from mahai.core.text import Message, Player, message_to_json
    >>> m = Message("spades", "{player} played {card}.", {"player": Player(2),
    ...             "card": Message("spades", "card.QS", {})})
    >>> message_to_json(m)["params"]["player"]
    {'seat': 2}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, NamedTuple, Union


class Player(NamedTuple):
    """A seat named in a message; each front end says how to name it."""

    seat: int


Param = Union[str, int, float, "Message", Player]


class Message(NamedTuple):
    """A sentence to translate: catalog ``domain``, ``msgid``, ``params``."""

    domain: str
    msgid: str
    params: Mapping[str, Param] = {}


def message_to_json(message: Message) -> dict[str, Any]:
    """``{"domain", "msgid", "params"}``; nested messages likewise, players as ``{"seat": n}``."""
    return {"domain": message.domain, "msgid": message.msgid,
            "params": {k: _param_json(v) for k, v in message.params.items()}}


def _param_json(value: Param) -> Any:
    if isinstance(value, Message):
        return message_to_json(value)
    if isinstance(value, Player):
        return {"seat": value.seat}
    return value


def small_number(word: str, digits: int = 6) -> int | None:
    """``word`` read as a whole number of at most ``digits`` decimal digits, else None.

    Any script's decimal digits count (``"٣"``, ``"３"``: 3), as :class:`int` reads them;
    signs, spaces, ``"1e9"``, ``"²"`` and ``"①"`` do not. Not :meth:`str.isdigit`, which
    accepts ``"²"`` that :class:`int` refuses (a ValueError where a person typed a move), nor
    an unbounded :class:`int` of a typed line (beyond 4,300 digits it raises ValueError too).

    >>> small_number("12"), small_number("٣"), small_number("²"), small_number("1234567")
    (12, 3, None, None)
    """
    if 0 < len(word) <= digits and word.isdecimal():
        return int(word)
    return None


_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them on screen (the "Trojan Source" controls)."""


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: each control character (C0 but newline and tab,
    DEL, C1) and each bidirectional control shown as its escape (``\\x1b``, ``\\u202e``), so that
    a typed line, a file name or a record's field quoted in a message cannot move the cursor,
    clear the screen, retitle the window or reorder the line. Other text is kept whole (the
    catalogs' no-break spaces, emoji joiners).

    >>> printable("play \\x1b[2J\\u202eSQ\\nnext")
    'play \\\\x1b[2J\\\\u202eSQ\\nnext'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(
        ch.encode("unicode_escape").decode("ascii")
        if (ch in _BIDI_CONTROLS or (unicodedata.category(ch) == "Cc" and ch not in "\n\t")) else ch
        for ch in text)


def cut(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, with "…" when cut: a typed line quoted back in an
    error message (a 1 MB line is not printed back whole).

    >>> cut("abc", 2), cut("ab", 2)
    ('ab…', 'ab')
    """
    return text if len(text) <= limit else text[:limit] + "…"
