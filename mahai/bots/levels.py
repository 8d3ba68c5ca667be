"""Bot levels for people: ``expert``, ``strong``, ``medium``, ``easy`` (strongest first).

Each game declares its levels in :attr:`mahai.core.Game.bots` with the factories below
(:data:`DECLARED` is the mapping each game uses). Level names are translated in the ``bots``
gettext catalog: msgid ``bot.<level>`` (Basque: erraza, ertaina, indartsua, aditua) and a
one-line description ``bot.<level>.help`` (:func:`level_name`, :func:`level_help`).

What each level is (budgets measured on one core; figures in ``docs/arena/README.md``):

=========  ==================================================  ================================
level      Mille Bornes                                        Spades
=========  ==================================================  ================================
easy       the heuristic, but a random legal move on 20% of    the same over the Spades
           its decisions with a choice (:class:`NoisyBot`)     heuristic, on 15%
medium     the heuristic (:mod:`mahai.bots.mille_bornes`)      the heuristic (:mod:`.spades`)
strong     PIMC search, :data:`MB_STRONG` (≈ 0.05 s a move)     PIMC, 8 samples a card (the
                                                               expert's card play), the
                                                               heuristic's bids and blind nil
expert     PIMC search, :data:`MB_EXPERT` (≈ 0.26 s a move,    PIMC, 8 samples a card; bids
           more at close ones), and what the other seats       (nil too) and blind nil are
           cannot hold (:class:`.MilleBornesSearchBot`: two    searched (:mod:`.spades_search`)
           players from the opponent's last turn, teams from
           a round); two players: worlds weighed by the
           opponent's last move (:data:`MB_MODEL_TRIES`)
=========  ==================================================  ================================

Session 16 (issue 15): the Mille Bornes heuristic discards better
(:data:`~mahai.bots.mille_bornes.DISCARD_WEIGHTS`: 51.6% of 8,000 games against the heuristic before),
so easy, medium and strong (whose rollouts and candidates it plays) changed with it; the expert
keeps the heuristic of session 15 in its search (:func:`mille_bornes_expert_spec`).

DenboraZup's levels are its own bots (:mod:`mahai.bots.denborazup`: how well the bot knows
history); ``strong`` (:class:`~mahai.bots.denborazup.StrongBot`) sits between its medium and its expert.

The technique names used before the levels (``heuristic``, ``search``) still make the same
bots: :data:`ALIASES` (``heuristic`` → ``medium``, ``search`` → ``expert``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mahai.bots.base import Bot
from mahai.bots.search import Budget
from mahai.core.game import Action, Game, Observation, Seat

if TYPE_CHECKING:
    from mahai.bots.mille_bornes_search import MilleBornesSpec

LEVELS: tuple[str, ...] = ("expert", "strong", "medium", "easy")
"""The level names, strongest first."""

ALIASES: dict[str, str] = {"heuristic": "medium", "search": "expert"}
"""Older bot names → the level that plays the same way."""

MB_EASY_NOISE = 0.2
"""The share of its decisions with a choice on which the Mille Bornes easy bot plays at random
(it then won about a quarter of its games against medium; against session 16's medium, with its
better discards, 19.1% of 2,000 two-player games, 95% 17.4–20.9, session 17)."""
SPADES_EASY_NOISE = 0.15
"""The same for Spades (about a quarter of its matches against medium, as partners of one)."""
MB_MODEL_TRIES = 4
"""Worlds a Mille Bornes search (strong, expert) deals at most for each one it keeps when it weighs
them by the opponent's last move (:attr:`.MilleBornesSpec.tries`; a world its modelled opponent
would not have moved from is kept with chance 0.05 each). At 360 fixed positions with history
(``benchmarks/mb_oracle.py build --history``) weighing gained +0.08 ± 0.43 units a decision with 10
tries, +0.06 ± 0.42 with 30 (leak 0.01), each paired over the same expert without it; 10 tries made
the slowest arena decision 1.2 s (4 keep the cost of a search within its second)."""
MB_STRONG = Budget(rollouts=100_000, decisions=3_000, verify=3_000)
"""Mille Bornes ``strong``: about 3,000 simulated decisions a move, and 3,000 more for a fresh look at
an override of the heuristic (session 14, :attr:`.Budget.verify`: kept only if it wins by one
standard error in new worlds). At 915 fixed positions (``benchmarks/mb_oracle.py``) the search
without it was 0.92 ± 0.45 units a decision below the heuristic (20 units a point of win rate), the
fresh look +0.69 ± 0.41 above it (pooled over two sets of positions); against the heuristic, over
the 100 duplicate deals of seed 13000 (``benchmarks/bots.py``, compiled), 58.0% of 200 games
(95% 51.1–64.6) where session 13's strong won 50.0% of the same games: paired +8.0 ± 3.2 points;
with 100 deals of seed 14000 too, 55.5% of 400 (50.6–60.3), paired +6.5 ± 2.4 over the level
before (49.0%); 38 ms a decision (slowest 0.29 s) instead of 27 (``docs/arena/README.md``).
Session 17, its rollouts and candidates with session 16's discards, against medium (which has them
too): 53.0% of 200 games (95% 46.1–59.8, seed 172000), 23 ms a decision (slowest 0.14 s)."""
MB_EXPERT = Budget(rollouts=100_000, decisions=25_000, extra=50_000, close=2.0, work=90_000, per_rollout=15,
                   per_deal=8)
"""Mille Bornes ``expert``: about 25,000 simulated decisions a move (session 6; 15,000 before: 0.125 s
a decision over 72 arena games with the compiled engine and bots, the slowest 0.42 s). At 240 fixed
positions (``benchmarks/mb_oracle.py``), 30,000 decisions gained 0.72 ± 0.59 units a decision over
15,000 (paired): a little, so the budget was raised to what keeps the slowest decision well under
1 s. In the arena's 172 games against medium (compiled engine and bots): 0.119 s a decision over
19,466, the slowest 0.63 s. Session 8: up to 50,000 more at a close decision (two players; its two
best finalists within 2 standard errors, :attr:`.Budget.extra`): at 366 fixed positions with
history, +0.62 ± 0.51 units a decision paired over the same expert without them (+1.89 ± 0.59 over
the heuristic, against +1.26 ± 0.55), about twice the CPU a decision (0.79 s the slowest of 7,325
in the arena, compiled, with a 0.6 CPU-second stop that made the choice depend on the machine's
speed). Session 9: the extra worlds stop instead once the whole decision's work reaches 90,000
(:attr:`.Budget.work`: simulated decisions, 15 more a rollout, 8 a world dealt, the weights fitted to
the CPU time of 295 decisions, compiled; decisions alone missed short rollouts and the opponent
model's re-deals by up to 6 times), so the budget is deterministic again: over the same worlds,
0.50 s a decision on a loaded machine (the 0.6 s cap: 0.47 s; 91% of the work without a limit),
stopped at 40% of the decisions (the cap: 39%); the slowest is the first 25,000 decisions' own
(1,563 worlds of short rollouts near a leg's end), as with the cap (``docs/arena/README.md``).
Session 11: the work limit bounds those first decisions too (teams as well): at 104 positions of
six heuristic legs within 250 km of the target, the largest work of a decision fell from 144,756
(6,600 rollouts, 2,594 worlds) to 91,261."""
SPADES_STRONG_SAMPLES = 8
"""Spades ``strong``: determinizations per card played, as many as the expert's (bids and blind nil:
the heuristic's). Session 18 (issue 15): with 3, strong was not above medium (51.7% of 60 arena
games); with 8, against medium over the 150 duplicate deals of seed 180000 (``benchmarks/bots.py``,
four players, partnerships swapped), 59.7% of 300 games (95% 54.0–65.1), +34 points a game, 4.4 ms a
decision compiled (slowest 0.1 s; 12 ms in Python in the loaded arena run), where 3 won 50.3% of the
same 300 (paired +9.3 ± 3.9 points); below the expert, whose searched blind nil wins every game
(``docs/arena/README.md``)."""
SPADES_EXPERT_SAMPLES = 8
"""Spades ``expert``: determinizations per card played ..."""
SPADES_EXPERT_BID_SAMPLES = 8
"""... per bid searched (nil included; measured: 58% of 120 matches against the same bot with
the heuristic's bids, Wilson 95% 49%–67%) ..."""
SPADES_EXPERT_BLIND_SAMPLES = 16
"""... and for blind nil or looking (SPR-6; measured: 92% of 60 matches, 82%–96%)."""


class NoisyBot(Bot):
    """Plays like ``inner``, except that on a share ``noise`` of its decisions with a choice it
    plays a legal action drawn uniformly (with its own generator: never from hidden cards)."""

    def __init__(self, rng: random.Random, inner: Bot, noise: float) -> None:
        super().__init__(rng)
        self.inner = inner
        self.noise = noise
        self.name = "easy"

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if len(legal) > 1 and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.act(game, seat, observation, legal)


def _named(bot: Bot, name: str) -> Bot:
    bot.name = name
    return bot


# ---------------------------------------------------------------------------- Mille Bornes
def mille_bornes_easy(rng: random.Random) -> Bot:
    from mahai.bots.mille_bornes import HeuristicBot

    return NoisyBot(rng, HeuristicBot(rng), MB_EASY_NOISE)


def mille_bornes_medium(rng: random.Random) -> Bot:
    from mahai.bots.mille_bornes import HeuristicBot

    return _named(HeuristicBot(rng), "medium")


def mille_bornes_strong(rng: random.Random) -> Bot:
    from mahai.bots.mille_bornes_search import MilleBornesSearchBot, MilleBornesSpec

    spec = MilleBornesSpec(tries=MB_MODEL_TRIES)
    return _named(MilleBornesSearchBot(rng, MB_STRONG, spec=spec), "strong")


def mille_bornes_expert(rng: random.Random) -> Bot:
    from mahai.bots.mille_bornes_search import MilleBornesSearchBot

    return _named(MilleBornesSearchBot(rng, MB_EXPERT, spec=mille_bornes_expert_spec()), "expert")


def mille_bornes_expert_spec() -> MilleBornesSpec:
    """The Mille Bornes expert's :class:`.MilleBornesSpec`: its own policy
    (:class:`~mahai.bots.mille_bornes.ExpertPolicy`) for its team's rollouts, the heuristic with
    its discards of session 15 (``discard_weights = None``) for the other team's and for the model
    of the opponent's last move (:data:`MB_MODEL_TRIES`). Session 16's discards
    (:data:`~mahai.bots.mille_bornes.DISCARD_WEIGHTS`) in both measured no gain in the expert at
    the fixed positions (+0.01 ± 0.28 units a decision paired, 915 positions,
    ``docs/arena/README.md``), so the expert plays as before."""
    from mahai.bots.mille_bornes import ExpertPolicy, HeuristicBot
    from mahai.bots.mille_bornes_search import MilleBornesSpec

    opponent = HeuristicBot(random.Random(0))
    opponent.discard_weights = None
    return MilleBornesSpec(opponent, own=ExpertPolicy(random.Random(0)), tries=MB_MODEL_TRIES)


# ---------------------------------------------------------------------------- Spades
def spades_easy(rng: random.Random) -> Bot:
    from mahai.bots.spades import HeuristicBot

    return NoisyBot(rng, HeuristicBot(rng), SPADES_EASY_NOISE)


def spades_medium(rng: random.Random) -> Bot:
    from mahai.bots.spades import HeuristicBot

    return _named(HeuristicBot(rng), "medium")


def spades_strong(rng: random.Random) -> Bot:
    from mahai.bots.spades_search import SearchBot

    return _named(SearchBot(rng, samples=SPADES_STRONG_SAMPLES), "strong")


def spades_expert(rng: random.Random) -> Bot:
    from mahai.bots.spades_search import SearchBot

    return _named(SearchBot(rng, samples=SPADES_EXPERT_SAMPLES, bid_samples=SPADES_EXPERT_BID_SAMPLES,
                            blind_samples=SPADES_EXPERT_BLIND_SAMPLES), "expert")


# ---------------------------------------------------------------------------- DenboraZup
def denborazup_strong(rng: random.Random) -> Bot:
    """A DenboraZup bot that knows history between the medium and the expert bots
    (:class:`mahai.bots.denborazup.StrongBot`: believed years spread 80 years, memory of a date
    seen 12, threshold 0.61, forgets 2% of its calls, catches 95% of the others')."""
    from mahai.bots.denborazup import StrongBot

    return StrongBot(rng)


DECLARED: dict[str, dict[str, str]] = {
    "mille_bornes": {level: f"mahai.bots.levels:mille_bornes_{level}" for level in LEVELS},
    "spades": {level: f"mahai.bots.levels:spades_{level}" for level in LEVELS},
    "denborazup": {"expert": "mahai.bots.denborazup:ExpertBot",
                   "strong": "mahai.bots.levels:denborazup_strong",
                   "medium": "mahai.bots.denborazup:MediumBot",
                   "easy": "mahai.bots.denborazup:EasyBot"},
}
"""The ``bots`` mapping of each game (``Game.bots``), strongest first."""


def level_name(level: str, lang: str) -> str:
    """The name of ``level`` (or ``random``, or an alias's level) in ``lang`` (catalog ``bots``)."""
    from mahai.i18n import translate

    return translate("bots", f"bot.{ALIASES.get(level, level)}", lang)


def level_help(level: str, lang: str) -> str:
    """One sentence describing ``level`` in ``lang`` (catalog ``bots``)."""
    from mahai.i18n import translate

    return translate("bots", f"bot.{ALIASES.get(level, level)}.help", lang)
