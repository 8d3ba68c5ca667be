"""The Mille Bornes :class:`~mahai.core.Game`: factory, notation, the projection
(:class:`MilleBornesObservation`) and determinization for search bots."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from mahai.core.errors import InvalidOptions
from mahai.core.game import Action, Game, Seat
from mahai.core.options import options_from_mapping, options_to_dict
from mahai.core.text import Message
from mahai.games.mille_bornes.actions import MilleBornesAction, parse_action
from mahai.games.mille_bornes.cards import (
    CARD_OF,
    CODES,
    D200,
    FULL_COUNTS,
    KM,
    REDUCED_COUNTS,
    safety_bit,
)
from mahai.games.mille_bornes.options import EDITIONS, MilleBornesOptions, player_counts
from mahai.games.mille_bornes.state import (
    EXTEND,
    PHASES,
    MilleBornesState,
    Sheet,
    sheet_to_json,
)
from mahai.games.mille_bornes.text import describe_action, describe_event


@dataclass(frozen=True)
class TableauView:
    """One team's public tableau (cards as codes, piles bottom to top)."""

    team: int
    seats: tuple[Seat, ...]
    battle: tuple[str, ...]
    speed: tuple[str, ...]
    distance: tuple[str, ...]
    km: int
    two_hundreds: int
    safeties: tuple[str, ...]
    coups_fourres: tuple[str, ...]
    rolling: bool
    speed_limited: bool
    hazard: str | None
    started: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.team, "seats": list(self.seats), "battle": list(self.battle),
            "speed": list(self.speed), "distance": list(self.distance), "km": self.km,
            "two_hundreds": self.two_hundreds, "safeties": list(self.safeties),
            "coups_fourres": list(self.coups_fourres), "rolling": self.rolling,
            "speed_limited": self.speed_limited, "hazard": self.hazard, "started": self.started,
        }


@dataclass(frozen=True)
class WindowView:
    """The open coup-fourré window (public: opened after EVERY hazard)."""

    team: int
    hazard: str
    attacker: Seat
    pending: tuple[Seat, ...]


