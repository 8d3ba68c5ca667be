"""Unit tests per rule (SPR-1…SPR-13) and the field cases SPC-1, SPC-4, SPC-5."""

from __future__ import annotations

import pytest

from mahai.core import IllegalAction, InvalidOptions, NotYourTurn
from mahai.games.spades import GAME
from mahai.games.spades.cards import FULL_DECK, SPADES, SUIT_MASKS, card_text, parse_card
from mahai.games.spades.state import BID, OVER, PLAY
from tests.spades.util import bidding, cards, playing, snapshot


def play(state, text: str) -> None:  # type: ignore[no-untyped-def]
    state.apply(state.turn, GAME.parse_action(f"play {text}"))


def test_spr1_four_players_partners_opposite_and_two_player_counts() -> None:
    assert GAME.player_counts == (2, 4)
    state = bidding()
    assert state.side_seats(0) == (0, 2) and state.side_seats(1) == (1, 3)
    state.points = [120, -40]
    assert state.scores() == (120.0, -40.0, 120.0, -40.0)
    with pytest.raises(InvalidOptions) as err:
        GAME.new(GAME.options(), 3, 1)
    assert err.value.code == "bad_player_count"


def test_spr2_spr3_deal_13_each_from_52_and_random_first_dealer() -> None:
    dealers = set()
    for seed in range(40):
        state = bidding(seed=seed)
        assert [h.bit_count() for h in state.hands] == [13] * 4
        union = 0
        for h in state.hands:
            assert union & h == 0
            union |= h
        assert union == FULL_DECK
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}


def test_spr4_bidding_starts_left_of_dealer_once_around_0_to_13() -> None:
    state = bidding(GAME.options(blind_nil="off"))
    first = (state.dealer + 1) % 4
    assert state.turn == first
    legal = [a.notation() for a in state.legal_actions(first)]
    assert legal == ["bid nil"] + [f"bid {n}" for n in range(1, 14)]
    order = []
    for bid in (4, 3, 4, 0):  # bids need not increase; nil allowed
        order.append(state.turn)
        state.apply(state.turn, GAME.parse_action(f"bid {bid}"))
    assert order == [(first + i) % 4 for i in range(4)]
    assert state.phase == PLAY
    assert state.bids[first] == 4 and state.bids[(first + 3) % 4] == 0


def test_spr4_bid_out_of_range_is_refused_without_change() -> None:
    state = bidding(GAME.options(blind_nil="off"))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(state.turn, GAME.parse_action("bid 14"))
    assert err.value.code == "bid_out_of_range" and err.value.params["max"] == 13
    assert snapshot(state) == before


def test_spr7_left_of_dealer_leads_and_spades_not_led_until_broken() -> None:
    state = playing({1: "AS KS 2H"}, dealer=0)
    assert state.turn == 1 and state.leader == 1
    legal = {a.notation() for a in state.legal_actions(1)}
    assert "play AS" not in legal and "play 2H" in legal
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        play(state, "AS")
    assert err.value.code == "spades_not_broken"
    assert snapshot(state) == before


def test_spr7_leader_with_only_spades_may_lead_them_and_breaks_spades() -> None:
    spades13 = " ".join(r + "S" for r in "23456789TJQKA")
    state = playing({1: spades13}, dealer=0)
    assert len(state.legal_actions(1)) == 13
    play(state, "2S")
    assert state.broken


def test_spr7_option_any_time_allows_spade_lead() -> None:
    state = playing({1: "AS 2H"}, dealer=0, options=GAME.options(spades_lead="any_time"))
    assert "play AS" in {a.notation() for a in state.legal_actions(1)}


def test_spr7_option_two_of_clubs_holder_leads_it() -> None:
    state = playing({2: "2C 3C AH"}, dealer=0, options=GAME.options(first_lead="two_of_clubs"))
    assert state.turn == 2
    assert [a.notation() for a in state.legal_actions(2)] == ["play 2C"]
    with pytest.raises(IllegalAction) as err:
        play(state, "AH")
    assert err.value.code == "must_lead_two_of_clubs"


def test_spc1_spr8_must_follow_suit_when_able() -> None:
    # SPC-1: hearts led; the player holds 5H and 3S: only 5H is legal.
    state = playing({1: "KH", 2: "5H 3S"}, dealer=0)
    play(state, "KH")
    assert state.turn == 2
    legal = [a.notation() for a in state.legal_actions(2)]
    assert legal == ["play 5H"]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        play(state, "3S")
    assert err.value.code == "must_follow_suit" and err.value.params["suit"] == "hearts"
    assert snapshot(state) == before


def test_spr8_void_player_may_play_any_card_and_becomes_publicly_void() -> None:
    state = playing({1: "KH", 2: "3S 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D"}, dealer=0)
    play(state, "KH")
    assert len(state.legal_actions(2)) == 13
    play(state, "3S")  # trumping breaks spades
    assert state.broken
    assert state.voids[2] == 1 << 2  # void in hearts


