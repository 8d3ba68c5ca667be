"""Mille Bornes bots for duels that measure issue 15's goal and its ceiling (session 17).

Factories for ``python -m benchmarks.bots mille-bornes py:benchmarks.mb_ceiling:NAME medium …``:

- :func:`expert_d`: the expert whose model of the opponent (its rollouts and the weighing of its
  worlds by the opponent's last move) is the heuristic as it plays now, with session 16's discards
  (:data:`~mahai.bots.mille_bornes.DISCARD_WEIGHTS`); the expert level keeps session 15's heuristic
  there (:func:`mahai.bots.levels.mille_bornes_expert_spec`).
- :func:`oracle`: **not a fair bot**: the expert's search (same budget, own policy, model) in
  worlds that keep the opponent's true hand, the draw pile's order alone unknown (what session 15's
  fixed positions called the hand-knowing oracle), so a duel measures in games how much of the
  game a seat could win from the hidden hand, which no fair bot can exceed by searching the same way.
  It reads the true state from the duel's own loop (:func:`_watch`), never from the observation.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import mahai.bots.play as play
from mahai.bots.base import Bot
from mahai.bots.levels import MB_EXPERT, MB_MODEL_TRIES
from mahai.bots.mille_bornes import ExpertPolicy, HeuristicBot
from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec
from mahai.core.game import Game, Observation, State
from mahai.games.mille_bornes.state import MilleBornesState

_TRUE: list[State[Any]] = []
"""The state the duel is playing (set before each bot's decision by :func:`_watch`)."""


def _watch() -> None:
    """Make :func:`mahai.bots.play.bot_step` remember the true state before each decision."""
    if getattr(play.bot_step, "watched", False):
        return
    inner = play.bot_step

    def step(game: Game[Any, Any], state: State[Any], bots: Any) -> Any:
        _TRUE[:] = [state]
        return inner(game, state, bots)

    step.watched = True  # type: ignore[attr-defined]
    play.bot_step = step


def expert_d(rng: random.Random) -> Bot:
    """The expert with today's heuristic (session 16's discards) as its model of the opponent."""
    spec = MilleBornesSpec(HeuristicBot(random.Random(0)), own=ExpertPolicy(random.Random(0)),
                           tries=MB_MODEL_TRIES)
    bot = MilleBornesSearchBot(rng, MB_EXPERT, spec=spec)
    bot.name = "expert-d"
    return bot


class OracleSpec(MilleBornesSpec):
    """The expert's spec whose worlds hold every other seat's true hand (the draw pile shuffled)."""

    def sample(self, game: Game[Any, Any], observation: Observation, rng: random.Random) -> State[Any]:
        world = self.deal(game, observation, rng)
        true = _TRUE[0]
        assert isinstance(true, MilleBornesState)
        viewer = observation.viewer  # type: ignore[attr-defined]
        others = [s for s in range(len(world.hands)) if s != viewer]
        pool = Counter(world.draw_pile)
        for s in others:
            pool.update(world.hands[s])
        for s in others:
            world.hands[s] = list(true.hands[s])
            pool.subtract(true.hands[s])
        if any(n < 0 for n in pool.values()):
            raise AssertionError("the world's hidden cards are not the true ones")
        pile = list(pool.elements())
        rng.shuffle(pile)
        world.draw_pile = pile
        return world


def oracle(rng: random.Random) -> Bot:
    """Not fair: the expert's search knowing the opponent's hand (:class:`OracleSpec`)."""
    _watch()
    spec = OracleSpec(HeuristicBot(random.Random(0)), own=ExpertPolicy(random.Random(0)), tries=1,
                      model=False)
    bot = MilleBornesSearchBot(rng, MB_EXPERT, spec=spec)
    bot.name = "oracle"
    return bot
