"""The Mille Bornes expert with more candidates: every distinct discard searched too (issue 15).

At 150 fixed positions with 1,000 oracle worlds each (session 15, ``docs/arena/README.md``) the
oracle that knows the hands gains +8.6 units a decision over the heuristic among all actions but
+4.5 among the expert's candidates (the heuristic's 4 best-ranked moves and each safety, MBR-9):
most of the rest is a discard the expert never weighs. :func:`expert_discards` is the expert
(:func:`mahai.bots.levels.mille_bornes_expert`) whose spec adds every distinct discard on its turn
(``python -m benchmarks.mb_oracle eval FILE expert py:benchmarks.mb_candidates:expert_discards``).
Session 16: :func:`expert_extra_discard_s16` adds one discard only, the heuristic's new one
(:data:`mahai.bots.mille_bornes.DISCARD_WEIGHTS`) when the expert's candidates lack it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from mahai.bots.levels import MB_EXPERT, MB_MODEL_TRIES, mille_bornes_expert_spec
from mahai.bots.mille_bornes import DISCARD_WEIGHTS, ExpertPolicy, HeuristicBot
from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.mille_bornes import Discard


def _opponent() -> HeuristicBot:
    """The heuristic of the expert's rollouts (:func:`mahai.bots.levels.mille_bornes_expert_spec`)."""
    policy: HeuristicBot = mille_bornes_expert_spec().heuristic
    return policy


class DiscardsSpec(MilleBornesSpec):
    """:class:`MilleBornesSpec` whose candidates on the seat's turn also hold every distinct discard."""

    def candidates(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                   legal: Sequence[Action], default: Action) -> list[Action]:
        cands = MilleBornesSpec.candidates(self, game, seat, observation, legal, default)
        if len(cands) > 1:
            cands += [a for a in dict.fromkeys(legal) if isinstance(a, Discard) and a not in cands]
        return cands


def expert_discards(rng: random.Random) -> MilleBornesSearchBot:
    """The expert with :class:`DiscardsSpec` (the same budget, policy and opponent model)."""
    spec = DiscardsSpec(_opponent(), own=ExpertPolicy(random.Random(0)), tries=MB_MODEL_TRIES)
    bot = MilleBornesSearchBot(rng, MB_EXPERT, spec=spec)
    bot.name = "expert-discards"
    return bot


class ExtraDiscardSpec(MilleBornesSpec):
    """:class:`MilleBornesSpec` whose candidates on the seat's turn also hold ``ranker``'s discard
    (its best-ranked one) when it is not among them (session 16: the new discard ranking as one
    more candidate)."""

    def __init__(self, ranker: HeuristicBot, **kw: Any) -> None:
        super().__init__(**kw)
        self.ranker = ranker

    def candidates(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                   legal: Sequence[Action], default: Action) -> list[Action]:
        cands = MilleBornesSpec.candidates(self, game, seat, observation, legal, default)
        discards = [a for a in dict.fromkeys(legal) if isinstance(a, Discard)]
        if len(cands) > 1 and discards:
            view = self.ranker.view(observation, seat)  # type: ignore[arg-type]
            best = max(discards, key=lambda a: self.ranker.value(view, a))
            if best not in cands:
                cands.append(best)
        return cands


def expert_extra_discard(weights: Sequence[float]) -> Callable[[random.Random], MilleBornesSearchBot]:
    """A factory of the expert with :class:`ExtraDiscardSpec` (the heuristic with ``weights`` ranks
    the extra discard; the same budget, policy and opponent model)."""

    def make(rng: random.Random) -> MilleBornesSearchBot:
        ranker = HeuristicBot(random.Random(0))
        ranker.discard_weights = tuple(weights)
        spec = ExtraDiscardSpec(ranker, policy=_opponent(), own=ExpertPolicy(random.Random(0)),
                                tries=MB_MODEL_TRIES)
        bot = MilleBornesSearchBot(rng, MB_EXPERT, spec=spec)
        bot.name = "expert-extra-discard"
        return bot

    return make


def expert_extra_discard_s16(rng: random.Random) -> MilleBornesSearchBot:
    """:func:`expert_extra_discard` with session 16's discard weights (``python -m
    benchmarks.mb_oracle eval FILE expert py:benchmarks.mb_candidates:expert_extra_discard_s16``)."""
    return expert_extra_discard(DISCARD_WEIGHTS)(rng)
