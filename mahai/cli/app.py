"""The Typer application every command module hangs its commands on.

``mahai play GAME``, ``mahai simulate GAME`` and ``mahai replay FILE`` work for every
installed game (:mod:`mahai.cli.play`, :mod:`mahai.cli.simulate`); a game's real extras
have their own group (``mahai denborazup …``).
"""

from __future__ import annotations

import typer

from mahai import __version__, engine_build
from mahai.cli.common import MahaiGroup

app = typer.Typer(
    name="mahai",
    help="Mahai: Mille Bornes, Spades and DenboraZup — web table, terminal play, bot simulation.",
    no_args_is_help=True,
    add_completion=False,
    cls=MahaiGroup,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"mahai {__version__} ({engine_build()} engine)")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Show the version and which engine runs (compiled or pure Python)."),
) -> None:
    pass
