"""What the commands share: the game's table from the command line, bot lists, errors, the
reports' words (:func:`say`, :func:`stat_label`)."""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from mahai.bots import bot_names, check_bots
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.core.game import Game
from mahai.core.options import parse_option_pairs
from mahai.core.text import printable
from mahai.games import available_games, get_game
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain, translate


def fail(error: MahaiError, lang: str = DEFAULT_LANGUAGE, detail: str | None = None) -> typer.Exit:
    """Print ``error`` in ``lang`` on stderr, its control characters shown as escapes (it may
    quote a file name, a record's field, an option's value); return the Exit to raise (code 2).
    ``detail``: a line for a log or a bug report under it, indented and dim (a driver's own
    words, in its language: never the line the user reads)."""
    # Text, not markup: a "[" in a path is not a style; soft_wrap: a long path stays whole
    console = Console(stderr=True, soft_wrap=True)
    console.print(Text(printable(explain(error, lang)), style="red"))
    if detail:
        console.print(Text("  " + printable(detail), style="dim"))
    return typer.Exit(code=2)


class Refused(typer.BadParameter):
    """A value of the command line refused with a catalog message (``error``), which
    :class:`MahaiGroup` prints in the player's language instead of Typer's English."""

    def __init__(self, error: MahaiError) -> None:
        super().__init__(error.code)
        self.error = error


def check_lang(lang: str) -> str:
    """``--lang``: one of :data:`~mahai.i18n.LANGUAGES`.

    Raises:
        Refused: ``bad_choice`` (said in the default language: the one asked is unknown).
    """
    if lang not in LANGUAGES:
        raise Refused(InvalidOptions("bad_choice", domain="cli", option="--lang", value=lang,
                                     choices=", ".join(LANGUAGES)))
    return lang


def option_name(param: Any) -> str:
    """How the command line names ``param``: its longest flag (``--games``), or an
    argument's name in capitals (``GAME``), as the usage line shows them."""
    flags = [flag for flag in getattr(param, "opts", []) if flag.startswith("-")]
    if flags:
        return str(max(flags, key=len))
    return str(getattr(param, "name", None) or "").upper()


def refusal(err: typer.BadParameter) -> MahaiError:
    """What is wrong with a value Typer refused, as a catalog message (domain ``cli``): the
    reason comes from the validation error Typer raised it from (pydantic's error type, the
    value and the bound), not from its English text.

    Codes: ``missing_option``, ``missing_argument`` (``name``), ``not_whole_number``,
    ``not_number``, ``too_small`` (``least``), ``too_big`` (``most``), ``bad_choice``
    (``choices``), else ``bad_value``; each with ``option`` and (but the first two) ``value``.
    """
    if isinstance(err, Refused):
        return err.error
    name = option_name(err.param)
    if type(err).__name__ == "MissingParameter":
        if getattr(err.param, "param_type_name", "") == "argument":
            return InvalidOptions("missing_argument", domain="cli", name=name)
        return InvalidOptions("missing_option", domain="cli", option=name)
    cause = err.__cause__
    errors = cause.errors() if cause is not None and hasattr(cause, "errors") else []
    if not errors:
        return InvalidOptions("bad_value", domain="cli", option=name, value="")
    first = errors[0]
    kind, value, bound = first.get("type", ""), str(first.get("input", "")), first.get("ctx") or {}
    if kind in ("int_parsing", "int_from_float", "int_type"):
        return InvalidOptions("not_whole_number", domain="cli", option=name, value=value)
    if kind in ("float_parsing", "float_type", "finite_number"):
        return InvalidOptions("not_number", domain="cli", option=name, value=value)
    if kind == "greater_than_equal":
        return InvalidOptions("too_small", domain="cli", option=name, value=value, least=_number(bound["ge"]))
    if kind == "less_than_equal":
        return InvalidOptions("too_big", domain="cli", option=name, value=value, most=_number(bound["le"]))
    if kind in ("literal_error", "enum"):
        return InvalidOptions("bad_choice", domain="cli", option=name, value=value,
                              choices=str(bound.get("expected", "")).replace("'", ""))
    return InvalidOptions("bad_value", domain="cli", option=name, value=value)


def _number(bound: Any) -> str:
    """A bound as the command line writes it: ``0.0`` → ``0``."""
    return str(int(bound)) if isinstance(bound, float) and bound.is_integer() else str(bound)


