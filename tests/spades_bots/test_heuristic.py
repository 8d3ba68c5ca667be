"""The Spades heuristic bot: bidding (SPR-4…SPR-6), card play (SPR-7…SPR-9), nil cover and
nil setting, bag avoidance (SPR-12), the two-player stock deal, strength against random, and
the variants (SPR-14…SPR-22: the deck's ranks, the bid limits, legal play in every preset)."""

from __future__ import annotations

import random

import pytest

from mahai.bots import bot_names, make_bot
from mahai.bots.play import play_out
from mahai.bots.spades import (
    HeuristicBot,
    Table,
    beats,
    bot_ranks,
    choose_bid,
    estimate_tricks,
    heuristic_action,
    nearest_bid,
    nil_safe,
)
from mahai.games.spades import GAME, SpadesState
from mahai.games.spades.actions import BIDS, BLIND_NIL, DISCARD, KEEP, LOOK, Pass
from mahai.games.spades.cards import BIG_JOKER, CLUBS, DIAMONDS, HEARTS, LITTLE_JOKER, deck_for, parse_card
from tests.spades_bots.helpers import cards, position


def decide(state: SpadesState) -> str:
    """The heuristic's action for the seat to act, as notation (through the projection)."""
    seat = state.turn
    obs = GAME.observe(state, seat)
    action = HeuristicBot(random.Random(0)).act(GAME, seat, obs, state.legal_actions(seat))
    assert state.can(seat, GAME.parse_action(action.notation()))
    return action.notation()


def test_registered() -> None:
    """Levels by strength (issue 15); the older technique names still make their bots."""
    assert {"expert", "strong", "medium", "easy"} <= set(bot_names("spades"))
    assert isinstance(make_bot("spades", "heuristic", random.Random(1)), HeuristicBot)
    assert isinstance(make_bot("spades", "medium", random.Random(1)), HeuristicBot)


# ------------------------------------------------------------------- bidding
def test_estimate_counts_high_cards_and_spade_length() -> None:
    strong = cards("AS KS QS 7S 5S AH KH AD 4D 3C 5C 7C 9C")
    weak = cards("2S 3S 4H 6H 8H 2D 5D 7D 9D 2C 4C 6C 8C")
    assert estimate_tricks(strong) >= 6.5
    assert estimate_tricks(weak) < 0.5
    # A void with spare spades is worth a ruff (SPR-8: any card when void).
    flat = cards("AS 4S 3S 2S 5H 6H 7H 5D 6D 7D 5C 6C 7C")
    void = cards("AS 4S 3S 2S 5H 6H 7H 8H 5D 6D 7D 8D 9D")
    assert estimate_tricks(void) > estimate_tricks(flat)


def test_nil_only_with_a_safe_hand() -> None:
    assert nil_safe(cards("2S 3S 4H 6H 8H 2D 5D 7D 9D 2C 4C 6C 8C"))
    assert not nil_safe(cards("AS 3S 4H 6H 8H 2D 5D 7D 9D 2C 4C 6C 8C"))  # SPR-5: the ace of spades wins
    assert not nil_safe(cards("2S 3S AH 6H 8H 2D 5D 7D 9D 2C 4C 6C 8C"))


def test_bids_nil_unless_partner_did() -> None:
    state = position({1: "2S 3S 4H 6H 8H 2D 5D 7D 9D 2C 4C 6C 8C"})
    t = Table.from_state(state, 1)
    t.bids = [-1, -1, -1, -1]
    assert choose_bid(t) == 0
    t.bids = [-1, -1, -1, 0]  # partner (seat 3) bid nil: no double nil
    assert choose_bid(t) >= 1


def test_bidding_through_the_engine() -> None:
    state = GAME.new(GAME.options(blind_nil="off"), 4, 3)
    seat = state.turn
    expected = max(1, min(13, round(estimate_tricks(state.hands[seat]))))
    notation = decide(state)
    assert notation in ("bid nil", f"bid {expected}")


