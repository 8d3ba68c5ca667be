"""The Mille Bornes heuristic bot: its rules of thumb in exact positions, its strength, and that it
decides from its own observation only."""

from __future__ import annotations

import random
from typing import cast

import pytest

from mahai.bots import bot_names, make_bot
from mahai.bots.base import Bot
from mahai.bots.levels import DECLARED
from mahai.bots.mille_bornes import HeuristicBot, finish_cards, unseen_counts
from mahai.core.game import Action
from mahai.games.mille_bornes import GAME, MilleBornesAction, MilleBornesState
from mahai.sim import run_games, summarize
from tests.mille_bornes_play.positions import bury, make, put, set_hand, turn


def decide(st: MilleBornesState, seat: int, bot: Bot | None = None) -> str:
    bot = bot or HeuristicBot(random.Random(0))
    action: Action = bot.act(GAME, seat, GAME.observe(st, seat), st.legal_actions(seat))
    assert action in st.legal_actions(seat)
    return action.notation()


def test_registered_for_the_driver() -> None:
    """The game declares the heuristic by its technique name, or the levels of
    :mod:`mahai.bots.levels` (then ``heuristic`` is the ``medium`` level)."""
    assert dict(GAME.bots) in ({"heuristic": "mahai.bots.mille_bornes:heuristic"}, DECLARED["mille_bornes"])
    assert bot_names("mille_bornes")[-1] == "random"
    assert isinstance(make_bot("mille_bornes", "heuristic", random.Random(1)), HeuristicBot)


def test_finish_cards_counts_the_fewest_cards() -> None:
    assert finish_cards(150, [100, 50, 75, 75], 2) == 2
    assert finish_cards(75, [100, 50], 2) is None
    assert finish_cards(400, [200, 200], 1) is None
    assert finish_cards(0, [], 0) == 0


def test_unseen_counts_remove_hand_discard_and_tableaux() -> None:
    st = make(players=2)
    set_hand(st, 0, "stop", "stop", "roll", "25", "25", "25")
    put(st, 1, "roll", "100", "puncture_proof")
    bury(st, "stop")
    counts = unseen_counts(GAME.observe(st, 0))
    assert counts[5] == 4 - 3  # 2-player deck: 4 stops (MBR-2); 2 in hand, 1 discarded
    assert counts[3] == 12 - 1 and counts[17] == 0 and counts[10] == 14 - 2
    assert sum(counts) == len(st.draw_pile) + len(st.hands[1])


@pytest.mark.parametrize("holds", [True, False])
def test_coup_fourre_is_always_called_by_a_pending_partner(holds: bool) -> None:
    """MBR-10: seat 1 stops team 0 ({0, 2}); seat 0 is next, seat 2 is asked first."""
    st = make(players=4)
    put(st, 0, "roll")
    set_hand(st, 1, "stop", "25", "25", "50", "50", "75", "75")
    set_hand(st, 2, *(["right_of_way"] if holds else []), "25", "50", "75", "100", "roll")
    turn(st, 1)
    st.apply(1, GAME.parse_action("hazard stop 0"))
    assert st.to_act() == (2, 0)
    assert decide(st, 2) == ("coup_fourre right_of_way" if holds else "decline")


def test_coup_fourre_is_called_by_the_next_player_in_the_draw_phase() -> None:
    st = make(players=2)
    put(st, 0, "roll", "100")
    set_hand(st, 1, "accident", "25", "25", "50", "50", "75", "75")
    set_hand(st, 0, "driving_ace", "repairs", "25", "50", "75", "100")
    turn(st, 1)
    st.apply(1, GAME.parse_action("hazard accident 0"))
    assert st.to_act() == (0,)
    assert decide(st, 0) == "coup_fourre driving_ace"


def test_safety_is_kept_for_a_coup_fourre_when_nothing_is_at_risk() -> None:
    st = make(players=2)
    put(st, 0, "roll", "100")
    set_hand(st, 0, "extra_tank", "50", "25", "gasoline", "roll", "repairs", "75")
    turn(st, 0)
    assert decide(st, 0) == "play 75"


