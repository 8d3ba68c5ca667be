"""Mille Bornes — rules engine (``docs/rules/mille-bornes.md``, MBR-1 … MBR-28).

Quick use (editions: eu, the default, classic, 2016, bsd)::

    >>> from mahai.games.mille_bornes import GAME
    >>> state = GAME.new(GAME.options("eu"), players=3, seed=7)
    >>> seat = state.to_act()[0]
    >>> events = state.apply(seat, GAME.parse_action("draw"))
    >>> GAME.view(state, seat)["phase"]                          # the JSON-ready projection
    'play'
    >>> from mahai.i18n import render
    >>> render(GAME.describe_event(GAME.project_event(events[0], 1), 1), "eu", lambda s: "Ane")
    'Ane: karta bat hartu du.'

Modules: :mod:`.cards` (cards as ints, codes, counts), :mod:`.options`
(:class:`MilleBornesOptions`, :data:`EDITIONS`), :mod:`.actions` (actions and notation),
:mod:`.state` (:class:`MilleBornesState`: the rules), :mod:`.scoring` (score sheets and the
end of the game, pure functions), :mod:`.view` (the projection:
:class:`MilleBornesObservation`), :mod:`.determinize`, :mod:`.text` (actions and events as
:class:`~mahai.core.text.Message` keys, written for the viewer).

Editions and options: :class:`MilleBornesOptions` (frozen; editions are the instances in
:data:`EDITIONS`, only data; one-line help per field in its ``metadata["help"]``). Players
(``GAME.players(options)``): 2, 3, 4, 6, and 5 with ``five_players`` (2016); only 2 with
``two_players_only`` (bsd, MBR-28). Other programs' rules (MBR-25..27): ``safety_restarts``
(a safety laid on its own hazard drives at once), ``extension_to_completer`` (the extension's
200 to whoever completes 1000), ``discard_safeties`` (off: a safety is never discarded,
refused with ``safety_discard_off``); the ``bsd`` edition turns on all three.
Teams (MBR-1): seats 0..n-1 in clockwise table order, team ids
0..k-1; with ``team_play`` and 4–6 players the team of seat ``s`` is ``s % ceil(n/2)`` (partners
opposite with 4, alternate seats with 6), otherwise every seat is its own team (team id = seat).
Direction: ``right`` = seat − 1 (eu, bsd), ``left`` = seat + 1 (classic, 2016): one reading of
“to the right” for every game (``docs/rules``, "Seats and direction"). Seat 0 starts leg 1;
the deal then passes on in the direction of play (MBR-17).

Cards are given by code: ``25 50 75 100 200``, hazards ``stop speed_limit out_of_gas flat_tire
accident``, remedies ``roll end_of_limit gasoline spare_tire repairs``, safeties ``right_of_way
extra_tank puncture_proof driving_ace``. Names in eu/en/es/fr: catalog ``mille_bornes``, msgid
``card.<code>`` (Basque: sheet 000 terms); score items ``score.<name>``; options ``option.<name>``.

Action notation (:mod:`.actions`; ``GAME.parse_action(a.notation()) == a``)::

    draw | draw discard | play 75 | play roll | remedy gasoline | remedy end_of_limit
    hazard stop 1          (card, target TEAM id)     | safety right_of_way
    coup_fourre extra_tank | decline | discard 25     | redraw 25 stop stop (fast game)
    extend yes | extend no ("segituko dut", MBR-12)

Turn structure. A turn is ``draw`` (phase ``draw``) then one play or discard (phase ``play``);
a safety gives the same seat a new turn (MBR-9). Once the draw pile is empty the draw phase is
skipped (``deck_exhaustion=play_out``), the leg ends (``end``) or the discard pile is shuffled
into a new draw pile (``reshuffle``, at most 3 times a leg, then play out). Drawing from the
discard pile is only offered while the draw pile is not empty. Completing exactly 700 on a short
trip puts the player in phase ``extend`` (only ``extend yes|no`` legal).

Coup-fourré protocol (MBR-10, MBR-23). After EVERY hazard a window opens for the attacked team,
whoever holds what: ``to_act()`` becomes ``(*pending, turn)`` where ``pending`` lists the attacked
team's members other than the next player, in table order. A pending seat may ``decline``, call
``coup_fourre <safety>`` if it holds the matching safety, or (fast game) play the matching remedy
(``play roll`` / ``remedy X``). The next player (``turn``) acts as usual; its ``draw`` closes the
window (eu), or its play/discard does (classic, 2016: ``coup_fourre_closes``); if the next player
is itself attacked it may call coup fourré before that point. Front ends: prompt every pending
seat first (the driver's "first seat in to_act" order does exactly this for bots) and only then
the next player. The window, ``pending`` and declines are public and identical whether or not
anybody holds the safety; errors for a wrong call go to the caller only. After a coup fourré the
hazard goes to the discard pile, the safety is laid crosswise, the caller draws one replacement
card and then takes a normal turn (draw, play): the seats in between lose their turns.

Fast game (``fast_game``): the hazard window also accepts the matching remedy from any attacked
player (a replacement card is drawn, play resumes with the next player); in the draw phase a turn
may instead be ``redraw <cards>``: discard them and draw back to six.

Scoring. Older scoring (eu, classic, bsd; ``older_scoring``): several legs to ``game_target``
(5000) points, sheet items ``distance safeties all_safeties coups_fourres trip delayed_action
safe_trip shut_out`` (+ ``extension`` when called), MBR-14…17 (MBR-26 with
``extension_to_completer``). 2016: one hand, items ``distance safeties
coups_fourres`` (MBR-24). ``state.scores()`` = team totals per seat; ``state.winners()`` = seats;
``state.legs_played``; ``GAME.stats(state)`` = ``{"legs": n}`` for ``mahai simulate``.

View JSON (``GAME.view(state, seat|None)``; :class:`MilleBornesObservation`)::

    {"game", "edition", "options": {...every option...}, "players", "viewer",
     "teams": [[0,2],[1,3]], "team_of", "direction", "dealer",
     "leg", "legs_played", "target", "extension": {"available", "called_by"},
     "draw_pile": 58, "discard_top": "stop"|null, "discard": [...], "reshuffles",
     "hand": ["25","roll",...] (viewer only; null for spectators), "hand_sizes": [6,6,6,6],
     "tableaux": [{"team", "seats", "battle", "speed", "distance", "km", "two_hundreds", "safeties",
                   "coups_fourres", "rolling", "speed_limited", "hazard", "started"}],
     "turn", "phase": "draw"|"play"|"extend"|"over", "to_act": [...],
     "window": null | {"team", "hazard", "attacker", "pending": [...]},
     "decision": null | "turn" | "coup_fourre" | "extension"   (the viewer's own),
     "scores": {"totals": [...per team], "game_target", "legs": [{"leg", "completed_by",
                "teams": [{"team", "seats", "items": [{"name", "points"}], "total"}]}]},
     "over", "winners": [seats]}

The observation itself (:class:`MilleBornesObservation`) holds ints: cards as in :mod:`.cards`
(``CODES[card]`` is the code), ``phase`` as an index into :data:`PHASES`.

Events (``Game.project_event``; the set-up's first deal is ``state.start_events``)::

    leg_start {leg, dealer, target, draw_pile}     deal {seat, cards} (others: {seat, count})
    draw {seat, source: pile|discard, card, why: turn|coup_fourre|fast_remedy|redraw}
         (a pile draw for others: no card)        discard {seat, card}
    distance {seat, team, card, km}                remedy {seat, team, card[, fast]}
    hazard {seat, team, card, seats}               window {team, hazard, pending, seats}
    safety {seat, team, card}                      decline {seat}
    coup_fourre {seat, team, card, hazard}         extension_question {seat, team}
    extension {seat, team, yes}                    redraw {seat, cards}
    reshuffle {draw_pile}                          game_end {winners, teams, totals}
    leg_end {leg, completed_by, points, totals, completed_seats}

(``seats``: the members of ``team``; ``completed_seats``: of the team that completed the trip.)
``GAME.describe_event(projected, viewer)`` and ``GAME.describe_action(action)`` give the text.

Search bots: ``GAME.determinize(observation, rng)`` → a full :class:`MilleBornesState`
consistent with the seat's knowledge; ``state.clone()`` is cheap (plain lists of ints).
Errors: :class:`~mahai.core.IllegalAction` / ``MalformedAction`` with ``domain="mille_bornes"``
and a reason code (catalogs ``mahai/locale/*/LC_MESSAGES/mille_bornes.po``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from mahai.core.errors import InvalidOptions
from mahai.core.game import Action, Game, Seat
from mahai.core.options import options_from_mapping
from mahai.core.text import Message
from mahai.games.mille_bornes.actions import (
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extend,
    Hazard,
    MilleBornesAction,
    Play,
    Redraw,
    Remedy,
    Safety,
    parse_action,
)
from mahai.games.mille_bornes.cards import (
    ACCIDENT,
    CARD_OF,
    CODES,
    D25,
    D50,
    D75,
    D100,
    D200,
    DRIVING_ACE,
    END_OF_LIMIT,
    EXTRA_TANK,
    FLAT_TIRE,
    FULL_COUNTS,
    GASOLINE,
    KM,
    OUT_OF_GAS,
    PUNCTURE_PROOF,
    REDUCED_COUNTS,
    REMEDY_OF,
    REPAIRS,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY_OF,
    SPARE_TIRE,
    SPEED_LIMIT,
    STOP,
    is_distance,
    is_hazard,
    is_remedy,
    is_safety,
)
from mahai.games.mille_bornes.determinize import determinize
from mahai.games.mille_bornes.options import EDITIONS, MilleBornesOptions, player_counts
from mahai.games.mille_bornes.scoring import Sheet, TeamLeg, game_winners, leg_sheet
from mahai.games.mille_bornes.state import DRAW, EXTEND, OVER, PHASES, PLAY, MilleBornesState, teams_for
from mahai.games.mille_bornes.text import describe_action, describe_event
from mahai.games.mille_bornes.view import MilleBornesObservation, TableauView, WindowView, observe


class MilleBornes(Game[MilleBornesState, MilleBornesOptions]):
    """Mille Bornes: editions ``eu`` (default), ``classic``, ``2016``, ``bsd``."""

    name = "mille_bornes"
    slug = "mille-bornes"
    stat_names: ClassVar[tuple[str, ...]] = ("legs",)
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 5, 6)
    editions: ClassVar[Mapping[str, MilleBornesOptions]] = EDITIONS
    bots: ClassVar[Mapping[str, str]] = {  # levels by strength, strongest first (mahai.bots.levels)
        level: f"mahai.bots.levels:mille_bornes_{level}" for level in ("expert", "strong", "medium", "easy")}

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
        """See :func:`mahai.games.mille_bornes.view.observe`."""
        return observe(state, viewer)

    def determinize(self, observation: Any, rng: random.Random) -> MilleBornesState:
        """See :func:`mahai.games.mille_bornes.determinize.determinize` (raises ``ValueError``
        for a spectator's or an inconsistent observation)."""
        return determinize(observation, rng)


GAME = MilleBornes()

__all__ = [
    "ACCIDENT", "CARD_OF", "CODES", "D25", "D50", "D75", "D100", "D200", "DRAW", "DRIVING_ACE",
    "EDITIONS", "END_OF_LIMIT", "EXTEND", "EXTRA_TANK", "FLAT_TIRE", "FULL_COUNTS", "GAME", "GASOLINE",
    "KM", "OUT_OF_GAS", "OVER", "PHASES", "PLAY", "PUNCTURE_PROOF", "REDUCED_COUNTS", "REMEDY_OF",
    "REPAIRS", "RIGHT_OF_WAY", "ROLL", "SAFETY_OF", "SPARE_TIRE", "SPEED_LIMIT", "STOP",
    "CoupFourre", "Decline", "Discard", "Draw", "Extend", "Hazard", "MilleBornes", "MilleBornesAction",
    "MilleBornesObservation", "MilleBornesOptions", "MilleBornesState", "Play", "Redraw", "Remedy",
    "Safety", "Sheet", "TableauView", "TeamLeg", "WindowView", "game_winners", "is_distance", "is_hazard",
    "is_remedy", "is_safety", "leg_sheet", "parse_action", "teams_for",
]
