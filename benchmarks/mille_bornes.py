"""Mille Bornes engine speed, as ratios to a reference loop measured in the same process.

Run ``python -m benchmarks.mille_bornes`` (``--seconds S`` per measurement, default 2).

Reference: a pure-Python shuffle-and-sum of 106 ints (``rng.shuffle(deck); sum(deck)``), in
iterations per CPU second. Measured, each also as ``rate / reference``:

1. random-bot legs per second per edition (eu 4 players, classic 3, 2016 4): uniform random
   legal actions through the public API (``to_act``/``legal_actions``/``apply``), the first seat
   of ``to_act`` acting as the bot driver does;
2. views per second: ``GAME.view(state, seat)`` (observation + JSON-ready dict) on mid-game states;
3. clones per second (``state.clone()``, the search bots' hot path) and ``legal_actions`` calls.

The heuristic-bot games/s figure belongs to the bot engineer (``mahai/bots/mille_bornes.py``).

``python -m benchmarks.mille_bornes --builds [--ref DIR]`` measures the two Mille Bornes goals of
issue 16 alone, as :mod:`benchmarks.builds` does (same games, same reference loop, each build in
its own subprocess of ``.venv-compiled/bin/python``, alternating rounds, best round kept): the
pure-Python source tree, the installed compiled build and, with ``--ref``, the pure sources of
another commit (e.g. ``git archive f1c1bd3 mahai benchmarks | tar -x -C DIR``).
Times are CPU seconds of this process (``time.process_time``); the ratios are what matter.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from mahai.games.mille_bornes import GAME, MilleBornesState


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Units (returned by ``fn``) per CPU second, run for at least ``seconds``."""
    fn()
    units = 0
    start = time.process_time()
    while True:
        units += fn()
        spent = time.process_time() - start
        if spent >= seconds:
            return units / spent


def reference(rng: random.Random) -> Callable[[], int]:
    deck = list(range(106))

    def run() -> int:
        for _ in range(100):
            rng.shuffle(deck)
            sum(deck)
        return 100
    return run


def random_game(edition: str, players: int, rng: random.Random) -> Callable[[], int]:
    options = GAME.options(edition)

    def run() -> int:
        state = GAME.new(options, players, rng.getrandbits(32))
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        return state.legs_played
    return run


def sample_states(rng: random.Random, count: int) -> list[MilleBornesState]:
    states: list[MilleBornesState] = []
    while len(states) < count:
        state = GAME.new(GAME.options("eu"), 4, rng.getrandbits(32))
        for _ in range(rng.randrange(20, 400)):
            if state.is_over:
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if not state.is_over:
            states.append(state)
    return states


def goals(seconds: float) -> dict[str, float]:
    """This process's build: random legs (eu, 4 players; 3 games of a fixed seed) and a heuristic
    game (eu, 2 players, a fixed seed) per CPU second, and each as a ratio to the reference loop,
    measured in alternating batches as :func:`benchmarks.builds.measure` does."""
    import mahai
    from benchmarks.spades import rates

    Make = Callable[[random.Random], Callable[[], int]]

    def fixed(make: Make, seed: int) -> tuple[Callable[[], None], int]:
        units = make(random.Random(seed))()
        return (lambda: None if make(random.Random(seed))() else None), units

    def three(g: random.Random) -> Callable[[], int]:
        run = random_game("eu", 4, g)
        return lambda: run() + run() + run()

    legs, leg_count = fixed(three, 5)
    heuristic, _ = fixed(lambda g: heuristic_games(g, [0, 0]), 6)
    ref = reference(random.Random(1))
    r = rates({"reference": lambda: None if ref() else None, "legs": legs, "heuristic": heuristic},
              seconds, batch=1)
    per_ref = r["reference"] * 100
    return {"compiled": float(mahai.engine_build() == "compiled"),
            "legs_per_s": r["legs"] * leg_count, "legs": r["legs"] * leg_count / per_ref,
            "heuristic_per_s": r["heuristic"], "heuristic": r["heuristic"] / per_ref}


