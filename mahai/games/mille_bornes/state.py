"""The state of a Mille Bornes game: legs, turns, the coup-fourré window, scoring.

Everything is plain lists of ints (cards are ints, see :mod:`.cards`) so that
:meth:`~mahai.core.game.State.clone` (core's, from the declared :attr:`clone_lists` and
:attr:`clone_nested`) is cheap. Each rule is written once, as a ``_*_error`` method that
names the rule broken; :meth:`MilleBornesState.legal_actions` and
:meth:`MilleBornesState.verify` both ask it. Rule ids refer to ``docs/rules/mille-bornes.md``.
"""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from mahai.core.errors import IllegalAction, NotYourTurn
from mahai.core.game import Event, Seat, State
from mahai.games.mille_bornes import actions
from mahai.games.mille_bornes.actions import DOMAIN, MilleBornesAction, check_action
from mahai.games.mille_bornes.cards import (
    ACCIDENT,
    CARD_OF,
    CODES,
    D200,
    END_OF_LIMIT,
    FULL_COUNTS,
    HAZARD_OF_REMEDY,
    KM,
    N_KINDS,
    REDUCED_COUNTS,
    REMEDY_OF,
    REPAIRS,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY_OF,
    SPEED_LIMIT,
    STOP,
    deck,
)
from mahai.games.mille_bornes.options import MilleBornesOptions
from mahai.games.mille_bornes.scoring import Sheet, TeamLeg, game_winners, leg_sheet, row_total

# The action classes as Final names: the compiled build keeps them in C statics, where names
# imported from a Python module (the actions stay Python, see setup.py) are looked up in the
# module's dict at every use (every isinstance of every action).
CoupFourre: Final = actions.CoupFourre
Decline: Final = actions.Decline
Discard: Final = actions.Discard
Draw: Final = actions.Draw
Extend: Final = actions.Extend
Hazard: Final = actions.Hazard
Play: Final = actions.Play
Redraw: Final = actions.Redraw
Remedy: Final = actions.Remedy
Safety: Final = actions.Safety

# An action's class as a small int (:func:`_kind`), read once per verify and per _do: each
# isinstance that fails on a Python class also looks up the object's __class__ (≈ 150
# instructions compiled), and verify and _do tested up to 8 classes each per card played.
K_NONE: Final = 0  # no action class (a wrong object: refused as the isinstance chains refused it)
K_EXTEND: Final = 1
K_DECLINE: Final = 2
K_COUP_FOURRE: Final = 3
K_DRAW: Final = 4
K_REDRAW: Final = 5
K_PLAY: Final = 6
K_REMEDY: Final = 7
K_HAZARD: Final = 8
K_SAFETY: Final = 9
K_DISCARD: Final = 10
_KIND_OF: Final[dict[type, int]] = {
    Extend: K_EXTEND, Decline: K_DECLINE, CoupFourre: K_COUP_FOURRE, Draw: K_DRAW, Redraw: K_REDRAW,
    Play: K_PLAY, Remedy: K_REMEDY, Hazard: K_HAZARD, Safety: K_SAFETY, Discard: K_DISCARD}


def _kind(action: object) -> int:
    """The class of ``action`` as a ``K_*`` code: one dict look-up by its exact class. The
    action classes are unrelated (each derives from ``object`` only), so an object is an
    instance of at most one of them: a subclass's instance gets its base's code through
    ``isinstance``, anything else ``K_NONE`` (every ``isinstance`` test it replaces was false)."""
    kind = _KIND_OF.get(type(action), K_NONE)
    if kind == K_NONE:
        for cls, code in _KIND_OF.items():
            if isinstance(action, cls):
                return code
    return kind


def _fields_ok(action: Any, kind: int) -> bool:
    """Whether ``action`` (of class ``kind``: :func:`_kind`) has the fields a notation gives:
    :func:`~mahai.games.mille_bornes.actions.check_action`'s test, compiled with the state (that
    Python function, called at every apply, cost the compiled random leg ≈ 8 %); ``_check`` calls
    ``check_action`` only for its error."""
    if kind >= K_PLAY or kind == K_COUP_FOURRE:  # a card: Play, Remedy, Hazard, Safety, Discard
        card = action.card
        if type(card) is not str or card not in CARD_OF:
            return False
        return kind != K_HAZARD or type(action.team) is int
    if kind == K_DRAW:
        return bool(action.source == "pile" or action.source == "discard")
    if kind == K_EXTEND:
        return type(action.yes) is bool
    if kind == K_REDRAW:
        return all(type(c) is str and c in CARD_OF for c in action.cards)
    return kind == K_DECLINE


DRAW: Final = 0
PLAY: Final = 1
EXTEND: Final = 2
OVER: Final = 3
PHASES: Final = ("draw", "play", "extend", "over")
HAND_SIZE: Final = 6
MAX_RESHUFFLES: Final = 3
"""Engine ruling (the sheets are silent): with ``deck_exhaustion=reshuffle`` the
discard pile becomes the draw pile at most this many times per leg, then the
hands are played out, so every leg ends."""


