"""Rule-engine defects found while writing the bot and the terminal front end, kept as
regression tests once fixed."""

from __future__ import annotations

from mahai.games.mille_bornes import CODES, GAME
from tests.mille_bornes_play.positions import bury, make, put, set_hand, turn


def test_coup_fourre_with_empty_pile_and_last_card_passes_the_turn_on() -> None:
    """MBC-5 with the safety as the caller's last card: nothing to draw, nothing left to play, so
    the turn must pass on (MBR-13: a player with no cards is skipped), not hang."""
    st = make(players=3, seed=2)
    put(st, 0, "roll")
    set_hand(st, 0, "driving_ace")
    set_hand(st, 1, "accident", "25")
    set_hand(st, 2, "50", "75")
    bury(st, *[CODES[c] for c in list(st.draw_pile)])
    turn(st, 1)
    st.apply(1, GAME.parse_action("hazard accident 0"))  # direction right: seat 0 is next
    assert st.to_act() == (0,)
    st.apply(0, GAME.parse_action("coup_fourre driving_ace"))
    assert st.card_count() == st.deck_size()
    assert st.is_over or all(st.legal_actions(s) for s in st.to_act())
