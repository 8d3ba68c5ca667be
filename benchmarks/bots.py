"""Bot strength and speed: duels over duplicate deals, with CPU seconds per decision.

Run ``python -m benchmarks.bots GAME A B [--deals N] [--players P] [--edition E] [-o k=v] [--log FILE]``.
``A`` and ``B`` are configurations: a declared bot name (``Game.bots``, e.g. ``heuristic``) or a
configuration of this file (:data:`CONFIGS`) with ``key=value`` overrides after a colon, e.g.
``mb-search:rollouts=300,method=ismcts``. Each deal is played twice (or once per distinct
rotation of the seats), the bots swapping seats, with the same seed (so the same cards); a
deal's bots are seeded from the deal's seed like :func:`mahai.sim.make_bots`.

Prints each bot's wins, win rate with its Wilson 95% interval, mean score margin, and CPU
seconds per decision with a choice (mean, slowest); ``--log`` writes each game (JSON lines) to pair
two runs over the same deals. The search budgets of the bot levels were
chosen with it (the measured figures are in ``docs/arena/README.md``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from mahai.bots import Bot, make_bot
from mahai.bots.play import play_out
from mahai.bots.search import Budget, Method
from mahai.bots.timing import TimedBot
from mahai.core.options import parse_option_pairs
from mahai.games import get_game
from mahai.sim import BOT_SALT, BotStats

Factory = Callable[[random.Random], Bot]


def _budget(kw: dict[str, str]) -> Budget:
    """Pop ``rollouts``, ``decisions``, ``seconds``, ``extra``, ``close``, ``work``, ``per_rollout``,
    ``per_deal``, ``verify`` from ``kw`` into a :class:`Budget`."""
    decisions = kw.pop("decisions", None)
    seconds = kw.pop("seconds", None)
    work = kw.pop("work", None)
    return Budget(rollouts=int(kw.pop("rollouts", "100000" if decisions or seconds else "200")),
                  decisions=int(decisions) if decisions else None,
                  seconds=float(seconds) if seconds else None,
                  extra=int(kw.pop("extra", "0")), close=float(kw.pop("close", "2.0")),
                  work=int(work) if work else None, per_rollout=int(kw.pop("per_rollout", "0")),
                  per_deal=int(kw.pop("per_deal", "0")), verify=int(kw.pop("verify", "0")))


def _mb_search(**kw: str) -> Factory:
    from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec

    budget = _budget(kw)
    methods: dict[str, Method] = {"pimc": "pimc", "ismcts": "ismcts"}
    method = methods[kw.pop("method", "pimc")]  # KeyError: no such search
    z = float(kw.pop("z", "1.0"))
    spec_kw: dict[str, Any]
    weights = _weights(kw.pop("w", ""))
    opponent = _weights(kw.pop("hw", ""))
    spec_kw = {k: float(v) for k, v in kw.items()}
    for name in ("top", "tries", "depth"):
        if name in spec_kw:
            spec_kw[name] = int(spec_kw[name])
    if "model" in spec_kw:  # model=0: no weighing of the worlds by the opponent's last move
        spec_kw["model"] = bool(spec_kw["model"])
    if spec_kw.pop("own", 0):  # own=1: the expert's own rollout policy
        from mahai.bots.mille_bornes import ExpertPolicy
        spec_kw["own"] = ExpertPolicy(random.Random(0))
        spec_kw["own"].discard_weights = weights  # w=a/b/…: its discards (session 16)
    if opponent is not None:  # hw=a/b/…: the heuristic's discards in its rollouts (session 16)
        from mahai.bots.mille_bornes import HeuristicBot
        spec_kw["policy"] = HeuristicBot(random.Random(0))
        spec_kw["policy"].discard_weights = opponent
    return lambda rng: MilleBornesSearchBot(rng, budget, method,
                                            MilleBornesSpec(**spec_kw), z)


def _weights(text: str) -> tuple[float, ...] | None:
    """``a/b/…`` → the discard weights of :func:`mahai.bots.mille_bornes.discard_keep_value`."""
    return tuple(float(x) for x in text.split("/")) if text else None


def _mb_policy(**kw: str) -> Factory:
    """A Mille Bornes rule-of-thumb bot without search: ``expert=1`` the expert's policy
    (:class:`mahai.bots.mille_bornes.ExpertPolicy`), else the heuristic; ``w=a/b/…`` its discard
    weights (:func:`mahai.bots.mille_bornes.discard_keep_value`, session 16)."""
    from mahai.bots.mille_bornes import ExpertPolicy, HeuristicBot

    weights = _weights(kw.pop("w", ""))
    cls = ExpertPolicy if int(kw.pop("expert", "0")) else HeuristicBot
    if kw:
        raise ValueError(f"unknown mb-policy options {sorted(kw)}")

    def make(rng: random.Random) -> Bot:
        bot = cls(rng)
        bot.discard_weights = weights
        return bot

    return make


def _sp_search(**kw: str) -> Factory:
    from mahai.bots.spades_search import SearchBot

    samples, bid_samples = int(kw.get("samples", "8")), int(kw.get("bid_samples", "0"))
    blind_samples = int(kw.get("blind_samples", "0"))
    return lambda rng: SearchBot(rng, samples=samples, bid_samples=bid_samples, blind_samples=blind_samples)


CONFIGS: dict[str, Callable[..., Factory]] = {
    "mb-search": _mb_search,
    "mb-policy": _mb_policy,
    "sp-search": _sp_search,
}


def factory(game: str, text: str) -> Factory:
    """A bot factory from ``name`` or ``config:key=value,...``."""
    name, _, args = text.partition(":")
    if name == "py":  # py:module:factory, any importable bot factory
        module, _, attr = args.partition(":")
        made: Factory = getattr(importlib.import_module(module), attr)
        return made
    if name in CONFIGS:
        kw = dict(pair.split("=", 1) for pair in args.split(",") if pair)
        return CONFIGS[name](**kw)
    return lambda rng: make_bot(game, name, rng)


def duel(game_name: str, options: Any, players: int, a: Factory, b: Factory, deals: int, seed: int,
         progress: bool = True, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``deals`` duplicate deals between ``a`` and ``b``; the figures for each. With ``log``,
    one JSON line a game: the deal's seed, which side held each seat, whether A won, A's margin
    (points), so that two runs over the same deals can be paired game by game."""
    game = get_game(game_name)
    pattern = [i % 2 for i in range(players)]
    rotations = sorted({tuple(pattern[(s + r) % players] for s in range(players)) for r in range(players)})
    stats = [BotStats(), BotStats()]
    margin = [0.0, 0.0]
    secs, choices, slowest = [0.0, 0.0], [0, 0], [0.0, 0.0]
    start = time.perf_counter()
    for k in range(deals):
        for rot in rotations:
            rng = random.Random((seed + k) ^ BOT_SALT)
            bots = {s: TimedBot((a, b)[rot[s]](random.Random(rng.getrandbits(64)))) for s in range(players)}
            state = game.new(options, players, seed + k)
            play_out(game, state, bots)
            scores = state.scores()
            if log is not None:
                a_seats = [s for s in range(players) if rot[s] == 0]
                b_seats = [s for s in range(players) if rot[s] == 1]
                log.write(json.dumps({"seed": seed + k, "seats": "".join("AB"[x] for x in rot),
                                      "a_won": any(s in state.winners() for s in a_seats),
                                      "a_margin": scores[a_seats[0]] - scores[b_seats[0]]}) + "\n")
                log.flush()
            for side in (0, 1):
                seats = [s for s in range(players) if rot[s] == side]
                other = [s for s in range(players) if rot[s] != side]
                st = stats[side]
                st.games += 1
                st.wins += any(s in state.winners() for s in seats)
                margin[side] += scores[seats[0]] - scores[other[0]]
                for s in seats:
                    tb = bots[s]
                    secs[side] += tb.seconds
                    choices[side] += tb.choices
                    slowest[side] = max(slowest[side], tb.slowest)
        if progress:
            done = stats[0].games
            print(f"\r{done} games: A {stats[0].wins} B {stats[1].wins}  "
                  f"({time.perf_counter() - start:.0f} s)", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    out = {}
    for side, label in ((0, "A"), (1, "B")):
        st = stats[side]
        lo, hi = st.interval()
        out[label] = {"games": st.games, "wins": st.wins, "win_rate": round(st.win_rate, 4),
                      "win_rate_95": [round(lo, 4), round(hi, 4)],
                      "mean_margin": round(margin[side] / max(1, st.games), 1),
                      "cpu_per_choice": round(secs[side] / max(1, choices[side]), 4),
                      "slowest": round(slowest[side], 3), "choices": choices[side]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--edition", default=None)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--log", default=None, help="write one JSON line a game to this file")
    args = parser.parse_args()
    game = get_game(args.game.replace("-", "_"))
    options = game.options(args.edition, **parse_option_pairs(args.option))
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115 - closed below
    try:
        res = duel(game.name, options, args.players, factory(game.name, args.a), factory(game.name, args.b),
                   args.deals, args.seed, log=log)
    finally:
        if log is not None:
            log.close()
    for label, name in (("A", args.a), ("B", args.b)):
        r = res[label]
        lo, hi = r["win_rate_95"]
        print(f"{label} {name}: {r['wins']}/{r['games']} = {r['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]  "
              f"margin {r['mean_margin']:+.0f}  cpu/choice {r['cpu_per_choice'] * 1000:.1f} ms "
              f"(slowest {r['slowest'] * 1000:.0f} ms, {r['choices']} choices)")


if __name__ == "__main__":
    main()
