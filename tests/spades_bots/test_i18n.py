"""Every reason code the Spades bot modules could raise has a message in the four catalogs
(the bots raise none of their own today: this test keeps it so if one is added)."""

from __future__ import annotations

import re
from pathlib import Path

import mahai

ROOT = Path(mahai.__file__).parent
MODULES = [ROOT / "bots" / "spades.py", ROOT / "bots" / "spades_search.py"]
RAISE = re.compile(r"(?:MalformedAction|IllegalAction|NotYourTurn|InvalidOptions|CorruptRecord)\(\s*\"(\w+)\""
                   r"(?:[^)]*domain=\"(\w+)\")?")


def codes() -> set[tuple[str, str]]:
    found = set()
    for path in MODULES:
        for code, domain in RAISE.findall(path.read_text(encoding="utf-8")):
            found.add((domain or "core", code))
    return found


def test_every_raised_code_has_a_message() -> None:
    missing = []
    for domain, code in codes():
        for lang in ("eu", "en", "es", "fr"):
            po = ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
            if f'msgid "{code}"' not in po.read_text(encoding="utf-8"):
                missing.append(f"{lang}/{domain}: {code}")
    assert not missing, missing


def test_the_scanner_sees_raises() -> None:
    sample = 'raise IllegalAction("must_follow_suit", domain="spades", suit="hearts")'
    assert RAISE.findall(sample) == [("must_follow_suit", "spades")]
