"""Unit tests per rule (MBR-1 … MBR-24) of shared/rules/mille-bornes.md."""

from __future__ import annotations

import dataclasses

import pytest

from mahai.core import IllegalAction
from mahai.games.mille_bornes import EDITIONS, GAME, teams_for
from mahai.games.mille_bornes.state import PLAY
from tests.mille_bornes.helpers import do, legal, make, put, set_hand, turn


def code_of(st: object, seat: int, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, GAME.parse_action(text))  # type: ignore[attr-defined]
    return err.value.code


# ---------------------------------------------------------------- MBR-1 teams
def test_mbr1_teams_by_player_count() -> None:
    eu = GAME.options("eu")
    assert teams_for(eu, 2) == ((0,), (1,))
    assert teams_for(eu, 3) == ((0,), (1,), (2,))
    assert teams_for(eu, 4) == ((0, 2), (1, 3))  # partners opposite
    assert teams_for(eu, 6) == ((0, 3), (1, 4), (2, 5))  # three teams, alternate seats
    assert teams_for(GAME.options("2016"), 5) == ((0, 3), (1, 4), (2,))
    assert teams_for(GAME.options("2016", team_play=False), 4) == ((0,), (1,), (2,), (3,))


def test_mbr1_partners_share_a_tableau_but_not_hands() -> None:
    st = make("eu", 4, seed=3)
    put(st, 0, "roll")
    set_hand(st, 2, "100", "50", "stop", "stop", "25", "25")
    turn(st, 2)
    do(st, 2, "play 100")
    assert st.km[0] == 100 and GAME.view(st, 0)["tableaux"][0]["km"] == 100
    assert GAME.view(st, 0)["hand"] != GAME.view(st, 2)["hand"]
    # the partner may play distance on the shared roll
    turn(st, 0)
    set_hand(st, 0, "75", "25", "25", "25", "25", "25")
    assert "play 75" in legal(st, 0)


# ---------------------------------------------------------------- MBR-2 deck
@pytest.mark.parametrize("edition,players,size", [
    ("eu", 2, 101), ("eu", 3, 101), ("eu", 4, 106), ("eu", 6, 106),
    ("classic", 2, 106), ("classic", 3, 101), ("2016", 2, 106), ("2016", 3, 106), ("2016", 5, 106),
])
def test_mbr2_deck_size(edition: str, players: int, size: int) -> None:
    st = make(edition, players, seed=1)
    assert st.card_count() == size == st.deck_size()
    counts = [0] * 19
    for pile in (st.draw_pile, *st.hands):
        for c in pile:
            counts[c] += 1
    assert counts[5:10] == ([4, 3, 2, 2, 2] if size == 101 else [5, 4, 3, 3, 3])


def test_mbr2_classic_two_players_with_trip_by_players() -> None:
    st = make("classic", 2, trip_by_players=True)
    assert st.card_count() == 101 and st.target == 700


# ---------------------------------------------------------------- MBR-3 deal, order
def test_mbr3_deal_six_each_and_direction() -> None:
    st = make("eu", 4, seed=2)
    assert [len(h) for h in st.hands] == [6, 6, 6, 6]
    assert st.turn == 0 and st.to_act() == (0,)
    assert st.next_seat(0) == 3  # eu: play passes to the right
    classic = make("classic", 4, seed=2)
    assert classic.turn == 0 and classic.next_seat(0) == 1  # classic: to the left
    # the dealer is the seat before the starter
    assert st.next_seat(st.dealer) == 0


# ---------------------------------------------------------------- MBR-4 turn
def test_mbr4_draw_then_play_and_dead_discards() -> None:
    st = make("eu", 3, seed=4)
    assert code_of(st, 0, "discard " + st.hand_codes(0)[0]) == "must_draw_first"
    assert legal(st, 0) == {"draw"}
    do(st, 0, "draw")
    assert len(st.hands[0]) == 7
    assert code_of(st, 0, "draw") == "already_drawn"
    card = st.hand_codes(0)[0]
    do(st, 0, f"discard {card}")
    assert st.discard[-1] == st.discard[0]
    assert code_of(st, st.turn, "draw discard") == "draw_from_discard_off"


