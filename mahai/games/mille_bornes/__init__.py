"""Mille Bornes — rules engine (``docs/rules/mille-bornes.md``, MBR-1 … MBR-24).

Quick use::

    from mahai.games.mille_bornes import GAME
    state = GAME.new(GAME.options("eu"), players=3, seed=7)     # editions: eu (default), classic, 2016
    seat = state.to_act()[0]
    state.apply(seat, GAME.parse_action("draw"))
    GAME.view(state, seat)                                       # JSON-ready projection

Editions and options: :class:`MilleBornesOptions` (frozen; editions are the instances in
:data:`EDITIONS`, only data; one-line help per field in its ``metadata["help"]``). Players
(``GAME.players(options)``): 2, 3, 4, 6, and 5 with ``five_players`` (2016).
Teams (MBR-1): seats 0..n-1 in clockwise table order, team ids
0..k-1; with ``team_play`` and 4–6 players the team of seat ``s`` is ``s % ceil(n/2)`` (partners
opposite with 4, alternate seats with 6), otherwise every seat is its own team (team id = seat).
Direction: ``right`` = seat − 1 (eu), ``left`` = seat + 1 (classic, 2016). Seat 0 starts leg 1;
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

Scoring. Older scoring (eu, classic; ``older_scoring``): several legs to ``game_target`` (5000)
points, sheet items ``distance safeties all_safeties coups_fourres trip delayed_action safe_trip
shut_out`` (+ ``extension`` when called), MBR-14…17. 2016: one hand, items ``distance safeties
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
     "over", "winners": [seats], "events": [recent projected events]}

Events (``Game.project_event``): ``leg_start deal draw discard distance remedy hazard window decline
safety coup_fourre extension_question extension redraw reshuffle leg_end game_end``; ``deal`` and
pile ``draw`` show the cards to their seat only (others get the count / no card).

Search bots: ``GAME.determinize(observation, rng)`` → a full :class:`MilleBornesState`
consistent with the seat's knowledge; ``state.clone()`` is cheap (plain lists of ints).
Errors: :class:`~mahai.core.IllegalAction` / ``MalformedAction`` with ``domain="mille_bornes"``
and a reason code (catalogs ``mahai/locale/*/LC_MESSAGES/mille_bornes.po``).
"""

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
from mahai.games.mille_bornes.cards import CODES
from mahai.games.mille_bornes.game import GAME, MilleBornes, MilleBornesObservation, TableauView, WindowView
from mahai.games.mille_bornes.options import EDITIONS, MilleBornesOptions
from mahai.games.mille_bornes.state import PHASES, MilleBornesState, teams_for

__all__ = [
    "CODES", "EDITIONS", "GAME", "PHASES",
    "CoupFourre", "Decline", "Discard", "Draw", "Extend", "Hazard", "MilleBornes", "MilleBornesAction",
    "MilleBornesObservation", "MilleBornesOptions", "MilleBornesState", "Play", "Redraw", "Remedy",
    "Safety", "TableauView", "WindowView", "parse_action", "teams_for",
]
