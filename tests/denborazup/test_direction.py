"""DZC-6: one reading of “to the right” (eskuinera) for every game: seat − 1, seats being in
clockwise table order (DZR-5, DZR-10 for DenboraZup; MBR-3 for Mille Bornes), written once in
both rule files."""

from __future__ import annotations

import re
from pathlib import Path

from mahai.games.mille_bornes import GAME as MB
from tests.denborazup.helpers import rig
from tests.denborazup.test_rules import (
    AXULAR,
    ELCANO,
    ETA,
    FUEROS,
    GERNIKA,
    GUGGENHEIM,
    KORRIKA,
    OSASUNA,
    POMPEY,
    RONCEVAUX,
    G,
    act,
    flip_to,
    new,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def test_dzc6_the_coin_passes_to_the_right() -> None:
    """DZR-5: the flipper's right (seat − 1) flips next: 0 → 2 → 1 → 0 with three players."""
    state = new(3)
    state.flipper = 0
    flippers = []
    for _ in range(4):
        flippers.append(state.flipper)
        act(state, state.flipper, "flip")
        for seat in range(3):
            act(state, seat, "pass")
        for seat in range(3):
            act(state, seat, "vote no")
    assert flippers == [0, 2, 1, 0]


def test_dzc6_stars_resolve_from_the_flipper_to_the_right() -> None:
    """DZR-10: flipper 1 with three correct stars: seats 1, 0, 2 (placements are judged in the
    same order, the reveal lists them so)."""
    state = new(3)
    rig(state, hands=[[RONCEVAUX, ELCANO, OSASUNA], [GERNIKA, KORRIKA, AXULAR], [FUEROS, POMPEY, ETA]],
        timeline=[GUGGENHEIM])
    state.flipper = 1
    flip_to(state, "down")
    act(state, 0, f"place {RONCEVAUX}")
    act(state, 1, f"place {GERNIKA}")
    events = act(state, 2, f"place {FUEROS}")
    assert state.star_queue == [1, 0, 2]
    reveal = next(e for e in events if e.kind == "reveal")
    assert [p["seat"] for p in reveal.data["placements"]] == [1, 0, 2]
    assert G.view(state, 0)["to_act"] == [1]


def test_dzc6_direction_left_is_an_option() -> None:
    """``direction=left``: the coin passes to seat + 1 and stars resolve flipper, flipper + 1, …"""
    state = G.new(G.options(direction="left"), 3, 1)
    state.flipper = 0
    act(state, 0, "flip")
    for seat in range(3):
        act(state, seat, "pass")
    for seat in range(3):
        act(state, seat, "vote no")
    assert state.flipper == 1 and state.seat_order() == [1, 2, 0]
    assert new(3).options.direction == "right" and G.options().direction == "right"


def test_dzc6_records_saved_before_the_option_replay_as_played() -> None:
    """A record without ``direction`` was played with the coin passing to the left (seat + 1): it
    replays so, and stored tables and old records stay valid; a new record names its direction."""
    import random

    from mahai.bots import RandomBot
    from mahai.core import GameRecord
    from mahai.core.options import options_to_dict

    assert G.options_from_json({"mode": "multi"}).direction == "left"
    assert G.options_from_json({"mode": "long", "direction": "right"}).direction == "right"
    saved = options_to_dict(G.options())
    assert saved["direction"] == "right" and G.options_from_json(saved) == G.options()
    played = G.new(G.options(direction="left"), 3, 5)
    bot = RandomBot(random.Random(5))
    actions = []
    while not played.is_over and len(actions) < 120:
        seat = played.to_act()[0]
        action = bot.act(G, seat, G.observe(played, seat), played.legal_actions(seat))
        played.apply(seat, action)
        actions.append((seat, action.notation()))
    old = GameRecord(game="denborazup", players=3, seed=5, options={"mode": "multi"}, actions=actions)
    *_, replayed = old.replay(G)
    assert replayed.flipper == played.flipper and replayed.hands == played.hands
    assert played.round > 3


def test_dzc6_mille_bornes_reads_eskuin_the_same_way() -> None:
    """MBR-3: eu plays to the right: after seat 0 comes seat 2 (of 3), the dealer is seat 0's left
    (seat 1); classic plays to the left (seat + 1)."""
    eu = MB.new(MB.options("eu"), 3, seed=1)
    assert eu.turn == 0 and eu.dealer == 1 and eu.next_seat(0) == 2
    eu.apply(0, MB.parse_action("draw"))
    eu.apply(0, MB.parse_action(f"discard {eu.hand_codes(0)[0]}"))
    assert eu.to_act() == (2,)
    classic = MB.new(MB.options("classic"), 3, seed=1)
    assert classic.next_seat(0) == 1 and classic.dealer == 2


def _direction_paragraph(name: str) -> str:
    text = (DOCS / name).read_text(encoding="utf-8")
    found = re.search(r"^\*\*Seats and direction\.\*\*.*?(?=\n\n)", text, flags=re.M | re.S)
    assert found is not None, name
    return found.group(0)


def test_dzc6_the_reading_is_written_once_for_both_games() -> None:
    """The same sentence heads both rule files (and says seat − 1)."""
    mb, dz = _direction_paragraph("mille-bornes.md"), _direction_paragraph("denborazup.md")
    assert mb == dz and "seat − 1" in mb and "clockwise" in mb
