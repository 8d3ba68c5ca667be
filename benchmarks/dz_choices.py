"""DenboraZup: the expert bot's choices of when to pass, how to vote and how to use a star,
checked against a stronger model (issue #15).

Run ``python -m benchmarks.dz_choices [--games N] [--rollouts K] [--players P] [--bot expert]``.

The stronger model is a rollout oracle: at each of the bot's decisions between a pass and its
best placement (DZR-5), a vote (DZR-7) or a star (DZR-10), every alternative is played on from
the true state ``K`` times (the deck reshuffled, since its order is unknown to everyone, and the
coin drawn anew each time), every seat played by a copy of its bot, the same ``K`` random
streams for every alternative (common random numbers). The value of an alternative is the
deciding seat's share of wins (DZR-9). Agreement: the bot's choice is the alternative with the
highest value; a clear disagreement: the best alternative beats the bot's by more than two
standard errors of the paired difference.

Prints, per kind of decision, the decisions seen, the agreement, the clear disagreements, and
for the passes the win value of placing and of passing by the bot's believed chance of being
right (the calibration of its threshold).
"""

from __future__ import annotations

import argparse
import copy
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.stats import mean_se
from mahai.bots import make_bot
from mahai.bots.base import Bot
from mahai.bots.denborazup import DenboraZupBot
from mahai.bots.play import play_out
from mahai.games import get_game
from mahai.games.denborazup import DenboraZupAction, Pass, Place, StarGive, StarReplace, Vote
from mahai.games.denborazup.view import DenboraZupObservation


@dataclass
class Choice:
    """One decision: its kind (``pass``, ``vote``, ``star``), the bot's believed chance of its
    best placement (``pass`` only), the alternatives' values and the bot's choice."""

    kind: str
    chance: float
    values: dict[str, list[float]]
    chosen: str
    note: str = ""


def _copy_bots(game: Any, bots: dict[int, Bot], seed: str) -> dict[int, Bot]:
    out = {}
    for s, b in bots.items():
        c = copy.deepcopy(b, memo={id(game): game})
        c.rng = random.Random(f"{seed}:{s}")
        out[s] = c
    return out


def values(game: Any, state: Any, bots: dict[int, Bot], seat: int, actions: Sequence[Any],
           rollouts: int, seed: str) -> dict[str, list[float]]:
    """Per action (its notation): the deciding seat's win share in each of ``rollouts``
    play-outs from ``state`` after that action (common random numbers across the actions)."""
    out: dict[str, list[float]] = {}
    for action in actions:
        wins = []
        for r in range(rollouts):
            st = state.clone()
            st.rng = random.Random(f"{seed}:{r}")
            st.rng.shuffle(st.deck)
            st.apply(seat, action)
            play_out(game, st, _copy_bots(game, bots, f"{seed}:{r}"))
            w = st.winners()
            wins.append(1.0 / len(w) if seat in w else 0.0)
        out[action.notation()] = wins
    return out


def best_place(bot: DenboraZupBot, obs: Any, legal: Sequence[Any]) -> Place | None:
    """The placement the bot would make if it did not pass (its highest believed chance)."""
    opts = bot.options(obs, obs.coin or "up")
    allowed = {(a.card, a.slot): a for a in legal if isinstance(a, Place)}
    opts = [o for o in opts if (o[1], o[2]) in allowed]
    if not opts:
        return None
    _, card, slot = max(opts, key=lambda o: o[0])
    call = Place(card, slot, call=True)
    return call if call in legal else Place(card, slot)


