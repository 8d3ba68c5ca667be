"""Expert iteration for Mille Bornes, a first round: the search's choices learned by a fast policy (issue 15).

The expert searches over :class:`ExpertPolicy` (its rollouts and its default); a policy that chose
as the search does, without searching, would be a stronger base to search over again. This
benchmark asks whether a first, linear round of that finds anything.

``python -m benchmarks.mb_distill gen OUT --games G --seed S [--worlds W]`` plays ``G`` two-player
games (eu edition, to 5,000) of :class:`ExpertPolicy` against ``medium`` (seats alternating by game)
and, at each of ExpertPolicy's play-phase turns with more than one of the expert's candidates
(:meth:`MilleBornesSpec.candidates`: the 4 best-ranked moves and each safety; no coup fourré open),
plays every candidate in the same ``W`` worlds dealt from the seat's observation, the rest of the
leg by the expert's rollout policies (:func:`mahai.bots.levels.mille_bornes_expert_spec`): values
in units of 1/2000 of a game won (20 a point of win rate). One pickled list of positions a game,
appended to ``OUT`` (about 3 CPU s a game compiled, 60 positions).

``python -m benchmarks.mb_distill fit MODELS FILE…`` fits, for each class of change (the kind of
ExpertPolicy's move → the kind of the other candidate, :func:`benchmarks.mb_mistakes.kind`), a
ridge regression of the candidate's gain over ExpertPolicy's move on :func:`features`; prints each
class's held-out gain (fitted on the games of even seed, judged on the odd) when the model's
override is taken above a margin, and saves the models fitted on all games.

``python -m benchmarks.mb_distill duel MODELS MARGIN DEALS SEED [CLASS…]`` plays :class:`Distilled`
(ExpertPolicy, its move overridden where a model of the classes named, or of all, predicts a gain
above ``MARGIN`` units) and ExpertPolicy against ``medium`` over the same duplicate deals and prints
the paired gain (points of win rate). Pure-Python install (``.venv``): a compiled ExpertPolicy
cannot be subclassed.

Session 20, 27,703 positions of 236 games (seeds 600000… and 700000…, 40 worlds each, about 4
CPU s a game compiled at load 10): the search's gain over ExpertPolicy's move is predictable only
where it would lay a safety instead of a discard (held out: +3.14 ± 1.43 units a candidate of that
class at margin 0, half of them overridden); every other class within ±0.2 or negative, the
correlation of prediction and gain 0.05–0.5. In games against medium, 3,000 duplicate deals (seed
510000) paired over ExpertPolicy: that override alone −0.68 ± 0.54 points, every class at margin 10
+0.07 ± 0.45. See ``docs/arena/README.md``.
"""

from __future__ import annotations

import argparse
import pickle
import random
import time
from collections import defaultdict
from typing import Any

import numpy as np

from benchmarks.mb_mistakes import kind
from benchmarks.mb_policy_variants import per_deal
from benchmarks.stats import mean_se
from mahai.bots import make_bot
from mahai.bots.levels import mille_bornes_expert_spec
from mahai.bots.mille_bornes import ExpertPolicy, _View
from mahai.bots.search import acting_seat, rollout
from mahai.core.game import Action, State
from mahai.games import get_game
from mahai.games.mille_bornes import CARD_OF, KM, PLAY, CoupFourre, MilleBornesObservation, Redraw, Safety

Class = tuple[str, str]


