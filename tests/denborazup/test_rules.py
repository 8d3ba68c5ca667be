"""Rules DZR-2 … DZR-13 and cases DZC-1, DZC-3, DZC-4 on rigged positions of the fixture deck."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.core import IllegalAction, InvalidOptions, MalformedAction, NotYourTurn
from mahai.games.denborazup import GAME, DenboraZupState, Place, solo_rating
from mahai.i18n import render
from tests.denborazup.helpers import by_title, mini_game, rig

G = mini_game()
GERNIKA = by_title(G, "bombing of Gernika")  # 1937, star
BILBAO_FALLS = by_title(G, "Bilbao falls")  # 1937
GUGGENHEIM = by_title(G, "Guggenheim")  # 1997
ETA = by_title(G, "ETA announces")  # 2011
RONCEVAUX = by_title(G, "Roncevaux")  # 778, star
POMPEY = by_title(G, "Pompey")  # 75 BC
ELCANO = by_title(G, "Elcano")  # 1522
AXULAR = by_title(G, "Axular")  # 1643
ATHLETIC = by_title(G, "Athletic")  # 1898
KORRIKA = by_title(G, "first Korrika")  # 1980
OSASUNA = by_title(G, "Osasuna")  # 1920
BIZKAIA = by_title(G, "Bizkaia Bridge")  # 1893
FUEROS = by_title(G, "abolishing the fueros")  # 1876, star


def new(players: int = 3, mode: str = "multi", seed: int = 1) -> DenboraZupState:
    return G.new(G.options(mode=mode), players, seed)


def act(state: DenboraZupState, seat: int, text: str) -> list[Any]:
    return state.apply(seat, G.parse_action(text))


def flip_to(state: DenboraZupState, coin: str) -> None:
    """Flip (as the flipper) and then force the coin face a test needs."""
    act(state, state.flipper, "flip")
    state.coin = coin  # type: ignore[assignment]


def snapshot(state: DenboraZupState) -> Any:
    return (repr(state.hands), repr(state.deck), repr(state.discard), repr(state.timeline), state.phase,
            state.coin, repr(state.decisions), repr(state.votes), state.version, state.rng.getstate(),
            repr(sorted(state.catchable)), repr(state.star_queue), state.flipper)


# --- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("mode", "players", "hand"), [("multi", 2, 5), ("multi", 8, 5), ("long", 4, 5),
                                                       ("solo", 1, 4)])
def test_dzr4_dzr12_setup_hands_reference_and_deck(mode: str, players: int, hand: int) -> None:
    state = new(players, mode, seed=7)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.timeline) == 1 and state.ref_index == 0
    assert len(state.deck) == len(G.deck) - players * hand - 1
    assert state.phase == "flip" and state.to_act() == (state.first_player,)
    assert sorted(state.all_cards()) == sorted(e.id for e in G.deck)


def test_dzr3_latest_date_starts_and_ties_draw_again() -> None:
    state = new(3)
    # the draws come from the top of the deck: seat 0 gets deck[-1], seat 1 deck[-2], seat 2 deck[-3]
    state.deck = [c for c in state.deck if c not in (POMPEY, ETA, ELCANO)] + [ELCANO, ETA, POMPEY]
    before = sorted(state.deck)
    assert state._first_player() == 1
    assert sorted(state.deck) == before  # the cards went back
    starts = {new(4, seed=s).first_player for s in range(40)}
    assert starts == {0, 1, 2, 3}


def test_player_counts_per_mode() -> None:
    for mode, bad in (("solo", 2), ("multi", 1), ("long", 9), ("multi", 9)):
        with pytest.raises(InvalidOptions) as err:
            G.new(G.options(mode=mode), bad, 1)
        assert err.value.code == "bad_player_count"
    with pytest.raises(InvalidOptions) as err:
        G.options(mode="short")
    assert err.value.code == "bad_option_value"
    assert GAME.name == "denborazup" and GAME.slug == "denborazup"
    assert GAME.player_counts == (1, 2, 3, 4, 5, 6, 7, 8)
    assert G.options().mode == "multi" and G.options("long").mode == "long"


# --- coin and rounds -----------------------------------------------------------------------------

def test_dzr2_coin_is_fair_and_seeded() -> None:
    faces = []
    for seed in range(400):
        state = new(2, seed=seed)
        act(state, state.flipper, "flip")
        faces.append(state.coin)
    assert set(faces) == {"up", "down"}
    assert 0.4 < faces.count("up") / len(faces) < 0.6
    again = new(2, seed=3)
    act(again, again.flipper, "flip")
    assert again.coin == faces[3]


def test_dzr5_flipper_rotates_and_only_flipper_flips() -> None:
    """DZR-5, DZC-6: the coin passes to the flipper's right, seat − 1."""
    state = new(3)
    first = state.flipper
    other = (first - 1) % 3
    with pytest.raises(NotYourTurn):
        act(state, other, "flip")
    act(state, first, "flip")
    for seat in range(3):
        act(state, seat, "pass")
    assert state.phase == "vote"
    for seat in range(3):
        act(state, seat, "vote no")
    assert state.phase == "flip" and state.flipper == other


