"""Where the Mille Bornes expert loses points at fixed positions: its choices classified (issue 15).

``python -m benchmarks.mb_mistakes run POSITIONS OUT [CONFIG]`` asks ``CONFIG`` (default ``expert``,
names as in :mod:`benchmarks.bots`) for its action at every position of a file of
:mod:`benchmarks.mb_oracle` (``build --history``), exactly as ``mb_oracle eval`` does (the same bot
seed a position), and keeps for each: its choice, its own default (the policy it searches over),
the heuristic's action, its search statistics (each candidate's value in each world, and in the
fresh look's worlds) and the oracle's values of every action (the TRUE hands, 200 worlds, units of
1/2000 of a game: 20 a point of win rate).

``python -m benchmarks.mb_mistakes report OUT…`` prints, over the positions of the files:

* the gain over the heuristic by class of change (the heuristic's kind of move → the choice's kind:
  distance, roll, remedy, hazard, safety, discard, answer), with how often and its standard error:
  which overrides pay and which cost;
* the regret (the oracle's best action's value minus the choice's) by the kind of the choice, and
  how much of it the search could have seen (the oracle's best was one of its candidates);
* offline rules on the same statistics (no new search): the override kept only by ``z`` standard
  errors of its paired gain in the search's own worlds, by class.

An action's kind is :func:`kind`.
"""

from __future__ import annotations

import argparse
import pickle
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from benchmarks.bots import factory
from benchmarks.stats import mean_se
from mahai.bots.mille_bornes_search import MilleBornesSearchBot
from mahai.bots.search import paired_advantage
from mahai.games.mille_bornes import GAME, Discard, Extend, Hazard, Play, Remedy, Safety


def kind(action: Any) -> str:
    """``distance``, ``roll``, ``remedy``, ``hazard`` (``limit`` for a speed limit), ``safety``,
    ``discard``, ``extend``/``stop`` (the extension question, MBR-12) or the class name."""
    if isinstance(action, Play):
        return "roll" if action.card == "roll" else "distance"
    if isinstance(action, Hazard):
        return "limit" if action.card == "speed_limit" else "hazard"
    if isinstance(action, Remedy):
        return "remedy"
    if isinstance(action, Safety):
        return "safety"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, Extend):
        return "extend" if action.yes else "stop"
    return type(action).__name__.lower()


def run(positions: Sequence[Any], config: str) -> list[dict[str, Any]]:
    """Each position's record (see the module docstring)."""
    make = factory("mille_bornes", config)
    out = []
    for k, (state, seat, heur, vals, *memory) in enumerate(positions):
        bot = make(random.Random(k))
        if memory and isinstance(bot, MilleBornesSearchBot):
            for name, value in memory[0].items():
                setattr(bot, name, value)
        obs, legal = GAME.observe(state, seat), state.legal_actions(seat)
        t0 = time.process_time()
        choice = bot.act(GAME, seat, obs, legal)
        secs = time.process_time() - t0
        default = bot.spec.default(GAME, seat, obs, legal) if isinstance(bot, MilleBornesSearchBot) else heur
        stats = [(s.action, dict(s.values), dict(s.fresh)) for s in getattr(bot, "last", [])]
        out.append({"k": k, "choice": choice, "default": default, "heur": heur, "stats": stats,
                    "oracle": {a: sum(v) / len(v) for a, v in vals.items()},
                    "pile": len(state.draw_pile), "secs": secs})
    return out


