"""Seeded random playouts of every edition × player count, asserting the invariants at every step.

At least 2,000 legs in total across the configurations (``MAHAI_PLAYOUT_LEGS`` raises the total,
e.g. ``MAHAI_PLAYOUT_LEGS=20000``). Invariants: cards conserved (MBR-2: 106 or 101), every seat in
``to_act`` has a legal action, every leg and game ends, every score is the sum of its parts, and no
view or projected event shows a viewer a card of another hand or of the draw pile: the view of a
seat is unchanged when the cards it cannot see are dealt differently, and events of other seats'
draws and deals carry no card.
"""

from __future__ import annotations

import json
import math
import os
import random
from typing import Any

import pytest

from mahai.core import MahaiError
from mahai.games.mille_bornes import CODES, GAME, MilleBornesState

CONFIGS = [("eu", n) for n in (2, 3, 4, 6)] + [("classic", n) for n in (2, 3, 4, 6)] + [
    ("2016", n) for n in (2, 3, 4, 5, 6)] + [("bsd", 2)]
TOTAL_LEGS = int(os.environ.get("MAHAI_PLAYOUT_LEGS", "2000"))
LEGS_PER_CONFIG = math.ceil(TOTAL_LEGS / len(CONFIGS))
LEAK_CHECK_EVERY = 23
MAX_STEPS_PER_LEG = 5000
# variety: some option sets played on top of the editions (fast game, FAQ flags)
VARIANTS: list[dict[str, Any]] = [
    {},
    {"fast_game": True},
    {"hazard_on_hazard": True, "hazard_before_first_roll": False, "deck_exhaustion": "end"},
    {"draw_from_discard": True, "deck_exhaustion": "reshuffle", "exceed_target": True},
    {"safety_restarts": True, "extension_to_completer": True, "discard_safeties": False},  # MBR-25..27
]


def resample_hidden(st: MilleBornesState, viewer: int, rng: random.Random) -> MilleBornesState:
    """The same position with the cards ``viewer`` cannot see dealt differently."""
    alt = st.clone()
    pool = list(alt.draw_pile)
    for seat, hand in enumerate(alt.hands):
        if seat != viewer:
            pool.extend(hand)
    rng.shuffle(pool)
    for seat, hand in enumerate(alt.hands):
        if seat != viewer:
            n = len(hand)
            alt.hands[seat] = pool[:n]
            del pool[:n]
    alt.draw_pile = pool
    return alt


def check_no_leak(st: MilleBornesState, rng: random.Random) -> None:
    for viewer in [*range(st.players), None]:
        view = GAME.view(st, viewer)
        alt = resample_hidden(st, -1 if viewer is None else viewer, rng)
        assert GAME.view(alt, viewer) == view
        if viewer is None:
            assert view["hand"] is None
        else:
            assert sorted(view["hand"]) == sorted(st.hand_codes(viewer))


ALL_ACTIONS = (["draw", "draw discard", "decline", "extend yes", "extend no"]
               + [f"play {c}" for c in ("25", "50", "75", "100", "200", "roll")]
               + [f"remedy {c}" for c in ("end_of_limit", "gasoline", "spare_tire", "repairs")]
               + [f"hazard {c} {t}" for c in ("stop", "speed_limit", "out_of_gas", "flat_tire", "accident")
                  for t in range(3)]
               + [f"{verb} {c}" for verb in ("safety", "coup_fourre")
                  for c in ("right_of_way", "extra_tank", "puncture_proof", "driving_ace")]
               + [f"discard {c}" for c in CODES] + ["redraw 25 stop"])


