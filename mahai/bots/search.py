"""Determinized search for every game with a :meth:`~mahai.core.Game.determinize`.

A search bot decides from its seat's observation only. It samples full states consistent with
that observation (*determinizations*: the cards it has not seen dealt at random, with the
game's :meth:`~mahai.core.Game.determinize`), tries its candidate actions in them with the
public unchecked apply (:meth:`~mahai.core.State.push`, on a :meth:`~mahai.core.State.clone`),
finishes each trial with a fast *rollout policy* for every seat (the game's heuristic bot,
each seat deciding from its own knowledge of the sampled state) up to a horizon (the end of a
leg or hand), and scores the result. What is game-specific lives in a :class:`SearchSpec`.

Two searches:

* :func:`pimc` — Perfect-Information Monte Carlo (Long et al. 2010; Ginsberg's GIB): every
  candidate is played in the same sampled worlds (common random numbers) and the mean score
  decides. The budget is spent by *successive halving* (Karnin et al. 2013): a first round on
  every candidate, then the better half gets the next worlds, and so on.
* :func:`ismcts` — Single-Observer Information Set Monte Carlo Tree Search (Cowling, Powley
  and Whitehouse 2012): one tree of the seat's information sets, one new determinization per
  iteration, UCB1 with availability counts, the rollout policy below the tree.

Both use only what the seat may know: the observation, the legal actions and the bot's own
generator. With the same generator seed the decision depends on the observation alone, never
on the cards the seat has not seen (``tests/bots/test_search.py`` swaps them and checks).

A :class:`Budget` is counted in rollouts, simulated decisions and worlds dealt (deterministic: the
same seed gives the same choice on every machine) or in CPU seconds per decision
(:func:`time.process_time`; then the choice depends on the machine's speed). The heuristic's own
action (:meth:`SearchSpec.default`) wins ties and keeps a small head start
(:attr:`SearchSpec.prior`), so noise alone never overrides it; with :attr:`Budget.verify`, PIMC
judges an override on fresh worlds only (the survivor of the successive halving is the best of
several noisy means: its gain on the worlds that chose it is biased upwards).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mypy_extensions import mypyc_attr

from mahai.bots.base import Bot
from mahai.core.game import Action, Game, Observation, Seat, State

Clock = Callable[[], float]
"""A CPU-seconds clock (default :func:`time.process_time`); tests pass their own."""

Method = Literal["pimc", "ismcts"]


@dataclass(frozen=True)
class Budget:
    """How much a search may spend on one decision; it stops at the first limit reached.

    Attributes:
        rollouts: trials played to the horizon (one candidate in one sampled world each).
        decisions: simulated decisions, i.e. actions pushed in the rollouts (a deterministic
            stand-in for time: a rollout's cost is about its length). None: no limit.
        seconds: CPU seconds (:func:`time.process_time`); the search then depends on the
            machine's speed. None: no limit.
        min_rollouts: always played (and at least one per candidate).
        extra: simulated decisions a PIMC search may add at a close decision (:func:`pimc`:
            its two best finalists within ``close`` standard errors of each other); 0: never.
        close: see ``extra`` (standard errors of the finalists' paired difference).
        work: the whole decision's work at which it stops, its first worlds as well as the
            ``extra`` ones (None: no limit), so a decision stays under a time limit on every
            machine alike: simulated decisions, plus ``per_rollout`` for each rollout and
            ``per_deal`` for each world dealt (:attr:`SearchSpec.dealt`), counted since the search
            began (near a horizon the rollouts are short, and ``decisions`` alone lets thousands
            of them through).
        per_rollout: simulated decisions one rollout's fixed cost is worth in ``work`` (its
            clone and scoring: a short rollout costs more than its few decisions).
        per_deal: simulated decisions one dealt world is worth in ``work`` (a spec that rejects
            worlds deals several for one it keeps).
        verify: simulated decisions of a fresh look at an override (:func:`pimc`): when the search's
            best candidate is not the heuristic's action, the two are played again in new worlds,
            up to this much work (weighed as ``work`` is when ``work`` is set; at least two worlds),
            and :func:`best` keeps the override only if it wins there. The worlds that chose it
            judge it too kindly: it is the best of several noisy means (the winner's curse).
            0: no fresh look.

    A search checks what it has spent after every sampled world (PIMC: each round of the
    successive halving gets an equal share), so a limit is kept to within one world's rollouts.

    Raises:
        ValueError: a limit that is not positive.
    """

    rollouts: int = 200
    decisions: int | None = None
    seconds: float | None = None
    min_rollouts: int = 1
    extra: int = 0
    close: float = 2.0
    work: int | None = None
    per_rollout: int = 0
    per_deal: int = 0
    verify: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields. A class compiled by mypyc (``setup.py``) is rebuilt through its
        ``__init__`` (mypyc's ``__new__`` calls it), so pickle gets the arguments (the server's bot
        workers, :mod:`mahai.server.thinking`)."""
        return (Budget, (self.rollouts, self.decisions, self.seconds, self.min_rollouts, self.extra,
                         self.close, self.work, self.per_rollout, self.per_deal, self.verify))

    def __post_init__(self) -> None:
        if (self.rollouts < 1 or self.min_rollouts < 1 or (self.decisions is not None and self.decisions < 1)
                or (self.seconds is not None and self.seconds <= 0) or self.extra < 0 or self.close < 0
                or (self.work is not None and self.work < 1) or self.per_rollout < 0 or self.per_deal < 0
                or self.verify < 0):
            raise ValueError("a search budget must be positive")


class _Meter:
    """What a search has spent: rollouts, decisions pushed, worlds dealt, CPU time since it began."""

    def __init__(self, budget: Budget, clock: Clock) -> None:
        self.budget = budget
        self.clock = clock
        self.started = clock() if budget.seconds is not None else 0.0
        self.elapsed = 0.0
        self.rollouts = 0
        self.decisions = 0
        self.dealt = 0

    def work(self) -> int:
        """The work spent (:attr:`Budget.work`: decisions, rollouts and deals weighed)."""
        b = self.budget
        return self.decisions + b.per_rollout * self.rollouts + b.per_deal * self.dealt

    def add(self, decisions: int) -> None:
        """Count one rollout of ``decisions`` pushed actions (and read the clock if timed)."""
        self.rollouts += 1
        self.decisions += decisions
        if self.budget.seconds is not None:
            self.elapsed = self.clock() - self.started

    def used(self) -> float:
        """The share of the budget spent (the largest over its limits; 1 or more: spent)."""
        b = self.budget
        share = self.rollouts / b.rollouts
        if b.decisions is not None:
            share = max(share, self.decisions / b.decisions)
        if b.seconds is not None:
            share = max(share, self.elapsed / b.seconds)
        if b.work is not None:  # short rollouts near a horizon: many worlds for few decisions
            share = max(share, self.work() / b.work)
        return share


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): tests and plug-ins subclass it
class SearchSpec:
    """What a search needs to know about one game. Subclass per game; every method must use
    only the seat's knowledge it is given (an observation, or the acting seat's own view of a
    sampled state).

    Attributes:
        scale: the size of a typical score difference (UCB's exploration unit; points).
        prior: the head start, in score points, of the heuristic's own action in :func:`pimc`.
    """

    scale: float = 100.0
    prior: float = 0.0
    dealt: int = 0
    """Worlds dealt so far by :meth:`sample` (a counter; a search reads its growth, at least one a
    sample, for :attr:`Budget.per_deal`). A :meth:`sample` that deals several worlds for the one it
    returns counts each."""

    def sample(self, game: Game[Any, Any], observation: Observation, rng: random.Random) -> State[Any]:
        """One determinization of ``observation`` (default: :meth:`Game.determinize`)."""
        state: State[Any] = game.determinize(observation, rng)
        self.dealt += 1
        return state

    def policy(self, game: Game[Any, Any], state: State[Any], seat: Seat) -> Action:
        """The rollout policy: ``seat``'s action in a sampled ``state``, decided from what
        ``seat`` could know there (its own view of it)."""
        raise NotImplementedError

    def default(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                legal: Sequence[Action]) -> Action:
        """The heuristic's action: played when there is nothing to search, and the tie-break."""
        return self.policy_from_observation(game, seat, observation, legal)

    def policy_from_observation(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                                legal: Sequence[Action]) -> Action:
        """The rollout policy's action from a real observation (used by :meth:`default`)."""
        raise NotImplementedError

    def candidates(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                   legal: Sequence[Action], default: Action) -> list[Action]:
        """The actions worth searching (default: every legal action, duplicates dropped).
        One candidate, or none: no search, :meth:`default` is played."""
        return list(dict.fromkeys(legal))

    def begin(self, state: State[Any]) -> Hashable:
        """A token describing where the rollouts start (for :meth:`finished` and :meth:`values`)."""
        return state.version

    def finished(self, start: Any, state: State[Any]) -> bool:
        """Whether a rollout from ``start`` has reached the horizon (default: the game's end)."""
        return state.is_over

    def values(self, start: Any, state: State[Any]) -> Sequence[float]:
        """The score of each seat at the horizon (bigger is better for that seat)."""
        raise NotImplementedError


def acting_seat(state: State[Any]) -> Seat:
    """The seat that acts next when every seat is a bot: the first of ``to_act()`` that need
    not wait (:meth:`State.must_wait`), as :func:`mahai.bots.play.bot_step` chooses.

    Raises:
        RuntimeError: nobody may act (the game is over).
    """
    waiting = None
    for seat in state.to_act():
        if not state.must_wait(seat):
            return seat
        waiting = seat
    if waiting is None:
        raise RuntimeError("nobody is to act")
    return waiting


def rollout(game: Game[Any, Any], spec: SearchSpec, state: State[Any], start: Any,
            max_steps: int = 100_000) -> Sequence[float]:
    """Play ``state`` (mutated) with :meth:`SearchSpec.policy` for every seat until the
    horizon; return :meth:`SearchSpec.values`.

    Raises:
        RuntimeError: the horizon was not reached in ``max_steps`` actions.
    """
    policy, finished = spec.policy, spec.finished
    for _ in range(max_steps):
        if finished(start, state):
            return spec.values(start, state)
        seat = acting_seat(state)
        state.push(seat, policy(game, state, seat))
    raise RuntimeError("rollout did not reach its horizon")


@dataclass
class CandidateStats:
    """One candidate action's results: its value in each sampled world it was played in
    (world index → value; ISMCTS keeps only ``n`` and ``total``), and in ``fresh`` its values in the
    worlds of :func:`pimc`'s fresh look (:attr:`Budget.verify`), which ``n``, ``total`` and ``values``
    leave out."""

    action: Action
    n: int = 0
    total: float = 0.0
    values: dict[int, float] = field(default_factory=dict)
    fresh: dict[int, float] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else -math.inf

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields. A class compiled by mypyc (``setup.py``) is rebuilt through its
        ``__init__`` (mypyc's ``__new__`` calls it), so pickle gets the arguments (the server's bot
        workers, :mod:`mahai.server.thinking`)."""
        return (CandidateStats, (self.action, self.n, self.total, self.values, self.fresh))

    def add(self, world: int, value: float) -> None:
        self.n += 1
        self.total += value
        self.values[world] = value


def paired_advantage(a: CandidateStats, b: CandidateStats, fresh: bool = False) -> tuple[float, float]:
    """Mean and standard error of ``a``'s value minus ``b``'s over the worlds both were played
    in (common random numbers; with ``fresh``, the fresh look's worlds only,
    :attr:`CandidateStats.fresh`); ``(0, inf)`` with fewer than two such worlds."""
    av, bv = (a.fresh, b.fresh) if fresh else (a.values, b.values)
    diffs = [v - bv[w] for w, v in av.items() if w in bv]
    k = len(diffs)
    if k < 2:
        return 0.0, math.inf
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean, math.sqrt(var / k)


def pimc(game: Game[Any, Any], spec: SearchSpec, seat: Seat, observation: Observation,
         candidates: Sequence[Action], budget: Budget, rng: random.Random,
         clock: Clock = time.process_time, default: Action | None = None,
         first_round: int = 8) -> list[CandidateStats]:
    """Perfect-information Monte Carlo over determinizations with successive halving (see the
    module docstring). Every candidate still in the race is played in the same worlds (at
    least ``first_round`` in the first round; each round spends an equal share of the budget,
    checked after every world); after each round the worse half drops out, but
    never ``default`` (it gets :attr:`SearchSpec.prior` points of head start in the ranking).
    With :attr:`Budget.extra`, a close decision gets more: while the two best finalists (and
    ``default`` if it is one) are within :attr:`Budget.close` standard errors of each other
    (:func:`paired_advantage`, checked every ``first_round`` worlds), they alone are played in
    new worlds, up to ``extra`` more simulated decisions, and while the whole decision's work
    stays under :attr:`Budget.work` (a deterministic measure: the choice never depends on the
    machine's speed; it bounds the rounds of the successive halving too). With
    :attr:`Budget.verify`, if the best finalist (as :func:`best` ranks them) is not ``default``, the
    two are then played in new worlds (:func:`_verify`; their values in
    :attr:`CandidateStats.fresh`), by which :func:`best` judges the override. Returns the statistics
    of every candidate, in the order given.

    Raises:
        ValueError: no candidates.
    """
    if not candidates:
        raise ValueError("nothing to search")
    stats = [CandidateStats(a) for a in candidates]
    alive = list(range(len(stats)))
    rounds = max(1, math.ceil(math.log2(len(stats))))
    meter = _Meter(budget, clock)
    world_no = 0
    for r in range(rounds):
        if len(alive) == 1:
            break
        # each round spends an equal share of the budget; the first plays at least
        # ``first_round`` worlds (and ``min_rollouts``), every round at least one
        least = 1
        if r == 0:
            least = max(1, min(first_round, budget.rollouts // len(alive)),
                        math.ceil(budget.min_rollouts / len(alive)))
        played = 0
        while played < least or meter.used() < (r + 1) / rounds:
            world = _sample(spec, game, observation, rng, meter)
            start = spec.begin(world)
            for i in alive:
                trial = world.clone()
                trial.push(seat, stats[i].action)
                stats[i].add(world_no, rollout(game, spec, trial, start)[seat])
                meter.add(trial.version - world.version)
            world_no += 1
            played += 1
        if r < rounds - 1:
            alive.sort(key=lambda i: _rank_key(stats[i], default, spec.prior))
            keep = alive[: max(1, len(alive) // 2)]
            keep += [i for i in alive[len(keep):] if stats[i].action == default]
            alive = keep
    if budget.extra and len(alive) > 1:
        world_no = _extend(game, spec, seat, observation, stats, alive, budget, rng, meter, default,
                           first_round, world_no)
    if budget.verify and default is not None:
        _verify(game, spec, seat, observation, stats, budget, rng, default, world_no)
    return stats


def _verify(game: Game[Any, Any], spec: SearchSpec, seat: Seat, observation: Observation,
            stats: list[CandidateStats], budget: Budget, rng: random.Random, default: Action,
            world_no: int) -> None:
    """:func:`pimc`'s fresh look at an override (:attr:`Budget.verify`): the best finalist, if it
    is not ``default``, and ``default`` played in new worlds (numbered from ``world_no``), their
    values in :attr:`CandidateStats.fresh`; mutates ``stats``."""
    most = max(s.n for s in stats)
    choice = min((s for s in stats if s.n == most), key=lambda s: _rank_key(s, default, spec.prior))
    base = next((s for s in stats if s.action == default), None)
    if base is None or choice is base:
        return
    # its own meter: the fresh look is what an override costs, whatever the search spent before
    check = Budget(rollouts=budget.rollouts, decisions=budget.verify,
                   work=budget.verify if budget.work is not None else None,
                   per_rollout=budget.per_rollout, per_deal=budget.per_deal)
    meter = _Meter(check, time.process_time)
    played = 0
    while played < 2 or meter.used() < 1:
        world = _sample(spec, game, observation, rng, meter)
        start = spec.begin(world)
        for s in (base, choice):
            trial = world.clone()
            trial.push(seat, s.action)
            s.fresh[world_no] = rollout(game, spec, trial, start)[seat]
            meter.add(trial.version - world.version)
        world_no += 1
        played += 1


def _sample(spec: SearchSpec, game: Game[Any, Any], observation: Observation, rng: random.Random,
            meter: _Meter) -> State[Any]:
    """:meth:`SearchSpec.sample`, its worlds dealt counted in ``meter`` (at least one)."""
    before = spec.dealt
    world = spec.sample(game, observation, rng)
    meter.dealt += max(1, spec.dealt - before)
    return world


def _extend(game: Game[Any, Any], spec: SearchSpec, seat: Seat, observation: Observation,
            stats: list[CandidateStats], alive: list[int], budget: Budget, rng: random.Random,
            meter: _Meter, default: Action | None, every: int, world_no: int) -> int:
    """:func:`pimc`'s extra worlds at a close decision (see there); mutates ``stats``. ``meter``
    goes on counting the decision's work (:attr:`Budget.work`). Returns the next world's number."""
    alive = sorted(alive, key=lambda i: _rank_key(stats[i], default, spec.prior))
    race = alive[:2] + [i for i in alive[2:] if stats[i].action == default]
    spent = 0
    while spent < budget.extra:
        first, second = stats[race[0]], stats[race[1]]
        gain, se = paired_advantage(first, second)
        if abs(gain) >= budget.close * se:
            return world_no
        if budget.work is not None and meter.work() >= budget.work:
            return world_no
        for _ in range(every):
            world = _sample(spec, game, observation, rng, meter)
            start = spec.begin(world)
            for i in race:
                trial = world.clone()
                trial.push(seat, stats[i].action)
                stats[i].add(world_no, rollout(game, spec, trial, start)[seat])
                pushed = trial.version - world.version
                meter.add(pushed)
                spent += pushed
            world_no += 1
        race.sort(key=lambda i: _rank_key(stats[i], default, spec.prior))
    return world_no


def _rank_key(s: CandidateStats, default: Action | None, prior: float) -> tuple[float, bool]:
    bonus = prior if default is not None and s.action == default else 0.0
    return (-(s.mean + bonus), s.action != default)


def best(stats: Sequence[CandidateStats], default: Action | None, prior: float = 0.0,
         z: float = 0.0) -> Action:
    """The candidate with the best mean among the most tried (the last round's survivors),
    ``default`` getting ``prior`` points of head start and winning ties. If ``default`` was
    played in the same worlds, another candidate must also beat it by ``z`` standard errors of
    the paired difference (:func:`paired_advantage`); if both were played in a fresh look
    (:attr:`Budget.verify`), by ``z`` standard errors there, over those worlds only (by more than
    ``prior`` points with ``z`` = 0)."""
    most = max(s.n for s in stats)
    finalists = [s for s in stats if s.n == most]
    choice = min(finalists, key=lambda s: _rank_key(s, default, prior))
    base = next((s for s in stats if s.action == default), None)
    if base is None or choice is base:
        return choice.action
    fresh = bool(choice.fresh) and bool(base.fresh)
    if z <= 0 and not fresh:
        return choice.action
    gain, se = paired_advantage(choice, base, fresh)
    return choice.action if gain - prior > max(z, 0.0) * se else base.action


class _Node:
    """An information-set node of :func:`ismcts`: children by action, statistics of the move
    that led here (from the point of view of the seat that made it)."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def ismcts(game: Game[Any, Any], spec: SearchSpec, seat: Seat, observation: Observation,
           candidates: Sequence[Action], budget: Budget, rng: random.Random,
           clock: Clock = time.process_time, exploration: float = 0.7,
           default: Action | None = None) -> list[CandidateStats]:
    """Single-observer ISMCTS (see the module docstring): each iteration samples a world,
    descends the tree by UCB1 (availability counts; values in units of :attr:`SearchSpec.scale`,
    each seat maximising its own), adds one node, and finishes with a rollout. The root's moves
    are ``candidates``; forced moves (one legal action) make no node. Returns each candidate's
    root statistics (``n`` = visits), in the order given.

    Raises:
        ValueError: no candidates.
    """
    if not candidates:
        raise ValueError("nothing to search")
    root = _Node()
    scale = spec.scale
    meter = _Meter(budget, clock)
    order = sorted(candidates, key=lambda a: a != default)  # the heuristic's move is tried first
    while meter.rollouts < len(candidates) or meter.used() < 1:
        state = spec.sample(game, observation, rng)
        version = state.version
        start = spec.begin(state)
        node = root
        path: list[tuple[_Node, Seat]] = []
        actor: Seat | None = seat
        legal = list(order)
        while actor is not None:
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[0] if node is root else untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node()
                child.avail = 1
            else:
                action = max(legal, key=lambda a: _ucb(node.children[a], exploration))
                child = node.children[action]
            state.push(actor, action)
            path.append((child, actor))
            node = child
            if untried:
                break
            actor, legal = _next_choice(spec, state, start)
        values = rollout(game, spec, state, start)
        for child, who in path:
            child.visits += 1
            child.total += values[who] / scale
        meter.add(state.version - version)
    out = []
    for a in candidates:
        child = root.children.get(a)
        s = CandidateStats(a)
        if child is not None:
            s.n, s.total = child.visits, child.total * scale
        out.append(s)
    return out


def _ucb(child: _Node, c: float) -> float:
    return child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)


def _next_choice(spec: SearchSpec, state: State[Any], start: Any) -> tuple[Seat | None, list[Action]]:
    """Play forced moves (one legal action: they make no node); return the next seat with a
    choice and its distinct legal actions, or ``(None, [])`` at the horizon."""
    while not spec.finished(start, state):
        actor = acting_seat(state)
        legal = list(dict.fromkeys(state.legal_actions(actor)))
        if len(legal) > 1:
            return actor, legal
        state.push(actor, legal[0])
    return None, []


def most_visited(stats: Sequence[CandidateStats], default: Action | None) -> Action:
    """ISMCTS's choice: the most visited root move, then the best mean, then ``default``."""
    return max(stats, key=lambda s: (s.n, s.mean, s.action == default)).action


class SearchBot(Bot):
    """A determinized search player for any game with a :class:`SearchSpec`.

    Args:
        rng: its only source of chance (the determinizations, the tree's random expansion).
        spec: the game's search knowledge.
        budget: rollouts (or CPU seconds) per searched decision.
        method: ``"pimc"`` (default) or ``"ismcts"``.
        z: PIMC overrides the heuristic's action only by this many standard errors (:func:`best`).
        clock: the CPU clock of a time budget (tests replace it).
    """

    name = "search"

    def __init__(self, rng: random.Random, spec: SearchSpec, budget: Budget | None = None,
                 method: Method = "pimc", z: float = 1.0, clock: Clock = time.process_time) -> None:
        super().__init__(rng)
        self.z = z
        self.spec = spec
        self.budget = budget or Budget()
        self.method: Method = method
        self.clock = clock
        self.last: list[CandidateStats] = []
        """The statistics of the last searched decision (empty if it was not searched)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as ``(class, arguments of __init__, state)`` (:meth:`__setstate__`: its name, its last
        statistics); its generator goes with it, in the same state. A class compiled by mypyc
        (``setup.py``) is rebuilt through its ``__init__`` (mypyc's ``__new__`` calls it), so pickle gets
        the arguments (the server's bot workers, :mod:`mahai.server.thinking`)."""
        return (type(self), (self.rng, self.spec, self.budget, self.method, self.z, self.clock),
                {"name": self.name, "last": self.last})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name = state["name"]
        self.last = state["last"]

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        self.last = []
        if len(legal) == 1:
            return legal[0]
        spec = self.spec
        default = spec.default(game, seat, observation, legal)
        cands = spec.candidates(game, seat, observation, legal, default)
        if len(cands) <= 1:
            return cands[0] if cands else default
        if self.method == "ismcts":
            self.last = ismcts(game, spec, seat, observation, cands, self.budget, self.rng, self.clock,
                               default=default)
            return most_visited(self.last, default)
        self.last = pimc(game, spec, seat, observation, cands, self.budget, self.rng, self.clock,
                         default=default)
        return best(self.last, default, spec.prior, self.z)


__all__ = [
    "Budget", "CandidateStats", "Clock", "Method", "SearchBot", "SearchSpec", "acting_seat", "best",
    "ismcts", "most_visited", "pimc", "rollout",
]
