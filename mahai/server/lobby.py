"""What the lobby shows of each installed game, read from its declared metadata.

Nothing here reflects on docstrings or modules: editions are ``Game.editions``,
their player counts ``Game.players(options)``, the edition offered for a player
count ``Game.default_edition(players)``, the bots ``Game.bots`` (strongest first,
then ``"random"``), the options :func:`mahai.core.game.option_specs` (help: the
game catalog's ``option.<name>`` in the player's language, else the field's
English ``metadata["help"]``). Every text is rendered here in the player's
language; the lobby script holds no game knowledge.

Names come from the game's own catalog first, then (for Mahai's own games,
until their catalogs carry them) from ``web``:

- game title: ``game.<name>`` (game catalog, then ``web``);
- edition: ``edition.<name>`` or ``edition_<name>`` (game catalog);
- option label: ``option_label.<name>`` (game catalog), then ``option_label.<game>.<name>`` (``web``);
- option choice: ``choice.<option>.<value>`` or ``choice_<option>_<value>`` (game catalog);
- the game in one sentence: ``about`` (game catalog), then ``about.<game>`` (``web``);
- an edition in one sentence: ``edition_about.<edition>`` (game catalog), then
  ``edition_about.<game>.<edition>`` (``web``).

The lobby's lists of tables (:func:`table_status`): a finished table leaves
them :data:`FINISHED_KEPT` seconds after its last move, and a table where
nobody has moved for :data:`ABANDONED_AFTER` seconds is abandoned.
"""

from __future__ import annotations

import time
import unicodedata
from pathlib import Path
from typing import Any

import regex

from mahai.bots import bot_names, default_bot
from mahai.core import Game, InvalidOptions
from mahai.core.game import option_specs
from mahai.core.options import options_to_dict
from mahai.games import available_games, get_game
from mahai.i18n import DEFAULT_LANGUAGE, translate
from mahai.server.text import bot_help, bot_name

STATIC = Path(__file__).resolve().parent / "static"
FINISHED_KEPT = 24 * 3600
"""Seconds a finished table stays in the lobby's lists after its last move."""
ABANDONED_AFTER = 7 * 24 * 3600
"""Seconds without a move after which a table that is not over is abandoned."""
NAME_LENGTH = 24
"""The longest name a seat may have (characters)."""


ZWJ = "\u200d"


def _joins(before: str, after: str) -> bool:
    """Whether a ZERO WIDTH JOINER between ``before`` and ``after`` makes one emoji of them
    (👩‍💻, 👨‍👩‍👧, 🏳️‍🌈): a symbol, its skin tone or its emoji variation selector, then a symbol."""
    return (unicodedata.category(after) == "So"
            and (before == "\ufe0f" or unicodedata.category(before) in ("So", "Sk")))


def clean_name(name: Any) -> str | None:
    r"""A seat's name as typed, made safe to show: a string, control and format
    characters dropped (but a ZERO WIDTH JOINER inside an emoji: "Ane 👩‍💻" stays whole,
    not "Ane 👩💻", a woman and a laptop), spaces collapsed, at most :data:`NAME_LENGTH`
    characters (code points) cut between grapheme clusters (Unicode UAX #29, the ``regex``
    module's ``\X``): a name never ends in half an emoji or a letter without its accent, as the
    page's own cut (``keep.js`` ``fitName``) and whatever a request sends; None when nothing is
    left (or ``name`` is not a string).

    >>> clean_name("  Ane\u200b  Mari\n ")
    'Ane Mari'
    >>> clean_name(None), clean_name("   "), clean_name(7)
    (None, None, None)
    >>> len(clean_name("x" * 99) or "")
    24
    >>> clean_name("Ane \U0001f469\u200d\U0001f4bb") == "Ane \U0001f469\u200d\U0001f4bb"
    True
    >>> clean_name("x" * 22 + "\U0001f469\u200d\U0001f4bb")  # the technologist does not fit whole
    'xxxxxxxxxxxxxxxxxxxxxx'
    """
    if not isinstance(name, str):
        return None
    kept: list[str] = []
    for i, c in enumerate(name):
        if c.isspace():
            kept.append(" ")
        elif unicodedata.category(c)[0] != "C":
            kept.append(c)
        elif c == ZWJ and kept and i + 1 < len(name) and _joins(kept[-1], name[i + 1]):
            kept.append(c)
    text = " ".join("".join(kept).split())
    if len(text) > NAME_LENGTH:
        size = 0
        for cluster in _CLUSTER.finditer(text):
            size += len(cluster[0])
            if size > NAME_LENGTH:
                text = text[:cluster.start()]
                break
    text = text.strip()
    return text or None