def test_dzr5_decisions_are_simultaneous_and_secret() -> None:
    state = new(3)
    flip_to(state, "up")
    assert state.to_act() == (0, 1, 2)
    card = state.hands[1][0]
    events = act(state, 1, f"place {card}")
    assert state.to_act() == (0, 2)
    view0, view1 = G.view(state, 0), G.view(state, 1)
    assert view0["decided"] == [1] and view0["my_decision"] is None
    assert view1["my_decision"] == f"place {card}"
    assert card not in str(view0) and card not in str(G.view(state, None))
    seen = [G.project_event(e, 0) for e in events]
    assert seen == [{"kind": "decided", "seat": 1}]
    assert G.project_event(events[0], 1) == {"kind": "decided", "seat": 1, "action": f"place {card}"}
    with pytest.raises(NotYourTurn) as err:
        act(state, 1, "pass")
    assert err.value.code == "already_decided"


# --- reveal --------------------------------------------------------------------------------------

def test_dzr6_correct_card_is_discarded_wrong_card_draws_two() -> None:
    state = new(2)
    rig(state, hands=[[GUGGENHEIM, AXULAR, OSASUNA], [ELCANO, BIZKAIA, KORRIKA]], timeline=[ATHLETIC])
    flip_to(state, "up")
    act(state, 0, f"place {GUGGENHEIM}")  # 1997 after 1898: right
    events = act(state, 1, f"place {ELCANO}")  # 1522 after 1898: wrong
    assert state.hands[0] == [AXULAR, OSASUNA]
    assert len(state.hands[1]) == 2 + 2 and state.hands[1][:2] == [BIZKAIA, KORRIKA]
    assert set(state.discard[-2:]) == {GUGGENHEIM, ELCANO}
    reveal = next(e for e in events if e.kind == "reveal")
    marks = {p["seat"]: p["correct"] for p in reveal.data["placements"]}
    assert marks == {0: True, 1: False}
    assert state.used == [1, 1]


@pytest.mark.parametrize("coin", ["up", "down"])
def test_dzc1_equal_year_is_correct_on_either_side(coin: str) -> None:
    state = new(2)
    rig(state, hands=[[BILBAO_FALLS, AXULAR], [ELCANO, OSASUNA]], timeline=[GERNIKA])
    flip_to(state, coin)
    act(state, 0, f"place {BILBAO_FALLS}")
    events = act(state, 1, "pass")
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["placements"][0]["correct"] is True
    assert state.hands[0] == [AXULAR]


def test_dzr6_long_mode_same_year_fits_either_neighbour() -> None:
    state = new(2, "long")
    rig(state, hands=[[BILBAO_FALLS, AXULAR], [ELCANO, OSASUNA]], timeline=[GERNIKA])
    flip_to(state, "down")
    act(state, 0, f"place {BILBAO_FALLS} slot 0")
    act(state, 1, "pass")
    assert state.timeline == [BILBAO_FALLS, GERNIKA] and state.ref_index == 1


# --- all passed: the vote ------------------------------------------------------------------------

def _all_pass(state: DenboraZupState) -> None:
    flip_to(state, "up")
    for seat in range(state.players):
        act(state, seat, "pass")


def test_dzr7_unanimous_yes_replaces_reference_with_top_card() -> None:
    state = new(3)
    _all_pass(state)
    assert state.phase == "vote" and state.to_act() == (0, 1, 2)
    old, top = state.reference, state.deck[-1]
    view = G.view(state, 0)
    assert top not in str(view)  # nobody sees the top card before the vote
    act(state, 0, "vote yes")
    with pytest.raises(NotYourTurn) as err:
        act(state, 0, "vote no")
    assert err.value.code == "already_voted"
    assert G.view(state, 1)["my_vote"] is None and G.view(state, 0)["my_vote"] is True
    act(state, 1, "vote yes")
    events = act(state, 2, "vote yes")
    assert state.reference == top and state.discard[-1] == old
    assert any(e.kind == "new_reference" for e in events)
    assert state.phase == "flip"


