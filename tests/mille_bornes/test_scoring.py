"""Leg scoring MBR-14 … MBR-17 and MBR-24: sheets list every bonus by name and add up."""

from __future__ import annotations

from mahai.games.mille_bornes import GAME
from tests.mille_bornes.helpers import do, make, put, set_hand, turn


def sheet_of(st: object, leg: int, team: int) -> dict[str, int]:
    return dict(st.sheets[leg][team])  # type: ignore[attr-defined]


def test_worked_case_3200() -> None:
    """Rules file worked case: 700 (no 200s, pile not empty), four safeties, two by coup fourré,
    the other team at 0 km: 700 + 400 + 300 + 600 + 400 + 300 + 500 = 3200 (MBR-14, MBR-15)."""
    st = make("eu", 2)
    put(st, 0, "roll", "100", "100", "100", "100", "100", "75", "75")
    put(st, 0, "right_of_way", "driving_ace")
    put(st, 0, "extra_tank", "puncture_proof", crosswise=True)
    set_hand(st, 0, "50", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 50")
    do(st, 0, "extend no")
    sheet = sheet_of(st, 0, 0)
    assert sheet == {"distance": 700, "safeties": 400, "all_safeties": 300, "coups_fourres": 600,
                     "trip": 400, "delayed_action": 0, "safe_trip": 300, "shut_out": 500}
    assert sum(sheet.values()) == 3200 == st.totals[0]
    assert sum(sheet_of(st, 0, 1).values()) == st.totals[1] == 0
    view = GAME.view(st, 1)["scores"]["legs"][0]
    assert view["teams"][0]["total"] == 3200 and view["completed_by"] == 0
    assert [i["name"] for i in view["teams"][0]["items"]][:2] == ["distance", "safeties"]


def test_mbr15_delayed_action_and_no_shut_out() -> None:
    st = make("eu", 4)
    put(st, 0, "roll", "200", "200", "100", "100", "100", "100", "100")
    put(st, 1, "roll", "25")
    set_hand(st, 0, "100", "25")
    st.discard.extend(st.draw_pile)
    st.draw_pile.clear()
    turn(st, 0)
    do(st, 0, "play 100")
    sheet = sheet_of(st, 0, 0)
    assert sheet["trip"] == 400 and sheet["delayed_action"] == 300
    assert sheet["safe_trip"] == 0 and sheet["shut_out"] == 0
    assert sheet_of(st, 0, 1)["distance"] == 25 and sheet_of(st, 0, 1)["trip"] == 0


def _extension_game() -> object:
    st = make("eu", 3)
    put(st, 0, "roll", "75", "75", "100", "100", "100", "100", "50", "50")
    put(st, 1, "roll", "200", "200", "100", "100", "100", "100", "100", "75")
    set_hand(st, 0, "50", "100", "100", "25", "25", "25")
    set_hand(st, 1, "25", "25", "25", "25", "25", "50")
    turn(st, 0)
    do(st, 0, "play 50")
    do(st, 0, "extend yes")
    return st


def test_mbr16_caller_completes_1000() -> None:
    st = _extension_game()
    st.km[0] = 900  # type: ignore[attr-defined]
    turn(st, 0)  # type: ignore[arg-type]
    do(st, 0, "play 100")  # type: ignore[arg-type]
    caller, other = sheet_of(st, 0, 0), sheet_of(st, 0, 1)
    assert caller["trip"] == 400 and caller["extension"] == 200
    assert other["extension"] == 0 and other["trip"] == 0


def test_mbr16_other_team_completes_1000() -> None:
    st = _extension_game()
    turn(st, 1)  # type: ignore[arg-type]
    do(st, 1, "play 25")  # type: ignore[arg-type]
    caller, winner, third = sheet_of(st, 0, 0), sheet_of(st, 0, 1), sheet_of(st, 0, 2)
    assert caller["trip"] == 0 and caller["extension"] == 0  # no trip bonus for its 700
    assert winner["trip"] == 400 and winner["extension"] == 200
    assert third["extension"] == 200 and third["trip"] == 0


def test_mbr16_nobody_completes_1000() -> None:
    st = _extension_game()
    st._end_leg(-1, [])  # type: ignore[attr-defined]
    assert sheet_of(st, 0, 0)["extension"] == 0 and sheet_of(st, 0, 0)["trip"] == 0
    assert sheet_of(st, 0, 1)["extension"] == 200 and sheet_of(st, 0, 2)["extension"] == 200


def test_mbr14_safeties_and_coups_fourres_for_every_team() -> None:
    st = make("eu", 3)
    put(st, 2, "right_of_way")
    put(st, 2, "extra_tank", crosswise=True)
    put(st, 1, "75")
    st._end_leg(-1, [])
    s2 = sheet_of(st, 0, 2)
    assert s2["safeties"] == 200 and s2["coups_fourres"] == 300 and s2["all_safeties"] == 0
    assert sheet_of(st, 0, 1)["distance"] == 75
    assert st.totals == [0, 75, 500]
    assert st.scores() == (0.0, 75.0, 500.0)
