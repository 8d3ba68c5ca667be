"""Every reason code raised in the DenboraZup package has a message in eu, en, es and fr."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mahai.games.denborazup as pkg
from mahai.games.denborazup import SOLO_LAST_RATING, SOLO_RATINGS
from mahai.i18n import LANGUAGES, catalog

ERRORS = {"DeckError", "IllegalAction", "NotYourTurn", "MalformedAction", "InvalidOptions", "CorruptRecord",
          "_err"}
SOURCES = [*Path(pkg.__file__).parent.glob("*.py"),
           Path(pkg.__file__).parents[2] / "bots" / "denborazup.py",
           Path(pkg.__file__).parents[2] / "cli" / "denborazup.py",
           Path(pkg.__file__).parents[2] / "tui" / "denborazup.py"]


def raised_codes() -> set[tuple[str, str]]:
    """(domain, code) of every error constructed in the package's source."""
    out: set[tuple[str, str]] = set()
    for path in SOURCES:
        if not path.exists():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in ERRORS or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            has_domain = name == "_err" or any(k.arg == "domain" for k in node.keywords)
            out.add(("denborazup" if has_domain else "core", str(node.args[0].value)))
    return out


def test_the_scan_finds_the_codes() -> None:
    codes = raised_codes()
    assert ("denborazup", "not_in_hand") in codes and ("denborazup", "year_zero") in codes
    assert ("core", "not_your_turn") in codes
    assert len(codes) > 30


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_message(lang: str) -> None:
    missing = [(d, c) for d, c in sorted(raised_codes()) if not catalog(d, lang).get(c)]
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_shown_to_players_are_translated(lang: str) -> None:
    words = [w for _, w in SOLO_RATINGS] + [SOLO_LAST_RATING, "up", "down", "flip", "decide", "vote", "star",
                                              "tiebreak", "over"]
    cat = catalog("denborazup", lang)
    assert [w for w in words if not cat.get(w)] == []
    if lang == "eu":
        assert cat["Bikain"] == "Bikain" and cat["up"] == "GORA" and cat["down"] == "BEHERA"


def test_catalogs_have_the_same_msgids() -> None:
    ids = [set(catalog("denborazup", lang)) for lang in LANGUAGES]
    assert all(i == ids[0] for i in ids)


def test_basque_has_no_bracketed_case_endings() -> None:
    """Names take no suffix like "(r)entzat": sentences are phrased so that none is needed."""
    import re

    bracketed = re.compile(r"\}\((?:[a-z]+)\)|\}\([a-z]+\)[a-z]|\([a-z]{1,2}\)[a-z]|\}[a-z]")
    bad = {k: v for k, v in catalog("denborazup", "eu").items() if bracketed.search(v)}
    assert not bad, bad
