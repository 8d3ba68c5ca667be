"""Seeded random playouts (all modes, 1–8 players): cards conserved, a seat that must act
always has a legal action, games end, and no message ever shows a hidden date."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from mahai.bots import RandomBot, make_bot
from mahai.core import GameRecord, MahaiError
from mahai.games.denborazup import (
    DECK_PATH,
    GAME,
    DenboraZupAction,
    DenboraZupGame,
    DenboraZupState,
    load_deck,
)
from tests.denborazup.helpers import assert_no_dates, csv_text, mini_game, synthetic_rows

BIG = DenboraZupGame(load_deck(csv_text(synthetic_rows(120, seed=3))))
MINI = mini_game()
KINDS: set[str] = set()  # event kinds that went through the leak checks
CONFIGS = [("multi", n) for n in range(2, 9)] + [("long", n) for n in range(2, 9)] + [("solo", 1)]


def forbidden(state: DenboraZupState) -> set[str]:
    return state.hidden_cards()


def check_view(game: DenboraZupGame, state: DenboraZupState, viewer: int | None, hidden: set[str]) -> None:
    view = game.view(state, viewer)
    assert_no_dates(view, hidden, f"view {viewer}")
    for card in view["hand"] or []:
        assert set(card) == {"id", "title"}
    if view["tiebreak"] and view["tiebreak"]["options"]:
        for card in view["tiebreak"]["options"]:
            assert set(card) == {"id", "title"}
    if viewer is not None and view["hand"] is not None:
        # a viewer sees its own hand only: no other seat's card ids (beyond earlier reveals)
        others = {c for s, h in enumerate(state.hands) if s != viewer for c in h} | set(state.deck)
        text = repr({k: v for k, v in view.items() if k != "last_reveal"})
        assert not [c for c in others if f"'{c}'" in text]


def play(game: DenboraZupGame, mode: str, players: int, seed: int, bots: str, leaks: bool) -> DenboraZupState:
    state = game.new(game.options(mode=mode), players, seed)
    rng = random.Random(seed)
    seats: dict[int, Any] = {}
    for s in range(players):
        # random players hoard cards in the long timeline (thousands of legal slots): bots only there
        pool = ["easy", "medium", "expert"] + (["random"] if mode != "long" else [])
        name = bots if bots != "mix" else rng.choice(pool)
        seats[s] = RandomBot(random.Random(seed * 31 + s)) if name == "random" else \
            make_bot("denborazup", name, random.Random(seed * 31 + s))
    all_ids = sorted(e.id for e in game.deck)
    if leaks:
        KINDS.update(e.kind for e in state.start_events)
        for viewer in [None, *range(players)]:
            for event in state.start_events:
                assert_no_dates(game.project_event(event, viewer), forbidden(state), f"start {event.kind}")
    for _step in range(20_000):
        if state.is_over:
            break
        to_act = state.to_act()
        assert to_act
        for seat in to_act:
            assert state.legal_actions(seat), (state.phase, seat)
        seat = to_act[rng.randrange(len(to_act))] if rng.random() < 0.5 else to_act[0]
        legal = state.legal_actions(seat)
        action = seats[seat].act(game, seat, game.observe(state, seat), legal)
        assert action in legal
        hidden_before = forbidden(state)
        decided = {d.card for d in state.decisions.values() if hasattr(d, "card")}
        decided |= set(state.tie_choices.values())
        if getattr(action, "card", None):
            decided.add(action.card)
        events = state.apply(seat, action)
        assert sorted(state.all_cards()) == all_ids
        assert all(len(h) >= 0 for h in state.hands)
        if leaks:
            hidden = (hidden_before & forbidden(state)) - decided
            KINDS.update(e.kind for e in events)
            for viewer in [None, *range(players)]:
                for event in events:
                    assert_no_dates(game.project_event(event, viewer), hidden, f"event {event.kind}")
                    assert_no_dates(event.redacted, hidden, "redacted")
            for viewer in [None, *range(players)]:
                check_view(game, state, viewer, forbidden(state))
            # errors: try a card of another hand and of the deck
            if state.phase == "decide" and seat in state.to_act():
                for card in [*state.deck[:1], *(h[0] for s, h in enumerate(state.hands) if s != seat and h)]:
                    try:
                        state.apply(seat, game.parse_action(f"place {card}"))
                    except MahaiError as err:
                        assert_no_dates(err.to_json(), set(), "error")
                        assert set(err.params) <= {"card", "slot", "last", "coin", "cards", "phase", "seat"}
    assert state.is_over, (mode, players, seed)
    assert state.winners() and state.to_act() == ()
    if mode == "solo":
        assert state.rating() is not None and state.used[0] >= 4
    else:
        assert all(len(state.hands[w]) == 0 for w in state.winners())
    return state


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_playouts_with_bots_and_leak_checks(mode: str, players: int) -> None:
    for seed in range(2 if mode == "long" else 3):
        play(BIG, mode, players, seed, "mix", leaks=True)
    play(MINI, mode, players, 99, "mix", leaks=True)


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_many_playouts_invariants(mode: str, players: int) -> None:
    for seed in range(100, 108 if mode == "long" else 120):
        bots = "mix" if mode != "solo" else "medium"
        play(BIG if seed % 2 else MINI, mode, players, seed, bots, leaks=False)


def test_random_bots_finish_every_mode() -> None:
    for mode, players in (("multi", 3), ("long", 5), ("solo", 1)):
        for seed in range(3):
            play(MINI, mode, players, seed, "random", leaks=False)


real = pytest.mark.skipif(not DECK_PATH.exists(), reason="data/events.csv is not there yet")


@real
@pytest.mark.parametrize(("mode", "players"), [("multi", 4), ("multi", 8), ("long", 3), ("solo", 1)])
def test_real_deck_playouts_leak_nothing(mode: str, players: int) -> None:
    for seed in range(2):
        # the long timeline of the full deck gets dense: experts keep those games short
        play(GAME, mode, players, seed, "expert" if mode == "long" else "mix", leaks=True)


@pytest.mark.parametrize(("mode", "players"), [("multi", 3), ("long", 2), ("solo", 1)])
def test_records_replay_to_the_same_game(mode: str, players: int) -> None:
    game = MINI
    options = game.options(mode=mode)
    state = game.new(options, players, 21)
    record = GameRecord.start(game, options, players, 21)
    bots = {s: make_bot("denborazup", "medium", random.Random(s)) for s in range(players)}
    while not state.is_over:
        seat = state.to_act()[0]
        action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
        record.actions.append((seat, action.notation()))
        state.apply(seat, cast(DenboraZupAction, action))
    again = GameRecord.from_json(record.to_json()).final_state(game)
    assert isinstance(again, DenboraZupState)
    assert again.winners() == state.winners() and again.hands == state.hands
    assert game.view(again, 0) == game.view(state, 0)


ALL_KINDS = {"flip", "decided", "reveal", "draw", "reshuffle", "all_passed", "voted", "vote_result",
             "new_reference", "star", "catch", "waive", "missed_call", "game_over", "tiebreak_draw",
             "tiebreak", "chosen", "tiebreak_reveal", "draw_skipped"}


def test_every_event_kind_is_leak_checked() -> None:
    """Playouts until every kind of event has gone through the leak checks (a rigged tie-break
    and an exhausted deck supply the rare ones)."""
    from tests.denborazup.helpers import rig
    from tests.denborazup.test_rules import ELCANO, GERNIKA, POMPEY, act, flip_to

    for seed in range(40):
        if ALL_KINDS - {"tiebreak_draw", "tiebreak", "chosen", "tiebreak_reveal", "draw_skipped"} <= KINDS:
            break
        play(MINI, "multi", 2 + seed % 7, 500 + seed, "mix", leaks=True)
    state = MINI.new(MINI.options(), 3, 1)
    rig(state, hands=[[ELCANO], [POMPEY], [GERNIKA]], timeline=[GERNIKA])
    state.hands[2] = [state.deck.pop()]
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {POMPEY}")
    state.deck, state.discard = state.deck[:3], []  # the rest leaves the game: draws run dry
    events = list(act(state, 2, "pass"))
    while not state.is_over:
        seat = state.to_act()[0]
        hidden = state.hidden_cards() - set(state.tie_options.get(seat, []))
        action = state.legal_actions(seat)[0]
        new = state.apply(seat, action)
        for event in new:
            for viewer in [None, 0, 1, 2]:
                assert_no_dates(MINI.project_event(event, viewer), hidden & state.hidden_cards(), event.kind)
        events += new
    # a vote that replaces the reference at an empty deck and discard pile: draw_skipped
    state = MINI.new(MINI.options(), 3, 2)
    state.deck, state.discard = [], []
    flip_to(state, "up")
    for seat in range(3):
        act(state, seat, "pass")
    for seat in range(3):
        new = act(state, seat, "vote yes")
        for event in new:
            for viewer in [None, 0, 1, 2]:
                assert_no_dates(MINI.project_event(event, viewer), state.hidden_cards(), event.kind)
        events += new
    KINDS.update(e.kind for e in events)
    assert ALL_KINDS <= KINDS, ALL_KINDS - KINDS
