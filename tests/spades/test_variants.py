"""The variants (``docs/rules/spades.md``, SPR-14…SPR-22), their worked scores SC-7…SC-15
and the editions that combine them (``openspiel``, ``cards_with_cats``, ``jokers_and_deuces``)."""

from __future__ import annotations

import random

import pytest

from mahai.core import IllegalAction
from mahai.core.game import Event
from mahai.games.spades import GAME, SpadesOptions, SpadesState, score_side
from mahai.games.spades.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    SPADES,
    SUIT_MASKS,
    deck_for,
    parse_card,
)
from mahai.games.spades.state import BID, EXCHANGE, OVER, PLAY
from tests.spades.util import bidding, cards, playing, snapshot


def act(state: SpadesState, text: str) -> list[Event]:
    return state.apply(state.turn, GAME.parse_action(text))


def notations(state: SpadesState) -> list[str]:
    return [a.notation() for a in state.legal_actions(state.turn)]


def refused(state: SpadesState, text: str) -> IllegalAction:
    """``text`` is refused for the seat to act, the state unchanged; returns the error."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, text)
    assert snapshot(state) == before
    return err.value


def bid_around(state: SpadesState, texts: list[str]) -> None:
    """Bid for each seat in turn, looking first when the blind decision is open."""
    for text in texts:
        if not state.looked[state.turn] and "blind" not in text:
            act(state, "look")
        act(state, text)


# ------------------------------------------------------------------ worked scores
@pytest.mark.parametrize(
    ("case", "options", "before", "bids", "blind", "tricks", "after"),
    [
        ("SC-7", {"ten_for_200": "on"}, (0, 0), (6, 4), (False, False), (6, 5), (201, 1)),
        ("SC-8", {"moon": "200"}, (0, 0), (7, 6), (False, False), (7, 6), (200, 0)),
        ("SC-9", {"blind_bid": "on"}, (0, 0), (6, 3), (True, False), (6, 4), (151, 1)),
        ("SC-10", {"blind_bid": "on"}, (0, 0), (6, 3), (True, False), (5, 3), (-150, 0)),
        ("SC-11", {"bag_penalty": "110"}, (337, 7), (5,), (False,), (8,), (280, 0)),
        ("SC-12", {"bag_limit": "7"}, (100, 5), (4,), (False,), (6,), (42, 0)),
        ("SC-13", {"bag_points": "0", "bag_penalty": "0"}, (100, 12), (4,), (False,), (7,), (140, 15)),
        ("SC-14", {"nil_value": "50"}, (0, 0), (0, 4), (False, False), (0, 5), (91, 1)),
        ("SC-15", {"ten_for_200": "on", "moon": "200"}, (0, 0), (7, 6), (False, False), (7, 6), (260, 0)),
    ],
)
def test_worked_cases_of_the_variants(case: str, options: dict[str, str], before: tuple[int, int],
                                      bids: tuple[int, ...], blind: tuple[bool, ...], tricks: tuple[int, ...],
                                      after: tuple[int, int]) -> None:
    opts = GAME.options(**options)
    res = score_side(bids, blind, tricks, before[0], before[1], opts)
    assert (res.total, res.bag_count) == after, case
    assert res.points == (res.contract_points + res.nil_points + res.bags * opts.bag_points
                          - res.penalties * opts.bag_penalty)


def test_spr20_big_contracts_only_when_made_and_only_with_their_option() -> None:
    std = GAME.options()
    assert score_side((6, 4), (False, False), (6, 5), 0, 0, std).contract_points == 100
    assert score_side((7, 6), (False, False), (7, 6), 0, 0, std).contract_points == 130
    ten = GAME.options(ten_for_200="on")
    assert score_side((5, 4), (False, False), (9, 4), 0, 0, ten).contract_points == 90  # 9 is not 10
    assert score_side((6, 5), (False, False), (6, 5), 0, 0, ten).contract_points == 220  # 11 → 220
    assert score_side((6, 4), (False, False), (6, 3), 0, 0, ten).contract_points == -100  # set: as usual
    moon = GAME.options(moon="200")
    assert score_side((7, 6), (False, False), (7, 5), 0, 0, moon).contract_points == -130
    # a blind bid's double counts against the moon: the largest value applies
    assert score_side((7, 6), (True, False), (7, 6), 0, 0, moon).contract_points == 200
    blind_moon = GAME.options(moon="200", blind_bid="on")
    assert score_side((13, 0), (True, False), (13, 0), 0, 0, blind_moon).contract_points == 260


def test_spr19_no_penalty_keeps_counting_and_bags_worth_nothing_still_count() -> None:
    none = GAME.options(bag_penalty="0")
    res = score_side((2,), (False,), (13,), 0, 9, none)
    assert (res.penalties, res.bag_count, res.points) == (0, 20, 20 + 11)
    nothing = GAME.options(bag_points="0")
    res = score_side((2,), (False,), (5,), 0, 8, nothing)
    assert (res.bags, res.penalties, res.bag_count, res.points) == (3, 1, 1, 20 - 100)


# ------------------------------------------------------------------ bidding
def test_spr16_nil_off_no_nil_no_blind_nil() -> None:
    state = bidding(GAME.options(nil="off"))
    assert all(state.looked)  # no blind decision: blind nil is a nil
    assert notations(state) == [f"bid {n}" for n in range(1, 14)]
    assert refused(state, "bid nil").code == "nil_off"
    state.looked[state.turn] = False
    assert refused(state, "bid blind_nil").code == "blind_nil_off"


def test_spr18_partnership_cap_of_13() -> None:
    state = bidding(GAME.options(bid_cap="13", blind_nil="off"))
    first = state.turn
    assert notations(state) == ["bid nil"] + [f"bid {n}" for n in range(1, 14)]  # partner not yet bid
    act(state, "bid 9")
    act(state, "bid 4")
    assert state.turn == (first + 2) % 4
    assert notations(state) == ["bid nil"] + [f"bid {n}" for n in range(1, 5)]  # 9 + 4 = 13
    err = refused(state, "bid 5")
    assert err.code == "bid_over_cap" and err.params == {"cap": 13, "most": 4}
    act(state, "bid 4")
    # the other side: 4 then at most 9
    assert notations(state)[-1] == "bid 9"
    # without nil the first partner leaves the second a trick
    state = bidding(GAME.options(bid_cap="13", nil="off"))
    assert notations(state) == [f"bid {n}" for n in range(1, 13)]
    assert refused(state, "bid 13").code == "bid_over_cap"


def test_spr18_minimum_per_side() -> None:
    state = bidding(GAME.options(min_bid="4", blind_nil="off"))
    act(state, "bid nil")  # the first partner may bid anything
    act(state, "bid 2")
    assert notations(state) == [f"bid {n}" for n in range(4, 14)]  # nil counts none: 4 or more
    err = refused(state, "bid 3")
    assert err.code == "bid_under_minimum" and err.params == {"min": 4, "least": 4}
    assert refused(state, "bid nil").code == "bid_under_minimum"
    act(state, "bid 4")
    assert notations(state) == [f"bid {n}" for n in range(2, 14)]  # partner bid 2: 2 or more, no nil
    act(state, "bid 5")
    assert state.phase == PLAY and state.bids[1] + state.bids[3] >= 4
    # the first partner bid the minimum: the second may bid nil
    state = bidding(GAME.options(min_bid="4", blind_nil="off"))
    bid_around(state, ["bid 4", "bid 6"])
    assert notations(state)[0] == "bid nil"
    # two players: every bid reaches the minimum, no nil
    state = bidding(GAME.options("two_player", min_bid="3"), players=2)
    while state.phase != BID:
        act(state, "keep" if state.stock_pos % 4 == 0 else "discard")
    assert notations(state) == [f"bid {n}" for n in range(3, 14)]


def test_spr18_cap_and_minimum_together_always_leave_a_bid() -> None:
    for nil in ("on", "off"):
        opts = GAME.options(bid_cap="13", min_bid="6", nil=nil, blind_nil="off")
        for first in range(1, 14):
            state = bidding(opts)
            if f"bid {first}" not in notations(state):
                continue
            act(state, f"bid {first}")
            act(state, "bid 3")
            legal = notations(state)
            assert legal, (nil, first)
            for text in legal:
                n = 0 if text == "bid nil" else int(text.split()[1])
                assert first + n <= 13 and first + n >= 6


# ------------------------------------------------------------------ blind bids
def test_spr17_blind_bid_when_behind_scores_double() -> None:
    opts = GAME.options(blind_bid="on", blind_nil="off")  # behind by 100 or more
    state = bidding(opts, seed=4)
    assert all(state.looked)  # 0-0: nobody behind
    state.points = [40, 160]
    state._deal([])
    assert [state.looked[s] for s in range(4)] == [False, True, False, True]
    while state.turn % 2:  # the side ahead bids as usual
        act(state, "bid 3")
    seat = state.turn
    assert notations(state) == [f"bid blind {n}" for n in range(6, 14)] + ["look"]
    assert GAME.view(state, seat)["hand"] is None and GAME.view(state, seat)["blind_nil_decision"]
    assert refused(state, "bid 4").code == "look_first"
    err = refused(state, "bid blind 5")
    assert err.code == "blind_bid_out_of_range" and err.params == {"bid": 5, "min": 6, "max": 13}
    events = act(state, "bid blind 6")
    assert [e.kind for e in events][:2] == ["bid", "hand"] and events[0].data["bid"] == "blind_6"
    assert state.bids[seat] == 6 and state.blind[seat] and state.looked[seat]
    assert GAME.view(state, seat)["hand"] is not None
    assert GAME.view(state, None)["bids"][seat] == "blind_6"
    assert GAME.describe_event(GAME.project_event(events[0], None) or {}, None) is not None
    bid_around(state, ["bid 3"] * (4 - sum(b >= 0 for b in state.bids)))
    assert state.phase == PLAY  # no exchange after a blind bid
    # score the hand as if the side took 6 + 4 tricks: 6 blind (120) + 3 (30) + 1 bag
    side = seat % 2
    partner = (seat + 2) % 4
    state.tricks_won = [0] * 4
    state.tricks_won[seat], state.tricks_won[partner] = 6, 4
    state.tricks_won[1 - side], state.tricks_won[3 - side] = 2, 1
    state.bids[partner] = 3
    state._score_hand([])
    entry = state.history[-1]
    assert entry["bids"][seat] == "blind_6"
    assert entry["sides"][side]["contract_points"] == 150 and entry["sides"][side]["points"] == 151


def test_spr17_blind_bid_refusals_and_deficit_zero_means_always() -> None:
    state = bidding(GAME.options(blind_nil="off"))
    state.looked[state.turn] = False
    assert refused(state, "bid blind 6").code == "blind_bid_off"
    opts = GAME.options(blind_bid="on", blind_bid_min_deficit="200", blind_nil="off")
    state = bidding(opts)
    state.points = [0, 150]
    state._deal([])
    assert all(state.looked)
    state.looked[state.turn] = False
    err = refused(state, "bid blind 7")
    assert err.code == "blind_bid_not_allowed" and err.params["deficit"] == 200
    state.looked[state.turn] = True
    assert refused(state, "bid blind 7").code in ("blind_bid_not_allowed", "blind_bid_after_looking")
    # 0: always, the side ahead too (as SPC-6 for blind nil)
    state = bidding(GAME.options(blind_bid="on", blind_bid_min_deficit="0", blind_nil="off"))
    state.points = [300, 0]
    state._deal([])
    assert not any(state.looked)
    act(state, "look")
    assert refused(state, "bid blind 6").code == "blind_bid_after_looking"


def test_spr17_blind_bids_obey_the_cap_and_a_blind_nil_partner_still_exchanges() -> None:
    opts = GAME.options(blind_bid="on", blind_bid_min_deficit="0", bid_cap="13")
    state = bidding(opts, seed=6)
    first = state.turn
    act(state, "bid blind 9")
    act(state, "look")
    act(state, "bid 2")
    assert state.turn == (first + 2) % 4
    assert notations(state) == ["bid blind_nil", "look"]  # 9 + 6 > 13: no blind bid left
    act(state, "bid blind_nil")
    act(state, "look")
    act(state, "bid 4")
    assert state.phase == EXCHANGE and state.exchange[0] == ((first + 2) % 4, first)


# ------------------------------------------------------------------ play
def test_spr15_spades_not_led_to_the_first_trick_then_any_time() -> None:
    opts = GAME.options(spades_lead="after_first_trick")
    state = playing({0: "AS KS 2H", 1: "3H 4H", 2: "5H", 3: "6H"}, options=opts)
    assert state.turn == 0
    assert refused(state, "play AS").code == "spades_not_on_first_trick"
    for text in ("2H", "3H", "5H", "6H"):
        act(state, f"play {text}")
    assert state.turn == 3 and not state.broken
    state.hands[0], state.hands[3] = state.hands[3], state.hands[0]  # seat 3 leads with the spades
    act(state, "play KS")  # second trick: spades may be led, unbroken
    assert state.broken
    only = playing({0: " ".join(f"{r}S" for r in "23456789TJQKA")}, options=opts)
    assert notations(only)[0] == "play 2S"  # only spades: any of them


def test_spr14_jokers_deck_and_ranking() -> None:
    deck = deck_for(jokers=True)
    assert len(deck.cards) == 52 and not deck.mask & cards("2C 2D")
    assert deck.mask >> LITTLE_JOKER & 1 and deck.mask >> BIG_JOKER & 1
    for seed in range(5):
        state = bidding(GAME.options("jokers_and_deuces"), seed=seed)
        union = 0
        for h in state.hands:
            assert h.bit_count() == 13
            union |= h
        assert union == deck.mask
    opts = GAME.options(jokers="on", spades_lead="any_time")
    # big joker > little joker > ace of spades
    state = playing(options=opts)
    state.hands = [cards("AS 3C"), cards("LJ 4C"), cards("BJ 5C"), cards("KS 6C")]
    for text in ("AS", "LJ", "BJ", "KS"):
        act(state, f"play {text}")
    assert state.last_winner == 2
    # a joker lead is a spade lead: spades (and jokers) must follow
    state = playing(options=opts)
    state.hands = [cards("LJ 3C"), cards("2S 4C"), cards("BJ 5C"), cards("6C 7C")]
    act(state, "play LJ")
    assert notations(state) == ["play 2S"]
    act(state, "play 2S")
    assert notations(state) == ["play BJ"]  # a joker follows spades
    act(state, "play BJ")
    act(state, "play 6C")
    assert state.last_winner == 2 and state.voids[3] >> SPADES & 1
    # a joker trumps a side suit and breaks spades
    opts = GAME.options(jokers="on")
    state = playing(options=opts)
    state.hands = [cards("3H 4H"), cards("LJ 4C"), cards("AH 5C"), cards("KH 6C")]
    act(state, "play 3H")
    events = act(state, "play LJ")
    assert [e.kind for e in events] == ["play", "spades_broken"]
    act(state, "play AH")
    act(state, "play KH")
    assert state.last_winner == 1 and GAME.view(state, None)["last_trick"]["cards"][1]["card"] == "LJ"


def test_spr14_high_deuce_between_ace_and_jokers() -> None:
    opts = GAME.options("jokers_and_deuces", spades_lead="any_time")
    state = playing({0: "AS 3C", 1: "2S 4C", 2: "KS 5C", 3: "QS 6C"}, options=opts)
    for text in ("AS", "2S", "KS", "QS"):
        act(state, f"play {text}")
    assert state.last_winner == 1
    state = playing({0: "2S 3C", 1: "LJ 4C", 2: "KS 5C", 3: "QS 6C"}, options=opts)
    for text in ("2S", "LJ", "KS", "QS"):
        act(state, f"play {text}")
    assert state.last_winner == 1
    # without jokers the 2 of spades is simply the highest spade
    state = playing({0: "AS 3C", 1: "2S 4C"}, options=GAME.options(deuce_of_spades="high",
                                                                     spades_lead="any_time"))
    for _ in range(4):
        legal = state.legal_actions(state.turn)
        spade = [a for a in legal if a.card // 13 == SPADES]  # type: ignore[union-attr]
        state.apply(state.turn, (spade or legal)[0])
    assert state.last_winner == 1


def test_spr14_three_of_clubs_leads_when_there_is_no_two() -> None:
    opts = GAME.options("jokers_and_deuces", first_lead="two_of_clubs")
    state = playing({2: "3C 9H"}, options=opts)
    assert state.turn == 2 and notations(state) == ["play 3C"]
    err = refused(state, "play 9H")
    assert err.code == "must_lead_card" and err.params == {"card": "3C"}


def test_spr14_determinization_never_gives_a_joker_to_a_seat_void_in_spades() -> None:
    opts = GAME.options("jokers_and_deuces", spades_lead="any_time")
    state = playing({0: "AS KS 2H", 1: "3H"}, options=opts)
    state.voids[3] |= 1 << SPADES  # as if seat 3 had shown out of spades
    other = 1 if not state.hands[3] & SUIT_MASKS[SPADES] & state.hands[1] else 2
    moved = state.hands[3] & SUIT_MASKS[SPADES]  # move its spades (jokers included) away
    swap = [c for c in range(52) if state.hands[other] >> c & 1 and c // 13 != SPADES][:moved.bit_count()]
    for c in swap:
        state.hands[other] ^= 1 << c
        state.hands[3] |= 1 << c
    state.hands[other] |= moved
    state.hands[3] &= ~moved
    obs = GAME.observe(state, 0)
    for i in range(30):
        det = GAME.determinize(obs, random.Random(i))
        assert det.hands[3] & SUIT_MASKS[SPADES] == 0
        assert det.cards_in_play() == state.deck.mask and det.deck.ranked


# ------------------------------------------------------------------ end of the match
def score_hand(state: SpadesState, tricks: tuple[int, int, int, int]) -> list[Event]:
    """Score the current hand of ``state`` (bids set) as if ``tricks`` had been taken."""
    state.tricks_won = list(tricks)
    events: list[Event] = []
    state._score_hand(events)
    return events


def test_spr20_moon_wins_the_match() -> None:
    state = playing(bids=(7, 0, 6, 0), options=GAME.options(moon="win"))
    events = score_hand(state, (7, 0, 6, 0))
    assert state.phase == OVER and state.winner_sides == (0,)
    assert events[-1].kind == "match_over" and state.points[0] < 500
    # with moon=200 it is 200 points and the match goes on
    state = playing(bids=(7, 0, 6, 0), options=GAME.options(moon="200"))
    score_hand(state, (7, 0, 6, 0))
    assert state.phase == BID and state.points[0] == 200


def test_spr21_mercy_floor_and_win_bonus() -> None:
    opts = GAME.options(loss_floor="-350", win_bonus="200")
    state = playing(bids=(4, 4, 4, 4), options=opts)
    state.points = [-300, 100]
    events = score_hand(state, (1, 5, 1, 6))  # side 0 set: -80 → -380
    over = events[-1]
    assert over.kind == "match_over" and state.winner_sides == (1,)
    assert over.data["bonus"] == [-200, 0]  # the winner did not reach the target: no bonus
    assert state.points == [-380 - 200, 100 + 83]
    state = playing(bids=(4, 4, 4, 4), options=opts)
    state.points = [470, 100]
    events = score_hand(state, (5, 1, 4, 3))
    assert events[-1].data["bonus"] == [200, 0] and state.points == [470 + 81 + 200, 100 - 80]
    # the existing floor keeps its meaning, and no bonus unless asked
    state = playing(bids=(4, 4, 4, 4), options=GAME.options(loss_floor="-200"))
    state.points = [-150, 0]
    events = score_hand(state, (1, 5, 1, 6))
    assert state.phase == OVER and "bonus" not in events[-1].data and state.points[0] == -230


def test_spr22_tie_ignoring_bag_points() -> None:
    opts = GAME.options(tie="ignore_bags")
    state = bidding(opts)
    state.points, state.bags = [528, 523], [8, 3]
    assert not state._match_decided()  # 520 against 520: another hand
    state.points, state.bags = [528, 531], [8, 1]
    assert state._match_decided() and state.winner_sides == (1,)  # 520 against 530
    state.points, state.bags = [529, 521], [9, 1]
    assert not state._match_decided()
    exact = bidding()
    exact.points, exact.bags = [529, 521], [9, 1]
    assert exact._match_decided() and exact.winner_sides == (0,)


# ------------------------------------------------------------------ editions
def test_editions_are_the_documented_presets() -> None:
    std = GAME.options()
    assert GAME.options("standard") == SpadesOptions() == std
    ops = GAME.options("openspiel")
    assert (ops.blind_nil, ops.failed_nil_tricks, ops.length, ops.bid_cap, ops.loss_floor, ops.win_bonus) == (
        "off", "help_partner", "single_hand", 13, "-350", 200)
    cwc = GAME.options("cards_with_cats")
    assert (cwc.blind_nil, cwc.failed_nil_tricks, cwc.bid_cap, cwc.bag_penalty, cwc.tie, cwc.target) == (
        "off", "help_partner", 13, 110, "ignore_bags", 500)
    jd = GAME.options("jokers_and_deuces")
    assert (jd.jokers, jd.deuce_of_spades) == ("on", "high")
    assert GAME.players(ops) == GAME.players(cwc) == (4,) and GAME.players(jd) == (2, 4)
    # nothing else differs from the default
    for name, edition in GAME.editions.items():
        changed = {f for f in SpadesOptions.__dataclass_fields__ if getattr(edition, f) != getattr(std, f)}
        assert changed <= {"blind_nil", "failed_nil_tricks", "length", "bid_cap", "loss_floor", "win_bonus",
                           "bag_penalty", "tie", "jokers", "deuce_of_spades"}, name


def test_cards_with_cats_plays_a_whole_match() -> None:
    from tests.spades.policy import play_match

    state = GAME.new(GAME.options("cards_with_cats"), 4, 11)
    play_match(state, random.Random(11))
    assert state.is_over and state.winners()
    for entry in state.history:
        for side in (0, 1):
            seats = (side, side + 2)
            assert sum(entry["bids"][s] if isinstance(entry["bids"][s], int) else 0 for s in seats) <= 13
    assert parse_card("2C") in deck_for().cards
