"""Command-line entry point ``mahai``."""

from __future__ import annotations

from mahai.cli import arena, denborazup, play, serve, simulate  # noqa: F401  (each registers its commands)
from mahai.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
