"""DZC-5: card identity is not chronology. Reordering the deck file and relabelling every id
changes nothing in judging or in the bots' choices."""

from __future__ import annotations

import random
from typing import cast

import pytest

from mahai.bots import RandomBot, make_bot
from mahai.games.denborazup import DenboraZupAction, DenboraZupGame, load_deck
from tests.denborazup.helpers import csv_text, mini_game, relabelled_rows


def transcript(game: DenboraZupGame, mode: str, players: int, seed: int, back: dict[str, str]) -> list[str]:
    """The game's actions (card ids mapped through ``back``) and every judgement."""
    state = game.new(game.options(mode=mode), players, seed)
    names = ["expert", "medium", "easy", "random"]
    bots = {s: (RandomBot(random.Random(seed + s)) if names[s % 4] == "random"
                else make_bot("denborazup", names[s % 4], random.Random(seed + s))) for s in range(players)}
    out: list[str] = []
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_act()[0]
        action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
        text = " ".join(back.get(w, w) for w in action.notation().split())
        out.append(f"{seat}:{text}")
        for event in state.apply(seat, cast(DenboraZupAction, action)):
            if event.kind == "reveal":
                out.append(repr([(p["seat"], back.get(p["card"]["id"], p["card"]["id"]), p["correct"])
                                 for p in event.data["placements"]]))
    out.append(f"winners {sorted(state.winners())}")
    return out


@pytest.mark.parametrize(("mode", "players"), [("multi", 4), ("long", 3), ("solo", 1)])
def test_dzc5_shuffled_relabelled_deck_plays_the_same(mode: str, players: int) -> None:
    base = mini_game()
    identity = {e.id: e.id for e in base.deck}
    for seed in (1, 2, 3):
        rows, back = relabelled_rows(seed)
        other = DenboraZupGame(load_deck(csv_text(rows)), opaque=False)  # ids compared across decks
        assert [e.id for e in other.deck] != [e.id for e in base.deck]
        expected = transcript(base, mode, players, seed, identity)
        assert transcript(other, mode, players, seed, back) == expected
        assert any("True" in line for line in expected) or mode == "solo"