def gen(out: str, games: int, seed: int, worlds: int) -> None:
    """See the module docstring (``gen``)."""
    game = get_game("mille_bornes")
    options = game.options(None)
    spec = mille_bornes_expert_spec()
    rng = random.Random(seed)
    t0 = time.process_time()
    total = 0
    for k in range(games):
        me = k % 2
        bots = {me: ExpertPolicy(random.Random(seed + k)),
                1 - me: make_bot(game.name, "medium", random.Random(seed + k + 1))}
        state = game.new(options, 2, seed + k)
        rows = []
        while not state.over:
            seat = acting_seat(state)
            obs = game.observe(state, seat)
            assert isinstance(obs, MilleBornesObservation)
            legal = state.legal_actions(seat)
            action = bots[seat].act(game, seat, obs, legal)
            if (seat == me and len(legal) > 1 and obs.phase == PLAY and obs.turn == seat
                    and not any(isinstance(a, CoupFourre) for a in legal)):
                spec.team, spec.absent, spec.evidence = obs.team_of[seat], {}, None
                cands = spec.candidates(game, seat, obs, legal, action)
                if len(cands) > 1:
                    values = []
                    for _ in range(worlds):
                        world = spec.deal(game, obs, rng)
                        start = spec.begin(world)
                        row = []
                        for cand in cands:
                            trial: State[Any] = world.clone()
                            trial.push(seat, cand)
                            row.append(rollout(game, spec, trial, start)[seat])
                        values.append(row)
                    rows.append({"obs": obs, "seat": seat, "cands": [c.notation() for c in cands],
                                 "default": action.notation(), "values": values, "seed": seed + k})
            state.push(seat, action)
        total += len(rows)
        with open(out, "ab") as f:
            pickle.dump(rows, f)
        print(f"game {k + 1}/{games}: {len(rows)} positions, {total} in all, "
              f"{time.process_time() - t0:.0f} CPU s", flush=True)


def load(path: str) -> list[dict[str, Any]]:
    """The positions of a ``gen`` file (a game cut short at its end is left out)."""
    rows: list[dict[str, Any]] = []
    with open(path, "rb") as f:
        while True:
            try:
                rows.extend(pickle.load(f))
            except (EOFError, pickle.UnpicklingError):
                return rows


def _card(action: Action) -> list[float]:
    """A card's kind: km / 200, hazard, speed limit, remedy, roll, safety (zeros: no card)."""
    code = getattr(action, "card", None)
    if code is None:
        return [0.0] * 6
    c = CARD_OF[code]
    return [KM[c] / 200 if c < 5 else 0.0, float(5 <= c < 10), float(c == 6), float(10 <= c < 15),
            float(c == 10), float(c >= 15)]


def features(policy: ExpertPolicy, v: _View, default: Action, alt: Action) -> np.ndarray:
    """The position (distances left, both cars' state, the draw pile, safeties shown, the game
    score, the hand's make-up), the two moves' cards, the policy's own preference of one over the
    other, and the position crossed with the other move's card kind."""
    obs = v.obs
    opp = obs.tableaux[v.opponents[0]]
    hand = v.hand
    ctx = [1.0, v.remaining / 1000, (obs.target - opp.km) / 1000, float(v.tab.rolling), float(v.hazard >= 0),
           float(v.tab.speed_limited), float(opp.rolling), float(opp.hazard is not None),
           float(opp.speed_limited), obs.draw_pile / 100, len(v.tab.safeties) / 4, len(opp.safeties) / 4,
           (obs.totals[v.team] - obs.totals[opp.team]) / 5000, max(obs.totals) / 5000,
           sum(c < 5 for c in hand) / 7, sum(5 <= c < 10 for c in hand) / 7,
           sum(10 <= c < 15 for c in hand) / 7, sum(c >= 15 for c in hand) / 4, float(obs.target == 1000),
           float(v.remaining <= 200), float(obs.target - opp.km <= 200)]
    gap = policy.value(v, default) - policy.value(v, alt)
    theirs = _card(alt)
    cross = [x * y for x in ctx[1:13] for y in (theirs[0], theirs[1], theirs[3])]
    return np.array(ctx + _card(default) + theirs + [min(gap, 500.0) / 500] + cross)


