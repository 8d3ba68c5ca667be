"""Declared metadata: player counts per edition (DZR-3, DZR-12), the default edition, the
simulation figures and the option help with its translations."""

from __future__ import annotations

import pytest

from mahai.core import InvalidOptions
from mahai.core.game import option_specs
from mahai.games.denborazup import GAME
from mahai.i18n import LANGUAGES, catalog


@pytest.mark.parametrize(("edition", "counts"), [("multi", tuple(range(2, 9))), ("long", tuple(range(2, 9))),
                                                 ("solo", (1,))])
def test_players_per_edition_are_exactly_those_new_accepts(edition: str, counts: tuple[int, ...]) -> None:
    options = GAME.options(edition)
    assert GAME.players(options) == counts
    for n in range(0, 11):
        if n in counts:
            GAME.check_players(options, n)
        else:
            with pytest.raises(InvalidOptions):
                GAME.new(options, n, 1)
    assert set(GAME.player_counts) == {n for e in GAME.editions.values() for n in GAME.players(e)}


def test_default_edition_offers_solo_to_one_player_only() -> None:
    assert GAME.default_edition(1) == "solo"
    for n in range(2, 9):
        assert GAME.default_edition(n) == "multi"
        assert n in GAME.players(GAME.options(GAME.default_edition(n)))
    assert GAME.default_edition() == "multi"


def test_stats_count_rounds_and_cards_placed() -> None:
    state = GAME.new(GAME.options("solo"), 1, 3)
    while not state.is_over:
        state.apply(0, state.legal_actions(0)[0])
    stats = GAME.stats(state)
    assert stats == {"rounds": float(state.round), "cards_placed": float(state.used[0])}
    assert stats["cards_placed"] >= 4 and stats["rounds"] == stats["cards_placed"]  # DZR-12: one card a round


def test_option_help_is_declared_and_translated() -> None:
    specs = option_specs(GAME.options())
    assert [s.name for s in specs] == ["mode", "direction"]
    assert specs[0].kind == "choice" and specs[0].choices == ("multi", "solo", "long")
    assert specs[1].kind == "choice" and specs[1].choices == ("right", "left")  # DZC-6
    for spec in specs:
        assert spec.help == catalog("denborazup", "en")[f"option.{spec.name}"]
        for lang in LANGUAGES:
            assert catalog("denborazup", lang).get(f"option.{spec.name}")


def test_the_chronology_is_public_and_sorted() -> None:
    """DZR-14: the learning view (what bots study and the server's chronology page lists)."""
    from mahai.games.denborazup import chronology, sort_key
    from mahai.server.tables import deck_chronology

    cards = GAME.chronology()
    assert cards == chronology(GAME.deck) and len(cards) == len(GAME.deck)
    assert [sort_key(c) for c in cards] == sorted(sort_key(c) for c in cards)
    assert [c["id"] for c in deck_chronology("denborazup")] == [c.id for c in cards]
