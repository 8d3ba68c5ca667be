"""Hidden information: the coup-fourré window never tells others who holds a safety (MBR-10),
views and events show each viewer only its own hand."""

from __future__ import annotations

import json

import pytest

from mahai.core import NotYourTurn
from mahai.core.game import apply_notation
from mahai.games.mille_bornes import GAME, MilleBornesState
from mahai.games.mille_bornes.cards import CARD_OF
from tests.mille_bornes.helpers import make, put, set_hand, turn


def public_trace(st: MilleBornesState, viewers: list[int | None]) -> list[str]:
    return [json.dumps(GAME.view(st, v), sort_keys=True) for v in viewers] + [repr(st.to_act())]


def _attacked(edition: str, players: int, holds: bool) -> tuple[MilleBornesState, int]:
    """Seat 0 plays a stop on team 1; the attacked seat holds right of way or not (else identical)."""
    st = make(edition, players, seed=21)
    attacked = st.teams[1][-1]
    put(st, 1, "roll")
    set_hand(st, 0, "stop", "25", "25", "25", "25", "25")
    set_hand(st, attacked, "50", "50", "50", "50", "50", "75")
    row = CARD_OF["right_of_way"]
    if holds:  # swap the right of way (from wherever it is) with the 75 — hidden either way
        for pile in (st.draw_pile, *[st.hands[s] for s in range(players) if s != attacked]):
            if row in pile:
                pile[pile.index(row)] = CARD_OF["75"]
                break
        st.hands[attacked][-1] = row
    else:
        assert row not in st.hands[attacked]
    turn(st, 0)
    return st, attacked


@pytest.mark.parametrize("edition,players", [("eu", 3), ("eu", 4), ("classic", 6), ("2016", 5), ("bsd", 2)])
def test_window_looks_the_same_whether_or_not_the_safety_is_held(edition: str, players: int) -> None:
    with_safety, attacked = _attacked(edition, players, True)
    without, _ = _attacked(edition, players, False)
    others: list[int | None] = [s for s in range(players) if s != attacked]
    others.append(None)
    steps = ["hazard stop 1"]
    for st in (with_safety, without):
        for text in steps:
            st.apply(0, GAME.parse_action(text))
    assert with_safety.to_act() == without.to_act()
    assert attacked in with_safety.to_act()
    assert public_trace(with_safety, others) == public_trace(without, others)
    assert GAME.view(with_safety, attacked)["window"] == GAME.view(without, attacked)["window"]
    # every other pending seat answers "decline" in both worlds; the trace stays the same
    for st in (with_safety, without):
        for seat in list(st.pending):
            if seat != attacked:
                apply_notation(GAME, st, seat, "decline")
    assert public_trace(with_safety, others) == public_trace(without, others)
    # the holder sees the choice, the non-holder does not; both may decline
    holder = {a.notation() for a in with_safety.legal_actions(attacked)}
    non_holder = {a.notation() for a in without.legal_actions(attacked)}
    if attacked != with_safety.turn:
        assert holder == {"decline", "coup_fourre right_of_way"} and non_holder == {"decline"}
        events = [apply_notation(GAME, st, attacked, "decline") for st in (with_safety, without)]
        assert [GAME.project_event(e, v) for e in events[0] for v in others] == [
            GAME.project_event(e, v) for e in events[1] for v in others]
        assert public_trace(with_safety, others) == public_trace(without, others)


def test_draw_and_deal_events_are_private() -> None:
    st = make("eu", 3, seed=4)
    seat = st.turn
    (event,) = apply_notation(GAME, st, seat, "draw")
    mine = GAME.project_event(event, seat)
    assert mine is not None and mine["card"] == st.hand_codes(seat)[-1]
    for viewer in (st.next_seat(seat), None):
        theirs = GAME.project_event(event, viewer)
        assert theirs == {"kind": "draw", "seat": seat, "source": "pile", "why": "turn"}
    deals = [e for e in make("eu", 3, seed=4).start_events if e.kind == "deal"]
    assert len(deals) == 3
    for e in deals:
        for viewer in range(3):
            seen = GAME.project_event(e, viewer)
            assert seen is not None and (("cards" in seen) == (viewer == e.data["seat"]))


def test_views_show_only_own_hand_and_counts() -> None:
    st = make("eu", 4, seed=6)
    for viewer in range(4):
        view = GAME.view(st, viewer)
        assert view["hand"] == st.hand_codes(viewer)
        assert view["hand_sizes"] == [6, 6, 6, 6] and view["draw_pile"] == len(st.draw_pile)
        assert "draw_pile_cards" not in view and "hands" not in view and "seed" not in json.dumps(view)
    assert GAME.view(st, None)["hand"] is None


def test_others_cannot_act_in_the_window_and_are_told_only_not_your_turn() -> None:
    st, attacked = _attacked("eu", 3, True)
    apply_notation(GAME, st, 0, "hazard stop 1")
    outsider = next(s for s in range(3) if s not in st.to_act())
    with pytest.raises(NotYourTurn):
        apply_notation(GAME, st, outsider, "decline")