# ---------------------------------------------------------------- MBR-5 roll
def test_mbr5_distance_needs_roll_or_right_of_way() -> None:
    st = make("eu", 3)
    set_hand(st, 0, "100", "roll", "25", "25", "50", "50")
    turn(st, 0)
    assert code_of(st, 0, "play 100") == "need_roll"
    put(st, 0, "right_of_way")
    assert "play 100" in legal(st, 0)
    assert code_of(st, 0, "play roll") == "right_of_way_shown"


# ---------------------------------------------------------------- MBR-6 hazards
def test_mbr6_hazard_only_on_rolling_opponent() -> None:
    st = make("eu", 3)
    set_hand(st, 0, "stop", "accident", "25", "25", "50", "50")
    turn(st, 0)
    assert code_of(st, 0, "hazard stop 1") == "not_rolling"
    assert code_of(st, 0, "hazard stop 0") == "own_team"
    assert code_of(st, 0, "hazard stop 7") == "no_such_team"
    put(st, 1, "roll")
    assert {"hazard stop 1", "hazard accident 1"} <= legal(st, 0)
    assert "hazard stop 2" not in legal(st, 0)


def test_mbr6_right_of_way_team_with_no_battle_pile_can_be_attacked() -> None:
    st = make("eu", 3)
    put(st, 1, "right_of_way")
    set_hand(st, 0, "out_of_gas", "stop", "25", "25", "50", "50")
    turn(st, 0)
    assert "hazard out_of_gas 1" in legal(st, 0)
    assert code_of(st, 0, "hazard stop 1") == "protected_by_safety"


# ---------------------------------------------------------------- MBR-7 speed limit
def test_mbr7_speed_limit_any_time_but_not_twice() -> None:
    st = make("eu", 3)
    set_hand(st, 0, "speed_limit", "speed_limit", "25", "25", "50", "50")
    turn(st, 0)
    assert "hazard speed_limit 1" in legal(st, 0)  # before they start
    put(st, 1, "roll", "stop")
    assert "hazard speed_limit 1" in legal(st, 0)  # even with a hazard on the battle pile
    do(st, 0, "hazard speed_limit 1")
    turn(st, 0)
    assert code_of(st, 0, "hazard speed_limit 1") == "speed_limit_in_force"
    put(st, 2, "right_of_way")
    assert code_of(st, 0, "hazard speed_limit 2") == "protected_by_safety"


def test_mbr7_only_25_and_50_under_limit_and_end_of_limit_lifts_it() -> None:
    st = make("eu", 3)
    put(st, 0, "roll", "speed_limit")
    set_hand(st, 0, "25", "50", "75", "100", "end_of_limit", "200")
    turn(st, 0)
    assert code_of(st, 0, "play 75") == "limit_only_25_50"
    assert {"play 25", "play 50", "remedy end_of_limit"} <= legal(st, 0)
    assert not {"play 75", "play 100", "play 200"} & legal(st, 0)
    do(st, 0, "remedy end_of_limit")
    turn(st, 0)
    assert {"play 75", "play 100", "play 200"} <= legal(st, 0)
    assert code_of(st, 0, "discard end_of_limit") == "card_not_in_hand"


# ---------------------------------------------------------------- MBR-8 remedies
def test_mbr8_remedy_then_roll_again_and_roll_answers_stop() -> None:
    st = make("eu", 3)
    put(st, 0, "roll", "stop")
    set_hand(st, 0, "roll", "gasoline", "100", "25", "25", "25")
    turn(st, 0)
    assert code_of(st, 0, "remedy gasoline") == "wrong_remedy"
    assert code_of(st, 0, "play 100") == "need_remedy"
    do(st, 0, "play roll")  # roll answers stop
    turn(st, 0)
    assert "play 100" in legal(st, 0)


def test_mbr8_wrong_remedy_named() -> None:
    st = make("eu", 3)
    put(st, 0, "roll", "flat_tire")
    set_hand(st, 0, "gasoline", "spare_tire", "roll", "25", "25", "25")
    turn(st, 0)
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.parse_action("remedy gasoline"))
    assert err.value.code == "wrong_remedy" and err.value.params["hazard"] == "card.flat_tire"
    assert code_of(st, 0, "play roll") == "need_remedy"