@dataclass(frozen=True)
class MilleBornesObservation:
    """Everything ``viewer`` may know (None: a spectator). See the package docstring
    for the JSON shape."""

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
    discard: tuple[str, ...]
    reshuffles: int
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    tableaux: tuple[TableauView, ...]
    turn: Seat
    phase: str
    to_act: tuple[Seat, ...]
    window: WindowView | None
    decision: str | None
    totals: tuple[int, ...]
    sheets: tuple[Sheet, ...]
    completers: tuple[int, ...]
    over: bool
    winners: tuple[Seat, ...]
    events: tuple[Mapping[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        w = self.window
        return {
            "game": "mille_bornes",
            "edition": self.options.edition,
            "options": options_to_dict(self.options),
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
            "discard_top": self.discard[-1] if self.discard else None,
            "discard": list(self.discard),
            "reshuffles": self.reshuffles,
            "hand": list(self.hand) if self.hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "tableaux": [t.to_json() for t in self.tableaux],
            "turn": self.turn,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "window": None if w is None else {"team": w.team, "hazard": w.hazard, "attacker": w.attacker,
                                              "pending": list(w.pending)},
            "decision": self.decision,
            "scores": {
                "totals": list(self.totals),
                "game_target": self.options.game_target if self.options.older_scoring else None,
                "legs": [sheet_to_json(s, i + 1, c, self.teams)
                         for i, (s, c) in enumerate(zip(self.sheets, self.completers, strict=True))],
            },
            "over": self.over,
            "winners": list(self.winners),
            "events": [dict(e) for e in self.events],
        }


class MilleBornes(Game[MilleBornesState, MilleBornesOptions]):
    """Mille Bornes: editions ``eu`` (default), ``classic``, ``2016``."""

    name = "mille_bornes"
    slug = "mille-bornes"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 5, 6)
    editions: ClassVar[Mapping[str, MilleBornesOptions]] = EDITIONS
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "mahai.bots.mille_bornes:heuristic"}

    def players(self, options: MilleBornesOptions) -> tuple[int, ...]:
        """2, 3, 4 or 6 players (MBR-1); 5 too with ``five_players`` (2016 team game)."""
        return player_counts(options)

    def default_edition(self, players: int | None = None) -> str:
        """``eu``, or the first edition that allows ``players`` (5: ``2016``)."""
        if players is None:
            return "eu"
        return next((name for name, opts in EDITIONS.items() if players in player_counts(opts)), "eu")

    def stats(self, state: MilleBornesState) -> dict[str, float]:
        """``{"legs": legs played}`` for ``mahai simulate``."""
        return {"legs": float(state.legs_played)}

    def options_from_json(self, data: Mapping[str, Any]) -> MilleBornesOptions:
        """Options saved by :func:`~mahai.core.options.options_to_dict`; a field missing
        from an older record takes its edition's value (``data["edition"]``).

        Raises:
            InvalidOptions: unknown edition, option or value.
        """
        edition = str(data.get("edition", "eu"))
        if edition not in EDITIONS:
            raise InvalidOptions("unknown_edition", edition=edition, choices=", ".join(EDITIONS))
        return options_from_mapping(EDITIONS[edition], data)

    def new(self, options: MilleBornesOptions, players: int, seed: int) -> MilleBornesState:
        """A new game, first leg dealt (MBR-3; seat 0 starts); chance from ``random.Random(seed)``.

        Raises:
            InvalidOptions: ``bad_player_count``.
        """
        self.check_players(options, players)
        return MilleBornesState(options, players, random.Random(seed))

    def parse_action(self, text: str) -> MilleBornesAction:
        """Notation → action (see :mod:`mahai.games.mille_bornes.actions`).

        Raises:
            MalformedAction: ``bad_notation``, ``unknown_card``, ``bad_card_for_verb``, ``bad_team``.
        """
        return parse_action(text)

    def describe_action(self, action: Action) -> Message:
        """A label for ``action`` (see :mod:`mahai.games.mille_bornes.text`).

        Raises:
            TypeError: not a Mille Bornes action.
        """
        return describe_action(action)  # type: ignore[arg-type]

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        """A sentence for a projected event, written for ``viewer`` (see
        :mod:`mahai.games.mille_bornes.text`)."""
        return describe_event(event, viewer)

    def observe(self, state: MilleBornesState, viewer: Seat | None) -> MilleBornesObservation:
        """The projection: the viewer's own hand, every tableau, pile counts, the discard pile,
        scores and sheets, whose turn, the open window, the viewer's decision and the recent
        events as the viewer may see them (``None``: a spectator, no hand)."""
        st = state
        tableaux = tuple(
            TableauView(
                team=t, seats=st.teams[t],
                battle=tuple(CODES[c] for c in st.battle[t]),
                speed=tuple(CODES[c] for c in st.speed[t]),
                distance=tuple(CODES[c] for c in st.dist[t]),
                km=st.km[t], two_hundreds=st.n200[t],
                safeties=tuple(CODES[c] for c in st.safe_order[t]),
                coups_fourres=tuple(CODES[c] for c in st.safe_order[t] if st.cf[t] & safety_bit(c)),
                rolling=st.rolling(t), speed_limited=st.speed_limited(t),
                hazard=CODES[h] if (h := st.active_hazard(t)) >= 0 else None,
                started=st.started[t],
            )
            for t in range(st.nteams)
        )
        window = None
        if st.win_team >= 0:
            window = WindowView(st.win_team, CODES[st.win_hazard], st.win_attacker, tuple(st.pending))
        to_act = st.to_act()
        decision = None
        if viewer is not None and viewer in to_act:
            if st.phase == EXTEND:
                decision = "extension"
            elif viewer != st.turn:
                decision = "coup_fourre"
            else:
                decision = "turn"
        events = tuple(p for e in st.log if (p := self.project_event(e, viewer)) is not None)
        return MilleBornesObservation(
            options=st.options, players=st.players, viewer=viewer, teams=st.teams, team_of=st.team_of,
            dealer=st.dealer, leg=st.leg, legs_played=st.legs_played, target=st.target,
            base_target=st.base_target, extension_team=st.ext_team if st.ext_team >= 0 else None,
            extension_available=st.short and st.ext_team < 0,
            draw_pile=len(st.draw_pile), discard=tuple(CODES[c] for c in st.discard),
            reshuffles=st.reshuffles,
            hand=tuple(CODES[c] for c in st.hands[viewer]) if viewer is not None else None,
            hand_sizes=tuple(len(h) for h in st.hands), tableaux=tableaux,
            turn=st.turn, phase=PHASES[st.phase], to_act=to_act, window=window, decision=decision,
            totals=tuple(st.totals), sheets=tuple(st.sheets), completers=tuple(st.completers),
            over=st.over, winners=tuple(sorted(st.winners())), events=events,
        )

    def determinize(self, observation: Any, rng: random.Random) -> MilleBornesState:
        """A full state consistent with a seat's observation: the viewer's hand and
        every public card kept; the unseen cards (the deck minus the viewer's hand,
        the tableaux and the discard pile) dealt at random to the other hands (their
        known sizes) and the draw pile (its known size).

        Raises:
            ValueError: a spectator's observation (no hand) or an inconsistent one.
        """
        obs: MilleBornesObservation = observation
        if obs.viewer is None or obs.hand is None:
            raise ValueError("determinize needs a seat's observation")
        st = MilleBornesState(obs.options, obs.players, random.Random(rng.getrandbits(64)), deal=False)
        counts = list(REDUCED_COUNTS if st.reduced else FULL_COUNTS)

        def take(codes: tuple[str, ...]) -> list[int]:
            cards = [CARD_OF[c] for c in codes]
            for c in cards:
                counts[c] -= 1
            return cards

        st.dealer, st.leg, st.legs_played, st.target = obs.dealer, obs.leg, obs.legs_played, obs.target
        st.ext_team = obs.extension_team if obs.extension_team is not None else -1
        st.reshuffles = obs.reshuffles
        st.discard = take(obs.discard)
        for tv in obs.tableaux:
            t = tv.team
            st.battle[t] = take(tv.battle)
            st.speed[t] = take(tv.speed)
            st.dist[t] = take(tv.distance)
            st.km[t] = sum(KM[c] for c in st.dist[t])
            st.n200[t] = st.dist[t].count(D200)
            st.safe_order[t] = take(tv.safeties)
            st.safe[t] = sum(safety_bit(c) for c in st.safe_order[t])
            st.cf[t] = sum(safety_bit(CARD_OF[c]) for c in tv.coups_fourres)
            st.started[t] = tv.started
        st.hands[obs.viewer] = take(obs.hand)
        if min(counts) < 0:
            raise ValueError("observation shows more cards than the deck holds")
        pool = [c for c, n in enumerate(counts) for _ in range(n)]
        rng.shuffle(pool)
        need = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.viewer) + obs.draw_pile
        if need != len(pool):
            raise ValueError("hand sizes and draw pile do not match the unseen cards")
        for seat, size in enumerate(obs.hand_sizes):
            if seat != obs.viewer:
                st.hands[seat] = pool[:size]
                del pool[:size]
        st.draw_pile = pool
        st.turn, st.phase = obs.turn, PHASES.index(obs.phase)
        if obs.window is not None:
            st.win_team, st.win_hazard = obs.window.team, CARD_OF[obs.window.hazard]
            st.win_attacker, st.pending = obs.window.attacker, list(obs.window.pending)
        st.totals = list(obs.totals)
        st.sheets = list(obs.sheets)
        st.completers = list(obs.completers)
        st.over = obs.over
        st.winner_teams = tuple(sorted({st.team_of[s] for s in obs.winners}))
        return st


GAME = MilleBornes()
