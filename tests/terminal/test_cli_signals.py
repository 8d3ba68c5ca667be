"""The real ``mahai`` command stopped from outside: a Ctrl-C at any moment ends it quietly (exit
code 130, no traceback)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

MAHAI = Path(sys.executable).parent / "mahai"
CTRL_C = '''
import os, signal, sys


class CtrlC:
    """A Ctrl-C (SIGINT to this process, as the terminal sends it) when the module that
    MAHAI_TEST_CTRL_C names starts being imported: a moment of the start chosen, not timed."""

    def find_spec(self, name, path=None, target=None):
        if name == os.environ.get("MAHAI_TEST_CTRL_C"):
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, CtrlC())
'''


@pytest.mark.parametrize("module", [
    "mahai.cli.arena",  # the commands' imports, before Typer runs
    "mahai.server.store",  # serve's build, before uvicorn runs
], ids=["while-starting", "while-building"])
def test_a_ctrl_c_early_ends_quietly(tmp_path: Path, module: str) -> None:
    """A Ctrl-C while ``mahai`` imports its commands printed a ``KeyboardInterrupt`` traceback
    (the console script imported ``mahai.cli`` outside any handler); it ends with 130, as a
    Ctrl-C during a command does (Typer's), and says nothing."""
    (tmp_path / "sitecustomize.py").write_text(CTRL_C)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "MAHAI_TEST_CTRL_C": module}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    done = subprocess.run([str(MAHAI), "serve", "--port", port, "--db", f"sqlite:///{tmp_path}/m.db"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stdout == "" and done.stderr.strip() == ""  # the server never said where to open it
