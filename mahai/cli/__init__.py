"""Command-line entry point ``mahai``."""

from __future__ import annotations

import importlib
import importlib.util

from mahai.cli.app import app

# Each module registers its commands on import; a missing one is skipped.
COMMAND_MODULES = (
    "mahai.cli.mille_bornes",
    "mahai.cli.spades",
    "mahai.cli.denborazup",
    "mahai.cli.serve",
)

for _module in COMMAND_MODULES:
    if importlib.util.find_spec(_module) is not None:
        importlib.import_module(_module)


def main() -> None:
    app()


__all__ = ["app", "main"]
