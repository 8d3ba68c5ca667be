"""Mahai's games for learning programs: PettingZoo and OpenSpiel adapters.

Install the extra first (``pip install "mahai[research]"``: PettingZoo, Gymnasium,
NumPy and OpenSpiel, a binary wheel). Then:

- :mod:`mahai.research.pettingzoo_env`: ``env(game, edition=…, players=…, options=…)``,
  a PettingZoo AEC environment for every game, edition and option; ``MahaiPolicy``
  plays Mahai's bots in its seats;
- :mod:`mahai.research.openspiel_games`: importing it registers each game with
  OpenSpiel (``python_mahai_spades``, ``python_mahai_spades_openspiel``,
  ``python_mahai_mille_bornes``, ``python_mahai_denborazup``); ``MahaiBot`` plays
  Mahai's bots there.

Both share :mod:`mahai.research.table` (a game's :class:`~.table.Encoding`: the fixed
action space and the vector observation; a :class:`~.table.Table` that drives an engine
state by action indices) and one small encoding module per game, which documents its
index ↔ notation map and reads only the game's public exports and a seat's view JSON:
:mod:`.spades`, :mod:`.mille_bornes`, :mod:`.denborazup`.
:mod:`mahai.research.benchmark` measures steps per second through the adapters.

This package imports neither library itself: only its adapter modules do. Without the
extra, importing one of them raises :class:`ModuleNotFoundError` naming the missing library
and the command that installs it (:func:`missing_extra`).
"""

from __future__ import annotations

INSTALL = 'pip install "mahai[research]" (in a clone of Mahai: .venv/bin/pip install -e ".[research]")'
"""The command that installs the research extra, as the errors of :func:`missing_extra` say it."""


def missing_extra(error: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error to raise when importing a research adapter failed on ``error``: the same
    :class:`ModuleNotFoundError` (same ``name``), saying that the missing library comes with
    the ``research`` extra and how to install it (:data:`INSTALL`); raise it ``from error``."""
    library = error.name or "a library"
    return ModuleNotFoundError(f"mahai.research needs {library}, which is not installed: install the "
                               f"research extra, {INSTALL}", name=error.name)