def test_spr9_highest_spade_wins_else_highest_of_led_suit_and_winner_leads() -> None:
    state = playing({1: "5H", 2: "AH", 3: "2S 3S 4S 5S 6S 7S 8S 9S TS 2C 3C 4C 5C", 0: "KH"}, dealer=0)
    for c in ("5H", "AH", "2S", "KH"):
        play(state, c)
    assert state.last_winner == 3 and state.tricks_won[3] == 1 and state.turn == 3
    state = playing({1: "5H", 2: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", 3: "9H", 0: "KH"}, dealer=0)
    for c in ("5H", "AD", "9H", "KH"):
        play(state, c)
    assert state.last_winner == 0 and state.turn == 0


def test_out_of_turn_and_card_not_in_hand_refused() -> None:
    state = playing({1: "5H"}, dealer=0)
    other_card = next(c for c in range(52) if not state.hands[1] >> c & 1)
    before = snapshot(state)
    with pytest.raises(NotYourTurn):
        state.apply(2, GAME.parse_action("play " + "5H"))
    with pytest.raises(IllegalAction) as err:
        state.apply(1, GAME.parse_action("play " + card_text(other_card)))
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as err:
        state.apply(1, GAME.parse_action("bid 3"))
    assert err.value.code == "wrong_phase"
    assert snapshot(state) == before


def _finish_hand(state) -> None:  # type: ignore[no-untyped-def]
    hand = state.hand_no
    while state.hand_no == hand and state.phase != OVER:
        seat = state.turn
        state.apply(seat, state.legal_actions(seat)[0])


def test_spc4_dealer_first_bid_and_first_lead_rotate_left_each_hand() -> None:
    state = bidding(GAME.options(blind_nil="off"), seed=11)
    seen = []
    for _ in range(4):
        dealer = state.dealer
        first_bidder = state.turn
        for bid in (3, 3, 3, 3):
            state.apply(state.turn, GAME.parse_action(f"bid {bid}"))
        seen.append((dealer, first_bidder, state.leader))
        _finish_hand(state)
    d0 = seen[0][0]
    assert seen == [((d0 + i) % 4, (d0 + i + 1) % 4, (d0 + i + 1) % 4) for i in range(4)]


def last_trick_state(bids: tuple[int, ...], won: list[int], points: list[int]):  # type: ignore[no-untyped-def]
    """Play phase, 12 tricks done: one club each, seat 0 to lead, seat 2 holds the ace."""
    state = playing(bids=bids, dealer=3)
    state.hands = [cards("2C"), cards("3C"), cards("AC"), cards("4C")]
    state.tricks_won = won
    state.points = points
    return state


def test_spc5_match_ends_on_running_total() -> None:
    # SPC-5: (480, 0) bids 7 and makes 7 → 550: the match is over and that side wins.
    state = last_trick_state((4, 3, 3, 3), [4, 3, 2, 3], [480, 0])
    for c in ("2C", "3C", "AC", "4C"):
        play(state, c)
    side0 = state.history[-1]["sides"][0]
    assert (side0["contract"], side0["counted"], side0["points"]) == (7, 7, 70)
    assert state.points == [550, 60]
    assert state.phase == OVER and state.winners() == frozenset({0, 2})
    assert state.to_act() == () and state.legal_actions(0) == []


def test_spc5_below_target_the_match_goes_on_with_the_next_dealer() -> None:
    state = last_trick_state((4, 3, 3, 3), [4, 3, 2, 3], [400, 0])
    for c in ("2C", "3C", "AC", "4C"):
        play(state, c)
    assert state.points == [470, 60] and state.phase == BID and state.hand_no == 2
    assert state.dealer == 0 and state.winners() == frozenset()


def test_spr13_exact_tie_at_the_target_deals_another_hand() -> None:
    state = last_trick_state((4, 3, 3, 3), [4, 3, 2, 3], [430, 440])
    for c in ("2C", "3C", "AC", "4C"):
        play(state, c)
    assert state.points == [500, 500]
    assert state.phase == BID and state.hand_no == 2 and not state.is_over


def test_spr13_tie_at_target_plays_another_hand() -> None:
    state = bidding()
    state.points = [520, 520]
    assert not state._match_decided()
    state.points = [520, 510]
    assert state._match_decided() and state.winner_sides == (0,)
    state.points = [490, 505]
    undecided: tuple[int, ...] = ()
    state.winner_sides = undecided
    assert state._match_decided() and state.winner_sides == (1,)
    state.points = [490, 495]
    assert not bidding()._match_decided()


def test_loss_floor_and_single_hand_options() -> None:
    state = bidding(GAME.options(loss_floor="-200"))
    state.points = [-210, 40]
    assert state._match_decided() and state.winner_sides == (1,)
    state = bidding(GAME.options("openspiel"))
    state.points = [30, 20]
    assert state._match_decided() and state.winner_sides == (0,)


def test_spr2_suits_partition_the_deck_and_ace_is_high() -> None:
    union = 0
    for m in SUIT_MASKS:
        m &= FULL_DECK  # the spade mask also holds the jokers (SPR-14), never in a standard deck
        assert m.bit_count() == 13 and union & m == 0
        union |= m
    assert union == FULL_DECK
    assert SUIT_MASKS[SPADES] & ~FULL_DECK == 3 << 52
    assert parse_card("AS") // 13 == SPADES and parse_card("AS") > parse_card("KS") > parse_card("2S")
