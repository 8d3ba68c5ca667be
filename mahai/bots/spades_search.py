"""The Spades search bot: perfect-information Monte Carlo (PIMC) over determinizations.

For each card-play decision with more than one legal card, :class:`SearchBot` samples
``samples`` full states consistent with its observation (:meth:`Spades.determinize`: voids,
exchanged and played cards respected; it never sees a hidden card), plays every legal card in
each of them and finishes the hand with the heuristic policy for all four seats (each seat
playing from its own hand and the public facts only), and picks the card with the best mean
hand-score difference (its side's hand points minus the opponents', bag penalties included:
SPR-10…SPR-12). The same sampled states are used for every candidate card (common random
numbers); ties go to the heuristic's own choice. Bids, blind nil, exchange and two-player stock
decisions are the heuristic's (:mod:`mahai.bots.spades`).

Cost: ``samples × (1 determinization + legal cards × one rollout)`` per decision; the budget is
a deterministic sample count, never a clock. With the default 24 samples a decision takes well
under a second on one core (see ``benchmarks/spades.py`` and the report in ``README.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.bots.spades import Table, choose_card, heuristic_action
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.spades import SpadesObservation, SpadesState
from mahai.games.spades.actions import PLAYS, Play

DEFAULT_SAMPLES = 24


def rollout(state: SpadesState, seat: Seat) -> int:
    """Finish the current hand of ``state`` (in play, mutated) with the heuristic for every
    seat; return ``seat``'s side hand points minus the other side's (SPR-10…SPR-12)."""
    hand_no = state.hand_no
    while state.hand_no == hand_no and state.phase == "play":
        s = state.turn
        card = choose_card(Table.from_state(state, s), state.legal_play_mask(s))
        state._do(s, PLAYS[card])
    sides = state.history[-1]["sides"]
    side = seat % 2
    diff: int = sides[side]["points"] - sides[1 - side]["points"]
    return diff


def evaluate(game: Game[Any, Any], obs: SpadesObservation, cards: Sequence[int], samples: int,
             rng: random.Random) -> list[float]:
    """Mean rollout value of each card of ``cards`` over ``samples`` determinizations of ``obs``."""
    seat = obs.viewer
    if seat is None:
        raise ValueError("search needs a seat's observation")
    totals = [0.0] * len(cards)
    for _ in range(samples):
        world: SpadesState = game.determinize(obs, rng)
        for i, card in enumerate(cards):
            st = world.clone()
            st._do(seat, PLAYS[card])
            totals[i] += rollout(st, seat)
    return [t / samples for t in totals]


class SearchBot(Bot):
    """PIMC Spades player (see the module docstring).

    Args:
        rng: its only source of chance (the determinizations).
        samples: determinizations per decision (the deterministic time budget).
    """

    name = "search"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(rng)
        self.samples = samples

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if not isinstance(observation, SpadesObservation):
            raise TypeError("SearchBot plays Spades only")
        default = heuristic_action(observation, legal)
        if observation.phase != "play" or len(legal) == 1 or self.samples <= 0:
            return default
        cards = [a.card for a in legal if isinstance(a, Play)]
        values = evaluate(game, observation, cards, self.samples, self.rng)
        best = max(range(len(cards)), key=lambda i: (values[i], PLAYS[cards[i]] == default))
        return PLAYS[cards[best]]