def test_dzr7_one_no_keeps_the_reference() -> None:
    state = new(3)
    _all_pass(state)
    old, deck = state.reference, list(state.deck)
    act(state, 0, "vote yes")
    act(state, 1, "vote no")
    act(state, 2, "vote yes")
    assert state.reference == old and state.deck == deck


# --- DenboraZup call and catching ----------------------------------------------------------------

def _down_to_one(call: bool) -> DenboraZupState:
    state = new(3)
    rig(state, hands=[[ELCANO, OSASUNA], [AXULAR, ATHLETIC, KORRIKA], [BIZKAIA, POMPEY, ETA]],
        timeline=[GUGGENHEIM])
    state.flipper = 0
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}" + (" call" if call else ""))
    act(state, 1, "pass")
    act(state, 2, "pass")
    return state


def test_dzr8_missed_call_can_be_caught_until_the_next_flip() -> None:
    state = _down_to_one(call=False)
    assert state.hands[0] == [OSASUNA] and state.catchable == {0}
    assert state.flipper == 2  # DZC-6: seat 0's right
    assert state.to_act() == (1, 2)
    assert {a.notation() for a in state.legal_actions(1)} == {"catch 0", "waive"}
    assert {a.notation() for a in state.legal_actions(2)} == {"catch 0", "flip"}
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "catch 2")
    assert err.value.code == "cannot_catch"
    act(state, 1, "catch 0")
    assert len(state.hands[0]) == 2 and not state.catchable
    assert state.to_act() == (2,)


def test_dzr8_the_flip_closes_the_catch_window() -> None:
    state = _down_to_one(call=False)
    act(state, 1, "waive")
    assert state.to_act() == (2,)
    act(state, 2, "flip")
    assert not state.catchable
    assert all(not state.can(s, G.parse_action("catch 0")) for s in (1, 2))


def test_dzr8_a_timely_call_is_safe_and_only_the_second_to_last_card_calls() -> None:
    state = _down_to_one(call=True)
    assert state.hands[0] == [OSASUNA] and not state.catchable and state.to_act() == (2,)
    state = new(3)
    flip_to(state, "up")
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, f"place {state.hands[0][0]} call")
    assert err.value.code == "call_not_allowed" and snapshot(state) == before


# --- winning and the tie-break -------------------------------------------------------------------

def test_dzr9_a_single_player_without_cards_wins() -> None:
    state = new(3)
    rig(state, hands=[[ELCANO], [AXULAR, ATHLETIC], [BIZKAIA, POMPEY]], timeline=[GUGGENHEIM])
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {ATHLETIC}")
    act(state, 2, "pass")
    assert state.is_over and state.winners() == {0}
    assert state.to_act() == () and state.legal_actions(1) == []


def test_dzr9_tie_break_closest_year_to_reference_wins() -> None:
    state = new(3)
    deck_top = [POMPEY, ATHLETIC, AXULAR, BIZKAIA, BILBAO_FALLS, ETA]  # drawn from the end
    rig(state, hands=[[ELCANO], [KORRIKA], [OSASUNA, RONCEVAUX]], timeline=[GUGGENHEIM],
        deck=[c for c in state.cards if c not in (ELCANO, KORRIKA, OSASUNA, RONCEVAUX, GUGGENHEIM)
              and c not in deck_top] + deck_top)
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {KORRIKA}")
    events = act(state, 2, "pass")
    assert state.phase == "tiebreak" and state.to_act() == (0, 1)
    assert state.tie_options == {0: [ETA, BILBAO_FALLS, BIZKAIA], 1: [AXULAR, ATHLETIC, POMPEY]}
    # each sees their own three events, without dates; the others see counts only
    assert G.view(state, 0)["tiebreak"]["options"] == [{"id": c, "title": G.deck.get(c).titles}
                                                         for c in state.tie_options[0]]
    assert G.view(state, 2)["tiebreak"]["options"] is None
    draw = next(e for e in events if e.kind == "tiebreak_draw" and e.data["seat"] == 0)
    assert G.project_event(draw, 1) == {"kind": "tiebreak_draw", "seat": 0, "count": 3}
    with pytest.raises(IllegalAction) as err:
        act(state, 0, f"choose {AXULAR}")
    assert err.value.code == "not_an_option"
    act(state, 0, f"choose {ETA}")  # 2011: 14 years from 1997
    act(state, 1, f"choose {ATHLETIC}")  # 1898: 99 years
    assert state.is_over and state.winners() == {0}
    assert sorted(state.all_cards()) == sorted(e.id for e in G.deck)


