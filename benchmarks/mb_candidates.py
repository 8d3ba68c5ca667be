"""The Mille Bornes expert with more candidates: every distinct discard searched too (issue 15).

At 150 fixed positions with 1,000 oracle worlds each (session 15, ``docs/arena/README.md``) the
oracle that knows the hands gains +8.6 units a decision over the heuristic among all actions but
+4.5 among the expert's candidates (the heuristic's 4 best-ranked moves and each safety, MBR-9):
most of the rest is a discard the expert never weighs. :func:`expert_discards` is the expert
(:func:`mahai.bots.levels.mille_bornes_expert`) whose spec adds every distinct discard on its turn
(``python -m benchmarks.mb_oracle eval FILE expert py:benchmarks.mb_candidates:expert_discards``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.levels import MB_EXPERT, MB_MODEL_TRIES
from mahai.bots.mille_bornes import ExpertPolicy
from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.mille_bornes import Discard


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
    spec = DiscardsSpec(own=ExpertPolicy(random.Random(0)), tries=MB_MODEL_TRIES)
    bot = MilleBornesSearchBot(rng, MB_EXPERT, spec=spec)
    bot.name = "expert-discards"
    return bot
