"""Checks of a :class:`~mahai.core.text.Message` against the catalogs of every language."""

from __future__ import annotations

from mahai.core.text import Message, Player
from mahai.i18n import LANGUAGES, catalog, render


def _name(seat: int) -> str:
    return f"Ane{seat + 1}"


def shape(message: Message) -> tuple[object, ...]:
    """What a message's text depends on but its numbers and words: domain, msgid,
    and each parameter's name with its kind (nested messages by their own shape)."""
    return (message.domain, message.msgid, tuple(sorted(
        (k, shape(v) if isinstance(v, Message) else type(v).__name__) for k, v in message.params.items())))


def message_problems(message: Message, players: int) -> list[str]:
    """What is wrong with the text of ``message``: a msgid (its own or a nested
    message's) missing from the catalog of its domain (or ``core``) in some
    language, a parameter that is neither text, a number, a message nor a player, a
    rendering with a ``{`` or ``}`` left, or a Basque rendering equal to the msgid
    (untranslated). Empty if nothing. Players: :func:`seat_problems`."""
    problems: list[str] = []

    def visit(m: Message) -> None:
        for lang in LANGUAGES:
            if m.msgid not in catalog(m.domain, lang) and m.msgid not in catalog("core", lang):
                problems.append(f"{m.domain}:{m.msgid!r} missing in {lang}")
        for key, value in m.params.items():
            if isinstance(value, Message):
                visit(value)
            elif isinstance(value, Player):
                pass  # seat_problems
            elif isinstance(value, bool) or not isinstance(value, str | int | float):
                problems.append(f"{m.domain}:{m.msgid!r}: {key}={value!r} is not a message parameter")

    visit(message)
    for lang in LANGUAGES:
        text = render(message, lang, player_name=_name)
        if "{" in text or "}" in text:
            problems.append(f"{message.domain}:{message.msgid!r} in {lang} leaves a brace: {text!r}")
        if lang == "eu" and text == message.msgid:
            problems.append(f"{message.domain}:{message.msgid!r} is not translated to eu")
    return problems


def seat_problems(message: Message, players: int) -> list[str]:
    """The players a message names (nested too) that are no seat of the table."""
    problems = []
    for key, value in message.params.items():
        if isinstance(value, Message):
            problems += seat_problems(value, players)
        elif isinstance(value, Player) and not 0 <= value.seat < players:
            problems.append(f"{message.domain}:{message.msgid!r}: {key} is seat {value.seat} of {players}")
    return problems
