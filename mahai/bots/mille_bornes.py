"""Mille Bornes bots: a rule-of-thumb heuristic player (``GAME.bots["heuristic"]``).

The heuristic bot sees only its seat's observation
(:class:`~mahai.games.mille_bornes.MilleBornesObservation`, i.e. ``GAME.observe(state, seat)``) and
its legal actions. From the public tableaux, the discard pile and its own hand it counts the cards
it has not seen (:func:`unseen_counts`), then decides by fixed priorities (rule ids refer to
``docs/rules/mille-bornes.md``):

1. always call a coup fourré when it can (MBR-10, MBR-23); in a fast game answer a hazard with its
   remedy at once;
2. before completing the trip, lay every safety it holds (each gives an extra turn, MBR-9, and would
   be worth nothing in hand once the leg ends), then complete it exactly (MBR-11);
3. lay a safety when holding it risks the leg (:meth:`HeuristicBot.should_lay_safety`): blocked by its
   hazard (even with the remedy in hand: the safety also protects and plays again), no copy of that
   hazard left unseen, the draw pile nearly empty, or an opponent close to the target; otherwise keep
   it for a coup fourré;
4. play remedies and rolls promptly (MBR-5, MBR-8);
5. attack the leader (the opponent team closest to the target, then with the highest score) with the
   hazard it is least likely to answer (few unseen remedies, little coup-fourré risk, weighed at a
   coup fourré's cost) (MBR-6, MBR-7); a speed limit only on a rolling car far from its target, and
   then after a 75, 100 or 200 of its own;
6. play distance so as to land exactly on the target: it prefers cards that leave a remainder its
   hand can complete, and within 200 km of the target, remainders that many unseen cards would let
   it complete (:func:`landing_ways`: no parking at 675 waiting for the last 25) (MBR-11);
7. otherwise discard the least useful card (:func:`keep_value`, :func:`discard_keep_value`): cards it
   can never use first, then a remedy whose safety it holds, a roll when it holds the right of way.

The extension (MBR-12, MBR-16) is called only when stopping does not already win the game, no
shut-out (MBR-15) is at stake, enough cards are left and the team leads by a safe margin.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from mahai.bots.base import Bot
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.mille_bornes import (
    CARD_OF,
    D200,
    DRAW,
    END_OF_LIMIT,
    KM,
    REMEDY_OF,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY_OF,
    SPEED_LIMIT,
    STOP,
    MilleBornesObservation,
    actions,
    is_distance,
    is_hazard,
    is_safety,
)
from mahai.games.mille_bornes.cards import HAZARD_OF_REMEDY

# The classes as Final names: compiled (mypyc), C statics instead of a module-dict lookup at
# every isinstance (the names come from Python modules).
CoupFourre: Final = actions.CoupFourre
Decline: Final = actions.Decline
Discard: Final = actions.Discard
Draw: Final = actions.Draw
Extend: Final = actions.Extend
Hazard: Final = actions.Hazard
Play: Final = actions.Play
Remedy: Final = actions.Remedy
Safety: Final = actions.Safety

HAZARDS_OF_SAFETY: Final[dict[int, tuple[int, ...]]] = {}
for _h in range(STOP, STOP + 5):
    HAZARDS_OF_SAFETY.setdefault(SAFETY_OF[_h], ())
    HAZARDS_OF_SAFETY[SAFETY_OF[_h]] += (_h,)

# Actions the bot names itself, made once (frozen dataclasses: equal to any other copy).
_DRAW: Final = Draw()
_DRAW_DISCARD: Final = Draw("discard")
_EXTEND_YES: Final = Extend(True)
_EXTEND_NO: Final = Extend(False)
_DISTANCE_KEEP: Final[tuple[float, ...]] = (100.0, 120.0, 130.0, 200.0, 240.0)
"""keep_value's base value of each distance card (25 … 200 km)."""

# Priorities of the play phase (bigger first); see the module docstring.
P_SAFETY_BEFORE_FINISH: Final = 20_000
P_FINISH: Final = 10_000
P_SAFETY: Final = 5_000
P_REMEDY: Final = 3_000
P_HAZARD: Final = 1_500
P_DISTANCE: Final = 500
P_KEEP_SAFETY: Final = -5_000


