"""``mahai`` (the console script) and ``python -m mahai``: the command line, quiet on Ctrl-C.

Typer ends a command that a Ctrl-C stops with exit code 130 and no traceback; the commands'
modules (Typer, Rich, the games, the bots: most of a second) are imported here, inside the same
guard, so that a Ctrl-C while ``mahai`` starts ends as quietly (it printed a ``KeyboardInterrupt``
traceback). Only the interpreter's own start, before this module runs, is out of reach.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""The exit code after a Ctrl-C (128 + SIGINT), as Typer's and the shells'."""


def main() -> None:
    """Run the ``mahai`` command line (arguments from ``sys.argv``); exit 130 on Ctrl-C."""
    try:
        from mahai.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)


if __name__ == "__main__":
    main()
