"""The engine's fast paths give what the plain code gives (SPR-7, SPR-8, SPR-15).

The compiled engine keeps copies and shortcuts on its hot paths (``docs/performance.md``):
a copy of ``plays_of`` in the state module, what ``configure`` derives from an options
object (cached per object), and the view's cheaper comparisons and card counts. These
tests compare each with its plain counterpart.
"""

from __future__ import annotations

import copy
import dis
import pickle
import random
from dataclasses import replace
from typing import Any

from mahai.games.spades import GAME, plays_of, trick_winner
from mahai.games.spades.actions import PLAYS
from mahai.games.spades.cards import CARD_TEXTS, card_text, texts
from mahai.games.spades.scoring import score_rules, score_side
from mahai.games.spades.state import (
    _CONFIGS,
    _FILL_DICT_SLOT,
    _SCORE_RULES,
    SpadesState,
    _plays_of,
    _texts_of,
)
from mahai.games.spades.view import _card_count, _same_small


def test_the_state_modules_plays_of_is_plays_of() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        mask = rng.getrandbits(54) & rng.getrandbits(54)
        assert _plays_of(mask) == plays_of(mask)
    assert _plays_of(0) == [] and _plays_of((1 << 54) - 1) == plays_of((1 << 54) - 1)


def test_the_state_modules_texts_of_is_texts() -> None:
    rng = random.Random(8)
    for _ in range(3000):
        mask = rng.getrandbits(54) & rng.getrandbits(54)
        assert _texts_of(mask) == texts(mask)
        assert texts(mask) == tuple(CARD_TEXTS[c] for c in range(54) if mask >> c & 1)
    assert _texts_of(0) == () and _texts_of((1 << 54) - 1) == texts((1 << 54) - 1)


def test_legal_plays_are_the_plays_of_the_legal_mask() -> None:
    """legal_actions (its follow-suit shortcut and its leads, card by card: _plays_of) against
    plays_of(legal_play_mask) at every play of random hands, jokers included (SPR-7, SPR-8, SPR-14)."""
    rng = random.Random(9)
    for edition, options in (("openspiel", {}), ("standard", {"jokers": "on"})):
        opts = replace(GAME.options(edition), **options) if options else GAME.options(edition)
        for seed in range(40):
            state = GAME.new(opts, 4, seed)
            while not state.is_over and state.hand_no == 1:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                if state.phase == "play":
                    assert legal == plays_of(state.legal_play_mask(seat))
                    assert all(type(a) is type(PLAYS[0]) for a in legal)
                state.apply(seat, legal[rng.randrange(len(legal))])


def test_view_card_count_and_comparisons_are_the_plain_ones() -> None:
    rng = random.Random(6)
    for _ in range(3000):
        mask = rng.getrandbits(rng.randrange(0, 60))
        assert _card_count(mask) == mask.bit_count()
    assert _card_count(-7) == (-7).bit_count()
    big = [10**20, 10**20 + 1]
    assert _same_small((1, 2, 3, 4), [1, 2, 3, 4]) and not _same_small((1, 2, 3, 4), [1, 2, 3, 5])
    assert _same_small((10**20, 10**20 + 1), [big[0], big[1]])  # equal, not the same objects
    assert not _same_small((1, 2), [1, 2, 3]) and _same_small((True, False), [True, False])
    masks = [1 << 53, 1 << 40, 3, 4]
    assert _same_small(tuple(masks), masks) and _same_small((1 << 53, 1 << 40, 3, 4), masks)
    assert not _same_small((1 << 53, 1 << 41, 3, 4), masks)


def test_spr7_spr15_lead_rules_follow_each_options_object() -> None:
    """Leads (SPR-7 spades not broken, SPR-15 not on the first trick, the two of clubs first)
    come from the state's own options, also when many options objects pass through the
    per-object cache of ``configure`` (it keeps a bounded number)."""
    base = GAME.options()
    variants = [replace(base, first_lead=first, spades_lead=lead)
                for first in ("left_of_dealer", "two_of_clubs")
                for lead in ("after_broken", "any_time", "after_first_trick")]
    for round_ in range(30):  # more options objects than the cache keeps
        for options in variants:
            options = replace(options)  # a new, equal object
            state = GAME.new(options, 4, round_)
            rng = random.Random(round_)
            while state.phase != "play":
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
            seat = state.to_act()[0]
            hand = state.hands[seat]
            expected = hand
            if options.first_lead == "two_of_clubs" and hand & 1:
                expected = 1  # the two of clubs (SPR-7 with first_lead=two_of_clubs)
            elif options.spades_lead in ("after_broken", "after_first_trick"):
                expected = (hand & ~(0x1FFF << 39)) or hand  # no spade lead yet (SPR-7, SPR-15)
            assert state.legal_play_mask(seat) == expected, (options, round_)
    assert len(_CONFIGS) <= 64


