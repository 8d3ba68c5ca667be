"""Cases from the field, MBC-1 … MBC-9 (shared/cases/mille-bornes.md), each with the whole kind of fault."""

from __future__ import annotations

import pytest

from mahai.core import IllegalAction
from mahai.games.mille_bornes import GAME
from mahai.games.mille_bornes.cards import CARD_OF, CODES, SAFETY_OF
from mahai.games.mille_bornes.state import DRAW, EXTEND, PLAY, MilleBornesState
from tests.mille_bornes.helpers import do, legal, make, put, set_hand, turn, view_text

HAZARDS = ["stop", "speed_limit", "out_of_gas", "flat_tire", "accident"]


def refused(st: MilleBornesState, seat: int, text: str) -> str:
    before = view_text(st, seat)
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, GAME.parse_action(text))
    assert view_text(st, seat) == before
    return err.value.code


def abc(st: MilleBornesState) -> tuple[int, int, int]:
    """Seats A, B, C in the edition's direction of play, A = seat 0."""
    a = 0
    b = st.next_seat(a)
    return a, b, st.next_seat(b)


# ------------------------------------------------------------------ MBC-1
@pytest.mark.parametrize("edition", ["eu", "classic", "2016"])
@pytest.mark.parametrize("hazard", HAZARDS)
def test_mbc1_no_hazard_against_its_shown_safety(edition: str, hazard: str) -> None:
    """MBC-1 (MBR-6, MBR-9): every hazard against a team showing its safety is refused, never offered."""
    st = make(edition, 4)
    safety = CODES[SAFETY_OF[CARD_OF[hazard]]]
    put(st, 0, "roll", safety)
    set_hand(st, 1, hazard, "25", "25", "25", "50", "50")
    turn(st, 1)
    assert f"hazard {hazard} 0" not in legal(st, 1)
    assert f"discard {hazard}" in legal(st, 1)  # it may still be discarded
    assert refused(st, 1, f"hazard {hazard} 0") == "protected_by_safety"


def test_mbc1_case_exact() -> None:
    """MBC-1: A shows puncture-proof on [roll]; B's flat tire is not a legal play against A."""
    st = make("eu", 2)
    put(st, 0, "roll", "puncture_proof")
    set_hand(st, 1, "flat_tire", "stop", "25", "25", "50", "50")
    turn(st, 1)
    lg = legal(st, 1)
    assert "hazard flat_tire 0" not in lg and "hazard stop 0" in lg and "discard flat_tire" in lg


# ------------------------------------------------------------------ MBC-2
@pytest.mark.parametrize("hazard,remedy", [("out_of_gas", "gasoline"), ("flat_tire", "spare_tire"),
                                           ("accident", "repairs")])
def test_mbc2_roll_again_after_remedy(hazard: str, remedy: str) -> None:
    """MBC-2 (MBR-8): remedy, then roll (on top of a remedy), then distance."""
    st = make("eu", 3)
    put(st, 0, "roll", hazard)
    set_hand(st, 0, remedy, "roll", "100", "25", "25", "25")
    turn(st, 0)
    lg = legal(st, 0)
    assert f"remedy {remedy}" in lg and "play 100" not in lg and "play roll" not in lg
    do(st, 0, f"remedy {remedy}")
    turn(st, 0)
    lg = legal(st, 0)
    assert "play roll" in lg and "play 100" not in lg
    assert refused(st, 0, "play 100") == "need_roll"
    do(st, 0, "play roll")
    turn(st, 0)
    assert "play 100" in legal(st, 0)


@pytest.mark.parametrize("hazard,remedy", [("out_of_gas", "gasoline"), ("flat_tire", "spare_tire"),
                                           ("accident", "repairs")])
def test_mbc2_2016_distance_at_once_after_remedy(hazard: str, remedy: str) -> None:
    """MBC-2, edition 2016 (MBR-21): after the remedy, 100 is legal at once."""
    st = make("2016", 3)
    put(st, 0, "roll", hazard)
    set_hand(st, 0, remedy, "roll", "100", "25", "25", "25")
    turn(st, 0)
    do(st, 0, f"remedy {remedy}")
    turn(st, 0)
    assert "play 100" in legal(st, 0) and "play roll" not in legal(st, 0)


