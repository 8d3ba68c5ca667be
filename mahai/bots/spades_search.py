"""The Spades search bot: perfect-information Monte Carlo (PIMC) over determinizations.

For each card-play decision with more than one legal card, :class:`SearchBot` samples
``samples`` full states consistent with its observation (:meth:`Spades.determinize`: voids,
exchanged and played cards respected; it never sees a hidden card), keeping those whose hands
agree with the bids made (:func:`worlds`: a nil hand is safe for nil, a bid is within 1.5 of
what the hand is worth), plays every legal card in each of them and finishes the hand with the
heuristic policy for all four seats (each seat playing from its own hand and the public facts
only), and picks the card with the best mean hand-score difference: its side's hand points
minus the opponents' (SPR-10, SPR-11), each bag charged its share of the penalty, 100 / 10
points (SPR-12). The same sampled states are used for every candidate card (common random
numbers); cards of equal power (touching once the played cards are removed) are searched once;
ties go to the heuristic's own choice. Bids, blind nil, exchange and two-player stock
decisions are the heuristic's (:mod:`mahai.bots.spades`); bid search (nil included) and blind-nil
search are options (``bid_samples``, ``blind_samples``; the expert level turns them on). The
blind-nil search bids blind nil only when it pays: its gain over looking, world by world, has a
mean above :data:`BLIND_NIL_Z` standard errors (:func:`pays`).

:class:`SpadesSpec` gives the same knowledge (bid-consistent worlds, heuristic rollouts to the
end of the hand, bag-cost hand score) to the generic search of :mod:`mahai.bots.search`.

Cost: at most ``samples × (6 determinizations + distinct legal cards × one rollout)`` per
decision; the budget is a deterministic sample count, never a clock. With the default 8 samples
a decision takes well under a second on one core (``python -m benchmarks.spades --duel``).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from mahai.bots.base import Bot
from mahai.bots.search import SearchSpec
from mahai.bots.spades import (
    Table,
    choose_bid,
    choose_blind_nil,
    choose_card,
    choose_pass,
    deck_of,
    estimate_tricks,
    heuristic_action,
    keep_shown,
    nearest_bid,
    nil_safe,
    ranks_of,
)
from mahai.core.game import Action, Game, Observation, Seat, State
from mahai.games.spades import (
    BIDS,
    BLIND_NIL,
    DISCARD,
    KEEP,
    LOOK,
    PLAYS,
    SUIT_OF,
    Bid,
    Pass,
    Play,
    SpadesAction,
    SpadesObservation,
    SpadesState,
)

DEFAULT_SAMPLES = 8
INFERENCE_TRIES = 6
"""Determinizations drawn per kept sample at most when matching the hands to the bids."""
BLIND_NIL_Z = 2.0
"""Blind nil is bid only when its mean gain over looking is above this many standard errors
(:func:`pays`)."""
BID_SLACK = 1.5
"""A bid agrees with a hand worth that many tricks more or less (:func:`bid_misfit`)."""


def rollout(state: SpadesState, seat: Seat, bag_cost: bool = False) -> float:
    """Finish the current hand of ``state`` (in play, mutated) with the heuristic for every
    seat; return ``seat``'s side hand points minus the other side's (SPR-10…SPR-12).

    With ``bag_cost`` every bag is charged its share of the penalty (``bag_penalty /
    bag_limit``) instead of the penalties actually taken this hand (SPR-12)."""
    hand_no = state.hand_no
    while state.hand_no == hand_no and state.phase != "over":
        s = state.turn
        state.push(s, _policy(state, s))
    return hand_value(state, seat, bag_cost)


def evaluate(game: Game[Any, Any], obs: SpadesObservation, cards: Sequence[int], samples: int,
             rng: random.Random, bag_cost: bool = False, infer: bool = True) -> list[float]:
    """Mean rollout value of each card of ``cards`` over ``samples`` determinizations of ``obs``."""
    return evaluate_actions(game, obs, [PLAYS[c] for c in cards], samples, rng, bag_cost, infer)


def evaluate_actions(game: Game[Any, Any], obs: SpadesObservation, actions: Sequence[SpadesAction],
                     samples: int, rng: random.Random, bag_cost: bool = False,
                     infer: bool = True) -> list[float]:
    """Mean rollout value (:func:`rollout`) of each of ``actions`` (plays or bids) over
    ``samples`` determinizations of ``obs``, the same worlds for every action.

    Raises:
        ValueError: a spectator's observation.
    """
    per_world = evaluate_worlds(game, obs, actions, samples, rng, bag_cost, infer)
    return [sum(values) / samples for values in per_world]


def evaluate_worlds(game: Game[Any, Any], obs: SpadesObservation, actions: Sequence[SpadesAction],
                    samples: int, rng: random.Random, bag_cost: bool = False,
                    infer: bool = True) -> list[list[float]]:
    """The rollout value (:func:`rollout`) of each of ``actions`` in each of ``samples``
    determinizations of ``obs``: ``values[action][world]``, the same worlds for every action
    (so that two actions compare world by world).

    Raises:
        ValueError: a spectator's observation.
    """
    seat = obs.viewer
    if seat is None:
        raise ValueError("search needs a seat's observation")
    values: list[list[float]] = [[] for _ in actions]
    sampled = (worlds(game, obs, samples, rng) if infer
               else [game.determinize(obs, rng) for _ in range(samples)])
    for world in sampled:
        for i, action in enumerate(actions):
            st = world.clone()
            st.push(seat, action)
            values[i].append(rollout(st, seat, bag_cost))
    return values


def pays(gains: Sequence[float], z: float = BLIND_NIL_Z) -> bool:
    """Whether paired gains (one per sampled world: an action's value minus the other's)
    say the action pays: their mean is above ``z`` standard errors (so a noisy edge of a
    few worlds does not count). False for fewer than two gains."""
    n = len(gains)
    if n < 2:
        return False
    mean = sum(gains) / n
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean > z * math.sqrt(variance / n)


def bid_misfit(world: SpadesState, obs: SpadesObservation) -> float:
    """How far the sampled hands of the other seats are from their bids (0: every bid is what
    the hand is worth within ``BID_SLACK`` tricks, and every nil hand is safe for nil; SPR-4, SPR-5). A hand
    is taken as dealt: its cards now plus those it played (the exchange is ignored). A blind
    nil or a blind bid (SPR-17) says nothing about the hand."""
    misfit = 0.0
    rank = ranks_of(obs.public.options)
    for s in range(obs.public.players):
        bid = obs.public.bids[s]
        if s == obs.viewer or bid < 0 or obs.public.blind[s]:
            continue
        dealt = world.hands[s] | obs.public.played_by[s]
        est = estimate_tricks(dealt, obs.public.players, rank)
        if bid == 0:
            misfit += 0.0 if est < 1.6 and nil_safe(dealt, rank) else 1.0 + est
        else:
            misfit += max(0.0, abs(est - bid) - BID_SLACK)
    return misfit


def worlds(game: Game[Any, Any], obs: SpadesObservation, samples: int,
           rng: random.Random) -> list[SpadesState]:
    """``samples`` determinizations of ``obs`` that agree with the bids made (:func:`bid_misfit`
    0): up to ``INFERENCE_TRIES × samples`` draws, the best-fitting ones kept if too few agree."""
    if all(b < 0 for s, b in enumerate(obs.public.bids) if s != obs.viewer):
        return [game.determinize(obs, rng) for _ in range(samples)]
    good: list[SpadesState] = []
    spare: list[tuple[float, int, SpadesState]] = []
    for k in range(INFERENCE_TRIES * samples):
        world: SpadesState = game.determinize(obs, rng)
        misfit = bid_misfit(world, obs)
        if misfit == 0:
            good.append(world)
            if len(good) == samples:
                return good
        else:
            spare.append((misfit, k, world))
    spare.sort(key=lambda x: (x[0], x[1]))
    return good + [w for _, _, w in spare[: samples - len(good)]]


def bid_candidates(obs: SpadesObservation) -> list[int]:
    """Bids worth searching: the heuristic's, one below, one and two above, and nil."""
    t = Table.from_observation(obs)
    base = choose_bid(t)
    est = estimate_tricks(t.hand, obs.public.players, t.rank)
    out = {base} | {b for b in (round(est) - 1, round(est) + 1, round(est) + 2) if 1 <= b <= 13}
    if est < 3.5:
        out.add(0)
    return sorted(out)


