"""Spades: how often a nil or a blind nil is made against the heuristic's defence (SPR-5, SPR-6).

Run ``python -m benchmarks.spades_nil [--mode blind|nil] [--nil-side medium|expert]
[--defence new|old] [--deals N] [--seed S] [--show K]``.

Each deal is the first hand of the match seeded ``seed + k`` (standard edition, 0–0):

- ``--mode blind``: the first seat to bid bids blind nil (SPR-6), every other bid is the heuristic's
  (:func:`mahai.bots.spades.choose_bid`), then the three-card exchange (the heuristic's
  :func:`~mahai.bots.spades.choose_pass`, as every level plays it);
- ``--mode nil``: every bid is the heuristic's and the deal counts when some seat bids nil (the
  first such seat is followed; SPR-5).

The cards are then played by ``--nil-side`` for the nil bidder and its partner (``medium``: the
heuristic, ``expert``: the expert's card play, PIMC with 8 worlds a card, :mod:`mahai.bots.spades_search`)
and by ``--defence`` for the two opponents (``new``: :mod:`mahai.bots.spades` today, ``old``: the
heuristic before session 20, :mod:`benchmarks.spades_s19`). ``--rollouts old`` makes the expert's
rollouts play the old heuristic too (the expert of session 19).

Prints the share of nils made with its Wilson 95% interval, and the defence's chances missed, read
against the true hands (each counted once per nil at most, so they are shares of the nils):
``void lead`` — a defender led a suit the nil bidder was out of while holding a suit it was not;
``overtake`` — the nil bidder was winning the trick and a defender beat it with a card it did not
have to play. ``--defence oracle`` is the new defence whose leads see the nil bidder's hand (a
ceiling for any rule about which suit to lead: never one it is out of). ``--show K`` prints the
first K nils made, trick by trick, with every hand.

Session 20 (issue 15), 20,000 deals from seed 200000, the heuristic on both sides (its nils are
1,464 of those hands), made rate (95%) and the nil side's hand points minus the other side's:

==========================  ========================  ===========================
defence / nil side's cover  nil (heuristic's bids)    blind nil (first bidder)
==========================  ========================  ===========================
old / old                   71.2% (68.8–73.4), +58.2  77.9% (77.3–78.5), +134.6
old / new                   72.3% (70.0–74.6), +62.5  78.1% (77.5–78.7), +136.1
new / new                   70.3% (67.9–72.6), +60.7  77.8% (77.2–78.4), +136.2
oracle leads / new          69.0% (66.6–71.3), +57.1  76.6% (76.0–77.2), +131.8
==========================  ========================  ===========================

Even leads that see the nil bidder's hand set only about one blind nil in a hundred more: the
three-card exchange makes the blind nil (SPR-6), not the defence (session 19: setters at random
let it through 89.8%). Shedding every loser with two higher cards unseen (instead of three) set
more nils (68.5%) but cost the defenders as many points in their own contracts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from mahai.bots.base import Bot
from mahai.bots.spades import HeuristicBot, heuristic_action
from mahai.games.spades import (
    BLIND_NIL,
    GAME,
    PLAYS,
    SUIT_MASKS,
    SUIT_OF,
    Bid,
    Play,
    SpadesAction,
    SpadesState,
)
from mahai.games.spades.cards import card_text, texts
from mahai.sim import BotStats


def _factories(nil_side: str, defence: str) -> tuple[Callable[[int], Bot], Callable[[int], Bot]]:
    from benchmarks.spades_s19 import OldHeuristicBot

    def new(seed: int) -> Bot:
        return HeuristicBot(random.Random(seed))

    def old(seed: int) -> Bot:
        return OldHeuristicBot(random.Random(seed))

    def expert(seed: int) -> Bot:
        from mahai.bots.spades_search import SearchBot

        return SearchBot(random.Random(seed), samples=8)

    sides = {"medium": new, "expert": expert, "old": old}
    return sides[nil_side], {"new": new, "old": old, "oracle": new}[defence]


def oracle_lead(state: SpadesState, nil_seat: int, legal: list[int]) -> int | None:
    """A defender's lead that sees the nil bidder's hand (a ceiling, not a bot): the lowest card
    of a suit where the nil bidder holds nothing lower (it must win unless its partner covers),
    else the lowest card of a suit it holds; None when it holds none of the suits it may lead."""
    nil_hand = state.hands[nil_seat]
    rank = [c % 13 for c in range(52)]
    best: tuple[int, int, int] | None = None
    for c in legal:
        held = nil_hand & SUIT_MASKS[SUIT_OF[c]]
        if not held:
            continue
        lower = sum(1 for d in range(52) if held >> d & 1 and rank[d] < rank[c])
        key = (0 if lower == 0 else 1, rank[c], c)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


def play_hand(seed: int, mode: str, nil_bot: Callable[[int], Bot], def_bot: Callable[[int], Bot],
              show: bool = False, oracle: bool = False) -> dict[str, object] | None:
    """Play the first hand of match ``seed``; None when no nil is bid (``mode`` nil)."""
    state: SpadesState = GAME.new(GAME.options(), 4, seed)
    nil_seat = -1
    # Bidding and exchange: the heuristic for every seat (the first bidder forced to blind nil).
    while state.phase != "play":
        seat = state.turn
        obs = GAME.observe(state, seat)
        legal = state.legal_actions(seat)
        action: SpadesAction
        if mode == "blind" and nil_seat < 0:
            nil_seat = seat
            action = BLIND_NIL
        else:
            action = heuristic_action(obs, legal)  # type: ignore[assignment]  # one of legal
        state.apply(seat, action)
        if nil_seat < 0 and isinstance(action, Bid) and action.tricks == 0:
            nil_seat = seat
    if nil_seat < 0:
        return None
    side = nil_seat % 2
    bots = {s: (nil_bot if s % 2 == side else def_bot)(seed * 10 + s) for s in range(4)}
    dealt = list(state.hands)
    hand_no = state.hand_no
    missed = {"void lead": False, "overtake": False}
    lines: list[str] = []
    trick: list[tuple[int, int]] = []
    while state.hand_no == hand_no:
        seat = state.turn
        legal = state.legal_actions(seat)
        obs = GAME.observe(state, seat)
        action = bots[seat].act(GAME, seat, obs, legal)  # type: ignore[assignment]  # one of legal
        if oracle and seat % 2 != side and not state.trick and state.tricks_won[nil_seat] == 0:
            card = oracle_lead(state, nil_seat, [a.card for a in legal if isinstance(a, Play)])
            if card is not None:
                action = PLAYS[card]
        assert isinstance(action, Play)
        card = action.card
        alive = state.tricks_won[nil_seat] == 0
        if alive and seat % 2 != side:
            nil_hand = state.hands[nil_seat]
            cards = [a.card for a in legal if isinstance(a, Play)]
            if not state.trick:
                held = [c for c in cards if nil_hand & SUIT_MASKS[SUIT_OF[c]]]
                if held and not nil_hand & SUIT_MASKS[SUIT_OF[card]]:
                    missed["void lead"] = True
            elif any(s == nil_seat for s, _ in state.trick):
                from mahai.bots.spades import beats, trick_winner

                win, best = trick_winner(state.trick)
                if win == nil_seat and beats(card, best) and any(not beats(c, best) for c in cards):
                    missed["overtake"] = True
        trick.append((seat, card))
        state.apply(seat, action)
        if len(trick) == 4:
            if show:
                lines.append(" ".join(f"{'NESW'[s]}:{card_text(c)}" for s, c in trick)
                             + f"   tricks {list(state.tricks_won) if state.hand_no == hand_no else ''}")
            trick = []
    entry = state.history[-1]
    made = entry["tricks"][nil_seat] == 0
    if show and made:
        print(f"--- seed {seed}: {'NESW'[nil_seat]} nil ({mode}), bids {entry['bids']}, "
              f"tricks {entry['tricks']}")
        for s in range(4):
            print(f"  {'NESW'[s]}{'*' if s == nil_seat else ' '} {' '.join(texts(dealt[s]))}")
        for line in lines:
            print("   ", line)
    sides = entry["sides"]
    return {"made": made, "missed": missed, "diff": sides[side]["points"] - sides[1 - side]["points"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mode", choices=("blind", "nil"), default="blind")
    parser.add_argument("--nil-side", choices=("medium", "expert", "old"), default="medium")
    parser.add_argument("--defence", choices=("new", "old", "oracle"), default="new")
    parser.add_argument("--rollouts", choices=("new", "old"), default="new")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=200000)
    parser.add_argument("--show", type=int, default=0)
    args = parser.parse_args()
    if args.rollouts == "old":  # the expert of session 19: rollouts by the old heuristic
        import benchmarks.spades_s19 as s19
        import mahai.bots.spades_search as search

        search.choose_card = s19.choose_card  # type: ignore[attr-defined]
    nil_bot, def_bot = _factories(args.nil_side, args.defence)
    stats = BotStats()
    missed = {"void lead": 0, "overtake": 0}
    diff = 0.0
    shown = 0
    start = time.process_time()
    for k in range(args.deals):
        out = play_hand(args.seed + k, args.mode, nil_bot, def_bot, show=shown < args.show,
                        oracle=args.defence == "oracle")
        if out is None:
            continue
        stats.games += 1
        stats.wins += bool(out["made"])
        shown += bool(out["made"])
        diff += float(out["diff"])  # type: ignore[arg-type]
        for key, hit in out["missed"].items():  # type: ignore[attr-defined]
            missed[key] += hit
    lo, hi = stats.interval()
    n = max(1, stats.games)
    print(f"{args.mode} nil, nil side {args.nil_side}, defence {args.defence} (rollouts {args.rollouts}), "
          f"{args.deals} deals from seed {args.seed}: {stats.games} nils, made {stats.wins} = "
          f"{stats.win_rate:.1%} (95% {lo:.1%}–{hi:.1%}); nil side's hand points minus the other "
          f"side's {diff / n:+.1f} a hand; missed: "
          + ", ".join(f"{key} {v / n:.1%}" for key, v in missed.items())
          + f"; {time.process_time() - start:.0f} CPU s")


if __name__ == "__main__":
    main()
