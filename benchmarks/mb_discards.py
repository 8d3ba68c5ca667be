"""What the Mille Bornes heuristic should throw away: its discards against the oracle's (issue 15).

``python -m benchmarks.mb_discards report FILE…`` reads position files of
:mod:`benchmarks.mb_oracle` (``build --history``: every distinct legal action valued in worlds that
keep the TRUE hands, units of 1/2000 of a game, 20 a point of win rate) and, at the positions where
the heuristic discards (the seat has no use for a card now), prints:

* by the card it threw away and the card the oracle prefers, how often and how much;
* for each fact about a card of the hand (:data:`FACTS`: a remedy whose safety the hand holds,
  a third copy, a hazard whose safety the opponent showed or cannot hold, …), the mean paired gain
  of throwing THAT card instead of the heuristic's (over the positions where the hand holds such a
  card and the heuristic threw another), with its standard error: the rules its ranking breaks;
* ``--list N``: the N positions where another discard beats the heuristic's by most, with the
  state's facts (km, pile, both sides' safeties laid, the opponent's battle pile, the hand).

A fact's gain is paired world by world (the same worlds for every action), so it is an unbiased
estimate of what the rule would gain at those positions if the heuristic rollouts played the rest.
Session 16 (``docs/arena/README.md``) read the discard ranking of
:func:`mahai.bots.mille_bornes.discard_keep_value` from it.
"""

from __future__ import annotations

import argparse
import pickle
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.stats import mean_se
from mahai.bots.mille_bornes import _View, keep_value
from mahai.games.mille_bornes import (
    CARD_OF,
    CODES,
    END_OF_LIMIT,
    GAME,
    KM,
    PLAY,
    REMEDY_OF,
    ROLL,
    SAFETY_OF,
    SPEED_LIMIT,
    Discard,
    is_distance,
    is_hazard,
    is_safety,
)
from mahai.games.mille_bornes.cards import HAZARD_OF_REMEDY

Fact = Callable[[_View, int], bool]


def _opp(v: _View) -> Any:
    return v.obs.tableaux[v.opponents[0]]


def _remedy_safety_in_hand(v: _View, c: int) -> bool:
    return c in HAZARD_OF_REMEDY and SAFETY_OF[HAZARD_OF_REMEDY[c]] in v.hand


def _remedy_hazard_unseen(v: _View, c: int, n: int) -> bool:
    return c in HAZARD_OF_REMEDY and v.unseen[HAZARD_OF_REMEDY[c]] <= n


def _hazard_safety_unseen(v: _View, c: int) -> bool:
    """A hazard whose safety nobody has shown and the seat does not hold (the opponent may)."""
    return is_hazard(c) and v.unseen[SAFETY_OF[c]] > 0


FACTS: dict[str, Fact] = {
    "remedy, its safety in hand": _remedy_safety_in_hand,
    "remedy, its safety laid": lambda v, c: (c in HAZARD_OF_REMEDY
                                             and SAFETY_OF[HAZARD_OF_REMEDY[c]] in v.safeties),
    "remedy, 0 of its hazard unseen": lambda v, c: _remedy_hazard_unseen(v, c, 0),
    "remedy, at most 1 of its hazard unseen": lambda v, c: _remedy_hazard_unseen(v, c, 1),
    "remedy, a 2nd copy": lambda v, c: c in HAZARD_OF_REMEDY and v.hand.count(c) >= 2,
    "remedy (any)": lambda v, c: c in HAZARD_OF_REMEDY,
    "end of limit": lambda v, c: c == END_OF_LIMIT,
    "gasoline/spare/repairs": lambda v, c: c in HAZARD_OF_REMEDY and c != END_OF_LIMIT,
    "roll (any)": lambda v, c: c == ROLL,
    "roll, right of way in hand": lambda v, c: c == ROLL and CARD_OF["right_of_way"] in v.hand,
    "roll, a 2nd copy": lambda v, c: c == ROLL and v.hand.count(ROLL) >= 2,
    "roll, a 3rd copy": lambda v, c: c == ROLL and v.hand.count(ROLL) >= 3,
    "hazard (any)": lambda v, c: is_hazard(c),
    "speed limit": lambda v, c: c == SPEED_LIMIT,
    "battle hazard": lambda v, c: is_hazard(c) and c != SPEED_LIMIT,
    "hazard, a 2nd copy": lambda v, c: is_hazard(c) and v.hand.count(c) >= 2,
    "hazard, its safety unseen": _hazard_safety_unseen,
    "hazard, its safety in hand": lambda v, c: is_hazard(c) and SAFETY_OF[c] in v.hand,
    "hazard, its remedy mostly seen (≤ 2 unseen)": lambda v, c: is_hazard(c) and v.unseen[REMEDY_OF[c]] <= 2,
    "hazard, ≥ 3 hazards in hand": lambda v, c: is_hazard(c) and sum(is_hazard(x) for x in v.hand) >= 3,
    "distance (any)": lambda v, c: is_distance(c),
    "25": lambda v, c: c == 0,
    "50": lambda v, c: c == 1,
    "75": lambda v, c: c == 2,
    "100": lambda v, c: c == 3,
    "200": lambda v, c: c == 4,
    "distance, a 2nd copy": lambda v, c: is_distance(c) and v.hand.count(c) >= 2,
    "distance, a 3rd copy": lambda v, c: is_distance(c) and v.hand.count(c) >= 3,
    "distance, ≥ 4 distance cards in hand": lambda v, c: (is_distance(c)
                                                          and sum(is_distance(x) for x in v.hand) >= 4),
    "distance, more km in hand than left": lambda v, c: (
        is_distance(c) and sum(KM[x] for x in v.hand) - KM[c] >= v.remaining),
    "distance, far (> 400 km left)": lambda v, c: is_distance(c) and v.remaining > 400,
}
"""Facts about a card of the hand, each a predicate of (the seat's view, the card)."""


