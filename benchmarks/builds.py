"""The compiled engine against the pure-Python one (issue 16), each against a reference
measured in the same process.

Run ``python -m benchmarks.builds`` after ``scripts/setup --compiled`` and
``.venv-compiled/bin/pip install --only-binary=open-spiel open-spiel`` (``--seconds S`` per
measurement, ``--python P`` for another interpreter with a compiled Mahai installed).

The measurements run twice, in two subprocesses of the same interpreter
(``.venv-compiled/bin/python``): once with the source tree first on ``sys.path`` (the pure-Python
modules: the reference an editable install runs), once without it (the installed, compiled
modules). Each subprocess measures its contenders in alternating batches and keeps each one's
fastest batch (:func:`benchmarks.spades.rates`), and reports every figure as a ratio to a
reference run in the same process, so the two builds are compared through the same yardstick:

1. Spades random hands through the public API (``benchmarks.spades.our_hand``), plain and with
   the actor's view at every decision, against OpenSpiel's ``spades`` driven from Python
   (its random hands, plain and with ``observation_string``): ratio ours / OpenSpiel.
2. Mille Bornes random legs (``eu``, 4 players: three whole random games of fixed seeds, per
   leg) and a whole heuristic-bot game (``eu``, 2 players, a fixed seed,
   :func:`benchmarks.mille_bornes.heuristic_games`), against the reference loop of
   :mod:`benchmarks.mille_bornes` (a shuffle and a sum of 106 ints); the same games at every
   call, so the fastest call is not merely the shortest game.
3. Search-bot decisions at a fixed budget: Mille Bornes search (200 rollouts) and Spades
   search (8 samples) on the same positions (seat 0's decisions with a choice in heuristic
   games of fixed seeds), against the same reference loop.

The two subprocesses run in alternating rounds (``--rounds``, default 2) and each figure's best
round is kept. Printed: the figures of each build, and compiled / pure for each (the speed-up).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _search_positions(game_name: str, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` states where seat 0 has a choice, from heuristic games of fixed seeds."""
    from mahai.bots import make_bot
    from mahai.games import get_game

    game = get_game(game_name)
    out: list[tuple[Any, int]] = []
    pick = random.Random(seed)
    while len(out) < count:
        state = game.new(game.options(), 2 if game_name == "mille_bornes" else 4, seed)
        bots = {s: make_bot(game_name, "heuristic", random.Random(seed + s)) for s in range(state.players)}
        while not state.is_over and len(out) < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) > 1 and pick.random() < 0.2:
                out.append((state.clone(), seat))
            state.apply(seat, bots[seat].act(game, seat, game.observe(state, seat), legal))
        seed += 1
    return out


def _games(run: Callable[[], int], count: int) -> Callable[[], int]:
    """``run`` ``count`` times; the units (legs) summed."""
    return lambda: sum(run() for _ in range(count))


def _decisions(game_name: str, config: str, positions: list[tuple[Any, int]]) -> Callable[[], None]:
    from benchmarks.bots import factory
    from mahai.games import get_game

    game = get_game(game_name)
    make = factory(game_name, config)

    def run() -> None:
        bot = make(random.Random(7))
        for state, seat in positions:
            bot.act(game, seat, game.observe(state, seat), state.legal_actions(seat))
    return run


