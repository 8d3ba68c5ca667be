"""Mille Bornes decision quality at fixed positions, against a rollout oracle.

A cheaper proxy than whole games for the search bot's strength (issue 15): each decision's worth
is measured in the currency the expert maximises, the chance to win the game after the leg
(:func:`mahai.bots.mille_bornes_search.win_chance`, times ``WIN_SCALE`` = 2000: 20 units are one
percentage point of a game).

``python -m benchmarks.mb_oracle build OUT [--games G] [--every K] [--worlds M] [--players P]
[--seed S]`` plays ``G`` games of ``P`` players (default 2; 4 plays in two teams of two, MBR-1; eu
edition, seeds ``S`` = 1000…) between heuristic bots and keeps about one decision in ``K`` with a
choice (coups fourrés aside: always called, MBR-10). For each kept position the oracle plays every
distinct legal action in ``M`` worlds that keep the TRUE hands and shuffle the draw pile again (the
same worlds for every action), and finishes the leg with the heuristic for every seat (an action's
value is the acting seat's team's, MBR-14). The oracle knows the hands, so its best action is not
always knowable from the seat; the mean of an action over the worlds is an unbiased estimate of its
true worth for the rest of the leg played by the heuristic.

``python -m benchmarks.mb_oracle more OUT MORE [--worlds W] [--limit N]`` plays ``W`` more worlds
(other seeds) at the first ``N`` positions of ``OUT`` into ``MORE``;
``python -m benchmarks.mb_oracle ceiling OUT [--select K…]`` prints what the oracle itself gains
over the heuristic when its choice is judged on worlds that did not make it (:func:`ceiling`).

``python -m benchmarks.mb_oracle eval OUT CONFIG…`` asks each configuration (the names of
:mod:`benchmarks.bots`, e.g. ``mb-search:decisions=15000`` or ``heuristic``) for its action at
every position (from the seat's observation only) and prints its mean gain over the heuristic's
action (units above, with a standard error), how often it chose otherwise, CPU seconds per
decision, and from the second configuration on, its paired gain over the first.

Measured (positions of 12 games, one in 8 kept, 300 worlds each, December 2026;
``docs/arena/README.md``): on the first 240, the 15,000-decision search gains 3.3 ± 1.6 a decision
over the heuristic; on the first 160, 45,000 decisions gain 0.5 ± 0.6 more (paired): the search's
edge is not held back by its budget. Session 6, the same first 240 positions (paired, each over
the first configuration named): every legal action a candidate (``top=8``) −0.12 ± 0.34; the
expert's own rollout policy (``own=1``, :class:`mahai.bots.mille_bornes.ExpertPolicy`) +0.34 ± 0.70
(+3.73 ± 1.30 over the heuristic); with it, ``z=0.5`` −0.28 ± 0.75 and 30,000 decisions
+0.72 ± 0.59. The policy alone, no search, over the heuristic at all 300: +0.42 ± 0.35 (12 changed).
A file built before session 6 loads only with its action classes mapped by hand (they pickled by
field dict; states then lacked ``rules``).
With the opponent's moves as evidence (``build --history``: 12 two-player games, seat 0's
decisions only, one in 4 kept, 200 worlds each, 360 positions, each with what the search bot at
seat 0 would remember of the turns before; December 2026, session 7, the compiled build): the
25,000-decision expert gains only +0.92 ± 0.54 a decision over the heuristic at these positions;
weighing its worlds by the opponent's last move (``model``, the default) +0.08 ± 0.43 paired over
``model=0``, 30 tries with leak 0.01 +0.06 ± 0.42, the last three moves (``depth=3``)
−0.09 ± 0.58, 40,000 decisions without the model −0.14 ± 0.42.
Session 8, the same 360 (366) positions with history, 25,000 decisions, 4 tries (the expert
then): the expert gains +1.26 ± 0.55 a decision over the heuristic; with up to 50,000 more
simulated decisions at a close decision (``extra=50000,close=2``: its two best finalists within
two standard errors) +1.89 ± 0.59, +0.62 ± 0.51 paired, at about twice the CPU. ``--limit N``
evaluates the first ``N`` positions only.
Session 14, 366 new positions with history (12 games, seeds 1000–1011, one in 4, 200 worlds;
``docs/arena/README.md``): the expert +1.76 ± 0.46 over the heuristic; paired over it, a fresh look
at its overrides (``verify=10000``, :attr:`mahai.bots.search.Budget.verify`) −0.14 ± 0.46,
``verify=30000`` +0.14 ± 0.45, ISMCTS at its work (``method=ismcts``) −4.76 ± 1.58; at these and
549 more (18 games, ``--seed 2000``) strong is −0.92 ± 0.45 below the heuristic and the fresh look
(``verify=3000``) +0.69 ± 0.41 above strong (pooled).
Session 15 (``ceiling``, and 800 more worlds at the first 150 of those 366): the oracle that knows
the hands gains +8.6 ± 2.4 a decision over the heuristic judged on worlds that did not choose its
action (+4.5 ± 1.4 among the expert's candidates only), the expert +2.1 ± 0.6 at the same positions.
Four players in teams (``--players 4``, 840 positions of 30
games, one in 6 kept, 200 worlds each): at one standard error the search gains −0.13 ± 0.61 a
decision (127 changes: noise), with 40,000 decisions −0.39 ± 0.65, at two standard errors
(``z=2``, what it now uses with teams) +0.53 ± 0.22 (40 changes).
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time
from collections.abc import Sequence
from typing import Any, TextIO

from benchmarks.bots import factory
from benchmarks.stats import mean_se
from mahai.bots.mille_bornes import HeuristicBot
from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec
from mahai.bots.search import acting_seat, rollout
from mahai.core.game import Action
from mahai.games.mille_bornes import GAME, CoupFourre, MilleBornesState, Redraw

Memory = dict[str, Any]
"""What the search bot of seat 0 remembered of the game so far (``history``): its attributes."""
Position = tuple[MilleBornesState, int, Action, dict[Action, list[float]], *tuple[Memory, ...]]
"""A state, the seat to act, the heuristic's action, each action's oracle values (one a world),
and with ``history`` the :data:`Memory` of the bot."""


Candidates = tuple[MilleBornesState, int, Any, list[Any], *tuple[Memory, ...]]


def positions(games: int, every: int, seed: int = 1000, players: int = 2,
              history: bool = False) -> list[Candidates]:
    """Decisions with a choice from heuristic self-play of ``players`` (eu edition, so teams of
    two with 4, MBR-1): (state, seat, heuristic's action, actions). With ``history`` (two
    players): seat 0's decisions only, seat 0 played by a search bot that never searches (it
    plays the heuristic's action) but remembers what the search's inferences and opponent model
    read (:data:`MEMORY`); each position then carries that memory as a fifth element."""
    bot = HeuristicBot(random.Random(0))
    watcher = MilleBornesSearchBot(random.Random(0), spec=_Watch(depth=4))
    pick = random.Random(seed)
    out: list[Any] = []
    for g in range(games):
        state = GAME.new(GAME.options("eu"), players, seed + g)
        while not state.is_over:
            seat = acting_seat(state)
            obs, legal = GAME.observe(state, seat), state.legal_actions(seat)
            memory = {k: getattr(watcher, k) for k in MEMORY}
            action: Any = bot.act(GAME, seat, obs, legal)
            if history and seat == 0:
                assert watcher.act(GAME, seat, obs, legal) == action
            cands = [a for a in dict.fromkeys(legal) if not isinstance(a, Redraw) or a == action]
            calls = any(isinstance(a, CoupFourre) for a in cands)
            if (len(cands) > 1 and not calls and (seat == 0 or not history)
                    and pick.random() < 1 / every):
                out.append((state.clone(), seat, action, cands, memory) if history
                           else (state.clone(), seat, action, cands))
            state.apply(seat, action)
    return out


class _Watch(MilleBornesSpec):
    """A search that never searches: its one candidate is the heuristic's action."""

    def candidates(self, game: Any, seat: int, observation: Any, legal: Sequence[Any],
                   default: Any) -> list[Any]:
        return [default]


