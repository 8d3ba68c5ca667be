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
