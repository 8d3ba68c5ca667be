"""The examples in the research modules' docstrings hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")


@pytest.mark.parametrize("module", ["mahai.research.pettingzoo_env", "mahai.research.openspiel_games"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
