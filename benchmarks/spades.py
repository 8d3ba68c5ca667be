"""Spades speed against OpenSpiel, and a rule comparison on OpenSpiel's own hands.

Run ``python -m benchmarks.spades`` (options: ``--seconds``, ``--compare``, ``--profile``).

1. Random hands per second through the public API, one core, in one process: ours
   (``GAME.new`` in the ``openspiel`` edition = one hand, then ``legal_actions``/``apply`` with
   uniform random choices: deal, 4 bids, 52 plays) against OpenSpiel's ``spades`` driven from
   Python (``pyspiel.load_game("spades")``: 52 chance actions for the deal, 4 bids, 52 plays,
   uniform random choices). Printed: both rates and the ratio ours / OpenSpiel (goal ≥ 1).
   Also printed: OpenSpiel with its deal applied from one shuffled deck
   (:func:`openspiel_hand_dealt`: the 52 chance nodes without the driver's round trips, about
   a third of OpenSpiel's time per hand through the generic loop), and our ratio to that.
2. The same with the acting seat's view built at every decision (``GAME.view``) against
   OpenSpiel's ``observation_string``.
3. ``--duel N``: the search bot against the heuristic on N duplicate deals, matches to 500:
   each deal (match seed) is played twice with the partnerships swapped (the deals of a match
   come from its seed only, so both matches see the same cards while they last). Prints every
   match, the search side's win rate with its Wilson 95% interval, and the CPU seconds per
   search-bot decision (mean, and max). ``--samples`` sets the search budget, ``--jobs``
   the worker processes (one core each).
4. ``--compare N``: N OpenSpiel random hands replayed through our engine in the ``openspiel``
   edition (failed nil helps the partner, no blind nil, one hand, a partnership bids 13 at most:
   SPR-18): same deal, same bids, same card plays (OpenSpiel's legal moves are always legal for
   us, so every hand replays). Each partnership's hand score is compared, and at every decision
   the legal moves; the known differences are counted by kind (see :func:`replay`), anything
   else is printed.

Times are CPU seconds of this process (``time.process_time``), so other processes on the
machine count less; the contenders run in alternating batches of 20 hands and each keeps its
fastest batch, so the ratio holds on a noisy machine. The ratio is what matters. An *idle*
engine (56 decisions that do nothing) driven by the same loop shows what the Python driver
costs by itself, which no engine behind this API can go below.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from mahai.games.spades import BIDS, GAME, PLAYS, SpadesState, mask_of

OPTIONS = GAME.options("openspiel")


def our_hand(rng: random.Random, view: bool) -> None:
    """One random hand through the public API (``view``: build the actor's view each decision)."""
    state = GAME.new(OPTIONS, 4, rng.getrandbits(32))
    while not state.is_over:
        seat = state.to_act()[0]
        if view:
            GAME.view(state, seat)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def openspiel_hand(game: Any, rng: random.Random, view: bool) -> None:
    """One random OpenSpiel hand (chance deal included) from Python."""
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        if view and not state.is_chance_node():
            state.observation_string(state.current_player())
        state.apply_action(legal[rng.randrange(len(legal))])


def openspiel_hand_dealt(game: Any, rng: random.Random) -> None:
    """:func:`openspiel_hand` with the deal's 52 chance actions taken from one shuffled deck
    (``random.shuffle``) instead of a random legal action at each chance node: the same
    distribution of deals (uniform, without replacement), without the driver's 52 round trips
    (``legal_actions``, ``randrange``, ``apply_action``). Not the goal's reference (that is
    OpenSpiel's generic loop, chance nodes included, as a researcher drives any OpenSpiel
    game): printed to show how much of OpenSpiel's time per hand those round trips are."""
    state = game.new_initial_state()
    deck = list(range(52))
    rng.shuffle(deck)
    for a in deck:
        state.apply_action(a)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


class _Idle:
    """A state that does nothing but owe 56 decisions (a hand's 4 bids and 52 plays) with
    seven legal actions each: what the driver loop of :func:`our_hand` costs by itself."""

    legal = list(PLAYS[:7])

    def __init__(self) -> None:
        self.left = 56
        self.turn = 0

    @property
    def is_over(self) -> bool:
        return self.left == 0

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self.legal)

    def apply(self, seat: int, action: Any) -> list[Any]:
        self.left -= 1
        self.turn = (seat + 1) % 4
        return []


def idle_hand(rng: random.Random) -> None:
    """:func:`our_hand` with an engine that does nothing (and makes its generator)."""
    random.Random(rng.getrandbits(32))
    state = _Idle()
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def rates(fns: dict[str, Callable[[], None]], seconds: float, batch: int = 20) -> dict[str, float]:
    """Calls per CPU second of each of ``fns``, run in alternating batches for about
    ``seconds`` each. The rate of the fastest batch is kept: on a shared machine, other
    load only ever slows a batch down, and alternating exposes every function to the same
    conditions."""
    best = dict.fromkeys(fns, float("inf"))
    spent = 0.0
    while spent < seconds * len(fns):
        for name, fn in fns.items():
            start = time.process_time()
            for _ in range(batch):
                fn()
            took = time.process_time() - start
            spent += took
            best[name] = min(best[name], took / batch)
    return {name: 1 / t for name, t in best.items()}