def unseen_counts(obs: MilleBornesObservation) -> list[int]:
    """Copies of each card (index = card int) the viewer has not seen: the deck of the leg
    (101 or 106 cards, MBR-2) minus its hand, the discard pile and every tableau. These cards are
    in the draw pile or in other hands. Raises ValueError for a spectator's observation."""
    if obs.hand is None:
        raise ValueError("a seat's observation is needed")
    counts = list(obs.deck_counts())
    seen: list[int] = [*obs.hand, *obs.discard]
    for tab in obs.tableaux:
        seen += [*tab.battle, *tab.speed, *tab.distance, *tab.safeties]
    for card in seen:
        counts[card] -= 1
    return counts


def finish_cards(remaining: int, cards: Sequence[int], twos_left: int) -> int | None:
    """The fewest distance cards (km values in ``cards``) summing exactly to ``remaining`` km using at
    most ``twos_left`` 200s, or None if impossible. ``remaining == 0`` needs 0 cards."""
    if remaining < 0:
        return None
    return _finish(remaining, tuple(sorted(cards)), twos_left)


@lru_cache(maxsize=1 << 16)
def _finish(remaining: int, cards: tuple[int, ...], twos_left: int) -> int | None:
    best: int | None = 0 if remaining == 0 else None
    n = len(cards)
    for mask in range(1, 1 << n):
        chosen = [cards[i] for i in range(n) if mask >> i & 1]
        if sum(chosen) == remaining and chosen.count(200) <= twos_left:
            if best is None or len(chosen) < best:
                best = len(chosen)
    return best


class _View:
    """Quantities the bot derives from one observation (all public or its own)."""

    def __init__(self, obs: MilleBornesObservation, seat: Seat) -> None:
        self.obs = obs
        self.seat = seat
        self.team = obs.team_of[seat]
        self.tab = obs.tableaux[self.team]
        self.hand = list(obs.hand or ())
        self.unseen = unseen_counts(obs)
        self.unseen_total = max(1, sum(self.unseen))
        self.safeties = set(self.tab.safeties)
        self.row = RIGHT_OF_WAY in self.safeties
        self.hazard = self.tab.hazard if self.tab.hazard is not None else -1
        self.remaining = obs.target - self.tab.km
        self.twos_left = 2 - self.tab.two_hundreds
        self.exceed = obs.options.exceed_target
        self.opponents = [t for t in range(len(obs.tableaux)) if t != self.team]
        # the highest target the team might still aim at (the extension may raise 700 to 1000)
        self.max_target = 1000 if obs.extension_available else obs.target

    def protected(self, team: int, hazard: int) -> bool:
        return SAFETY_OF[hazard] in self.obs.tableaux[team].safeties

    def needs_roll(self) -> bool:
        """The team is stopped only for want of a roll (MBR-5, MBR-8)."""
        return not self.tab.rolling and self.hazard < 0 and not self.row

    def completing(self, card: int) -> bool:
        km = self.tab.km + KM[card]
        return km >= self.obs.target if self.exceed else km == self.obs.target

    def cf_risk(self, team: int, hazard: int) -> float:
        """Chance that ``team`` holds the safety against ``hazard`` (a coup fourré)."""
        safety = SAFETY_OF[hazard]
        if not self.unseen[safety]:
            return 0.0
        held = sum(self.obs.hand_sizes[s] for s in self.obs.teams[team])
        return min(1.0, held / self.unseen_total)

    def threat(self, team: int) -> float:
        """How much ``team`` leads: closeness to the target first, then the game total."""
        tab = self.obs.tableaux[team]
        return tab.km / 10 + self.obs.totals[team] / 200