MEMORY = ("_after", "_open", "_declined", "_pending", "_chain")
"""What a two-player :class:`MilleBornesSearchBot` remembers of the turns before a decision."""


def oracle(state: MilleBornesState, seat: int, cands: Sequence[Any], worlds: int,
           rng: random.Random) -> dict[Any, list[float]]:
    """Each action's value (win chance × 2000 after the leg) in ``worlds`` reshuffles of the pile."""
    spec = MilleBornesSpec()
    vals: dict[Any, list[float]] = {a: [] for a in cands}
    for _ in range(worlds):
        world = state.clone()
        rng.shuffle(world.draw_pile)
        world.rng = random.Random(rng.getrandbits(64))
        start = spec.begin(world)
        for a in cands:
            trial = world.clone()
            trial.push(seat, a)
            vals[a].append(rollout(GAME, spec, trial, start)[seat])
    return vals


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _summary(name: str, gains: Sequence[float], secs: float, changed: int) -> str:
    m, se = mean_se(gains)
    return (f"{name}: gain {m:+.2f} ± {se:.2f} a decision, changed {changed}/{len(gains)}, "
            f"{secs:.3f} s a decision")


def evaluate(res: Sequence[Position], config: str,
             log: TextIO | None = None) -> tuple[list[float], float, int]:
    """The configuration's gain over the heuristic at each position, CPU s a decision, changes;
    with ``log``, one JSON line a position (its index, the choice's notation, the gain)."""
    make = factory("mille_bornes", config)
    gains, changed, t0 = [], 0, time.process_time()
    for k, (state, seat, heur, vals, *memory) in enumerate(res):
        bot = make(random.Random(k))
        if memory and isinstance(bot, MilleBornesSearchBot):
            for name, value in memory[0].items():
                setattr(bot, name, value)
        choice = bot.act(GAME, seat, GAME.observe(state, seat), state.legal_actions(seat))
        if choice not in vals:
            raise ValueError(f"{config} chose {choice}, not among the oracle's actions")
        changed += choice != heur
        gains.append(_mean(vals[choice]) - _mean(vals[heur]))
        if log is not None:
            log.write(json.dumps({"config": config, "position": k, "choice": choice.notation(),
                                  "gain": round(gains[-1], 2)}) + "\n")
            log.flush()
    return gains, (time.process_time() - t0) / max(1, len(res)), changed