def test_safety_is_laid_when_blocked_remedy_or_not() -> None:
    """MBR-9: blocked by out of gas: lay the extra tank (and play again), even holding gasoline:
    the safety protects for the rest of the leg and the extra turn plays the roll at once (the
    December 2026 review: the remedy half the time cost a turn)."""
    st = make(players=2)
    put(st, 0, "roll", "100", "out_of_gas")
    set_hand(st, 0, "extra_tank", "50", "25", "roll", "repairs", "75", "100")
    turn(st, 0)
    assert decide(st, 0) == "safety extra_tank"
    set_hand(st, 0, "extra_tank", "50", "25", "roll", "gasoline", "75", "100")
    assert decide(st, 0) == "safety extra_tank"
    set_hand(st, 0, "spare_tire", "50", "25", "roll", "gasoline", "75", "100")
    assert decide(st, 0) == "remedy gasoline"


def test_safety_is_laid_near_the_end_of_the_draw_pile() -> None:
    st = make(players=2)
    put(st, 0, "roll", "100")
    set_hand(st, 0, "extra_tank", "50", "25", "gasoline", "roll", "repairs", "75")
    turn(st, 0)
    bury(st, *[_code(c) for c in st.draw_pile[:-5]])
    assert len(st.draw_pile) == 5
    assert decide(st, 0) == "safety extra_tank"


def test_safety_is_laid_when_no_matching_hazard_is_left_unseen() -> None:
    st = make(players=2)
    put(st, 0, "roll", "100")
    set_hand(st, 0, "puncture_proof", "50", "25", "gasoline", "roll", "repairs", "75")
    bury(st, "flat_tire", "flat_tire")  # the 2-player deck has only two (MBR-2)
    turn(st, 0)
    assert decide(st, 0) == "safety puncture_proof"


def test_safeties_are_laid_before_completing_the_trip() -> None:
    st = make(players=2)
    put(st, 0, "roll", "200", "200", "100", "100")
    set_hand(st, 0, "driving_ace", "100", "25", "stop", "roll", "repairs", "75")
    turn(st, 0)
    assert decide(st, 0) == "safety driving_ace"
    set_hand(st, 0, "100", "25", "stop", "roll", "repairs", "75", "50")
    assert decide(st, 0) == "play 100"  # MBR-11: exactly 700


def test_distance_is_chosen_to_land_exactly() -> None:
    """150 km left with 100, 75, 75, 25: the 100 would leave 50 (no way to make it from the hand);
    a 75 leaves 75, which the other 75 completes (MBR-11)."""
    st = make(players=2)
    put(st, 0, "roll", "200", "200", "100", "50")
    set_hand(st, 0, "100", "75", "75", "25", "gasoline", "repairs", "roll")
    turn(st, 0)
    assert decide(st, 0) == "play 75"


def test_landing_is_planned_from_the_unseen_cards() -> None:
    """MBR-11, the review's example: at 575 km holding 100 and 75 with a single 25 unseen, the
    100 would park the car at 675 waiting for that 25; the 75 leaves 50, which ten unseen 50s
    complete."""
    st = make(players=2)
    put(st, 0, "roll", "200", "200", "100", "75")
    set_hand(st, 0, "stop", "roll", "repairs", "75", "roll", "roll", "100")
    bury(st, *["25"] * 9)  # the 2-player deck has ten 25s (MBR-2)
    turn(st, 0)
    assert unseen_counts(GAME.observe(st, 0))[0] == 1
    assert decide(st, 0) == "play 75"


def test_no_speed_limit_on_a_stopped_car() -> None:
    """MBR-7, the review's example: the opponent is stopped by a flat tire, so a speed limit
    costs it nothing now; the bot plays its 200 instead."""
    st = make(players=2)
    put(st, 0, "roll")
    put(st, 1, "roll", "200", "100", "flat_tire")
    set_hand(st, 0, "speed_limit", "200", "25", "gasoline", "repairs", "end_of_limit", "roll")
    turn(st, 0)
    assert decide(st, 0) == "play 200"


