"""Every reason code raised by the package has a message in eu, en, es and fr; card names too."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from mahai.games.mille_bornes import CODES, MilleBornesOptions
from mahai.games.mille_bornes.state import MilleBornesState
from mahai.i18n import LANGUAGES, catalog, translate
from tests.mille_bornes.helpers import make

PACKAGE = Path(__file__).resolve().parents[2] / "mahai" / "games" / "mille_bornes"
PATTERNS = [r'_illegal\(\s*"(\w+)"', r'MalformedAction\(\s*"(\w+)"', r'IllegalAction\(\s*"(\w+)"']
RULE_CHECK = re.compile(r'\n    def (_\w+_error)\(.*?(?=\n    def |\Z)', re.S)
"""A rule check of the state (``_roll_error`` …): it returns the reason codes verify raises."""


def raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in PATTERNS:
            codes.update(re.findall(pattern, text))
        for check in RULE_CHECK.finditer(text):
            codes.update(re.findall(r'return "(\w+)"', check.group(0)))
    return codes


def test_the_scan_finds_the_codes() -> None:
    codes = raised_codes()
    assert {"need_roll", "protected_by_safety", "window_closed", "bad_notation", "over_target",
            "right_of_way_shown", "no_such_team", "not_rolling"} <= codes
    assert not codes & {"distance", "eu", "you"}  # other strings returned are not codes
    assert len(codes) >= 30


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_message(lang: str) -> None:
    messages = catalog("mille_bornes", lang)
    missing = sorted(c for c in raised_codes() if not messages.get(c))
    assert not missing, missing
    english = catalog("mille_bornes", "en")
    for code in raised_codes():  # same placeholders in every language
        assert set(re.findall(r"{(\w+)}", messages[code])) == set(re.findall(r"{(\w+)}", english[code]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_score_and_option_names(lang: str) -> None:
    messages = catalog("mille_bornes", lang)
    for code in CODES:
        assert messages.get(f"card.{code}"), code
    st: MilleBornesState = make("eu", 3)
    st.ext_team = 0
    for name, _ in st.leg_sheet(0)[0]:
        assert messages.get(f"score.{name}"), name
    for field in dataclasses.fields(MilleBornesOptions):
        assert messages.get(f"option.{field.name}"), field.name


def test_basque_card_names_of_sheet_000() -> None:
    names = {c: translate("mille_bornes", f"card.{c}", "eu") for c in CODES}
    assert names["stop"] == "semaforo gorria" and names["roll"] == "semaforo berdea"
    assert names["out_of_gas"] == "gasolinarik gabe" and names["flat_tire"] == "zulaketa"
    assert names["right_of_way"] == "lehentasunezko ibilgailua" and names["extra_tank"] == "gasolina-zisterna"
    assert translate("mille_bornes", "term.coup_fourre", "eu") == "kontraerasoa"
    assert translate("mille_bornes", "term.extension", "eu") == "segituko dut"