def distinct_cards(obs: SpadesObservation, cards: Sequence[int]) -> list[list[int]]:
    """Group ``cards`` (legal) into classes of equal power: cards of one suit with no unseen
    card between them in the deck's order (every card in between is in the hand or already
    played; the jokers and a high 2 of spades rank above the ace: SPR-14) win and lose the same
    tricks, so searching one card per class is enough. Classes and their cards come lowest
    first."""
    played = 0
    for m in obs.public.played_by:
        played |= m
    known = played | (obs.hand or 0)
    rank, above = ranks_of(obs.public.options), deck_of(obs.public.options).above
    groups: list[list[int]] = []
    for card in sorted(cards, key=lambda c: (SUIT_OF[c], rank[c])):
        if groups:
            prev = groups[-1][-1]
            between = above[prev] & ~above[card] & ~(1 << card)  # same suit, strictly between
            if SUIT_OF[prev] == SUIT_OF[card] and not between & ~known:
                groups[-1].append(card)
                continue
        groups.append([card])
    return groups


class SearchBot(Bot):
    """PIMC Spades player (see the module docstring).

    Args:
        rng: its only source of chance (the determinizations).
        samples: determinizations per card-play decision (the deterministic time budget).
        bag_cost: value each bag at its share of the penalty (see :func:`rollout`; on by
            default: a bag costs about 9 points in a match, not +1).
        bid_samples: if > 0, bids are searched too (:func:`bid_candidates`, this many
            determinizations); 0 (default): the heuristic bids.
        blind_samples: if > 0, blind nil or looking (SPR-6) is searched with this many
            determinizations (its own hand sampled too: it has not looked); 0: the heuristic's.
        infer: sample hands that agree with the other seats' bids (:func:`worlds`).
    """

    name = "search"

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES, bag_cost: bool = True,
                 bid_samples: int = 0, infer: bool = True, blind_samples: int = 0) -> None:
        super().__init__(rng)
        self.infer = infer
        self.samples = samples
        self.bag_cost = bag_cost
        self.bid_samples = bid_samples
        self.blind_samples = blind_samples

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as ``(class, arguments of __init__, state)`` (:meth:`__setstate__`: its name); its
        generator goes with it, in the same state. A class compiled by mypyc (``setup.py``) is rebuilt
        through its ``__init__`` (mypyc's ``__new__`` calls it), so pickle gets the arguments (the
        server's bot workers, :mod:`mahai.server.thinking`)."""
        return (type(self), (self.rng, self.samples, self.bag_cost, self.bid_samples, self.infer,
                             self.blind_samples), {"name": self.name})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name = state["name"]

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if not isinstance(observation, SpadesObservation):
            raise TypeError("SearchBot plays Spades only")
        default = heuristic_action(observation, legal)
        if len(legal) == 1 or self.samples <= 0:
            return default
        if self.blind_samples > 0 and observation.blind_nil_open and BLIND_NIL in legal:
            # SPR-6: blind nil only when the search says it pays, world by world, beyond its noise.
            blind, look = evaluate_worlds(game, observation, [BLIND_NIL, LOOK], self.blind_samples,
                                          self.rng, self.bag_cost, self.infer)
            return BLIND_NIL if pays([b - k for b, k in zip(blind, look, strict=True)]) else LOOK
        if self.bid_samples > 0 and observation.public.phase == "bid" and isinstance(default, Bid):
            bids = [BIDS[b] for b in bid_candidates(observation) if BIDS[b] in legal] or [default]
            values = evaluate_actions(game, observation, bids, self.bid_samples, self.rng, self.bag_cost,
                                      self.infer)
            best = max(range(len(bids)), key=lambda i: (values[i], bids[i] == default))
            return bids[best]
        if observation.public.phase != "play":
            return default
        groups = distinct_cards(observation, [a.card for a in legal if isinstance(a, Play)])
        if len(groups) == 1:
            return default
        # One card per class: the heuristic's own card in its class, else the lowest.
        cards = [next((c for c in g if PLAYS[c] == default), g[0]) for g in groups]
        values = evaluate(game, observation, cards, self.samples, self.rng, self.bag_cost, self.infer)
        best = max(range(len(cards)), key=lambda i: (values[i], PLAYS[cards[i]] == default))
        return PLAYS[cards[best]]


class SpadesSpec(SearchSpec):
    """Spades for the generic search (:mod:`mahai.bots.search`): worlds that fit the bids
    (:func:`bid_misfit`: the best of ``INFERENCE_TRIES`` draws), the heuristic for every seat
    to the end of the hand, each seat's side hand points minus the other side's with bags
    charged (:func:`rollout`'s ``bag_cost``), one card per class of equal power
    (:func:`distinct_cards`). Bids and other phases: every legal action is a candidate."""

    scale = 60.0

    def sample(self, game: Game[Any, Any], observation: Observation, rng: random.Random) -> State[Any]:
        assert isinstance(observation, SpadesObservation)
        return worlds(game, observation, 1, rng)[0]

    def policy(self, game: Game[Any, Any], state: State[Any], seat: Seat) -> Action:
        assert isinstance(state, SpadesState)
        return _policy(state, seat)

    def policy_from_observation(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                                legal: Sequence[Action]) -> Action:
        assert isinstance(observation, SpadesObservation)
        return heuristic_action(observation, legal)

    def candidates(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                   legal: Sequence[Action], default: Action) -> list[Action]:
        assert isinstance(observation, SpadesObservation)
        if observation.public.phase != "play":
            return list(dict.fromkeys(legal))
        groups = distinct_cards(observation, [a.card for a in legal if isinstance(a, Play)])
        return [next((PLAYS[c] for c in g if PLAYS[c] == default), PLAYS[g[0]]) for g in groups]

    def begin(self, state: State[Any]) -> int:
        assert isinstance(state, SpadesState)
        return state.hand_no

    def finished(self, start: Any, state: State[Any]) -> bool:
        assert isinstance(state, SpadesState)
        return bool(state.hand_no != start or state.phase == "over")

    def values(self, start: Any, state: State[Any]) -> list[float]:
        assert isinstance(state, SpadesState)
        return [hand_value(state, seat, bag_cost=True) for seat in range(state.players)]


def _policy(state: SpadesState, s: Seat) -> SpadesAction:
    """The heuristic's action for seat ``s`` of ``state`` (its own hand and public facts only)."""
    t = Table.from_state(state, s)
    if state.phase == "play":
        return PLAYS[choose_card(t, state.legal_play_mask(s))]
    if state.phase == "bid":  # a legal bid, the options' limits kept (blind nil may be off)
        legal = state.legal_actions(s)
        if not state.looked[s]:
            return BLIND_NIL if BLIND_NIL in legal and choose_blind_nil(t) else LOOK
        return nearest_bid(choose_bid(t), legal)
    if state.phase == "exchange":
        return Pass(choose_pass(t, state.options.blind_nil_exchange))
    t.shown = state.stock[state.stock_pos]
    return KEEP if keep_shown(t) else DISCARD


def hand_value(state: SpadesState, seat: Seat, bag_cost: bool = False) -> float:
    """``seat``'s side hand points minus the other side's in the last hand scored (SPR-10…SPR-12);
    with ``bag_cost`` each bag is charged its share of the penalty instead of the penalties taken."""
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