def keep_value(v: _View, card: int, hand: Sequence[int]) -> float:
    """How much the bot wants to keep ``card`` (the smallest is discarded first; 0 = it can
    never be used): remedies for hazards the team is protected from, a 200 when two are used,
    distance that can no longer fit, hazards whose safety every target shows."""
    obs = v.obs
    if is_safety(card):
        return 10_000.0
    if is_distance(card):
        if card == D200 and v.twos_left <= 0:
            return 0.0
        if not v.exceed:
            if v.tab.km + KM[card] > v.max_target:
                return 0.0
            if v.tab.km + KM[card] > obs.target:
                return 40.0
        value = _DISTANCE_KEEP[card]
        if v.tab.speed_limited and card <= 1:
            value += 60
        return value - 15 * (hand.count(card) - 1)
    if is_hazard(card):
        usable = [t for t in v.opponents if not v.protected(t, card)]
        if not usable:
            return 0.0
        return 320.0 if card != SPEED_LIMIT else 230.0
    # remedies and roll
    if card == ROLL:
        if v.row:
            return 0.0
        if v.needs_roll() or v.hazard == STOP:
            return 2_000.0
        copies = hand.count(ROLL)
        return 260.0 - 120 * (copies - 1)
    hazard = HAZARD_OF_REMEDY[card]  # the hazard ``card`` answers
    if SAFETY_OF[hazard] in v.safeties:
        return 0.0
    if hazard == v.hazard or (card == END_OF_LIMIT and v.tab.speed_limited):
        return 2_000.0
    if not v.unseen[hazard]:
        return 5.0
    return 180.0 - 110 * (hand.count(card) - 1)


DISCARD_FEATURES: Final[tuple[str, ...]] = (
    "remedy, its safety in hand",
    "remedy, at most one of its hazard unseen",
    "remedy, its hazards unseen",
    "remedy, each copy past the first",
    "end of limit",
    "roll, right of way in hand",
    "roll, each copy past the first",
    "hazard, the opponent cannot hold its safety",
    "hazard, each copy past the first",
    "hazard, each other hazard in hand",
    "hazard, its remedy unseen",
    "speed limit, the opponent within 200 km",
    "distance, each copy past the first",
    "25",
    "50",
    "200",
)
"""What :func:`discard_features` measures of a card, in order (session 16, issue 15): the facts
``benchmarks/mb_discards.py`` fitted and tried at the rollout oracle's fixed positions."""

DISCARD_WEIGHTS: Final[tuple[float, ...]] = (-400.0, 0.0, 0.0, -50.0, 0.0, -250.0) + (0.0,) * 10
"""The heuristic's discard weights (:func:`discard_keep_value`, one per :data:`DISCARD_FEATURES`):
a remedy whose safety is in hand is thrown first of the cards it may use (the safety answers that
hazard, by a coup fourré or laid, MBR-9, MBR-10); a roll when the right of way is in hand loses
250 (the heuristic lays it when it needs a roll and holds none, MBR-8); each copy of a remedy past
the first 50 more. Session 16 (``docs/arena/README.md``): at the oracle's positions the three
rules gained +0.56 ± 0.14 units a decision over :func:`keep_value` (915 positions, 20 units a
point of win rate), the remedy rule most of it; in games to 5,000 against the heuristic before
it (``benchmarks/bots.py``, 2,000 duplicate deals each, seats swapped) they won 51.30% (seed
160000, +1.30 ± 0.28 points paired over the deals) and 51.88% (seed 170000, +1.88 ± 0.31).
Fitted weights that gained most at the positions (distance and hazard copies thrown sooner: +1.3
units a decision) lost games (−1.05 ± 0.44 points), so each rule was kept only if it won games
too."""

EXPERT_DISCARD_WEIGHTS: Final[tuple[float, ...] | None] = None
""":class:`ExpertPolicy`'s discard weights, under its own corrections (:func:`expert_keep_value`):
None, its discards of session 15. Alone, as a policy without search, :data:`DISCARD_WEIGHTS` won
51.85% of 4,000 games (seed 170000, +1.85 ± 0.29 points) against it; but the expert searching with
them (its own policy and its rollouts' heuristic) gained nothing measurable at the oracle's fixed
positions (+0.01 ± 0.28 units a decision paired over the expert, 915 positions; session 16,
``docs/arena/README.md``), so the expert level is left as it was."""