def speed(game: Any, seconds: float) -> dict[str, dict[str, float]]:
    """Print and return hands per second, plain and with views, for mahai, OpenSpiel
    and the idle engine (the ceiling of any engine driven through this loop in Python)."""
    rng = random.Random(1)
    out = {}
    for view in (False, True):
        label = "with views" if view else "plain"
        fns: dict[str, Callable[[], None]] = {"mahai": partial(our_hand, rng, view),
                                              "openspiel": partial(openspiel_hand, game, rng, view)}
        if not view:
            fns["idle"] = partial(idle_hand, rng)
            fns["openspiel_dealt"] = partial(openspiel_hand_dealt, game, rng)
        r = rates(fns, seconds)
        print(f"random hands/s ({label}): mahai {r['mahai']:8.1f}   openspiel {r['openspiel']:8.1f}   "
              f"ratio {r['mahai'] / r['openspiel']:5.2f}")
        if not view:
            print(f"  OpenSpiel with its deal from one shuffled deck (no chance-node round trips): "
                  f"{r['openspiel_dealt']:8.1f}/s; mahai / that {r['mahai'] / r['openspiel_dealt']:5.2f}")
        out[label] = r
    idle = out["plain"]["idle"]
    print(f"idle engine through the same loop: {idle:8.1f} hands/s = {idle / out['plain']['openspiel']:.2f} "
          f"× OpenSpiel plain: the Python driver alone (generator, 56 × is_over, to_act, legal_actions, "
          f"randrange, apply) leaves an engine {1e6 / out['plain']['openspiel'] - 1e6 / idle:.0f} µs per "
          f"hand to match OpenSpiel; mahai's engine takes {1e6 / out['plain']['mahai'] - 1e6 / idle:.0f} µs")
    return out


# ------------------------------------------------------------------ comparison
def replay(game: Any, history: list[int]) -> tuple[SpadesState, list[str]]:
    """Replay an OpenSpiel hand (its action history) through our engine.

    Returns our final state and one label per decision where the legal moves differ:
    ``"bid_cap"`` (OpenSpiel caps a partnership's bids at 13 in all: the ``openspiel`` edition
    has the same cap, ``bid_cap=13``, SPR-18, so none is expected), ``"spades_lead"``
    (OpenSpiel refuses a spade lead although a spade was already played: it never marks spades
    broken; SPR-7), or a description of any other difference.
    """
    theirs = game.new_initial_state()
    state = GAME.new(OPTIONS, 4, 0)
    # OpenSpiel deals its k-th chance card to seat k % 4 and North (seat 0) bids and leads
    # first, so the dealer is seat 3; its card index is ours (suits C, D, H, S × ranks 2…A).
    # The deal is not an action of our engine: it is set on the state directly.
    deal = history[:52]
    state.dealer = 3
    state.hands = [mask_of(deal[s::4]) for s in range(4)]
    state.turn = 0
    problems: list[str] = []
    for a in deal:
        theirs.apply_action(a)
    for a in history[52:]:
        seat = state.to_act()[0]
        if seat != theirs.current_player():
            problems.append(f"seat to act: ours {seat}, openspiel {theirs.current_player()}")
        ours_legal = {x.notation() for x in state.legal_actions(seat)}
        their_legal = {_notation(b) for b in theirs.legal_actions()}
        if ours_legal != their_legal:
            extra = ours_legal - their_legal
            if their_legal - ours_legal:
                problems.append(f"openspiel allows {sorted(their_legal - ours_legal)}, we do not")
            elif state.phase == "bid" and all(int(x.split()[1]) + state.bids[(seat + 2) % 4] > 13
                                              for x in extra):
                problems.append("bid_cap")
            elif (state.phase == "play" and not state.trick and state.broken
                  and all(x.endswith("S") for x in extra)):
                problems.append("spades_lead")
            else:
                problems.append(f"we also allow {sorted(extra)}")
        state.apply(seat, GAME.parse_action(_notation(a)))
        theirs.apply_action(a)
    return state, problems


def _notation(action: int) -> str:
    return BIDS[action - 52].notation() if action >= 52 else PLAYS[action].notation()


