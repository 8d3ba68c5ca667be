"""The engine's fast paths give what the plain code gives (SPR-7, SPR-8, SPR-15).

The compiled engine keeps copies and shortcuts on its hot paths (``docs/performance.md``):
a copy of ``plays_of`` in the state module, what ``configure`` derives from an options
object (cached per object), and the view's cheaper comparisons and card counts. These
tests compare each with its plain counterpart.
"""

from __future__ import annotations

import random
from dataclasses import replace

from mahai.games.spades import GAME, plays_of
from mahai.games.spades.actions import PLAYS
from mahai.games.spades.cards import CARD_TEXTS, texts
from mahai.games.spades.scoring import score_rules, score_side
from mahai.games.spades.state import _CONFIGS, _SCORE_RULES, _plays_of, _texts_of
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
