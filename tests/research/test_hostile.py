"""The research adapters given what a careless experiment gives them: indices of the wrong
type, chance outcomes outside the declared ones, actions after the end, odd seeds and bounds.
Each is a ValueError that says what was wrong, and the state is unchanged."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

import mahai.research.openspiel_games as mo  # noqa: E402
from mahai.research.pettingzoo_env import env  # noqa: E402

GAMES = ["spades", "mille_bornes", "denborazup"]


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_refuses_an_index_that_is_no_integer(name: str) -> None:
    """``1.5``, ``"3"`` and ``True`` were taken as 1, 3 and 1 (``int(action)``): a legal move
    played that the agent never chose. A numpy integer is an index like an int."""
    e = env(name)
    e.reset(seed=1)
    mask = e.last()[0]["action_mask"]
    legal = int(np.flatnonzero(mask)[0])
    before = (e.agent_selection, e.unwrapped.steps, e.unwrapped.table.state.version)
    for wrong in (legal + 0.5, float(legal), str(legal), bool(legal), np.float32(legal)):
        with pytest.raises(ValueError, match="integer index"):
            e.step(wrong)
        assert (e.agent_selection, e.unwrapped.steps, e.unwrapped.table.state.version) == before
    e.step(np.int64(legal))
    assert e.unwrapped.steps == 1


def test_pettingzoo_seeds_with_a_numpy_integer_and_refuses_no_step_bound() -> None:
    a, b = env("mille_bornes"), env("mille_bornes")
    a.reset(seed=np.int64(9))
    b.reset(seed=9)
    assert a.unwrapped.game.view(a.unwrapped.table.state, None) == b.unwrapped.game.view(
        b.unwrapped.table.state, None)
    for bound in (0, -1):
        with pytest.raises(ValueError, match="max_steps"):
            env("spades", max_steps=bound)


@pytest.mark.parametrize("name", ["spades", "mille_bornes", "denborazup"])
def test_openspiel_refuses_outcomes_outside_the_declared_ones_and_moves_after_the_end(name: str) -> None:
    """A chance node offers outcomes 0 … 1,023 (``chance_outcomes``): 5,000 was applied as a
    deal of its own; an action at a terminal state was an AssertionError."""
    game = pyspiel.load_game(f"python_mahai_{name}", {"max_length": 6})
    state = game.new_initial_state()
    for outcome in (mo.CHANCE_OUTCOMES, 5000):
        with pytest.raises(ValueError, match="chance outcome"):
            state.apply_action(outcome)
        assert state.is_chance_node() and state.history() == []
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(mo.CHANCE_OUTCOMES))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    history = state.history()
    with pytest.raises(ValueError, match="after the end"):
        state.apply_action(0)
    assert state.history() == history


def test_openspiel_refuses_a_negative_max_length() -> None:
    with pytest.raises(ValueError, match="max_length"):
        pyspiel.load_game("python_mahai_spades", {"max_length": -5})
