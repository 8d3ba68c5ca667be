"""What every registered game declares (``mahai.core.game.Game``): its names, player
counts per edition, default editions, option help in every language, bots,
renderer, and its own text for actions and events."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.resources
import random
from importlib.metadata import entry_points
from typing import Any

import pytest

from mahai.bots import bot_names, make_bot
from mahai.bots.play import bot_step
from mahai.core import Game, InvalidOptions
from mahai.core.game import option_specs
from mahai.games import GROUP, get_game
from mahai.i18n import LANGUAGES, catalog
from tests.contract.playouts import GAME_NAMES

pytestmark = pytest.mark.parametrize("name", GAME_NAMES)


def _edition_fields(game: Game[Any, Any]) -> set[str]:
    """Option fields whose value names the edition in every edition (the lobby's
    edition selector shows them, not an option line)."""
    first = next(iter(game.editions.values()))
    return {f.name for f in dataclasses.fields(first)
            if all(getattr(o, f.name) == e for e, o in game.editions.items())}


def test_names_and_entry_point(name: str) -> None:
    """The entry point is named after the game (its gettext domain) and loads the
    game; ``slug`` is the name with dashes."""
    game = get_game(name)
    assert game.name == name
    assert game.slug.replace("-", "_") == name
    [ep] = [ep for ep in entry_points(group=GROUP) if ep.name.replace("-", "_") == name]
    assert ep.load() is game


def test_describe_is_the_games_own(name: str) -> None:
    """Every game overrides ``describe_action`` and ``describe_event``."""
    cls = type(get_game(name))
    assert cls.describe_action is not Game.describe_action
    assert cls.describe_event is not Game.describe_event


def test_player_counts_per_edition(name: str) -> None:
    """``players(options)`` is ascending and non-empty, within ``player_counts``
    (which is their union); ``new`` accepts these counts and refuses every other with
    ``bad_player_count``; ``default_edition(p)`` allows ``p``."""
    game = get_game(name)
    union: set[int] = set()
    for edition in game.editions:
        options = game.options(edition)
        allowed = game.players(options)
        assert allowed and list(allowed) == sorted(set(allowed)), (edition, allowed)
        union |= set(allowed)
        for players in range(0, max(game.player_counts) + 2):
            if players in allowed:
                assert game.new(options, players, 1).players == players
                continue
            with pytest.raises(InvalidOptions) as err:
                game.new(options, players, 1)
            assert err.value.code == "bad_player_count", (edition, players)
    assert tuple(sorted(union)) == tuple(game.player_counts)
    assert game.default_edition() in game.editions
    for players in game.player_counts:
        edition = game.default_edition(players)
        assert players in game.players(game.options(edition)), (players, edition)


def test_every_option_has_help_in_every_language(name: str) -> None:
    """Each option field has one English sentence in ``metadata["help"]`` and a
    translation ``option.<name>`` in the game's catalog in eu, en, es and fr."""
    game = get_game(name)
    skip = _edition_fields(game)
    problems = []
    for spec in option_specs(next(iter(game.editions.values()))):
        if spec.name in skip:
            continue
        if not spec.help.strip().endswith("."):
            problems.append(f"{spec.name}: help {spec.help!r} is not a sentence")
        problems += [f"{spec.name}: option.{spec.name} missing in {lang}"
                     for lang in LANGUAGES if f"option.{spec.name}" not in catalog(name, lang)]
    assert not problems, problems


def test_catalogs_in_every_language(name: str) -> None:
    """The game's gettext domain (its name) has a catalog in every language, with
    the same msgids in each."""
    msgids = {lang: set(catalog(name, lang)) for lang in LANGUAGES}
    assert msgids["eu"], f"no {name} catalog in eu"
    for lang in LANGUAGES:
        assert msgids[lang] == msgids["eu"], (lang, sorted(msgids[lang] ^ msgids["eu"])[:10])


def test_bots_play_legal_moves(name: str) -> None:
    """Every declared bot (``"module:factory"``) imports, and plays a few legal
    moves in the first edition with its fewest players."""
    game = get_game(name)
    for path in game.bots.values():
        module, _, attr = path.partition(":")
        assert callable(getattr(importlib.import_module(module), attr)), path
    options = game.options()
    players = game.players(options)[0]
    for bot in bot_names(name):
        state = game.new(options, players, 3)
        bots = {s: make_bot(name, bot, random.Random(s)) for s in range(players)}
        for _ in range(12):
            if state.is_over or bot_step(game, state, bots) is None:
                break
        assert state.version > 0, bot


def test_declared_renderer_is_a_resource(name: str) -> None:
    """A declared renderer (``"package:path.js"``) is a file of that package."""
    renderer = get_game(name).renderer
    if renderer is None:
        pytest.skip(f"{name} uses the server's own or the generic renderer")
    package, _, path = renderer.partition(":")
    assert path.endswith(".js")
    assert importlib.resources.files(package).joinpath(path).is_file(), renderer