def teams_for(options: MilleBornesOptions, players: int) -> tuple[tuple[Seat, ...], ...]:
    """Team members by team id (MBR-1): alone with 2 or 3 players (or without
    ``team_play``); with 4–6 players and ``team_play``, teams of two in
    alternate seats, team of seat ``s`` = ``s % ceil(n/2)`` (4: {0,2},{1,3};
    6: {0,3},{1,4},{2,5}; 5 (2016): {0,3},{1,4},{2})."""
    if options.team_play and players >= 4:
        k = (players + 1) // 2
        return tuple(tuple(s for s in range(players) if s % k == t) for t in range(k))
    return tuple((s,) for s in range(players))


def short_trip(options: MilleBornesOptions, players: int) -> bool:
    """True when the leg is 700 km with the extension question (MBR-12): 3 or 6
    players, and 2 players with ``trip_by_players``; never without ``short_trip`` (2016, MBR-22)."""
    if not options.short_trip:
        return False
    if players == 2:
        return options.trip_by_players
    return players in (3, 6)


def reduced_deck(options: MilleBornesOptions, players: int) -> bool:
    """True for the 101-card deck (MBR-2): 2 or 3 players on a short trip."""
    return players in (2, 3) and short_trip(options, players)


class Rules(NamedTuple):
    """The options the rules read at every action, read once from :class:`MilleBornesOptions`
    (a named tuple: the compiled build reads its fields by index, not by attribute lookups on
    the options dataclass). ``closes_on_draw``: ``coup_fourre_closes == "draw"``."""

    fast_game: bool
    draw_from_discard: bool
    discard_safeties: bool
    roll_after_remedy: bool
    safety_restarts: bool
    exceed_target: bool
    hazard_before_first_roll: bool
    hazard_on_hazard: bool
    closes_on_draw: bool
    deck_exhaustion: str


def rules_of(options: MilleBornesOptions) -> Rules:
    """The :class:`Rules` of ``options``."""
    return Rules(options.fast_game, options.draw_from_discard, options.discard_safeties,
                 options.roll_after_remedy, options.safety_restarts, options.exceed_target,
                 options.hazard_before_first_roll, options.hazard_on_hazard,
                 options.coup_fourre_closes == "draw", options.deck_exhaustion)


_ONLY: Final[tuple[frozenset[Seat], ...]] = tuple(frozenset({s}) for s in range(8))
"""``frozenset({seat})`` by seat: the audience of a private event, made once (frozen, shared)."""


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def _illegal(code: str, **params: str | int) -> IllegalAction:
    """An IllegalAction of this domain; card params become ``card.<code>`` msgids so
    that :func:`mahai.i18n.explain` shows the card's name in the player's language."""
    for key in ("card", "hazard"):
        value = params.get(key)
        if isinstance(value, str):
            params[key] = "card." + value
    return IllegalAction(code, domain=DOMAIN, **params)