# ---------------------------------------------------------------- MBR-9 safeties
def test_mbr9_safety_cancels_hazard_protects_and_still_needs_roll() -> None:
    st = make("eu", 3)
    put(st, 0, "roll", "accident")
    set_hand(st, 0, "driving_ace", "100", "roll", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "safety driving_ace")
    assert st.turn == 0 and st.phase == 0  # MBR-9: draw again, play again
    do(st, 0, "draw")
    assert code_of(st, 0, "play 100") == "need_roll"  # a safety is not a roll
    assert "play roll" in legal(st, 0)
    set_hand(st, 1, "accident", "25", "25", "25", "50", "50")
    put(st, 0, "roll")
    turn(st, 1)
    assert code_of(st, 1, "hazard accident 0") == "protected_by_safety"


def test_mbr9_right_of_way_cancels_stop_and_limit_and_rolls() -> None:
    st = make("eu", 3)
    put(st, 0, "roll", "stop", "speed_limit")
    set_hand(st, 0, "right_of_way", "100", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "safety right_of_way")
    do(st, 0, "draw")
    assert "play 100" in legal(st, 0)
    assert not st.speed_limited(0)


# ---------------------------------------------------------------- MBR-11 distance
def test_mbr11_exact_target_and_two_200s() -> None:
    st = make("eu", 4)
    put(st, 0, "roll", "200", "200", "100", "100", "100", "100", "75")
    assert st.km[0] == 875
    set_hand(st, 0, "200", "100", "50", "25", "75", "75")
    turn(st, 0)
    assert code_of(st, 0, "play 200") == "too_many_200"
    st.n200[0] = 0
    assert code_of(st, 0, "play 200") == "over_target"
    st.n200[0] = 2
    lg = legal(st, 0)
    assert {"play 100", "play 50", "play 25", "play 75"} <= lg and "play 200" not in lg


# ---------------------------------------------------------------- MBR-13 end of leg
def test_mbr13_play_out_without_drawing_and_skip_empty_hands() -> None:
    st = make("eu", 3, seed=5)
    # move the whole draw pile to the discard pile: the pile has run out
    st.discard.extend(st.draw_pile)
    st.draw_pile.clear()
    st.hands[2], extra = [], st.hands[2]
    st.discard.extend(extra)
    turn(st, 0, "draw")
    st._start_turn(0, [])
    assert st.phase == PLAY and "draw" not in legal(st, 0)
    # play out: seat 2 (no cards) is skipped
    order = []
    while st.legs_played == 0:
        seat = st.turn
        order.append(seat)
        assert st.hands[seat]
        do(st, seat, "discard " + st.hand_codes(seat)[0])
    assert 2 not in order[:12]
    assert st.sheets[0][0][0] == ("distance", 0)


def test_mbr13_deck_exhaustion_end() -> None:
    st = make("eu", 3, seed=5, deck_exhaustion="end")
    st.discard.extend(st.draw_pile[1:])
    del st.draw_pile[1:]
    do(st, 0, "draw")
    do(st, 0, "discard " + st.hand_codes(0)[0])
    assert st.legs_played == 1 and st.leg == 2


# ---------------------------------------------------------------- MBR-17 game
def test_mbr17_game_to_5000_and_ties_play_on() -> None:
    st = make("eu", 3, seed=9)
    dealer = st.dealer
    st.totals = [4900, 4900, 0]
    put(st, 0, "100")
    put(st, 1, "100")
    st._end_leg(-1, [])
    assert not st.is_over and st.leg == 2  # exact tie at the top: another leg
    assert st.dealer == st.next_seat(dealer)  # the deal passes on
    put(st, 0, "25")
    st._end_leg(-1, [])
    assert st.is_over and st.winners() == frozenset({0})
    assert st.scores()[0] == max(st.scores())


def test_mbr17_several_over_5000_highest_wins() -> None:
    st = make("eu", 4, seed=9)
    st.totals = [4950, 4990]
    put(st, 0, "roll", "100", "100")
    put(st, 1, "roll", "25")
    st._end_leg(-1, [])
    assert st.is_over and st.winners() == frozenset({0, 2})