def measure(seconds: float) -> dict[str, float]:
    """Every figure of this process's build, as ratios (see the module docstring)."""
    import pyspiel

    import mahai
    from benchmarks import mille_bornes as mb
    from benchmarks import spades as sp

    rng = random.Random(1)
    out: dict[str, float] = {"compiled": float(mahai.engine_build() == "compiled")}
    game = pyspiel.load_game("spades")
    for view in (False, True):
        r = sp.rates({"mahai": partial(sp.our_hand, rng, view),
                      "openspiel": partial(sp.openspiel_hand, game, rng, view)}, seconds)
        label = "spades_view" if view else "spades"
        out[f"{label}_hands_per_s"] = r["mahai"]
        out[f"{label}_vs_openspiel"] = r["mahai"] / r["openspiel"]
    reference = mb.reference(rng)

    Make = Callable[[random.Random], Callable[[], int]]

    def fixed(make: Make, seed: int) -> tuple[Callable[[], None], int]:
        """The same work at every call (a fresh generator of the same seed), and its units."""
        units = make(random.Random(seed))()
        return (lambda: None if make(random.Random(seed))() else None), units

    # Mille Bornes: 3 random games (eu, 4 players; units: legs), 1 heuristic game (eu, 2 players).
    legs, leg_count = fixed(lambda g: _games(mb.random_game("eu", 4, g), 3), 5)
    heuristic, _ = fixed(lambda g: mb.heuristic_games(g, [0, 0]), 6)
    mb_positions = _search_positions("mille_bornes", 6, 11)
    sp_positions = _search_positions("spades", 6, 11)
    # each contender as a batch of one call: a reference batch is 100 shuffles
    r = sp.rates({"reference": lambda: None if reference() else None,
                  "mb_legs": legs,
                  "mb_heuristic": heuristic,
                  "mb_search": _decisions("mille_bornes", "mb-search:rollouts=200", mb_positions),
                  "sp_search": _decisions("spades", "sp-search:samples=8", sp_positions)},
                 seconds, batch=1)
    ref = r["reference"] * 100
    out["mb_legs_vs_reference"] = r["mb_legs"] * leg_count / ref
    out["mb_heuristic_games_vs_reference"] = r["mb_heuristic"] / ref
    out["mb_search_decisions_vs_reference"] = r["mb_search"] * len(mb_positions) / ref
    out["sp_search_decisions_vs_reference"] = r["sp_search"] * len(sp_positions) / ref
    return out


ROWS = [
    ("spades_vs_openspiel", "Spades random hands / OpenSpiel's", "≥ 1.5"),
    ("spades_view_vs_openspiel", "Spades random hands with a view / OpenSpiel's", "≥ 1"),
    ("mb_legs_vs_reference", "Mille Bornes random legs (eu 4p) / reference", "≥ 3× pure"),
    ("mb_heuristic_games_vs_reference", "Mille Bornes heuristic games (eu 2p) / reference", "≥ 3× pure"),
    ("mb_search_decisions_vs_reference", "Mille Bornes search decisions (200 rollouts) / reference",
     "≥ 2× pure"),
    ("sp_search_decisions_vs_reference", "Spades search decisions (8 samples) / reference", "≥ 2× pure"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per contender")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds of each build")
    parser.add_argument("--python", default=str(ROOT / ".venv-compiled" / "bin" / "python"))
    parser.add_argument("--child", choices=["pure", "compiled"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.seconds)))
        return
    results: dict[str, dict[str, float]] = {"pure": {}, "compiled": {}}
    # Alternating rounds (pure, compiled, pure, …), each figure's best round kept: the load
    # of a shared machine only ever slows a round down.
    for build in ("pure", "compiled") * args.rounds:
        # -P: no script folder on sys.path; the source tree first (pure) or last (compiled, so
        # only `benchmarks` comes from it and `mahai` from the installed package).
        code = ("import sys; sys.path.insert(0, sys.argv[1]) if sys.argv[2] == 'pure' else "
                "sys.path.append(sys.argv[1]); sys.argv[1:3] = ['--child', sys.argv[2]]; "
                "from benchmarks.builds import main; main()")
        done = subprocess.run([args.python, "-P", "-c", code, str(ROOT), build, "--seconds",
                               str(args.seconds)], check=True, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": ""})
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        for key, value in figures.items():
            results[build][key] = max(value, results[build].get(key, value))
        if results[build]["compiled"] != (build == "compiled"):
            sys.exit(f"the {build} run did not import the {build} engine: run scripts/setup --compiled")
    pure, compiled = results["pure"], results["compiled"]
    print(f"{'measure':60} {'goal':>10} {'pure':>9} {'compiled':>9} {'speed-up':>9}")
    for key, label, goal in ROWS:
        print(f"{label:60} {goal:>10} {pure[key]:9.3g} {compiled[key]:9.3g} {compiled[key] / pure[key]:9.2f}")
    print(f"Spades hands/s: pure {pure['spades_hands_per_s']:,.0f}, compiled "
          f"{compiled['spades_hands_per_s']:,.0f}; with views: pure {pure['spades_view_hands_per_s']:,.0f}, "
          f"compiled {compiled['spades_view_hands_per_s']:,.0f}")


if __name__ == "__main__":
    main()
