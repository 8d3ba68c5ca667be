"""Which engine runs (issue 16): ``mahai --version`` names the build, and the test session
checks it is the one expected: the pure-Python source by default (the editable install of
``scripts/setup``), the mypyc-compiled engine when ``MAHAI_EXPECT_COMPILED=1`` (the second
run of ``scripts/test``, against a normal install)."""

from __future__ import annotations

import os

from typer.testing import CliRunner

import mahai
from mahai.cli import app
from mahai.core import game


def test_version_names_the_build_that_runs() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    expected = "compiled" if os.environ.get("MAHAI_EXPECT_COMPILED") == "1" else "pure"
    assert result.output == f"mahai {mahai.__version__} ({expected} engine)\n"
    assert mahai.engine_build() == expected
    # the compiled build is a C extension module beside its Python source
    assert game.__file__ is not None and game.__file__.endswith(".py") == (expected == "pure")
