"""DenboraZup bots: ``easy``, ``medium``, ``strong`` and ``expert`` (``GAME.bots``).

Knowledge of history is MODELLED, and given to the bot explicitly: it never reads a hidden
year from the game, the deck or the state. A bot *learns* the game's public chronology
(DZR-14, :meth:`~mahai.games.denborazup.DenboraZupGame.chronology`, the learning page every
player may read) once per game object, the way a student would: for each event it keeps only a
believed year, ``true year + noise``, never the true year itself. The noise is Gaussian with a
spread that depends on its level (``easy`` 400 years, ``medium`` 150, ``expert`` 40) and is
fixed per bot and card: it is drawn from a generator seeded with the bot's own seed and the
card's Basque title (the card's content, not its id, so relabelling or reordering the deck
file changes nothing, DZC-5). Everything else comes from the seat's observation: revealed cards
(the reference, the timeline) with their dates, and the cards its seat saw judged in a reveal,
which it remembers with a smaller spread (``memory``: 80, 25 and 5 years, divided by the number
of times it saw the date) if they come back into play. A judged card that went back into a
hand or the deck before the bot's turn shows no date in its observation: the bot does not
remember it.

Choices: place the card (and slot, in the long timeline) most likely to be right when that
chance is high enough (a wrong card costs two), else pass; vote to replace the reference when
the hand fits it badly; catch missed calls; call "DenboraZup!" (the easy bot sometimes
forgets); stars: give a card to the leader, or replace a reference that suits the hand badly;
tie-break: the event believed closest to the reference.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mahai.bots.base import Bot
from mahai.core.game import Action, Game, Observation, Seat
from mahai.games.denborazup import (
    CardFace,
    Catch,
    Choose,
    DenboraZupObservation,
    Flip,
    HistoryCard,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
)


@dataclass(frozen=True)
class Level:
    """A bot level: ``noise`` is the true spread (years) of its knowledge, ``memory`` the
    spread of its memory of a date it saw revealed (a judged card that came back), ``belief`` the
    spread it assumes, ``threshold`` the chance of being right it needs to place a card,
    ``forget_call``/``catch`` the chances of forgetting its own call / catching another's."""

    name: str
    noise: float
    memory: float
    belief: float
    threshold: float
    forget_call: float
    catch: float


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 400.0, 80.0, 200.0, 0.5, 0.3, 0.5),
    "medium": Level("medium", 150.0, 25.0, 150.0, 0.6, 0.05, 0.9),
    "expert": Level("expert", 40.0, 5.0, 40.0, 0.40, 0.0, 1.0),
}
"""The expert's threshold was 0.62, like the others'; checked against a rollout oracle
(``benchmarks/dz_choices.py``: 150 four-player decisions between a pass and the best placement,
100 play-outs each) placing won more than passing at every believed chance from 0.4 up (+0.16 of
a win on average between 0.4 and 0.5, where the expert passed 29 times of 30), about as much
below (-0.03 between 0.3 and 0.4). At 0.40 it beats the expert at 0.62 in 53.0% of 4,000
four-player games (95% 51.5%-54.6%) and 52.3% of 2,000 two-player games (50.2%-54.5%). Its
votes (DZR-7) and stars (DZR-10) showed no gain from the variants tried (vote threshold 0.6 or
0.85, always giving the star card to the leader, replacing only with three cards or more: 49.5%
to 50.6% of 2,000 games each). Agreement with the oracle on pass or place, believed chance
0.3 to 0.9: 71% of 150 decisions (24 clear disagreements) before, 87% of 100 (4) after; votes
63% and stars 48% to 57% (the oracle's best vote or star is often only marginally better)."""


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def learn(chronology: Iterable[HistoryCard], noise: float, seed: int) -> dict[str, float]:
    """Believed years by Basque title: each card's year plus a Gaussian error of spread
    ``noise`` years, fixed by ``seed`` and the title (DZC-5). The true years are not kept."""
    return {card.title_eu: card.year + random.Random(f"{seed}:{card.title_eu}").gauss(0.0, noise)
            for card in chronology}


