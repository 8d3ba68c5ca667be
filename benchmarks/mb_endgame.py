"""Mille Bornes, two players, once the draw pile is empty: an exact search of the bot's own moves.

With two players and the draw pile empty (the eu rules: hands played out, MBR-13; nothing drawn
from the discard pile, no fast game), every card the seat has not seen is in the opponent's hand:
the rest of the leg holds no chance and no hidden card. The PIMC search then plays the same world
again and again and values each candidate by one move and the rollout policy after it. Here the
bot searches its own moves to the leg's end instead (every distinct legal move at each of its
decisions, the opponent modelled as the heuristic), depth first, deepening one own move at a time
while the work allows (:func:`exact_value`).

``python -m benchmarks.mb_endgame positions OUT [--games G] [--seed S]`` keeps, from heuristic
self-play games (eu, two players, games to 5,000), the first decision of each seat in each leg
after the pile ran out, with a choice. ``python -m benchmarks.mb_endgame eval OUT A B`` plays the
rest of each such leg twice from there, seat to move played by ``A`` and then by ``B`` (names as
:mod:`benchmarks.bots`), the other seat by the heuristic; with nothing left to chance, each leg's
value (the seat's chance to win the game after the leg, ×2000: 20 units a point of win rate,
:func:`mahai.bots.mille_bornes_search.win_chance`) is exact, and the two are paired.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots import factory
from benchmarks.stats import mean_se
from mahai.bots.base import Bot
from mahai.bots.mille_bornes import HeuristicBot
from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec
from mahai.bots.search import Budget, acting_seat
from mahai.core.game import Action, Game, Observation, Seat, State
from mahai.games.mille_bornes import GAME, PLAY, CoupFourre, MilleBornesObservation, MilleBornesState


class _Out(Exception):
    """The work allowed is spent (an unfinished depth is thrown away)."""


def exact_value(game: Game[Any, Any], spec: MilleBornesSpec, state: State[Any], seat: Seat, start: Any,
                depth: int, meter: list[int], limit: int) -> float:
    """``seat``'s value at the leg's end (:meth:`MilleBornesSpec.values`) from ``state`` (mutated),
    its team's decisions with a choice searched ``depth`` deep (every distinct legal move; a coup
    fourré always called, MBR-10), then by the rollout policy, the other team by the policy.
    ``meter[0]`` counts the actions pushed; over ``limit`` it raises :class:`_Out`."""
    assert isinstance(state, MilleBornesState)
    team = state.team_of[seat]
    while not spec.finished(start, state):
        actor = acting_seat(state)
        legal: list[Any] = list(dict.fromkeys(state.legal_actions(actor)))
        if len(legal) > 1 and state.team_of[actor] == team and depth > 0:
            calls = [a for a in legal if isinstance(a, CoupFourre)]
            if calls:
                legal = calls[:1]
            if len(legal) > 1:
                best = -math.inf
                for a in legal:
                    child = state.clone()
                    child.push(actor, a)
                    meter[0] += 1
                    best = max(best, exact_value(game, spec, child, seat, start, depth - 1, meter, limit))
                return best
        action: Any = legal[0] if len(legal) == 1 else spec.policy(game, state, actor)
        state.push(actor, action)
        meter[0] += 1
        if meter[0] > limit:
            raise _Out
    return float(spec.values(start, state)[seat])


def endgame_applies(obs: Observation, seat: Seat) -> bool:
    """Two players, the seat's own turn to play, the draw pile empty, hands played out (MBR-13),
    no drawing from the discard pile (MBR-20) nor fast game: nothing hidden is left."""
    if not isinstance(obs, MilleBornesObservation) or obs.players != 2:
        return False
    o = obs.options
    return (obs.draw_pile == 0 and obs.phase == PLAY and obs.turn == seat and o.deck_exhaustion == "play_out"
            and not o.draw_from_discard and not o.fast_game)


class EndgameBot(Bot):
    """Plays as ``inner`` (a :class:`MilleBornesSearchBot`), except once the draw pile is empty
    (:func:`endgame_applies`): then the move of :func:`exact_value`'s deepest complete search within
    ``limit`` actions pushed (ties: the policy's own move)."""

    def __init__(self, rng: random.Random, inner: MilleBornesSearchBot, limit: int = 30_000,
                 most: int = 12) -> None:
        super().__init__(rng)
        self.inner = inner
        self.limit = limit
        self.most = most
        self.depths: list[int] = []
        self.name = "endgame"

    def act(self, game: Game[Any, Any], seat: Seat, observation: Observation,
            legal: Sequence[Action]) -> Action:
        if len(set(legal)) > 1 and endgame_applies(observation, seat):
            spec = self.inner.spec
            assert isinstance(spec, MilleBornesSpec) and isinstance(observation, MilleBornesObservation)
            spec.team = observation.team_of[seat]
            spec.absent = {}
            default = spec.default(game, seat, observation, legal)
            world = game.determinize(observation, self.rng)
            start = spec.begin(world)
            moves = list(dict.fromkeys(legal))
            moves.sort(key=lambda a: a != default)
            meter = [0]
            choice = default
            for depth in range(self.most):
                try:
                    vals = []
                    for a in moves:
                        child = world.clone()
                        child.push(seat, a)
                        vals.append(exact_value(game, spec, child, seat, start, depth, meter, self.limit))
                except _Out:
                    break
                top = max(vals)
                choice = moves[vals.index(top)]  # the first best: the default wins ties
                self.depths.append(depth)
                if meter[0] * 2 > self.limit:  # the next depth costs more than the rest
                    break
            return choice
        return self.inner.act(game, seat, observation, legal)


def expert_endgame(rng: random.Random, limit: int = 30_000) -> EndgameBot:
    """The expert (:func:`mahai.bots.levels.mille_bornes_expert`) with the exact endgame."""
    from mahai.bots.levels import MB_EXPERT, MB_MODEL_TRIES
    from mahai.bots.mille_bornes import ExpertPolicy

    spec = MilleBornesSpec(own=ExpertPolicy(random.Random(0)), tries=MB_MODEL_TRIES)
    inner = MilleBornesSearchBot(random.Random(rng.getrandbits(64)), MB_EXPERT, spec=spec)
    return EndgameBot(rng, inner, limit=limit)


def cheap_endgame(rng: random.Random, limit: int = 30_000) -> EndgameBot:
    """The endgame over a small search (the same at pile 0; quicker to measure)."""
    from mahai.bots.levels import MB_MODEL_TRIES
    from mahai.bots.mille_bornes import ExpertPolicy

    spec = MilleBornesSpec(own=ExpertPolicy(random.Random(0)), tries=MB_MODEL_TRIES)
    inner = MilleBornesSearchBot(random.Random(rng.getrandbits(64)), Budget(100_000, 3000), spec=spec)
    return EndgameBot(rng, inner, limit=limit)


def positions(games: int, seed: int) -> list[tuple[MilleBornesState, int]]:
    """(state, seat): each seat's first decision with a choice in each leg after the pile ran out."""
    bots = [HeuristicBot(random.Random(1)), HeuristicBot(random.Random(2))]
    out = []
    for g in range(games):
        state = GAME.new(GAME.options("eu"), 2, seed + g)
        seen: set[tuple[int, int]] = set()
        while not state.is_over:
            seat = acting_seat(state)
            obs, legal = GAME.observe(state, seat), state.legal_actions(seat)
            if (len(set(legal)) > 1 and endgame_applies(obs, seat) and (state.leg, seat) not in seen):
                seen.add((state.leg, seat))
                out.append((state.clone(), seat))
            move: Any = bots[seat].act(GAME, seat, obs, legal)
            state.apply(seat, move)
    return out


def finish(state: MilleBornesState, seat: int, bot: Any, spec: MilleBornesSpec) -> float:
    """``seat``'s value after the leg, ``bot`` playing it from ``state`` and the heuristic the other."""
    other = HeuristicBot(random.Random(7))
    st = state.clone()
    start = spec.begin(st)
    while not spec.finished(start, st):
        s = acting_seat(st)
        obs, legal = GAME.observe(st, s), st.legal_actions(s)
        move: Any = (bot if s == seat else other).act(GAME, s, obs, legal)
        st.apply(s, move)
    return float(spec.values(start, st)[seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("positions")
    p.add_argument("out")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=3000)
    e = sub.add_parser("eval")
    e.add_argument("file")
    e.add_argument("configs", nargs="+")
    e.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    if args.cmd == "positions":
        found = positions(args.games, args.seed)
        with open(args.out, "wb") as f:
            pickle.dump(found, f)
        print(f"{len(found)} positions")
        return
    with open(args.file, "rb") as src:
        pos = pickle.load(src)  # noqa: S301 (a file this script wrote)
    if args.limit:
        pos = pos[: args.limit]
    spec = MilleBornesSpec()
    first: list[float] | None = None
    for config in args.configs:
        make = factory("mille_bornes", config)
        t0 = time.process_time()
        vals = [finish(st, seat, make(random.Random(k)), spec) for k, (st, seat) in enumerate(pos)]
        secs = time.process_time() - t0
        n = len(vals)
        m = sum(vals) / n
        line = f"{config}: mean {m:.1f} over {n} legs, {secs:.0f} CPU s"
        if first is not None:
            d = [v - f for v, f in zip(vals, first, strict=True)]
            dm, se = mean_se(d)
            better, worse = sum(x > 0 for x in d), sum(x < 0 for x in d)
            line += f"; paired over the first {dm:+.2f} ± {se:.2f} a leg ({better} better, {worse} worse)"
        else:
            first = vals
        print(line, flush=True)


if __name__ == "__main__":
    main()
