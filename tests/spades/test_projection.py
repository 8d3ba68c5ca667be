"""The projection: the fields of a view, and errors that tell the acting seat
only what it may know (hidden information, design.md)."""

from __future__ import annotations

import json
import random

import pytest

from mahai.core import MahaiError
from mahai.games.spades import GAME, Pass, Play
from mahai.games.spades.cards import CARD_TEXTS, SUIT_NAMES, texts
from tests.spades.knowledge import known
from tests.spades.policy import choose
from tests.spades.util import playing


def test_view_fields_during_play() -> None:
    state = playing({1: "KH 2C", 2: "5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D", 3: "AH", 0: "3H"},
                    bids=(4, 3, 0, 2), dealer=0)
    for c in ("KH", "5C", "AH", "3H"):  # seat 2 shows out of hearts; seat 3 wins
        state.apply(state.turn, GAME.parse_action(f"play {c}"))
    state.apply(3, state.legal_actions(3)[0])  # the winner leads the next trick
    view = json.loads(json.dumps(GAME.view(state, 1)))  # as a client receives it
    assert view["hand"] == list(texts(state.hands[1]))
    assert view["bids"] == [4, 3, "nil", 2]
    assert view["tricks_won"] == [0, 0, 0, 1]
    played = [{"seat": s, "card": c} for s, c in ((1, "KH"), (2, "5C"), (3, "AH"), (0, "3H"))]
    assert view["last_trick"] == {"winner": 3, "cards": played}
    assert view["voids"][2] == ["hearts"] and view["voids"][1] == []
    assert view["trick"][0]["seat"] == 3 and view["led_suit"] in SUIT_NAMES
    assert view["sides"][0] == {"seats": [0, 2], "points": 0, "bags": 0, "contract": 4}
    assert view["sides"][1]["contract"] == 5
    assert view["turn"] == 0 and view["dealer"] == 0 and view["hand_number"] == 1
    assert "AH" in view["played"][3] and len(view["played"][3]) == 2 and view["stock"] is None
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["exchange"]["passed"] == ()


def test_errors_carry_only_what_the_acting_seat_knows() -> None:
    """Every wrong action tried at every step of some matches: the error's params
    name no card the seat does not know, only public words and numbers."""
    public_words = set(SUIT_NAMES) | {"draw", "bid", "exchange", "play", "over"}
    for players, seed in ((4, 1), (2, 2), (4, 3)):
        state = GAME.new(GAME.options("two_player" if players == 2 else "standard"), players, seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and state.hand_no <= 2 and steps < 400:
            (seat,) = state.to_act()
            mine = known(state, seat)
            tries = [Play(c) for c in range(52)] + [GAME.parse_action(t) for t in
                                                     ("bid 14", "bid blind_nil", "look", "keep", "bid 3")]
            tries.append(Pass(tuple(sorted(rng.sample(range(52), 3)))))
            for action in tries:
                try:
                    state.verify(seat, action)
                except MahaiError as err:
                    for value in err.params.values():
                        if isinstance(value, str) and value in CARD_TEXTS:
                            card = CARD_TEXTS.index(value)
                            assert mine >> card & 1 or value in action.notation(), (err.code, value)
                        elif isinstance(value, str):
                            assert value in public_words, (err.code, value)
            state.apply(seat, choose(state, seat, rng))
            steps += 1
        assert steps > 50


def test_views_share_only_read_only_parts() -> None:
    """Views of one state share their unchanged parts (view.py): whoever receives a
    view can change its own top level, never a part another view holds."""
    state = GAME.new(GAME.options(), 4, 5)
    rng = random.Random(5)
    while state.phase != "play" or not state.trick:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    first, second = GAME.view(state, 0), GAME.view(state, 2)
    assert first["played"] is second["played"] and first["options"] is second["options"]
    with pytest.raises(TypeError):
        first["options"]["target"] = 1
    with pytest.raises(TypeError):
        first["sides"][0]["points"] = 1000
    with pytest.raises(AttributeError):
        first["trick"].append({"seat": 0, "card": "AS"})
    first["hand"] = ["AS"]  # the top level is the receiver's own
    assert GAME.view(state, 2) == second and GAME.view(state, 0)["hand"] != ["AS"]


@pytest.mark.parametrize(("players", "edition"),
                         [(4, "standard"), (2, "two_player"), (4, "jokers_and_deuces")])
def test_reused_view_parts_equal_a_fresh_projection(players: int, edition: str) -> None:
    """Parts reused from the last projection (``state.view_cache``) give exactly the
    view built from nothing, at every step of whole matches and after a state is
    changed by hand, as tests and researchers set up positions."""
    for seed in range(3):
        state = GAME.new(GAME.options(edition, target="200"), players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            for viewer in [None, *range(players)]:
                cached = GAME.view(state, viewer)
                assert GAME.observe(state, viewer).to_json() == cached  # view() makes no observation
                state.view_cache = None
                assert GAME.view(state, viewer) == cached
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            if state.phase == "play" and rng.random() < 0.05:
                GAME.view(state, 0)  # fills the cache
                state.voids[1] ^= 1  # by hand: the version does not change
                state.points[0] += 7
                after = GAME.view(state, 0)
                state.view_cache = None
                assert after == GAME.view(state, 0) and after["sides"][0]["points"] == state.points[0]
                state.voids[1] ^= 1
                state.points[0] -= 7


@pytest.mark.parametrize(("edition", "players"), [
    ("standard", 4), ("cards_with_cats", 4), ("two_player", 2), ("jokers_and_deuces", 4)])
def test_side_hand_counts_as_the_hand_would_score_now(edition: str, players: int) -> None:
    """SPR-5, SPR-10, SPR-11, SPR-17: ``side_hand`` (what the terminal and the web table show during
    the exchange and the play: tricks toward the contract, bags so far, each nil kept or failed) is
    what ``scoring.score_values`` would give if the hand ended now, from any viewer's view alike
    (public facts only; ``cards_with_cats``: a failed nil's tricks help the partner)."""
    from mahai.games.spades import side_hand
    from mahai.games.spades.scoring import score_values

    seen = set()
    for seed in range(8):
        state = GAME.new(GAME.options(edition), players, seed)
        rng = random.Random(seed)
        while state.hand_no <= 2 and not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            views = [GAME.view(state, viewer) for viewer in (None, *range(players))]
            for side, seats in enumerate(views[0]["sides"][i]["seats"] for i in range(2)):
                got = {side_hand(v, side) for v in views}
                assert len(got) == 1, got  # every viewer knows the same
                (hand,) = got
                if state.phase not in ("exchange", "play"):
                    assert hand is None
                    continue
                values = score_values([state.bids[s] for s in seats], [state.blind[s] for s in seats],
                                      [state.tricks_won[s] for s in seats], 0, 0, state.options)
                assert hand is not None and (hand.contract, hand.counted, hand.bags) == \
                    (values[0], values[1], values[4]), (hand, values)
                assert hand.nils == tuple((s, state.tricks_won[s] > 0) for s in seats if state.bids[s] == 0)
                seen |= {("bags", hand.bags > 0), ("nil", bool(hand.nils))}
    assert {("bags", True), ("bags", False)} <= seen, seen