def check_refusals(st: MilleBornesState, rng: random.Random) -> None:
    """Random attempts by random seats: a refusal leaves the state unchanged and its parameters
    name only the actor's own cards, public cards or the card the actor named."""
    public = {f"card.{CODES[c]}" for piles in (st.battle, st.speed, st.dist, st.safe_order)
              for pile in piles for c in pile} | {f"card.{CODES[c]}" for c in st.discard}
    for _ in range(3):
        seat = rng.randrange(st.players)
        text = rng.choice(ALL_ACTIONS)
        before = (st.version, [h[:] for h in st.hands], st.draw_pile[:], st.discard[:], st.turn, st.phase,
                  st.pending[:], st.to_act())
        probe = st.clone()
        try:
            probe.apply(seat, GAME.parse_action(text))
        except MahaiError as err:
            mine = {f"card.{CODES[c]}" for c in st.hands[seat]}
            named = {f"card.{w}" for w in text.split()[1:]}
            for value in err.params.values():
                if isinstance(value, str) and value.startswith("card."):
                    assert value in mine | public | named, (text, err.code, value)
            try:
                st.apply(seat, GAME.parse_action(text))
            except MahaiError:
                pass
            else:  # pragma: no cover - the clone refused, the state must too
                raise AssertionError(text) from None
            assert before == (st.version, st.hands, st.draw_pile, st.discard, st.turn, st.phase,
                              st.pending, st.to_act())


def check_events(events: list[Any], players: int) -> None:
    for event in events:
        for viewer in [*range(players), None]:
            seen = GAME.project_event(event, viewer)
            if event.kind in ("deal", "draw") and event.data.get("source", "pile") == "pile":
                owner = event.data["seat"]
                assert seen is not None
                if viewer != owner:
                    assert "card" not in seen and "cards" not in seen, (event, viewer)
                else:
                    assert "card" in seen or "cards" in seen


def check_sheets(st: MilleBornesState) -> None:
    totals = [0] * st.nteams
    for sheet in st.sheets:
        for team, row in enumerate(sheet):
            names = [n for n, _ in row]
            assert len(names) == len(set(names))
            totals[team] += sum(p for _, p in row)
    assert totals == st.totals
    view = GAME.view(st, 0)["scores"]
    for leg in view["legs"]:
        for team in leg["teams"]:
            assert team["total"] == sum(i["points"] for i in team["items"])
    assert list(st.scores()) == [float(totals[st.team_of[s]]) for s in range(st.players)]


def play_legs(edition: str, players: int, legs_wanted: int, seed: int) -> int:
    legs = 0
    game_index = 0
    while legs < legs_wanted:
        variant = VARIANTS[game_index % len(VARIANTS)]
        game_seed = seed * 1000 + game_index
        game_index += 1
        st = GAME.new(GAME.options(edition, **variant), players, game_seed)
        rng = random.Random(game_seed)
        size = st.deck_size()
        assert size in (101, 106)
        steps = 0
        while not st.is_over:
            to_act = st.to_act()
            assert to_act and len(set(to_act)) == len(to_act)
            for seat in to_act:
                assert st.legal_actions(seat), (edition, players, game_seed, seat)
            seat = to_act[rng.randrange(len(to_act))]
            actions = st.legal_actions(seat)
            action = actions[rng.randrange(len(actions))]
            legs_before = st.legs_played
            events = st.apply(seat, action)
            steps += 1
            assert st.card_count() == size
            check_events(events, players)
            if st.legs_played != legs_before:
                check_sheets(st)
                json.dumps(GAME.view(st, seat))  # JSON-ready
                steps = 0
            if steps % LEAK_CHECK_EVERY == 0 and not st.is_over:
                check_no_leak(st, rng)
                check_refusals(st, rng)
            assert steps < MAX_STEPS_PER_LEG, "a leg did not end"
        assert st.winners() and st.legs_played >= 1
        assert st.to_act() == () and all(st.legal_actions(s) == [] for s in range(players))
        legs += st.legs_played
    return legs


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_random_playouts_keep_invariants(edition: str, players: int) -> None:
    played = play_legs(edition, players, LEGS_PER_CONFIG, seed=CONFIGS.index((edition, players)) + 1)
    assert played >= LEGS_PER_CONFIG
