"""The Spades :class:`Play` action (``play QS``), alone in its module so that the compiled
build makes it a native class (issue 16): the compiled engine reads its ``card`` from a C
struct, not through a slot descriptor (≈ 150 instructions a card played).

It behaves as the frozen, slotted dataclass it was (``tests/spades/test_play_class.py``
compares the two): ``Play(card)`` with ``card`` an ``int`` 0…53 (52, 53: the jokers), anything
else, ``bool`` included, raises :class:`~mahai.core.errors.MalformedAction` (``bad_card``);
equality, hash, ``repr``, ``match`` by ``card``, pickling and copying as a dataclass's; setting
or deleting ``card`` raises :class:`dataclasses.FrozenInstanceError`. It is exported by
:mod:`mahai.games.spades.actions`, with the other actions.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, final

from mahai.core.errors import MalformedAction
from mahai.games.spades.cards import card_text


@final
class Play:
    """Play ``card`` (0…53) to the current trick (SPR-7…SPR-9)."""

    __slots__ = ("card",)
    __match_args__: ClassVar[tuple[str, ...]] = ("card",)
    card: int

    def __init__(self, card: object) -> None:  # object: a compiled int parameter would take a bool as 1
        if type(card) is not int or not 0 <= card < 54:
            raise MalformedAction("bad_card", domain="spades", text=repr(card))
        object.__setattr__(self, "card", card)  # frozen: this class's own __setattr__ refuses

    def notation(self) -> str:
        return f"play {card_text(self.card)}"

    def __repr__(self) -> str:
        return f"Play(card={self.card!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is Play:
            return self.card == other.card
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.card,))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy by the card (a compiled class's ``__new__`` calls ``__init__``)."""
        return (Play, (self.card,))