_CLUSTER = regex.compile(r"\X")
"""An extended grapheme cluster (UAX #29): what a person sees as one character."""


def _first(lang: str, *keys: tuple[str, str]) -> str | None:
    """The first ``(domain, msgid)`` that the catalogs translate, in ``lang``."""
    for domain, msgid in keys:
        text = translate(domain, msgid, lang)
        if text != msgid:
            return text
    return None


def game_title(game: Game[Any, Any], lang: str) -> str:
    """The game's display name (``game.<name>``), else its name title-cased."""
    msgid = f"game.{game.name}"
    return _first(lang, (game.name, msgid), ("web", msgid)) or game.name.replace("_", " ").title()


def edition_title(game: Game[Any, Any], edition: str, lang: str) -> str:
    """An edition's display name (``edition.<name>`` / ``edition_<name>``), else its name."""
    return _first(lang, (game.name, f"edition.{edition}"), (game.name, f"edition_{edition}")) or edition


def edition_about(game: Game[Any, Any], edition: str, lang: str) -> str | None:
    """An edition in one sentence, or None."""
    return _first(lang, (game.name, f"edition_about.{edition}"),
                  ("web", f"edition_about.{game.name}.{edition}"))


def game_about(game: Game[Any, Any], lang: str) -> str | None:
    """The game in one sentence, or None."""
    return _first(lang, (game.name, "about"), ("web", f"about.{game.name}"))


def picture(game: Game[Any, Any]) -> str:
    """The URL of the game's picture in the lobby: ``/static/img/games/<name>.svg``
    when Mahai ships one, else a generic deck of cards."""
    own = STATIC / "img" / "games" / f"{game.name}.svg"
    return f"/static/img/games/{game.name}.svg" if own.is_file() else "/static/img/games/cards.svg"


def rules_url(game: Game[Any, Any]) -> str | None:
    """The URL of the game's "How to play" page, when Mahai has one (:mod:`mahai.server.rules`)."""
    from mahai.server.rules import has_rules

    return f"/rules/{game.name}" if has_rules(game.name) else None


def option_info(game: Game[Any, Any], lang: str) -> list[dict[str, Any]]:
    """The options of ``game`` for the lobby, in field order: ``name``, ``kind``
    (``bool``, ``int``, ``choice``, ``text``), ``label``, ``help`` (one line),
    ``choices`` (``[{"value", "title"}]`` for ``choice``, else None) and
    ``edition``: True when the option's value names the edition in every
    edition (the edition selector sets it, so it is not offered twice)."""
    editions = game.editions
    out = []
    for spec in option_specs(next(iter(editions.values()))):
        name = spec.name
        label = _first(lang, (game.name, f"option_label.{name}"), ("web", f"option_label.{game.name}.{name}"))
        help_text = _first(lang, (game.name, f"option.{name}")) or spec.help
        choices = None
        if spec.choices is not None:
            choices = [{"value": v, "title": _first(lang, (game.name, f"choice.{name}.{v}"),
                                                    (game.name, f"choice_{name}_{v}")) or str(v)}
                       for v in spec.choices]
        names_edition = all(options_to_dict(o).get(name) == e for e, o in editions.items())
        out.append({"name": name, "kind": spec.kind, "label": label or name.replace("_", " "),
                    "help": help_text, "choices": choices, "edition": names_edition})
    return out


