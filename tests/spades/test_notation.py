"""Notation round-trips (property test) and malformed input raises typed errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahai.core import MalformedAction
from mahai.games.spades import GAME, Bid, BlindBid, BlindNil, Discard, Keep, Look, Pass, Play
from mahai.games.spades.cards import card_text, cards_of, parse_card, texts

card = st.integers(0, 53)  # 52, 53: the little and the big joker (SPR-14)
actions = st.one_of(
    st.builds(Bid, st.integers(0, 13)),
    st.builds(BlindBid, st.integers(0, 20)),
    st.just(BlindNil()),
    st.just(Look()),
    st.just(Keep()),
    st.just(Discard()),
    st.builds(Play, card),
    st.lists(card, min_size=1, max_size=4, unique=True).map(lambda cs: Pass(tuple(sorted(cs)))),
)


@given(actions)
def test_notation_round_trips(action: object) -> None:
    text = action.notation()  # type: ignore[attr-defined]
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(text).notation() == text


@given(card)
def test_card_text_round_trips(c: int) -> None:
    assert parse_card(card_text(c)) == c
    assert parse_card(card_text(c).lower()) == c


def test_examples() -> None:
    assert GAME.parse_action("bid 3") == Bid(3)
    assert GAME.parse_action("bid nil") == Bid(0) == GAME.parse_action("bid 0")
    assert GAME.parse_action("pass 2H 9S 3C").notation() == "pass 3C 2H 9S"
    assert GAME.parse_action("play 10d") == Play(parse_card("TD"))
    assert card_text(parse_card("AS")) == "AS" and parse_card("2C") == 0 and parse_card("AS") == 51
    assert parse_card("lj") == 52 and parse_card("BJ") == 53 and card_text(53) == "BJ"
    # blind bids (SPR-17): one notation, several spellings read
    assert BlindBid(6).notation() == "bid blind 6"
    for text in ("bid blind 6", "bid blind_6", "bid BLIND-6"):
        assert GAME.parse_action(text) == BlindBid(6)
    for text in ("bid blind_nil", "bid blind-nil", "bid blind nil"):
        assert GAME.parse_action(text) == BlindNil()


@pytest.mark.parametrize(("text", "code"), [
    ("", "bad_notation"), ("bid", "bad_notation"), ("bid -1", "bad_notation"), ("hop", "bad_notation"),
    ("play ZZ", "bad_card"), ("play 1S", "bad_card"), ("pass 2H 2H", "duplicate_card"),
    ("look now", "bad_notation"), ("bid blind6", "bad_notation"), ("bid blind 6 7", "bad_notation"),
    ("bid blindnil", "bad_notation"), ("play JJ", "bad_card"),
])
def test_malformed(text: str, code: str) -> None:
    with pytest.raises(MalformedAction) as err:
        GAME.parse_action(text)
    assert err.value.code == code and err.value.domain == "spades"


@given(st.integers(0, (1 << 54) - 1))
def test_mask_tables_list_cards_lowest_first(mask: int) -> None:
    reference = [c for c in range(54) if mask >> c & 1]
    assert cards_of(mask) == reference
    assert texts(mask) == tuple(card_text(c) for c in reference)


@pytest.mark.parametrize("card", [-1, 54, 99, True, "AS", 1.0])
def test_actions_built_by_hand_must_name_a_card(card: object) -> None:
    """Programs build actions without parsing notation: a Play or Pass of no card is
    refused when made, with ``bad_card``, before it can reach a state."""
    with pytest.raises(MalformedAction) as err:
        Play(card)  # type: ignore[arg-type]
    assert err.value.code == "bad_card"
    with pytest.raises(MalformedAction):
        Pass((0, 1, card))  # type: ignore[arg-type]


@pytest.mark.parametrize("tricks", [True, 2.5, "3", None])
def test_bids_built_by_hand_must_be_whole_numbers(tricks: object) -> None:
    """``Bid(True)`` or ``Bid(2.5)`` would pass a range check and corrupt the score."""
    with pytest.raises(MalformedAction) as err:
        Bid(tricks)  # type: ignore[arg-type]
    assert err.value.code == "bad_notation"
    with pytest.raises(MalformedAction) as err:
        BlindBid(tricks)  # type: ignore[arg-type]
    assert err.value.code == "bad_notation"