def ceiling(res: Sequence[Position], select: int) -> list[float]:
    """What the oracle itself gains over the heuristic, honestly: at each position the action best
    on ``select`` of the first half of its worlds, valued on the other half (and the same with the
    halves swapped, averaged). The best action's mean on the worlds that chose it is the largest of
    several noisy means, biased upwards (the winner's curse). Session 15, 150 positions of seeds
    1000–1011 with 1,000 worlds each: the best on all of them reads +10.2 units a decision over the
    heuristic; chosen on 500 worlds and judged on the other 500, +8.6 ± 2.4; on 200, +7.4 ± 2.4; on
    100, +6.4 ± 2.3 (with 200 worlds a position, the choice on 100 judged on 100 is too noisy to
    read: +1.4 ± 1.5 at the 366 positions)."""
    gains = []
    for _, _, heur, vals, *_ in res:
        w = len(vals[heur])
        half = w // 2
        g = 0.0
        for pick, judge in ((range(0, min(select, half)), range(half, w)),
                            (range(half, half + min(select, w - half)), range(0, half))):
            top = max(vals, key=lambda a: sum(vals[a][i] for i in pick))
            g += sum(vals[top][i] - vals[heur][i] for i in judge) / len(judge) / 2
        gains.append(g)
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("out")
    b.add_argument("--games", type=int, default=12)
    b.add_argument("--every", type=int, default=8)
    b.add_argument("--worlds", type=int, default=300)
    b.add_argument("--players", type=int, default=2)
    b.add_argument("--history", action="store_true")
    b.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    e = sub.add_parser("eval")
    e.add_argument("file")
    e.add_argument("configs", nargs="+")
    e.add_argument("--limit", type=int, default=0, help="only the first LIMIT positions")
    e.add_argument("--log", default=None, help="one JSON line a position and configuration")
    m = sub.add_parser("more", help="more oracle worlds for the first LIMIT positions (other seeds)")
    m.add_argument("file")
    m.add_argument("out")
    m.add_argument("--worlds", type=int, default=800)
    m.add_argument("--limit", type=int, default=150)
    c = sub.add_parser("ceiling", help="the oracle's own gain over the heuristic, on fresh worlds")
    c.add_argument("file")
    c.add_argument("--select", type=int, nargs="+", default=[25, 50, 100])
    args = parser.parse_args()
    if args.cmd == "build":
        res: list[Any] = []
        found = positions(args.games, args.every, seed=args.seed, players=args.players, history=args.history)
        for k, (state, seat, heur, cands, *memory) in enumerate(found):
            res.append((state, seat, heur, oracle(state, seat, cands, args.worlds, random.Random(k)),
                        *memory))
            if k % 20 == 19:  # a partial file to evaluate while the rest is computed
                with open(args.out, "wb") as part:
                    pickle.dump(res, part)
        with open(args.out, "wb") as out:
            pickle.dump(res, out)
        print(f"{len(res)} positions")
        return
    with open(args.file, "rb") as f:
        res = pickle.load(f)  # noqa: S301 (a file this script wrote)
    if args.cmd == "more":  # session 15: 800 more worlds at 150 positions, seeds 100,000 + k
        more: list[Any] = []
        for k, (state, seat, heur, vals, *memory) in enumerate(res[: args.limit]):
            extra = oracle(state, seat, list(vals), args.worlds, random.Random(100_000 + k))
            more.append((state, seat, heur, {a: vals[a] + extra[a] for a in vals}, *memory))
        with open(args.out, "wb") as out:
            pickle.dump(more, out)
        return
    if args.cmd == "ceiling":
        for k in args.select:
            gains = ceiling(res, k)
            print(_summary(f"the oracle choosing on {k} worlds", gains, 0.0, 0).split(", changed")[0])
        biased = [max(_mean(v) for v in vals.values()) - _mean(vals[heur]) for _, _, heur, vals, *_ in res]
        print(_summary("its best on the worlds that chose it (biased)", biased, 0.0, 0).split(", changed")[0])
        return
    if args.limit:
        res = res[: args.limit]
    first: list[float] | None = None
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115 - closed at exit
    for config in args.configs:
        gains, secs, changed = evaluate(res, config, log)
        print(_summary(config, gains, secs, changed))
        if first is None:
            first = gains
        else:
            paired = [g - f for g, f in zip(gains, first, strict=True)]
            print(_summary("  paired over the first", paired, 0.0, changed))


if __name__ == "__main__":
    main()
