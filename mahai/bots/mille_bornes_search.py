"""The Mille Bornes search bot: :mod:`mahai.bots.search` with the heuristic as rollout policy.

For every decision with a choice it samples states consistent with its observation
(:meth:`MilleBornes.determinize`: the cards it has not seen — the draw pile and the other hands —
dealt at random, so it counts cards: a 25 it has seen three of is rare in its worlds), plays each
candidate action in them and finishes the leg with the heuristic for every seat
(:class:`~mahai.bots.mille_bornes.HeuristicBot`, each seat deciding from its own view of the
sampled state). A rollout is worth the seat's team's chance to win the game once the leg is
scored (MBR-14…MBR-17: :func:`win_chance` of the totals, certain once the game is over), so
near the end it plays safe when ahead and takes risks when behind; with the one-hand scoring
(MBR-24), the leg's point difference. So it answers the extension question (MBR-12) by playing
the leg on both ways, lays or keeps a safety by what the rest of the leg gives, and plans the
landing (MBR-11) from the cards still unseen. A coup fourré (MBR-10) is always called: it is
never worse than declining. With two players it also infers what the opponent cannot hold
(:class:`MilleBornesSearchBot`), and weighs its worlds by the opponent's last move, the opponent
modelled as the heuristic (:meth:`MilleBornesSpec.sample`, :meth:`MilleBornesSpec.explains`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Literal

from mypy_extensions import mypyc_attr

from mahai.bots.base import Bot
from mahai.bots.mille_bornes import HeuristicBot
from mahai.bots.search import Budget, Method, SearchBot, SearchSpec, acting_seat
from mahai.core.game import Action, Game, Observation, Seat, State
from mahai.games.mille_bornes import (
    ACCIDENT,
    CARD_OF,
    CODES,
    FLAT_TIRE,
    OUT_OF_GAS,
    PLAY,
    REMEDY_OF,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY_OF,
    SPEED_LIMIT,
    STOP,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Hazard,
    MilleBornesObservation,
    MilleBornesState,
    Play,
    Redraw,
    Remedy,
    Safety,
)

WIN_BONUS = 1000.0
"""Points a rollout is worth more when its leg ends the game with the seat's team winning."""


def _matching(legal: Sequence[Action], kind: int, card: int, team: int) -> Action | None:
    """The action of ``legal`` that is the move ``(kind, card, team)`` of :data:`Evidence`."""
    code = CODES[card]
    for action in legal:
        if kind == LAY and isinstance(action, (Play, Remedy)) and action.card == code:
            return action
        if kind == ATTACK and isinstance(action, Hazard) and action.card == code and action.team == team:
            return action
        if kind == THROW and isinstance(action, Discard) and action.card == code:
            return action
    return None