def test_dzr9_equal_distances_start_a_new_tie_break() -> None:
    state = new(2)
    rig(state, hands=[[ELCANO], [AXULAR]], timeline=[GERNIKA])
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {AXULAR}")
    assert state.phase == "tiebreak"
    # both choose an event of the reference's own year → distance 0 each → tie again
    a, b = state.tie_options[0][0], state.tie_options[1][0]
    state.cards = dict(state.cards)
    ref_year = state.cards[GERNIKA].year
    from dataclasses import replace
    state.cards[a] = replace(state.cards[a], year=ref_year)
    state.cards[b] = replace(state.cards[b], year=ref_year)
    act(state, 0, f"choose {a}")
    events = act(state, 1, f"choose {b}")
    assert state.phase == "tiebreak" and state.tied == [0, 1]
    assert [e.kind for e in events].count("tiebreak_draw") == 2
    assert sorted(state.all_cards()) == sorted(e.id for e in G.deck)


# --- stars ---------------------------------------------------------------------------------------

def test_dzr10_star_replace_and_give_resolve_in_seat_order_from_flipper() -> None:
    """DZR-10, DZC-6: from the flipper to the right (flipper 1: seats 1, 0, 2)."""
    state = new(3)
    rig(state, hands=[[RONCEVAUX, ELCANO, OSASUNA], [GERNIKA, KORRIKA, AXULAR], [FUEROS, POMPEY, ETA]],
        timeline=[GUGGENHEIM])
    state.flipper = 1
    flip_to(state, "down")
    act(state, 0, f"place {RONCEVAUX}")
    act(state, 1, f"place {GERNIKA}")
    act(state, 2, f"place {FUEROS}")
    assert state.phase == "star" and state.star_queue == [1, 0, 2]
    assert state.to_act() == (1,)
    with pytest.raises(NotYourTurn):
        act(state, 2, "star replace")
    top = state.deck[-1]
    act(state, 1, "star replace")
    assert state.reference == top and GUGGENHEIM in state.discard
    assert state.to_act() == (0,)
    gift = state.deck[-1]
    events = act(state, 0, "star give 2")
    assert state.hands[2][-1] == gift and len(state.hands[2]) == 3
    draw = next(e for e in events if e.kind == "draw")
    assert G.project_event(draw, 0) == {"kind": "draw", "seat": 2, "reason": "star", "count": 1}
    act(state, 2, "star give 1")
    assert state.phase == "flip" and len(state.hands[1]) == 3


def test_dzr10_wrong_star_and_star_as_reference_have_no_effect() -> None:
    state = new(2)
    rig(state, hands=[[RONCEVAUX, ELCANO], [AXULAR, OSASUNA]], timeline=[FUEROS])
    flip_to(state, "up")  # 778 after 1876: wrong
    act(state, 0, f"place {RONCEVAUX}")
    act(state, 1, f"place {OSASUNA}")  # right; the reference is a star: nothing happens
    assert state.phase == "flip" and not state.star_queue


def test_dzr10_stars_do_nothing_in_solo() -> None:
    state = new(1, "solo")
    rig(state, hands=[[RONCEVAUX, ELCANO, OSASUNA, AXULAR]], timeline=[GUGGENHEIM])
    flip_to(state, "down")
    act(state, 0, f"place {RONCEVAUX}")
    assert state.phase == "flip" and state.hands[0] == [ELCANO, OSASUNA, AXULAR]


# --- empty deck ----------------------------------------------------------------------------------

