"""First smoke test: random games of every edition end with the cards conserved (MBR-2, MBR-13)."""

from __future__ import annotations

import random

import pytest

from mahai.games.mille_bornes import GAME


@pytest.mark.parametrize("edition,players", [("eu", 3), ("classic", 4), ("2016", 5), ("bsd", 2)])
def test_random_game_ends_with_cards_conserved(edition: str, players: int) -> None:
    state = GAME.new(GAME.options(edition), players, seed=11)
    rng = random.Random(11)
    size = 101 if (edition, players) in (("eu", 3), ("bsd", 2)) else 106
    steps = 0
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.card_count() == size
        steps += 1
    assert state.winners()
    assert steps > 50
