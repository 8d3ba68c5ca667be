"""The Mille Bornes search bot: :mod:`mahai.bots.search` with the heuristic as rollout policy.

For every decision with a choice it samples states consistent with its observation
(:meth:`MilleBornes.determinize`: the cards it has not seen — the draw pile and the other hands —
dealt at random, so it counts cards: a 25 it has seen three of is rare in its worlds), plays each
candidate action in them and finishes the leg with the heuristic for every seat
(:class:`~mahai.bots.mille_bornes.HeuristicBot`, each seat deciding from its own view of the
sampled state). A rollout is worth the leg's points to the seat's team minus the best other
team's (MBR-14…MBR-16, or MBR-24), and ``win_bonus`` more (or less) when the leg ends the game
(MBR-17). So it answers the extension question (MBR-12) by playing the leg on both ways, lays or
keeps a safety by what the rest of the leg gives, and plans the landing (MBR-11) from the cards
still unseen. A coup fourré (MBR-10) is always called: it is never worse than declining.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.bots.mille_bornes import HeuristicBot
from mahai.bots.search import Budget, Method, SearchBot, SearchSpec
from mahai.core.game import Action, Game, Observation, Seat, State
from mahai.games.mille_bornes import PLAY, CoupFourre, MilleBornesObservation, MilleBornesState, Redraw

WIN_BONUS = 1000.0
"""Points a rollout is worth more when its leg ends the game with the seat's team winning."""


class MilleBornesSpec(SearchSpec):
    """Search knowledge of Mille Bornes (see the module docstring).

    Args:
        policy: the rollout policy for every seat (default: a :class:`HeuristicBot`).
        win_bonus: see :data:`WIN_BONUS`.
        prior: head start of the heuristic's own action (points).
    """

    scale = 400.0

    def __init__(self, policy: HeuristicBot | None = None, win_bonus: float = WIN_BONUS,
                 prior: float = 0.0, top: int = 4) -> None:
        self.heuristic = policy or HeuristicBot(random.Random(0))
        self.win_bonus = win_bonus
        self.prior = prior
        self.top = top

    def policy(self, game: Game[Any, Any], state: State[Any], seat: Seat) -> Action:
        legal: list[Action] = state.legal_actions(seat)
        if len(legal) == 1:  # a lone draw: no need to look
            return legal[0]
        return self.heuristic.act(game, seat, game.observe(state, seat), legal)

    def policy_from_observation(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                                legal: Sequence[Action]) -> Action:
        return self.heuristic.act(game, seat, observation, legal)

    def candidates(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                   legal: Sequence[Action], default: Action) -> list[Action]:
        """The ``top`` distinct legal actions the heuristic ranks best on its turn (its priorities,
        :meth:`HeuristicBot.value`), every answer otherwise; never the fast game's redraws but
        the heuristic's own; a coup fourré alone when it is legal (MBR-10)."""
        calls: list[Action] = [a for a in legal if isinstance(a, CoupFourre)]
        if calls:
            return calls[:1]
        cands = [a for a in dict.fromkeys(legal) if not isinstance(a, Redraw) or a == default]
        assert isinstance(observation, MilleBornesObservation)
        if observation.phase == PLAY and seat == observation.turn and len(cands) > self.top:
            view = self.heuristic.view(observation, seat)
            cands.sort(key=lambda a: (a != default, -self.heuristic.value(view, a)))
            cands = cands[: self.top]
        return cands

    def begin(self, state: State[Any]) -> tuple[int, tuple[int, ...]]:
        assert isinstance(state, MilleBornesState)
        return state.legs_played, tuple(state.totals)

    def finished(self, start: Any, state: State[Any]) -> bool:
        assert isinstance(state, MilleBornesState)
        return bool(state.legs_played != start[0] or state.over)

    def values(self, start: Any, state: State[Any]) -> list[float]:
        """Per seat: its team's points since ``start`` minus the best other team's, ± the win
        bonus if the game is over."""
        assert isinstance(state, MilleBornesState)
        before: tuple[int, ...] = start[1]
        gain = [state.totals[t] - before[t] for t in range(state.nteams)]
        out = []
        for seat in range(state.players):
            team = state.team_of[seat]
            value = float(gain[team] - max(g for t, g in enumerate(gain) if t != team))
            if state.over:
                value += self.win_bonus if team in state.winner_teams else -self.win_bonus
            out.append(value)
        return out


class MilleBornesSearchBot(SearchBot):
    """:class:`~mahai.bots.search.SearchBot` with a :class:`MilleBornesSpec`."""

    name = "search"

    def __init__(self, rng: random.Random, budget: Budget | None = None, method: Method = "pimc",
                 spec: MilleBornesSpec | None = None, z: float = 1.0) -> None:
        super().__init__(rng, spec or MilleBornesSpec(), budget, method, z)


def search(rng: random.Random) -> Bot:
    """A new :class:`MilleBornesSearchBot` with the default budget."""
    return MilleBornesSearchBot(rng)
