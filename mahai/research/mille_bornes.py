"""Mille Bornes for learning programs: a fixed action space of 87 indices and a
vector observation read from one seat's view JSON (``docs/rules/mille-bornes.md``).

Cards are Mahai's kinds 0–18 (:data:`mahai.games.mille_bornes.CODES`): ``25 50 75
100 200``, hazards ``stop speed_limit out_of_gas flat_tire accident`` (5–9),
remedies ``roll end_of_limit gasoline spare_tire repairs`` (10–14), safeties
``right_of_way extra_tank puncture_proof driving_ace`` (15–18). A hazard's target is
counted from the player's own team: ``+1`` is the next team in seat order (team ids
are those of :func:`mahai.games.mille_bornes.teams_for`).

==========  ==================================  ===================================
index       notation                            rule
==========  ==================================  ===================================
0, 1        ``draw``, ``draw discard``          MBR-4, MBR-20
2 … 7       ``play 25`` … ``play 200``, ``play roll``   MBR-5, MBR-11
8 … 11      ``remedy end_of_limit|gasoline|spare_tire|repairs``  MBR-7, MBR-8
12 … 36     ``hazard <h> <team>``: 12 + 5 × (h − 5) + (offset − 1), offset 1 … 5   MBR-6
37 … 40     ``safety <s>`` (s = 15 … 18)        MBR-9
41 … 44     ``coup_fourre <s>``                 MBR-10
45          ``decline``                         MBR-10 (the window passes)
46 … 64     ``discard <card>`` (46 + kind)      MBR-4
65, 66      ``extend yes``, ``extend no``       MBR-12
67 … 85     pick ``<card>`` to redraw           fast game: one card at a time,
86          ``redraw`` the picked cards         kinds ascending, then 86
==========  ==================================  ===================================

A fast-game redraw (``redraw 25 stop stop``) is any non-empty part of the hand in
one engine action; the adapter takes it card by card (in ascending kind order,
repeats allowed) and then "redraw now", so a hand of seven distinct cards needs 20
indices rather than its 127 sets. The picks are shown only to the seat making them.

Observation (:data:`FEATURES`; seats counted from the viewer, teams from the
viewer's team; all in [-1, 1]): phase; the viewer's decision (none, turn, coup
fourré window, extension); its hand (copies per kind / 7); hand sizes, the seat to
act, the dealer, the seats in ``to_act`` and the viewer's partners; per team: its
battle pile top, speed limit, km / 1000, 200s played, distance cards by kind,
safeties, coups fourrés, rolling, the hazard in force, started; the coup-fourré
window (team, hazard, attacker, whether the viewer may answer, how many may); the
discard pile (top, copies per kind); draw pile / 106, reshuffles, the trip (700 or
1000), the extension (available, called by); totals / the game target.

Rewards: at the end of each leg, the change of the seat's team total over 1000
(:attr:`MilleBornesEncoding.score_scale`); at the end of the game +1 / -1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahai.core.game import Action, Game, Seat
from mahai.games.mille_bornes import (
    CARD_OF,
    CODES,
    END_OF_LIMIT,
    PHASES,
    RIGHT_OF_WAY,
    ROLL,
    STOP,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extend,
    Hazard,
    MilleBornesOptions,
    Play,
    Redraw,
    Remedy,
    Safety,
    teams_for,
)
from mahai.research.table import Encoding, FloatArray, clip, relative

DRAW, DRAW_DISCARD, PLAY, REMEDY, HAZARD, SAFETY, COUP_FOURRE = 0, 1, 2, 8, 12, 37, 41
DECLINE, DISCARD, EXTEND_YES, EXTEND_NO, REDRAW_PICK, REDRAW = 45, 46, 65, 66, 67, 86
NUM_ACTIONS = 87
KINDS = len(CODES)
_PLAYED = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, ROLL: 5}
"""Card kind → offset from :data:`PLAY`."""
MAX_SEATS = 6
DECISIONS = (None, "turn", "coup_fourre", "extension")


def _labels() -> tuple[str, ...]:
    labels = ["draw", "draw discard"]
    labels += [f"play {CODES[c]}" for c in _PLAYED]
    labels += [f"remedy {CODES[c]}" for c in range(END_OF_LIMIT, END_OF_LIMIT + 4)]
    labels += [f"hazard {CODES[h]} +{k}" for h in range(STOP, STOP + 5) for k in range(1, 6)]
    labels += [f"safety {CODES[c]}" for c in range(RIGHT_OF_WAY, KINDS)]
    labels += [f"coup_fourre {CODES[c]}" for c in range(RIGHT_OF_WAY, KINDS)]
    labels += ["decline"]
    labels += [f"discard {code}" for code in CODES]
    labels += ["extend yes", "extend no"]
    labels += [f"redraw pick {code}" for code in CODES]
    labels += ["redraw"]
    return tuple(labels)


LABELS = _labels()

_TEAM = (("exists", 1), ("battle", KINDS + 1), ("speed_limited", 1), ("km", 1), ("two_hundreds", 1),
         ("distance", 5), ("safeties", 4), ("coups_fourres", 4), ("rolling", 1), ("hazard", 6),
         ("started", 1))
TEAM_SIZE = sum(size for _, size in _TEAM)
_TEAM_AT: dict[str, int] = {}
_t = 0
for _name, _size in _TEAM:
    _TEAM_AT[_name] = _t
    _t += _size

FEATURES: tuple[tuple[str, int], ...] = (
    ("phase", len(PHASES)), ("decision", len(DECISIONS)), ("hand", KINDS), ("hand_sizes", MAX_SEATS),
    ("turn", MAX_SEATS), ("dealer", MAX_SEATS), ("to_act", MAX_SEATS), ("partners", MAX_SEATS),
    ("tableaux", MAX_SEATS * TEAM_SIZE), ("window", 1 + MAX_SEATS + 5 + MAX_SEATS + 2),
    ("discard_top", KINDS + 1), ("discard", KINDS), ("piles", 3), ("extension", 1 + MAX_SEATS + 1),
    ("totals", MAX_SEATS),
)
"""The observation's parts in order: (name, length)."""
_AT: dict[str, int] = {}
_offset = 0
for _name, _size in FEATURES:
    _AT[_name] = _offset
    _offset += _size