LAY, ATTACK, THROW = 0, 1, 2
Evidence = tuple[MilleBornesState, int, int, int, int]
"""The opponent's last move (two players): (the state it chose from, after its draw, its own hand
in it a placeholder; its seat; the kind of move, :data:`LAY` a card on its tableau, :data:`ATTACK`,
:data:`THROW`; the card; the team attacked or -1)."""
MODEL_TRIES = 10
"""Worlds dealt at most for one sample when weighing by the opponent's last move."""
MODEL_DEPTH = 1
"""How many of the opponent's last moves weigh the worlds (:meth:`MilleBornesSpec.explains_all`)."""
MODEL_LEAK = 0.05
"""The likelihood of a move the heuristic would not have made (relative to 1)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): tests and plug-ins subclass it
class MilleBornesSpec(SearchSpec):
    """Search knowledge of Mille Bornes (see the module docstring).

    Args:
        policy: the rollout policy for every seat (default: a :class:`HeuristicBot`).
        objective: ``"win"`` (default): a rollout is worth the chance to win the game after its
            leg (:func:`win_chance`); ``"points"``: the leg's point difference.
        win_bonus: see :data:`WIN_BONUS` (the ``points`` objective).
        prior: head start of the heuristic's own action (points).
        top: how many of the heuristic's best-ranked actions are searched on the bot's turn.
        safeties: also search laying each safety held (:meth:`candidates`).
        own: the rollout policy of the searching seat's team (its partner too), with any number
            of players, which also ranks its candidates and gives its default action (default:
            ``policy``; the expert's is an :class:`~mahai.bots.mille_bornes.ExpertPolicy`, the
            other teams staying the heuristic).
    """

    scale = 400.0

    def __init__(self, policy: HeuristicBot | None = None, win_bonus: float = WIN_BONUS,
                 prior: float = 0.0, top: int = 4, objective: Literal["win", "points"] = "win",
                 safeties: bool = True, own: HeuristicBot | None = None, model: bool = True,
                 tries: int = MODEL_TRIES, leak: float = MODEL_LEAK, depth: int = MODEL_DEPTH) -> None:
        self.heuristic = policy or HeuristicBot(random.Random(0))
        self.model = model
        self.tries = tries
        self.leak = leak
        self.depth = depth
        self.evidence: Evidence | None = None
        """The opponent's last move and the state it was made from (two players, set by
        :class:`MilleBornesSearchBot`; :meth:`sample` keeps the worlds where ``policy`` would have
        made it, see :meth:`explains`)."""
        self.history: tuple[Evidence, ...] = ()
        """The opponent's moves before :attr:`evidence`, one a turn, latest first (at most
        ``depth - 1``; :meth:`explains_all`)."""
        self.own = own
        self.team = -1
        """The searching seat's team (set by :class:`MilleBornesSearchBot` before each search):
        with ``own``, its seats play ``own`` in the rollouts, the others ``policy``."""
        self.safeties = safeties
        self.objective = objective
        self.win_bonus = win_bonus
        self.prior = prior
        self.top = top
        self.absent: dict[Seat, frozenset[int]] = {}
        """Cards known not to be in a seat's hand: :meth:`sample` moves them to the draw pile."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as ``(class, arguments of __init__, state)`` (:meth:`__setstate__`: what it knows is
        absent). A class compiled by mypyc (``setup.py``) is rebuilt through its ``__init__`` (mypyc's
        ``__new__`` calls it), so pickle gets the arguments (the server's bot workers,
        :mod:`mahai.server.thinking`)."""
        return (type(self), (self.heuristic, self.win_bonus, self.prior, self.top, self.objective,
                             self.safeties, self.own, self.model, self.tries, self.leak, self.depth),
                {"absent": self.absent, "team": self.team, "evidence": self.evidence,
                 "history": self.history})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.absent = state["absent"]
        self.team = state.get("team", -1)
        self.evidence = state.get("evidence")
        self.history = state.get("history", ())

    def sample(self, game: Game[Any, Any], observation: Observation, rng: random.Random) -> State[Any]:
        """A world consistent with the observation (:meth:`deal`); with :attr:`evidence` (the
        opponent's last move), weighed by how well it explains that move: up to ``tries`` worlds
        are dealt, and the first is kept where the opponent modelled as ``policy`` would have made
        it (:meth:`explains`), or, with chance ``leak`` each, one where it would not (an opponent
        that is not the heuristic); else the last dealt. A rejection sampler of the likelihood
        ``1`` (the model's move) or ``leak`` (another); the three inferences of
        :class:`MilleBornesSearchBot` are its certain cases. Only the seat's own observations
        are read (the evidence is public: a move and the table it was made from)."""
        world = self.deal(game, observation, rng)
        if self.evidence is None or not self.model:
            return world
        for _ in range(self.tries - 1):
            if self.explains_all(game, world, rng) or rng.random() < self.leak:
                return world
            world = self.deal(game, observation, rng)
        return world

    def explains(self, game: Game[Any, Any], world: MilleBornesState, evidence: Evidence) -> bool:
        """Whether the opponent of ``evidence`` (its hand in ``world`` now plus the card it
        played) would have made its move by ``policy`` (:meth:`explains_hand`)."""
        hand = list(world.hands[evidence[1]])
        hand.append(evidence[3])
        return self.explains_hand(game, hand, evidence)

    def explains_all(self, game: Game[Any, Any], world: MilleBornesState, rng: random.Random) -> bool:
        """:meth:`explains` for :attr:`evidence`, then for each older move of :attr:`history`
        (the opponent's moves before it, one a turn): the hand it chose from is the later one
        less the card it drew after (MBR-4; one of that hand's cards taken at random, so a world
        is kept with the chance its hands explain the moves) plus the card it played."""
        last = self.evidence
        assert last is not None
        opp = last[1]
        hand = list(world.hands[opp])
        hand.append(last[3])
        if not self.explains_hand(game, hand, last):
            return False
        for older in self.history:
            if len(last[0].hands[opp]) == len(older[0].hands[opp]):  # it drew before ``last``
                hand.pop(rng.randrange(len(hand)))
            hand.append(older[3])
            if not self.explains_hand(game, hand, older):
                return False
            last = older
        return True

    def explains_hand(self, game: Game[Any, Any], hand: list[int], evidence: Evidence) -> bool:
        """Whether an opponent holding ``hand`` at the table of ``evidence`` would have made its
        move by ``policy`` (the heuristic, the rules by the engine): the move is legal there, no
        coup fourré was open to it (the heuristic calls every one, MBR-10) and no action ranks
        above the move (ties count: hand order never matters). True when the hand's size is not
        the table's (it cannot be rebuilt)."""
        before, opp, kind, card, team = evidence
        if len(hand) != len(before.hands[opp]):
            return True
        trial = before.clone()
        assert isinstance(trial, MilleBornesState)
        trial.hands[opp] = list(hand)
        legal: list[Action] = list(trial.legal_actions(opp))
        move = _matching(legal, kind, card, team)
        if move is None:
            return False
        if len(legal) == 1:
            return True
        if any(isinstance(a, CoupFourre) for a in legal):
            return False  # the heuristic always calls it (MBR-10)
        policy = self.heuristic
        seen = game.observe(trial, opp)
        assert isinstance(seen, MilleBornesObservation)
        view = policy.view(seen, opp)
        value = policy.value(view, move)
        for action in legal:
            if policy.value(view, action) > value + 1e-9:
                return False
        return True

    def deal(self, game: Game[Any, Any], observation: Observation, rng: random.Random) -> MilleBornesState:
        """:meth:`MilleBornes.determinize`, then every card of :attr:`absent` found in its seat's
        hand swapped with a random allowed card of the draw pile, or if it has none (with three
        or more players), of another hidden hand that may hold it."""
        world = game.determinize(observation, rng)
        assert isinstance(world, MilleBornesState)
        self.dealt += 1  # the search's measure of work (Budget.per_deal)
        for seat, cards in self.absent.items():
            hand, pile = world.hands[seat], world.draw_pile
            for i, card in enumerate(hand):
                if card in cards:
                    spots = [j for j, c in enumerate(pile) if c not in cards]
                    if spots:
                        j = spots[rng.randrange(len(spots))]
                        hand[i], pile[j] = pile[j], card
                    else:  # no such card in the pile (empty at the end of a leg): another hidden hand
                        assert isinstance(observation, MilleBornesObservation)
                        swaps = [(o, j) for o, other in enumerate(world.hands)
                                 if o not in (seat, observation.viewer) and card not in self.absent.get(o, ())
                                 for j, c in enumerate(other) if c not in cards]
                        if swaps:
                            o, j = swaps[rng.randrange(len(swaps))]
                            hand[i], world.hands[o][j] = world.hands[o][j], card
        return world

    def policy(self, game: Game[Any, Any], state: State[Any], seat: Seat) -> Action:
        legal: list[Action] = state.legal_actions(seat)
        if len(legal) == 1:  # a lone draw: no need to look
            return legal[0]
        assert isinstance(state, MilleBornesState)
        return self._policy_of(state.team_of[seat]).act(game, seat, game.observe(state, seat), legal)

    def _policy_of(self, team: int) -> HeuristicBot:
        own = self.own
        return own if own is not None and team == self.team else self.heuristic

    def policy_from_observation(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                                legal: Sequence[Action]) -> Action:
        assert isinstance(observation, MilleBornesObservation)
        return self._policy_of(observation.team_of[seat]).act(game, seat, observation, legal)

    def candidates(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                   legal: Sequence[Action], default: Action) -> list[Action]:
        """The ``top`` distinct legal actions the heuristic ranks best on its turn (its priorities,
        :meth:`HeuristicBot.value`) and, with ``safeties``, laying each safety held (MBR-9: the
        heuristic ranks keeping one last), every answer otherwise; never the fast game's redraws
        but the heuristic's own; a coup fourré alone when it is legal (MBR-10)."""
        calls: list[Action] = [a for a in legal if isinstance(a, CoupFourre)]
        if calls:
            return calls[:1]
        cands = [a for a in dict.fromkeys(legal) if not isinstance(a, Redraw) or a == default]
        assert isinstance(observation, MilleBornesObservation)
        if observation.phase == PLAY and seat == observation.turn and len(cands) > self.top:
            ranker = self._policy_of(observation.team_of[seat])
            view = ranker.view(observation, seat)
            ranked = sorted(cands, key=lambda a: (a != default, -ranker.value(view, a)))
            cands = ranked[: self.top]
            if self.safeties:  # laying a safety now: the heuristic keeps them too long
                cands += [a for a in ranked[self.top:] if isinstance(a, Safety)]
        return cands

    def begin(self, state: State[Any]) -> tuple[int, tuple[int, ...]]:
        assert isinstance(state, MilleBornesState)
        return state.legs_played, tuple(state.totals)

    def finished(self, start: Any, state: State[Any]) -> bool:
        assert isinstance(state, MilleBornesState)
        return bool(state.legs_played != start[0] or state.over)

    def values(self, start: Any, state: State[Any]) -> list[float]:
        """Per seat, with the ``win`` objective and the multi-leg scoring (MBR-17): its team's
        chance to win the game after this leg, :func:`win_chance`, times ``WIN_SCALE`` (0 or
        ``WIN_SCALE`` once the game is over). Otherwise (``points``, or the one-hand 2016
        scoring): its team's points since ``start`` minus the best other team's, ± the win
        bonus if the game is over."""
        assert isinstance(state, MilleBornesState)
        out = []
        if self.objective == "win" and state.options.older_scoring:
            for seat in range(state.players):
                team = state.team_of[seat]
                if state.over:
                    out.append(WIN_SCALE if team in state.winner_teams else 0.0)
                    continue
                best_other = max(v for t, v in enumerate(state.totals) if t != team)
                out.append(WIN_SCALE * win_chance(state.totals[team], best_other, state.options.game_target))
            return out
        before: tuple[int, ...] = start[1]
        gain = [state.totals[t] - before[t] for t in range(state.nteams)]
        for seat in range(state.players):
            team = state.team_of[seat]
            value = float(gain[team] - max(g for t, g in enumerate(gain) if t != team))
            if state.over:
                value += self.win_bonus if team in state.winner_teams else -self.win_bonus
            out.append(value)
        return out


WIN_SCALE = 2000.0
"""A won game is worth this many points to the ``win`` objective (its values are chances × this)."""
LEG_SPREAD = 1800.0
LEG_POINTS = 1500.0


def win_chance(ours: float, theirs: float, target: int) -> float:
    """The chance of winning a game to ``target`` (MBR-17) with ``ours`` points against the best
    other team's ``theirs`` between two legs: ``Φ(d / (LEG_SPREAD · √L))``, ``d`` the lead and
    ``L = max(1, (target − max(ours, theirs)) / LEG_POINTS)`` the legs still to play. Fitted (maximum
    likelihood on a grid) to 5,127 leg ends of 1,500 two-player games between heuristic bots."""
    legs = max(1.0, (target - max(ours, theirs)) / LEG_POINTS)
    return 0.5 * (1.0 + math.erf((ours - theirs) / (LEG_SPREAD * math.sqrt(legs)) / math.sqrt(2.0)))


class MilleBornesSearchBot(SearchBot):
    """:class:`~mahai.bots.search.SearchBot` with a :class:`MilleBornesSpec`.

    With ``infer`` (two players), it also remembers what the table showed at the end of its
    own last turn, and concludes what the opponent cannot hold: if the opponent was stopped
    then (by a hazard, or waiting for a roll) and, after a turn of its own, still is with the
    same battle pile, it holds neither the remedy nor the safety (MBR-8, MBR-9: a player who
    can answer does; and it did not call a coup fourré either, MBR-10). Its worlds then give
    those cards to the draw pile instead (:meth:`MilleBornesSpec.sample`). Likewise, if its own
    car was open to attack (rolling, no hazard) when its turn ended and the opponent then
    attacked nothing and played no roll, remedy or safety (which come before an attack) while
    the draw pile still held :data:`OPEN_MIN_PILE` cards, the opponent holds none of the battle
    hazards the bot's safeties leave open (MBR-6: a player who can stop a rolling car does). And
    if the opponent answered the bot's last battle hazard with its remedy (no coup fourré, no
    safety laid), it holds no safety against that hazard (MBR-9, MBR-10: a player who holds it
    calls the coup fourré, or lays it, which cures, protects and plays again). It learns this from
    its own observations only. It also remembers the table the opponent will move from after its
    turn (:meth:`_expect`) and, at its next turn, which move the opponent made (:meth:`_evidence_of`:
    a card laid, a hazard, a discard; none when it laid a safety or called a coup fourré): the
    spec's :attr:`~MilleBornesSpec.evidence`, by which its worlds are weighed.
    """

    name = "search"

    def __init__(self, rng: random.Random, budget: Budget | None = None, method: Method = "pimc",
                 spec: MilleBornesSpec | None = None, z: float = 1.0, infer: bool = True) -> None:
        super().__init__(rng, spec or MilleBornesSpec(), budget, method, z)
        self.infer = infer
        self._after: tuple[int, int, int, int, bool] | None = None
        """At the end of its last turn: (leg, opponent seat, opponent's battle pile length, the
        hazard in force on it or -1, whether it was waiting for a roll)."""
        self._open: tuple[int, int, int, int, int, int, frozenset[int]] | None = None
        """At the end of its last turn, if its car was open to the opponent's hazards: (leg,
        target, its own battle pile length, its safeties laid, the opponent's battle pile length,
        the opponent's safeties laid, the battle hazards it could receive)."""
        self._declined: tuple[int, int, int, int, int] | None = None
        """After a battle hazard it played in its last turn: (leg, target, the hazard, the
        opponent's battle pile length with it, the opponent's safeties laid)."""
        self._round: Round | None = None
        """Three or more players (teams, MBR-1): the public table at the end of its last turn
        (:meth:`_act_round`)."""
        self._pending: Pending | None = None
        """Two players: the table the opponent will choose its move from, after the bot's last
        turn (:meth:`_expect`); read at the bot's next turn (:meth:`_evidence`)."""
        self._chain: tuple[Evidence, ...] = ()
        """The opponent's moves, one a turn with none missing, latest first (at most the spec's
        ``depth``): :attr:`MilleBornesSpec.evidence` and :attr:`MilleBornesSpec.history`."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as ``(class, arguments of __init__, state)`` (:meth:`__setstate__`: its name, clock, last
        statistics and what it remembers of its last turn); its generator and its spec go with it, in the
        same state. A class compiled by mypyc (``setup.py``) is rebuilt through its ``__init__`` (mypyc's
        ``__new__`` calls it), so pickle gets the arguments (the server's bot workers,
        :mod:`mahai.server.thinking`)."""
        spec = self.spec
        assert isinstance(spec, MilleBornesSpec)
        return (type(self), (self.rng, self.budget, self.method, spec, self.z, self.infer),
                {"name": self.name, "last": self.last, "clock": self.clock, "after": self._after,
                 "open": self._open, "declined": self._declined, "round": self._round,
                 "pending": self._pending, "chain": self._chain})

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self.clock = state["clock"]
        self._after = state["after"]
        self._open = state["open"]
        self._declined = state.get("declined")
        self._round = state.get("round")
        self._pending = state.get("pending")
        self._chain = state.get("chain", ())

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        assert isinstance(self.spec, MilleBornesSpec)
        # the own policy (if any) for its team, with any number of players (session 11: the expert's
        # beats the heuristic with two players and in teams of four)
        self.spec.team = -1
        if isinstance(observation, MilleBornesObservation):
            self.spec.team = observation.team_of[seat]
        if not self.infer or not isinstance(observation, MilleBornesObservation) or observation.players != 2:
            if self.infer and isinstance(observation, MilleBornesObservation) and observation.players > 2:
                return self._act_round(game, seat, observation, legal)
            self.spec.absent = {}
            return super().act(game, seat, observation, legal)
        self.spec.absent = self._absent(observation, seat)
        if observation.turn == seat and self._pending is not None:
            move = self._evidence_of(observation, seat)
            self._chain = (move, *self._chain[: self.spec.depth - 1]) if move is not None else ()
            self._pending = None
        self.spec.evidence = self._chain[0] if self._chain else None
        self.spec.history = self._chain[1 : self.spec.depth]
        action = super().act(game, seat, observation, legal)
        if observation.turn == seat and observation.phase == PLAY and not isinstance(action, Safety):
            # the turn passes (or the leg ends): a move it will not see breaks the chain
            self._pending = self._expect(game, observation, seat, action)
            if self._pending is None:
                self._chain = ()
        if observation.turn == seat and observation.phase == PLAY and not isinstance(action, Safety):
            opp = 1 - seat
            tab = observation.tableaux[observation.team_of[opp]]
            hazard = tab.hazard if tab.hazard is not None else -1
            if isinstance(action, Hazard) and action.team == tab.team and CARD_OF[action.card] != SPEED_LIMIT:
                hazard, length = CARD_OF[action.card], len(tab.battle) + 1
            else:
                length = len(tab.battle)
            waiting = hazard < 0 and not tab.rolling and RIGHT_OF_WAY not in tab.safeties
            self._after = (observation.leg, opp, length, hazard, waiting)
            self._open = self._openness(observation, seat, action)
            self._declined = None
            if isinstance(action, Hazard) and action.team == tab.team and CARD_OF[action.card] != SPEED_LIMIT:
                self._declined = (observation.leg, observation.target, CARD_OF[action.card],
                                  len(tab.battle) + 1, len(tab.safeties))
        return action

    def _expect(self, game: Game[Any, Any], obs: MilleBornesObservation, seat: Seat,
                action: Action) -> Pending | None:
        """The table the opponent will choose its next move from, if ``action`` passes it the turn:
        ``action`` applied to a determinization (the hidden cards do not matter: the opponent's
        hand is replaced by each world's, :meth:`MilleBornesSpec.explains`), the opponent
        declining the coup fourré (MBR-10) and drawing (MBR-4); with the public counts that
        show its move (:meth:`_evidence_of`). None if the turn does not pass, or the leg ends."""
        if obs.options.draw_from_discard or obs.options.fast_game:
            return None  # its draw or answer would not be known
        state: State[Any] = game.determinize(obs, random.Random(0))
        state.push(seat, action)
        assert isinstance(state, MilleBornesState)
        opp = 1 - seat
        for _ in range(4):
            if state.over or state.leg != obs.leg or acting_seat(state) != opp:
                return None
            if state.phase == PLAY and state.turn == opp:
                break
            legal = state.legal_actions(opp)
            step: Any = next((a for a in legal if isinstance(a, Decline)), None)
            if step is None:
                step = next((a for a in legal if isinstance(a, Draw) and a.source == "pile"), None)
            if step is None:
                return None
            state.push(opp, step)
        else:
            return None
        if state.target != obs.target:
            return None
        view = game.observe(state, seat)
        assert isinstance(view, MilleBornesObservation)
        return (obs.leg, obs.target, state, opp, _counts(view, seat))

    def _evidence_of(self, obs: MilleBornesObservation, seat: Seat) -> Evidence | None:
        """The opponent's move since :attr:`_pending`, if it made exactly one (no safety laid, no
        coup fourré, MBR-9, MBR-10) and the table shows which: a card on its own tableau, a hazard
        on the bot's, or a discard."""
        pending = self._pending
        if pending is None or pending[:2] != (obs.leg, obs.target):
            return None
        _, _, before, opp, counts = pending
        now = _counts(obs, seat)
        diff = [a - b for a, b in zip(now, counts, strict=True)]
        if diff[3] or diff[6] or any(d < 0 for d in diff) or sum(diff) != 1:
            return None
        mine = obs.tableaux[obs.team_of[seat]]
        theirs = obs.tableaux[obs.team_of[opp]]
        which = diff.index(1)
        if which == 0:
            return (before, opp, LAY, theirs.battle[-1], -1)
        if which == 1:
            return (before, opp, LAY, theirs.speed[-1], -1)
        if which == 2:
            return (before, opp, LAY, theirs.distance[-1], -1)
        if which == 4:
            return (before, opp, ATTACK, mine.battle[-1], mine.team)
        if which == 5:
            return (before, opp, ATTACK, mine.speed[-1], mine.team)
        return (before, opp, THROW, obs.discard[-1], -1)

    def _openness(self, obs: MilleBornesObservation, seat: Seat,
                  action: Action) -> tuple[int, int, int, int, int, int, frozenset[int]] | None:
        """What :attr:`_open` records after ``action`` (None: nothing to learn next turn)."""
        mine = obs.tableaux[obs.team_of[seat]]
        theirs = obs.tableaux[obs.team_of[1 - seat]]
        # the car is open when rolling with no hazard; a roll or remedy played now opens it
        # (a remedy alone needs a roll after it, MBR-8, unless right of way)
        rolling = mine.rolling and mine.hazard is None
        if isinstance(action, Play) and CARD_OF[action.card] == ROLL:
            rolling = mine.hazard is None
        if not rolling or obs.draw_pile < OPEN_MIN_PILE:
            return None
        if not theirs.started and not obs.options.hazard_before_first_roll:
            return None
        battle = len(mine.battle) + int(isinstance(action, Play) and CARD_OF[action.card] == ROLL)
        their_battle = len(theirs.battle) + int(
            isinstance(action, Hazard) and action.team == theirs.team and CARD_OF[action.card] != SPEED_LIMIT)
        hazards = frozenset(h for h in BATTLE_HAZARDS if SAFETY_OF[h] not in mine.safeties)
        if not hazards:
            return None
        return (obs.leg, obs.target, battle, len(mine.safeties), their_battle, len(theirs.safeties), hazards)

    def _absent(self, obs: MilleBornesObservation, seat: Seat) -> dict[Seat, frozenset[int]]:
        """What the opponent cannot hold now (see the class docstring)."""
        opp = 1 - seat
        out: set[int] = set()
        after = self._after
        if after is not None and after[0] == obs.leg:
            _, _, length, hazard, waiting = after
            tab = obs.tableaux[obs.team_of[opp]]
            if len(tab.battle) == length:
                if hazard >= 0 and tab.hazard == hazard:
                    out |= {REMEDY_OF[hazard], SAFETY_OF[hazard]}
                elif waiting and tab.hazard is None and not tab.rolling and RIGHT_OF_WAY not in tab.safeties:
                    out |= {ROLL, RIGHT_OF_WAY}
        opened = self._open
        if opened is not None and opened[:2] == (obs.leg, obs.target):
            _, _, battle, safeties, their_battle, their_safeties, hazards = opened
            mine = obs.tableaux[obs.team_of[seat]]
            theirs = obs.tableaux[obs.team_of[opp]]
            # it had a turn, attacked nothing, played no roll or remedy (those come first) and
            # laid no safety (a safety's extra turn hides what came before): no battle hazard
            if (len(mine.battle) == battle and len(mine.safeties) == safeties
                    and len(theirs.battle) == their_battle and len(theirs.safeties) == their_safeties):
                out |= hazards
        declined = self._declined
        if declined is not None and declined[:2] == (obs.leg, obs.target):
            # it answered the hazard with its remedy, no coup fourré, no safety laid: a player
            # holding the safety lays it instead (it cures, protects and plays again, MBR-9)
            _, _, hazard, length, safeties = declined
            tab = obs.tableaux[obs.team_of[opp]]
            if (len(tab.battle) == length + 1 and tab.battle[-1] == REMEDY_OF[hazard]
                    and len(tab.safeties) == safeties):
                out.add(SAFETY_OF[hazard])
        return {opp: frozenset(out)} if out else {}

    # ------------------------------------------------------------ three or more players
    def _act_round(self, game: Game[Any, Any], seat: Seat, obs: MilleBornesObservation,
                   legal: Sequence[Action]) -> Action:
        """Three or more players (teams of two with 4 or 6, MBR-1): what every other seat cannot
        hold, concluded from a whole round of turns since the bot's last one (:func:`round_absent`),
        then the search (without :attr:`Budget.extra`), overriding the heuristic only by
        :data:`TEAMS_Z` standard errors; after a
        turn of its own that passes the turn, the table is remembered (:func:`round_after`)."""
        assert isinstance(self.spec, MilleBornesSpec)
        self.spec.absent = round_absent(self._round, obs, seat)
        z, self.z = self.z, max(self.z, TEAMS_Z)
        budget = self.budget
        # the extra worlds at close decisions (Budget.extra) were measured with two players only;
        # the work limit stays (it bounds the time of a decision near a leg's end)
        self.budget = Budget(budget.rollouts, budget.decisions, budget.seconds, budget.min_rollouts,
                             work=budget.work, per_rollout=budget.per_rollout, per_deal=budget.per_deal)
        try:
            action = super().act(game, seat, obs, legal)
        finally:
            self.z = z
            self.budget = budget
        if obs.turn == seat and obs.phase == PLAY and not isinstance(action, Safety):
            self._round = round_after(game, obs, seat, action)
        return action


Pending = tuple[int, int, MilleBornesState, int, tuple[int, ...]]
"""What :meth:`MilleBornesSearchBot._expect` records: (leg, target, the table the opponent will
choose from, its seat, :func:`_counts` of that table)."""


def _counts(obs: MilleBornesObservation, seat: Seat) -> tuple[int, ...]:
    """Public pile sizes that show a two-player move: the opponent's battle, speed, distance and
    safety piles, the seat's battle, speed and safety piles, the discard pile."""
    theirs = obs.tableaux[obs.team_of[1 - seat]]
    mine = obs.tableaux[obs.team_of[seat]]
    return (len(theirs.battle), len(theirs.speed), len(theirs.distance), len(theirs.safeties),
            len(mine.battle), len(mine.speed), len(mine.safeties), len(obs.discard))


Round = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[bool, ...], tuple[int, ...], frozenset[int]]
"""The public table right after the bot's turn (:func:`round_after`): (leg, target, per team: its
battle pile's length, the hazard in force or -1, whether it waits for a roll, its safeties laid;
the battle hazards the bot's rolling team could receive, empty if none or the draw pile is short)."""


def round_after(game: Game[Any, Any], obs: MilleBornesObservation, seat: Seat,
                action: Action) -> Round | None:
    """The :data:`Round` after ``seat`` plays ``action`` (a play-phase action) from ``obs``: the
    action is applied to a determinization (its hidden cards do not matter: only the public
    tableaux and the draw pile's size are read). None if the action ends the leg."""
    state: State[Any] = game.determinize(obs, random.Random(0))
    state.push(seat, action)
    world = state
    assert isinstance(world, MilleBornesState)
    if world.over or world.leg != obs.leg:
        return None
    teams = range(world.nteams)
    hazards = tuple(world.active_hazard(t) for t in teams)
    waiting = tuple(hazards[t] < 0 and not world.rolling(t) and not world.safe[t] & 1 for t in teams)
    mine = world.team_of[seat]
    opened: frozenset[int] = frozenset()
    if world.rolling(mine) and hazards[mine] < 0 and len(world.draw_pile) >= OPEN_MIN_PILE_TEAMS:
        opened = frozenset(h for h in BATTLE_HAZARDS
                           if not world.safe[mine] & (1 << (SAFETY_OF[h] - RIGHT_OF_WAY)))
    return (world.leg, world.target, tuple(len(b) for b in world.battle), hazards, waiting,
            tuple(len(s) for s in world.safe_order), opened)


def round_absent(before: Round | None, obs: MilleBornesObservation, seat: Seat) -> dict[Seat, frozenset[int]]:
    """What each other seat cannot hold now, from the table ``before`` (the end of ``seat``'s last
    turn) and now, on ``seat``'s own turn (out of turn, in a coup-fourré window, the seats after
    the attacker have not played yet). Only when no safety was laid since (no coup fourré, no
    extra turn, MBR-9, MBR-10: every other seat then had exactly one turn, in order, MBR-3). For
    each team whose battle pile is as it was (MBR-8, MBR-9: a player who can answer does):

    * stopped by the same hazard: none of its other seats holds the remedy or the safety (a
      partner of the bot's team included);
    * waiting for a roll: none holds a roll or right of way;
    * an opponent team, while the bot's team was rolling and open to attack and its battle pile is
      as it was (nobody attacked it, MBR-6) and the draw pile held :data:`OPEN_MIN_PILE_TEAMS`
      cards: none of its seats holds one of the battle hazards the bot's team could receive.
    """
    if before is None or obs.turn != seat:  # answering a window out of turn: the round is not over
        return {}
    leg, target, battles, hazards, waiting, safeties, opened = before
    if (leg, target) != (obs.leg, obs.target):
        return {}
    tabs = obs.tableaux
    if any(len(t.safeties) != safeties[t.team] for t in tabs):
        return {}
    mine = obs.team_of[seat]
    attacked = len(tabs[mine].battle) != battles[mine]
    out: dict[Seat, frozenset[int]] = {}
    for t in tabs:
        if len(t.battle) != battles[t.team]:
            continue
        cards: set[int] = set()
        hazard = hazards[t.team]
        if hazard >= 0 and t.hazard == hazard:
            cards |= {REMEDY_OF[hazard], SAFETY_OF[hazard]}
        elif waiting[t.team] and t.hazard is None and not t.rolling and RIGHT_OF_WAY not in t.safeties:
            cards |= {ROLL, RIGHT_OF_WAY}
        if (t.team != mine and opened and not attacked
                and (t.started or obs.options.hazard_before_first_roll)):
            cards |= opened
        if cards:
            for s in t.seats:
                if s != seat:
                    out[s] = frozenset(cards)
    return out


TEAMS_Z = 2.0
"""With three or more players the search overrides the heuristic's action only when its paired
gain is this many standard errors (:func:`mahai.bots.search.best`; 1 with two players). A
four-player leg is longer and one seat's card moves it less, so at one standard error most
overrides are noise: on 840 fixed positions of four-player heuristic games (``benchmarks.mb_oracle
build --players 4``, 200 worlds each), the 15,000-decision search gained −0.13 ± 0.61 units a
decision over the heuristic at z = 1 (127 changes), −1.49 ± 0.80 at z = 0.5, −0.39 ± 0.65 with
40,000 decisions, and +0.53 ± 0.22 at z = 2 (40 changes)."""

OPEN_MIN_PILE_TEAMS = 30
"""With three or more players, :func:`round_absent` concludes from a car left alone only while the draw
pile held this many cards: the other hands make the unseen cards more (18 more with four players),
so a coup fourré is feared less than with two players at :data:`OPEN_MIN_PILE` (the heuristic weighs
that risk by the held cards over the unseen ones, ``HeuristicBot.cf_risk``)."""

OPEN_MIN_PILE = 15
"""An opponent that passed up the chance to stop a rolling car is taken to hold none of the hazards
it could have played only while the draw pile held at least this many cards at the end of the
bot's turn (later, the risk of a coup fourré may rightly make it wait)."""
BATTLE_HAZARDS = (STOP, OUT_OF_GAS, FLAT_TIRE, ACCIDENT)
"""The hazards that go on a rolling car's battle pile (MBR-6)."""


def search(rng: random.Random) -> Bot:
    """A new :class:`MilleBornesSearchBot` with the default budget."""
    return MilleBornesSearchBot(rng)