def test_dzc3_wrong_card_is_not_drawn_straight_back() -> None:
    """DZC-3: deck empty, nothing else to draw: the wrongly placed card goes to the discard
    pile and the penalty draw is skipped (no reshuffle of that very card). Next round the
    discard pile (reference excluded) is reshuffled for a penalty, again without the card
    just placed."""
    state = new(2)
    rig(state, hands=[[ELCANO, OSASUNA], [AXULAR, ATHLETIC]], timeline=[GUGGENHEIM], deck=[], discard=[])
    kept = {ELCANO, OSASUNA, AXULAR, ATHLETIC, GUGGENHEIM}
    state.discard = []
    state.cards = {c: e for c, e in state.cards.items() if c in kept}
    flip_to(state, "up")
    act(state, 0, f"place {ELCANO}")  # 1522 after 1997: wrong
    events = act(state, 1, "pass")
    kinds = [e.kind for e in events]
    assert "reshuffle" not in kinds and "draw" not in kinds  # the skipped penalty says it
    assert [e.data for e in events if e.kind == "draw_skipped"] == [{"seats": [0]}]
    assert state.hands[0] == [OSASUNA] and state.discard == [ELCANO]
    assert state.reference == GUGGENHEIM and state.deck == []
    flip_to(state, "up")
    act(state, 1, f"place {AXULAR}")  # 1643 after 1997: wrong
    events = act(state, 0, "pass")
    kinds = [e.kind for e in events]
    assert kinds.count("reshuffle") == 1
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data["cards"] == [ELCANO]  # the older discard, never AXULAR just placed
    assert sorted(state.hands[1]) == sorted([ATHLETIC, ELCANO])
    assert state.discard == [AXULAR] and state.deck == []
    assert sorted(state.all_cards()) == sorted(kept)


def _said(events: list[Any], viewer: int | None) -> list[str]:
    out = []
    for event in events:
        seen = G.project_event(event, viewer)
        message = G.describe_event(seen, viewer) if seen is not None else None
        if message is not None:
            out.append(render(message, "en"))
    return out


def test_dzc3_an_empty_deck_is_said_once_a_reveal() -> None:
    """DZR-6 / DZC-3: wrong placements at an empty deck and discard pile: the players whose
    penalty is skipped are said in one line of the log, for them and for everybody else (it was
    two lines a player, "No card is left to draw." before each "No card left for … to draw.",
    then one a player: five wrong players read it five times); a vote that finds no card to
    replace the reference still says so."""
    state = new(3)
    rig(state, hands=[[ELCANO, OSASUNA], [AXULAR, ATHLETIC], [RONCEVAUX, KORRIKA]],
        timeline=[GUGGENHEIM], deck=[], discard=[])
    kept = {ELCANO, OSASUNA, AXULAR, ATHLETIC, RONCEVAUX, KORRIKA, GUGGENHEIM}
    state.discard = []
    state.cards = {c: e for c, e in state.cards.items() if c in kept}
    flip_to(state, "up")
    act(state, 0, f"place {ELCANO}")  # 1522 after 1997: wrong
    act(state, 1, f"place {AXULAR}")  # 1643 after 1997: wrong
    events = act(state, 2, "pass")
    assert _said(events, None)[2:] == ["No card left to draw: seat 2; seat 1."]
    assert _said(events, 0)[2:] == ["No card left to draw: seat 2; seat 1."]
    state.discard = []  # the wrong cards gone too: nothing for the vote's new reference
    _all_pass(state)
    for seat in range(3):
        events = act(state, seat, "vote yes")
    assert _said(events, None)[1:] == ["Vote: the reference card is replaced.", "No card is left to draw."]
    assert state.reference == GUGGENHEIM


def test_dzc3_the_last_card_goes_to_one_wrong_player_the_others_are_said_once() -> None:
    """DZR-6 / DZC-3: five wrong placements and one card left: the first wrong player in turn
    order draws it (one card of two) and the four others are named in one line, not four."""
    state = new(5)
    hands = [[ELCANO, OSASUNA], [AXULAR, ATHLETIC], [KORRIKA, BIZKAIA], [POMPEY, BILBAO_FALLS],
             [RONCEVAUX, FUEROS]]
    rig(state, hands=hands, timeline=[GUGGENHEIM], deck=[ETA], discard=[])
    kept = {c for h in hands for c in h} | {GUGGENHEIM, ETA}
    state.discard = []
    state.cards = {c: e for c, e in state.cards.items() if c in kept}
    flip_to(state, "up")
    events: list[Any] = []
    for seat in range(5):
        events = act(state, seat, f"place {hands[seat][0]}")  # every one before 1997: wrong
    order = [p["seat"] for p in next(e for e in events if e.kind == "reveal").data["placements"]]
    assert [(e.data["seat"], e.data["count"]) for e in events if e.kind == "draw"] == [(order[0], 1)]
    assert [e.data for e in events if e.kind == "draw_skipped"] == [{"seats": order[1:]}]
    said = _said(events, None)
    assert said[-2:] == [f"seat {order[0] + 1} draws a card.",
                        "No card left to draw: " + "; ".join(f"seat {s + 1}" for s in order[1:]) + "."]
    mine = _said(events, order[1])  # the player reads it once too, named among the others
    assert sum("No card left" in line for line in mine) == 1
    assert sorted(state.all_cards()) == sorted(kept)


