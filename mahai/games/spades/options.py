"""Spades options (``docs/rules/spades.md``, "Options") and editions.

Every field is a ``Literal``; the first value listed in the rules is the
default. ``--option k=v`` on the command line sets any of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


def _help(text: str) -> dict[str, str]:
    return {"help": text}


@dataclass(frozen=True)
class SpadesOptions:
    """Rule options of one Spades game. Each field's ``metadata["help"]`` is the
    one English sentence front ends show (translated under msgid
    ``option.<name>`` in the ``spades`` catalog).

    Details:
        first_lead: ``two_of_clubs``: the holder of the two of clubs must lead it
            (two players: if it was discarded in the stock deal, the non-dealer
            leads); ``left_of_dealer``: SPR-7.
        nil_value: blind nil is worth twice this (SPR-6: ±200).
        blind_nil: never bid with two players whatever this says (SPR-6).
        failed_nil_tricks: ``bags`` (SPR-11) or ``help_partner`` (OpenSpiel).
        bag_limit, bag_penalty: every ``bag_limit`` bags cost ``bag_penalty``
            points (SPR-12).
        set_scoring: a set contract scores −10 × contract or zero (SPR-10).
        target, tie: SPR-13; ``length``: ``single_hand`` as OpenSpiel.
        max_hands: a safety cap so that bot matches always end; never reached
            by sensible play.
    """

    first_lead: Literal["left_of_dealer", "two_of_clubs"] = field(default="left_of_dealer", metadata=_help(
        "Who leads the first trick: the player left of the dealer, or the holder of the two of clubs."))
    spades_lead: Literal["after_broken", "any_time"] = field(default="after_broken", metadata=_help(
        "Spades may be led only once broken, or at any time."))
    nil_value: Literal[100, 50] = field(default=100, metadata=_help(
        "Points won or lost by a nil; blind nil is worth twice as much."))
    blind_nil: Literal["on", "off"] = field(default="on", metadata=_help(
        "Whether blind nil may be bid (never with two players)."))
    blind_nil_min_deficit: Literal[0, 100] = field(default=0, metadata=_help(
        "Blind nil only for a side trailing by at least this many points (0: always)."))
    blind_nil_exchange: Literal[3, 2, 0] = field(default=3, metadata=_help(
        "Cards passed each way after a blind nil."))
    failed_nil_tricks: Literal["bags", "help_partner"] = field(default="bags", metadata=_help(
        "A failed nil's tricks count as bags, or toward the partner's contract."))
    bag_limit: Literal[10, 5] = field(default=10, metadata=_help(
        "Every this many bags cost the penalty below."))
    bag_penalty: Literal[100, 50] = field(default=100, metadata=_help(
        "Points lost each time the bags reach the limit."))
    set_scoring: Literal["minus_bid", "zero"] = field(default="minus_bid", metadata=_help(
        "A failed contract scores minus ten per bid trick, or zero."))
    target: Literal[500, 300, 250, 200] = field(default=500, metadata=_help(
        "Points that win the match."))
    loss_floor: Literal["none", "-200"] = field(default="none", metadata=_help(
        "A side at or below −200 after a hand loses the match."))
    tie: Literal["extra_hand"] = field(default="extra_hand", metadata=_help(
        "An exact tie at the target plays another hand."))
    length: Literal["match", "single_hand"] = field(default="match", metadata=_help(
        "A whole match, or one hand only."))
    max_hands: Literal[100, 50, 200, 0] = field(default=100, metadata=_help(
        "A safety cap: after this many hands the higher total wins (0: no cap)."))


EDITIONS: dict[str, SpadesOptions] = {
    "standard": SpadesOptions(),
    "two_player": SpadesOptions(blind_nil="off"),
    "openspiel": SpadesOptions(blind_nil="off", failed_nil_tricks="help_partner", length="single_hand"),
}
"""Edition name → options; ``standard`` is the default (SPR-1…SPR-13)."""