def compare(game: Any, hands: int, seed: int) -> dict[str, int]:
    """Replay ``hands`` random OpenSpiel hands; print the disagreements, return their counts
    (hands with each kind of difference; ``"score"`` for a different hand score)."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for i in range(hands):
        theirs = game.new_initial_state()
        while not theirs.is_terminal():
            legal = theirs.legal_actions()
            theirs.apply_action(legal[rng.randrange(len(legal))])
        state, problems = replay(game, theirs.history())
        entry = state.history[-1]
        ours = [entry["sides"][0]["points"], entry["sides"][1]["points"]]
        returns = theirs.returns()
        if ours != [returns[0], returns[1]]:
            problems.append("score")
            print(f"hand {i}: score ours {ours}, openspiel {returns[:2]} "
                  f"(bids {entry['bids']}, tricks {entry['tricks']})")
        for label in set(problems):
            if label not in ("bid_cap", "spades_lead", "score"):
                print(f"hand {i}: {label}")
            counts[label] = counts.get(label, 0) + 1
    print(f"replayed {hands} OpenSpiel hands through the openspiel edition: "
          f"{hands - counts.get('score', 0)} same hand scores, {counts.get('score', 0)} different")
    print(f"  hands where OpenSpiel forbids a bid we allow (partnership total over 13; the openspiel "
          f"edition has OpenSpiel's cap, SPR-18, so 0 expected): {counts.get('bid_cap', 0)}")
    print(f"  hands where OpenSpiel forbids a spade lead after spades were broken (OpenSpiel never "
          f"sets is_spades_broken_; SPR-7): {counts.get('spades_lead', 0)}")
    return counts


# ------------------------------------------------------------------ duel
def duel_match(args: tuple[int, int, int]) -> tuple[int, int, bool, list[float], list[int]]:
    """One match: seed, swap (search plays the seats ``s % 2 == swap``), samples. Returns
    seed, swap, whether the search side won, its CPU seconds per decision, final points."""
    from mahai.bots.base import Bot
    from mahai.bots.spades import HeuristicBot
    from mahai.bots.spades_search import SearchBot
    from mahai.core.game import Action, Game, Observation, Seat

    seed, swap, samples = args
    times: list[float] = []

    class Timed(Bot):
        def __init__(self, inner: Bot) -> None:
            super().__init__(inner.rng)
            self.inner = inner

        def act(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                legal: Any) -> Action:
            start = time.process_time()
            action = self.inner.act(game, seat, observation, legal)
            times.append(time.process_time() - start)
            return action

    bots: dict[int, Bot] = {
        s: Timed(SearchBot(random.Random(seed * 10 + s), samples)) if s % 2 == swap
        else HeuristicBot(random.Random(0)) for s in range(4)}
    from mahai.bots.play import play_out

    state = GAME.new(GAME.options(), 4, seed)
    play_out(GAME, state, bots)
    won = any(s % 2 == swap for s in state.winners())
    return seed, swap, won, times, list(state.points)


def duel(deals: int, samples: int, jobs: int, seed: int) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from mahai.sim import BotStats

    stats = BotStats()
    times: list[float] = []
    tasks = [(seed + d, swap, samples) for d in range(deals) for swap in (0, 1)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for match_seed, swap, won, t, points in pool.map(duel_match, tasks):
            stats.games += 1
            stats.wins += won
            times += t
            lo, hi = stats.interval()
            print(f"seed {match_seed} search on side {swap}: {'won ' if won else 'lost'} {points}  "
                  f"running {stats.wins}/{stats.games} ({lo:.3f}-{hi:.3f})", flush=True)
    lo, hi = stats.interval()
    searched = [x for x in times if x > 0.002]
    print(f"search ({samples} samples) vs heuristic, {deals} duplicate deals: won {stats.wins} of "
          f"{stats.games} matches = {stats.win_rate:.3f} (95% {lo:.3f}-{hi:.3f})")
    print(f"CPU s per decision: mean {sum(times) / max(1, len(times)):.4f} over {len(times)}, max "
          f"{max(times, default=0):.3f}; decisions that searched: {len(searched)}, mean "
          f"{sum(searched) / max(1, len(searched)):.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--compare", type=int, default=300, help="OpenSpiel hands to replay")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", action="store_true", help="profile our random hands")
    parser.add_argument("--duel", type=int, default=0, help="search vs heuristic: duplicate deals")
    parser.add_argument("--samples", type=int, default=8, help="search samples per decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for --duel")
    args = parser.parse_args()
    if args.duel:
        duel(args.duel, args.samples, args.jobs, args.seed)
        return
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - the bench extra is not installed
        print("open-spiel is not installed (pip install open-spiel): measuring ours only")
        rng = random.Random(1)
        for view in (False, True):
            r = rates({"mahai": partial(our_hand, rng, view)}, args.seconds)
            print(f"random hands/s (view={view}): mahai {r['mahai']:.1f}")
        return
    game = pyspiel.load_game("spades")
    speed(game, args.seconds)
    if args.compare:
        compare(game, args.compare, args.seed)
    if args.profile:
        rng = random.Random(3)
        prof = cProfile.Profile()
        def hands() -> None:
            for _ in range(300):
                our_hand(rng, True)

        prof.runcall(hands)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
