"""Is the Mille Bornes heuristic at a local optimum? One rule changed at a time, in games (issue 15).

``python -m benchmarks.mb_policy_variants DEALS SEED [NAME …]`` plays :class:`ExpertPolicy` (the
expert's own rollout policy and default, :mod:`mahai.bots.mille_bornes`) and each variant below
against ``medium`` (the heuristic) over the same ``DEALS`` duplicate deals (two players to 5,000,
the eu edition, seats swapped), and prints each variant's win rate and its gain over
:class:`ExpertPolicy` paired deal by deal (points of win rate, ± one standard error). A variant
is a subclass that changes one decision rule (its docstring says which; rule ids refer to
``docs/rules/mille-bornes.md``). Games without search are cheap (about 20 ms a game in Python),
so a few thousand deals resolve half a point.

Run it with the editable, pure-Python install (``.venv``): a compiled :class:`ExpertPolicy`
(mypyc) cannot be subclassed by interpreted classes.
"""

from __future__ import annotations

import io
import json
import random
import sys
import time
from collections.abc import Callable, Sequence

from benchmarks.bots import duel
from benchmarks.stats import mean_se
from mahai.bots import Bot, make_bot
from mahai.bots import mille_bornes as mb
from mahai.bots.mille_bornes import ExpertPolicy, HeuristicBot, _View
from mahai.core.game import Action
from mahai.games import get_game
from mahai.games import mille_bornes as g


class LayNow(ExpertPolicy):
    """Every safety laid at once, none kept for a coup fourré (MBR-9, MBR-10)."""

    def should_lay_safety(self, v: _View, safety: int) -> bool:
        return True


class HoldSafety(ExpertPolicy):
    """A safety kept for the coup fourré even when an opponent nears its target."""

    def should_lay_safety(self, v: _View, safety: int) -> bool:
        hazards = mb.HAZARDS_OF_SAFETY[safety]
        if v.hazard in hazards:
            return True
        if safety == g.RIGHT_OF_WAY and v.needs_roll() and g.ROLL not in v.hand:
            return True
        return not any(v.unseen[h] for h in hazards) or v.obs.draw_pile <= 3 * v.obs.players


class SafetyNear100(ExpertPolicy):
    """A safety laid when an opponent is within 100 km of its target (the heuristic: 200)."""

    def should_lay_safety(self, v: _View, safety: int) -> bool:
        hazards = mb.HAZARDS_OF_SAFETY[safety]
        if v.hazard in hazards:
            return True
        if safety == g.RIGHT_OF_WAY:
            if v.needs_roll() and g.ROLL not in v.hand:
                return True
            if v.tab.speed_limited and g.END_OF_LIMIT not in v.hand and v.remaining > 100:
                return True
        if not any(v.unseen[h] for h in hazards) or v.obs.draw_pile <= 3 * v.obs.players:
            return True
        return any(v.obs.tableaux[t].rolling and v.obs.target - v.obs.tableaux[t].km <= 100
                   for t in v.opponents)


class SafetyEarlierPile(ExpertPolicy):
    """Safeties laid once the draw pile holds six cards a player (the heuristic: three)."""

    def should_lay_safety(self, v: _View, safety: int) -> bool:
        return HeuristicBot.should_lay_safety(self, v, safety) or v.obs.draw_pile <= 6 * v.obs.players


class NeverExtend(ExpertPolicy):
    """Never the extension (MBR-12)."""

    def should_extend(self, v: _View) -> bool:
        return False


class EasyExtend(ExpertPolicy):
    """The extension on a lead of 150 km (the heuristic: 250), 100 km in hand, 15 cards left."""

    def should_extend(self, v: _View) -> bool:
        others = [v.obs.tableaux[t] for t in v.opponents]
        if any(t.km == 0 for t in others):
            return False
        lead = v.tab.km - max(t.km for t in others)
        in_hand = sum(g.KM[c] for c in v.hand if g.is_distance(c))
        margin = 150 - 40 * len(v.tab.safeties) + 20 * max(len(t.safeties) for t in others)
        return v.obs.draw_pile >= 15 and lead >= margin and in_hand >= 100


class NoSpeedLimit(ExpertPolicy):
    """Never a speed limit (MBR-7)."""

    def value(self, v: _View, action: Action) -> float:
        if isinstance(action, g.Hazard) and g.CARD_OF[action.card] == g.SPEED_LIMIT:
            return -1000.0
        return ExpertPolicy.value(self, v, action)


class SpeedLimitFirst(ExpertPolicy):
    """A speed limit on a rolling car far from its target before any distance card (MBR-7)."""

    def value(self, v: _View, action: Action) -> float:
        x = ExpertPolicy.value(self, v, action)
        if isinstance(action, g.Hazard) and g.CARD_OF[action.card] == g.SPEED_LIMIT:
            tab = v.obs.tableaux[action.team]
            if tab.rolling and tab.hazard is None and v.obs.target - tab.km > 100:
                x = max(x, mb.P_DISTANCE + 260)
        return x


