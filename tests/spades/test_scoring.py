"""Scoring: the worked cases SC-1…SC-6 (rules file), SPC-2, SPC-3, and SPR-5,
SPR-6, SPR-10, SPR-11, SPR-12 with their options."""

from __future__ import annotations

import pytest

from mahai.games.spades import GAME, score_side

STD = GAME.options()


@pytest.mark.parametrize(
    ("case", "before", "bids", "tricks", "after"),
    [
        ("SC-1", (0, 0), (0, 2), (1, 1), (-119, 1)),
        ("SC-2", (100, 0), (0, 5), (0, 4), (150, 0)),
        ("SC-3", (337, 7), (5,), (8,), (290, 0)),
        ("SC-4", (109, 9), (2,), (13,), (-60, 0)),
        ("SC-5", (-53, 7), (2,), (6,), (-129, 1)),
        ("SC-6", (0, 0), (0, 0), (0, 2), (2, 2)),
        # SPC-2: bags are a counter, not the score's last digit.
        ("SPC-2", (-53, 7), (2,), (6,), (-129, 1)),
        # SPC-3: ten bags in one hand; two penalties in one hand.
        ("SPC-3a", (0, 0), (3,), (13,), (-60, 0)),
        ("SPC-3b", (109, 9), (2,), (13,), (-60, 0)),
    ],
)
def test_worked_cases(case: str, before: tuple[int, int], bids: tuple[int, ...], tricks: tuple[int, ...],
                      after: tuple[int, int]) -> None:
    # A single-number bid row is the side's contract (one bidder carries it).
    res = score_side(bids, [False] * len(bids), tricks, before[0], before[1], STD)
    assert (res.total, res.bag_count) == after, case
    assert res.points == after[0] - before[0]
    assert res.points == res.contract_points + res.nil_points + res.bags - res.penalties * 100


def test_spc3_two_penalties_counted() -> None:
    res = score_side((2,), (False,), (13,), 109, 9, STD)
    assert res.penalties == 2 and res.bags == 11


def test_spr5_each_nil_scored_on_its_own_and_separately_from_partner() -> None:
    both_made = score_side((0, 0), (False, False), (0, 0), 0, 0, STD)
    both_failed = score_side((0, 0), (False, False), (1, 2), 0, 0, STD)
    mixed = score_side((0, 0), (False, False), (0, 3), 0, 0, STD)
    assert both_made.nil_points == 200 and both_failed.nil_points == -200 and mixed.nil_points == 0
    # partner's contract stands on its own: nil made, partner set
    res = score_side((0, 4), (False, False), (0, 3), 0, 0, STD)
    assert (res.nil_points, res.contract_points) == (100, -40)


def test_spr6_blind_nil_is_worth_200_and_both_blind_400() -> None:
    assert score_side((0, 3), (True, False), (0, 3), 0, 0, STD).points == 230
    assert score_side((0, 3), (True, False), (1, 3), 0, 0, STD).points == -200 + 30 + 1
    assert score_side((0, 0), (True, True), (0, 0), 0, 0, STD).points == 400
    assert score_side((0, 0), (True, True), (1, 1), 0, 0, STD).points == -400 + 2
    assert score_side((0, 0), (True, True), (0, 1), 0, 0, STD).nil_points == 0


def test_spr10_contract_made_set_and_overtricks() -> None:
    assert score_side((3, 2), (False, False), (4, 3), 0, 0, STD).points == 52
    assert score_side((3, 2), (False, False), (1, 3), 0, 0, STD).points == -50
    zero = GAME.options(set_scoring="zero")
    assert score_side((3, 2), (False, False), (1, 3), 0, 0, zero).points == 0


def test_spr11_failed_nil_tricks_are_bags_or_help_partner() -> None:
    bags = score_side((0, 4), (False, False), (2, 3), 0, 0, STD)
    assert (bags.contract_points, bags.bags, bags.nil_points) == (-40, 2, -100)
    helped = score_side((0, 4), (False, False), (2, 3), 0, 0, GAME.options("openspiel"))
    assert (helped.contract_points, helped.bags, helped.nil_points) == (40, 1, -100)


def test_spr12_bag_counter_and_penalty_options() -> None:
    res = score_side((2,), (False,), (9,), 0, 5, STD)
    assert (res.bag_count, res.penalties) == (2, 1)
    small = GAME.options(bag_limit="5", bag_penalty="50")
    res = score_side((2,), (False,), (13,), 0, 4, small)
    assert (res.bag_count, res.penalties, res.points) == (0, 3, 20 + 11 - 150)


def test_nil_value_option() -> None:
    half = GAME.options(nil_value="50")
    assert score_side((0, 3), (False, False), (0, 3), 0, 0, half).nil_points == 50
    assert score_side((0, 3), (True, False), (0, 3), 0, 0, half).nil_points == 100
