"""Driving a game with bots: one step, or a whole game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahai.bots.base import Bot
from mahai.core.game import Event, Game, Seat, State


def bot_step(
    game: Game[Any, Any], state: State[Any], bots: Mapping[Seat, Bot]
) -> list[tuple[Seat, Event]] | None:
    """Let the first bot seat in ``to_act()`` that need not wait
    (:meth:`State.must_wait`) decide and apply its action.

    Returns the events tagged with the acting seat, or None if no bot may act now
    (a person must act first, or the game is over).
    """
    for seat in state.to_act():
        bot = bots.get(seat)
        if bot is None or state.must_wait(seat):
            continue
        legal = state.legal_actions(seat)
        action = bot.act(game, seat, game.observe(state, seat), legal)
        return [(seat, e) for e in state.apply(seat, action)]
    return None


def play_capped(
    game: Game[Any, Any], state: State[Any], bots: Mapping[Seat, Bot], max_moves: int
) -> int:
    """Play until the game is over or ``max_moves`` moves were made (a game still going is left
    as it stands: ``mahai simulate`` and ``mahai arena`` count it unfinished); every seat must
    have a bot. Returns the moves made.

    Raises:
        ValueError: ``max_moves`` is below 1.
        RuntimeError: a seat without a bot must act.
    """
    if max_moves < 1:
        raise ValueError(f"max_moves must be 1 or more, not {max_moves}")
    moves = 0
    while not state.is_over and moves < max_moves:
        if bot_step(game, state, bots) is None:
            raise RuntimeError(f"no bot for seats {state.to_act()}")
        moves += 1
    return moves


def play_out(
    game: Game[Any, Any], state: State[Any], bots: Mapping[Seat, Bot], max_steps: int = 1_000_000
) -> State[Any]:
    """Play until the game is over; every seat must have a bot.

    Raises:
        RuntimeError: a seat without a bot must act, or ``max_steps`` passed.
    """
    for _ in range(max_steps):
        if state.is_over:
            return state
        if bot_step(game, state, bots) is None:
            raise RuntimeError(f"no bot for seats {state.to_act()}")
    raise RuntimeError("game did not end")