# Compiled (mypyc): created without __init__ by clone() and determinize(), which a
# class that allows interpreted subclasses permits (its __new__ does not call __init__).
@mypyc_attr(allow_interpreted_subclasses=True)
class MilleBornesState(State[MilleBornesAction]):
    """A Mille Bornes game (all its legs).

    Public attributes (read-only for callers): ``options``, ``players``,
    ``teams`` (members per team id), ``team_of`` (team id per seat), ``leg``
    (1-based), ``legs_played``, ``dealer``, ``turn``, ``phase`` (index into
    :data:`PHASES`), ``target`` (km), ``totals`` (game points per team),
    ``sheets`` (one :data:`Sheet` per finished leg), ``hands``, ``draw_pile``,
    ``discard`` (cards as ints), and the team tableaux ``battle``, ``speed``,
    ``dist``, ``km``, ``n200``, ``safe``/``cf`` (safety bit masks), ``safe_order``; ``rules``
    (:class:`Rules`, from ``options``: replace both together).
    The first deal's events are :attr:`start_events`.
    """

    clone_lists: ClassVar[tuple[str, ...]] = (
        "totals", "sheets", "completers", "draw_pile", "discard", "km", "n200", "safe", "cf",
        "started", "pending")
    clone_nested: ClassVar[tuple[str, ...]] = ("hands", "battle", "speed", "dist", "safe_order")

    def __init__(self, options: MilleBornesOptions, players: int, rng: random.Random,
                 deal: bool = True) -> None:
        if _FILL_DICT_SLOT and type(self) is MilleBornesState:  # (see _FILL_DICT_SLOT)
            setattr(self, "__dict__", {})  # noqa: B010 - not an attribute mypy knows to be settable
        super().__init__(players, rng)
        self.options = options
        self.rules = rules_of(options)
        self.teams = teams_for(options, players)
        self.nteams = len(self.teams)
        self.team_of: tuple[int, ...] = tuple(
            next(t for t, members in enumerate(self.teams) if s in members) for s in range(players))
        self.step = 1 if options.direction == "left" else -1
        self.short = short_trip(options, players)
        self.reduced = reduced_deck(options, players)
        self.base_target = 700 if self.short else 1000
        # game
        self.dealer = (0 - self.step) % players  # seat 0 starts the first leg
        self.leg = 0
        self.legs_played = 0
        self.totals = [0] * self.nteams
        self.sheets: list[Sheet] = []
        self.completers: list[int] = []
        self.over = False
        self.winner_teams: tuple[int, ...] = ()
        self._reset_leg()
        if deal:
            self._new_leg(self.start_events)

    # ------------------------------------------------------------------ setup
    def _reset_leg(self) -> None:
        k = self.nteams
        self.draw_pile: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.battle: list[list[int]] = [[] for _ in range(k)]
        self.speed: list[list[int]] = [[] for _ in range(k)]
        self.dist: list[list[int]] = [[] for _ in range(k)]
        self.km = [0] * k
        self.n200 = [0] * k
        self.safe = [0] * k
        self.cf = [0] * k
        self.safe_order: list[list[int]] = [[] for _ in range(k)]
        self.started = [False] * k
        self.target = self.base_target
        self.ext_team = -1
        self.turn = 0
        self.phase = DRAW
        self.win_team = -1
        self.win_hazard = -1
        self.win_attacker = -1
        self.pending: list[Seat] = []
        self.reshuffles = 0

    def _new_leg(self, events: list[Event]) -> None:
        """Deal a new leg (MBR-3; MBC-9: everything per leg is reset)."""
        self._reset_leg()
        self.leg += 1
        self.dealer = (self.dealer + self.step) % self.players if self.leg > 1 else self.dealer
        pile = deck(self.reduced)
        self.rng.shuffle(pile)
        first = (self.dealer + self.step) % self.players
        order = [(first + i * self.step) % self.players for i in range(self.players)]
        for _ in range(HAND_SIZE):
            for seat in order:
                self.hands[seat].append(pile.pop())
        self.draw_pile = pile
        events.append(Event("leg_start", {"leg": self.leg, "dealer": self.dealer, "target": self.target,
                                          "draw_pile": len(pile)}))
        for seat in order:
            events.append(Event("deal", {"seat": seat, "cards": [CODES[c] for c in self.hands[seat]]},
                                audience=_ONLY[seat], redacted={"seat": seat, "count": HAND_SIZE}))
        self._start_turn(first, events)

    # ------------------------------------------------------------ rule helpers
    def active_hazard(self, team: int) -> int:
        """The hazard in force on ``team``'s battle pile (its card int), or -1:
        the top card if it is a hazard not cancelled by a shown safety (MBR-9)."""
        b = self.battle[team]
        if not b:
            return -1
        top = b[-1]
        if STOP <= top <= ACCIDENT and not self.safe[team] & (1 << (SAFETY_OF[top] - RIGHT_OF_WAY)):
            return top
        return -1

    def rolling(self, team: int) -> bool:
        """Whether ``team`` may play distance as far as the battle pile goes
        (MBR-5, MBR-8, MBR-9, MBR-21, MBR-25)."""
        b = self.battle[team]
        row = self.safe[team] & 1
        if not b:
            return bool(row)
        top = b[-1]
        if STOP <= top <= ACCIDENT:
            if not self.safe[team] & (1 << (SAFETY_OF[top] - RIGHT_OF_WAY)):
                return False
            # The hazard on top is cancelled by a safety laid on it in a normal turn (a coup
            # fourré takes the hazard away): MBR-9 wants a roll, MBR-25 (BSD) drives at once.
            return bool(row) or not self.rules.roll_after_remedy or self.rules.safety_restarts
        if row or top == ROLL:
            return True
        return not self.rules.roll_after_remedy

    def speed_limited(self, team: int) -> bool:
        """A speed limit is in force on ``team`` (MBR-7)."""
        s = self.speed[team]
        return bool(s) and s[-1] == SPEED_LIMIT and not self.safe[team] & 1

    def next_seat(self, seat: Seat) -> Seat:
        """The seat after ``seat`` in the direction of play (MBR-3)."""
        return (seat + self.step) % self.players

    def in_window(self, seat: Seat) -> bool:
        """``seat`` may still answer the hazard just played (coup fourré, decline,
        fast-game remedy): it is in the attacked team and the window is open for it."""
        return self.win_team >= 0 and self.team_of[seat] == self.win_team and (
            seat in self.pending or seat == self.turn)

    # ------------------------------------------------------------ contract
    def to_act(self) -> tuple[Seat, ...]:
        """The turn player, preceded while a coup-fourré window is open by every
        attacked player who has not declined yet (whether or not they hold the
        safety: this tuple is public and must not tell)."""
        if self.over:
            return ()
        if self.pending:
            return (*self.pending, self.turn)
        return (self.turn,)

    def must_wait(self, seat: Seat) -> bool:
        """The turn player waits while attacked players may still answer the
        hazard: its draw (or play) would close their coup-fourré window (MBR-10)."""
        return bool(self.pending) and seat == self.turn and seat not in self.pending

    @property
    def is_over(self) -> bool:
        return self.over

    def winners(self) -> frozenset[Seat]:
        return frozenset(s for t in self.winner_teams for s in self.teams[t])

    def scores(self) -> tuple[float, ...]:
        """Each seat's team total: game points over the legs played."""
        return tuple(float(self.totals[self.team_of[s]]) for s in range(self.players))

    def _check(self, seat: Seat, action: MilleBornesAction) -> None:
        if self.over or (seat != self.turn and seat not in self.pending):  # not in to_act()
            if isinstance(action, CoupFourre) and not self.over:
                raise _illegal("window_closed", card=action.card)
            raise NotYourTurn("not_your_turn", seat=seat)
        kind = _kind(action)
        if not _fields_ok(action, kind):  # an action built by hand: its fields first
            check_action(action)  # raises MalformedAction
        self._verify(seat, action, kind)

    # ------------------------------------------------------------ legality
    def _has(self, seat: Seat, code: str) -> int:
        card = CARD_OF[code]
        if card not in self.hands[seat]:
            raise _illegal("card_not_in_hand", card=code)
        return card

    def fast_remedy_open(self, seat: Seat) -> bool:
        """Fast game: ``seat`` may still answer the hazard just played with its remedy, out
        of turn (an attacked player before the next player's draw)."""
        return self.rules.fast_game and self.in_window(seat) and (seat != self.turn or self.phase == DRAW)

    def _is_fast_remedy(self, seat: Seat, action: MilleBornesAction, kind: int) -> bool:
        """Whether ``action`` (of class ``kind``: :func:`_kind`) is a fast-game answer to the
        hazard just played (not yet verified)."""
        return ((kind == K_REMEDY or kind == K_PLAY)
                and ROLL <= CARD_OF[action.card] <= REPAIRS  # type: ignore[union-attr]
                and self.fast_remedy_open(seat))

    def _window_answer(self, seat: Seat, action: MilleBornesAction, kind: int) -> bool:
        """Verify an out-of-turn answer (of class ``kind``: :func:`_kind`) to the hazard just
        played; True if it is one."""
        if kind == K_COUP_FOURRE:
            code: str = action.card  # type: ignore[union-attr]
            if not self.in_window(seat):
                raise _illegal("window_closed", card=code)
            if SAFETY_OF[self.win_hazard] != CARD_OF[code]:
                raise _illegal("wrong_safety", card=code, hazard=CODES[self.win_hazard])
            self._has(seat, code)
            return True
        if self._is_fast_remedy(seat, action, kind):
            card = action.card  # type: ignore[union-attr]
            if REMEDY_OF[self.win_hazard] != CARD_OF[card]:
                raise _illegal("wrong_remedy", card=card, hazard=CODES[self.win_hazard])
            self._has(seat, card)
            return True
        return False

    def verify(self, seat: Seat, action: MilleBornesAction) -> None:
        """Raise :class:`IllegalAction` with the reason code of the rule broken."""
        self._verify(seat, action, _kind(action))

    def _verify(self, seat: Seat, action: MilleBornesAction, kind: int) -> None:
        """:meth:`verify` of an action of class ``kind`` (:func:`_kind`, read once by ``_check``)."""
        if self.phase == EXTEND:
            if kind != K_EXTEND:
                raise _illegal("must_answer_extension")
            return
        if kind == K_EXTEND:
            raise _illegal("no_extension_question")
        if seat != self.turn:  # an attacked player in the coup-fourré window
            if kind == K_DECLINE:
                return
            if not self._window_answer(seat, action, kind):
                raise _illegal("only_window_answers")
            return
        if kind == K_DECLINE:
            raise _illegal("nothing_to_decline")
        if kind == K_COUP_FOURRE or (self.phase == DRAW and self._window_answer(seat, action, kind)):
            self._window_answer(seat, action, kind)
            return
        if self.phase == DRAW:
            if kind == K_DRAW:
                if action.source == "pile":  # type: ignore[union-attr]
                    if not self.draw_pile:
                        raise _illegal("draw_pile_empty")
                    return
                if not self.rules.draw_from_discard:
                    raise _illegal("draw_from_discard_off")
                if not self.discard:
                    raise _illegal("discard_pile_empty")
                return
            if kind == K_REDRAW:
                if not self.rules.fast_game:
                    raise _illegal("not_fast_game")
                hand = list(self.hands[seat])
                for code in action.cards:  # type: ignore[union-attr]
                    card = CARD_OF[code]
                    if card not in hand:
                        raise _illegal("card_not_in_hand", card=code)
                    if card >= RIGHT_OF_WAY and not self.rules.discard_safeties:
                        raise _illegal("safety_discard_off", card=code)  # MBR-27
                    hand.remove(card)
                return
            raise _illegal("must_draw_first")
        if kind == K_DRAW or kind == K_REDRAW:
            raise _illegal("already_drawn")
        card = self._has(seat, action.card)  # type: ignore[union-attr]
        if kind == K_DISCARD and card >= RIGHT_OF_WAY and not self.rules.discard_safeties:
            raise _illegal("safety_discard_off", card=action.card)  # type: ignore[union-attr]  # MBR-27
        if kind == K_DISCARD or kind == K_SAFETY:
            return
        team = self.team_of[seat]
        target = -1
        if kind == K_PLAY:
            error = self._roll_error(team) if card == ROLL else self._distance_error(team, card)
        elif kind == K_REMEDY:
            error = self._remedy_error(team, card)
        elif kind == K_HAZARD:
            target = action.team  # type: ignore[union-attr]
            error = self._hazard_error(team, card, target)
        else:  # pragma: no cover - other actions never reach here
            error = None
        if error is not None:
            raise _illegal(error, **self._error_params(error, team, card, target))

    # Each rule check returns the reason code of the rule broken (None: allowed), without
    # building anything (legal_actions asks them for every card in hand); the parameters of
    # the error are made only when verify raises it (_error_params).
    def _error_params(self, code: str, team: int, card: int, target: int) -> dict[str, str | int]:
        """The parameters of the IllegalAction ``code`` raised by a rule check of ``team``
        playing ``card`` (against ``target`` for a hazard)."""
        if code == "need_remedy":
            return {"hazard": CODES[self.active_hazard(team)]}
        if code in ("limit_only_25_50", "no_hazard_to_remedy"):
            return {"card": CODES[card]}
        if code == "over_target":
            return {"card": CODES[card], "km": self.km[team], "target": self.target}
        if code == "wrong_remedy":
            return {"card": CODES[card], "hazard": CODES[self.active_hazard(team)]}
        if code == "protected_by_safety":
            return {"card": CODES[card], "team": target}
        if code in ("no_such_team", "speed_limit_in_force", "hazard_on_hazard", "not_rolling"):
            return {"team": target}
        return {}

    def _roll_error(self, team: int) -> str | None:
        """MBR-5, MBR-8: a roll starts a team and answers stop."""
        if self.safe[team] & 1:
            return "right_of_way_shown"
        act = self.active_hazard(team)
        if act >= 0 and act != STOP:
            return "need_remedy"
        if self.rolling(team):
            return "already_rolling"
        return None

    def _distance_error(self, team: int, card: int) -> str | None:
        """MBR-5, MBR-7, MBR-11, MBR-22."""
        if self.active_hazard(team) >= 0:
            return "need_remedy"
        if not self.rolling(team):
            return "need_roll"
        if card > 1 and self.speed_limited(team):
            return "limit_only_25_50"
        if card == D200 and self.n200[team] >= 2:
            return "too_many_200"
        if self.km[team] + KM[card] > self.target and not self.rules.exceed_target:
            return "over_target"
        return None

    def _remedy_error(self, team: int, card: int) -> str | None:
        """MBR-7 (end of limit), MBR-8 (the matching remedy on top of the hazard)."""
        if card == END_OF_LIMIT:
            if not self.speed_limited(team):
                return "no_speed_limit"
            return None
        act = self.active_hazard(team)
        if act < 0:
            return "no_hazard_to_remedy"
        if HAZARD_OF_REMEDY[card] != act:
            return "wrong_remedy"
        return None

    def _hazard_error(self, team: int, card: int, target: int) -> str | None:
        """MBR-6, MBR-7, MBR-21 and the FAQ flags."""
        if not 0 <= target < self.nteams:
            return "no_such_team"
        if target == team:
            return "own_team"
        if self.safe[target] & (1 << (SAFETY_OF[card] - RIGHT_OF_WAY)):
            return "protected_by_safety"
        if card == SPEED_LIMIT:
            if self.speed_limited(target):
                return "speed_limit_in_force"
            return None
        if not self.rules.hazard_before_first_roll and not self.started[team]:
            return "no_first_roll_yet"
        if self.active_hazard(target) >= 0:
            if not self.rules.hazard_on_hazard:
                return "hazard_on_hazard"
            return None
        if not self.rolling(target):
            return "not_rolling"
        return None

    # ------------------------------------------------------------ legal actions
    def legal_actions(self, seat: Seat) -> list[MilleBornesAction]:
        """Every legal action of ``seat`` now, in a stable order (empty if it owes nothing)."""
        if self.over or (seat != self.turn and seat not in self.pending):  # not in to_act()
            return []
        if self.phase == EXTEND:
            return [_EXTEND_YES, _EXTEND_NO]
        out: list[MilleBornesAction] = []
        hand = self.hands[seat]
        if seat != self.turn:
            out.append(_DECLINE)
            self._window_options(seat, hand, out)
            return out
        if self.phase == DRAW:
            if self.draw_pile:
                out.append(_DRAW)
            if self.rules.draw_from_discard and self.discard:
                out.append(_DRAW_DISCARD)
            if self.rules.fast_game and self.draw_pile:
                out.extend(_redraws(hand, self.rules.discard_safeties))
            if self.win_team >= 0:
                self._window_options(seat, hand, out)
            return out
        team = self.team_of[seat]
        held = 0  # the kinds of card in hand, as bits: each kind once, in card order
        for card in hand:
            held |= 1 << card
        distinct = [card for card in range(N_KINDS) if held >> card & 1]
        for card in distinct:
            if card <= D200:
                if self._distance_error(team, card) is None:
                    out.append(_LAY[card])
            elif card <= ACCIDENT:
                hazards = _HAZARD[card]
                for target in range(self.nteams):
                    if target != team and self._hazard_error(team, card, target) is None:
                        out.append(hazards[target])
            elif card == ROLL:
                if self._roll_error(team) is None:
                    out.append(_LAY[card])
            elif card <= REPAIRS:
                if self._remedy_error(team, card) is None:
                    out.append(_LAY[card])
            else:
                out.append(_LAY[card])
        if self.win_team >= 0:
            self._window_options(seat, hand, out)
        safeties = self.rules.discard_safeties  # MBR-27: without it, safeties are only laid
        for card in distinct:
            if safeties or card < RIGHT_OF_WAY:
                out.append(_DISCARD[card])
        return out

    def _window_options(self, seat: Seat, hand: list[int], out: list[MilleBornesAction]) -> None:
        if not self.in_window(seat):
            return
        safety = SAFETY_OF[self.win_hazard]
        if safety in hand:
            out.append(_COUP_FOURRE[safety - RIGHT_OF_WAY])
        if self.fast_remedy_open(seat):
            remedy = REMEDY_OF[self.win_hazard]
            if remedy in hand:
                out.append(_LAY[remedy])

    # ------------------------------------------------------------ doing
    def _do(self, seat: Seat, action: MilleBornesAction) -> list[Event]:
        events: list[Event] = []
        kind = _kind(action)
        if kind == K_EXTEND:
            self._extend(seat, action.yes, events)  # type: ignore[union-attr]
        elif kind == K_DECLINE:
            self.pending.remove(seat)
            events.append(Event("decline", {"seat": seat}))
        elif kind == K_COUP_FOURRE:
            self._coup_fourre(seat, CARD_OF[action.card], events)  # type: ignore[union-attr]
        elif self.win_team >= 0 and self._is_fast_remedy(seat, action, kind):  # (a window is open)
            self._fast_remedy(seat, CARD_OF[action.card], events)  # type: ignore[union-attr]
        elif kind == K_DRAW:
            self._draw_turn(seat, action.source, events)  # type: ignore[union-attr]
        elif kind == K_REDRAW:
            self._redraw(seat, action.cards, events)  # type: ignore[union-attr]
        else:
            self._close_window()
            self._play(seat, action, kind, events)
        self._settle(events)
        return events

    def _settle(self, events: list[Event]) -> None:
        """Keep the turn invariants after any action (MBR-10, MBR-13): a draw phase needs a
        draw pile, a play phase a card in hand; otherwise the turn goes on as the rules say
        (play without drawing, reshuffle, end of leg, or skip the empty-handed player)."""
        if self.over or self.phase == EXTEND:
            return
        if self.phase == DRAW and not self.draw_pile:
            self._start_turn(self.turn, events)
        elif self.phase == PLAY and not self.hands[self.turn]:
            self._start_turn(self.next_seat(self.turn), events)
        if self.turn in self.pending:
            self.pending.remove(self.turn)

    def _close_window(self) -> None:
        self.win_team = -1
        self.win_hazard = -1
        self.win_attacker = -1
        self.pending = []

    def _draw_one(self, seat: Seat, events: list[Event], why: str) -> None:
        if not self.draw_pile:
            return
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        events.append(Event("draw", {"seat": seat, "source": "pile", "card": CODES[card], "why": why},
                            audience=_ONLY[seat],
                            redacted={"seat": seat, "source": "pile", "why": why}))

    def _draw_turn(self, seat: Seat, source: str, events: list[Event]) -> None:
        if self.win_team >= 0 and self.rules.closes_on_draw:
            self._close_window()
        if source == "discard":
            card = self.discard.pop()
            self.hands[seat].append(card)
            events.append(Event("draw", {"seat": seat, "source": "discard", "card": CODES[card],
                                         "why": "turn"}))
        else:
            self._draw_one(seat, events, "turn")
        self.phase = PLAY

    def _redraw(self, seat: Seat, cards: Sequence[str], events: list[Event]) -> None:
        """Fast game: discard the cards and draw back to six; the turn ends."""
        if self.win_team >= 0:
            self._close_window()
        hand = self.hands[seat]
        for code in cards:
            card = CARD_OF[code]
            hand.remove(card)
            self.discard.append(card)
        events.append(Event("redraw", {"seat": seat, "cards": list(cards)}))
        while len(hand) < HAND_SIZE and self.draw_pile:
            self._draw_one(seat, events, "redraw")
        self._start_turn(self.next_seat(seat), events)

    def _play(self, seat: Seat, action: MilleBornesAction, kind: int, events: list[Event]) -> None:
        team = self.team_of[seat]
        card = CARD_OF[action.card]  # type: ignore[union-attr]
        self.hands[seat].remove(card)
        if kind == K_DISCARD:
            self.discard.append(card)
            events.append(Event("discard", {"seat": seat, "card": CODES[card]}))
            self._start_turn(self.next_seat(seat), events)
            return
        if kind == K_SAFETY:
            self._lay_safety(team, card)
            events.append(Event("safety", {"seat": seat, "team": team, "card": CODES[card]}))
            self._start_turn(seat, events)  # MBR-9: draw again and play again
            return
        if kind == K_HAZARD:
            target: int = action.team  # type: ignore[union-attr]
            (self.speed if card == SPEED_LIMIT else self.battle)[target].append(card)
            events.append(Event("hazard", {"seat": seat, "team": target, "card": CODES[card],
                                           "seats": list(self.teams[target])}))
            leg = self.leg
            self._start_turn(self.next_seat(seat), events)
            if not self.over and self.leg == leg:
                self.win_team, self.win_hazard, self.win_attacker = target, card, seat
                self.pending = [s for s in self.teams[target] if s != self.turn]
                events.append(Event("window", {"team": target,
                                               "hazard": action.card,  # type: ignore[union-attr]
                                               "pending": list(self.pending),
                                               "seats": list(self.teams[target])}))
            return
        if card == END_OF_LIMIT:
            self.speed[team].append(card)
            events.append(Event("remedy", {"seat": seat, "team": team, "card": CODES[card]}))
        elif card == ROLL or kind == K_REMEDY:
            self.battle[team].append(card)
            if card == ROLL:
                self.started[team] = True
            events.append(Event("remedy", {"seat": seat, "team": team, "card": CODES[card]}))
        else:  # distance
            self.dist[team].append(card)
            self.km[team] += KM[card]
            if card == D200:
                self.n200[team] += 1
            events.append(Event("distance", {"seat": seat, "team": team, "card": CODES[card],
                                             "km": self.km[team]}))
            if self.km[team] >= self.target:
                if self.short and self.ext_team < 0 and self.target == self.base_target:
                    self.turn, self.phase = seat, EXTEND
                    events.append(Event("extension_question", {"seat": seat, "team": team}))
                    return
                self._end_leg(team, events)
                return
        self._start_turn(self.next_seat(seat), events)

    def _lay_safety(self, team: int, card: int, coup_fourre: bool = False) -> None:
        bit = 1 << (card - RIGHT_OF_WAY)
        self.safe[team] |= bit
        if coup_fourre:
            self.cf[team] |= bit
        self.safe_order[team].append(card)
        if card == RIGHT_OF_WAY:
            self.started[team] = True

    def _coup_fourre(self, seat: Seat, card: int, events: list[Event]) -> None:
        """MBR-10 / MBR-23: the hazard goes to the discard pile, the safety is laid
        crosswise, one replacement card is drawn and ``seat`` takes the turn."""
        team = self.win_team
        hazard = self.win_hazard
        pile = self.speed[team] if hazard == SPEED_LIMIT else self.battle[team]
        pile.pop()
        self.discard.append(hazard)
        self.hands[seat].remove(card)
        self._lay_safety(team, card, coup_fourre=True)
        had_drawn = seat == self.turn and self.phase == PLAY
        self._close_window()
        events.append(Event("coup_fourre", {"seat": seat, "team": team, "card": CODES[card],
                                            "hazard": CODES[hazard]}))
        self._draw_one(seat, events, "coup_fourre")
        if had_drawn:
            self.turn = seat
        else:
            self._start_turn(seat, events)

    def _fast_remedy(self, seat: Seat, card: int, events: list[Event]) -> None:
        """Fast game: the matching remedy at once, out of turn, and a replacement card."""
        team = self.win_team
        self.hands[seat].remove(card)
        (self.speed if card == END_OF_LIMIT else self.battle)[team].append(card)
        if card == ROLL:
            self.started[team] = True
        self._close_window()
        events.append(Event("remedy", {"seat": seat, "team": team, "card": CODES[card], "fast": True}))
        self._draw_one(seat, events, "fast_remedy")

    def _extend(self, seat: Seat, yes: bool, events: list[Event]) -> None:
        team = self.team_of[seat]
        events.append(Event("extension", {"seat": seat, "team": team, "yes": yes}))
        if yes:
            self.ext_team = team
            self.target = 1000
            self._start_turn(self.next_seat(seat), events)
        else:
            self._end_leg(team, events)

    def _start_turn(self, seat: Seat, events: list[Event]) -> None:
        """Give the turn to ``seat`` (or the next seat that can act), handling the
        empty draw pile (MBR-13, MBR-20, ``deck_exhaustion``)."""
        rules = self.rules
        for _ in range(self.players):
            if not self.draw_pile:
                if rules.deck_exhaustion == "end":
                    self._end_leg(-1, events)
                    return
                if rules.deck_exhaustion == "reshuffle" and self.discard and self.reshuffles < MAX_RESHUFFLES:
                    self.reshuffles += 1
                    self.draw_pile = self.discard
                    self.discard = []
                    self.rng.shuffle(self.draw_pile)
                    events.append(Event("reshuffle", {"draw_pile": len(self.draw_pile)}))
            if self.draw_pile:
                self.turn, self.phase = seat, DRAW
                return
            if self.hands[seat]:
                self.turn, self.phase = seat, PLAY
                return
            seat = self.next_seat(seat)
        self._end_leg(-1, events)

    # ------------------------------------------------------------ scoring
    def leg_sheet(self, completer: int) -> Sheet:
        """The score sheet of the current leg, ``completer`` = the team that completed the
        trip (-1: none): :func:`~mahai.games.mille_bornes.scoring.leg_sheet` (MBR-14..16, MBR-24,
        MBR-26)."""
        legs = [TeamLeg(self.km[t], _bits(self.safe[t]), _bits(self.cf[t]), self.n200[t])
                for t in range(self.nteams)]
        return leg_sheet(legs, completer, self.ext_team, not self.draw_pile, self.options.older_scoring,
                         self.options.extension_to_completer)

    def _end_leg(self, completer: int, events: list[Event]) -> None:
        sheet = self.leg_sheet(completer)
        self._close_window()
        self.sheets.append(sheet)
        self.completers.append(completer)
        self.legs_played += 1
        leg_totals = [row_total(row) for row in sheet]
        for t in range(self.nteams):
            self.totals[t] += leg_totals[t]
        events.append(Event("leg_end", {"leg": self.leg, "completed_by": completer, "points": leg_totals,
                                        "totals": list(self.totals),
                                        "completed_seats": list(self.teams[completer]) if completer >= 0
                                        else []}))
        leaders = game_winners(self.totals, leg_totals, self.options.older_scoring, self.options.game_target)
        if leaders is not None:
            self.over = True
            self.phase = OVER
            self.winner_teams = leaders
            events.append(Event("game_end", {"winners": sorted(self.winners()), "teams": list(leaders),
                                             "totals": list(self.totals)}))
            return
        self._new_leg(events)

    # ------------------------------------------------------------ checks
    def card_count(self) -> int:
        """Every card of the leg, wherever it is (106 or 101: conservation check)."""
        return (len(self.draw_pile) + len(self.discard) + sum(map(len, self.hands))
                + sum(map(len, self.battle)) + sum(map(len, self.speed)) + sum(map(len, self.dist))
                + sum(map(len, self.safe_order)))

    def deck_size(self) -> int:
        return sum(REDUCED_COUNTS if self.reduced else FULL_COUNTS)

    def hand_codes(self, seat: Seat) -> list[str]:
        return [CODES[c] for c in self.hands[seat]]


