"""Configurations the research tests run: every edition of every game with an
encoding, some player counts and options (kept short: random games of the long
editions are cut by ``max_steps`` / ``max_length``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mahai.games import get_game

# (game, edition, players, option overrides)
Case = tuple[str, str, int, dict[str, Any]]

CASES: list[Case] = [
    ("spades", "standard", 4, {}),
    ("spades", "standard", 2, {}),
    ("spades", "standard", 4, {"first_lead": "two_of_clubs", "blind_nil_exchange": 2,
                               "spades_lead": "any_time"}),
    ("spades", "two_player", 2, {}),
    ("spades", "openspiel", 4, {}),
    ("spades", "cards_with_cats", 4, {}),
    ("spades", "jokers_and_deuces", 4, {"jokers": "off"}),  # the deuce of spades high; jokers: below
    ("mille_bornes", "eu", 2, {}),
    ("mille_bornes", "eu", 3, {}),
    ("mille_bornes", "eu", 6, {}),
    ("mille_bornes", "classic", 4, {"fast_game": True}),
    ("mille_bornes", "2016", 5, {"fast_game": True, "hazard_on_hazard": True}),
    ("mille_bornes", "2016", 2, {}),
    ("mille_bornes", "bsd", 2, {}),
    ("denborazup", "multi", 2, {}),
    ("denborazup", "multi", 8, {}),
    ("denborazup", "solo", 1, {}),
    ("denborazup", "long", 3, {}),
]


def case_id(case: Case) -> str:
    game, edition, players, options = case
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{edition}-{players}" + (f"-{extra}" if extra else "")


def random_states(case: Case, seed: int, steps: int) -> Iterator[Any]:
    """The states of one random game (up to ``steps`` actions), starting with the first."""
    name, edition, players, options = case
    game = get_game(name)
    state = game.new(game.options(edition, **options), players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        seats = state.to_act()
        seat = next((s for s in seats if not state.must_wait(s)), seats[0])
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