def test_dzr11_reference_never_goes_back_into_the_deck() -> None:
    state = new(2)
    rig(state, hands=[[ELCANO, OSASUNA], [AXULAR, ATHLETIC]], timeline=[GUGGENHEIM], deck=[],
        discard=[POMPEY, KORRIKA, ETA])
    for c in list(state.discard):
        if c not in (POMPEY, KORRIKA, ETA):
            state.discard.remove(c)
    state.cards = {c: e for c, e in state.cards.items()
                   if c in {ELCANO, OSASUNA, AXULAR, ATHLETIC, GUGGENHEIM, POMPEY, KORRIKA, ETA}}
    flip_to(state, "up")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {AXULAR}")
    assert GUGGENHEIM == state.reference
    assert GUGGENHEIM not in state.deck + state.hands[0] + state.hands[1]
    # three old discards to share (DZC-3: not this round's two cards): two for the first
    # penalised seat, the last one for the other
    assert sorted(len(h) for h in state.hands) == [2, 3]
    assert sorted(state.discard) == sorted([ELCANO, AXULAR])


# --- solo ----------------------------------------------------------------------------------------

def test_dzr12_solo_no_pass_counts_cards_and_rates() -> None:
    state = new(1, "solo")
    rig(state, hands=[[ELCANO, AXULAR, OSASUNA, KORRIKA]], timeline=[GUGGENHEIM])
    assert state.to_act() == (0,)
    flip_to(state, "down")
    assert "pass" not in [a.notation() for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "pass")
    assert err.value.code == "no_pass_solo"
    for card in (ELCANO, AXULAR, OSASUNA, KORRIKA):
        if state.phase == "flip":
            flip_to(state, "down")
        act(state, 0, f"place {card}")
    assert state.is_over and state.used == [4] and state.rating() == "Bikain"
    assert G.view(state, 0)["rating"] == "Bikain" and state.scores() == (4.0,)


@pytest.mark.parametrize(("used", "word"), [(4, "Bikain"), (5, "Oso ondo"), (6, "Ondo"), (7, "Saiatu da"),
                                            (8, "Ikasi pixka bat gehiago"), (9, "Segi jolasten"),
                                            (23, "Segi jolasten")])
def test_dzr12_rating_words(used: int, word: str) -> None:
    assert solo_rating(used) == word


def test_dzr12_solo_wrong_card_draws_two() -> None:
    state = new(1, "solo")
    rig(state, hands=[[ELCANO, AXULAR, OSASUNA, KORRIKA]], timeline=[GUGGENHEIM])
    flip_to(state, "up")
    act(state, 0, f"place {ELCANO}")
    assert len(state.hands[0]) == 5 and state.used == [1] and state.phase == "flip"


# --- long timeline -------------------------------------------------------------------------------

def test_dzr13_long_timeline_grows_and_slots_follow_the_coin() -> None:
    state = new(2, "long")
    rig(state, hands=[[ELCANO, OSASUNA, ETA], [AXULAR, POMPEY, KORRIKA]], timeline=[ATHLETIC])
    flip_to(state, "down")
    assert {a.slot for a in state.legal_actions(0) if isinstance(a, Place)} == {0}
    act(state, 0, f"place {ELCANO} slot 0")
    act(state, 1, f"place {AXULAR} slot 0")
    # both right; they sit in date order in the same gap: 1522, 1643, 1898(reference)
    assert state.timeline == [ELCANO, AXULAR, ATHLETIC] and state.reference == ATHLETIC
    flip_to(state, "down")
    assert {a.slot for a in state.legal_actions(0) if isinstance(a, Place)} == {0, 1, 2}
    act(state, 0, f"place {OSASUNA} slot 2")  # 1920 before 1898: wrong
    act(state, 1, f"place {POMPEY} slot 1")  # 75 BC between 1522 and 1643: wrong
    assert state.timeline == [ELCANO, AXULAR, ATHLETIC]
    assert len(state.hands[0]) == 3 and len(state.hands[1]) == 3
    flip_to(state, "up")
    assert {a.slot for a in state.legal_actions(1) if isinstance(a, Place)} == {3}
    act(state, 0, f"place {ETA} slot 3")
    act(state, 1, f"place {KORRIKA} slot 3")
    assert state.timeline == [ELCANO, AXULAR, ATHLETIC, KORRIKA, ETA] and state.ref_index == 2
    view = G.view(state, 0)
    assert [c["id"] for c in view["timeline"]] == state.timeline and view["reference_index"] == 2


