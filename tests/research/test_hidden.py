"""Hidden information through the adapters: a seat's vector observation (PettingZoo)
and observation tensor (OpenSpiel) are the same for twin states that differ only in
cards that seat cannot see, and differ for the seat that can see them (so the check
can fail). Twins are made by swapping hidden cards in the engine state (test only)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

import mahai.research.openspiel_games as mo  # noqa: E402
from mahai.core.game import State  # noqa: E402
from mahai.research.pettingzoo_env import env  # noqa: E402
from mahai.research.table import Table  # noqa: E402

Twin = Callable[[State[Any], int, random.Random], tuple[State[Any], int] | None]
"""(state, viewer, rng) → (twin, a seat that sees the difference), or None."""


def _spades_twin(state: Any, viewer: int, rng: random.Random) -> tuple[Any, int] | None:
    """Swap one card between two other seats' hands (4 players), or between the other
    seat's hand and an unseen stock card (2 players)."""
    others = [s for s in range(state.players) if s != viewer and state.hands[s] and state.looked[s]]
    if not others:
        return None
    a = rng.choice(others)
    twin = state.clone()
    card_a = rng.choice([c for c in range(52) if state.hands[a] >> c & 1])
    if state.players == 4:
        b = rng.choice([s for s in range(4) if s not in (viewer, a) and state.hands[s]] or [None])
        if b is None:
            return None
        card_b = rng.choice([c for c in range(52) if state.hands[b] >> c & 1])
        twin.hands = list(state.hands)
        twin.hands[a] ^= 1 << card_a | 1 << card_b
        twin.hands[b] ^= 1 << card_a | 1 << card_b
        return twin, a
    unseen = list(range(state.stock_pos + 2, 52))
    if not unseen:
        return None
    k = rng.choice(unseen)
    card_b = state.stock[k]
    twin.stock = list(state.stock)
    twin.stock[k] = card_a
    twin.hands = list(state.hands)
    twin.hands[a] ^= 1 << card_a | 1 << card_b
    return twin, a


def _pile_twin(hands: str, pile: str) -> Twin:
    """Swap one card of another seat's hand with a different card of the hidden pile."""
    def make(state: Any, viewer: int, rng: random.Random) -> tuple[Any, int] | None:
        others = [s for s in range(state.players) if s != viewer and getattr(state, hands)[s]]
        stack = getattr(state, pile)
        if not others or not stack:
            return None
        a = rng.choice(others)
        hand = getattr(state, hands)[a]
        i = rng.randrange(len(hand))
        options = [k for k, card in enumerate(stack) if card != hand[i]]
        if not options:
            return None
        k = rng.choice(options)
        twin = state.clone()
        new_hand, new_stack = list(hand), list(stack)
        new_hand[i], new_stack[k] = stack[k], hand[i]
        setattr(twin, hands, [new_hand if s == a else list(h) for s, h in enumerate(getattr(state, hands))])
        setattr(twin, pile, new_stack)
        return twin, a
    return make


CASES: list[tuple[str, dict[str, Any], Twin]] = [
    ("spades", {"edition": "standard", "players": 4}, _spades_twin),
    ("spades", {"edition": "two_player", "players": 2}, _spades_twin),
    ("mille_bornes", {"edition": "eu", "players": 4}, _pile_twin("hands", "draw_pile")),
    ("mille_bornes", {"edition": "2016", "players": 3, "options": {"fast_game": True}},
     _pile_twin("hands", "draw_pile")),
    ("denborazup", {"edition": "multi", "players": 4}, _pile_twin("hands", "deck")),
    ("denborazup", {"edition": "long", "players": 3}, _pile_twin("hands", "deck")),
]


IDS = [f"{name}-{kwargs['edition']}" for name, kwargs, _ in CASES]


