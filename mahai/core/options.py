"""Options as frozen dataclasses, built from names and strings (``--option k=v``).

A game's editions are instances of its option dataclass; a field typed with
``Literal[...]`` lists its allowed values, ``bool`` and ``int`` fields accept
their usual text forms.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from mahai.core.errors import InvalidOptions

T = TypeVar("T")

_TRUE = {"true", "yes", "on", "1", "bai"}
_FALSE = {"false", "no", "off", "0", "ez"}


def _coerce(name: str, hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        choices = typing.get_args(hint)
        for choice in choices:
            if value == choice or (isinstance(value, str) and str(choice) == value):
                return choice
        raise InvalidOptions(
            "bad_option_value", option=name, value=_cut(str(value)), choices=", ".join(map(str, choices))
        )
    if hint is bool:
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise InvalidOptions("bad_option_value", option=name, value=_cut(str(value)), choices="true, false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return int(str(value))
        except ValueError:
            raise InvalidOptions(
                "bad_option_value", option=name, value=_cut(str(value)), choices="integer"
            ) from None
    if hint is str:
        return str(value)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = typing.get_args(hint)
        if value is None or (isinstance(value, str) and value.lower() == "none"):
            if type(None) in args:
                return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(name, arg, value)
            except InvalidOptions:
                continue
        raise InvalidOptions("bad_option_value", option=name, value=_cut(str(value)), choices=str(hint))
    return value


def options_from_mapping(base: T, overrides: Mapping[str, Any]) -> T:
    """``base`` with the fields in ``overrides`` replaced (names may use ``-``).
    An internal field (``metadata={"internal": True}``: how a record was made, set
    by the game alone) is no option a player may set. A whole number is kept within
    its field's ``metadata["min"]`` / ``metadata["max"]`` when the game declares
    them (Mille Bornes' ``game_target``, MBR-17: 10^20 points made a game without
    end; Nim's ``stones``: -5 a ValueError), as the web server bounds them.

    Raises:
        InvalidOptions: ``unknown_option`` or ``bad_option_value`` (choices: the range
            ``min–max`` for a number out of it).
    """
    if not overrides:
        return base
    cls = type(base)
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)  # type: ignore[arg-type]
              if not f.metadata.get("internal")}
    changes: dict[str, Any] = {}
    for raw, value in overrides.items():
        key = raw.replace("-", "_")
        if key not in fields:
            raise InvalidOptions("unknown_option", option=_cut(raw), choices=", ".join(sorted(fields)))
        coerced = _coerce(key, hints[key], value)
        meta = fields[key].metadata
        if type(coerced) is int and ("min" in meta or "max" in meta):
            low, high = meta.get("min"), meta.get("max")
            if (low is not None and coerced < low) or (high is not None and coerced > high):
                raise InvalidOptions("bad_option_value", option=key, value=_cut(str(value)),
                                     choices=f"{'' if low is None else low}–{'' if high is None else high}")
        changes[key] = coerced
    return dataclasses.replace(base, **changes)  # type: ignore[type-var]


def _cut(text: str) -> str:
    """A value quoted back, cut to 40 characters (a 1 MB option value is not printed whole)."""
    return text if len(text) <= 40 else text[:40] + "…"


def options_to_dict(options: object) -> dict[str, Any]:
    """The option dataclass as a JSON-ready dict (for records and the web)."""
    return dataclasses.asdict(options)  # type: ignore[call-overload, no-any-return]


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """``["target=300", "nil_value=50"]`` → dict; raises ``bad_option_syntax``."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOptions("bad_option_syntax", text=_cut(pair))
        out[key.strip()] = value.strip()
    return out
