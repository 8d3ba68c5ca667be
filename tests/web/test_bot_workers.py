"""A bot that does not come back from a pickle never goes to the bot workers (mahai.server.thinking).
Before every bot pickled (tests/bots/test_pickle.py), DenboraZup's strong bot (a class local to a
function) did not pickle, and with the engine compiled by mypyc (what ``scripts/serve`` runs) the
Spades and Mille Bornes search bots pickled but did not unpickle ("__init__() missing required
argument 'rng'"). The first stopped its table at its first move (version 0 for ever); the second
killed the worker process and its table waited for the bot for ever (a Spades table with the
lobby's default bot, "strong", after the first trick)."""

from __future__ import annotations

import asyncio
import math
import pickle
import random
import time

import pytest

from mahai.games import available_games, get_game
from mahai.server.thinking import Thinker
from tests.web.server import Server
from tests.web.threads import in_thread

pytestmark = pytest.mark.web


@in_thread  # asyncio.run: not where a browser test's event loop runs
def test_a_bot_that_does_not_pickle_chooses_on_the_loop() -> None:
    """DZR-5: a bot that does not pickle (a class local to a function, as DenboraZup's strong bot
    was before it became :class:`mahai.bots.denborazup.StrongBot`), measured on the loop, is never
    sent to a worker."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    from mahai.bots.denborazup import StrongBot

    class LocalStrongBot(StrongBot):
        pass

    game = get_game("denborazup")
    bot = LocalStrongBot(random.Random(1))
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.loads(pickle.dumps(bot))
    state = game.new(game.options(), 2, 1)
    thinker = Thinker(workers=1)
    try:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action, same = asyncio.run(thinker.act(game, seat, bot, game.observe(state, seat), legal))
        assert same is bot and action in state.legal_actions(seat)
        assert thinker.transfer[("denborazup", bot.name)] == math.inf
        assert not thinker.slow("denborazup", bot)
    finally:
        thinker.close()


def test_a_table_of_strong_denborazup_bots_plays(server: Server) -> None:
    """The real server: two strong bots play DenboraZup past the first move."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    made = server.post("/api/tables", {"game": "denborazup", "options": {}, "lang": "eu",
                                       "seats": [{"kind": "bot", "bot": "strong"}] * 2})
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{made['id']}")["version"] < 4 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert server.get(f"/api/tables/{made['id']}")["version"] >= 4
