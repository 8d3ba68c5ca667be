"""Suggested fixes for the violations :mod:`tests.i18n.style` finds in the catalogs as they were on
main when the work list ``docs/i18n-violations.md`` was made: (domain, lang, msgid) → the new
msgstr, or a note for a fix outside the catalogs. The final pass applies them and then deletes the
entries it applied; :mod:`tests.i18n.report` prints them beside each violation."""

from __future__ import annotations

FIXES: dict[tuple[str, str, str], str] = {}
"""(domain, lang, msgid) → suggested msgstr (after “ — ”, a note)."""