def report(recs: Sequence[dict[str, Any]]) -> None:
    n = len(recs)
    gain = [r["oracle"][r["choice"]] - r["oracle"][r["heur"]] for r in recs]
    m, se = mean_se(gain)
    print(f"{n} positions: gain over the heuristic {m:+.2f} ± {se:.2f} a decision")
    best = [max(r["oracle"].values()) for r in recs]
    regret = [b - r["oracle"][r["choice"]] for b, r in zip(best, recs, strict=True)]
    hreg = [b - r["oracle"][r["heur"]] for b, r in zip(best, recs, strict=True)]
    print(f"regret (oracle's best − choice) {sum(regret) / n:.2f}, the heuristic's {sum(hreg) / n:.2f}")
    # classes of change
    by: dict[str, list[float]] = defaultdict(list)
    for r, g in zip(recs, gain, strict=True):
        if r["choice"] != r["heur"]:
            by[f"{kind(r['heur'])} -> {kind(r['choice'])}"].append(g)
    print("\nchanges of the heuristic's move (sum over all positions / n = share of the mean gain):")
    for key, gs in sorted(by.items(), key=lambda kv: sum(kv[1])):
        (mm, ss), c = mean_se(gs), len(gs)
        print(f"  {key:24s} {c:4d}  mean {mm:+7.1f} ± {ss:5.1f}  total/n {sum(gs) / n:+.2f}")
    # the expert's default against the heuristic
    dg = [r["oracle"][r["default"]] - r["oracle"][r["heur"]] for r in recs if r["default"] in r["oracle"]]
    (mm, ss), c = mean_se(dg), len(dg)
    print(f"\nits default (own policy) over the heuristic: {mm:+.2f} ± {ss:.2f} ({c} positions, "
          f"{sum(r['default'] != r['heur'] for r in recs)} differ)")
    # regret by kind of choice, and whether the best was a candidate
    print("\nregret by the choice's kind (total/n), and the part where the oracle's best was searched:")
    rk: dict[str, list[float]] = defaultdict(list)
    seen: dict[str, float] = defaultdict(float)
    for r, rg in zip(recs, regret, strict=True):
        key = kind(r["choice"])
        rk[key].append(rg)
        top = max(r["oracle"], key=r["oracle"].get)
        if any(a == top for a, _, _ in r["stats"]):
            seen[key] += rg
    for key, rs in sorted(rk.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {key:10s} {len(rs):4d}  total/n {sum(rs) / n:6.2f}  searched {seen[key] / n:6.2f}")
    # by pile size
    print("\ngain over the heuristic by draw pile size:")
    for lo, hi in ((0, 0), (1, 10), (11, 30), (31, 200)):
        gs = [g for r, g in zip(recs, gain, strict=True) if lo <= r["pile"] <= hi]
        (mm, ss), c = mean_se(gs), len(gs)
        ch = sum(1 for r in recs if lo <= r["pile"] <= hi and r["choice"] != r["heur"])
        print(f"  pile {lo:3d}-{hi:3d}: {c:4d} positions, {ch:3d} changed, {mm:+.2f} ± {ss:.2f}, "
              f"total/n {sum(gs) / n:+.2f}")


def decide(r: dict[str, Any], z: dict[str, float], fresh: bool = True) -> Any:
    """The choice an offline rule makes: the search's choice if it is the default; else the
    search's best finalist kept only if its paired gain over the default (fresh worlds if any,
    else the search's own) passes ``z[class]`` standard errors (class: its kind)."""
    choice, default = r["choice"], r["default"]
    stats = {a: (v, f) for a, v, f in r["stats"]}
    if not stats or default not in stats:
        return choice
    # the finalist the search preferred (it may have been refused by the fresh look)
    from mahai.bots.search import CandidateStats
    cs = []
    for a, (v, f) in stats.items():
        s = CandidateStats(a, len(v), sum(v.values()), v, f)
        cs.append(s)
    most = max(s.n for s in cs)
    fin = [s for s in cs if s.n == most]
    top = max(fin, key=lambda s: (s.mean, s.action == default))
    if top.action == default:
        return default
    base = next(s for s in cs if s.action == default)
    use_fresh = fresh and bool(top.fresh) and bool(base.fresh)
    g, se = paired_advantage(top, base, use_fresh)
    need = z.get(kind(top.action), z.get("*", 1.0))
    return top.action if g > need * se else default


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("positions")
    r.add_argument("out")
    r.add_argument("config", nargs="?", default="expert")
    r.add_argument("--limit", type=int, default=0)
    p = sub.add_parser("report")
    p.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.cmd == "run":
        with open(args.positions, "rb") as f:
            pos = pickle.load(f)  # noqa: S301 (a file mb_oracle wrote)
        if args.limit:
            pos = pos[: args.limit]
        recs = run(pos, args.config)
        with open(args.out, "wb") as out:
            pickle.dump(recs, out)
        return
    recs = []
    for name in args.files:
        with open(name, "rb") as f:
            recs += pickle.load(f)  # noqa: S301 (a file this script wrote)
    report(recs)
    rules(recs)


def rules(recs: Sequence[dict[str, Any]]) -> None:
    """Offline rules (:func:`decide`) over the recorded statistics: gain over the choice made."""
    n = len(recs)
    print("\noffline rules, paired over the choice made (units a decision):")
    kinds = sorted({kind(a) for r in recs for a, _, _ in r["stats"]})
    grid: list[tuple[str, dict[str, float]]] = [(f"z={z}", {"*": z}) for z in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)]
    grid += [(f"{k} z=3", {k: 3.0}) for k in kinds] + [(f"{k} z=0", {k: 0.0}) for k in kinds]
    looks = (True, False) if any(f for r in recs for _, _, f in r["stats"]) else (False,)
    for name, z in grid:
        for fresh in looks:
            d = [r["oracle"][decide(r, z, fresh)] - r["oracle"][r["choice"]] for r in recs]
            ch = sum(1 for r in recs if decide(r, z, fresh) != r["choice"])
            m, se = mean_se(d)
            print(f"  {name:18s} {'fresh' if fresh else 'own  '}  {m:+.2f} ± {se:.2f}  ({ch} of {n} differ)")


if __name__ == "__main__":
    main()
