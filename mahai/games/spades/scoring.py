"""Scoring one side's hand (SPR-5, SPR-6, SPR-10…SPR-12, SPR-16, SPR-17, SPR-19, SPR-20).

Pure functions over plain numbers, so the worked cases SC-1…SC-6 (and those of the
variants, SC-7…) are checked directly. A *side* is a partnership (4 players) or one
player (2 players).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahai.games.spades.options import SpadesOptions


@dataclass(frozen=True)
class SideScore:
    """One side's result for one hand.

    Attributes:
        contract: sum of the non-nil bids (tricks).
        counted: tricks counted toward the contract.
        contract_points: +10 × contract, −10 × contract (set) or 0 (SPR-10); a blind
            bid counts double either way (SPR-17); a made contract of 10 or more may
            score 20 a trick and one of 13 may score 200 (SPR-20).
        nil_points: sum of the nil and blind-nil bonuses/penalties, each nil
            scored on its own (SPR-5, SPR-6).
        bags: bags won this hand (overtricks and, with ``failed_nil_tricks=bags``,
            a failed nil's tricks: SPR-10, SPR-11); ``bag_points`` points each (1, or 0:
            SPR-19).
        penalties: number of bag penalties taken this hand (SPR-12; none when
            ``bag_penalty`` is 0).
        points: total points of the hand (``contract_points + nil_points +
            bags * bag_points - penalties * bag_penalty``).
        total: the side's points after the hand; ``bag_count``: its bag
            counter after the hand (0 … bag_limit − 1; with no penalty, every bag of
            the match).
    """

    contract: int
    counted: int
    contract_points: int
    nil_points: int
    bags: int
    penalties: int
    points: int
    total: int
    bag_count: int

    def to_json(self) -> dict[str, int]:
        return {
            "contract": self.contract, "counted": self.counted,
            "contract_points": self.contract_points, "nil_points": self.nil_points,
            "bags": self.bags, "penalties": self.penalties, "points": self.points,
            "total": self.total, "bag_count": self.bag_count,
        }


def score_side(
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    before_points: int,
    before_bags: int,
    options: SpadesOptions,
) -> SideScore:
    """Score one side's hand.

    Args:
        bids: each member's bid (0 = nil; a blind nil is 0 with ``blind`` set).
        blind: whether each member bid blind (blind nil, or a blind bid: SPR-17).
        tricks: tricks taken by each member.
        before_points, before_bags: the side's total and bag counter before the
            hand (the counter is kept on its own, never read from the score: SPR-12).
        options: ``nil_value``, ``failed_nil_tricks``, ``set_scoring``,
            ``bag_points``, ``bag_limit``, ``bag_penalty``, ``ten_for_200`` and
            ``moon`` are used.
    """
    return SideScore(*score_values(bids, blind, tricks, before_points, before_bags, options))


Values = tuple[int, int, int, int, int, int, int, int, int]
"""The fields of a :class:`SideScore`, in order."""


def score_values(
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    before_points: int,
    before_bags: int,
    options: SpadesOptions,
) -> Values:
    """:func:`score_side` as a tuple of its fields (contract, counted, contract_points,
    nil_points, bags, penalties, points, total, bag_count): what the state scores a hand
    with (no object to make: a C struct in the compiled build)."""
    return score_with(bids, blind, tricks, before_points, before_bags, score_rules(options))


ScoreRules = tuple[int, bool, bool, bool, bool, int, int, int]
"""What scoring reads of the options, in order: ``nil_value``, ``failed_nil_tricks`` is
``help_partner``, ``ten_for_200`` is ``on``, ``moon`` is ``200``, ``set_scoring`` is
``minus_bid``, ``bag_penalty``, ``bag_limit``, ``bag_points`` (see :func:`score_rules`)."""


def score_rules(options: SpadesOptions) -> ScoreRules:
    """The options :func:`score_with` reads, as a :data:`ScoreRules` tuple (the state keeps
    one per options object: a compiled tuple's fields are read from a C struct)."""
    return (options.nil_value, options.failed_nil_tricks == "help_partner", options.ten_for_200 == "on",
            options.moon == "200", options.set_scoring == "minus_bid", options.bag_penalty,
            options.bag_limit, options.bag_points)


def score_with(
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    before_points: int,
    before_bags: int,
    rules: ScoreRules,
) -> Values:
    """:func:`score_values` with the options read beforehand (:func:`score_rules`)."""
    contract = 0
    counted = 0
    worth = 0  # what the contract is worth, made or set: 10 a trick, 20 a blind trick
    nil_points = 0
    nil_bags = 0
    size = len(bids)
    if len(blind) != size or len(tricks) != size:
        raise ValueError("bids, blind and tricks differ in length")
    # indexed (zip(..., strict=True) is a generic call in the compiled build)
    nil_value, help_partner, ten_for_200, moon_200, minus_bid, bag_penalty, bag_limit, bag_points = rules
    for i in range(size):
        bid = bids[i]
        is_blind = blind[i]
        took = tricks[i]
        if bid > 0:
            contract += bid
            counted += took
            worth += 20 * bid if is_blind else 10 * bid
            continue
        value = nil_value * (2 if is_blind else 1)
        nil_points += value if took == 0 else -value
        if help_partner:
            counted += took
        else:
            nil_bags += took
    bags = nil_bags
    if counted >= contract:
        contract_points = worth
        if contract >= 10 and ten_for_200:
            contract_points = max(contract_points, 20 * contract)
        if contract == 13 and moon_200:
            contract_points = max(contract_points, 200)
        bags += counted - contract
    else:
        contract_points = -worth if minus_bid else 0
    bag_count = before_bags + bags
    penalties = 0
    if bag_penalty:
        penalties = bag_count // bag_limit
        bag_count -= penalties * bag_limit
    points = contract_points + nil_points + bags * bag_points - penalties * bag_penalty
    return (contract, counted, contract_points, nil_points, bags, penalties, points,
            before_points + points, bag_count)
