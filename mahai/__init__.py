"""Mahai: an open-source platform for card games (Mille Bornes, Spades, DenboraZup)."""

__version__ = "0.1.0"


def engine_build() -> str:
    """Which engine runs: ``"compiled"`` (the mypyc-compiled C extension modules of a normal
    install, ``pip install .``: see setup.py) or ``"pure"`` (the Python source: an editable
    install, ``MAHAI_PURE=1``, or a build without a C compiler)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from mahai.core import game

    return "compiled" if str(game.__file__).endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