def discard_features(v: _View, card: int, hand: Sequence[int]) -> list[float]:
    """The facts about ``card`` in ``hand`` that :func:`discard_keep_value` weighs, in the order of
    :data:`DISCARD_FEATURES` (counts or 0/1)."""
    f = [0.0] * len(DISCARD_FEATURES)
    copies = hand.count(card) - 1
    if card in HAZARD_OF_REMEDY:
        hazard = HAZARD_OF_REMEDY[card]
        f[0] = float(SAFETY_OF[hazard] in hand)
        f[1] = float(v.unseen[hazard] <= 1)
        f[2] = float(v.unseen[hazard])
        f[3] = float(copies)
        f[4] = float(card == END_OF_LIMIT)
    elif card == ROLL:
        f[5] = float(RIGHT_OF_WAY in hand)
        f[6] = float(copies)
    elif is_hazard(card):
        f[7] = float(v.unseen[SAFETY_OF[card]] == 0)
        f[8] = float(copies)
        f[9] = float(sum(1 for c in hand if is_hazard(c) and c != card))
        f[10] = float(v.unseen[REMEDY_OF[card]])
        if card == SPEED_LIMIT:
            f[11] = float(any(v.obs.target - v.obs.tableaux[t].km <= 200 for t in v.opponents))
    elif is_distance(card):
        f[12] = float(copies)
        f[13] = float(card == 0)
        f[14] = float(card == 1)
        f[15] = float(card == D200)
    return f


def discard_keep_value(v: _View, card: int, hand: Sequence[int], weights: Sequence[float]) -> float:
    """:func:`keep_value` plus ``weights`` times :func:`discard_features` (at least 1) for a card
    it neither needs now (2,000 and more) nor can never use (0); safeties are kept."""
    base = keep_value(v, card, hand)
    if base <= 0.0 or base >= 2_000.0:
        return base
    f = discard_features(v, card, hand)
    for i in range(len(f)):
        base += weights[i] * f[i]
    # at least 1: after the cards it can never use, and never a discard worth more than a play
    return max(1.0, base)