def _vals_mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def discard_positions(res: Sequence[Any]) -> list[tuple[int, _View, int, dict[int, list[float]]]]:
    """(index, the seat's view, the heuristic's discarded card, each discardable card's oracle
    values) at the positions where the heuristic discards."""
    out = []
    for k, (state, seat, heur, vals, *_) in enumerate(res):
        if not isinstance(heur, Discard):
            continue
        v = _View(GAME.observe(state, seat), seat)
        cards = {CARD_OF[a.card]: w for a, w in vals.items() if isinstance(a, Discard)}
        out.append((k, v, CARD_OF[heur.card], cards))
    return out


def describe(v: _View) -> str:
    """The state's facts in one line: km, pile, safeties, battle piles, the hand."""
    opp = _opp(v)

    def names(cards: Sequence[int]) -> str:
        return ",".join(CODES[c] for c in cards) or "-"

    return (f"km {v.tab.km}/{opp.km} pile {v.obs.draw_pile} safeties {names(v.tab.safeties)}/"
            f"{names(opp.safeties)} battle {CODES[v.tab.battle[-1]] if v.tab.battle else '-'}/"
            f"{CODES[opp.battle[-1]] if opp.battle else '-'}{' limited' if opp.speed_limited else ''}"
            f" hand {names(sorted(v.hand))}")


def report(res: Sequence[Any], listing: int) -> None:
    rows = discard_positions(res)
    print(f"{len(rows)} positions where the heuristic discards, of {len(res)}")
    # which card the oracle would throw instead (its best mean: biased up, a rough map only)
    swaps: dict[tuple[str, str], list[float]] = defaultdict(list)
    for _, _, h, cards in rows:
        best = max(cards, key=lambda c: _vals_mean(cards[c]))
        gain = _vals_mean(cards[best]) - _vals_mean(cards[h])
        if best != h:
            swaps[(_kind(h), _kind(best))].append(gain)
    print("\nthe heuristic's discard → the oracle's best discard (best of noisy means: reads high)")
    for (a, b), gains in sorted(swaps.items(), key=lambda kv: -sum(kv[1])):
        share = sum(gains) / max(1, len(res))
        print(f"  {a:>10} → {b:<10} {len(gains):4d} positions, {share:+.2f} units a decision")
    print("\nthrowing a card with the fact instead of the heuristic's (paired, unbiased)")
    for name, fact in FACTS.items():
        gains = []
        for _, v, h, cards in rows:
            if fact(v, h):
                continue
            alts = [c for c in cards if c != h and fact(v, c)]
            if not alts:
                continue
            # among several such cards, the one the heuristic itself would throw first
            alt = min(alts, key=lambda c: keep_value(v, c, v.hand))
            gains.append(_vals_mean(cards[alt]) - _vals_mean(cards[h]))
        m, se = mean_se(gains)
        print(f"  {name:<52} {len(gains):4d} positions  {m:+7.2f} ± {se:5.2f} a position")
    print("\nhow often the heuristic throws a card with the fact")
    for name, fact in FACTS.items():
        n = sum(1 for _, v, h, _ in rows if fact(v, h))
        if n:
            print(f"  {name:<52} {n:4d}")
    if listing:
        print(f"\nthe {listing} positions where another discard gains most (the oracle's best)")
        ranked = sorted(rows, key=lambda r: _vals_mean(r[3][r[2]])
                        - max(_vals_mean(w) for w in r[3].values()))
        for k, v, h, cards in ranked[:listing]:
            best = max(cards, key=lambda c: _vals_mean(cards[c]))
            others = " ".join(f"{CODES[c]}{_vals_mean(w) - _vals_mean(cards[h]):+.0f}"
                              for c, w in cards.items() if c != h)
            print(f"  #{k}: threw {CODES[h]}, best {CODES[best]}; {others}\n      {describe(v)}")


