"""The fixed-position tools of issue 15 (session 15): the oracle's honest ceiling and the exact
search of a two-player leg's last cards (``benchmarks/mb_oracle.py``, ``benchmarks/mb_endgame.py``)."""

from __future__ import annotations

import math
import random

from benchmarks.mb_endgame import endgame_applies, exact_value, positions
from benchmarks.mb_oracle import ceiling
from mahai.bots.mille_bornes import ExpertPolicy
from mahai.bots.mille_bornes_search import MilleBornesSpec
from mahai.games.mille_bornes import GAME


def test_the_ceiling_judges_the_oracle_on_worlds_that_did_not_choose_it() -> None:
    # five actions worth the same: the best mean over the worlds that chose it reads high (the
    # winner's curse), the same choice judged on the other worlds is worth nothing
    rng = random.Random(5)
    res = []
    for _ in range(300):
        vals = {a: [rng.gauss(0, 100) for _ in range(40)] for a in "abcde"}
        res.append((None, 0, "a", vals))
    biased = [max(sum(v) / 40 for v in vals.values()) - sum(vals["a"]) / 40 for *_, vals in res]
    fair = ceiling(res, 20)  # type: ignore[arg-type]
    mean = sum(fair) / len(fair)
    se = math.sqrt(sum((g - mean) ** 2 for g in fair) / (len(fair) - 1) / len(fair))
    assert sum(biased) / len(biased) > 15
    assert abs(mean) < 3 * se


def test_the_exact_endgame_never_values_a_move_below_the_policy_that_follows_it() -> None:
    # two players, the draw pile empty (MBR-13): nothing hidden, so searching one more of the bot's
    # own moves can only find more (the policy's move is among those searched)
    found = positions(12, 3000)
    assert found, "no leg of these games ran out of cards"
    spec = MilleBornesSpec(own=ExpertPolicy(random.Random(0)))
    for state, seat in found[:4]:
        obs = GAME.observe(state, seat)
        assert endgame_applies(obs, seat)
        spec.team = state.team_of[seat]
        start = spec.begin(state)
        values = [exact_value(GAME, spec, state.clone(), seat, start, depth, [0], 10**9)
                  for depth in range(4)]
        assert values == sorted(values)
        assert not endgame_applies(GAME.observe(state, 1 - seat), 1 - seat)  # not its turn