def _dataset(paths: list[str]) -> dict[Class, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    game = get_game("mille_bornes")
    policy = ExpertPolicy(random.Random(0))
    data: dict[Class, tuple[list[Any], list[float], list[int]]] = defaultdict(lambda: ([], [], []))
    for path in paths:
        for r in load(path):
            if r["default"] not in r["cands"]:
                continue
            v = policy.view(r["obs"], r["seat"])
            vals = np.array(r["values"])
            d = r["cands"].index(r["default"])
            default = game.parse_action(r["default"])
            for i, code in enumerate(r["cands"]):
                if i != d:
                    alt = game.parse_action(code)
                    x, y, g = data[(kind(default), kind(alt))]
                    x.append(features(policy, v, default, alt))
                    y.append(float(np.mean(vals[:, i] - vals[:, d])))
                    g.append(r["seed"])
    return {k: (np.array(x), np.array(y), np.array(g)) for k, (x, y, g) in data.items()}


def _ridge(x: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    return np.linalg.solve(x.T @ x + lam * np.eye(x.shape[1]), x.T @ y)


def fit(out: str, paths: list[str], lam: float = 30.0, least: int = 300) -> None:
    """See the module docstring (``fit``)."""
    models = {}
    for key, (x, y, g) in sorted(_dataset(paths).items(), key=lambda kv: -len(kv[1][1])):
        if len(y) < least:
            continue
        train, test = g % 2 == 0, g % 2 == 1
        pred, truth = x[test] @ _ridge(x[train], y[train], lam), y[test]
        cells = []
        for margin in (0, 10, 25):
            pick = pred > margin
            gain, se = (mean_se(list(np.where(pick, truth, 0.0))) if test.sum() > 1 else (0.0, 0.0))
            cells.append(f"m{margin} {pick.mean():5.1%} {gain:+5.2f} ± {se:4.2f}")
        corr = np.corrcoef(pred, truth)[0, 1]
        print(f"{'->'.join(key):20s} n={len(y):6d} mean {y.mean():6.1f} corr {corr:+.2f} | "
              + " | ".join(cells), flush=True)
        models[key] = _ridge(x, y, lam)
    with open(out, "wb") as f:
        pickle.dump(models, f)


class Distilled(ExpertPolicy):
    """ExpertPolicy, its play-phase move replaced by the expert's candidate a model of
    :attr:`models` predicts best by more than :attr:`margin` units (set on the class)."""

    models: dict[Class, np.ndarray] = {}
    margin = 10.0

    def act(self, game: Any, seat: int, observation: Any, legal: Any) -> Action:
        action = super().act(game, seat, observation, legal)
        obs = observation
        if (len(legal) < 2 or obs.phase != PLAY or obs.turn != seat
                or any(isinstance(a, CoupFourre) for a in legal)):
            return action
        v = self.view(obs, seat)
        cands = [a for a in dict.fromkeys(legal) if not isinstance(a, Redraw) or a == action]
        ranked = sorted(cands, key=lambda a: (a != action, -self.value(v, a)))
        best, gain = action, self.margin
        for alt in ranked[:4] + [a for a in ranked[4:] if isinstance(a, Safety)]:
            w = self.models.get((kind(action), kind(alt)))
            if alt != action and w is not None:
                g = float(features(self, v, action, alt) @ w)
                if g > gain:
                    best, gain = alt, g
        return best


def duel(models: str, margin: float, deals: int, seed: int, classes: list[str]) -> None:
    """See the module docstring (``duel``)."""
    with open(models, "rb") as f:
        fitted: dict[Class, np.ndarray] = pickle.load(f)
    Distilled.models = {k: w for k, w in fitted.items() if not classes or "->".join(k) in classes}
    Distilled.margin = margin
    base = per_deal(ExpertPolicy, deals, seed)
    won = per_deal(Distilled, deals, seed)
    gain, se = mean_se([won[k] - base[k] for k in base])
    print(f"ExpertPolicy {sum(base.values()) / deals:.2%}, Distilled ({len(Distilled.models)} classes, "
          f"margin {margin}) {sum(won.values()) / deals:.2%} of {2 * deals} games against medium: paired "
          f"{100 * gain:+.2f} ± {100 * se:.2f} points", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("gen")
    p.add_argument("out")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=600000)
    p.add_argument("--worlds", type=int, default=40)
    p = sub.add_parser("fit")
    p.add_argument("models")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("duel")
    p.add_argument("models")
    p.add_argument("margin", type=float)
    p.add_argument("deals", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("classes", nargs="*")
    args = parser.parse_args()
    if args.cmd == "gen":
        gen(args.out, args.games, args.seed, args.worlds)
    elif args.cmd == "fit":
        fit(args.models, args.files)
    else:
        duel(args.models, args.margin, args.deals, args.seed, args.classes)