def builds(seconds: float, rounds: int, ref: str | None) -> None:
    """Print the two goals for each build (see the module docstring) and the ratios between them."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    python = str(root / ".venv-compiled" / "bin" / "python")
    trees = {"pure": str(root), "compiled": str(root), **({"ref": str(Path(ref).resolve())} if ref else {})}
    # each build's own mahai (and benchmarks.spades), this file's measurement
    code = ("import sys, json, importlib.util; sys.path.insert(0, sys.argv[1]) if sys.argv[2] != 'compiled' "
            "else sys.path.append(sys.argv[1]); "
            "spec = importlib.util.spec_from_file_location('mb_goals', sys.argv[4]); "
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
            "print(json.dumps(m.goals(float(sys.argv[3]))))")
    best: dict[str, dict[str, float]] = {name: {} for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            done = subprocess.run([python, "-P", "-c", code, tree, name, str(seconds), __file__], check=True,
                                  capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""})
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            if figures["compiled"] != (name == "compiled"):
                sys.exit(f"the {name} run did not import the {name} engine: run scripts/setup --compiled")
            for key, value in figures.items():
                best[name][key] = max(value, best[name].get(key, value))
    for key, unit in (("legs", "legs"), ("heuristic", "games")):
        line = "   ".join(f"{name} {b[key]:.5f} ({b[key + '_per_s']:,.1f} {unit}/s)"
                           for name, b in best.items())
        print(f"{key}: {line}   compiled/pure {best['compiled'][key] / best['pure'][key]:.2f}" +
              (f"   compiled/ref {best['compiled'][key] / best['ref'][key]:.2f}" if ref else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--builds", action="store_true", help="the issue-16 goals, pure against compiled")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ref", help="a source tree of another commit, measured pure (with --builds)")
    args = parser.parse_args()
    if args.builds:
        builds(args.seconds, args.rounds, args.ref)
        raise SystemExit(0)
    rng = random.Random(1)
    ref = rate(reference(rng), args.seconds)
    print(f"reference shuffle+sum of 106 ints: {ref:,.0f} /s")
    for edition, players in (("eu", 4), ("classic", 3), ("2016", 4)):
        legs = rate(random_game(edition, players, rng), args.seconds)
        print(f"random-bot legs, {edition} {players}p: {legs:,.1f} /s   ratio {legs / ref:.5f}")
    states = sample_states(rng, 50)

    def views() -> int:
        for state in states:
            GAME.view(state, state.to_act()[0])
        return len(states)

    def clones() -> int:
        for state in states:
            state.clone()
        return len(states)

    def legal() -> int:
        for state in states:
            state.legal_actions(state.to_act()[0])
        return len(states)

    for name, fn in (("GAME.view", views), ("state.clone", clones), ("legal_actions", legal)):
        r = rate(fn, args.seconds)
        print(f"{name}: {r:,.0f} /s   ratio {r / ref:.3f}")


if __name__ == "__main__":
    main()


# --------------------------------------------------------------- heuristic bot (mahai/bots/mille_bornes.py)


def heuristic_games(rng: random.Random, counts: list[int]) -> Callable[[], int]:
    """Whole 2-player ``eu`` games to 5,000 points between two heuristic bots, driven as ``mahai
    simulate`` drives them (:func:`mahai.bots.play.play_out`: every decision from ``GAME.observe``).
    Returns 1 per game; adds 1 to ``counts[0]`` and the game's decisions to ``counts[1]``."""
    from mahai.bots import make_bot
    from mahai.bots.play import play_out

    options = GAME.options("eu")

    def run() -> int:
        seed = rng.getrandbits(32)
        state = GAME.new(options, 2, seed)
        bots = {s: make_bot(GAME.name, "heuristic", random.Random(seed + s)) for s in range(2)}
        play_out(GAME, state, bots)
        counts[0] += 1
        counts[1] += state.version
        return 1
    return run


def heuristic_main() -> None:
    """Heuristic-bot games and decisions per CPU second (2 players, eu), each as a ratio to the
    reference loop measured in the same process."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    args, _ = parser.parse_known_args()
    rng = random.Random(2)
    ref = rate(reference(rng), args.seconds)
    counts = [0, 0]
    games = rate(heuristic_games(rng, counts), args.seconds)
    per_decision = games * counts[1] / counts[0]
    print(f"heuristic-bot games, eu 2p: {games:,.2f} /s   ratio {games / ref:.5f}")
    print(f"heuristic-bot decisions, eu 2p: {per_decision:,.0f} /s   ratio {per_decision / ref:.3f}")


if __name__ == "__main__":
    heuristic_main()
