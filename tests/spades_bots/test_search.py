"""The Spades search bot (PIMC over :meth:`Spades.determinize`): it decides from its
observation only, stays legal, and its rollouts score hands as the engine does."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mahai.bots.base import Bot
from mahai.bots.play import play_out
from mahai.bots.spades import HeuristicBot
from mahai.bots.spades_search import (
    SearchBot,
    bid_misfit,
    distinct_cards,
    evaluate,
    evaluate_worlds,
    pays,
    rollout,
    worlds,
)
from mahai.games.spades import GAME, SpadesState
from mahai.games.spades.cards import parse_card
from tests.spades_bots.helpers import position


def advance(edition: str, players: int, seed: int, plays: int) -> SpadesState:
    """A match played by heuristic bots up to ``plays`` cards into its first hand's play."""
    state = GAME.new(GAME.options(edition), players, seed)
    bot = HeuristicBot(random.Random(0))
    while state.phase != "play" or sum(m.bit_count() for m in state.played_by) < plays:
        seat = state.turn
        state.apply(seat, GAME.parse_action(
            bot.act(GAME, seat, GAME.observe(state, seat), state.legal_actions(seat)).notation()))
        if state.hand_no > 1:
            break
    return state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from([("standard", 4), ("two_player", 2), ("jokers_and_deuces", 4),
                           ("cards_with_cats", 4)]),
    seed=st.integers(0, 10_000),
    plays=st.integers(0, 40),
    other=st.integers(0, 2**32),
    bot_seed=st.integers(0, 2**32),
)
def test_decision_ignores_hidden_cards(table: tuple[str, int], seed: int, plays: int, other: int,
                                       bot_seed: int) -> None:
    """Same observation, different true states (another deal of the hidden cards) → same action,
    for the search bot and the heuristic, given the same rng seed."""
    edition, players = table
    state = advance(edition, players, seed, plays)
    assume(state.phase == "play")
    seat = state.turn
    obs = GAME.observe(state, seat)
    alt = GAME.determinize(obs, random.Random(other))
    assert GAME.observe(alt, seat) == obs
    assume(alt.hands != state.hands)
    assert alt.legal_actions(seat) == state.legal_actions(seat)
    makers = (lambda: SearchBot(random.Random(bot_seed), samples=3), lambda: HeuristicBot(random.Random(0)))
    for make in makers:
        first = make().act(GAME, seat, obs, state.legal_actions(seat))
        second = make().act(GAME, seat, GAME.observe(alt, seat), alt.legal_actions(seat))
        assert first == second
        assert state.can(seat, GAME.parse_action(first.notation()))


def test_rollout_scores_like_the_engine() -> None:
    """The rollout value is the hand's score difference recorded by the engine (SPR-10…SPR-12)."""
    state = advance("standard", 4, 3, 0)
    seat = state.turn
    before = state.hand_no
    value = rollout(state, seat)
    assert state.hand_no == before + 1 or state.is_over
    sides = state.history[-1]["sides"]
    assert value == sides[seat % 2]["points"] - sides[1 - seat % 2]["points"]
    assert sum(state.history[-1]["tricks"]) == 13


def test_search_values_making_the_contract() -> None:
    """Two tricks left, the side needs one (SPR-10): fourth to play on the king of hearts, the ace
    makes the contract; the two would lose this trick and the last one to a trump."""
    hands = {0: "AH 2H", 1: "KH 9C", 2: "3H 9D", 3: "4H 9S"}
    state = position(hands, bids=(4, 3, 3, 3), leader=1, trick="KH 3H 4H", tricks_won=(3, 2, 3, 3),
                     size=2, seed=4)
    obs = GAME.observe(state, 0)
    values = evaluate(GAME, obs, [parse_card("AH"), parse_card("2H")], 4, random.Random(2))
    # The nine of spades with seat 3: AH 70 - 61 = 9, 2H (set) -70 - 62 = -132.
    # With the partner (seat 2): AH 71 - (-60) = 131, 2H 70 - 60 = 10. Always ≥ 121 better.
    assert 9 <= values[0] <= 131 and -132 <= values[1] <= 10
    assert values[0] - values[1] >= 121
    action = SearchBot(random.Random(1), samples=4).act(GAME, 0, obs, state.legal_actions(0))
    assert action.notation() == "play AH"


def test_cards_of_equal_power_are_searched_once() -> None:
    """5H and 6H touch; 8H joins them once 7H is played, never across an unseen card or a suit."""
    hands = {0: "5H 6H 8H 9S 2C 3C 4D 5D 6D 7D 8D 9D TD", 1: "7H"}
    state = position(hands, leader=1)
    hearts = [parse_card(c) for c in ("5H", "6H", "8H")]
    assert distinct_cards(GAME.observe(state, 0), hearts) == [hearts[:2], hearts[2:]]
    state.apply(1, GAME.parse_action("play 7H"))
    assert distinct_cards(GAME.observe(state, 0), hearts) == [hearts]
    clubs_and_diamonds = [parse_card(c) for c in ("2C", "3C", "4D", "5D")]
    assert distinct_cards(GAME.observe(state, 0), clubs_and_diamonds) == [clubs_and_diamonds[:2],
                                                                         clubs_and_diamonds[2:]]


