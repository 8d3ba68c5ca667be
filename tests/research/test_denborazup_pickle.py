"""A DenboraZup state pickles small (OpenSpiel's serialisation, a web snapshot): the package
deck goes by name, not with each state (every card's titles and explanations in four
languages, ~200 KB a state before), and the unpickled state plays on as the original."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from mahai.games.denborazup import GAME
from mahai.games.denborazup.deck import package_deck

pyspiel = pytest.importorskip("pyspiel")

import mahai.research.openspiel_games  # noqa: E402, F401  (registers the games)

SMALL = 64_000
"""Bytes a state just dealt may take pickled (measured: 18 KB with two players; 284 KB before)."""


def play(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def seen(state: Any, players: int) -> list[object]:
    """What the state shows: the whole state, each player's information state and returns."""
    s = state
    out: list[object] = [str(s), s.is_terminal(), s.history()]
    out += [s.information_state_string(p) for p in range(players)]
    if s.is_terminal():
        out.append(s.returns())
    return out


@pytest.mark.parametrize("players", [1, 2, 8])
def test_a_dealt_openspiel_state_pickles_small(players: int) -> None:
    game = pyspiel.load_game("python_mahai_denborazup", {"players": players})
    state = game.new_initial_state()
    state.apply_action(5)  # the set-up: the deal
    size = len(pickle.dumps(state))
    assert size < SMALL, size


def test_an_engine_state_pickles_without_its_cards_and_shares_the_deck() -> None:
    state = GAME.new(GAME.options("multi"), 4, 7)
    data = pickle.dumps(state)
    assert len(data) < SMALL and b"Altxerri" not in data  # no card's text
    copy = pickle.loads(data)
    assert copy.source is package_deck() and copy.cards == state.cards
    assert pickle.loads(pickle.dumps(package_deck())) is package_deck()


def test_a_custom_deck_still_pickles_whole() -> None:
    from mahai.games.denborazup import DenboraZupGame
    from mahai.games.denborazup.cards import Deck

    deck = Deck(package_deck().events[:40])
    game = DenboraZupGame(deck)
    state = game.new(game.options("multi"), 2, 3)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.source == deck and copy.cards == state.cards
    assert [e.id for e in copy.source] == [e.id for e in deck]


@pytest.mark.parametrize(("players", "seed"), [(1, 0), (2, 1), (4, 2)])
def test_an_unpickled_state_plays_on_as_the_original(players: int, seed: int) -> None:
    game = pyspiel.load_game("python_mahai_denborazup", {"players": players})
    state = game.new_initial_state()
    play(state, random.Random(seed), 40)
    copy = pickle.loads(pickle.dumps(state))
    assert seen(copy, players) == seen(state, players)
    for s in (state, copy):  # the same moves from each: the same game, to its end
        play(s, random.Random(seed + 100), 5000)
    assert state.is_terminal() and seen(copy, players) == seen(state, players)