@pytest.mark.parametrize(("ours", "theirs", "blind"), [
    (0, 250, True),     # 200 or more behind: any time
    (0, 50, False), (0, 0, False), (300, 0, False),
    (200, 350, True),   # late (they are within 200 of 500, SPR-13) and 100 or more behind
    (0, 150, False),    # 150 behind, early
    (380, 450, False),  # late, 70 behind
])
def test_blind_nil_when_behind(ours: int, theirs: int, blind: bool) -> None:
    """SPR-6 (allowed from any score by the standard edition, ``blind_nil_min_deficit`` 0): the
    house strategy, blind nil when 200 behind, or 100 behind late in the match."""
    state = GAME.new(GAME.options(), 4, 11)
    seat = state.turn
    state.points = [theirs, ours] if seat % 2 == 1 else [ours, theirs]
    state.looked = [False] * 4
    obs = GAME.observe(state, seat)
    assert obs.blind_nil_open
    action = heuristic_action(obs, state.legal_actions(seat))
    assert action == (BLIND_NIL if blind else LOOK)


def test_no_blind_nil_where_the_options_forbid_it() -> None:
    """SPR-6, SPR-16: ``blind_nil_min_deficit`` 100 is the engine's; 250 behind with blind nil
    off, the heuristic looks."""
    state = GAME.new(GAME.options(blind_nil="off"), 4, 11)
    seat = state.turn
    state.points = [250, 0] if seat % 2 == 1 else [0, 250]
    state.looked = [False] * 4
    assert BLIND_NIL not in state.legal_actions(seat)
    assert heuristic_action(GAME.observe(state, seat), state.legal_actions(seat)) != BLIND_NIL


def _blind_nil_exchange(bidder: str, partner: str, partner_bid: int) -> SpadesState:
    """Seat 0 bid blind nil (SPR-6) holding ``bidder``, its partner (seat 2) ``partner``: the
    exchange, seat 0 to pass first."""
    state = GAME.new(GAME.options(), 4, 5)
    state.hands[0] = cards(bidder)
    state.hands[2] = cards(partner)
    state.looked = [True] * 4
    state.bids = [0, 3, partner_bid, 3]
    state.blind = [True, False, False, False]
    state.exchange = [(0, 2), (2, 0)]
    state.phase = "exchange"
    state.turn = 0
    return state


def test_blind_nil_exchange_passes_danger_and_gets_low_cards() -> None:
    """SPR-6: the blind-nil bidder passes its most dangerous cards, the partner low ones back."""
    state = _blind_nil_exchange("AS KS 2S 4H 6H AH 2D 5D 7D 9D 2C 4C QC",
                                "QS 3S 5H 7H 9H KH 3D 4D 6D 8D 3C 5C 6C", 4)
    first = decide(state)
    assert first == Pass((parse_card("AH"), parse_card("KS"), parse_card("AS"))).notation()
    state.apply(0, GAME.parse_action(first))
    back = decide(state)
    assert back == "pass 3C 3D 4D"


def test_the_blind_nil_partner_keeps_what_it_received() -> None:
    """SPR-6: the partner (medium, the heuristic) passes back its own lowest cards, side suits
    first, and keeps the three it has just received: the nil bidder's highest cards were lower
    than the partner's, and it passed two of them back (8C, 9D), its danger returned."""
    state = _blind_nil_exchange("TH 7H 6H 4H 2H 9D 6D 5D 3D 8C 5C 4C 2C",
                                "AS KS 7S 3S AH KH 9H AD QD 2D AC KC JC", 6)
    first = decide(state)
    assert first == "pass 8C 9D TH"  # the nil bidder's most dangerous cards
    state.apply(0, GAME.parse_action(first))
    back = decide(state)
    assert back == "pass JC 2D 9H", back  # the partner's own lowest side-suit cards
    assert not set(back.split()[1:]) & set(first.split()[1:])


# ------------------------------------------------------------------ card play
SECOND = {0: "5H", 1: "KH 3H AS 2S 4D 6D 8D TD 2C 4C 6C 8C TC", 3: "AH"}


def test_second_hand_low() -> None:
    assert decide(position(SECOND, trick="5H")) == "play 3H"


def test_third_hand_high() -> None:
    hands = {0: "5H", 1: "7H", 2: "QH 9H 2H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C", 3: "AH KH"}
    assert decide(position(hands, trick="5H 7H")) == "play QH"