# ------------------------------------------------------------------ MBC-3
@pytest.mark.parametrize("edition", ["eu", "classic", "2016"])
def test_mbc3_any_card_may_be_discarded(edition: str) -> None:
    """MBC-3 (MBR-4): rolling at 300 holding a 100, A may discard it or any card, safeties included."""
    st = make(edition, 3)
    put(st, 0, "roll", "100", "100", "100")
    set_hand(st, 0, "100", "driving_ace", "stop", "roll", "200", "gasoline", "end_of_limit")
    turn(st, 0)
    lg = legal(st, 0)
    assert "play 100" in lg
    for code in st.hand_codes(0):
        assert f"discard {code}" in lg
    do(st, 0, "discard 100")
    assert st.discard[-1] == CARD_OF["100"] and st.km[0] == 300


# ------------------------------------------------------------------ MBC-4
def test_mbc4_three_players_extension_yes() -> None:
    """MBC-4 (MBR-12): 3 players eu, target 700, the completer is asked; yes → 1000 for all."""
    st = make("eu", 3)
    assert st.target == 700
    put(st, 0, "roll", "200", "200", "100", "100", "50")
    set_hand(st, 0, "50", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 50")
    assert st.phase == EXTEND and st.to_act() == (0,)
    assert legal(st, 0) == {"extend yes", "extend no"}
    assert GAME.view(st, 0)["decision"] == "extension"
    assert refused(st, 0, "discard 25") == "must_answer_extension"
    do(st, 0, "extend yes")
    assert st.target == 1000 and st.legs_played == 0 and st.turn == st.next_seat(0)
    assert GAME.view(st, 1)["extension"] == {"available": False, "called_by": 0}
    assert refused(st, st.turn, "extend yes") == "no_extension_question"


def test_mbc4_three_players_extension_no_ends_leg() -> None:
    st = make("eu", 3)
    put(st, 0, "roll", "200", "200", "100", "100", "50")
    set_hand(st, 0, "50", "25", "25", "25", "25", "25")
    turn(st, 0)
    do(st, 0, "play 50")
    do(st, 0, "extend no")
    assert st.legs_played == 1 and st.completers == [0]
    assert dict(st.sheets[0][0])["trip"] == 400


@pytest.mark.parametrize("edition,players,target,size", [
    ("eu", 4, 1000, 106), ("eu", 2, 700, 101), ("eu", 6, 700, 106), ("classic", 2, 1000, 106),
    ("classic", 4, 1000, 106), ("2016", 3, 1000, 106),
])
def test_mbc4_targets_and_decks(edition: str, players: int, target: int, size: int) -> None:
    """MBC-4: targets and deck sizes by player count; no question when the target is 1000."""
    st = make(edition, players)
    assert st.target == target and st.card_count() == size
    if target == 1000:
        put(st, 0, "roll", "200", "200", "100", "100", "100", "100", "100")
        set_hand(st, 0, "100", "25", "25", "25", "25", "25")
        turn(st, 0)
        do(st, 0, "play 100")
        assert st.phase != EXTEND and st.legs_played == 1


# ------------------------------------------------------------------ MBC-5
@pytest.mark.parametrize("edition", ["eu", "classic"])
def test_mbc5_coup_fourre_with_empty_draw_pile(edition: str) -> None:
    """MBC-5 (MBR-10): empty draw pile, B's accident on rolling A, A calls coup fourré with the
    driving ace: legal and scored, the accident goes away, A draws nothing and plays."""
    st = make(edition, 3)
    a, b, c = abc(st)
    attacker = next(s for s in range(3) if s != a and st.next_seat(s) != a)  # A is not next after B
    put(st, a, "roll")
    set_hand(st, a, "driving_ace", "25", "50")
    set_hand(st, attacker, "accident", "25")
    st.discard.extend(st.draw_pile)
    st.draw_pile.clear()
    turn(st, attacker)
    do(st, attacker, f"hazard accident {a}")
    assert a in st.to_act()
    events = do(st, a, "coup_fourre driving_ace")
    assert st.battle[a] == [CARD_OF["roll"]] and st.discard[-1] == CARD_OF["accident"]
    assert st.hand_codes(a) == ["25", "50"]  # nothing drawn
    assert st.turn == a and st.phase == PLAY
    assert [e.kind for e in events] == ["coup_fourre"]
    do(st, a, "play 25")
    assert st.km[a] == 25
    st._end_leg(-1, [])
    sheet = dict(st.sheets[0][a])
    assert sheet["coups_fourres"] == 300 and sheet["safeties"] == 100


# ------------------------------------------------------------------ MBC-6
@pytest.mark.parametrize("edition", ["eu", "classic", "2016"])
def test_mbc6_coup_fourre_takes_the_turn(edition: str) -> None:
    """MBC-6 (MBR-10, MBR-23): A's stop on C, C calls coup fourré with right of way, draws,
    plays; the next turn is the player after C; B's turn is lost."""
    st = make(edition, 3)
    a, b, c = abc(st)
    put(st, c, "roll")
    set_hand(st, a, "stop", "25", "25", "25", "25", "25")
    set_hand(st, c, "right_of_way", "100", "50", "50", "50", "50")
    turn(st, a)
    do(st, a, f"hazard stop {c}")
    assert st.to_act() == (c, b)
    hand_b = list(st.hands[b])
    do(st, c, "coup_fourre right_of_way")
    assert st.turn == c and st.phase == DRAW and st.to_act() == (c,)
    assert len(st.hands[c]) == 6  # one replacement card
    assert st.cf[c] and CARD_OF["stop"] == st.discard[-1]
    do(st, c, "draw")
    assert len(st.hands[c]) == 7  # MBR-10: two cards in all
    do(st, c, "play 100")  # right of way: no roll needed
    assert st.turn == a  # the player after C; B lost the turn
    assert st.hands[b] == hand_b


@pytest.mark.parametrize("edition", ["eu", "classic", "2016"])
@pytest.mark.parametrize("safety", ["right_of_way", "extra_tank", "puncture_proof", "driving_ace"])
def test_mbc6_safety_on_own_turn_gives_extra_turn(edition: str, safety: str) -> None:
    """MBC-6 second part (MBR-9): a safety laid on one's own turn → draw and play again."""
    st = make(edition, 3)
    set_hand(st, 0, safety, "25", "25", "25", "25", "25")
    turn(st, 0)
    pile = len(st.draw_pile)
    do(st, 0, f"safety {safety}")
    assert st.turn == 0 and st.phase == DRAW and st.to_act() == (0,)
    do(st, 0, "draw")
    assert len(st.draw_pile) == pile - 1 and st.turn == 0
    do(st, 0, "discard 25")
    assert st.turn == st.next_seat(0)


# ------------------------------------------------------------------ MBC-7
def test_mbc7_window_closes_when_next_player_draws_eu() -> None:
    """MBC-7 (MBR-10): B's out of gas on A; C draws; A can no longer call coup fourré, but may
    lay the extra tank on its own turn (100, no bonus, a roll still needed)."""
    st = make("eu", 3)
    b = 0
    c = st.next_seat(b)
    a = st.next_seat(c)
    put(st, a, "roll")
    set_hand(st, b, "out_of_gas", "25", "25", "25", "25", "25")
    set_hand(st, a, "extra_tank", "100", "roll", "50", "50", "50")
    turn(st, b)
    do(st, b, f"hazard out_of_gas {a}")
    assert st.to_act() == (a, c)
    do(st, c, "draw")
    assert st.to_act() == (c,)
    with pytest.raises(IllegalAction) as err:
        st.apply(a, GAME.parse_action("coup_fourre extra_tank"))
    assert err.value.code == "window_closed"
    do(st, c, "discard " + st.hand_codes(c)[0])
    assert st.turn == a
    assert refused(st, a, "coup_fourre extra_tank") == "window_closed"
    do(st, a, "draw")
    do(st, a, "safety extra_tank")
    do(st, a, "draw")
    assert refused(st, a, "play 100") == "need_roll"
    st._end_leg(-1, [])
    sheet = dict(st.sheets[0][a])
    assert sheet["safeties"] == 100 and sheet["coups_fourres"] == 0


def test_mbc7_classic_window_open_until_next_player_plays() -> None:
    """MBC-7, classic: the window closes before the next player plays or discards, not at the draw."""
    st = make("classic", 3)
    b = 0
    c = st.next_seat(b)
    a = st.next_seat(c)
    put(st, a, "roll")
    set_hand(st, b, "out_of_gas", "25", "25", "25", "25", "25")
    set_hand(st, a, "extra_tank", "100", "roll", "50", "50", "50")
    turn(st, b)
    do(st, b, f"hazard out_of_gas {a}")
    do(st, c, "draw")
    assert st.to_act() == (a, c)
    do(st, a, "coup_fourre extra_tank")
    assert st.turn == a and st.cf[a]
    # and if C plays first, the window is gone
    st2 = make("classic", 3)
    put(st2, a, "roll")
    set_hand(st2, b, "out_of_gas", "25", "25", "25", "25", "25")
    set_hand(st2, a, "extra_tank", "100", "roll", "50", "50", "50")
    turn(st2, b)
    do(st2, b, f"hazard out_of_gas {a}")
    do(st2, c, "draw")
    do(st2, c, "discard " + st2.hand_codes(c)[0])
    assert st2.win_team == -1 and st2.turn == a
    assert refused(st2, a, "coup_fourre extra_tank") == "window_closed"


def test_mbc7_attacked_player_declines_and_window_stays_for_next_player() -> None:
    """MBR-10 in a team game: the next player may itself be attacked; declines are public."""
    st = make("eu", 4)
    a = 0
    nxt = st.next_seat(a)  # seat 3, team 1
    partner = 1
    put(st, 1, "roll")
    set_hand(st, a, "stop", "25", "25", "25", "25", "25")
    set_hand(st, nxt, "right_of_way", "25", "25", "25", "25", "25")
    turn(st, a)
    do(st, a, "hazard stop 1")
    assert st.to_act() == (partner, nxt)
    assert legal(st, partner) == {"decline"}
    events = do(st, partner, "decline")
    assert [e.kind for e in events] == ["decline"] and events[0].audience is None
    assert st.to_act() == (nxt,)
    assert "coup_fourre right_of_way" in legal(st, nxt) and "draw" in legal(st, nxt)
    do(st, nxt, "coup_fourre right_of_way")
    assert st.turn == nxt and st.phase == DRAW


# ------------------------------------------------------------------ MBC-8
def test_mbc8_no_hazard_on_a_hazard() -> None:
    """MBC-8 (MBR-6, MBR-7): on A's [roll, stop], out of gas is illegal; speed limit is legal."""
    st = make("eu", 3)
    put(st, 0, "roll", "stop")
    set_hand(st, 2, "out_of_gas", "speed_limit", "25", "25", "25", "25")
    turn(st, 2)
    lg = legal(st, 2)
    assert "hazard out_of_gas 0" not in lg and "hazard speed_limit 0" in lg
    assert refused(st, 2, "hazard out_of_gas 0") == "hazard_on_hazard"
    put(st, 0, "speed_limit")
    assert refused(st, 2, "hazard speed_limit 0") == "speed_limit_in_force"


def test_mbc8_hazard_on_hazard_flag() -> None:
    """MBC-8 with ``hazard_on_hazard``: legal, and only the top hazard needs its remedy."""
    st = make("eu", 3, hazard_on_hazard=True)
    put(st, 0, "roll", "stop")
    set_hand(st, 2, "out_of_gas", "speed_limit", "25", "25", "25", "25")
    turn(st, 2)
    assert "hazard out_of_gas 0" in legal(st, 2)
    do(st, 2, "hazard out_of_gas 0")
    do(st, 0, "decline") if 0 in st.pending else None
    set_hand(st, 0, "gasoline", "roll", "100", "25", "25", "25")
    turn(st, 0)
    assert refused(st, 0, "play roll") == "need_remedy"
    do(st, 0, "remedy gasoline")
    turn(st, 0)
    do(st, 0, "play roll")
    turn(st, 0)
    assert "play 100" in legal(st, 0)


# ------------------------------------------------------------------ MBC-9
@pytest.mark.parametrize("edition,players", [("eu", 3), ("eu", 6), ("classic", 2), ("eu", 4)])
def test_mbc9_everything_resets_between_legs(edition: str, players: int) -> None:
    """MBC-9 (MBR-12, MBR-13, MBR-17): after a leg with an extension, the next leg starts with the
    base target, the extension available, empty discard pile and cleared piles."""
    st = make(edition, players, seed=4, trip_by_players=True)
    fresh = make(edition, players, seed=99, trip_by_players=True)
    put(st, 0, "roll", "200", "200", "100", "100", "50", "speed_limit", "right_of_way")
    put(st, 1, "roll", "stop", "25")
    set_hand(st, 0, "50", "25", "25", "25", "25", "25")
    for _ in range(3):
        st.discard.append(st.draw_pile.pop())
    turn(st, 0)
    do(st, 0, "play 50")
    if st.phase == EXTEND:
        do(st, 0, "extend yes")
        assert st.target == 1000
        st._end_leg(-1, [])
    if st.legs_played == 0:  # 4 players: 1000 km, the leg goes on; end it by exhaustion
        st._end_leg(-1, [])
    assert st.leg == 2 and st.legs_played == 1
    for name in ("battle", "speed", "dist", "km", "n200", "safe", "cf", "safe_order", "started",
                 "target", "ext_team", "discard", "reshuffles", "pending", "win_team", "phase"):
        assert getattr(st, name) == getattr(fresh, name), name
    assert st.card_count() == st.deck_size() and len(st.draw_pile) == len(fresh.draw_pile)
    assert GAME.view(st, 0)["extension"]["available"] == fresh.short


# ------------------------------------------------------------------ MBC-5, the whole kind
def test_mbc5_coup_fourre_with_last_card_and_empty_pile_passes_the_turn() -> None:
    """MBC-5 kind (MBR-10, MBR-13): the safety was the caller's last card and nothing can be
    drawn: the caller is skipped like any player with no cards; someone can always act."""
    st = make("eu", 3, seed=2)
    put(st, 0, "roll")
    set_hand(st, 0, "driving_ace")
    set_hand(st, 1, "accident", "25")
    set_hand(st, 2, "50", "75")
    st.discard.extend(st.draw_pile)
    st.draw_pile.clear()
    turn(st, 1)
    do(st, 1, "hazard accident 0")  # direction right: seat 0 is next, and attacked
    assert st.to_act() == (0,) and "coup_fourre driving_ace" in legal(st, 0)
    do(st, 0, "coup_fourre driving_ace")
    assert st.cf[0] and not st.hands[0]
    assert st.turn == 2 and st.phase == PLAY
    assert all(st.legal_actions(s) for s in st.to_act())


@pytest.mark.parametrize("exhaustion", ["play_out", "reshuffle", "end"])
def test_mbc5_fast_remedy_takes_the_last_card_before_the_next_player_draws(exhaustion: str) -> None:
    """The same kind in the fast game: an out-of-turn remedy draws the last card of the pile while
    the next player waits to draw; the next player then plays on as the exhaustion rule says."""
    st = make("eu", 3, fast_game=True, deck_exhaustion=exhaustion)
    a, b, c = abc(st)
    put(st, c, "roll")
    set_hand(st, a, "accident", "25", "25", "25", "25", "25")
    set_hand(st, c, "repairs", "50", "50", "50", "50", "50")
    st.discard.extend(st.draw_pile[1:])
    del st.draw_pile[1:]
    turn(st, a)
    do(st, a, f"hazard accident {c}")
    assert st.to_act() == (c, b) and st.phase == DRAW
    do(st, c, "remedy repairs")
    if exhaustion == "end":
        assert st.legs_played == 1 and st.leg == 2
    else:
        assert len(st.hands[c]) == 6 and st.battle[c][-1] == CARD_OF["repairs"]
        assert bool(st.draw_pile) == (exhaustion == "reshuffle")
        assert st.turn == b and all(st.legal_actions(s) for s in st.to_act())
        assert (st.phase == DRAW) == (exhaustion == "reshuffle")
