"""Two players (rules file, "Two players"): the stock deal, individual bids,
non-dealer leads, 13 two-card tricks, per-player scoring."""

from __future__ import annotations

import json
import random

import pytest

from mahai.core import IllegalAction
from mahai.games.spades import GAME
from mahai.games.spades.cards import FULL_DECK, card_text, texts
from mahai.games.spades.state import BID, DRAW, OVER, PLAY
from tests.spades.util import snapshot


def test_stock_deal_keep_or_discard_alternating_from_the_non_dealer() -> None:
    state = GAME.new(GAME.options("two_player"), 2, seed=4)
    non_dealer = 1 - state.dealer
    assert state.phase == DRAW and state.turn == non_dealer
    assert [a.notation() for a in state.legal_actions(non_dealer)] == ["keep", "discard"]
    rng = random.Random(1)
    order = []
    while state.phase == DRAW:
        seat = state.turn
        order.append(seat)
        top, nxt = state.stock[state.stock_pos], state.stock[state.stock_pos + 1]
        assert GAME.view(state, seat)["stock"]["shown"] == card_text(top)
        assert GAME.view(state, 1 - seat)["stock"]["shown"] is None
        keep = rng.random() < 0.5
        hand_before, seen_before = state.hands[seat], state.seen[seat]
        events = state.apply(seat, GAME.parse_action("keep" if keep else "discard"))
        kept, dropped = (top, nxt) if keep else (nxt, top)
        assert state.hands[seat] == hand_before | 1 << kept
        assert state.seen[seat] == seen_before | 1 << dropped
        draw = next(e for e in events if e.kind == "draw")
        assert GAME.project_event(draw, 1 - seat) == {"kind": "draw", "seat": seat,
                                                      "choice": "keep" if keep else "discard"}
        assert (GAME.project_event(draw, seat) or {}).get("discarded") == card_text(dropped)
    assert order == [non_dealer, 1 - non_dealer] * 13
    assert [h.bit_count() for h in state.hands] == [13, 13]
    assert [m.bit_count() for m in state.seen] == [13, 13]
    assert state.hands[0] | state.hands[1] | state.seen[0] | state.seen[1] == FULL_DECK
    # each discard is known only to the player who saw it
    for seat in (0, 1):
        view = json.dumps(GAME.view(state, seat))
        assert all(f'"{t}"' not in view for t in texts(state.seen[1 - seat]))
        assert set(GAME.view(state, seat)["stock"]["seen_discards"]) == set(texts(state.seen[seat]))
    assert state.phase == BID and state.turn == non_dealer


def test_bids_individual_no_blind_nil_non_dealer_leads_two_card_tricks() -> None:
    state = GAME.new(GAME.options("two_player"), 2, seed=9)
    while state.phase == DRAW:
        state.apply(state.turn, GAME.parse_action("keep"))
    non_dealer = 1 - state.dealer
    assert "bid blind_nil" not in [a.notation() for a in state.legal_actions(non_dealer)]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(non_dealer, GAME.parse_action("bid blind_nil"))
    assert err.value.code == "blind_nil_off"
    assert snapshot(state) == before
    state.apply(non_dealer, GAME.parse_action("bid 5"))
    state.apply(1 - non_dealer, GAME.parse_action("bid nil"))
    assert state.phase == PLAY and state.turn == non_dealer
    tricks = 0
    while state.phase == PLAY and state.hand_no == 1:
        state.apply(state.turn, state.legal_actions(state.turn)[0])
        if len(state.trick) == 0:
            tricks += 1
    assert tricks == 13
    entry = state.history[0]
    assert sum(entry["tricks"]) == 13
    s_nd = entry["sides"][non_dealer % 2]
    assert state.phase != OVER  # nobody reaches 500 in one hand
    assert s_nd["contract"] == 5 and s_nd["total"] == state.points[non_dealer]
    s_d = entry["sides"][(1 - non_dealer) % 2]
    assert s_d["nil_points"] == (100 if entry["tricks"][1 - non_dealer] == 0 else -100)
    assert state.scores() == (float(state.points[0]), float(state.points[1]))


def test_two_player_target_option_300() -> None:
    state = GAME.new(GAME.options("two_player", target="300"), 2, seed=1)
    state.points = [310, 120]
    assert state._match_decided() and state.winners() == frozenset({0})
