"""The conformance suite passes a toy game that keeps the contract and fails each
broken variant of it on the promise it breaks (``toy.py``)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.contract import test_conformance as suite
from tests.contract import toy
from tests.contract.playouts import Case

CHECKS: list[Callable[..., None]] = [
    f for name, f in vars(suite).items() if name.startswith("test_") and inspect.isfunction(f)]


def _run(check: Callable[..., None], game: toy.Toy, tmp_path: Path) -> None:
    case = Case("toy", "standard", 2, override=game)
    if "tmp_path" in inspect.signature(check).parameters:
        check(case, tmp_path)
    else:
        check(case)


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__)
def test_the_toy_keeps_the_contract(check: Callable[..., None], tmp_path: Path) -> None:
    _run(check, toy.Toy(), tmp_path)


BROKEN: list[tuple[type[toy.Toy], Callable[..., None], type[BaseException]]] = [
    (toy.EveryoneActs, suite.test_every_seat_to_act_has_a_legal_action, AssertionError),
    (toy.OffByOneNotation, suite.test_notation_round_trips, AssertionError),
    (toy.LaxVerify, suite.test_can_agrees_with_apply, AssertionError),
    (toy.DirtyRefusal, suite.test_can_agrees_with_apply, AssertionError),
    (toy.SharedHands, suite.test_a_clone_is_independent_of_its_original, AssertionError),
    (toy.SharedGenerator, suite.test_a_clone_is_independent_of_its_original, AssertionError),
    (toy.UnseededDeal, suite.test_a_record_replays_to_the_same_views, AssertionError),
    (toy.AliasingView, suite.test_views_and_events_are_json, AssertionError),
    (toy.SharedEventData, suite.test_views_and_events_are_json, AssertionError),
    (toy.SetInView, suite.test_views_and_events_are_json, TypeError),
    (toy.SpectatorSeesHands, suite.test_a_spectator_sees_no_hand, AssertionError),
    (toy.SpectatorGetsAHand, suite.test_a_spectator_sees_no_hand, AssertionError),
    (toy.CarelessDeterminize, suite.test_determinize_is_consistent_with_the_observation, AssertionError),
    (toy.NoText, suite.test_every_action_and_event_is_described_in_every_language, AssertionError),
    (toy.WrongSeatInText, suite.test_every_action_and_event_is_described_in_every_language, AssertionError),
]


@pytest.mark.parametrize(("variant", "check", "error"), BROKEN, ids=lambda v: getattr(v, "__name__", ""))
def test_a_broken_game_fails_its_check(variant: type[toy.Toy], check: Callable[..., None],
                                       error: type[BaseException], tmp_path: Path) -> None:
    with pytest.raises(error):
        _run(check, variant(), tmp_path)


def test_every_check_is_shown_to_fail() -> None:
    assert {check for _, check, _ in BROKEN} == set(CHECKS)