def _kind(card: int) -> str:
    if is_distance(card):
        return "distance"
    if is_hazard(card):
        return "limit" if card == SPEED_LIMIT else "hazard"
    if is_safety(card):
        return "safety"
    return "roll" if card == ROLL else "remedy"


Table = list[tuple[float, list[tuple[float, list[float], float]], float, float]]
"""A position for :func:`fit`: the best value among the actions that are not discards, each
discard's (keep value, features, oracle mean) in legal order, the heuristic's action's oracle mean,
the best non-discard's oracle mean."""


def table(res: Sequence[Any]) -> Table:
    """The positions of ``res`` where a discard is legal, as :func:`fit` reads them."""
    from mahai.bots.mille_bornes import HeuristicBot, discard_features

    bot = HeuristicBot(random.Random(0))
    bot.discard_weights = None  # the ranking before session 16: the weights add to it
    out: Table = []
    for state, seat, heur, vals, *_ in res:
        obs = GAME.observe(state, seat)
        legal = list(dict.fromkeys(state.legal_actions(seat)))
        if obs.phase != PLAY or seat != obs.turn or not any(isinstance(a, Discard) for a in legal):
            continue
        v = bot.view(obs, seat)
        others = [a for a in legal if not isinstance(a, Discard)]
        top = max(others, key=lambda a: bot.value(v, a)) if others else None
        discards = []
        for a in legal:
            if isinstance(a, Discard):
                card = CARD_OF[a.card]
                discards.append((keep_value(v, card, v.hand), discard_features(v, card, v.hand),
                                 _vals_mean(vals[a])))
        out.append((bot.value(v, top) if top is not None else -1e18, discards, _vals_mean(vals[heur]),
                    _vals_mean(vals[top]) if top is not None else 0.0))
    return out


def gains(tab: Table, weights: Sequence[float]) -> list[float]:
    """The gain over the heuristic at each position of ``tab`` of the heuristic whose discards
    follow :func:`mahai.bots.mille_bornes.discard_keep_value` with ``weights``."""
    out = []
    for top_value, discards, heur, top_mean in tab:
        best, best_mean = top_value, top_mean
        for keep, f, mean in discards:
            if 0.0 < keep < 2_000.0:  # as discard_keep_value
                keep = max(1.0, keep + sum(w * x for w, x in zip(weights, f, strict=True)))
            value = -keep
            if value > best:
                best, best_mean = value, mean
        out.append(best_mean - heur)
    return out


def fit(tab: Table, steps: Sequence[float], rounds: int, start: Sequence[float] | None = None) -> list[float]:
    """Weights for :data:`mahai.bots.mille_bornes.DISCARD_FEATURES` by coordinate search: each
    weight in turn set to the value of ``steps`` (added to it) that most raises the mean gain of
    :func:`gains`, ``rounds`` times over."""
    from mahai.bots.mille_bornes import DISCARD_FEATURES

    w = list(start) if start is not None else [0.0] * len(DISCARD_FEATURES)
    best = sum(gains(tab, w))
    for _ in range(rounds):
        moved = False
        for i in range(len(w)):
            for step in steps:
                trial = list(w)
                trial[i] += step
                g = sum(gains(tab, trial))
                if g > best + 1e-9:
                    best, w, moved = g, trial, True
        if not moved:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    r.add_argument("--list", type=int, default=0)
    f = sub.add_parser("fit", help="fit the discard weights on FILES, judge them on --test")
    f.add_argument("files", nargs="+")
    f.add_argument("--test", nargs="*", default=[])
    f.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    res = _load(args.files)
    if args.cmd == "report":
        report(res, args.list)
        return
    from mahai.bots.mille_bornes import DISCARD_FEATURES

    train = table(res)
    test = table(_load(args.test)) if args.test else []
    w = fit(train, (-200.0, -100.0, -50.0, -20.0, 20.0, 50.0, 100.0, 200.0), args.rounds)
    for name, x in zip(DISCARD_FEATURES, w, strict=True):
        print(f"  {name:<48} {x:+.0f}")
    print("weights", "/".join(f"{x:g}" for x in w))
    for label, t in (("fitted on", train), ("judged on", test)):
        if t:
            m, se = mean_se(gains(t, w))
            print(f"{label} {len(t)} positions with a discard: {m:+.2f} ± {se:.2f} a position")


def _load(names: Sequence[str]) -> list[Any]:
    res: list[Any] = []
    for name in names:
        with open(name, "rb") as fh:
            res += pickle.load(fh)  # noqa: S301 (a file mb_oracle wrote)
    return res


if __name__ == "__main__":
    main()
