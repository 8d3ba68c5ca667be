"""``mahai play GAME`` (terminal play against bots, hot-seat) and ``mahai replay FILE``."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from mahai.cli.app import app
from mahai.cli.common import (
    EditionOpt,
    GameArg,
    LangOpt,
    OptionPairs,
    PlayersOpt,
    bot_list,
    fail,
    strongest,
    table_setup,
)
from mahai.core.errors import InvalidOptions, MahaiError
from mahai.core.record import GameRecord
from mahai.i18n import DEFAULT_LANGUAGE
from mahai.sim import MAX_MOVES

RecordOpt = Annotated[Path | None, typer.Option(
    help="Write the game record to this file as play goes (read it back with `mahai replay`).")]


@app.command()
def play(
    game: GameArg,
    edition: EditionOpt = None,
    option: OptionPairs = None,
    players: PlayersOpt = None,
    humans: int = typer.Option(1, help="People at the keyboard (hot-seat, from seat 0); 0 watches bots."),
    bots: str | None = typer.Option(None, help="The bots, comma-separated, given to the bot seats in turn "
                                               "(default: the game's strongest)."),
    lang: LangOpt = DEFAULT_LANGUAGE,
    seed: int | None = typer.Option(None, help="Seed of the game (random if not given)."),
    record: RecordOpt = None,
    max_moves: int = typer.Option(MAX_MOVES, "--max-moves", min=1,
                                  help="With --humans 0, stop the game after this many moves (bots alone "
                                       "may never end some games, e.g. DenboraZup's random bots)."),
) -> None:
    """Play a game in the terminal against bots (Basque by default): q quits, ? lists the legal moves."""
    from mahai.tui.driver import Terminal

    try:
        setup = table_setup(game, edition, option, players)
        names = bot_list(setup.game, bots, [strongest(setup.game)])
        if not 0 <= humans <= setup.players:
            raise InvalidOptions("bad_humans", domain="cli", humans=humans, most=setup.players)
        terminal = Terminal(setup.game, setup.options, setup.players, humans,
                            seed if seed is not None else secrets.randbits(32), lang=lang, bots=names,
                            record=record, max_moves=max_moves)
        terminal.run()  # a record that cannot be written: before the first move, or the game so far kept
    except MahaiError as err:
        raise fail(err, lang) from None


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A game record (`mahai play … --record FILE`).")],
    seat: int | None = typer.Option(None, help="Replay as this seat saw it (1 = the first seat, as the "
                                    "screens count; default: a spectator)."),
    lang: LangOpt = DEFAULT_LANGUAGE,
) -> None:
    """Tell a recorded game step by step, as a spectator (or one seat) saw it."""
    from mahai.games import get_game
    from mahai.tui.driver import replay as tell

    try:
        loaded = GameRecord.load(path)
        if seat is not None and not 1 <= seat <= loaded.players:
            raise InvalidOptions("no_such_seat", domain="cli", seat=seat, last=loaded.players)
        tell(get_game(loaded.game), loaded, viewer=None if seat is None else seat - 1, lang=lang)
    except MahaiError as err:
        raise fail(err, lang) from None