class SpeedLimitNear(ExpertPolicy):
    """A speed limit also on a rolling car 75 or 100 km from its target (MBR-7, MBR-11)."""

    def _hazard_value(self, v: _View, hazard: int, team: int) -> float:
        x = HeuristicBot._hazard_value(self, v, hazard, team)
        tab = v.obs.tableaux[team]
        if hazard == g.SPEED_LIMIT and tab.rolling and tab.hazard is None:
            if 50 < v.obs.target - tab.km <= 100:
                x += 500
        return x


class SpeedLimitStopped(ExpertPolicy):
    """A speed limit on a stopped car far from its target as on a rolling one (MBR-7)."""

    def _hazard_value(self, v: _View, hazard: int, team: int) -> float:
        x = HeuristicBot._hazard_value(self, v, hazard, team)
        tab = v.obs.tableaux[team]
        left = v.obs.target - tab.km
        if hazard == g.SPEED_LIMIT and (not tab.rolling or tab.hazard is not None) and left > 100:
            x += 410 + min(left, 400) / 20
        return x


class FewerCoupsFourres(ExpertPolicy):
    """A battle hazard weighed at twice the heuristic's coup-fourré risk (MBR-10)."""

    def _hazard_value(self, v: _View, hazard: int, team: int) -> float:
        x = HeuristicBot._hazard_value(self, v, hazard, team)
        return x - (2000 if hazard != g.SPEED_LIMIT else 1500) * v.cf_risk(team, hazard)


class MoreCoupsFourres(ExpertPolicy):
    """A battle hazard weighed at half the heuristic's coup-fourré risk (MBR-10)."""

    def _hazard_value(self, v: _View, hazard: int, team: int) -> float:
        x = HeuristicBot._hazard_value(self, v, hazard, team)
        return x + (1000 if hazard != g.SPEED_LIMIT else 750) * v.cf_risk(team, hazard)


class DistanceFirst(ExpertPolicy):
    """Distance before a battle hazard while the opponent is over 500 km from its target."""

    def value(self, v: _View, action: Action) -> float:
        x = ExpertPolicy.value(self, v, action)
        if isinstance(action, g.Hazard) and g.CARD_OF[action.card] != g.SPEED_LIMIT:
            far = v.obs.target - v.obs.tableaux[action.team].km > 500
            if far and v.tab.rolling and v.hazard < 0:
                x = mb.P_DISTANCE - 10
        return x


class HoldLoneHazard(ExpertPolicy):
    """A lone battle hazard kept (distance played) while the opponent is over 400 km away."""

    def value(self, v: _View, action: Action) -> float:
        x = ExpertPolicy.value(self, v, action)
        if isinstance(action, g.Hazard) and g.CARD_OF[action.card] != g.SPEED_LIMIT:
            lone = sum(1 for c in v.hand if g.is_hazard(c) and c != g.SPEED_LIMIT) == 1
            far = v.obs.target - v.obs.tableaux[action.team].km > 400
            if lone and far and v.tab.rolling and v.hazard < 0 and any(g.is_distance(c) for c in v.hand):
                x = mb.P_DISTANCE - 10
        return x


VARIANTS: dict[str, type[ExpertPolicy]] = {
    "lay_now": LayNow, "hold_safety": HoldSafety, "safety_near100": SafetyNear100,
    "safety_earlier_pile": SafetyEarlierPile, "never_extend": NeverExtend, "easy_extend": EasyExtend,
    "no_speed_limit": NoSpeedLimit, "speed_limit_first": SpeedLimitFirst,
    "speed_limit_near": SpeedLimitNear, "speed_limit_stopped": SpeedLimitStopped,
    "fewer_coups_fourres": FewerCoupsFourres, "more_coups_fourres": MoreCoupsFourres,
    "distance_first": DistanceFirst, "hold_lone_hazard": HoldLoneHazard,
}


def per_deal(make: Callable[[random.Random], Bot], deals: int, seed: int) -> dict[int, float]:
    """``make``'s share of the two games of each deal against ``medium`` (0, 0.5 or 1), by seed."""
    game = get_game("mille_bornes")
    log = io.StringIO()
    duel(game.name, game.options(None), 2, make, lambda rng: make_bot(game.name, "medium", rng), deals,
         seed, progress=False, log=log)
    out: dict[int, float] = {}
    for line in log.getvalue().splitlines():
        row = json.loads(line)
        out[row["seed"]] = out.get(row["seed"], 0.0) + 0.5 * float(row["a_won"])
    return out


def main(argv: Sequence[str]) -> None:
    deals, seed, names = int(argv[0]), int(argv[1]), list(argv[2:]) or list(VARIANTS)
    base = per_deal(ExpertPolicy, deals, seed)
    print(f"ExpertPolicy: {sum(base.values()) / deals:.2%} of {2 * deals} games against medium", flush=True)
    for name in names:
        start = time.process_time()
        won = per_deal(VARIANTS[name], deals, seed)
        gain, se = mean_se([won[k] - base[k] for k in base])
        print(f"{name:20s} {sum(won.values()) / deals:.2%}  paired {100 * gain:+.2f} ± {100 * se:.2f} "
              f"({time.process_time() - start:.1f} CPU s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
