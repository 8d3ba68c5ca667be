"""MBR-10: a driver (bots here, the web server likewise) must not let the next
player close a coup-fourré window while an attacked person may still answer."""

from __future__ import annotations

import random

from mahai.bots import RandomBot
from mahai.bots.play import bot_step
from mahai.games.mille_bornes import GAME
from tests.mille_bornes_play.positions import make, put, set_hand, turn


def test_turn_bot_waits_for_the_attacked_person_then_plays() -> None:
    st = make(players=4, seed=3)                      # eu, two teams {0,2} {1,3}, play to the right
    put(st, 0, "roll")
    set_hand(st, 1, "stop", "25")
    turn(st, 1)
    st.apply(1, GAME.parse_action("hazard stop 0"))   # next is seat 0; seat 2 is pending
    assert st.pending == [2] and st.to_act() == (2, 0)
    assert st.must_wait(0) and not st.must_wait(2)
    bots = {0: RandomBot(random.Random(1)), 1: RandomBot(random.Random(2)),
            3: RandomBot(random.Random(3))}           # seat 2 is a person
    version = st.version
    assert bot_step(GAME, st, bots) is None           # the bot at seat 0 holds back
    assert st.version == version and st.to_act() == (2, 0)
    st.apply(2, GAME.parse_action("decline"))
    assert not st.must_wait(0)
    assert bot_step(GAME, st, bots) is not None       # now it may draw
    assert st.version == version + 2
