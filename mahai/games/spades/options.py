"""Spades options (``docs/rules/spades.md``, "Options") and editions.

Every field is a ``Literal``; the first value listed in the rules is the
default. ``--option k=v`` on the command line sets any of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class SpadesOptions:
    """Rule options of one Spades game.

    Attributes:
        first_lead: who leads the first trick of a hand: the player left of the
            dealer (SPR-7) or the holder of the two of clubs, who must lead it
            (two players: if it was discarded in the stock deal, the non-dealer).
        spades_lead: spades may be led only once broken (SPR-7), or any time.
        nil_value: points won/lost by a nil (SPR-5); blind nil is worth twice
            this (SPR-6: ±200).
        blind_nil: whether blind nil may be bid (SPR-6; never with 2 players).
        blind_nil_min_deficit: blind nil only for a side trailing by at least
            this many points (0: always).
        blind_nil_exchange: cards passed each way after a blind nil (SPR-6).
        failed_nil_tricks: a failed nil's tricks are bags for the side
            (SPR-11) or count toward the partner's contract (OpenSpiel).
        bag_limit, bag_penalty: every ``bag_limit`` bags cost ``bag_penalty``
            points (SPR-12).
        set_scoring: a set contract scores −10 × contract or zero (SPR-10).
        target: points that win the match (SPR-13).
        loss_floor: ``-200``: a side at or below −200 after a hand loses.
        tie: an exact tie at the target plays another hand (SPR-13).
        length: a whole match (SPR-13) or one hand only (OpenSpiel).
        max_hands: a safety cap so that bot matches always end: after this
            many hands the higher total wins (exact tie: another hand); 0 for
            no cap. Never reached by sensible play.
    """

    first_lead: Literal["left_of_dealer", "two_of_clubs"] = "left_of_dealer"
    spades_lead: Literal["after_broken", "any_time"] = "after_broken"
    nil_value: Literal[100, 50] = 100
    blind_nil: Literal["on", "off"] = "on"
    blind_nil_min_deficit: Literal[0, 100] = 0
    blind_nil_exchange: Literal[3, 2, 0] = 3
    failed_nil_tricks: Literal["bags", "help_partner"] = "bags"
    bag_limit: Literal[10, 5] = 10
    bag_penalty: Literal[100, 50] = 100
    set_scoring: Literal["minus_bid", "zero"] = "minus_bid"
    target: Literal[500, 300, 250, 200] = 500
    loss_floor: Literal["none", "-200"] = "none"
    tie: Literal["extra_hand"] = "extra_hand"
    length: Literal["match", "single_hand"] = "match"
    max_hands: Literal[100, 50, 200, 0] = 100


EDITIONS: dict[str, SpadesOptions] = {
    "standard": SpadesOptions(),
    "two_player": SpadesOptions(blind_nil="off"),
    "openspiel": SpadesOptions(blind_nil="off", failed_nil_tricks="help_partner", length="single_hand"),
}
"""Edition name → options; ``standard`` is the default (SPR-1…SPR-13)."""