def _observe(e: Any, state: Any, agent: str) -> tuple[np.ndarray, np.ndarray]:
    raw = e.unwrapped
    saved = raw.table.state
    raw.table.state = state
    try:
        obs = raw.observe(agent)
    finally:
        raw.table.state = saved
    return obs["observation"], obs["action_mask"]


@pytest.mark.parametrize(("name", "kwargs", "twin_of"), CASES, ids=IDS)
def test_pettingzoo_observation_ignores_what_the_seat_cannot_see(name: str, kwargs: dict[str, Any],
                                                                  twin_of: Twin) -> None:
    e = env(name, **kwargs)
    e.reset(seed=9)
    raw = e.unwrapped
    rng = random.Random(9)
    checked = 0
    for step in range(400):
        state = raw.table.state
        if state.is_over:
            break
        if step % 7 == 0:
            for viewer, agent in enumerate(raw.possible_agents):
                made = twin_of(state, viewer, rng)
                if made is None:
                    continue
                twin, seer = made
                game = raw.game
                assert game.view(twin, viewer) == game.view(state, viewer)  # the engine's own promise
                obs, mask = _observe(e, state, agent)
                twin_obs, twin_mask = _observe(e, twin, agent)
                assert np.array_equal(obs, twin_obs) and np.array_equal(mask, twin_mask)
                seer_agent = raw.possible_agents[seer]
                assert not np.array_equal(_observe(e, state, seer_agent)[0], _observe(e, twin, seer_agent)[0])
                checked += 1
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked >= 10


def test_spades_blind_nil_hand_is_hidden_from_its_own_seat() -> None:
    """SPR-6: before it looks, a seat's observation is the same whatever its cards."""
    e = env("spades", edition="standard", players=4)
    e.reset(seed=3)
    raw = e.unwrapped
    state = raw.table.state
    seat = raw.table.seat
    assert not state.looked[seat]
    other = (seat + 1) % 4
    mine = next(c for c in range(52) if state.hands[seat] >> c & 1)
    theirs = next(c for c in range(52) if state.hands[other] >> c & 1)
    twin = state.clone()
    twin.hands = list(state.hands)
    twin.hands[seat] ^= 1 << mine | 1 << theirs
    twin.hands[other] ^= 1 << mine | 1 << theirs
    agent = raw.possible_agents[seat]
    assert all(np.array_equal(x, y) for x, y in zip(_observe(e, state, agent), _observe(e, twin, agent),
                                                     strict=True))


def test_spades_exchange_picks_are_seen_by_the_picker_only() -> None:
    from mahai.research.spades import BLIND_NIL, LOOK

    e = env("spades", edition="standard", players=4)
    e.reset(seed=11)
    raw = e.unwrapped
    rng = random.Random(1)
    while raw.table.state.phase != "exchange":
        legal = list(np.flatnonzero(e.last()[0]["action_mask"]))
        if BLIND_NIL in legal:
            e.step(BLIND_NIL if not any(raw.table.state.blind) else LOOK)
        else:
            e.step(int(rng.choice(legal)))
    picker = e.agent_selection
    before = {a: e.observe(a)["observation"] for a in raw.possible_agents}
    index = int(np.flatnonzero(e.observe(picker)["action_mask"])[0])
    e.step(index)
    assert e.agent_selection == picker
    for agent in raw.possible_agents:
        after = e.observe(agent)["observation"]
        assert np.array_equal(after, before[agent]) == (agent != picker)
    assert e.observe(picker)["observation"][raw.encoding.feature_size + index] > 0


def test_denborazup_decisions_stay_hidden_until_all_have_decided() -> None:
    """DZR-5: seats decide one after another; a later seat observes the same whatever
    an earlier one chose (only *that* it decided)."""
    from mahai.research.denborazup import PASS, PLACE

    observations = []
    for placing in (False, True):
        e = env("denborazup", edition="multi", players=3)
        e.reset(seed=21)
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))  # the flip
        first = e.agent_selection
        legal = [int(i) for i in np.flatnonzero(e.last()[0]["action_mask"])]
        assert PASS in legal
        e.step(next(i for i in legal if i >= PLACE) if placing else PASS)
        second = e.agent_selection
        assert second != first
        observations.append({a: e.observe(a) for a in e.unwrapped.possible_agents if a != first})
    for agent, seen in observations[0].items():
        assert np.array_equal(seen["observation"], observations[1][agent]["observation"])
        assert np.array_equal(seen["action_mask"], observations[1][agent]["action_mask"])