def test_roll_and_remedies_are_played_promptly() -> None:
    st = make(players=2)
    set_hand(st, 0, "roll", "100", "200", "75", "25", "50", "speed_limit")
    turn(st, 0)
    assert decide(st, 0) == "play roll"
    put(st, 0, "roll", "accident")
    set_hand(st, 0, "repairs", "100", "200", "75", "25", "50", "speed_limit")
    assert decide(st, 0) == "remedy repairs"


def test_the_leader_is_attacked() -> None:
    """3 players: team 1 is at 500 km, team 2 at 100 km; both roll: the flat tire goes to team 1."""
    st = make(players=3)
    put(st, 1, "roll", "200", "200", "100")
    put(st, 2, "roll", "100")
    put(st, 0, "roll")
    set_hand(st, 0, "flat_tire", "25", "50", "gasoline", "repairs", "roll", "end_of_limit")
    bury(st, "puncture_proof")
    turn(st, 0)
    assert decide(st, 0) == "hazard flat_tire 1"


def test_the_hazard_least_likely_to_be_answered_is_chosen() -> None:
    """The driving ace is on the bot's own tableau, so an accident cannot be met by a coup fourré;
    the puncture-proof is still unseen, so a flat tire might be (MBR-10)."""
    st = make(players=2)
    put(st, 0, "roll", "driving_ace")
    put(st, 1, "roll", "100")
    set_hand(st, 0, "flat_tire", "accident", "25", "gasoline", "repairs", "roll", "end_of_limit")
    turn(st, 0)
    assert decide(st, 0) == "hazard accident 1"


@pytest.mark.parametrize("useless,setup", [
    ("repairs", "driving_ace"),   # remedy of a hazard the team is protected from
    ("200", "two_200s"),           # a 200 when two are used (MBR-11)
    ("flat_tire", "opponent_safe"),  # a hazard whose safety the target shows
    ("100", "no_fit"),             # distance that can no longer fit
])
def test_the_least_useful_card_is_discarded(useless: str, setup: str) -> None:
    st = make(players=2)
    put(st, 0, "stop")  # blocked without a roll: only discards and safeties are legal
    if setup == "driving_ace":
        put(st, 0, "driving_ace")
    if setup == "two_200s":
        put(st, 0, "200", "200")
    if setup == "opponent_safe":
        put(st, 1, "puncture_proof")
    if setup == "no_fit":
        put(st, 0, "200", "200", "100", "100", "25", "25")  # 650 of 700, extension not available
        st.ext_team = 1
        st.target = 700
    cards = [useless, "25", "50", "gasoline", "spare_tire", "accident"]
    if setup != "no_fit":
        cards[1] = "75"
    set_hand(st, 0, *cards, "end_of_limit")
    turn(st, 0)
    assert decide(st, 0) == f"discard {useless}"


def _code(card: int) -> str:
    from mahai.games.mille_bornes import CODES

    return CODES[card]


def _extension_position(opponent_km: tuple[str, ...]) -> MilleBornesState:
    st = make(players=2)
    put(st, 0, "roll", "200", "200", "100", "100", "75")
    put(st, 1, "roll", *opponent_km)
    set_hand(st, 0, "25", "100", "100", "75", "50", "roll", "stop")
    turn(st, 0)
    st.apply(0, GAME.parse_action("play 25"))
    assert GAME.view(st, 0)["decision"] == "extension"
    return st


def test_extension_with_a_clear_lead_and_cards_left() -> None:
    assert decide(_extension_position(("100",)), 0) == "extend yes"


