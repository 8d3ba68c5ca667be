"""Steps per second through the adapters against the raw engine (random play).

    python -m mahai.research.benchmark [--seconds 2] [--rounds 3]

For each game (one edition each), four drivers play random legal actions from fresh
games, in one process, alternating rounds: ``engine`` (``legal_actions`` + ``apply``),
``engine+view`` (the same, with the acting seat's view JSON built at every decision,
what the adapters pay for an observation), ``pettingzoo`` (``last()`` — observation and
mask — then ``step``) and ``openspiel`` (``legal_actions`` + ``apply_action``, chance
nodes included, no observation). A step is one decision (one index for the adapters).
Prints the best round of each, in steps per second.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from mahai.research import missing_extra

try:
    import numpy as np
except ModuleNotFoundError as error:  # the research extra is not installed
    raise missing_extra(error) from error

from mahai.games import get_game
from mahai.research.table import next_seat

CASES = [("spades", "standard", 4), ("mille_bornes", "eu", 3), ("denborazup", "multi", 4)]


def engine_steps(name: str, edition: str, players: int, seconds: float, view: bool) -> float:
    """Random play through the engine's public API; steps per second."""
    game = get_game(name)
    options = game.options(edition)
    rng = random.Random(1)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = game.new(options, players, seed)
        seed += 1
        while not state.is_over:
            seat = next_seat(state)
            assert seat is not None
            if view:
                game.view(state, seat)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def pettingzoo_steps(name: str, edition: str, players: int, seconds: float) -> float:
    """Random masked play through the PettingZoo environment; steps per second."""
    from mahai.research.pettingzoo_env import MahaiEnv

    env = MahaiEnv(name, edition=edition, players=players)
    rng = random.Random(1)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_steps(name: str, edition: str, players: int, seconds: float) -> float:
    """Random play of the registered OpenSpiel game; decisions per second."""
    import pyspiel

    import mahai.research.openspiel_games  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"python_mahai_{name}", {"edition": edition, "players": players})
    rng = random.Random(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(1024))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round of one driver")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (drivers alternate)")
    args = parser.parse_args(argv)
    for name, edition, players in CASES:
        case, seconds = (name, edition, players), args.seconds
        drivers: dict[str, Callable[[], float]] = {
            "engine": partial(engine_steps, *case, seconds, view=False),
            "engine+view": partial(engine_steps, *case, seconds, view=True),
            "pettingzoo": partial(pettingzoo_steps, *case, seconds),
            "openspiel": partial(openspiel_steps, *case, seconds),
        }
        best = dict.fromkeys(drivers, 0.0)
        for _ in range(args.rounds):
            for driver, run in drivers.items():
                best[driver] = max(best[driver], run())
        cells = "  ".join(f"{driver} {rate:>9,.0f}/s" for driver, rate in best.items())
        print(f"{name:<13} {edition:<9} {players}p  {cells}  "
              f"(pettingzoo {best['pettingzoo'] / best['engine']:.2f}× engine)")


if __name__ == "__main__":
    main()
