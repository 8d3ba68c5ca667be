"""Every catalog a player can see follows the glossary and the style of ``docs/glossary.md``
(issue 12, "The interface language"): no bracketed case ending, nothing left untranslated, no raw
code, the English placeholders, no term the glossary forbids. The checks are
:mod:`tests.i18n.style` (tested on their own in ``test_checks.py``); the work list of what the
catalogs still get wrong, with a fix for each, is ``docs/i18n-violations.md``."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.i18n.style import Violation, all_violations

pytestmark = pytest.mark.xfail(
    strict=True,
    reason="the catalogs on main break the glossary and style (the work list: docs/i18n-violations.md); "
           "the final pass of issue 12 fixes them and then removes this mark",
)


def summary(found: list[Violation]) -> str:
    """One line per catalog and check with its count, then the first violations in full."""
    counts = Counter((v.file, v.check) for v in found)
    lines = [f"{n:4} {check:13} {file}" for (file, check), n in sorted(counts.items())]
    lines += [f"{v.file}: {v.check}: {v.msgid!r} → {v.msgstr!r}: {v.detail}" for v in found[:40]]
    return "\n".join(lines)


def test_every_catalog_follows_the_glossary_and_style() -> None:
    found = all_violations()
    assert not found, f"{len(found)} violations (docs/i18n-violations.md):\n{summary(found)}"
