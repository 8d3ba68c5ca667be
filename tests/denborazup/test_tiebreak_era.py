"""DZC-7: the tie-break distance (DZR-9) counts years across the era boundary without a year 0
(DZR-1: −1 = 1 BC, 1 = AD 1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mahai.games.denborazup import DenboraZupState, tiebreak_distance
from mahai.games.denborazup.scoring import years_between
from tests.denborazup.helpers import rig
from tests.denborazup.test_rules import AXULAR, ELCANO, GERNIKA, act, flip_to, new


@pytest.mark.parametrize(("year", "reference", "distance"), [
    (-1, 1, 1),      # 1 BC – AD 1: one year (not two)
    (2, 1, 1),       # AD 2 – AD 1
    (1, -1, 1),
    (-2, 1, 2),      # 2 BC – AD 1
    (3, 1, 2),
    (-44, -1, 43),   # both BC
    (14, -1, 14),    # AD 14 – 1 BC
    (-44, 14, 57),   # 44 BC – AD 14
    (-1, -1, 0),
    (1898, 1997, 99),
    (2011, 1997, 14),
])
def test_dzc7_distance_across_the_era_boundary(year: int, reference: int, distance: int) -> None:
    assert tiebreak_distance(year, reference) == distance == years_between(reference, year)


def test_dzc7_there_is_no_year_0() -> None:
    with pytest.raises(ValueError):
        tiebreak_distance(0, 1)
    with pytest.raises(ValueError):
        years_between(5, 0)


def _tiebreak_with(years: tuple[int, int], reference: int) -> tuple[list[dict[str, Any]], DenboraZupState]:
    """Two seats run out in one reveal, the reference is set to ``reference`` and each chooses an
    event that is set to the given year; returns (the tie-break reveal's choices, the state)."""
    state = new(2)
    rig(state, hands=[[ELCANO], [AXULAR]], timeline=[GERNIKA])
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {AXULAR}")
    assert state.phase == "tiebreak" and state.tied == [0, 1]
    a, b = state.tie_options[0][0], state.tie_options[1][0]
    state.cards = dict(state.cards)
    state.cards[GERNIKA] = replace(state.cards[GERNIKA], year=reference)
    state.cards[a] = replace(state.cards[a], year=years[0])
    state.cards[b] = replace(state.cards[b], year=years[1])
    act(state, 0, f"choose {a}")
    events = act(state, 1, f"choose {b}")
    reveal = next(e for e in events if e.kind == "tiebreak_reveal")
    return reveal.data["choices"], state


def test_dzc7_one_bc_and_ad_2_tie_against_ad_1() -> None:
    choices, state = _tiebreak_with((-1, 2), reference=1)
    assert [c["distance"] for c in choices] == [1, 1]
    assert not state.is_over and state.phase == "tiebreak" and state.tied == [0, 1]


def test_dzc7_one_bc_beats_ad_3_against_ad_1() -> None:
    choices, state = _tiebreak_with((-1, 3), reference=1)
    assert [c["distance"] for c in choices] == [1, 2]
    assert state.is_over and state.winners() == {0}


def test_dzc7_ad_14_beats_44_bc_against_1_bc() -> None:
    choices, state = _tiebreak_with((-44, 14), reference=-1)
    assert [c["distance"] for c in choices] == [43, 14]
    assert state.is_over and state.winners() == {1}
