"""The Typer applications every command module hangs its commands on.

``mahai play GAME``, ``mahai simulate GAME`` and game-specific groups
(``mahai denborazup …``) are added by the modules listed in
:data:`mahai.cli.COMMAND_MODULES`.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="mahai",
    help="Mahai: Mille Bornes, Spades and DenboraZup — web table, terminal play, bot simulation.",
    no_args_is_help=True,
    add_completion=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots (hot-seat for several people).",
                       no_args_is_help=True)
simulate_app = typer.Typer(help="Play many games between bots and report statistics.",
                           no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(simulate_app, name="simulate")