@pytest.mark.parametrize(("edition", "players"), [("multi", 3), ("long", 3), ("solo", 1)])
def test_denborazup_mask_does_not_tell_which_cards_a_seat_holds(edition: str, players: int) -> None:
    """DZR-4, DZR-5, DZR-13: a held card shows its title, never its id or date. Twin states
    whose only difference is one card of the seat's own hand (swapped with an unseen card of
    the deck) give the seat the same action mask, and the same observation except the hand
    part, which shows the titles (what the projection shows). An action space indexed by
    deck id fails this: its mask names the ids the seat holds."""
    from mahai.research.denborazup import features_of

    e = env("denborazup", edition=edition, players=players)
    e.reset(seed=17)
    raw = e.unwrapped
    offset = 0
    for part, size in features_of(len(raw.game.deck)):
        if part == "hand":
            hand = slice(offset, offset + size)
            break
        offset += size
    rng = random.Random(17)
    checked = 0
    for _ in range(600):
        state = raw.table.state
        seat = raw.table.seat
        if state.is_over or checked >= 40:
            break
        if state.hands[seat] and state.deck:
            k = rng.randrange(len(state.hands[seat]))
            d = rng.randrange(len(state.deck))
            twin = state.clone()
            twin.hands = [list(h) for h in state.hands]
            twin.deck = list(state.deck)
            twin.hands[seat][k], twin.deck[d] = state.deck[d], state.hands[seat][k]
            view, twin_view = raw.game.view(state, seat), raw.game.view(twin, seat)
            assert view["hand"] != twin_view["hand"]
            assert {**view, "hand": None, "legal": None} == {**twin_view, "hand": None, "legal": None}
            agent = raw.possible_agents[seat]
            obs, mask = _observe(e, state, agent)
            twin_obs, twin_mask = _observe(e, twin, agent)
            assert mask.any() and np.array_equal(mask, twin_mask)
            assert not np.array_equal(obs[hand], twin_obs[hand])   # the titles differ
            obs[hand] = twin_obs[hand] = 0
            assert np.array_equal(obs, twin_obs)
            checked += 1
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked >= 10


@pytest.mark.parametrize(("name", "kwargs", "twin_of"), CASES, ids=IDS)
def test_openspiel_observation_ignores_what_the_seat_cannot_see(name: str, kwargs: dict[str, Any],
                                                                 twin_of: Twin) -> None:
    options = ";".join(f"{k}:{v}" for k, v in kwargs.get("options", {}).items())
    game = pyspiel.load_game(f"python_mahai_{name}", {
        "edition": kwargs["edition"], "players": kwargs["players"], "options": options})
    state = game.new_initial_state()
    rng = random.Random(5)
    state.apply_action(5)
    checked = 0
    for step in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(mo.CHANCE_OUTCOMES))
            continue
        if step % 9 == 0:
            for viewer in range(game.num_players()):
                made = twin_of(state.engine, viewer, rng)
                if made is None:
                    continue
                twin_engine, seer = made
                twin = state.clone()
                twin.position.engine = twin_engine
                twin.position.table = Table(twin.position.table.encoding, twin_engine)
                twin.position.table.picks = list(state.position.table.picks)
                assert state.observation_tensor(viewer) == twin.observation_tensor(viewer)
                assert state.observation_string(viewer) == twin.observation_string(viewer)
                assert state.observation_tensor(seer) != twin.observation_tensor(seer)
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 10