def test_fourth_hand_wins_cheaply_or_stays_low_behind_partner() -> None:
    hands = {0: "5H", 1: "KH", 2: "9H", 3: "AH TH 2H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C"}
    assert decide(position(hands, trick="5H KH 9H")) == "play 2H"  # partner (seat 1) wins
    hands[1] = "7H"
    assert decide(position(hands, trick="5H 7H 9H")) == "play TH"  # lowest winner


def test_covers_partner_nil() -> None:
    """Partner (seat 0) bid nil and plays after: play high so that the nil can duck."""
    hands = {1: "5D", 2: "KD 8D 3D 3S 4S 4H 6H 8H TH 2C 4C 6C 8C"}
    assert decide(position(hands, bids=(3, 3, 3, 3), leader=1, trick="5D")) == "play 3D"
    assert decide(position(hands, bids=(0, 3, 3, 3), leader=1, trick="5D")) == "play KD"


def test_nil_bidder_plays_under() -> None:
    hands = {0: "9C", 1: "KC 8C 2C 3S 4S 4H 6H 8H TH 2D 4D 6D 8D"}
    assert decide(position(hands, bids=(3, 0, 3, 3), trick="9C")) == "play 8C"


def test_sets_opponent_nil_by_playing_under() -> None:
    """Seat 1 (nil) is winning the trick: seat 2 stays under it instead of third hand high."""
    hands = {0: "2H", 1: "9H", 2: "QH 8H 3H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C"}
    assert decide(position(hands, bids=(3, 3, 3, 3), trick="2H 9H")) == "play QH"
    assert decide(position(hands, bids=(3, 0, 3, 3), trick="2H 9H")) == "play 8H"


def test_sets_opponent_nil_by_unblocking_once_it_is_beaten() -> None:
    """SPR-5: the nil bidder (seat 1) ducked and its partner covers: seat 2 plays its highest
    heart (without a nil to set: its lowest, the trick is lost anyway), so that the
    nil bidder's hearts become the high ones."""
    hands = {0: "5H", 1: "2H", 3: "KH", 2: "QH 8H 3H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C"}
    assert decide(position(hands, bids=(3, 3, 3, 3), leader=3, trick="KH 5H 2H")) == "play 3H"
    assert decide(position(hands, bids=(3, 0, 3, 3), leader=3, trick="KH 5H 2H")) == "play QH"


def test_sets_opponent_nil_by_throwing_high_cards_when_void() -> None:
    """SPR-5, SPR-8: void in the suit led with the nil bidder still to play, seat 0 throws
    its highest side card (it keeps its low cards to lead under the nil bidder later)."""
    hands = {3: "5H", 0: "AD 2D KC 2C 3S 4S 5S 6S 7S 8S 9S TS JS"}
    state = position(hands, bids=(4, 0, 3, 3), leader=3, trick="5H")
    state.voids[0] = 0
    assert decide(state) == "play AD"


def test_leads_low_where_the_nil_bidder_may_follow() -> None:
    hands = {0: "2C 3D AH KH QH 4S 5S 9D TD JD 5C 9C TC"}
    state = position(hands, bids=(4, 0, 3, 3))
    assert decide(state) == "play 2C"
    state.voids[1] = 1 << CLUBS  # the nil bidder showed out of clubs
    assert decide(state) == "play 3D"


def test_ducks_near_the_bag_limit() -> None:
    """SPR-12: contract made and 8 bags: do not take an overtrick (would take it to set them)."""
    hands = {0: "5H", 1: "7H", 2: "9H", 3: "AH TH 2H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C"}
    kw = {"bids": (4, 1, 4, 1), "tricks_won": (1, 1, 1, 1)}
    assert decide(position(hands, trick="5H 7H 9H", **kw)) == "play TH"  # type: ignore[arg-type]
    assert decide(position(hands, trick="5H 7H 9H", bags=(0, 8), **kw)) == "play 2H"  # type: ignore[arg-type]


def test_counts_spades_and_remembers_voids() -> None:
    """A side-suit ace is a sure winner unless a seat shown void there may still hold a spade."""
    state = position({0: "AH 2H 4D 6D 8D TD 2C 4C 6C 8C TC QC KC"})
    t = Table.from_observation(GAME.observe(state, 0))
    ace = parse_card("AH")
    assert t.safe(ace, [1, 2, 3])
    t.voids = [0, 1 << HEARTS, 0, 0]
    assert not t.safe(ace, [1, 2, 3])
    t.out &= ~cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")  # every spade gone
    assert t.safe(ace, [1, 2, 3])


