"""The heuristic's discards (session 16, issue 15): what to throw away when the hand has no use
for a card, as the rollout oracle's positions showed it (``benchmarks/mb_discards.py``;
:func:`mahai.bots.mille_bornes.discard_keep_value`), in exact positions."""

from __future__ import annotations

import random

from mahai.bots.levels import mille_bornes_expert_spec
from mahai.bots.mille_bornes import (
    DISCARD_FEATURES,
    DISCARD_WEIGHTS,
    EXPERT_DISCARD_WEIGHTS,
    ExpertPolicy,
    HeuristicBot,
)
from mahai.games.mille_bornes import GAME, MilleBornesState
from tests.mille_bornes_play.positions import make, put, set_hand, turn


def decide(st: MilleBornesState, bot: HeuristicBot) -> str:
    action = bot.act(GAME, 0, GAME.observe(st, 0), st.legal_actions(0))
    assert action in st.legal_actions(0)
    return action.notation()


def old() -> HeuristicBot:
    """The heuristic with the discards it had before session 16 (:func:`keep_value` alone)."""
    bot = HeuristicBot(random.Random(0))
    bot.discard_weights = None
    return bot


def stopped(by: str, *hand: str, before: tuple[str, ...] = ("100",)) -> MilleBornesState:
    """Seat 0 to play, stopped by ``by`` after the distance ``before``; the opponent stopped by a
    stop, so that no hazard, remedy or distance can be played (only discards, and a safety kept
    for a coup fourré)."""
    st = make(players=2, seed=3)
    put(st, 0, "roll", *before, by)
    put(st, 1, "roll", "stop")
    set_hand(st, 0, *hand)
    turn(st, 0)
    return st


def test_the_weights_name_every_feature() -> None:
    assert len(DISCARD_WEIGHTS) == len(DISCARD_FEATURES)
    assert HeuristicBot(random.Random(0)).discard_weights == DISCARD_WEIGHTS
    # the expert keeps session 15's discards in its search: the new ones gained nothing there
    assert EXPERT_DISCARD_WEIGHTS is None and ExpertPolicy(random.Random(0)).discard_weights is None
    spec = mille_bornes_expert_spec()
    assert spec.heuristic.discard_weights is None and isinstance(spec.own, ExpertPolicy)


def test_a_remedy_its_safety_in_hand_answers_goes_first() -> None:
    """MBR-9, MBR-10: with the puncture-proof tire in hand a flat tire is answered by a coup fourré
    (or the safety laid); the spare tire is the card the hand needs least, not the 25."""
    st = stopped("accident", "25", "50", "75", "spare_tire", "gasoline", "puncture_proof", "200")
    assert decide(st, old()) == "discard 25"
    assert decide(st, HeuristicBot(random.Random(0))) == "discard spare_tire"


def test_a_roll_goes_when_the_right_of_way_is_in_hand() -> None:
    """MBR-8, MBR-9: the right of way in hand starts the car after the repairs (the heuristic lays
    it when it needs a roll and holds none): the roll is worth less than a 25."""
    st = stopped("accident", "25", "50", "75", "100", "roll", "right_of_way", "200")
    assert decide(st, old()) == "discard 25"
    assert decide(st, HeuristicBot(random.Random(0))) == "discard roll"


def test_a_second_copy_of_a_remedy_goes_before_a_card_that_needs_the_extension() -> None:
    """Two gasolines when only two out-of-gas cards are in the two-player deck (MBR-2): the second
    is worth less than a 200 that only an extension to 1,000 km could use (MBR-11, MBR-12)."""
    st = stopped("accident", "gasoline", "gasoline", "200", "75", "50", "25", "25", before=("100",) * 6)
    assert st.km[0] == 600 and st.target == 700
    assert decide(st, old()) == "discard 200"
    assert decide(st, HeuristicBot(random.Random(0))) == "discard gasoline"
