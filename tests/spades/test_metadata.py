"""The metadata Spades declares for front ends: player counts per edition (SPR-1 and
the two-player deal), the default edition, simulation figures (SPR-12 bag
penalties) and the help of every option in the four languages."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mahai.core.errors import InvalidOptions
from mahai.core.game import option_specs
from mahai.games.spades import GAME, SpadesOptions
from mahai.i18n import LANGUAGES, catalog
from tests.spades.policy import play_match


def test_players_per_edition() -> None:
    assert GAME.players(GAME.options("standard")) == (2, 4)
    assert GAME.players(GAME.options("two_player")) == (2, 4)
    assert GAME.players(GAME.options("openspiel")) == (4,)  # a failed nil helps the partner
    assert GAME.players(GAME.options(failed_nil_tricks="help_partner")) == (4,)
    for edition in GAME.editions:
        assert set(GAME.players(GAME.options(edition))) <= set(GAME.player_counts)


def test_an_edition_refuses_a_player_count_it_does_not_allow() -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.new(GAME.options("openspiel"), 2, 1)
    assert err.value.code == "bad_player_count"
    GAME.new(GAME.options("openspiel"), 4, 1)


def test_default_edition() -> None:
    assert GAME.default_edition(2) == "two_player"
    assert GAME.default_edition(4) == "standard"
    assert GAME.default_edition() == "standard"
    for players in (2, 4):
        assert players in GAME.players(GAME.options(GAME.default_edition(players)))


def test_stats_count_hands_and_bag_penalties() -> None:
    totals = {"hands": 0.0, "bag_penalties": 0.0}
    for seed in range(6):
        state = GAME.new(GAME.options(bag_limit="5"), 4, seed)
        play_match(state, random.Random(seed))
        stats = GAME.stats(state)
        assert set(stats) == {"hands", "bag_penalties"}
        assert stats["hands"] == len(state.history) == state.hand_no
        penalties = 0
        for entry in state.history:
            for side in entry["sides"]:
                penalties += side["penalties"]
        assert stats["bag_penalties"] == penalties
        for key in totals:
            totals[key] += stats[key]
    assert totals["hands"] > 6 and totals["bag_penalties"] > 0


def test_every_option_has_help_translated() -> None:
    specs = option_specs(SpadesOptions)
    assert [s.name for s in specs] == [f.name for f in dataclasses.fields(SpadesOptions)]
    for spec in specs:
        assert spec.help.endswith(".") and spec.help[0].isupper(), spec
        for lang in LANGUAGES:
            text = catalog("spades", lang).get(f"option.{spec.name}")
            if lang == "en":  # kept for catalog readers; must say what the metadata says
                assert text == spec.help, spec.name
            else:
                assert text and text != spec.help, (lang, spec.name)


def test_every_option_and_edition_is_named_in_the_spades_catalog() -> None:
    """The lobby reads an option's label (``option_label.<name>``), an edition's name and its one
    sentence (``edition_<name>``, ``edition_about.<name>``) from the game's own catalog first:
    every option and edition (SPR-14…SPR-22 and the presets included) has them in four languages."""
    names = [f.name for f in dataclasses.fields(SpadesOptions)]
    for lang in LANGUAGES:
        cat = catalog("spades", lang)
        for key in ([f"option_label.{n}" for n in names] + [f"edition_{e}" for e in GAME.editions]
                    + [f"edition_about.{e}" for e in GAME.editions]):
            assert cat.get(key), f"{lang}: no {key}"
    english, basque = catalog("spades", "en"), catalog("spades", "eu")
    assert all(basque[f"option_label.{n}"] != english[f"option_label.{n}"] for n in names if n != "target")
    assert "13" in english["edition_about.openspiel"] and "110" in basque["edition_about.cards_with_cats"]