def test_dzr13_replacing_the_reference_keeps_the_timeline() -> None:
    state = new(2, "long")
    rig(state, hands=[[OSASUNA, ETA], [AXULAR, POMPEY]], timeline=[ELCANO, ATHLETIC], ref_index=1)
    state.deck.remove(KORRIKA)
    state.deck.append(KORRIKA)
    _all_pass(state)
    for seat in range(2):
        act(state, seat, "vote yes")
    assert state.timeline == [ELCANO, ATHLETIC, KORRIKA] and state.reference == KORRIKA


# --- DZC-4: validation, state unchanged ----------------------------------------------------------

def test_dzc4_bad_placements_are_rejected_and_change_nothing() -> None:
    state = new(3, "long")
    act(state, state.flipper, "flip")
    state.coin = "up"
    other_card = state.hands[1][0]
    deck_card = state.deck[0]
    before = snapshot(state)
    cases = [
        (0, f"place {other_card} slot 1", IllegalAction, "not_in_hand"),
        (0, f"place {deck_card} slot 1", IllegalAction, "not_in_hand"),
        (0, "place nosuchcard slot 1", IllegalAction, "not_in_hand"),
        (0, f"place {state.hands[0][0]} slot 99", IllegalAction, "no_such_slot"),
        (0, f"place {state.hands[0][0]} slot 0", IllegalAction, "wrong_side"),
        (0, f"place {state.hands[0][0]}", IllegalAction, "slot_required"),
        (0, "vote yes", IllegalAction, "wrong_phase"),
        (0, "star replace", IllegalAction, "wrong_phase"),
        (0, "choose x", IllegalAction, "wrong_phase"),
        (0, "flip", IllegalAction, "wrong_phase"),
        (7, "pass", NotYourTurn, "no_such_seat"),
        (-1, "pass", NotYourTurn, "no_such_seat"),
    ]
    for seat, text, kind, code in cases:
        with pytest.raises(kind) as err:
            act(state, seat, text)
        assert err.value.code == code, text
        assert snapshot(state) == before, text
    # the error for a card held by someone else says no more than for an unknown card
    errors = []
    for text in (f"place {other_card} slot 1", f"place {deck_card} slot 1"):
        with pytest.raises(IllegalAction) as err:
            act(state, 0, text)
        errors.append(err.value.to_json())
    assert [set(e["params"]) for e in errors] == [{"card"}, {"card"}]
    assert errors[0]["params"]["card"] == other_card
    # one seat cannot act for another: once decided, it cannot decide again
    act(state, 0, "pass")
    before = snapshot(state)
    with pytest.raises(NotYourTurn) as err:
        act(state, 0, f"place {state.hands[0][0]} slot 1")
    assert err.value.code == "already_decided" and snapshot(state) == before


def test_dzc4_multi_mode_refuses_slots() -> None:
    state = new(2)
    act(state, state.flipper, "flip")
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, f"place {state.hands[0][0]} slot 0")
    assert err.value.code == "no_slots" and snapshot(state) == before


@pytest.mark.parametrize("text", ["", "place", "vote maybe", "catch x", "star give", "star give -1",
                                  "place a slot", "place a slot x", "place a b c", "flip now", "dance"])
def test_malformed_notation(text: str) -> None:
    with pytest.raises(MalformedAction) as err:
        G.parse_action(text)
    assert err.value.code == "bad_notation" and err.value.domain == "denborazup"


def test_notation_round_trips_for_every_legal_action() -> None:
    rng = random.Random(5)
    for mode, players in (("multi", 4), ("long", 3), ("solo", 1)):
        state = new(players, mode, seed=11)
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                assert G.parse_action(action.notation()) == action
            state.apply(seat, rng.choice(legal))