def test_sampled_hands_agree_with_the_bids() -> None:
    """The worlds searched fit the bids made (SPR-4, SPR-5): with ordinary bids every one does;
    with a nil (seat 1) the nil hand rarely holds the ace of spades, unlike plain draws."""
    hand = {0: "AC KC 4C 5C 6C 7C AD 3D 4D 5D 6D 2H 3H"}
    obs = GAME.observe(position(hand, bids=(3, 3, 3, 3), seed=9), 0)
    kept = worlds(GAME, obs, 12, random.Random(3))
    assert len(kept) == 12 and all(bid_misfit(w, obs) == 0 for w in kept)
    assert sum(bid_misfit(GAME.determinize(obs, random.Random(i)), obs) > 0 for i in range(40)) >= 10

    obs = GAME.observe(position(hand, bids=(3, 0, 3, 3), seed=9), 0)
    ace = 1 << parse_card("AS")
    plain = [GAME.determinize(obs, random.Random(i)) for i in range(40)]
    kept = worlds(GAME, obs, 12, random.Random(3))
    assert sum(bool(w.hands[1] & ace) for w in kept) / 12 < sum(bool(w.hands[1] & ace) for w in plain) / 40
    assert sum(bid_misfit(w, obs) for w in kept) / 12 < sum(bid_misfit(w, obs) for w in plain) / 40


def test_plays_whole_matches_legally() -> None:
    for players, edition, options in ((4, "standard", {}), (2, "two_player", {}),
                                      (4, "jokers_and_deuces", {}), (2, "jokers_and_deuces", {}),
                                      (4, "cards_with_cats", {"min_bid": "4", "blind_bid": "on"})):
        state = GAME.new(GAME.options(edition, target="200", **options), players, 5)
        bots: dict[int, Bot] = {s: SearchBot(random.Random(s), samples=2, bid_samples=2 * (s == 0))
                                if s % 2 == 0 else HeuristicBot(random.Random(s)) for s in range(players)}
        play_out(GAME, state, bots)  # apply() raises on any illegal action
        assert state.is_over and state.winners()


def test_equal_power_follows_the_deck_order() -> None:
    """SPR-14 with jokers and the high 2: 2S and 3S touch as bits but not in power; the ace,
    the 2 and the jokers touch once nothing unseen lies between them."""
    opts = GAME.options("jokers_and_deuces", spades_lead="any_time")
    hands = {0: "2S 3S AS LJ 2H 3H 4H 5H 6H 7H 8H 9H TH", 1: "BJ"}
    state = position(hands, options=opts)
    obs = GAME.observe(state, 0)
    spades = [parse_card(c) for c in ("3S", "AS", "2S", "LJ")]
    groups = distinct_cards(obs, spades)
    assert groups == [[parse_card("3S")], [parse_card("AS"), parse_card("2S"), parse_card("LJ")]]


def test_decisions_with_jokers_never_see_hidden_cards() -> None:
    """The search bot decides from the observation only in a joker game too (SPR-14)."""
    for seed in range(4):
        state = advance("jokers_and_deuces", 4, seed, 9)
        if state.phase != "play":
            continue
        seat = state.turn
        obs = GAME.observe(state, seat)
        alt = GAME.determinize(obs, random.Random(seed))
        assert GAME.observe(alt, seat) == obs and alt.deck == state.deck
        first = SearchBot(random.Random(7), samples=3).act(GAME, seat, obs, state.legal_actions(seat))
        second = SearchBot(random.Random(7), samples=3).act(GAME, seat, GAME.observe(alt, seat),
                                                           alt.legal_actions(seat))
        assert first == second and state.can(seat, GAME.parse_action(first.notation()))


def test_blind_nil_pays_only_beyond_its_noise() -> None:
    """:func:`pays`: a mean gain above two standard errors; a positive mean inside the noise
    (or a single world) does not count."""
    assert pays([120.0] * 16)
    assert not pays([400.0, -200.0] * 8)       # mean +100, standard error about 77: 100 < 2 × 77
    assert pays([400.0, -100.0] * 8 + [400.0] * 8)
    assert not pays([-50.0] * 16) and not pays([500.0])


def test_expert_bids_blind_nil_only_when_its_search_says_it_pays() -> None:
    """SPR-6: the blind-nil search (16 worlds) bids blind nil when its gain over looking pays
    (:func:`pays`): with the three-card exchange at 0–0 on one deal, not on a deal where its
    worlds lose with it; without an exchange (``blind_nil_exchange`` 0) a blind nil loses about
    200 points a hand and it looks."""
    from mahai.games.spades.actions import BLIND_NIL, LOOK

    for exchange, seed, expected in ((3, 1, BLIND_NIL), (3, 4, LOOK), (0, 1, LOOK)):
        state = GAME.new(GAME.options(blind_nil_exchange=exchange), 4, seed)
        seat = state.turn
        obs = GAME.observe(state, seat)
        blind, look = evaluate_worlds(GAME, obs, [BLIND_NIL, LOOK], 16, random.Random(seed), bag_cost=True)
        assert pays([b - k for b, k in zip(blind, look, strict=True)]) == (expected == BLIND_NIL)
        bot = SearchBot(random.Random(seed), blind_samples=16)
        assert bot.act(GAME, seat, obs, state.legal_actions(seat)) == expected