class HeuristicBot(Bot):
    """The rule-of-thumb Mille Bornes player described in the module docstring."""

    name = "heuristic"
    discard_weights: tuple[float, ...] | None = DISCARD_WEIGHTS
    """Its discards follow :func:`discard_keep_value` with these weights; None: :func:`keep_value`
    alone (the heuristic before session 16)."""

    def keep(self, v: _View, card: int, hand: Sequence[int]) -> float:
        """How much it wants to keep ``card`` (its discard ranking: the smallest goes)."""
        weights = self.discard_weights
        if weights is None:
            return keep_value(v, card, hand)
        return discard_keep_value(v, card, hand, weights)

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if not isinstance(observation, MilleBornesObservation):
            raise TypeError("the Mille Bornes bot needs a MilleBornesObservation")
        obs = observation
        if len(legal) == 1:
            return legal[0]  # a lone draw or decline: nothing to weigh
        for action in legal:
            if isinstance(action, CoupFourre):
                return action
        v = self.view(obs, seat)
        if any(isinstance(a, Extend) for a in legal):
            return _EXTEND_YES if self.should_extend(v) else _EXTEND_NO
        if seat != obs.turn:  # an attacked player in the coup-fourré window
            for action in legal:
                if isinstance(action, (Play, Remedy)):
                    return action  # fast game: the remedy at once
            return next(a for a in legal if isinstance(a, Decline))
        if obs.phase == DRAW:
            return self._draw(v, legal)
        return max(legal, key=lambda a: self.value(v, a))

    def view(self, obs: MilleBornesObservation, seat: Seat) -> _View:
        """What the bot derives from ``obs`` for ``seat`` (for :meth:`value`)."""
        return _View(obs, seat)

    # ------------------------------------------------------------------ decisions
    def _draw(self, v: _View, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, (Play, Remedy)):
                return action  # fast game: answer the hazard with its remedy
        top = v.obs.discard[-1] if v.obs.discard else None
        if top is not None and _DRAW_DISCARD in legal and self._wants(v, top):
            return _DRAW_DISCARD
        if _DRAW in legal:
            return _DRAW
        return legal[0]

    def _wants(self, v: _View, card: int) -> bool:
        """Whether the top discard is worth taking instead of a blind draw (MBR-20)."""
        if card in v.hand and not is_distance(card):
            return False
        if v.hazard >= 0 and card == REMEDY_OF[v.hazard]:
            return True
        if card == ROLL and v.needs_roll():
            return True
        if card == END_OF_LIMIT and v.tab.speed_limited and not v.row:
            return True
        return is_distance(card) and v.tab.rolling and v.completing(card) and v.hazard < 0

    def should_lay_safety(self, v: _View, safety: int) -> bool:
        """Lay ``safety`` now instead of keeping it for a coup fourré? (MBR-9, MBR-10)

        Yes when the team is blocked by its hazard (the remedy would only cure it; the safety
        protects for the rest of the leg and gives a new turn at once), when no copy of its
        hazard is left unseen (nobody can attack with it), when the draw pile is nearly empty,
        or when an opponent team is close to the target (the leg may end with it in hand)."""
        hazards = HAZARDS_OF_SAFETY[safety]
        if v.hazard in hazards:
            return True  # even with the remedy in hand: the safety protects and plays again (MBR-9)
        if safety == RIGHT_OF_WAY:
            if v.needs_roll() and ROLL not in v.hand:
                return True
            if v.tab.speed_limited and END_OF_LIMIT not in v.hand and v.remaining > 100:
                return True
        if not any(v.unseen[h] for h in hazards):
            return True
        if v.obs.draw_pile <= 3 * v.obs.players:
            return True
        for t in v.opponents:
            tab = v.obs.tableaux[t]
            if tab.rolling and v.obs.target - tab.km <= 200:
                return True
        return False

    def should_extend(self, v: _View) -> bool:
        """Say “segituko dut” (MBR-12)? No if stopping now wins the game or keeps a shut-out
        (MBR-15, MBR-17); yes with 20+ cards in the draw pile, 150+ km in hand and a lead of
        250 km, 40 less per safety the team shows and 20 more per safety of the best-equipped
        opponent."""
        obs = v.obs
        others = [obs.tableaux[t] for t in v.opponents]
        if any(t.km == 0 for t in others):
            return False
        if obs.options.older_scoring:
            mine = obs.totals[v.team] + self._leg_points(v, v.team, completed=True)
            best_other = max(obs.totals[t] + self._leg_points(v, t, completed=False) for t in v.opponents)
            if mine >= obs.options.game_target and mine > best_other:
                return False
        lead = v.tab.km - max(t.km for t in others)
        in_hand = sum(KM[c] for c in v.hand if is_distance(c))
        # each safety shown is a hazard the team no longer fears; the opponents' ones speed them up
        margin = 250 - 40 * len(v.tab.safeties) + 20 * max(len(t.safeties) for t in others)
        return obs.draw_pile >= 20 and lead >= margin and in_hand >= 150

    def _leg_points(self, v: _View, team: int, completed: bool) -> int:
        """The MBR-14/15 points ``team`` would score if the leg ended now."""
        tab = v.obs.tableaux[team]
        points = tab.km + 100 * len(tab.safeties) + 300 * len(tab.coups_fourres)
        points += 300 if len(tab.safeties) == 4 else 0
        if completed:
            points += 400 + (300 if tab.two_hundreds == 0 else 0)
            points += 300 if v.obs.draw_pile == 0 else 0
            points += 500 if all(v.obs.tableaux[t].km == 0 for t in v.opponents) else 0
        return points

    # ------------------------------------------------------------------ play phase
    def value(self, v: _View, action: Action) -> float:
        """The priority of a play-phase action (see the module docstring)."""
        if isinstance(action, Discard):
            return -self.keep(v, CARD_OF[action.card], v.hand)
        if isinstance(action, Safety):
            safety = CARD_OF[action.card]
            if self._can_finish(v):
                return P_SAFETY_BEFORE_FINISH
            return P_SAFETY if self.should_lay_safety(v, safety) else P_KEEP_SAFETY
        if isinstance(action, Remedy):
            card = CARD_OF[action.card]
            if card == END_OF_LIMIT:
                small = any(c <= 1 for c in v.hand)
                worth = v.remaining > 50 and not (small and v.remaining <= 100)
                return P_DISTANCE + 150 if worth and v.hazard < 0 else P_DISTANCE - 200
            return P_REMEDY
        if isinstance(action, Hazard):
            return self._hazard_value(v, CARD_OF[action.card], action.team)
        if isinstance(action, Play):
            card = CARD_OF[action.card]
            if card == ROLL:
                return P_REMEDY
            return self._distance_value(v, card)
        return 0.0

    def _can_finish(self, v: _View) -> bool:
        if not v.tab.rolling or v.hazard >= 0:
            return False
        for card in set(v.hand):
            if is_distance(card) and v.completing(card) and not (card > 1 and v.tab.speed_limited):
                if card != D200 or v.twos_left > 0:
                    return True
        return False

    def _hazard_value(self, v: _View, hazard: int, team: int) -> float:
        """A hazard's priority: a battle hazard above distance, a speed limit between the 50 and
        the 75 on a rolling car far from its target (worth little on a stopped one, MBR-7), less
        the risk of a coup fourré (MBR-10) weighed at its cost: the safety, 300 points and the
        turn given away."""
        tab = v.obs.tableaux[team]
        risk = v.cf_risk(team, hazard)
        left = v.obs.target - tab.km
        if hazard == SPEED_LIMIT:
            if not tab.rolling or tab.hazard is not None:
                base = P_DISTANCE - 350.0  # a stopped car: the limit costs it almost nothing now
            elif left > 100:
                base = P_DISTANCE + 60 + min(left, 400) / 20
            else:
                base = P_DISTANCE - 300.0
            return base + 5 * v.threat(team) - 1_500 * risk
        remedy = REMEDY_OF[hazard]
        base = P_HAZARD + 25.0 * max(0, 6 - v.unseen[remedy])
        return base + 10 * v.threat(team) - 2_000 * risk

    def _distance_value(self, v: _View, card: int) -> float:
        if v.completing(card):
            return P_FINISH
        if v.exceed:
            return P_DISTANCE + KM[card]
        rest = list(v.hand)
        rest.remove(card)
        kms = [KM[c] for c in rest if is_distance(c)]
        twos = v.twos_left - (card == D200)
        left = v.remaining - KM[card]
        need = finish_cards(left, kms, twos)
        if need is not None:
            return P_DISTANCE + 300 - 50 * need + KM[card] / 10
        if left > LANDING_ZONE:
            return P_DISTANCE + KM[card]
        # MBR-11: land exactly. Count the unseen cards that would let the rest of the hand finish
        # from here; a remainder only a rare card completes (675 with one 25 left) parks the car.
        ways = landing_ways(left, kms, twos, v.unseen)
        return P_DISTANCE + KM[card] / 2 + 25 * min(ways, 8) - (150 if ways < 2 else 0)


