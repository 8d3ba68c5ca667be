"""DZC-8: the flipper waits (``State.must_wait``) while another seat may still catch a missed
“DenboraZup!” call (DZR-8), so that a person gets the chance before a robot's flip closes the
window; ``mahai.bots.play.bot_step`` holds it back, whatever robot stands in for it."""

from __future__ import annotations

import random

import pytest

from mahai.bots import RandomBot, bot_names, make_bot
from mahai.bots.base import Bot
from mahai.bots.play import bot_step
from mahai.games.denborazup import DenboraZupState
from tests.denborazup.test_rules import G, _down_to_one, act, new


def test_dzc8_the_flipper_waits_for_every_seat_that_may_catch() -> None:
    state = _down_to_one(call=False)            # seat 0 missed its call; seat 2 flips next
    assert state.flipper == 2 and state.to_act() == (1, 2)
    assert state.must_wait(2) and not state.must_wait(1) and not state.must_wait(0)
    act(state, 1, "waive")
    assert state.to_act() == (2,) and not state.must_wait(2)


def test_dzc8_a_catch_ends_the_wait() -> None:
    state = _down_to_one(call=False)
    act(state, 1, "catch 0")
    assert not state.catchable and state.to_act() == (2,) and not state.must_wait(2)


def test_dzc8_nobody_waits_without_a_missed_call() -> None:
    state = _down_to_one(call=True)
    assert state.to_act() == (2,) and not any(state.must_wait(s) for s in range(3))
    fresh = new(3)
    assert not any(fresh.must_wait(s) for s in range(3))
    solo = new(1, "solo")
    assert not solo.must_wait(0)


@pytest.mark.parametrize("name", bot_names("denborazup"))
def test_dzc8_bot_step_holds_the_flipping_robot_back(name: str) -> None:
    """Seat 1 is a person; the robot at seat 2 (any robot: a chosen one or a turn-timer stand-in)
    does not flip until seat 1 has answered."""
    state = _down_to_one(call=False)
    bots: dict[int, Bot] = {0: make_bot("denborazup", name, random.Random(1)),
                            2: make_bot("denborazup", name, random.Random(2))}
    version = state.version
    assert bot_step(G, state, bots) is None
    assert state.version == version and state.phase == "flip" and state.catchable == {0}
    act(state, 1, "waive")
    while state.phase == "flip":  # the robot may catch seat 0 itself before it flips
        stepped = bot_step(G, state, bots)
        assert stepped is not None and stepped[0][0] == 2
    assert state.phase == "decide" and state.round == 2


def test_dzc8_robot_catchers_answer_before_the_robot_flips() -> None:
    """With robots at every seat that may catch, they answer first (catch or waive) and the
    flipper flips after them: nobody is stuck."""
    state = _down_to_one(call=False)
    bots: dict[int, Bot] = {s: RandomBot(random.Random(s)) for s in range(3)}
    first = bot_step(G, state, bots)
    assert first is not None and first[0][0] == 1 and state.phase == "flip"
    second = bot_step(G, state, bots)
    assert second is not None and second[0][0] == 2 and state.phase == "decide"


def _check_waits(state: DenboraZupState, persons: set[int], bots: dict[int, Bot]) -> bool:
    """The invariants at one state; returns whether a catch window is open."""
    to_act = state.to_act()
    waiting = [s for s in to_act if state.must_wait(s)]
    assert len(waiting) < len(to_act) or not to_act, "everyone waits"
    window = state.phase == "flip" and len(to_act) > 1
    assert waiting == ([state.flipper] if window else [])
    version = state.version
    stepped = bot_step(G, state, bots)
    if stepped is None:
        assert all(s in persons or state.must_wait(s) for s in to_act)
        assert state.version == version
    else:
        assert stepped[0][0] not in waiting
    return window


def test_dzc8_random_games_never_let_a_waiting_robot_act() -> None:
    """Random games of 3 to 5 players with one or two persons (played at random here): a seat
    that must wait is never moved by bot_step, and some seat can always act."""
    windows = 0
    for seed in range(8):
        rng = random.Random(seed)
        players = 3 + seed % 3
        state = G.new(G.options(mode="long" if seed % 2 else "multi"), players, seed)
        persons = set(rng.sample(range(players), 1 + seed % 2))
        bots: dict[int, Bot] = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players)
                                if s not in persons}
        person = RandomBot(random.Random(seed))
        for _ in range(4000):
            if state.is_over:
                break
            windows += _check_waits(state, persons, bots)
            if state.is_over:
                break
            seat = next((s for s in state.to_act() if s in persons and not state.must_wait(s)), None)
            if seat is not None and (rng.random() < 0.5 or bot_step(G, state, bots) is None):
                state.apply(seat, person.act(G, seat, G.observe(state, seat), state.legal_actions(seat)))
        assert state.is_over
    assert windows > 3
