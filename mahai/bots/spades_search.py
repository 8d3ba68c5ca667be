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
a deterministic sample count, never a clock. With the default 10 samples a decision takes well
under a second on one core (see ``benchmarks/spades.py`` and the report in ``README.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.bots.spades import (
    Table,
    choose_bid,
    choose_blind_nil,
    choose_card,
    choose_pass,
    estimate_tricks,
    heuristic_action,
    keep_shown,
)
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.spades import SpadesObservation, SpadesState
from mahai.games.spades.actions import (
    BIDS,
    BLIND_NIL,
    DISCARD,
    KEEP,
    LOOK,
    PLAYS,
    Bid,
    Pass,
    Play,
    SpadesAction,
)

DEFAULT_SAMPLES = 10


def rollout(state: SpadesState, seat: Seat, bag_cost: bool = False) -> float:
    """Finish the current hand of ``state`` (in play, mutated) with the heuristic for every
    seat; return ``seat``'s side hand points minus the other side's (SPR-10…SPR-12).

    With ``bag_cost`` every bag is charged its share of the penalty (``bag_penalty /
    bag_limit``) instead of the penalties actually taken this hand (SPR-12)."""
    hand_no = state.hand_no
    while state.hand_no == hand_no and state.phase != "over":
        s = state.turn
        t = Table.from_state(state, s)
        action: SpadesAction
        if state.phase == "play":
            action = PLAYS[choose_card(t, state.legal_play_mask(s))]
        elif state.phase == "bid":
            if not state.looked[s]:
                action = BLIND_NIL if choose_blind_nil(t) else LOOK
            else:
                action = BIDS[choose_bid(t)]
        elif state.phase == "exchange":
            action = Pass(choose_pass(t, state.options.blind_nil_exchange))
        else:
            t.shown = state.stock[state.stock_pos]
            action = KEEP if keep_shown(t) else DISCARD
        state._do(s, action)
    sides = state.history[-1]["sides"]
    side = seat % 2
    ours, theirs = sides[side], sides[1 - side]
    diff: float = ours["points"] - theirs["points"]
    if bag_cost:
        o = state.options
        per_bag = o.bag_penalty / o.bag_limit
        for sign, r in ((1, ours), (-1, theirs)):
            diff += sign * (r["penalties"] * o.bag_penalty - r["bags"] * per_bag)
    return diff


def evaluate(game: Game[Any, Any], obs: SpadesObservation, cards: Sequence[int], samples: int,
             rng: random.Random, bag_cost: bool = False) -> list[float]:
    """Mean rollout value of each card of ``cards`` over ``samples`` determinizations of ``obs``."""
    return evaluate_actions(game, obs, [PLAYS[c] for c in cards], samples, rng, bag_cost)


def evaluate_actions(game: Game[Any, Any], obs: SpadesObservation, actions: Sequence[SpadesAction],
                     samples: int, rng: random.Random, bag_cost: bool = False) -> list[float]:
    """Mean rollout value (:func:`rollout`) of each of ``actions`` (plays or bids) over
    ``samples`` determinizations of ``obs``, the same worlds for every action.

    Raises:
        ValueError: a spectator's observation.
    """
    seat = obs.viewer
    if seat is None:
        raise ValueError("search needs a seat's observation")
    totals = [0.0] * len(actions)
    for _ in range(samples):
        world: SpadesState = game.determinize(obs, rng)
        for i, action in enumerate(actions):
            st = world.clone()
            st._do(seat, action)
            totals[i] += rollout(st, seat, bag_cost)
    return [t / samples for t in totals]


def bid_candidates(obs: SpadesObservation) -> list[int]:
    """Bids worth searching: the heuristic's, one below, one and two above, and nil."""
    t = Table.from_observation(obs)
    base = choose_bid(t)
    est = estimate_tricks(t.hand, obs.players)
    out = {base} | {b for b in (round(est) - 1, round(est) + 1, round(est) + 2) if 1 <= b <= 13}
    if est < 3.5:
        out.add(0)
    return sorted(out)


class SearchBot(Bot):
    """PIMC Spades player (see the module docstring).

    Args:
        rng: its only source of chance (the determinizations).
        samples: determinizations per decision (the deterministic time budget).
    """

    name = "search"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES, bag_cost: bool = False,
                 bids: bool = False) -> None:
        super().__init__(rng)
        self.samples = samples
        self.bag_cost = bag_cost
        self.bids = bids

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if not isinstance(observation, SpadesObservation):
            raise TypeError("SearchBot plays Spades only")
        default = heuristic_action(observation, legal)
        if len(legal) == 1 or self.samples <= 0:
            return default
        if self.bids and observation.phase == "bid" and isinstance(default, Bid):
            bids = [BIDS[b] for b in bid_candidates(observation)]
            values = evaluate_actions(game, observation, bids, self.samples, self.rng, self.bag_cost)
            best = max(range(len(bids)), key=lambda i: (values[i], bids[i] == default))
            return bids[best]
        if observation.phase != "play":
            return default
        cards = [a.card for a in legal if isinstance(a, Play)]
        values = evaluate(game, observation, cards, self.samples, self.rng, self.bag_cost)
        best = max(range(len(cards)), key=lambda i: (values[i], PLAYS[cards[i]] == default))
        return PLAYS[cards[best]]
