"""Seeded playouts of whole matches (4 and 2 players, several option sets, every
edition and variant, SPR-14…SPR-22): the deck's 52 cards conserved, a seat to act
always has a legal action, matches end, scores are the sum of their parts, and no
observation or event leaks a card (the blind-nil seat sees none before deciding)."""

from __future__ import annotations

import random

import pytest

from mahai.core.options import options_to_dict
from mahai.games.spades import GAME, SpadesOptions
from tests.spades.knowledge import cards_in, known
from tests.spades.policy import steps

OPTION_SETS: list[tuple[str, int, SpadesOptions]] = [
    ("standard", 4, GAME.options()),
    ("target300-floor", 4, GAME.options(target="300", loss_floor="-200")),
    ("variants", 4, GAME.options(first_lead="two_of_clubs", spades_lead="any_time", nil_value="50",
                                 blind_nil_exchange="2", failed_nil_tricks="help_partner",
                                 set_scoring="zero", bag_limit="5", bag_penalty="50", max_hands="50")),
    ("deficit", 4, GAME.options(blind_nil_min_deficit="100", blind_nil_exchange="0", target="300")),
    ("openspiel", 4, GAME.options("openspiel")),
    ("openspiel-match", 4, GAME.options("openspiel", length="match", target="300")),
    ("cards_with_cats", 4, GAME.options("cards_with_cats", target="300")),
    ("jokers_and_deuces", 4, GAME.options("jokers_and_deuces", first_lead="two_of_clubs")),
    ("jokers", 4, GAME.options(jokers="on", spades_lead="after_first_trick", target="300")),
    ("blind-bids", 4, GAME.options(blind_bid="on", blind_bid_min_deficit="0", bid_cap="13", min_bid="4",
                                   target="300")),
    ("scoring", 4, GAME.options(nil="off", ten_for_200="on", moon="win", bag_points="0", bag_penalty="0",
                                loss_floor="-250", win_bonus="200", tie="ignore_bags", target="300")),
    ("bags", 4, GAME.options(nil_value="50", bag_limit="7", bag_penalty="110", moon="200",
                             blind_bid="on", blind_bid_min_deficit="200", target="300")),
    ("two_player", 2, GAME.options("two_player")),
    ("two_player300", 2, GAME.options("two_player", target="300", first_lead="two_of_clubs")),
    ("two_player-jokers", 2, GAME.options("jokers_and_deuces", target="300", min_bid="3")),
]


@pytest.mark.parametrize(("label", "players", "options"), OPTION_SETS, ids=[o[0] for o in OPTION_SETS])
def test_invariants_over_whole_matches(label: str, players: int, options: SpadesOptions) -> None:
    for seed in range(45):
        state = GAME.new(options, players, seed)
        totals = [0, 0]
        bonus = [0, 0]
        dealers: list[int] = []

        for _seat, _action, events in steps(state, random.Random(seed)):
            assert state.cards_in_play() == state.deck.mask
            for seat_to_act in state.to_act():
                assert state.legal_actions(seat_to_act), (label, seed)
            for e in events:
                if e.kind == "hand_scored":
                    for side in (0, 1):
                        part = e.data["sides"][side]
                        assert part["points"] == (part["contract_points"] + part["nil_points"]
                                                  + part["bags"] * options.bag_points
                                                  - part["penalties"] * options.bag_penalty)
                        totals[side] += part["points"]
                        assert part["total"] == totals[side]
                        assert 0 <= part["bag_count"] < options.bag_limit or not options.bag_penalty
                elif e.kind == "deal":
                    dealers.append(e.data["dealer"])
                elif e.kind == "match_over":
                    bonus = e.data.get("bonus", [0, 0])  # SPR-21
        assert state.is_over and state.to_act() == ()
        assert all(state.legal_actions(s) == [] for s in (-1, *range(players)))  # owes nothing
        assert state.points == [totals[0] + bonus[0], totals[1] + bonus[1]]
        assert bonus == [0, 0] or options.win_bonus
        assert list(state.scores()) == [float(state.points[s % 2]) for s in range(players)]
        last = state.history[-1]["sides"]
        moon = options.moon == "win" and any(s["contract"] == 13 and s["counted"] >= 13 for s in last)
        standing = [totals[side] - state.bags[side] * options.bag_points * (options.tie == "ignore_bags")
                    for side in (0, 1)]
        assert state.winners()
        assert moon or all(standing[s % 2] == max(standing) > min(standing) for s in state.winners())
        assert dealers[1:] == [(dealers[0] + i) % players for i in range(1, len(dealers))]  # SPC-4
        if options.length == "match" and state.hand_no < options.max_hands:
            assert (max(totals) >= options.target or moon  # SPR-13, SPR-20, SPR-21
                    or (options.loss_floor != "none" and min(totals) <= int(options.loss_floor)))


@pytest.mark.parametrize(("label", "players", "options"), OPTION_SETS, ids=[o[0] for o in OPTION_SETS])
def test_no_leak_in_any_observation_or_event(label: str, players: int, options: SpadesOptions) -> None:
    viewers: list[int | None] = [*range(players), None]
    for seed in range(4):
        state = GAME.new(options, players, 1000 + seed)
        before = {v: known(state, v) for v in viewers}
        blind_checked = 0

        for _seat, action, events in steps(state, random.Random(seed), until_hand=3):
            played = getattr(action, "card", None)
            extra = 1 << played if played is not None else 0
            now = {v: known(state, v) for v in viewers}
            for v in viewers:
                view = GAME.view(state, v)
                assert cards_in(view) & ~now[v] == 0, (label, seed, v)
                if v is not None:
                    assert view["hand"] is not None or not state.looked[v]
                    if not state.looked[v]:
                        blind_checked += 1
                        assert view["hand"] is None and cards_in(view) & state.hands[v] == 0
                for e in events:
                    shown = GAME.project_event(e, v)
                    if shown is not None:
                        assert cards_in(shown) & ~(before[v] | now[v] | extra) == 0, (label, e.kind, v)
            assert options_to_dict(options) == GAME.view(state, None)["options"]
            before = now
        always = ((options.blind_nil == "on" and options.nil == "on" and not options.blind_nil_min_deficit)
                  or (options.blind_bid == "on" and not options.blind_bid_min_deficit))
        if players == 4 and always:
            assert blind_checked > 0
