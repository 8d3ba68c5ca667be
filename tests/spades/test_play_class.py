"""``Play`` (``play QS``: SPR-7…SPR-9) behaves as the frozen, slotted dataclass it was.

``mahai.games.spades.play.Play`` is a plain class so that the compiled build makes it a native
class (issue 16, ``docs/performance.md``). These tests compare it, in whichever build runs,
with the dataclass it replaced (:class:`_DataclassPlay`, its old definition): the refusal of
hand-built cards (``bad_card``, a ``bool`` included), equality, hash, ``repr``, ``match``,
pickling, copying and frozenness.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from mahai.core.errors import MalformedAction
from mahai.games.spades.actions import PLAYS, Play, parse_action
from mahai.games.spades.cards import card_text


@dataclasses.dataclass(frozen=True, slots=True)
class _DataclassPlay:
    """``Play`` as it was before it moved to its own module (the reference)."""

    card: int

    def __post_init__(self) -> None:
        if type(self.card) is not int or not 0 <= self.card < 54:
            raise MalformedAction("bad_card", domain="spades", text=repr(self.card))

    def notation(self) -> str:
        return f"play {card_text(self.card)}"


def _outcome(make: Any, arg: object) -> tuple[Any, ...]:
    try:
        made = make(arg)
    except MalformedAction as error:
        return ("MalformedAction", error.code, error.params)
    except Exception as error:  # noqa: BLE001 - the kind of error is what is compared
        return (type(error).__name__,)
    return ("made", repr(made).removeprefix("_Dataclass"), made.card, type(made.card), made.notation())


@pytest.mark.parametrize("arg", [0, 1, 12, 51, 52, 53, 54, -1, 2**70, True, False, 5.0, "5", "QS", None,
                                 (3,)])
def test_hand_built_plays_are_made_or_refused_as_the_dataclass_did(arg: object) -> None:
    assert _outcome(Play, arg) == _outcome(_DataclassPlay, arg)


def test_a_bool_is_not_a_card() -> None:
    """A compiled ``int`` parameter would take ``True`` as 1: the class must still refuse it."""
    for arg in (True, False):
        with pytest.raises(MalformedAction) as caught:
            Play(arg)
        assert caught.value.code == "bad_card"


def test_equality_hash_and_repr_are_the_dataclasses() -> None:
    for card in range(54):
        play, old = Play(card), _DataclassPlay(card)
        assert play == PLAYS[card] and not play != PLAYS[card]  # noqa: SIM202 - __ne__ itself
        assert hash(play) == hash(old) == hash(PLAYS[card])
        assert repr(play) == repr(old).removeprefix("_Dataclass") == f"Play(card={card})"
        assert play.notation() == old.notation()
        assert parse_action(play.notation()) == play
        assert play != Play((card + 1) % 54) and not play == Play((card + 1) % 54)  # noqa: SIM201
    # other types: NotImplemented (then identity), as a dataclass
    assert Play(3).__eq__(3) is NotImplemented is _DataclassPlay(3).__eq__(3)
    assert Play(3) != 3 and Play(3) != _DataclassPlay(3) and Play(3) is not None
    assert {Play(3): "x"}[PLAYS[3]] == "x"
    with pytest.raises(TypeError):
        _ = Play(3) < Play(4)  # type: ignore[operator]  # no order, as the dataclass (order=False)


def test_match_by_position_and_keyword() -> None:
    match PLAYS[9]:
        case Play(card):
            assert card == 9
    match PLAYS[9]:
        case Play(card=c):
            assert c == 9


def test_pickle_and_copy_give_an_equal_play() -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(PLAYS[40], protocol=protocol))  # noqa: S301 - our own bytes
        assert type(back) is Play and back == PLAYS[40] and back.card == 40
    assert copy.copy(PLAYS[7]) == PLAYS[7] and copy.deepcopy([PLAYS[7]]) == [PLAYS[7]]


def test_a_play_is_frozen() -> None:
    play = Play(5)
    for old_or_new in (play, _DataclassPlay(5)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            old_or_new.card = 6  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            del old_or_new.card
    # a new attribute: refused too (the slotted dataclass raised TypeError, from its super() call)
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.other = 1
    assert play.card == 5 and not hasattr(play, "__dict__")