LANDING_ZONE: Final = 200
"""Km left below which the heuristic plans its landing from the unseen cards (MBR-11)."""


def landing_ways(left: int, hand_kms: Sequence[int], twos_left: int, unseen: Sequence[int]) -> int:
    """How many unseen cards (copies) would each let ``hand_kms`` finish exactly ``left`` km:
    the unseen distance cards ``c`` with ``finish_cards(left - KM[c], hand_kms)`` possible."""
    ways = 0
    for c in range(D200 + 1):
        km = KM[c]
        if unseen[c] and km <= left and (c != D200 or twos_left > 0):
            if finish_cards(left - km, hand_kms, twos_left - (c == D200)) is not None:
                ways += unseen[c]
    return ways


def heuristic(rng: random.Random) -> Bot:
    """A new :class:`HeuristicBot` (its generator is unused: it plays deterministically)."""
    return HeuristicBot(rng)



def exact_members(remaining: int, kms: Sequence[int], twos_left: int) -> set[int] | None:
    """The km values of ``kms`` that belong to some subset summing exactly to ``remaining`` with
    at most ``twos_left`` 200s (MBR-11), or None if no subset lands."""
    if finish_cards(remaining, kms, twos_left) is None or remaining <= 0:
        return None
    out: set[int] = set()
    for km in set(kms):
        rest = list(kms)
        rest.remove(km)
        if finish_cards(remaining - km, rest, twos_left - (km == 200)) is not None:
            out.add(km)
    return out


