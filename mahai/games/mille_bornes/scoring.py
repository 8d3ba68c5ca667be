"""Scoring of Mille Bornes: a leg's score sheet and the end of the game, as pure functions.

Older scoring (eu, classic; ``older_scoring``): MBR-14 (every team), MBR-15 (the team that
completed the trip), MBR-16 (the extension), several legs to ``game_target`` (MBR-17).
2016 scoring: one hand, km + safeties not played as coups fourrés + coups fourrés (MBR-24).

    >>> legs = [TeamLeg(km=700, safeties=4, coups_fourres=2, two_hundreds=0), TeamLeg(0, 0, 0, 0)]
    >>> row = leg_sheet(legs, completer=0, extension_team=-1, pile_empty=False, older_scoring=True)[0]
    >>> sum(points for _, points in row)    # the rules' worked case (MBR-14, MBR-15)
    3200
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

Sheet = tuple[tuple[tuple[str, int], ...], ...]
"""A leg's score sheet: for each team, ``(bonus name, points)`` pairs."""


class TeamLeg(NamedTuple):
    """What one team scores from at the end of a leg."""

    km: int
    safeties: int
    """Safeties shown (coups fourrés included)."""
    coups_fourres: int
    two_hundreds: int


def leg_sheet(legs: Sequence[TeamLeg], completer: int, extension_team: int, pile_empty: bool,
              older_scoring: bool, extension_to_completer: bool = False) -> Sheet:
    """The score sheet of a leg: one row per team (same order as ``legs``).

    ``completer`` is the team that completed the trip (-1: none), ``extension_team`` the team
    that called the extension (-1: none), ``pile_empty`` whether the draw pile had run out.
    Item names (``score.<name>`` in the catalog): older scoring ``distance safeties
    all_safeties coups_fourres trip delayed_action safe_trip shut_out`` (+ ``extension`` when
    called: MBR-16, or with ``extension_to_completer`` MBR-26: 200 to whoever completed the
    extended trip); 2016 ``distance safeties coups_fourres`` (MBR-24).

    Team 0 called the extension at 700; team 1 completed 1000 (one safety, one 200 km card):

    >>> legs = [TeamLeg(700, 0, 0, 0), TeamLeg(1000, 1, 0, 1), TeamLeg(300, 0, 0, 0)]
    >>> [row_total(r) for r in leg_sheet(legs, 1, 0, False, True)]          # MBR-16
    [700, 1700, 500]
    >>> [row_total(r) for r in leg_sheet(legs, 1, 0, False, True, True)]    # MBR-26
    [700, 1700, 300]

    Nobody completes 1000 (team 1 stops at 900, the hands are played out):

    >>> legs = [TeamLeg(700, 0, 0, 0), TeamLeg(900, 1, 0, 1), TeamLeg(300, 0, 0, 0)]
    >>> [row_total(r) for r in leg_sheet(legs, -1, 0, True, True)]          # MBR-16
    [700, 1200, 500]
    >>> [row_total(r) for r in leg_sheet(legs, -1, 0, True, True, True)]    # MBR-26
    [700, 1000, 300]
    """
    rows: list[tuple[tuple[str, int], ...]] = []
    for t, leg in enumerate(legs):
        items: list[tuple[str, int]] = [("distance", leg.km)]
        if older_scoring:
            won = t == completer
            shut_out = not any(o.km for u, o in enumerate(legs) if u != t)
            items.append(("safeties", 100 * leg.safeties))
            items.append(("all_safeties", 300 if leg.safeties == 4 else 0))
            items.append(("coups_fourres", 300 * leg.coups_fourres))
            items.append(("trip", 400 if won else 0))
            items.append(("delayed_action", 300 if won and pile_empty else 0))
            items.append(("safe_trip", 300 if won and leg.two_hundreds == 0 else 0))
            items.append(("shut_out", 500 if won and shut_out else 0))
            if extension_team >= 0:
                if extension_to_completer:  # MBR-26
                    gets = won
                else:  # MBR-16
                    caller_made_it = completer == extension_team
                    gets = (t == extension_team) if caller_made_it else (t != extension_team)
                items.append(("extension", 200 if gets else 0))
        else:
            items.append(("safeties", 100 * (leg.safeties - leg.coups_fourres)))
            items.append(("coups_fourres", 200 * leg.coups_fourres))
        rows.append(tuple(items))
    return tuple(rows)


def row_total(row: Sequence[tuple[str, int]]) -> int:
    """The points of one team's row."""
    return sum(points for _, points in row)


def game_winners(totals: Sequence[int], leg_totals: Sequence[int], older_scoring: bool,
                 game_target: int) -> tuple[int, ...] | None:
    """The winning teams once a leg is scored, or None if another leg is dealt.

    Older scoring (MBR-17): over once one team alone has the highest total and it reaches
    ``game_target`` (an exact tie at the top plays another leg). 2016 (MBR-24): one hand, the
    highest leg total wins (a tie shares the win).
    """
    if older_scoring:
        best = max(totals)
        leaders = tuple(t for t, points in enumerate(totals) if points == best)
        return leaders if best >= game_target and len(leaders) == 1 else None
    best = max(leg_totals)
    return tuple(t for t, points in enumerate(leg_totals) if points == best)


@lru_cache(maxsize=4096)
def sheet_to_json(sheet: Sheet, leg: int, completer: int,
                  teams: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """``{"leg", "completed_by", "teams": [{"team", "seats", "items": [{"name", "points"}], "total"}]}``.

    Cached (sheets are immutable): treat the result as read-only."""
    return {
        "leg": leg,
        "completed_by": completer if completer >= 0 else None,
        "teams": [{"team": t, "seats": list(teams[t]),
                   "items": [{"name": n, "points": p} for n, p in row],
                   "total": row_total(row)} for t, row in enumerate(sheet)],
    }