# ---------------------------------------------------------------- 2016 edition
def test_mbr20_draw_from_discard_and_reshuffle() -> None:
    st = make("2016", 3, seed=6)
    assert legal(st, 0) == {"draw"}
    do(st, 0, "draw")
    do(st, 0, "discard " + st.hand_codes(0)[0])
    top = st.discard[-1]
    nxt = st.turn
    assert legal(st, nxt) == {"draw", "draw discard"}
    do(st, nxt, "draw discard")
    assert st.hands[nxt][-1] == top and not st.discard
    # reshuffle when the draw pile is empty
    st.discard.extend(st.draw_pile)
    st.draw_pile.clear()
    do(st, nxt, "discard " + st.hand_codes(nxt)[0])
    assert st.draw_pile and not st.discard and st.reshuffles == 1


def test_mbr21_2016_distance_at_once_after_remedy_but_stop_needs_roll() -> None:
    st = make("2016", 3)
    put(st, 0, "roll", "flat_tire")
    set_hand(st, 0, "spare_tire", "100", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "remedy spare_tire")
    turn(st, 0)
    assert "play 100" in legal(st, 0)
    put(st, 0, "stop")
    assert "play 100" not in legal(st, 0)


def test_mbr22_2016_may_pass_1000() -> None:
    st = make("2016", 2)
    put(st, 0, "roll", "200", "200", "100", "100", "100", "100", "100", "75")
    set_hand(st, 0, "100", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 100")
    assert st.is_over and st.km[0] == 1075 and st.winners() == frozenset({0})


def test_mbr24_single_hand_scoring_sheet_example_1300() -> None:
    """Sheet 003 example: 1000 km + right of way + coup fourré with the extra tank = 1300."""
    st = make("2016", 2)
    put(st, 0, "roll", "200", "200", "100", "100", "100", "100", "100")
    put(st, 0, "right_of_way")
    put(st, 0, "extra_tank", crosswise=True)
    set_hand(st, 0, "100", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 100")
    assert st.is_over
    sheet = dict(st.sheets[0][0])
    assert sheet == {"distance": 1000, "safeties": 100, "coups_fourres": 200}
    assert st.totals[0] == 1300 and st.legs_played == 1


def test_mbr24_older_scoring_option_on_2016() -> None:
    st = make("2016", 2, older_scoring=True)
    put(st, 0, "roll", "100")
    st._end_leg(-1, [])
    assert not st.is_over and st.leg == 2
    assert "all_safeties" in dict(st.sheets[0][0])


# ---------------------------------------------------------------- variants
def test_variant_hazard_before_first_roll_off() -> None:
    st = make("eu", 3, hazard_before_first_roll=False)
    put(st, 1, "roll")
    set_hand(st, 0, "stop", "speed_limit", "roll", "25", "25", "25")
    turn(st, 0)
    assert code_of(st, 0, "hazard stop 1") == "no_first_roll_yet"
    assert "hazard speed_limit 1" in legal(st, 0)  # speed limits are always allowed
    put(st, 0, "roll")
    assert "hazard stop 1" in legal(st, 0)


def test_variant_exceed_target_on_eu() -> None:
    st = make("eu", 4, exceed_target=True)
    put(st, 0, "roll", "200", "200", "100", "100", "100", "100", "100", "75")
    set_hand(st, 0, "100", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 100")
    assert st.legs_played == 1 and st.sheets[0][0][0] == ("distance", 975 + 100)


def test_variant_fast_game_remedy_interrupt() -> None:
    st = make("eu", 3, fast_game=True)
    a, b, c = 0, st.next_seat(0), st.next_seat(st.next_seat(0))
    put(st, c, "roll")
    set_hand(st, a, "accident", "25", "25", "25", "25", "25")
    set_hand(st, c, "repairs", "50", "50", "50", "50", "50")
    turn(st, a)
    do(st, a, "hazard accident 2" if c == 2 else f"hazard accident {c}")
    assert st.to_act() == (c, b)
    assert "remedy repairs" in legal(st, c)
    do(st, c, "remedy repairs")
    assert st.battle[c][-1] == 14 and len(st.hands[c]) == 6  # replacement drawn
    assert st.to_act() == (b,) and st.phase == 0  # play resumes after the attacker
    assert st.cf[c] == 0


def test_variant_fast_game_redraw() -> None:
    st = make("eu", 3, fast_game=True)
    set_hand(st, 0, "stop", "stop", "25", "50", "75", "100")
    turn(st, 0, "draw")
    assert "redraw stop stop" in legal(st, 0)
    before = len(st.discard)
    do(st, 0, "redraw stop stop 25")
    assert len(st.hands[0]) == 6 and len(st.discard) == before + 3 and st.turn != 0
    plain = make("eu", 3)
    assert code_of(plain, 0, "redraw " + plain.hand_codes(0)[0]) == "not_fast_game"


def test_mbr1_player_counts_by_edition() -> None:
    """MBR-1: 2, 3, 4 or 6 players; 5 only in the 2016 edition (team game, 4 to 6)."""
    from mahai.core import InvalidOptions

    for players in (2, 3, 4, 6):
        assert make("eu", players).players == players
    assert make("2016", 5).nteams == 3
    for edition in ("eu", "classic"):
        with pytest.raises(InvalidOptions) as err:
            make(edition, 5)
        assert err.value.code == "bad_player_count"
    with pytest.raises(InvalidOptions):
        make("2016", 7)
    view = GAME.view(make("classic", 3), 0)
    assert view["options"]["direction"] == "left" and view["options"]["coup_fourre_closes"] == "play"


def test_editions_are_instances_of_one_options_class() -> None:
    from mahai.core.game import option_specs
    from mahai.games.mille_bornes import EDITIONS, MilleBornesOptions

    assert list(EDITIONS) == ["eu", "classic", "2016", "bsd"] and GAME.options() == EDITIONS["eu"]
    assert all(type(e) is MilleBornesOptions for e in EDITIONS.values())
    specs = option_specs(MilleBornesOptions)
    assert [s.name for s in specs] == list(MilleBornesOptions.__dataclass_fields__)
    assert all(s.help.endswith(".") and len(s.help) > 20 for s in specs)
    assert GAME.options("eu", deck_exhaustion="reshuffle").deck_exhaustion == "reshuffle"
    from mahai.core import InvalidOptions

    with pytest.raises(InvalidOptions):
        GAME.options("eu", deck_exhaustion="burn")


def test_mbr1_declared_player_counts_and_default_edition() -> None:
    """MBR-1: the player counts are declared per options; 5 players pick the 2016 edition."""
    assert GAME.players(GAME.options("eu")) == (2, 3, 4, 6) == GAME.players(GAME.options("classic"))
    assert GAME.players(GAME.options("2016")) == (2, 3, 4, 5, 6)
    assert GAME.players(GAME.options("bsd")) == (2,)  # MBR-28
    assert [GAME.default_edition(n) for n in (None, 2, 3, 4, 5, 6)] == ["eu", "eu", "eu", "eu", "2016", "eu"]
    st = make("eu", 3)
    assert GAME.stats(st) == {"legs": 0.0}
    st.legs_played = 2
    assert GAME.stats(st) == {"legs": 2.0}


def test_editions_are_data_not_names() -> None:
    """MBR-12 / MBR-22 and MBR-1 follow the option fields, whatever the edition's label."""
    assert make("eu", 5, five_players=True).nteams == 3
    assert make("2016", 3, short_trip=True).target == 700
    assert make("eu", 3, short_trip=False).target == 1000
    relabelled = GAME.new(dataclasses.replace(EDITIONS["eu"], edition="2016"), 3, 0)
    assert relabelled.target == 700 and GAME.players(relabelled.options) == (2, 3, 4, 6)  # a label only


def test_older_records_take_their_editions_values() -> None:
    """A record saved before a field existed replays with its edition's value for it."""
    from mahai.core.options import options_to_dict

    for name, options in EDITIONS.items():
        saved = options_to_dict(options)
        del saved["short_trip"], saved["five_players"]
        for newer in ("safety_restarts", "extension_to_completer", "discard_safeties", "two_players_only"):
            del saved[newer]
        assert GAME.options_from_json(saved) == options, name
    fast = GAME.options("2016", fast_game=True)
    assert GAME.options_from_json({"edition": "2016", "fast_game": True}) == fast
