"""DenboraZup's solo ratings (DZR-12's cards-used table: Bikain ... Segi jolasten) read the same in a
language's catalog, in the glossary (``docs/glossary.md``, row "solo ratings") and on the "How to
play" page: the fresh-clone play test of session 9 found the French "Saiatu da" as "Bel effort" in
the catalog and "bel essai" in the glossary and on the rules page (and the English page said "a
good try" and "learn a bit more" for the table's "Good try" and "Learn a little more")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahai.i18n import catalog

ROOT = Path(__file__).resolve().parents[2]
RATINGS = ["Bikain", "Oso ondo", "Ondo", "Saiatu da", "Ikasi pixka bat gehiago", "Segi jolasten"]
COLUMNS = {"es": 2, "fr": 3}  # the glossary's columns after the English term: eu, es, fr


def glossary_row() -> list[str]:
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| solo ratings |"):
            return [cell.strip() for cell in line.strip("|").split("|")]
    raise AssertionError("no solo ratings row in the glossary")


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_ratings_agree_everywhere(lang: str) -> None:
    words = [catalog("denborazup", lang)[r] for r in RATINGS]
    if lang in COLUMNS:
        assert [w.strip() for w in glossary_row()[COLUMNS[lang]].split(",")] == words
    page = (ROOT / "mahai" / "server" / "static" / "rules" / "denborazup" / f"{lang}.html").read_text(
        encoding="utf-8")
    said = re.findall(rf"<td>(?:{'|'.join(RATINGS)}) \(([^)]*)\)</td>", page)
    assert said == [w[:1].lower() + w[1:] for w in words]
