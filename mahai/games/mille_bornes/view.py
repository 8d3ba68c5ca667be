"""The projection: what one viewer may know of a Mille Bornes state.

:func:`observe` is the only way state leaves the engine. A viewer sees its own hand (a
spectator none), the size of every hand and of the draw pile, the discard pile, every
tableau, the open coup-fourré window (public: one opens after every hazard, MBR-10), the
scores and sheets, and its own pending decision. Never another hand, never the draw pile.

:class:`MilleBornesObservation` holds ints (cards as in :mod:`.cards`, phases as in
:data:`~mahai.games.mille_bornes.state.PHASES`); :meth:`MilleBornesObservation.to_json` is
the JSON sent to front ends (cards as codes; shape in the package docstring).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, NamedTuple

from mahai.core.game import Seat
from mahai.core.options import options_to_dict
from mahai.games.mille_bornes.cards import CODES, FULL_COUNTS, REDUCED_COUNTS, safety_bit
from mahai.games.mille_bornes.options import MilleBornesOptions
from mahai.games.mille_bornes.scoring import Sheet, sheet_to_json
from mahai.games.mille_bornes.state import EXTEND, PHASES, MilleBornesState, reduced_deck


class TableauView(NamedTuple):
    """One team's public tableau (cards as ints, piles bottom to top)."""

    team: int
    seats: tuple[Seat, ...]
    battle: tuple[int, ...]
    speed: tuple[int, ...]
    distance: tuple[int, ...]
    km: int
    two_hundreds: int
    safeties: tuple[int, ...]
    """In the order they were laid."""
    coups_fourres: tuple[int, ...]
    """The safeties laid crosswise (MBR-10), in the order they were laid."""
    rolling: bool
    speed_limited: bool
    hazard: int | None
    """The hazard in force on the battle pile (MBR-9), or None."""
    started: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.team, "seats": list(self.seats), "battle": [CODES[c] for c in self.battle],
            "speed": [CODES[c] for c in self.speed], "distance": [CODES[c] for c in self.distance],
            "km": self.km, "two_hundreds": self.two_hundreds, "safeties": [CODES[c] for c in self.safeties],
            "coups_fourres": [CODES[c] for c in self.coups_fourres], "rolling": self.rolling,
            "speed_limited": self.speed_limited,
            "hazard": CODES[self.hazard] if self.hazard is not None else None, "started": self.started,
        }


class WindowView(NamedTuple):
    """The open coup-fourré window (public: opened after EVERY hazard, MBR-10)."""

    team: int
    hazard: int
    attacker: Seat
    pending: tuple[Seat, ...]


class MilleBornesObservation(NamedTuple):
    """Everything ``viewer`` may know (None: a spectator). Cards are ints; ``phase`` indexes
    :data:`~mahai.games.mille_bornes.state.PHASES`; ``decision`` is the viewer's own:
    ``"turn"``, ``"coup_fourre"``, ``"extension"`` or None."""

    options: MilleBornesOptions
    players: int
    viewer: Seat | None
    teams: tuple[tuple[Seat, ...], ...]
    team_of: tuple[int, ...]
    dealer: Seat
    leg: int
    legs_played: int
    target: int
    base_target: int
    extension_team: int | None
    extension_available: bool
    draw_pile: int
    discard: tuple[int, ...]
    reshuffles: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    tableaux: tuple[TableauView, ...]
    turn: Seat
    phase: int
    to_act: tuple[Seat, ...]
    window: WindowView | None
    decision: str | None
    totals: tuple[int, ...]
    sheets: tuple[Sheet, ...]
    completers: tuple[int, ...]
    over: bool
    winners: tuple[Seat, ...]

    def deck_counts(self) -> tuple[int, ...]:
        """Copies of each card (index = card int) in this game's deck: 101 or 106 cards (MBR-2)."""
        return REDUCED_COUNTS if reduced_deck(self.options, self.players) else FULL_COUNTS

    def to_json(self) -> dict[str, Any]:
        """The JSON view (see the package docstring for its shape)."""
        w = self.window
        return {
            "game": "mille_bornes",
            "edition": self.options.edition,
            "options": _options_json(self.options),
            "players": self.players,
            "viewer": self.viewer,
            "teams": [list(t) for t in self.teams],
            "team_of": list(self.team_of),
            "direction": self.options.direction,
            "dealer": self.dealer,
            "leg": self.leg,
            "legs_played": self.legs_played,
            "target": self.target,
            "extension": {"available": self.extension_available, "called_by": self.extension_team},
            "draw_pile": self.draw_pile,
            "discard_top": CODES[self.discard[-1]] if self.discard else None,
            "discard": [CODES[c] for c in self.discard],
            "reshuffles": self.reshuffles,
            "hand": [CODES[c] for c in self.hand] if self.hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "tableaux": [t.to_json() for t in self.tableaux],
            "turn": self.turn,
            "phase": PHASES[self.phase],
            "to_act": list(self.to_act),
            "window": None if w is None else {"team": w.team, "hazard": CODES[w.hazard],
                                              "attacker": w.attacker, "pending": list(w.pending)},
            "decision": self.decision,
            "scores": {
                "totals": list(self.totals),
                "game_target": self.options.game_target if self.options.older_scoring else None,
                "legs": [sheet_to_json(s, i + 1, c, self.teams)
                         for i, (s, c) in enumerate(zip(self.sheets, self.completers, strict=True))],
            },
            "over": self.over,
            "winners": list(self.winners),
        }


