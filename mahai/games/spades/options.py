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
    ``option.<name>`` in the ``spades`` catalog). The defaults are the rule sheet's
    game (SPR-1…SPR-13); ``docs/rules/spades.md`` gives each variant a rule id.

    Details:
        first_lead: ``two_of_clubs``: the holder of the two of clubs (the three with
            jokers) must lead it (two players: if it was discarded in the stock deal, the
            non-dealer leads); ``left_of_dealer``: SPR-7.
        spades_lead: SPR-7; ``after_first_trick``: SPR-15.
        nil, nil_value: SPR-5, SPR-16 (``nil=off`` forbids blind nil too); blind nil is
            worth twice ``nil_value`` (SPR-6: ±200).
        blind_nil: never bid with two players whatever this says (SPR-6).
        blind_nil_min_deficit, blind_bid_min_deficit: 0 means always, for the side
            ahead too (SPC-6).
        blind_bid: SPR-17 (never with two players).
        bid_cap, min_bid: SPR-18 (a side's bids in all; a nil counts none).
        failed_nil_tricks: ``bags`` (SPR-11) or ``help_partner`` (OpenSpiel).
        bag_points, bag_limit, bag_penalty: every ``bag_limit`` bags cost
            ``bag_penalty`` points (SPR-12, SPR-19; 0: no penalty, the counter runs on).
        set_scoring: a set contract scores −10 × contract or zero (SPR-10).
        ten_for_200, moon: SPR-20.
        target, tie: SPR-13, SPR-22; ``length``: ``single_hand`` as OpenSpiel.
        loss_floor, win_bonus: SPR-21 (OpenSpiel's ``mercy_threshold`` and
            ``win_or_loss_bonus``).
        jokers, deuce_of_spades: SPR-14.
        max_hands: a safety cap so that bot matches always end; never reached
            by sensible play.
    """

    first_lead: Literal["left_of_dealer", "two_of_clubs"] = field(default="left_of_dealer", metadata=_help(
        "Who leads the first trick: the player left of the dealer, or the holder of the two of clubs."))
    spades_lead: Literal["after_broken", "any_time", "after_first_trick"] = field(
        default="after_broken", metadata=_help(
            "Spades may be led only once broken, at any time, or from the second trick on."))
    nil: Literal["on", "off"] = field(default="on", metadata=_help(
        "Whether a player may bid nil (if not, no nil and no blind nil)."))
    nil_value: Literal[100, 50] = field(default=100, metadata=_help(
        "Points won or lost by a nil; blind nil is worth twice as much."))
    blind_nil: Literal["on", "off"] = field(default="on", metadata=_help(
        "Whether blind nil may be bid (never with two players)."))
    blind_nil_min_deficit: Literal[0, 100] = field(default=0, metadata=_help(
        "Blind nil only for a side trailing by at least this many points (0: always)."))
    blind_nil_exchange: Literal[3, 2, 0] = field(default=3, metadata=_help(
        "Cards passed each way after a blind nil."))
    blind_bid: Literal["off", "on"] = field(default="off", metadata=_help(
        "Whether a player may bid six or more tricks blind, before looking, for double points."))
    blind_bid_min_deficit: Literal[100, 200, 0] = field(default=100, metadata=_help(
        "Blind bids only for a side trailing by at least this many points (0: always)."))
    bid_cap: Literal[0, 13] = field(default=0, metadata=_help(
        "The most tricks a partnership may bid in all (0: no cap)."))
    min_bid: Literal[0, 2, 3, 4, 5, 6] = field(default=0, metadata=_help(
        "The fewest tricks a side must bid in all, a nil counting none (0: no minimum)."))
    failed_nil_tricks: Literal["bags", "help_partner"] = field(default="bags", metadata=_help(
        "A failed nil's tricks count as bags, or toward the partner's contract."))
    bag_points: Literal[1, 0] = field(default=1, metadata=_help(
        "Points each bag scores (0: bags are worth nothing)."))
    bag_limit: Literal[10, 5, 7] = field(default=10, metadata=_help(
        "Every this many bags cost the penalty below."))
    bag_penalty: Literal[100, 50, 110, 0] = field(default=100, metadata=_help(
        "Points lost each time the bags reach the limit (0: no penalty)."))
    set_scoring: Literal["minus_bid", "zero"] = field(default="minus_bid", metadata=_help(
        "A failed contract scores minus ten per bid trick, or zero."))
    ten_for_200: Literal["off", "on"] = field(default="off", metadata=_help(
        "A side that bids ten or more tricks and makes them scores twenty a trick instead of ten."))
    moon: Literal["off", "200", "win"] = field(default="off", metadata=_help(
        "A side that bids all thirteen tricks and takes them scores as usual, 200 points, or the match."))
    target: Literal[500, 300, 250, 200] = field(default=500, metadata=_help(
        "Points that win the match."))
    loss_floor: Literal["none", "-200", "-250", "-300", "-350", "-500"] = field(
        default="none",
        metadata=_help("A side at or below this score after a hand loses the match (none: never)."))
    win_bonus: Literal[0, 200] = field(default=0, metadata=_help(
        "Points added to a side that wins by reaching the target, and taken from one that loses below the "
        "floor."))
    tie: Literal["extra_hand", "ignore_bags"] = field(default="extra_hand", metadata=_help(
        "A tie at the target plays another hand: equal totals, or equal once the bags not yet penalised are "
        "left out."))
    length: Literal["match", "single_hand"] = field(default="match", metadata=_help(
        "A whole match, or one hand only."))
    max_hands: Literal[100, 50, 200, 0] = field(default=100, metadata=_help(
        "A safety cap: after this many hands the higher total wins (0: no cap)."))
    jokers: Literal["off", "on"] = field(default="off", metadata=_help(
        "Play with the big and the little joker as the two highest spades, the two of clubs and of diamonds "
        "left out."))
    deuce_of_spades: Literal["low", "high"] = field(default="low", metadata=_help(
        "The two of spades ranks lowest, or just above the ace of spades (below any jokers)."))


EDITIONS: dict[str, SpadesOptions] = {
    "standard": SpadesOptions(),
    "two_player": SpadesOptions(blind_nil="off"),
    "openspiel": SpadesOptions(blind_nil="off", failed_nil_tricks="help_partner", length="single_hand",
                               bid_cap=13, loss_floor="-350", win_bonus=200),
    "cards_with_cats": SpadesOptions(blind_nil="off", failed_nil_tricks="help_partner", bid_cap=13,
                                     bag_penalty=110, tie="ignore_bags"),
    "jokers_and_deuces": SpadesOptions(jokers="on", deuce_of_spades="high"),
}
"""Edition name → options; ``standard`` is the default (SPR-1…SPR-13). ``openspiel``:
OpenSpiel's ``spades`` (one hand; its ``mercy_threshold`` −350 and ``win_or_loss_bonus``
200 matter with ``length=match``); ``cards_with_cats``: the Cards with Cats app's game;
``jokers_and_deuces``: the jokers and the 2 of spades above the ace (SPR-14)."""
