"""Every reason code the server raises and every interface string of the
static client has a message in all four catalogs (eu, en, es, fr)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahai.games import get_game
from mahai.i18n import LANGUAGES, catalog

SERVER = Path(__file__).resolve().parents[2] / "mahai" / "server"


def server_codes() -> set[str]:
    codes: set[str] = set()
    for path in SERVER.glob("*.py"):
        codes |= set(re.findall(r'web_error\(\w+, "(\w+)"', path.read_text()))
    return codes


def client_strings() -> set[str]:
    found: set[str] = set()
    for path in (SERVER / "static").rglob("*.js"):
        found |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)+)"', path.read_text()))
    return found


def test_the_scan_finds_codes_and_strings() -> None:
    assert {"bad_token", "stale_version", "not_seated", "bad_message"} <= server_codes()
    assert {"Create table", "Your turn."} <= client_strings()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_and_string_is_translated(lang: str) -> None:
    cat = catalog("web", lang)
    missing = sorted((server_codes() | client_strings()) - set(cat))
    assert not missing, f"{lang}: {missing}"
    placeholders = re.compile(r"\{(\w+)\}")
    for msgid in client_strings():
        assert set(placeholders.findall(cat[msgid])) == set(placeholders.findall(msgid)), (lang, msgid)


# --------------------------------------------------------------- no sentences in the game scripts
STATIC_GAMES = SERVER / "static" / "games"


def test_game_scripts_neither_describe_events_nor_label_actions() -> None:
    """Event sentences and action labels are the games' (``describe_event``,
    ``describe_action``, in their catalogs), rendered by the server: a table
    script only lays out its table."""
    scripts = sorted(STATIC_GAMES.glob("*.js"))
    assert scripts
    for path in [*scripts, SERVER / "static" / "js" / "table.js", SERVER / "static" / "js" / "replay.js"]:
        source = path.read_text()
        assert "describeEvent" not in source and "actionLabel" not in source, path.name
        assert not re.search(r'\bt\("\{who\}', source), path.name  # "{who} played {card}." and the like


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_dotted_key_is_left_untranslated(lang: str) -> None:
    """Keys built at run time (``mb.card.${code}``) are not found by the scan above:
    none may be "translated" as itself."""
    raw = sorted(k for k, v in catalog("web", lang).items() if "." in k and " " not in k and v == k)
    assert not raw, f"{lang}: {raw}"


# --------------------------------------------------------------- lobby
def test_the_lobby_script_holds_no_game_knowledge() -> None:
    """lobby.js reads everything of a game from /api/games: no game's name, no
    lookup in a game's catalog, no edition or option named."""
    from mahai.games import available_games

    lobby = (SERVER / "static" / "js" / "lobby.js").read_text()
    games = available_games()
    assert games
    for name in games:
        game = get_game(name)
        words = {name, game.slug, *game.editions}
        assert not [w for w in words if re.search(rf"[\"'`/]{re.escape(w)}[\"'`]", lobby)], name
    assert "tr(" not in lobby and "option_label" not in lobby and "sys.modules" not in lobby


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_of_every_game_has_a_label(lang: str) -> None:
    """The lobby's label of an option: msgid ``option_label.<name>`` of the game's
    catalog, or (until the games' catalogs carry them) ``option_label.<game>.<name>`` of ``web``."""
    from mahai.games import available_games
    from mahai.server.lobby import option_info

    web = catalog("web", lang)
    games = available_games()
    assert {"spades", "mille_bornes", "denborazup"} <= set(games)
    own = ("mille_bornes", "spades", "denborazup")  # a plug-in labels its options in its own catalog
    missing = [f"option_label.{g}.{o['name']}" for g in own for o in option_info(get_game(g), lang)
               if not web.get(f"option_label.{g}.{o['name']}")
               and not catalog(g, lang).get(f"option_label.{o['name']}")]
    assert not missing, f"{lang}: {missing}"


def test_every_edition_and_option_choice_has_a_name_in_every_language() -> None:
    """The lobby names editions (``edition_<name>``) and the choices of an option
    (``choice_<option>_<value>``) from each game's catalog; numbers need no name."""
    import typing

    from mahai.games import get_game
    from mahai.i18n import LANGUAGES, catalog

    missing = []
    for name in ("mille_bornes", "spades", "denborazup"):
        game = get_game(name)
        cls = type(next(iter(game.editions.values())))
        wanted = [f"edition_{e}" for e in game.editions]
        for field, hint in typing.get_type_hints(cls).items():
            if typing.get_origin(hint) is typing.Literal and all(
                    isinstance(v, str) for v in typing.get_args(hint)) and field not in ("edition", "mode"):
                wanted += [f"choice_{field}_{v}" for v in typing.get_args(hint)
                           if not v.lstrip("-").isdigit()]
        for lang in LANGUAGES:
            missing += [f"{lang}/{name}: {k}" for k in wanted if k not in catalog(name, lang)]
    assert not missing, missing


def test_every_bot_has_a_name_in_every_language() -> None:
    """Seats show "Bot: <name>" with the bot's name translated (web msgids ``bot.<name>``)."""
    from mahai.bots import bot_names
    from mahai.i18n import LANGUAGES, catalog

    names = {b for game in ("mille_bornes", "spades", "denborazup") for b in bot_names(game)}
    missing = [f"{lang}: bot.{b}" for lang in LANGUAGES for b in sorted(names)
               if f"bot.{b}" not in catalog("web", lang)]
    assert not missing, missing


def test_every_option_has_help_in_every_language() -> None:
    """The lobby's one-line help per option comes from the game's catalog (``option.<name>``),
    so it is in the player's language (every option the lobby lists: :func:`option_specs`)."""
    from mahai.core.game import option_specs
    from mahai.games import get_game
    from mahai.i18n import LANGUAGES, catalog

    missing = []
    for name in ("mille_bornes", "spades", "denborazup"):
        for spec in option_specs(next(iter(get_game(name).editions.values()))):
            if spec.name == "edition":
                continue
            missing += [f"{lang}/{name}: option.{spec.name}" for lang in LANGUAGES
                        if f"option.{spec.name}" not in catalog(name, lang)]
    assert not missing, missing
