"""The Typer application every command module hangs its commands on.

``mahai play GAME``, ``mahai simulate GAME`` and ``mahai replay FILE`` work for every
installed game (:mod:`mahai.cli.play`, :mod:`mahai.cli.simulate`); a game's real extras
have their own group (``mahai denborazup …``).
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="mahai",
    help="Mahai: Mille Bornes, Spades and DenboraZup — web table, terminal play, bot simulation.",
    no_args_is_help=True,
    add_completion=False,
)