class ExpertPolicy(HeuristicBot):
    """The heuristic with better discards and a faster attack: the expert's policy for its own
    team (two players and teams) in its rollouts, its candidate ordering and its default action
    (:mod:`mahai.bots.mille_bornes_search`).

    - Stopped itself (a hazard in force, or waiting for a roll), it plays a battle hazard on a
      rolling opponent before its own remedy or roll (:data:`ATTACK_WHEN_STOPPED`, MBR-6, MBR-8):
      its remedy waits a turn at no cost, the opponent's car would drive on and may not be
      open to a hazard later. A safety still goes first (it plays again, MBR-9).
    - Measured at fixed positions against the rollout oracle (``benchmarks/mb_oracle.py``), the
      heuristic keeps too many hazards (a fourth stop is worth no more than the first) and,
      stopped near the target, discards the cards that land exactly (MBR-11: at 550 km it keeps
      two 100s rather than the two 75s that make 700). It discards (:func:`expert_keep_value`) a
      hazard duplicated in hand, or one of many hazards, before distance (only one can be played
      a turn, and only on a rolling car); distance outside every exact landing combination of
      the hand, when one exists within :data:`LANDING_PLAN` km.

    Against the heuristic (``python -m benchmarks.bots mille-bornes
    py:mahai.bots.mille_bornes:ExpertPolicy heuristic``, duplicate deals, eu edition, games to
    5,000), session 11: two players 51.45% of 4,000 games (seed 90000; the discards alone 49.1%,
    paired +2.35 ± 0.34 points; seed 1000: 51.6% against 49.5%); teams of four 53.0% of 4,000
    games (seed 90000; the discards alone 49.75%, paired +3.2 ± 0.5)."""

    name = "expert-policy"
    discard_weights = EXPERT_DISCARD_WEIGHTS

    def value(self, v: _View, action: Action) -> float:
        if isinstance(action, Discard):
            card = CARD_OF[action.card]
            return -expert_keep_value(v, card, v.hand, self.keep(v, card, v.hand))
        value = HeuristicBot.value(self, v, action)
        if isinstance(action, Hazard) and CARD_OF[action.card] != SPEED_LIMIT:
            if v.hazard >= 0 or v.needs_roll():
                # stopped itself: the remedy or roll can wait a turn, the rolling opponent cannot
                # be stopped later for free (MBR-6, MBR-8); a safety still goes first (MBR-9)
                value += ATTACK_WHEN_STOPPED
        return value


ATTACK_WHEN_STOPPED: Final = 2_000.0
"""What :class:`ExpertPolicy` adds to a battle hazard while its own car is stopped: above a
remedy or roll (:data:`P_REMEDY`), below a safety (:data:`P_SAFETY`)."""

LANDING_PLAN: Final = 300
"""Km left within which :class:`ExpertPolicy` keeps the cards of an exact landing (MBR-11)."""


def expert_keep_value(v: _View, card: int, hand: Sequence[int], base: float | None = None) -> float:
    """:func:`keep_value` (or ``base``, the bot's own keep value) with :class:`ExpertPolicy`'s
    corrections (its docstring)."""
    if base is None:
        base = keep_value(v, card, hand)
    if base <= 0.0 or is_safety(card):
        return base
    if is_hazard(card):
        same = hand.count(card) - 1
        others = sum(1 for c in hand if is_hazard(c) and c != card)
        return base - 150.0 * same - 50.0 * others
    if is_distance(card) and not v.exceed and v.remaining <= LANDING_PLAN:
        kms = [KM[c] for c in hand if is_distance(c)]
        members = exact_members(v.remaining, kms, v.twos_left)
        if members is not None:
            return base + 150.0 if KM[card] in members else base - 60.0
    return base
