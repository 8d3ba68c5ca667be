"""``scripts/setup`` alone makes an environment the whole suite runs in: the toy plug-in game
Nim (``examples/mahai-nim``, its own distribution) is installed in ``.venv`` as in
``.venv-compiled`` (the web tests that play it failed after ``scripts/setup`` unless
``scripts/test`` had installed it; ``MAHAI_PURE=1 scripts/serve`` offered no Nim while
``scripts/serve`` did)."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from mahai.games import available_games

ROOT = Path(__file__).resolve().parents[1]
NIM = re.compile(r"pip install [^\n]*examples/mahai-nim")


def test_setup_installs_the_plugin_in_both_environments() -> None:
    setup = (ROOT / "scripts" / "setup").read_text()
    compiled, _, pure = setup.partition('echo "$stamp" > $V/.mahai-stamp')
    assert pure, "scripts/setup: the --compiled branch ends by writing its stamp"
    assert NIM.search(compiled), "scripts/setup --compiled installs examples/mahai-nim"
    line = NIM.search(pure)
    whole = pure[pure.rfind("\n", 0, line.start()) + 1:line.end()] if line else ""
    assert whole.startswith(".venv/bin/python -m pip install") and "-e examples/mahai-nim" in whole, \
        "scripts/setup installs examples/mahai-nim in .venv (editable)"
    # scripts/test sets up through scripts/setup, and installs no plug-in of its own
    test = (ROOT / "scripts" / "test").read_text()
    assert "scripts/setup" in test and not NIM.search(test)


def test_the_plugin_is_installed_here() -> None:
    """The environment running the tests (``.venv`` after ``scripts/setup``) has Nim."""
    assert metadata.distribution("mahai-nim").name == "mahai-nim"
    assert "nim" in available_games()


SPAN = re.compile(r"(\d[½¼¾]?) to (\d[½¼¾]?) minutes")


def test_the_readme_and_setup_give_one_build_time() -> None:
    """The first start's build time, as the README's top and ``scripts/setup``'s message say it:
    one range (they gave two that disagreed; 152 to 339 s measured in December 2026), and no other
    figure for a rebuild, which compiles everything again."""
    readme = (ROOT / "README.md").read_text()
    top = readme[:readme.index("\n## ")]
    setup = (ROOT / "scripts" / "setup").read_text()
    first = setup[setup.index("First start: building"):]
    said = SPAN.search(first[:first.index("later starts")])
    assert said is not None and said.groups() == ("2½", "6"), "scripts/setup's first-start message"
    assert set(SPAN.findall(top)) == {said.groups()}, "the README's top gives the same range"
    rebuilt = setup[setup.index("The sources changed since"):]
    assert SPAN.search(rebuilt[:rebuilt.index("\n")]).groups() == said.groups()  # type: ignore[union-attr]
    assert "about 2 minutes" not in readme  # the rebuild's figure that disagreed
