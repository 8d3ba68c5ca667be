"""The catalog checks that every catalog already passes on main, enforced now (unlike
``test_catalog_style.py``, which waits for the final pass of issue 12): no bracketed case ending
("eserlekua(e)k", "gidaria(r)ekin", "{who}(r)i") and no ending glued onto a placeholder in Basque,
in any catalog a player can see."""

from __future__ import annotations

from tests.i18n.style import all_violations


def test_no_catalog_has_a_bracketed_case_ending() -> None:
    found = [v for v in all_violations() if v.check == "case-ending"]
    assert not found, "\n".join(f"{v.file}: {v.msgid!r} → {v.msgstr!r}: {v.detail}" for v in found)
