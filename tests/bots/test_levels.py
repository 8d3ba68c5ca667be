"""Bot levels for people (:mod:`mahai.bots.levels`): each level is the documented bot and budget,
every game lists them strongest first, the older names still work, and the names are translated."""

from __future__ import annotations

import importlib
import random

import pytest

from mahai.bots import bot_factory, bot_names, check_bots, default_bot, make_bot
from mahai.bots.levels import (
    ALIASES,
    DECLARED,
    LEVELS,
    MB_EXPERT,
    MB_STRONG,
    SPADES_EXPERT_SAMPLES,
    NoisyBot,
    level_help,
    level_name,
)
from mahai.bots.mille_bornes import HeuristicBot as MBHeuristic
from mahai.bots.mille_bornes_search import MilleBornesSearchBot
from mahai.bots.spades import HeuristicBot as SpadesHeuristic
from mahai.bots.spades_search import SearchBot as SpadesSearch
from mahai.core.errors import InvalidOptions
from mahai.games import get_game
from mahai.games.mille_bornes import GAME
from mahai.i18n import LANGUAGES, catalog
from mahai.sim import GameResult, run_games, summarize


def test_every_game_declares_the_levels_strongest_first() -> None:
    for game, mapping in DECLARED.items():
        assert list(mapping) == list(LEVELS) == ["expert", "strong", "medium", "easy"], game
        assert dict(get_game(game).bots) == mapping, game  # the game's own declaration
        assert bot_names(game) == [*LEVELS, "random"]
        assert default_bot(game) == "strong"  # the web's stand-in and new bot seats
        for path in mapping.values():
            module, _, attr = path.partition(":")
            assert callable(getattr(importlib.import_module(module), attr))


def test_levels_are_the_documented_bots() -> None:
    rng = random.Random(1)
    expert, strong = make_bot("mille_bornes", "expert", rng), make_bot("mille_bornes", "strong", rng)
    assert isinstance(expert, MilleBornesSearchBot) and expert.budget == MB_EXPERT
    assert isinstance(strong, MilleBornesSearchBot) and strong.budget == MB_STRONG
    assert MB_STRONG.decisions is not None and MB_EXPERT.decisions is not None
    assert MB_STRONG.decisions < MB_EXPERT.decisions
    assert isinstance(make_bot("mille_bornes", "medium", rng), MBHeuristic)
    easy = make_bot("mille_bornes", "easy", rng)
    assert isinstance(easy, NoisyBot) and isinstance(easy.inner, MBHeuristic) and 0 < easy.noise < 0.5
    sp_expert, sp_strong = make_bot("spades", "expert", rng), make_bot("spades", "strong", rng)
    assert isinstance(sp_expert, SpadesSearch) and isinstance(sp_strong, SpadesSearch)
    # Session 18: strong plays its cards as the expert does (as many worlds) and bids as the
    # heuristic does (no bid or blind-nil search): between the two (docs/arena/README.md).
    assert sp_strong.samples == sp_expert.samples == SPADES_EXPERT_SAMPLES
    assert sp_expert.bid_samples > 0 and sp_expert.blind_samples > 0
    assert sp_strong.bid_samples == sp_strong.blind_samples == 0
    assert isinstance(make_bot("spades", "medium", rng), SpadesHeuristic)
    assert make_bot("denborazup", "strong", rng).name == "strong"


def test_older_names_still_make_the_same_bots() -> None:
    assert ALIASES == {"heuristic": "medium", "search": "expert"}
    for game in ("mille_bornes", "spades"):
        check_bots(game, ["heuristic", *LEVELS, "random"])
        old, new = make_bot(game, "heuristic", random.Random(0)), make_bot(game, "medium", random.Random(0))
        assert type(old) is type(new)
    with pytest.raises(InvalidOptions):
        bot_factory("mille_bornes", "genius")


def test_noisy_bot_plays_its_inner_bot_or_at_random() -> None:
    """With noise 0 the easy bot is its inner bot; with noise 1 every legal action comes up."""
    state = GAME.new(GAME.options("eu"), 2, 4)
    state.apply(0, GAME.parse_action("draw"))
    obs, legal = GAME.observe(state, 0), state.legal_actions(0)
    inner = MBHeuristic(random.Random(0))
    calm = NoisyBot(random.Random(1), inner, 0.0)
    assert all(calm.act(GAME, 0, obs, legal) == inner.act(GAME, 0, obs, legal) for _ in range(20))
    wild = NoisyBot(random.Random(1), inner, 1.0)
    assert {wild.act(GAME, 0, obs, legal) for _ in range(300)} == set(legal)


def test_easy_loses_to_medium_and_beats_random() -> None:
    """Mille Bornes, 2 players to 5,000 (MBR-17), seats rotated: medium beats easy (measured
    ≈ 76% over 400 games), easy beats random (100% over 200)."""
    results = list(run_games("mille_bornes", GAME.options("eu"), 2, ["medium", "easy"], 40, seed=11))
    assert summarize(results, lambda: 1.0).bots["medium"].win_rate >= 0.6
    results = list(run_games("mille_bornes", GAME.options("eu"), 2, ["easy", "random"], 20, seed=11))
    assert summarize(results, lambda: 1.0).bots["easy"].win_rate >= 0.9


def test_the_summary_lists_the_bots_in_seat_order() -> None:
    """``mahai simulate`` printed the bots in the order of a set of their names, which changes
    from one process to the next (string hashing): the same command and seed printed its table
    and JSON in another order. Now the order they first sat in, whatever the hashing."""
    names = ("medium", "random", "expert", "easy", "strong", "heuristic", "search", "x")
    results = [GameResult(names, frozenset({0}), tuple(float(s) for s in range(len(names)))),
               GameResult(names[::-1], frozenset({0}), (0.0,) * len(names))]
    summary = summarize(results, lambda: 1.0)
    assert list(summary.bots) == list(names)  # a set's order of 8 names: 1 chance in 40,320
    assert list(summary.to_json()["bots"]) == list(names)


def test_level_names_in_four_languages() -> None:
    assert [level_name(x, "eu") for x in LEVELS] == ["aditua", "indartsua", "ertaina", "erraza"]
    assert [level_name(x, "en") for x in LEVELS] == ["expert", "strong", "medium", "easy"]
    assert level_name("heuristic", "eu") == "ertaina"
    for lang in LANGUAGES:
        entries = catalog("bots", lang)
        for level in (*LEVELS, "random"):
            assert entries.get(f"bot.{level}") and entries.get(f"bot.{level}.help"), (lang, level)
        assert level_help("expert", lang) != level_help("easy", lang)


def test_spades_says_what_its_expert_does_with_blind_nil() -> None:
    """The lobby's sentence for Spades' expert (its own catalog, not the generic level's): it bids
    blind nil (SPR-6) whenever that pays, even at 0–0 (session 19: 98.7% of 600 arena games, most
    by blind nil); in every language, by the catalog's own word for blind nil."""
    from mahai.i18n import translate
    from mahai.server.text import bot_help

    spades, mille_bornes = get_game("spades"), get_game("mille_bornes")
    words = {"eu": "nil itsu", "en": "blind nil", "es": "nil a ciegas", "fr": "nil aveugle"}
    for lang in LANGUAGES:
        said = bot_help(spades, "expert", lang)
        assert said is not None and words[lang] in said.lower(), (lang, said)
        assert words[lang] in translate("spades", "blind_nil_off", lang).lower(), lang
        assert "0–0" in said, (lang, said)
        assert bot_help(mille_bornes, "expert", lang) == level_help("expert", lang)
        assert bot_help(spades, "strong", lang) == level_help("strong", lang)