def test_two_player_stock_deal_keeps_strong_cards() -> None:
    state = GAME.new(GAME.options("two_player"), 2, 4)
    seat = state.turn
    for card, expected in (("AS", KEEP), ("KD", KEEP), ("3C", DISCARD), ("4S", DISCARD)):
        state.stock[state.stock_pos] = parse_card(card)
        action = heuristic_action(GAME.observe(state, seat), state.legal_actions(seat))
        assert action == expected, card


VARIANTS = [
    (4, "standard", {}),
    (2, "two_player", {}),
    (4, "openspiel", {}),
    (4, "standard", {"first_lead": "two_of_clubs", "spades_lead": "any_time", "nil_value": "50",
                     "blind_nil_exchange": "2", "failed_nil_tricks": "help_partner", "bag_limit": "5",
                     "bag_penalty": "50", "set_scoring": "zero", "target": "300"}),
    (4, "standard", {"blind_nil_min_deficit": "100", "blind_nil_exchange": "0", "loss_floor": "-200"}),
    # the variants (SPR-14…SPR-22) and the presets that combine them
    (4, "cards_with_cats", {"target": "300"}),
    (4, "jokers_and_deuces", {"first_lead": "two_of_clubs"}),
    (2, "jokers_and_deuces", {"target": "300"}),
    (4, "openspiel", {"length": "match", "target": "300"}),
    (4, "standard", {"bid_cap": "13", "min_bid": "5", "blind_bid": "on", "blind_bid_min_deficit": "0",
                     "spades_lead": "after_first_trick", "target": "300"}),
    (4, "standard", {"nil": "off", "bid_cap": "13", "ten_for_200": "on", "moon": "win", "bag_points": "0",
                     "bag_penalty": "0", "tie": "ignore_bags", "win_bonus": "200", "loss_floor": "-250",
                     "target": "300"}),
    (2, "two_player", {"min_bid": "3", "nil": "off", "bag_limit": "7", "bag_penalty": "110",
                       "target": "300"}),
]


@pytest.mark.parametrize(("players", "edition", "options"), VARIANTS)
def test_only_legal_actions_in_whole_matches(players: int, edition: str, options: dict[str, str]) -> None:
    """Heuristic self-play under every option set: every action legal, every match finished."""
    for seed in (21, 22):
        state = GAME.new(GAME.options(edition, **options), players, seed)
        bots = {s: make_bot("spades", "heuristic", random.Random(s)) for s in range(players)}
        play_out(GAME, state, bots)  # apply() raises on any illegal action
        assert state.is_over and state.winners()
        assert all(isinstance(e, dict) for e in state.history)


# ------------------------------------------------------------------ strength
def match_wins(players: int, edition: str, matches: int, seed: int) -> int:
    """Matches to 500 won by the heuristic side against random (seats alternate)."""
    wins = 0
    for i in range(matches):
        heur_side = i % 2
        bots = {s: make_bot("spades", "heuristic" if s % 2 == heur_side else "random",
                            random.Random(seed * 1000 + i * 10 + s)) for s in range(players)}
        state = GAME.new(GAME.options(edition), players, seed + i)
        play_out(GAME, state, bots)
        wins += any(s % 2 == heur_side for s in state.winners())
    return wins


def test_beats_random_partnership() -> None:
    """Requirement: ≥ 95% of matches won against random bots (measured on 400 in the report);
    here 24 matches, at least 23 won (fails if the true rate falls much below 95%)."""
    assert match_wins(4, "standard", 24, seed=7000) >= 23


def test_beats_random_two_players() -> None:
    assert match_wins(2, "two_player", 12, seed=8000) >= 11


