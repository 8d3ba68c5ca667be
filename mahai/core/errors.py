"""Typed engine errors carrying a reason code and parameters.

Front ends never show ``str(error)`` to a player: they translate ``error.code``
with ``error.params`` through :func:`mahai.i18n.explain`, in the player's
language. Parameters must only hold what the acting seat may know.
"""

from __future__ import annotations

from collections.abc import Mapping

ParamValue = str | int


class MahaiError(Exception):
    """Base of every engine error.

    Attributes:
        code: a stable reason code, e.g. ``"must_follow_suit"``; it is also the
            msgid of the message in the gettext catalog of ``domain``.
        domain: the catalog the code lives in: ``"core"`` or a game name.
        params: values substituted into the translated message.
    """

    kind = "error"

    def __init__(self, code: str, domain: str = "core", **params: ParamValue) -> None:
        self.code = code
        self.domain = domain
        self.params: Mapping[str, ParamValue] = dict(params)
        detail = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        super().__init__(f"{domain}.{code}" + (f" ({detail})" if detail else ""))

    def to_json(self) -> dict[str, object]:
        """A JSON-ready description: ``{"kind", "code", "domain", "params"}``."""
        return {
            "kind": self.kind,
            "code": self.code,
            "domain": self.domain,
            "params": dict(self.params),
        }


class MalformedAction(MahaiError):
    """The text or message could not be parsed into an action of the game."""

    kind = "malformed_action"


class IllegalAction(MahaiError):
    """A well-formed action that the rules forbid now (the code says which rule)."""

    kind = "illegal_action"


class NotYourTurn(MahaiError):
    """The seat owes no decision at this moment."""

    kind = "not_your_turn"


class InvalidOptions(MahaiError):
    """Unknown edition or option name, a value of the wrong type, or a bad player count."""

    kind = "invalid_options"


class CorruptRecord(MahaiError):
    """A game record that cannot be read or does not replay."""

    kind = "corrupt_record"