def _redraws(hand: list[int], safeties: bool = True) -> list[MilleBornesAction]:
    """Every fast-game redraw of ``hand``; without ``safeties`` none that discards a safety (MBR-27)."""
    return list(_redraws_of(tuple(sorted(c for c in hand if safeties or c < RIGHT_OF_WAY))))


@lru_cache(maxsize=8192)
def _redraws_of(hand: tuple[int, ...]) -> tuple[MilleBornesAction, ...]:
    """Every non-empty sub-multiset of ``hand`` as a Redraw (fast game)."""
    counts: dict[int, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    combos: list[tuple[int, ...]] = [()]
    for card, n in sorted(counts.items()):
        combos = [combo + (card,) * k for combo in combos for k in range(n + 1)]
    return tuple(Redraw(tuple(CODES[c] for c in combo)) for combo in combos if combo)


_DRAW: Final = Draw()
_DRAW_DISCARD: Final = Draw("discard")
_DECLINE: Final = Decline()
_EXTEND_YES: Final = Extend(True)
_EXTEND_NO: Final = Extend(False)


def _lay(card: int) -> MilleBornesAction:
    """The action that lays ``card`` on one's own tableau (a hazard: its discard, never used)."""
    if card <= D200 or card == ROLL:
        return Play(CODES[card])
    if card <= ACCIDENT:
        return Discard(CODES[card])
    if card <= REPAIRS:
        return Remedy(CODES[card])
    return Safety(CODES[card])


# The actions legal_actions offers, made once, in tuples indexed by card (compiled: an index,
# not a dict lookup).
_LAY: Final[tuple[MilleBornesAction, ...]] = tuple(_lay(c) for c in range(N_KINDS))
_HAZARD: Final[tuple[tuple[MilleBornesAction, ...], ...]] = tuple(
    tuple(Hazard(CODES[c], t) for t in range(6)) if STOP <= c <= ACCIDENT else () for c in range(N_KINDS))
"""By card, then target team."""
_COUP_FOURRE: Final[tuple[MilleBornesAction, ...]] = tuple(
    CoupFourre(CODES[c]) for c in range(RIGHT_OF_WAY, N_KINDS))
"""By safety − RIGHT_OF_WAY."""
_DISCARD: Final[tuple[MilleBornesAction, ...]] = tuple(Discard(CODES[c]) for c in range(N_KINDS))


# As Spades' (``mahai.games.spades.state._FILL_DICT_SLOT``): the compiled class's instance-dict
# slot (State derives from ABC and Generic) stays empty, and CPython 3.11 specialises a driver's
# ``state.apply`` / ``legal_actions`` / ``to_act`` look-ups only for an instance whose slot holds
# a dict (LOAD_METHOD_WITH_DICT; every empty dict shares one key table): a new state's slot is
# given an empty dict. Pure Python keeps its ordinary instance dict; 3.12 specialises the empty
# slot itself (LOAD_ATTR_METHOD_LAZY_DICT, which a dict would defeat).
_FILL_DICT_SLOT: Final = (sys.version_info < (3, 12)
                          and isinstance(vars(MilleBornesState).get("__dict__"), types.MemberDescriptorType))
