"""The README's "For researchers" example runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

README = Path(__file__).resolve().parents[2] / "README.md"


def _section_code() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## For researchers\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_researchers_example_runs() -> None:
    blocks = _section_code()
    assert len(blocks) == 1
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], "README.md", "exec"), {"__name__": "readme"})
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["spades", "mille_bornes", "denborazup"]
    assert re.fullmatch(r"ISMCTS vs heuristic: \[(-?1\.0|0\.0)(, (-?1\.0|0\.0)){3}\]", lines[3])