FEATURE_SIZE = _offset


def _counts(out: FloatArray, base: int, codes: Sequence[str], most: int) -> None:
    """``out[base + kind] = copies of kind / most``."""
    counts = [0] * KINDS
    for code in codes:
        counts[CARD_OF[code]] += 1
    for kind, count in enumerate(counts):
        if count:
            out[base + kind] = min(1.0, count / most)


class MilleBornesEncoding(Encoding):
    """Mille Bornes' action space and observation (see the module docstring)."""

    num_actions = NUM_ACTIONS
    feature_size = FEATURE_SIZE
    layout = FEATURES
    labels = LABELS
    score_scale = 1000.0

    def __init__(self, game: Game[Any, Any], options: MilleBornesOptions, players: int) -> None:
        super().__init__(game, options, players)
        teams = teams_for(options, players)
        self.nteams = len(teams)
        self.team_of = [0] * players
        for team, seats in enumerate(teams):
            for seat in seats:
                self.team_of[seat] = team
        # A leg draws at most the deck (four times with reshuffles) and answers each hazard
        # window; a whole game is a few legs (measured: under 5,000 picks for random play).
        self.max_decisions = 200_000

    def sequence(self, seat: Seat, action: Action) -> tuple[int, ...]:
        """Raises TypeError for an action that is not Mille Bornes'."""
        if isinstance(action, Draw):
            return (DRAW if action.source == "pile" else DRAW_DISCARD,)
        if isinstance(action, Play):
            return (PLAY + _PLAYED[CARD_OF[action.card]],)
        if isinstance(action, Discard):
            return (DISCARD + CARD_OF[action.card],)
        if isinstance(action, Hazard):
            offset = (action.team - self.team_of[seat]) % self.nteams
            return (HAZARD + 5 * (CARD_OF[action.card] - STOP) + offset - 1,)
        if isinstance(action, Remedy):
            return (REMEDY + CARD_OF[action.card] - END_OF_LIMIT,)
        if isinstance(action, Safety):
            return (SAFETY + CARD_OF[action.card] - RIGHT_OF_WAY,)
        if isinstance(action, CoupFourre):
            return (COUP_FOURRE + CARD_OF[action.card] - RIGHT_OF_WAY,)
        if isinstance(action, Decline):
            return (DECLINE,)
        if isinstance(action, Extend):
            return (EXTEND_YES if action.yes else EXTEND_NO,)
        if isinstance(action, Redraw):
            return (*sorted(REDRAW_PICK + CARD_OF[c] for c in action.cards), REDRAW)
        raise TypeError(f"not a Mille Bornes action: {action!r}")

    def text_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The view without ``options`` (fixed) and the score sheets of earlier legs
        (``scores`` keeps the totals)."""
        out = {k: v for k, v in view.items() if k not in ("options", "scores")}
        out["totals"] = view["scores"]["totals"]
        return out

    def features(self, view: Mapping[str, Any], viewer: Seat | None, out: FloatArray) -> None:
        n = view["players"]
        at = _AT
        team_of = view["team_of"]
        nteams = len(view["teams"])
        mine = team_of[viewer] if viewer is not None else 0

        def team_rel(team: int) -> int:
            return (team - mine) % nteams

        out[at["phase"] + PHASES.index(view["phase"])] = 1.0
        out[at["decision"] + DECISIONS.index(view["decision"])] = 1.0
        _counts(out, at["hand"], view["hand"] or (), 7)
        for seat in range(n):
            r = relative(seat, viewer, n)
            out[at["hand_sizes"] + r] = view["hand_sizes"][seat] / 7
            if team_of[seat] == mine and seat != viewer:
                out[at["partners"] + r] = 1.0
        if not view["over"]:
            out[at["turn"] + relative(view["turn"], viewer, n)] = 1.0
        out[at["dealer"] + relative(view["dealer"], viewer, n)] = 1.0
        for seat in view["to_act"]:
            out[at["to_act"] + relative(seat, viewer, n)] = 1.0
        for tableau in view["tableaux"]:
            base = at["tableaux"] + TEAM_SIZE * team_rel(tableau["team"])
            t = _TEAM_AT
            out[base + t["exists"]] = 1.0
            battle = tableau["battle"]
            out[base + t["battle"] + (CARD_OF[battle[-1]] + 1 if battle else 0)] = 1.0
            if tableau["speed_limited"]:
                out[base + t["speed_limited"]] = 1.0
            out[base + t["km"]] = clip(tableau["km"] / 1000)
            out[base + t["two_hundreds"]] = tableau["two_hundreds"] / 2
            _counts(out, base + t["distance"], tableau["distance"], 12)
            for code in tableau["safeties"]:
                out[base + t["safeties"] + CARD_OF[code] - RIGHT_OF_WAY] = 1.0
            for code in tableau["coups_fourres"]:
                out[base + t["coups_fourres"] + CARD_OF[code] - RIGHT_OF_WAY] = 1.0
            if tableau["rolling"]:
                out[base + t["rolling"]] = 1.0
            hazard = tableau["hazard"]
            out[base + t["hazard"] + (CARD_OF[hazard] - STOP + 1 if hazard is not None else 0)] = 1.0
            if tableau["started"]:
                out[base + t["started"]] = 1.0
        window = view["window"]
        if window is not None:
            base = at["window"]
            out[base] = 1.0
            out[base + 1 + team_rel(window["team"])] = 1.0
            out[base + 1 + MAX_SEATS + CARD_OF[window["hazard"]] - STOP] = 1.0
            out[base + 1 + MAX_SEATS + 5 + relative(window["attacker"], viewer, n)] = 1.0
            pending = window["pending"]
            if viewer in pending:
                out[base + 1 + 2 * MAX_SEATS + 5] = 1.0
            out[base + 2 + 2 * MAX_SEATS + 5] = len(pending) / MAX_SEATS
        top = view["discard_top"]
        out[at["discard_top"] + (CARD_OF[top] + 1 if top is not None else 0)] = 1.0
        _counts(out, at["discard"], view["discard"], 14)
        base = at["piles"]
        out[base] = view["draw_pile"] / 106
        out[base + 1] = view["reshuffles"] / 3
        out[base + 2] = view["target"] / 1000
        extension = view["extension"]
        base = at["extension"]
        if extension["available"]:
            out[base] = 1.0
        called = extension["called_by"]
        out[base + 1 + (team_rel(called) + 1 if called is not None else 0)] = 1.0
        goal = view["scores"]["game_target"] or 5000
        for team, total in enumerate(view["scores"]["totals"]):
            out[at["totals"] + team_rel(team)] = clip(total / goal)