def game_info(name: str, lang: str) -> dict[str, Any]:
    """One game for ``GET /api/games``: ``name``, ``slug``, ``title``; ``players``
    (every count some edition allows); ``default_edition`` (player count, as a
    string → the edition to offer); ``editions`` (``[{"name", "title",
    "players", "options"}]``, options as JSON); ``options`` (:func:`option_info`);
    ``bots`` (``[{"name", "title"}]``, strongest first, ``random`` last); ``default_bot``
    (the one new bot seats and stand-ins get, :func:`mahai.bots.default_bot`);
    ``references`` (``[{"title", "url"}]``: public reference pages); ``about``
    (one sentence or None, and each edition's ``about``); ``picture`` (URL);
    ``rules`` (URL of the "How to play" page or None); ``example`` (a developer's example,
    :attr:`mahai.core.Game.example`: the lobby lists it last and says so).

    Raises:
        InvalidOptions: ``unknown_game``.
    """
    game = get_game(name)
    return {
        "name": game.name, "slug": game.slug, "title": game_title(game, lang),
        "about": game_about(game, lang), "picture": picture(game), "rules": rules_url(game),
        "players": list(game.player_counts),
        "default_edition": {str(n): game.default_edition(n) for n in game.player_counts},
        "editions": [{"name": k, "title": edition_title(game, k, lang), "about": edition_about(game, k, lang),
                      "players": list(game.players(v)), "options": options_to_dict(v)}
                     for k, v in game.editions.items()],
        "options": option_info(game, lang),
        "bots": [{"name": b, "title": bot_name(game, b, lang), "help": bot_help(game, b, lang)}
                 for b in bot_names(game.name)],
        "default_bot": default_bot(game.name),
        "references": references(game, lang),
        "example": game.example,
    }


def players_for(name: str, edition: str | None, overrides: dict[str, Any]) -> list[int]:
    """The player counts the options allow (``Game.players``): ``edition``
    (default: the game's first) with ``overrides``.

    Raises:
        InvalidOptions: unknown game, edition or option, or a bad value.
    """
    game = get_game(name)
    return list(game.players(game.options(edition, **overrides)))


# --------------------------------------------------------------- the lists of tables
def table_status(over: bool, last_activity: float, now: float | None = None) -> tuple[str, float]:
    """Where a table stands in the lobby's lists: ``("playing" | "over" |
    "abandoned", leaves_at)``, ``leaves_at`` the Unix time at which it leaves
    them (a finished table :data:`FINISHED_KEPT` after its last move; a table
    in play is abandoned :data:`ABANDONED_AFTER` after it).

    >>> table_status(False, 1000.0, 2000.0)
    ('playing', 605800.0)
    >>> table_status(True, 1000.0, 2000.0)[0], table_status(False, 0.0, ABANDONED_AFTER + 1.0)[0]
    ('over', 'abandoned')
    """
    now = time.time() if now is None else now
    if over:
        return "over", last_activity + FINISHED_KEPT
    leaves = last_activity + ABANDONED_AFTER
    return ("abandoned" if now >= leaves else "playing"), leaves


STATUS_ORDER = {"playing": 0, "over": 1, "abandoned": 2}
"""The order of a browser's own tables in the lobby ("my tables", which shows the first few):
the way back to a game first, whatever the date it would leave the list (see
:func:`table_status`)."""


# --------------------------------------------------------------- reference pages
# Public reference documents a game offers outside play (Game.references, made by
# Game.reference): DenboraZup's chronology of its deck (DZR-14). The table page never
# links to them: during a game the chronology is the answer key.


def revealed_card(game: Game[Any, Any], state: Any, card: str, lang: str) -> dict[str, Any] | None:
    """The story of ``card``, face up at a table of ``game`` in ``state``, told in ``lang``: the
    game's :meth:`~mahai.core.game.Game.revealed_card` on the spectator's view (never a seat's:
    what it answers, anybody may know). None for any other id, and for a game without such
    cards (the hook's default)."""
    return game.revealed_card(game.view(state, None), card, lang)


def references(game: Game[Any, Any], lang: str) -> list[dict[str, str]]:
    """The reference pages of ``game`` (:attr:`~mahai.core.game.Game.references`) the web pages
    show (a ``"chronology"``): ``[{"title", "url"}]``, the title ``reference.<kind>`` of the
    game's catalog in ``lang``."""
    return [{"title": _first(lang, (game.name, f"reference.{kind}")) or kind.title(),
             "url": f"/{kind}/{game.name}"} for kind in game.references if kind == "chronology"]


def deck_chronology(name: str, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The chronology page of the game ``name`` in ``lang``: the game's
    :meth:`~mahai.core.game.Game.reference` ``"chronology"`` (DenboraZup's deck sorted by date,
    DZR-14), public data only.

    Raises:
        InvalidOptions: ``unknown_game`` for a game without a chronology (or not installed),
            naming those that have one.
    """
    found = get_game(name).reference("chronology", lang) if name in available_games() else None
    if found is None:
        having = [g for g in available_games() if "chronology" in get_game(g).references]
        raise InvalidOptions("unknown_game", game=name, choices=", ".join(having))
    return found
