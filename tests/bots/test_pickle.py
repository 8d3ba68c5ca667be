"""Every bot of every game comes back from a pickle and then plays exactly as before.

The server's bot workers (:mod:`mahai.server.thinking`) pickle a bot with its generator, choose in
another process and send the bot back. With the engine compiled by mypyc (``scripts/serve``), the
Spades and Mille Bornes search bots (expert, strong) pickled but did not unpickle
("``__init__() missing required argument 'rng'``": a compiled class is rebuilt through its
``__init__``), and DenboraZup's strong bot, a class local to a function, did not pickle at all.
This runs on both builds (``scripts/test`` runs ``tests/bots`` on the compiled engine too), with
the real CPU clock: every level's budget is deterministic (session 9: the Mille Bornes expert's
extra worlds stop at a measure of work, not at 0.6 CPU seconds as in session 8, when a bot and its
copy could stop at different worlds on a loaded machine).
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from mahai.bots import Bot, bot_names, make_bot
from mahai.games import available_games, get_game

DECISIONS = 3
"""Decisions of each bot compared with those of its pickled copy (at different points of a game)."""


def _stats(bot: Bot) -> list[tuple[Any, ...]]:
    """A search bot's statistics of its last decision (empty for the other bots)."""
    return [(s.action, s.n, s.total, dict(s.values), dict(s.fresh)) for s in getattr(bot, "last", [])]


def _round_trip(bot: Bot, protocol: int) -> Bot:
    copy = pickle.loads(pickle.dumps(bot, protocol=protocol))  # noqa: S301 - our own bytes
    assert type(copy) is type(bot) and copy is not bot
    assert copy.name == bot.name
    assert copy.rng is not bot.rng and copy.rng.getstate() == bot.rng.getstate()
    assert getattr(copy, "clock", None) is getattr(bot, "clock", None)
    return copy


CASES = [(game, name) for game in sorted(available_games()) for name in bot_names(game)]


@pytest.mark.parametrize(("game_name", "name"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_bot_comes_back_from_a_pickle_and_chooses_the_same(game_name: str, name: str) -> None:
    """MBR-8, SPR-6, DZR-5 (each game's turn order): at a few points of a seeded game (the
    bidding, then play), a pickled copy of the bot (made then, with its generator in the same
    state) chooses the same action as the bot, leaves its generator in the same state and keeps
    the same search statistics; then the copy of the copy (what the worker sends back) too."""
    game = get_game(game_name)
    options = game.options()
    players = min(game.players(options))
    bot = make_bot(game_name, name, random.Random(11))  # it plays seat 0, the others at random
    moves = random.Random(3)
    compared = 0
    for seed in range(20):  # a new game if one ends first (Nim's are short)
        state = game.new(options, players, seed)
        while not state.is_over and compared < DECISIONS:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat != 0:
                state.apply(seat, legal[moves.randrange(len(legal))])
                continue
            observation = game.observe(state, seat)
            if len(legal) == 1 or moves.random() < 0.6:
                # (the expert's own moves between the compared ones at random: in pure Python
                # each of its decisions takes seconds, and this test took 40 s of CI)
                costly = name == "expert" and game_name == "mille_bornes"
                state.apply(seat, legal[moves.randrange(len(legal))] if costly
                            else bot.act(game, seat, observation, legal))
                continue
            # protocol 2 (the oldest a bot must survive) at the first compared decision only
            protocols = (2, pickle.HIGHEST_PROTOCOL) if compared == 0 else (pickle.HIGHEST_PROTOCOL,)
            copies = [_round_trip(bot, protocol) for protocol in protocols]
            action = bot.act(game, seat, observation, legal)
            for copy in copies:
                assert copy.act(game, seat, observation, legal) == action, (game_name, name, compared)
                assert copy.rng.getstate() == bot.rng.getstate()
                assert _stats(copy) == _stats(bot)
                back = _round_trip(copy, pickle.HIGHEST_PROTOCOL)  # the worker's answer
                assert _stats(back) == _stats(bot)
            compared += 1
            state.apply(seat, action)
    assert compared == DECISIONS, (game_name, name)
