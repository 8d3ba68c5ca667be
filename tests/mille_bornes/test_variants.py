"""Other programs' rules as options (MBR-25 … MBR-27) and the ``bsd`` edition (MBR-28), each with
worked scores (``docs/rules/mille-bornes.md``)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mahai.bots import make_bot
from mahai.core import IllegalAction, InvalidOptions
from mahai.games.mille_bornes import EDITIONS, GAME, MilleBornesState
from mahai.games.mille_bornes.scoring import row_total
from mahai.games.mille_bornes.state import DRAW, EXTEND
from tests.mille_bornes.helpers import do, legal, make, put, set_hand, turn


def refused(st: MilleBornesState, seat: int, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, GAME.parse_action(text))
    return err.value.code


def empty_pile(st: MilleBornesState) -> None:
    st.discard.extend(st.draw_pile)
    st.draw_pile.clear()


# ------------------------------------------------------------------ MBR-25
SAFETY_FOR = [("out_of_gas", "extra_tank"), ("flat_tire", "puncture_proof"), ("accident", "driving_ace")]


@pytest.mark.parametrize(("hazard", "safety"), SAFETY_FOR)
def test_mbr25_a_safety_on_its_own_hazard_restarts_the_team(hazard: str, safety: str) -> None:
    """MBR-25 worked case: A at 600 km (two 200s) under ``hazard`` lays ``safety``, draws and plays
    100 at once, completes 700 and stops: 700 + 100 + 400 + 500 (B has no distance) = 1700."""
    st = make("eu", 2, safety_restarts=True)
    put(st, 0, "roll", "200", "200", "100", "100", hazard)
    set_hand(st, 0, safety, "100", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, f"safety {safety}")
    do(st, 0, "draw")
    assert st.rolling(0) and "play 100" in legal(st, 0) and "play roll" not in legal(st, 0)
    assert GAME.view(st, 1)["tableaux"][0]["rolling"] is True
    do(st, 0, "play 100")
    assert st.phase == EXTEND
    do(st, 0, "extend no")
    sheet = dict(st.sheets[0][0])
    assert sheet == {"distance": 700, "safeties": 100, "all_safeties": 0, "coups_fourres": 0, "trip": 400,
                     "delayed_action": 0, "safe_trip": 0, "shut_out": 500}
    assert row_total(st.sheets[0][0]) == 1700 == st.totals[0]


@pytest.mark.parametrize(("hazard", "safety"), SAFETY_FOR)
def test_mbr25_off_a_roll_is_still_needed(hazard: str, safety: str) -> None:
    """MBR-9 (the option off, every edition that needs a roll after a remedy)."""
    for edition in ("eu", "classic"):
        st = make(edition, 2)
        put(st, 0, "roll", "200", "200", "100", "100", hazard)
        set_hand(st, 0, safety, "100", "roll", "25", "25", "25")
        turn(st, 0)
        do(st, 0, f"safety {safety}")
        do(st, 0, "draw")
        assert not st.rolling(0) and "play 100" not in legal(st, 0) and "play roll" in legal(st, 0)
        assert refused(st, 0, "play 100") == "need_roll"


def test_mbr25_only_on_its_own_hazard() -> None:
    """A hazard already remedied stays remedied: the safety gives no start (BSD: the battle pile
    shows the remedy, not the hazard), and a hazard can be played on the restarted team."""
    st = make("eu", 2, safety_restarts=True)
    put(st, 0, "roll", "out_of_gas", "gasoline")
    set_hand(st, 0, "extra_tank", "100", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "safety extra_tank")
    do(st, 0, "draw")
    assert refused(st, 0, "play 100") == "need_roll"
    st2 = make("eu", 2, safety_restarts=True)
    put(st2, 0, "roll", "accident")
    set_hand(st2, 0, "driving_ace", "25", "25", "25", "25", "25")
    set_hand(st2, 1, "stop", "25", "25", "25", "25", "25")
    turn(st2, 0)
    do(st2, 0, "safety driving_ace")
    turn(st2, 1)
    assert "hazard stop 0" in legal(st2, 1)


# ------------------------------------------------------------------ MBR-26
def _extended(to_completer: bool) -> tuple[MilleBornesState, int, int]:
    """3 players: A (seat 0) completes 700 and calls the extension; B is next, C the other."""
    st = make("eu", 3, extension_to_completer=to_completer)
    put(st, 0, "roll", "200", "200", "100", "100", "50")
    set_hand(st, 0, "50", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 50")
    do(st, 0, "extend yes")
    b = st.turn
    c = next(s for s in range(3) if s not in (0, b))
    put(st, b, "roll", "200", "200", "100", "100", "100", "100", "100")   # 900
    put(st, c, "roll", "100", "100", "100")                                 # 300
    return st, b, c


@pytest.mark.parametrize(("to_completer", "c_total"), [(True, 300), (False, 500)])
def test_mbr26_the_completer_takes_the_extension_bonus(to_completer: bool, c_total: int) -> None:
    """MBR-26 worked case: A calls at 700, B completes 1000 (two 200s), C has 300: A 700,
    B 1000 + 400 + 200 = 1600, C 300 (MBR-16: 500)."""
    st, b, c = _extended(to_completer)
    set_hand(st, b, "100", "25", "25", "25", "25", "25")
    turn(st, b)
    do(st, b, "play 100")
    assert st.legs_played == 1 and st.completers == [b]
    totals = [row_total(row) for row in st.sheets[0]]
    assert totals[0] == 700 and totals[b] == 1600 and totals[c] == c_total
    assert dict(st.sheets[0][b])["extension"] == 200 and dict(st.sheets[0][0])["trip"] == 0


@pytest.mark.parametrize(("to_completer", "b_total", "c_total"), [(True, 900, 300), (False, 1100, 500)])
def test_mbr26_nobody_completes_nobody_gets_it(to_completer: bool, b_total: int, c_total: int) -> None:
    """MBR-26: the hands run out with B at 900: A 700, B 900, C 300 (MBR-16: B 1100, C 500)."""
    st, b, c = _extended(to_completer)
    empty_pile(st)
    st._end_leg(-1, [])
    totals = [row_total(row) for row in st.sheets[0]]
    assert totals[0] == 700 and totals[b] == b_total and totals[c] == c_total


# ------------------------------------------------------------------ MBR-27
def test_mbr27_a_safety_cannot_be_discarded() -> None:
    st = make("eu", 3, discard_safeties=False)
    set_hand(st, 0, "driving_ace", "25", "stop", "25", "50", "roll")
    turn(st, 0)
    lg = legal(st, 0)
    assert "discard driving_ace" not in lg and "safety driving_ace" in lg and "discard 25" in lg
    assert refused(st, 0, "discard driving_ace") == "safety_discard_off"
    default = make("eu", 3)
    set_hand(default, 0, "driving_ace", "25")
    turn(default, 0)
    assert "discard driving_ace" in legal(default, 0)  # MBR-4: allowed by default


def test_mbr27_nor_in_a_fast_game_redraw() -> None:
    st = make("eu", 3, discard_safeties=False, fast_game=True)
    set_hand(st, 0, "driving_ace", "25", "50")
    turn(st, 0, "draw")
    redraws = {a for a in legal(st, 0) if a.startswith("redraw")}
    assert redraws == {"redraw 25", "redraw 50", "redraw 25 50"}
    assert refused(st, 0, "redraw 25 driving_ace") == "safety_discard_off"
    assert st.phase == DRAW and st.hand_codes(0) == ["driving_ace", "25", "50"]


def test_mbr27_the_last_safety_is_laid_and_scores() -> None:
    """MBR-27 worked case: the pile is empty and A holds only the driving ace: A must lay it,
    100 points (a discard would have scored nothing)."""
    st = make("eu", 3, discard_safeties=False)
    set_hand(st, 0, "driving_ace")
    empty_pile(st)
    turn(st, 0)
    assert legal(st, 0) == {"safety driving_ace"}
    do(st, 0, "safety driving_ace")
    assert dict(st.leg_sheet(-1)[0])["safeties"] == 100


# ------------------------------------------------------------------ MBR-28, edition bsd
def test_mbr28_bsd_is_eu_for_two_with_bsds_three_rules() -> None:
    bsd = GAME.options("bsd")
    assert bsd == dataclasses.replace(EDITIONS["eu"], edition="bsd", safety_restarts=True,
                                      extension_to_completer=True, discard_safeties=False,
                                      two_players_only=True)
    assert GAME.players(bsd) == (2,)
    with pytest.raises(InvalidOptions) as err:
        GAME.new(bsd, 3, 1)
    assert err.value.code == "bad_player_count"
    assert GAME.players(GAME.options("eu", two_players_only=True)) == (2,)
    st = GAME.new(bsd, 2, 1)
    assert st.target == 700 and st.card_count() == st.deck_size() == 101  # BSD's DECK_SZ
    assert [len(h) for h in st.hands] == [6, 6]
    assert GAME.view(st, 0)["edition"] == "bsd"


def test_mbr28_bsd_worked_score_extension_after_the_pile_ran_out() -> None:
    """BSD's scoring (``man 6 mille``): A calls the extension at 700, completes 1000 after the pile
    ran out, without 200s, with two safeties (one a coup fourré); B has no distance:
    1000 + 200 + 300 + 400 + 300 + 300 + 500 + 200 = 3200."""
    st = GAME.new(GAME.options("bsd"), 2, 4)
    put(st, 0, "roll", *["100"] * 6, "extra_tank")
    put(st, 0, "driving_ace", crosswise=True)
    set_hand(st, 0, "100", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 100")
    do(st, 0, "extend yes")
    put(st, 0, "100", "100")
    set_hand(st, 0, "100")
    empty_pile(st)
    turn(st, 0)
    do(st, 0, "play 100")
    sheet = dict(st.sheets[0][0])
    assert sheet == {"distance": 1000, "safeties": 200, "all_safeties": 0, "coups_fourres": 300,
                     "trip": 400, "delayed_action": 300, "safe_trip": 300, "shut_out": 500, "extension": 200}
    assert row_total(st.sheets[0][0]) == 3200 and row_total(st.sheets[0][1]) == 0


@pytest.mark.parametrize(("edition", "b_total"), [("bsd", 400), ("eu", 600)])
def test_mbr28_bsd_worked_score_nobody_completes(edition: str, b_total: int) -> None:
    """The hands run out with A (the caller) at 850 and B at 400: A 850 + 200 + 300 = 1350 and
    B 400 (``eu``, MBR-16: B 600)."""
    st = GAME.new(GAME.options(edition), 2, 4)
    put(st, 0, "roll", *["100"] * 8, "25", "25", "extra_tank")
    put(st, 0, "driving_ace", crosswise=True)
    put(st, 1, "roll", "100", "100", "100", "100")
    st.ext_team, st.target = 0, 1000
    empty_pile(st)
    st._end_leg(-1, [])
    assert [row_total(row) for row in st.sheets[0]] == [1350, b_total]


def test_mbr28_robots_finish_bsd_games() -> None:
    """The heuristic and the random robot play whole bsd games, every action legal."""
    for seed in range(3):
        st = GAME.new(GAME.options("bsd"), 2, seed)
        bots = [make_bot("mille_bornes", "heuristic", random.Random(seed)),
                make_bot("mille_bornes", "random", random.Random(seed + 1))]
        while not st.is_over:
            seat = st.to_act()[0]
            lg = st.legal_actions(seat)
            action = bots[seat].act(GAME, seat, GAME.observe(st, seat), lg)
            assert action in lg
            st.apply(seat, action)
        assert st.winners() and max(st.totals) >= 5000