def collect(games: int, rollouts: int, players: int, bot: str, seed: int,
            limits: dict[str, int], band: tuple[float, float] = (0.3, 0.9)) -> list[Choice]:
    """Play ``games`` games of ``bot`` at every seat; check the decisions (up to ``limits``
    per kind) of every seat against the rollout oracle (the passes only where the believed
    chance of the best placement is within ``band``)."""
    game = get_game("denborazup")
    options = game.options(game.default_edition(players))
    found: list[Choice] = []
    counts: dict[str, int] = defaultdict(int)
    for g in range(games):
        state = game.new(options, players, seed + g)
        bots: dict[int, Bot] = {s: make_bot("denborazup", bot, random.Random(f"{seed + g}:{s}"))
                                for s in range(players)}
        step = 0
        while not state.is_over and step < 100_000:
            step += 1
            seat = next((s for s in state.to_act() if not state.must_wait(s)), None)
            if seat is None:
                break
            legal = state.legal_actions(seat)
            obs = game.observe(state, seat)
            assert isinstance(obs, DenboraZupObservation)
            b = bots[seat]
            assert isinstance(b, DenboraZupBot)
            before = copy.deepcopy(bots, memo={id(game): game})
            me = before[seat]
            assert isinstance(me, DenboraZupBot)
            action = b.act(game, seat, obs, legal)
            kind: str | None = None
            alts: list[DenboraZupAction] = []
            chance = math.nan
            if state.phase == "decide" and any(isinstance(a, Pass) for a in legal):
                place = best_place(me, obs, legal)
                if place is not None:
                    chance = max(p for p, c, s in me.options(obs, obs.coin or "up")
                                 if (c, s) == (place.card, place.slot))
                    if band[0] <= chance <= band[1]:  # where the threshold matters
                        kind, alts = "pass", [Pass(), place]
            elif state.phase == "vote":
                kind, alts = "vote", [Vote(True), Vote(False)]
            elif state.phase == "star":
                kind, alts = "star", [a for a in legal if isinstance(a, StarReplace | StarGive) and
                                      getattr(a, "seat", None) != seat]
            if kind is not None and len(alts) > 1 and counts[kind] < limits[kind]:
                counts[kind] += 1
                placed = kind == "pass" and not isinstance(action, Pass)
                chosen = alts[1].notation() if placed else action.notation()
                vals = values(game, state, before, seat, alts, rollouts, f"{seed + g}:{step}")
                note = f"hands {list(obs.hand_counts)} seat {seat} fit {me.fit(obs):.2f}"
                found.append(Choice(kind, chance, vals, chosen, note))
            state.apply(seat, action)
        if all(counts[k] >= limits[k] for k in limits):
            break
    return found


def report(choices: list[Choice], verbose: bool = False) -> None:
    for kind in ("pass", "vote", "star"):
        cs = [c for c in choices if c.kind == kind]
        if not cs:
            continue
        agree = clear = 0
        for c in cs:
            means = {a: sum(v) / len(v) for a, v in c.values.items()}
            best = max(means, key=lambda a: means[a])
            if means[best] - means[c.chosen] < 1e-12:
                agree += 1
                continue
            d = [x - y for x, y in zip(c.values[best], c.values[c.chosen], strict=True)]
            m, se = mean_se(d)
            if m > 2 * se:
                clear += 1
        print(f"{kind}: {len(cs)} decisions, agreement {agree / len(cs):.0%}, clear disagreements {clear}")
    passes = [c for c in choices if c.kind == "pass"]
    if passes:
        print("believed chance | decisions | bot placed | value place - pass (mean win share)")
        for lo in (0.0, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8, 0.9):
            hi = {0.0: 0.4, 0.4: 0.5, 0.5: 0.55, 0.55: 0.6, 0.6: 0.65, 0.65: 0.7, 0.7: 0.8, 0.8: 0.9,
                  0.9: 1.01}[lo]
            b = [c for c in passes if lo <= c.chance < hi]
            if not b:
                continue
            diff = [sum(x - y for x, y in zip(c.values[n], c.values["pass"], strict=True))
                    / len(c.values["pass"]) for c in b for n in c.values if n != "pass"]
            placed = sum(c.chosen != "pass" for c in b)
            print(f"{lo:.2f}-{hi:.2f} | {len(b)} | {placed} | {sum(diff) / len(diff):+.3f}")
    for c in choices:
        if c.kind != "pass" and verbose:
            means = {a: round(sum(v) / len(v), 3) for a, v in c.values.items()}
            print(c.kind, "chose", c.chosen, means, c.note)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--rollouts", type=int, default=100)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bot", default="expert")
    p.add_argument("--seed", type=int, default=7000)
    p.add_argument("--passes", type=int, default=150)
    p.add_argument("--votes", type=int, default=60)
    p.add_argument("--stars", type=int, default=60)
    p.add_argument("--verbose", action="store_true")
    a = p.parse_args(argv)
    choices = collect(a.games, a.rollouts, a.players, a.bot, a.seed,
                      {"pass": a.passes, "vote": a.votes, "star": a.stars})
    report(choices, a.verbose)


if __name__ == "__main__":
    main()
