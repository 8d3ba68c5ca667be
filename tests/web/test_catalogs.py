"""Every reason code the server raises and every interface string of the
static client has a message in all four catalogs (eu, en, es, fr)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahai.i18n import LANGUAGES, catalog

SERVER = Path(__file__).resolve().parents[2] / "mahai" / "server"


def server_codes() -> set[str]:
    codes: set[str] = set()
    for path in SERVER.glob("*.py"):
        codes |= set(re.findall(r'web_error\(\w+, "(\w+)"', path.read_text()))
    return codes


def client_strings() -> set[str]:
    found: set[str] = set()
    for path in (SERVER / "static").rglob("*.js"):
        found |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)+)"', path.read_text()))
    return found


def test_the_scan_finds_codes_and_strings() -> None:
    assert {"bad_token", "stale_version", "not_seated", "bad_message"} <= server_codes()
    assert {"Create table", "Your turn."} <= client_strings()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_and_string_is_translated(lang: str) -> None:
    cat = catalog("web", lang)
    missing = sorted((server_codes() | client_strings()) - set(cat))
    assert not missing, f"{lang}: {missing}"
    placeholders = re.compile(r"\{(\w+)\}")
    for msgid in client_strings():
        assert set(placeholders.findall(cat[msgid])) == set(placeholders.findall(msgid)), (lang, msgid)
