"""Blind nil (SPR-6): decided before seeing the hand, the exchange, both partners
blind, the deficit option, and errors."""

from __future__ import annotations

import json
import re

import pytest

from mahai.core import Event, IllegalAction
from mahai.games.spades import GAME, Pass, SpadesState
from mahai.games.spades.state import EXCHANGE, PLAY
from tests.spades.util import bidding, snapshot

CARD = re.compile(r'"[2-9TJQKA][CDHS]"')


def act(state: SpadesState, text: str) -> list[Event]:
    return state.apply(state.turn, GAME.parse_action(text))


def test_undecided_seat_sees_no_cards_and_must_decide_first() -> None:
    state = bidding(seed=3)
    first = state.turn
    assert [a.notation() for a in state.legal_actions(first)] == ["bid blind_nil", "look"]
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["hand"] is None and not CARD.search(json.dumps(view))
        assert view["blind_nil_decision"] is True  # still open for every seat
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, "bid 3")
    assert err.value.code == "look_first"
    assert snapshot(state) == before


def test_look_then_blind_nil_is_refused_state_unchanged() -> None:
    state = bidding(seed=3)
    first = state.turn
    events = act(state, "look")
    assert GAME.view(state, first)["hand"] is not None and len(GAME.view(state, first)["hand"]) == 13
    # the cards reach only that seat
    hand_events = [e for e in events if e.kind == "hand"]
    assert hand_events and all(GAME.project_event(e, (first + 1) % 4) == {"kind": "hand", "seat": first,
                                                                           "count": 13} for e in hand_events)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, "bid blind_nil")
    assert err.value.code == "blind_nil_after_looking"
    with pytest.raises(IllegalAction) as err:
        act(state, "look")
    assert err.value.code == "already_looked"
    assert snapshot(state) == before


def bid_round(state, texts: list[str]) -> dict[int, str]:  # type: ignore[no-untyped-def]
    """Bid for each seat in turn; ``"blind"`` bids blind nil, otherwise look then bid."""
    seats = {}
    for text in texts:
        seat = state.turn
        seats[seat] = text
        if text == "blind":
            act(state, "bid blind_nil")
        else:
            if not state.looked[seat]:
                act(state, "look")
            act(state, text)
    return seats


def test_exchange_blind_bidder_passes_first_then_partner_passes_back() -> None:
    state = bidding(seed=5)
    first = state.turn
    bid_round(state, ["blind", "bid 3", "bid 4", "bid 2"])
    partner = (first + 2) % 4
    assert state.phase == EXCHANGE and state.turn == first
    assert state.exchange == [(first, partner), (partner, first)]
    assert len(state.legal_actions(first)) == 286  # C(13, 3)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, "pass " + " ".join(GAME.view(state, first)["hand"][:2]))
    assert err.value.code == "wrong_exchange_count" and err.value.params["count"] == 3
    stranger = next(c for c in GAME.view(state, partner)["hand"])
    with pytest.raises(IllegalAction) as err:
        act(state, f"pass {stranger} " + " ".join(GAME.view(state, first)["hand"][:2]))
    assert err.value.code == "card_not_in_hand"
    assert snapshot(state) == before
    give = GAME.view(state, first)["hand"][-3:]
    events = act(state, "pass " + " ".join(give))
    (ev,) = [e for e in events if e.kind == "pass"]
    hidden = {"kind": "pass", "seat": first, "to": partner, "count": 3}
    assert GAME.project_event(ev, (first + 1) % 4) == hidden
    assert set((GAME.project_event(ev, partner) or {}).get("cards", ())) == set(give)
    assert state.turn == partner and len(GAME.view(state, partner)["hand"]) == 16
    back = GAME.view(state, partner)["hand"][:3]
    act(state, "pass " + " ".join(back))
    assert state.phase == PLAY
    assert [h.bit_count() for h in state.hands] == [13] * 4
    v_first, v_partner = GAME.view(state, first), GAME.view(state, partner)
    assert set(v_first["exchange"]["passed"]) == set(give)
    assert set(v_first["exchange"]["received"]) == set(back)
    assert set(v_partner["exchange"]["received"]) == set(give)
    assert GAME.view(state, (first + 1) % 4)["exchange"]["passed"] == ()


@pytest.mark.parametrize("count", [2, 0])
def test_exchange_count_option(count: int) -> None:
    state = bidding(GAME.options(blind_nil_exchange=str(count)), seed=5)
    bid_round(state, ["blind", "bid 3", "bid 4", "bid 2"])
    if count == 0:
        assert state.phase == PLAY
    else:
        assert state.phase == EXCHANGE and all(isinstance(a, Pass) and len(a.cards) == 2
                                                  for a in state.legal_actions(state.turn))


def test_both_partners_blind_nil_no_exchange() -> None:
    state = bidding(seed=8)
    bid_round(state, ["blind", "bid 3", "blind", "bid 2"])
    assert state.phase == PLAY and state.exchange == []
    assert sum(state.blind) == 2


def test_deficit_option_limits_blind_nil_to_the_side_behind_by_100() -> None:
    opts = GAME.options(blind_nil_min_deficit="100")
    state = bidding(opts, seed=2)
    # at 0-0 nobody may bid blind nil: every seat sees its cards at once
    assert all(state.looked) and all(GAME.view(state, s)["hand"] for s in range(4))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, "bid blind_nil")
    assert err.value.code == "blind_nil_not_allowed" and err.value.params["deficit"] == 100
    assert snapshot(state) == before
    # behind by 100: that side's seats get the decision at the next deal
    state.points = [0, 100]
    state._deal([])
    assert [state.looked[s] for s in range(4)] == [False, True, False, True]


def test_spc6_no_deficit_means_always_even_for_the_side_ahead() -> None:
    """SPC-6: with ``blind_nil_min_deficit`` 0 ("always") the side ahead may bid blind nil too."""
    state = bidding(seed=2)
    state.points = [120, 40]
    state._deal([])
    assert not any(state.looked)  # both sides decide first, the side ahead included
    for seat in range(4):
        assert state.blind_nil_allowed(seat)
        assert GAME.view(state, seat)["hand"] is None
    while state.turn % 2 != 0:  # a seat of the side ahead
        act(state, "look")
        act(state, "bid 3")
    seat = state.turn
    assert [a.notation() for a in state.legal_actions(seat)] == ["bid blind_nil", "look"]
    act(state, "bid blind_nil")
    assert state.blind[seat] and state.bids[seat] == 0
    # the same scores with a deficit of 100: nobody ahead or level gets the decision
    state = bidding(GAME.options(blind_nil_min_deficit="100"), seed=2)
    state.points = [120, 40]
    state._deal([])
    assert all(state.looked)
    state.points = [40, 140]
    state._deal([])
    assert [state.looked[s] for s in range(4)] == [False, True, False, True]


def test_blind_nil_off_and_two_players() -> None:
    for state in (bidding(GAME.options(blind_nil="off")), bidding(players=2)):
        assert all(state.looked)
        with pytest.raises(IllegalAction) as err:
            state.verify(state.turn, GAME.parse_action("bid blind_nil"))
        assert err.value.code in ("blind_nil_off", "wrong_phase")
    state = bidding(GAME.options(blind_nil="off"))
    with pytest.raises(IllegalAction) as err:
        act(state, "bid blind_nil")
    assert err.value.code == "blind_nil_off"