def test_hand_scores_follow_each_options_object() -> None:
    """The state scores a hand with the options its per-object cache read (``_SCORE_RULES``):
    every ``hand_scored`` side equals :func:`score_side` of the state's own options (SPR-5,
    SPR-10…SPR-12, SPR-19, SPR-20), also when more options objects pass than the cache keeps."""
    base = GAME.options()
    variants = [replace(base, nil_value=nil, bag_points=points, bag_penalty=penalty, set_scoring=kind)
                for nil in (50, 100) for points in (0, 1) for penalty in (0, 100)
                for kind in ("minus_bid", "zero")]
    for round_ in range(6):  # 6 x 16 options objects: more than the cache keeps
        for options in variants:
            options = replace(options)  # a new, equal object
            state = GAME.new(options, 4, round_)
            rng = random.Random(round_)
            before = (list(state.points), list(state.bags))
            bids, blind = list(state.bids), list(state.blind)
            while state.hand_no == 1 and not state.is_over:
                if state.phase == "play":
                    bids, blind = list(state.bids), list(state.blind)  # the hand's, before the next deal
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
            sides = state.history[0]["sides"]
            for side in (0, 1):
                seats = (side, side + 2)
                expected = score_side([bids[s] for s in seats], [blind[s] for s in seats],
                                      [state.history[0]["tricks"][s] for s in seats],
                                      before[0][side], before[1][side], options)
                assert dict(sides[side]) == expected.to_json(), (options, round_)
            assert _SCORE_RULES[id(options)] == (options, score_rules(options))
    assert len(_SCORE_RULES) <= 64


def test_deal_hand_and_trick_events_are_the_plain_displays() -> None:
    """The ``deal``, ``hand`` and ``trick`` events' data are what the plain code gives (the
    trick's cards, read from the pairs one by one for four or two players, against the played
    cards in order; the winner against :func:`trick_winner`): same items in the same order
    (their JSON is the same) and a new dict for every event (SPR-3, SPR-9; jokers: SPR-14;
    two players: the stock deal)."""
    rng = random.Random(12)
    seen: set[int] = set()
    for edition, options in (("openspiel", {}), ("standard", {"jokers": "on"}), ("two_player", {})):
        opts = replace(GAME.options(edition), **options) if options else GAME.options(edition)
        players = 2 if edition == "two_player" else 4
        for seed in range(25):
            state = GAME.new(opts, players, seed)
            events = list(state.start_events)
            while not state.is_over and state.hand_no <= 2:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                hand_no, dealer = state.hand_no, state.dealer
                action = legal[rng.randrange(len(legal))]
                pairs = [*state.trick, (seat, getattr(action, "card", -1))]
                number = sum(state.tricks_won) + 1
                new = state.apply(seat, action)
                for event in new:
                    if event.kind == "trick":
                        expected: dict[str, Any] = {
                            "number": number, "winner": trick_winner(pairs, state.deck.power),
                            "cards": [{"seat": s, "card": card_text(c)} for s, c in pairs]}
                        assert list(event.data.items()) == list(expected.items())
                        assert type(event.data["cards"]) is list
                    elif event.kind == "deal":
                        dealt = [("hand", hand_no + 1), ("dealer", (dealer + 1) % players)]
                        assert list(event.data.items()) == dealt
                events += new
            for event in events:
                if event.kind in ("deal", "hand", "trick"):
                    assert type(event.data) is dict and id(event.data) not in seen
                    seen.add(id(event.data))
                if event.kind == "hand":
                    assert list(event.data) == ["seat", "cards"]
            deal = state.start_events[0]
            assert deal.kind == "deal" and list(deal.data) == ["hand", "dealer"] and deal.data["hand"] == 1
            seen.clear()
    hands = [e for e in GAME.new(GAME.options("openspiel"), 4, 3).start_events if e.kind == "hand"]
    state = GAME.new(GAME.options("openspiel"), 4, 3)
    expected_hands = [[("seat", s), ("cards", texts(state.hands[s]))] for s in range(4)]
    assert [list(e.data.items()) for e in hands] == expected_hands


def _drive(state: SpadesState, rng: random.Random) -> None:
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_a_drivers_method_lookups_on_a_state_are_specialised() -> None:
    """The interpreter specialises the driver's look-ups of ``to_act``, ``legal_actions`` and
    ``apply`` on a state (the compiled build on CPython 3.11: only because a new state's empty
    instance-dict slot is given an empty dict, ``_FILL_DICT_SLOT``)."""
    rng = random.Random(4)
    for seed in range(12):  # CPython 3.11 quickens a function at its ninth call
        _drive(GAME.new(GAME.options("openspiel"), 4, seed), rng)
    loads = {i.argval: i.opname for i in dis.get_instructions(_drive, adaptive=True)
             if i.argval in ("to_act", "legal_actions", "apply")}
    assert len(loads) == 3
    for name, opname in loads.items():
        assert opname not in ("LOAD_METHOD", "LOAD_METHOD_ADAPTIVE", "LOAD_ATTR", "LOAD_ATTR_ADAPTIVE"), name


def test_the_filled_dict_slot_changes_nothing_a_caller_sees() -> None:
    """A state whose dict slot holds the empty dict (compiled, 3.11) clones, pickles and
    copies as before, takes an attribute set from outside, and plays the same (SPR-1…SPR-13)."""
    state = GAME.new(GAME.options(), 4, 21)
    if _FILL_DICT_SLOT:
        assert vars(state) == {}
    rng = random.Random(2)
    for _ in range(20):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    views = [GAME.view(state, v) for v in (None, 0, 1, 2, 3)]
    for other in (state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert [GAME.view(other, v) for v in (None, 0, 1, 2, 3)] == views
        a, b = state.clone(), other
        _drive(a, random.Random(8))
        _drive(b, random.Random(8))
        assert a.history == b.history and a.points == b.points
    determinized = GAME.determinize(GAME.observe(state, 0), random.Random(1))
    assert GAME.view(determinized, 0) == GAME.view(state, 0)
    state.note = "x"  # type: ignore[attr-defined]
    assert state.note == "x"  # type: ignore[attr-defined]
    assert state.clone().note == "x"  # type: ignore[attr-defined]
