"""Session 13's experiment on the Mille Bornes ``strong`` level (issue 15): a second, unbiased look at
its overrides.

At strong's budget (3,000 simulated decisions, about 9 worlds a candidate) the search overrides the
heuristic at about one searched decision in five, and half of those overrides throw a card away
where the heuristic plays one (distance, a remedy, a hazard): each of the four candidates' means
is noisy (about ±100 units of 2,000 a game), and the candidate that survives the successive halving
is the best of several noisy means, so its paired gain over the default is biased upwards (the
winner's curse) and passes ``z = 1`` far more often than chance says.

:func:`strong_verified` plays the strong level; when it overrides its default, the default and the
override are played again in new worlds (:data:`CHECK`: 3,000 more simulated decisions, the same
opponent inferences and model) and the override is kept only if it wins there by one standard error
of the paired difference (:func:`mahai.bots.search.best`). Run from outside the repository with the
compiled build::

    python -m benchmarks.bots mille-bornes py:benchmarks.mb_verified:strong_verified heuristic \\
        --deals 100 --seed 13000 --log verified.jsonl

Measured in ``docs/arena/README.md`` (session 13): 53.0% of 200 games against the heuristic
(33 ms a decision), the strong level 50.0% of the same games, paired +3.0 ± 3.2 points: not
shown better, so the level is unchanged. A wrapper, not a change of the search: the
search bot's memory of its own turn (what the opponent may hold, the table it will move from) is
written again for the action finally played (:meth:`Verified.remember`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.bots.levels import MB_MODEL_TRIES
from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec
from mahai.bots.search import Budget, best, pimc
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.mille_bornes import (
    CARD_OF,
    PLAY,
    RIGHT_OF_WAY,
    SPEED_LIMIT,
    Hazard,
    MilleBornesObservation,
    Safety,
)

CHECK = Budget(rollouts=100_000, decisions=3_000)
"""The second look's budget (the default and the override only, in new worlds)."""
STRONG = Budget(rollouts=100_000, decisions=3_000)
"""The strong level's budget in session 13 (session 14 added its own fresh look, ``verify``)."""


class Verified(Bot):
    """``inner``'s choice, an override of its default kept only if it wins again in new worlds by
    ``z`` standard errors (``check``: the second look's budget). Counts ``overrides`` and ``kept``."""

    def __init__(self, rng: random.Random, inner: MilleBornesSearchBot, check: Budget, z: float) -> None:
        super().__init__(rng)
        self.inner, self.check, self.z = inner, check, z
        self.name = "strong-verified"
        self.overrides = 0
        self.kept = 0

    def act(self, game: Game[Any, Any], seat: Seat, observation: Observation,
            legal: Sequence[Action]) -> Action:
        action = self.inner.act(game, seat, observation, legal)
        if not self.inner.last:
            return action
        spec = self.inner.spec
        default = spec.default(game, seat, observation, legal)
        if action == default:
            return action
        self.overrides += 1
        stats = pimc(game, spec, seat, observation, [default, action], self.check, self.inner.rng,
                     default=default)
        choice = best(stats, default, spec.prior, self.z)
        if choice == action:
            self.kept += 1
        else:
            assert isinstance(observation, MilleBornesObservation)
            self.remember(game, seat, observation, choice)
        return choice

    def remember(self, game: Game[Any, Any], seat: Seat, observation: MilleBornesObservation,
                 action: Action) -> None:
        """The inner bot's memory of its turn (the last block of
        :meth:`MilleBornesSearchBot.act`, two players), written again for ``action``."""
        b = self.inner
        if observation.players != 2 or observation.turn != seat or observation.phase != PLAY:
            return
        if isinstance(action, Safety):  # it plays again (MBR-9): nothing to expect yet
            b._pending = None
            b._chain = ()
            return
        b._pending = b._expect(game, observation, seat, action)
        if b._pending is None:
            b._chain = ()
        opp = 1 - seat
        tab = observation.tableaux[observation.team_of[opp]]
        hazard = tab.hazard if tab.hazard is not None else -1
        attack = (isinstance(action, Hazard) and action.team == tab.team
                  and CARD_OF[action.card] != SPEED_LIMIT)
        length = len(tab.battle)
        if attack:
            assert isinstance(action, Hazard)
            hazard, length = CARD_OF[action.card], len(tab.battle) + 1
        waiting = hazard < 0 and not tab.rolling and RIGHT_OF_WAY not in tab.safeties
        b._after = (observation.leg, opp, length, hazard, waiting)
        b._open = b._openness(observation, seat, action)
        b._declined = None
        if attack:
            assert isinstance(action, Hazard)
            b._declined = (observation.leg, observation.target, CARD_OF[action.card],
                           len(tab.battle) + 1, len(tab.safeties))


def strong_verified(rng: random.Random) -> Bot:
    """Session 13's strong level (:data:`STRONG`, the opponent model) with the second look at ``z = 1``."""
    inner = MilleBornesSearchBot(rng, STRONG, spec=MilleBornesSpec(tries=MB_MODEL_TRIES))
    return Verified(rng, inner, CHECK, 1.0)
