"""MBR-10, MBC-10: a driver (bots here, the web server likewise) must not let the next player close
a coup-fourré window while an attacked person may still answer, whatever robot acts for the next
player: its chosen robot or a stand-in (the web table's turn timer) — ``bot_step`` holds any of
them back because the engine says the seat ``must_wait``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.bots import RandomBot, bot_names, make_bot
from mahai.bots.base import Bot
from mahai.bots.play import bot_step
from mahai.games.mille_bornes import EDITIONS, GAME, MilleBornesState
from tests.mille_bornes.helpers import make as make_edition
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


def _stop_on_team_0(edition: str, **options: Any) -> MilleBornesState:
    """MBC-10's position: seat 1 has just stopped team {0,2}; the next player is the one the
    edition's direction gives (right: 0, left: 2), the other member is pending."""
    st = make_edition(edition, 4, seed=5, **options)
    put(st, 0, "roll")
    set_hand(st, 1, "stop", "25", "50")
    turn(st, 1)
    st.apply(1, GAME.parse_action("hazard stop 0"))
    return st


TEAM_EDITIONS = [e for e, options in EDITIONS.items() if 4 in GAME.players(options)]


@pytest.mark.parametrize("edition", TEAM_EDITIONS)
@pytest.mark.parametrize("fast", [False, True])
@pytest.mark.parametrize("name", bot_names("mille_bornes"))
def test_mbc10_any_robot_for_the_next_player_is_held_back(edition: str, fast: bool, name: str) -> None:
    """Every robot kind (the chosen one or the timer's stand-in) at the next player's seat waits
    while the attacked person may answer; a stand-in for the person may answer for it."""
    st = _stop_on_team_0(edition, fast_game=fast)
    (person,), nxt = st.pending, st.turn
    assert st.to_act() == (person, nxt) and st.must_wait(nxt) and not st.must_wait(person)
    stand_in = make_bot("mille_bornes", name, random.Random(7))
    bots: dict[int, Bot] = {nxt: stand_in, 1: RandomBot(random.Random(1)), 3: RandomBot(random.Random(3))}
    version = st.version
    assert bot_step(GAME, st, bots) is None
    assert st.version == version and st.pending == [person]
    # the person's own stand-in (the timer running out on the person) answers first
    answered = bot_step(GAME, st, {**bots, person: make_bot("mille_bornes", name, random.Random(8))})
    assert answered is not None and answered[0][0] == person
    assert not st.pending and not st.must_wait(st.turn)


def test_mbc10_two_players_never_wait() -> None:
    """With two players (bsd, MBR-28) the attacked player is the next player: nobody is pending,
    so the next player never waits and answers the hazard itself."""
    assert "bsd" not in TEAM_EDITIONS and {"eu", "classic", "2016"} <= set(TEAM_EDITIONS)
    st = make_edition("bsd", 2, seed=5)
    put(st, 0, "roll")
    set_hand(st, 1, "stop", "25", "50")
    turn(st, 1)
    st.apply(1, GAME.parse_action("hazard stop 0"))
    assert st.to_act() == (0,) and not st.pending and not st.must_wait(0)


def _check(st: MilleBornesState, persons: set[int], bots: dict[int, Bot]) -> bool:
    """The invariants at one state; returns whether a coup-fourré window waits on someone."""
    to_act = st.to_act()
    waiting = [s for s in to_act if st.must_wait(s)]
    assert not to_act or len(waiting) < len(to_act), "everyone waits"
    assert waiting == ([st.turn] if st.pending else [])
    version = st.version
    stepped = bot_step(GAME, st, bots)
    if stepped is None:
        assert all(s in persons or st.must_wait(s) for s in to_act) and st.version == version
    else:
        assert stepped[0][0] not in waiting
    return bool(waiting)


@pytest.mark.parametrize(("edition", "players", "options"), [
    ("eu", 4, {"game_target": 1500}), ("classic", 6, {"game_target": 1500}),
    ("2016", 5, {}), ("eu", 4, {"fast_game": True, "game_target": 1500})])
def test_mbc10_random_games_never_let_a_waiting_robot_act(edition: str, players: int,
                                                          options: dict[str, Any]) -> None:
    """Random team games with two persons (played at random here, each at a random moment): a
    seat that must wait is never moved by bot_step, and some seat can always act."""
    rng = random.Random(players)
    st = make_edition(edition, players, seed=players, **options)
    persons = set(rng.sample(range(players), 2))
    bots: dict[int, Bot] = {s: RandomBot(random.Random(10 + s)) for s in range(players) if s not in persons}
    person = RandomBot(random.Random(99))
    waits = 0
    for _ in range(20000):
        if st.is_over:
            break
        waits += _check(st, persons, bots)
        if st.is_over:
            break
        seat = next((s for s in st.to_act() if s in persons and not st.must_wait(s)), None)
        if seat is not None and (rng.random() < 0.5 or bot_step(GAME, st, bots) is None):
            st.apply(seat, person.act(GAME, seat, GAME.observe(st, seat), st.legal_actions(seat)))
    assert st.is_over and waits > 0