# ------------------------------------------------------------------ variants
def test_ranks_follow_the_deck() -> None:
    """SPR-14: jokers and a high 2 of spades are the top spades; the heuristics count from the top."""
    standard = bot_ranks(deck_for())
    assert standard[:52] == tuple(c % 13 for c in range(52))
    jokers = bot_ranks(deck_for(jokers=True, high_deuce=True))
    assert (jokers[BIG_JOKER], jokers[LITTLE_JOKER], jokers[parse_card("2S")], jokers[parse_card("AS")]) == (
        12, 11, 10, 9)
    assert jokers[parse_card("AH")] == 12  # side suits keep their ranks
    assert beats(LITTLE_JOKER, parse_card("AS"), jokers) and beats(parse_card("2S"), parse_card("AS"), jokers)
    assert not beats(parse_card("2S"), parse_card("AS"))  # the standard deck: low
    assert beats(parse_card("3S"), parse_card("AH"), jokers)
    # a joker makes a hand worth more and never safe for nil
    low = cards("3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H 3S")
    joker = low & ~cards("3S") | 1 << BIG_JOKER
    assert nil_safe(low, jokers) and not nil_safe(joker, jokers)
    assert estimate_tricks(joker, 4, jokers) > estimate_tricks(low, 4, jokers)


def test_bids_stay_within_the_limits() -> None:
    """SPR-16, SPR-18: the heuristic bids the legal bid nearest to the one it wants."""
    state = GAME.new(GAME.options(bid_cap="13", min_bid="4", nil="off", blind_nil="off"), 4, 3)
    for _ in range(4):
        seat = state.turn
        legal = state.legal_actions(seat)
        action = heuristic_action(GAME.observe(state, seat), legal)
        assert action in legal
        state.apply(seat, action)
    assert state.phase == "play"
    for side in (0, 1):
        assert 4 <= state.bids[side] + state.bids[side + 2] <= 13
    assert nearest_bid(11, [BIDS[n] for n in range(1, 7)]) == BIDS[6]
    assert nearest_bid(0, [BIDS[n] for n in range(0, 5)]) == BIDS[0]
    assert nearest_bid(0, [BIDS[n] for n in range(4, 9)]) == BIDS[4]
    assert nearest_bid(1, [BIDS[0], BIDS[3]]) == BIDS[3]  # nil only when nil is wanted


# ------------------------------------------------- nil defence and cover (session 20)
def test_sets_opponent_nil_keeping_low_cards_under_a_card_it_cannot_beat() -> None:
    """SPR-5: the nil bidder (seat 1) still to play, its partner's king of hearts winning: any
    heart under it leaves the nil bidder the same room, so seat 0 gives up the highest heart
    that is no likely winner (three or more higher hearts unseen) and keeps its low cards to
    lead and follow under the nil bidder later (without a nil: its lowest)."""
    hand = "9H 8H 2H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C"
    assert decide(position({0: hand, 3: "KH"}, bids=(3, 3, 3, 3), leader=3, trick="KH")) == "play 2H"
    assert decide(position({0: hand, 3: "KH"}, bids=(3, 0, 3, 3), leader=3, trick="KH")) == "play 9H"
    # The queen (only the ace above it unseen) may still win a trick: kept, the 3 goes.
    hand = "QH 3H 2H 3S 4S 4D 6D 8D TD 2C 4C 6C 8C"
    assert decide(position({0: hand, 3: "KH"}, bids=(3, 0, 3, 3), leader=3, trick="KH")) == "play 3H"


def test_sets_opponent_nil_not_in_a_suit_its_partner_ruffs() -> None:
    """SPR-8, SPR-9: the nil bidder's partner (seat 3) has shown void in clubs: a club lead
    lets it ruff over everything, and the nil bidder throws its highest club under it."""
    hands = {0: "2C 3D AH KH QH 4S 5S 9D TD JD 5C 9C TC"}
    state = position(hands, bids=(4, 0, 3, 3))
    assert decide(state) == "play 2C"
    state.voids[3] = 1 << CLUBS
    assert decide(state) == "play 3D"


def test_covers_partner_nil_by_leading_where_it_is_void() -> None:
    """SPR-5, SPR-8: no sure winner to lead for the nil partner (seat 2); it has shown void in
    diamonds, so seat 0 leads its highest diamond (the nil partner throws a dangerous card under
    whatever wins) rather than its highest card."""
    hands = {0: "KH 9H 4H QD 7D 3D 3C 5C 8C TC 2S 3S 4S"}
    state = position(hands, bids=(3, 3, 0, 3))
    assert decide(state) == "play KH"
    state.voids[2] = 1 << DIAMONDS
    assert decide(state) == "play QD"