def test_extension_weighs_the_lead_against_the_safeties_shown() -> None:
    """A 200 km lead is not enough by itself; with two safeties shown it is (MBR-12, MBR-16)."""
    assert decide(_extension_position(("200", "200", "100")), 0) == "extend no"
    st = _extension_position(("200", "200", "100"))
    put(st, 0, "extra_tank", "puncture_proof")
    assert decide(st, 0) == "extend yes"


def test_no_extension_when_a_shut_out_is_at_stake() -> None:
    """MBR-15: the opponent has no distance: stopping now scores the 500 shut-out."""
    assert decide(_extension_position(()), 0) == "extend no"


def test_no_extension_when_stopping_wins_the_game() -> None:
    st = _extension_position(("100",))
    st.totals = [4000, 3000]
    assert decide(st, 0) == "extend no"


def test_decisions_depend_only_on_the_observation() -> None:
    """Shuffling the cards the bot cannot see (other hands, draw pile) never changes its choice."""
    rng = random.Random(5)
    st = make(players=3, seed=5)
    bots = [HeuristicBot(random.Random(i)) for i in range(3)]
    checked = 0
    while not st.is_over and checked < 300:
        seat = st.to_act()[0]
        action = cast(MilleBornesAction,
                      bots[seat].act(GAME, seat, GAME.observe(st, seat), st.legal_actions(seat)))
        other = st.clone()
        hidden = [c for s in range(3) if s != seat for c in other.hands[s]] + other.draw_pile
        rng.shuffle(hidden)
        for s in range(3):
            if s != seat:
                n = len(other.hands[s])
                other.hands[s], hidden = hidden[:n], hidden[n:]
        other.draw_pile = hidden
        again = bots[seat].act(GAME, seat, GAME.observe(other, seat), other.legal_actions(seat))
        assert again == action
        st.apply(seat, action)
        checked += 1
    assert checked == 300


def test_heuristic_beats_random_in_two_player_games_to_5000() -> None:
    """The requirement is ≥ 95% of 2-player games to 5,000 (edition eu) against the random bot,
    measured with ``mahai simulate`` on 400 games (see the report: 400/400, 95% interval
    99.0%–100%). Forty games cannot show 95% with confidence: even a bot that truly wins 95%
    would score under 38/40 about a third of the time. So this smaller, fixed-seed sample asks
    for ≥ 85% (34/40), which a 95% bot misses with probability under 2%, while a bot no better than
    random (≈ 50%) fails it. Seats rotate every game (``mahai.sim``)."""
    results = list(run_games("mille_bornes", GAME.options("eu"), 2, ["heuristic", "random"], 40, seed=77))
    summary = summarize(results, lambda: 1.0)
    stats = summary.bots["heuristic"]
    assert stats.games == 40
    assert {r.seat_bots for r in results} == {("heuristic", "random"), ("random", "heuristic")}
    assert all(max(r.scores) >= 5000 for r in results)
    assert stats.win_rate >= 0.85


@pytest.mark.parametrize("edition,players,overrides", [
    ("eu", 6, {}), ("classic", 4, {}), ("2016", 5, {}), ("eu", 2, {"fast_game": "yes"}),
    ("eu", 4, {"hazard_on_hazard": "yes"}), ("classic", 3, {"deck_exhaustion": "reshuffle"}),
    ("eu", 2, {"draw_from_discard": "yes"}), ("eu", 2, {"hazard_before_first_roll": "no"}),
])
def test_heuristic_finishes_games_of_every_edition_and_variant(edition: str, players: int,
                                                               overrides: dict[str, str]) -> None:
    """Heuristic and random bots alternate seats; every decision is one of the legal actions and
    the game ends with winners (MBR-17, MBR-22)."""
    state = GAME.new(GAME.options(edition, **overrides), players, seed=3)
    bots = [make_bot("mille_bornes", "heuristic" if s % 2 == 0 else "random", random.Random(s))
            for s in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].act(GAME, seat, GAME.observe(state, seat), legal)
        assert action in legal
        state.apply(seat, action)
        steps += 1
    assert state.winners() and steps > 20
