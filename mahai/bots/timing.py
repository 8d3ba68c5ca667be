"""A bot that times another: CPU seconds per decision, for the arena and the benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.core.game import Action, Game, Observation, Seat


class TimedBot(Bot):
    """Plays exactly as ``inner`` and counts its decisions: ``decisions`` (every call),
    ``choices`` (calls with more than one legal action), ``seconds`` (CPU seconds,
    :func:`time.process_time`, of the calls with a choice) and ``slowest`` (the longest one)."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.rng if isinstance(inner.rng, random.Random) else random.Random(0))
        self.inner = inner
        self.name = inner.name
        self.decisions = 0
        self.choices = 0
        self.seconds = 0.0
        self.slowest = 0.0

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return self.inner.act(game, seat, observation, legal)
        start = time.process_time()
        action = self.inner.act(game, seat, observation, legal)
        spent = time.process_time() - start
        self.choices += 1
        self.seconds += spent
        self.slowest = max(self.slowest, spent)
        return action