class MahaiGroup(TyperGroup):
    """The ``mahai`` command group: a value that a command's option or argument refuses (a
    port that is no number, ``--jobs 0``, a missing ``--bots``) is one line in the player's
    language (the command's ``--lang``, read first: it is eager) and exit code 2, like every
    other error of the commands, not Typer's English box. Usage errors (an unknown flag, an
    extra argument) stay Typer's, as for every command."""

    def invoke(self, ctx: Any) -> Any:  # typer's own click Context
        try:
            return super().invoke(ctx)
        except typer.BadParameter as err:
            if err.param is None and not isinstance(err, Refused):
                raise
            params = err.ctx.params if err.ctx is not None else {}
            lang = params.get("lang")
            raise fail(refusal(err), lang if lang in LANGUAGES else DEFAULT_LANGUAGE) from None


GameArg = Annotated[str, typer.Argument(
    help="The game: " + ", ".join(name.replace("_", "-") for name in available_games()) + ".")]
EditionOpt = Annotated[str | None, typer.Option(
    help="The edition (default: the game's edition for the player count).")]
OptionPairs = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A rule option, k=v (repeatable).")]
PlayersOpt = Annotated[int | None, typer.Option(
    help="Players (default: the count the edition is made for, else the fewest it allows).")]
LangOpt = Annotated[str, typer.Option(help="eu, en, es or fr.", callback=check_lang, is_eager=True)]
"""``--lang``: read before the other options (eager), so that their errors are said in it."""


class TableSetup(NamedTuple):
    """A game, its options and the player count, as the command line asked."""

    game: Game[Any, Any]
    options: Any
    players: int


def table_setup(game_name: str, edition: str | None, pairs: list[str] | None,
                players: int | None) -> TableSetup:
    """The game named ``game_name``, the options of ``edition`` (default: the game's
    :meth:`~mahai.core.Game.default_edition` for ``players``) with ``k=v`` overrides, and the
    player count, checked. The default count is the first the options allow
    (:meth:`~mahai.core.Game.players`) for which the edition is the game's default edition
    (Spades ``standard``: 4, ``two_player``: 2), else the first they allow.

    Raises:
        InvalidOptions: ``unknown_game``, ``unknown_edition``, ``unknown_option``,
            ``bad_option_value``, ``bad_option_syntax``, ``bad_player_count``.
    """
    game = get_game(game_name)
    name = edition or game.default_edition(players)
    options = game.options(name, **parse_option_pairs(pairs or []))
    if players is None:
        allowed = [n for n in game.players(options) if _allows(game, options, n)] or [*game.players(options)]
        players = next((n for n in allowed if game.default_edition(n) == name), allowed[0])
    game.check_players(options, players)
    return TableSetup(game, options, players)


def _allows(game: Game[Any, Any], options: Any, players: int) -> bool:
    try:
        game.check_players(options, players)
    except MahaiError:
        return False
    return True


def bot_list(game: Game[Any, Any], text: str | None, default: list[str]) -> list[str]:
    """``"heuristic,random"`` → checked bot names; ``default`` when ``text`` is None.

    Raises:
        InvalidOptions: ``unknown_bot``.
    """
    names = [b.strip() for b in text.split(",") if b.strip()] if text is not None else default
    check_bots(game.name, names)
    return names


def strongest(game: Game[Any, Any]) -> str:
    """The game's strongest bot (``random`` if it declares none)."""
    return bot_names(game.name)[0]


def say(msgid: str, lang: str, **params: object) -> str:
    """The ``cli`` catalog's ``msgid`` in ``lang`` (:func:`~mahai.i18n.translate`: integers as
    ``lang`` writes them); the catalogs write each line's case (English keeps its lower-case lines)."""
    return translate("cli", msgid, lang, **params)


def stat_label(game: Game[Any, Any], key: str, lang: str) -> str:
    """What ``mahai simulate`` calls the figure ``key`` of :meth:`~mahai.core.Game.stats`: the
    entry ``stat.<key>`` of the game's catalog in ``lang`` (:attr:`~mahai.core.Game.stat_names`),
    else the key itself."""
    text = translate(game.name, f"stat.{key}", lang)
    return key.replace("_", " ") if text == f"stat.{key}" else text