_new: Final = tuple.__new__
"""``_new(NamedTupleClass, fields_in_order)``: a named tuple without its Python ``__new__``."""


@lru_cache(maxsize=64)
def _options_dict(options: MilleBornesOptions) -> tuple[tuple[str, Any], ...]:
    return tuple(options_to_dict(options).items())


def _options_json(options: MilleBornesOptions) -> dict[str, Any]:
    return dict(_options_dict(options))


def observe(state: MilleBornesState, viewer: Seat | None) -> MilleBornesObservation:
    """The projection of ``state`` for ``viewer`` (a seat, or None for a spectator). A viewer
    that is no seat of the table (negative, or ``players`` and beyond) sees what a spectator
    sees, as in Spades and DenboraZup: ``-1`` is not the last seat (hands are secret, "Hidden
    information" in docs/rules/mille-bornes.md)."""
    if viewer is not None and not 0 <= viewer < state.players:
        viewer = None
    # The named tuples are made with tuple.__new__ and their fields in order (as their _make
    # does): their own __new__ is Python code, called with keywords, even in the compiled build.
    st = state
    tableaux = tuple(
        _new(TableauView, (
            t, st.teams[t], tuple(st.battle[t]), tuple(st.speed[t]),  # team, seats, battle, speed
            tuple(st.dist[t]), st.km[t], st.n200[t],  # distance, km, two_hundreds
            tuple(st.safe_order[t]),  # safeties
            tuple(c for c in st.safe_order[t] if st.cf[t] & safety_bit(c)),  # coups_fourres
            st.rolling(t), st.speed_limited(t),  # rolling, speed_limited
            h if (h := st.active_hazard(t)) >= 0 else None, st.started[t],  # hazard, started
        ))
        for t in range(st.nteams)
    )
    window = None
    if st.win_team >= 0:
        window = _new(WindowView, (st.win_team, st.win_hazard, st.win_attacker, tuple(st.pending)))
    to_act = st.to_act()
    decision = None
    if viewer is not None and viewer in to_act:
        if st.phase == EXTEND:
            decision = "extension"
        elif viewer != st.turn:
            decision = "coup_fourre"
        else:
            decision = "turn"
    return _new(MilleBornesObservation, (
        st.options, st.players, viewer, st.teams, st.team_of,  # options .. team_of
        st.dealer, st.leg, st.legs_played, st.target, st.base_target,  # dealer .. base_target
        st.ext_team if st.ext_team >= 0 else None,  # extension_team
        st.short and st.ext_team < 0,  # extension_available
        len(st.draw_pile), tuple(st.discard), st.reshuffles,  # draw_pile, discard, reshuffles
        tuple(st.hands[viewer]) if viewer is not None else None,  # hand
        tuple(len(h) for h in st.hands), tableaux,  # hand_sizes, tableaux
        st.turn, st.phase, to_act, window, decision,  # turn, phase, to_act, window, decision
        tuple(st.totals), tuple(st.sheets), tuple(st.completers),  # totals, sheets, completers
        st.over, tuple(sorted(st.winners())) if st.winner_teams else (),  # over, winners
    ))