class DenboraZupBot(Bot):
    """A DenboraZup player of one :class:`Level` (see the module docstring)."""

    level: Level = LEVELS["medium"]

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.name = self.level.name
        self.seed = rng.getrandbits(64)
        self.believed: dict[str, float] = {}  # Basque title → believed year (learned)
        self._learned_from: object = None
        self._estimates: dict[str, float] = {}  # Basque title → estimate (hand cards go by handle)
        self.waiting = 0  # rounds in a row this bot passed: it grows bolder
        self.seen: dict[str, tuple[int, int]] = {}  # title → (times its date was seen, that year)
        self._reveal_mark = -1

    # --- knowledge ---

    def learn(self, game: Game[Any, Any]) -> None:
        """Study ``game``'s public chronology (DZR-14) once: believed years only."""
        if self._learned_from is game:
            return
        chronology = getattr(game, "chronology", None)
        if chronology is None:
            raise TypeError("a DenboraZup bot plays DenboraZup only")
        self.believed = learn(chronology(), self.level.noise, self.seed)
        self._learned_from = game
        self._estimates.clear()

    def estimate(self, card: CardFace | HistoryCard) -> float:
        """The year this bot believes ``card`` happened: its remembered date if it saw the card
        judged, else what it learned (a card it never learned of: the middle of its knowledge)."""
        if card.title_eu not in self._estimates:
            memory = self.seen.get(card.title_eu)
            if memory is not None:
                times, year = memory
                noise = random.Random(f"{self.seed}:seen{times}:{card.title_eu}").gauss(
                    0.0, self.level.memory / times)
                self._estimates[card.title_eu] = year + noise
            else:
                believed = self.believed.get(card.title_eu)
                if believed is None:
                    years = sorted(self.believed.values())
                    believed = years[len(years) // 2] if years else 0.0
                self._estimates[card.title_eu] = believed
        return self._estimates[card.title_eu]

    def remember(self, obs: DenboraZupObservation) -> None:
        """Note the cards judged in the last reveal (once per reveal): their dates were shown
        to everyone, and each sighting sharpens the bot's memory of them."""
        mark = sum(obs.used)  # grows with every reveal
        if not obs.last_reveal or mark == self._reveal_mark:
            return
        self._reveal_mark = mark
        for placement in obs.last_reveal:
            card = placement.card
            if isinstance(card, HistoryCard):
                times = self.seen.get(card.title_eu, (0, 0))[0] + 1
                self.seen[card.title_eu] = (times, card.year)
                self._estimates.pop(card.title_eu, None)

    def chance(self, est: float, lo: float | None, hi: float | None) -> float:
        """The believed chance that a card estimated at ``est`` lies in ``[lo, hi]``
        (years, None = open); equal years count as right (DZC-1)."""
        b = self.level.belief
        top = 1.0 if hi is None else _phi((hi + 0.5 - est) / b)
        bottom = 0.0 if lo is None else _phi((lo - 0.5 - est) / b)
        return max(0.0, top - bottom)

    def options(self, obs: DenboraZupObservation, coin: str) -> list[tuple[float, str, int | None]]:
        """(chance, card, slot) for the cards of the hand on the ``coin`` side: in the long
        timeline only the slots around the believed date and at the ends of the side
        (the best slot is always among them)."""
        timeline = [c.year for c in obs.timeline]
        ref = obs.reference_index
        long = obs.rules.long_timeline
        out: list[tuple[float, str, int | None]] = []
        first, last = (ref + 1, len(timeline)) if coin == "up" else (0, ref)
        for card in obs.hand or ():
            est = self.estimate(card)
            if long:
                at = bisect.bisect_left(timeline, est)
                slots = {first, last, *range(max(first, at - 2), min(last, at + 2) + 1)}
                for k in sorted(slots):
                    lo = timeline[k - 1] if k > 0 else None
                    hi = timeline[k] if k < len(timeline) else None
                    out.append((self.chance(est, lo, hi), card.id, k))
            else:
                year = obs.reference.year
                p = self.chance(est, year, None) if coin == "up" else self.chance(est, None, year)
                out.append((p, card.id, None))
        return out

    def fit(self, obs: DenboraZupObservation) -> float:
        """How well the hand fits the reference: the mean over both coin faces of the best chance."""
        best = [max((p for p, _, _ in self.options(obs, coin)), default=0.0) for coin in ("up", "down")]
        return sum(best) / 2

    # --- decisions ---

    def act(self, game: Game[Any, Any], seat: Seat, observation: Observation,
            legal: Sequence[Action]) -> Action:
        if not isinstance(observation, DenboraZupObservation):
            raise TypeError("a DenboraZup bot plays DenboraZup only")
        self.learn(game)
        obs = observation
        self.remember(obs)
        phase = obs.phase
        if phase == "decide":
            return self._decide(seat, obs, legal)
        if phase == "vote":
            return Vote(self.fit(obs) < 0.72 or obs.idle_rounds >= 2)
        if phase == "flip":
            catches = [a for a in legal if isinstance(a, Catch)]
            if catches and self.rng.random() < self.level.catch:
                return catches[0]
            return next(a for a in legal if isinstance(a, Flip | Waive))
        if phase == "star":
            return self._star(seat, obs, legal)
        if phase == "tiebreak" and obs.tiebreak is not None and obs.tiebreak.options:
            ref = obs.reference.year
            faces = {c.id: c for c in obs.tiebreak.options}
            options = [a for a in legal if isinstance(a, Choose)]
            return min(options, key=lambda a: abs(self.estimate(faces[a.card]) - ref))
        return legal[0]

    def _decide(self, seat: Seat, obs: DenboraZupObservation, legal: Sequence[Action]) -> Action:
        options = self.options(obs, obs.coin or "up")
        allowed = {(a.card, a.slot) for a in legal if isinstance(a, Place)}
        options = [o for o in options if (o[1], o[2]) in allowed]
        if not options:
            return next(a for a in legal if isinstance(a, Pass))
        p, card, slot = max(options, key=lambda o: o[0])
        counts = obs.hand_counts
        threshold = self.level.threshold - 0.05 * obs.idle_rounds - 0.04 * self.waiting
        if obs.deck_count + obs.discard_count == 0:
            threshold = 0.0  # nothing to draw: a wrong card costs no penalty (DZC-3)
        others = [n for s, n in enumerate(counts) if s != seat]
        if others and (counts[seat] - min(others) >= 3 or min(others) == 1):
            threshold -= 0.05  # far behind, or someone is about to win: take more risks
        can_pass = any(isinstance(a, Pass) for a in legal)
        if can_pass and p < threshold:
            self.waiting += 1
            return next(a for a in legal if isinstance(a, Pass))
        self.waiting = 0
        call = Place(card, slot, call=True)
        if call in legal and self.rng.random() >= self.level.forget_call:
            return call
        return Place(card, slot)

    def _star(self, seat: Seat, obs: DenboraZupObservation, legal: Sequence[Action]) -> Action:
        counts = obs.hand_counts
        players = len(counts)
        others = [(seat + i) % players for i in range(1, players)]
        leader = min(others, key=lambda s: counts[s])
        if counts[leader] > 1 and self.fit(obs) < 0.6 and StarReplace() in legal:
            return StarReplace()
        give = StarGive(leader)
        return give if give in legal else legal[0]


class EasyBot(DenboraZupBot):
    level = LEVELS["easy"]


class MediumBot(DenboraZupBot):
    level = LEVELS["medium"]


class ExpertBot(DenboraZupBot):
    level = LEVELS["expert"]


class StrongBot(DenboraZupBot):
    """The ``strong`` level (:func:`mahai.bots.levels.denborazup_strong`): it knows history between
    the medium and the expert bots (believed years spread 80 years, memory of a date seen 12,
    threshold 0.61, forgets 2% of its calls, catches 95% of the others'). A class of this module,
    not one local to a function, so that it pickles (the server's bot workers,
    :mod:`mahai.server.thinking`)."""

    level = Level(name="strong", noise=80.0, memory=12.0, belief=80.0, threshold=0.61,
                  forget_call=0.02, catch=0.95)
