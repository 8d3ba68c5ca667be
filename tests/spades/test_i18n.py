"""Every reason code raised in mahai/games/spades has a message in eu, en, es and fr,
with the same placeholders in every language."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from mahai.core import IllegalAction
from mahai.games.spades.cards import SUIT_NAMES
from mahai.i18n import LANGUAGES, catalog, explain

PACKAGE = Path(__file__).resolve().parents[2] / "mahai" / "games" / "spades"
RAISE = re.compile(r'(?:_err|Action|Options)\(\s*"([a-z_]+)"(?:,\s*domain="spades")?')


def raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for match in RAISE.finditer(path.read_text(encoding="utf-8")):
            codes.add(match.group(1))
    return codes


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_codes_found() -> None:
    codes = raised_codes()
    assert {"must_follow_suit", "spades_not_broken", "card_not_in_hand", "bid_out_of_range",
            "blind_nil_after_looking", "blind_nil_not_allowed", "wrong_exchange_count"} <= codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_and_param_word_has_a_message(lang: str) -> None:
    cat = catalog("spades", lang)
    english = catalog("spades", "en")
    for code in sorted(raised_codes()) + list(SUIT_NAMES) + ["draw", "bid", "exchange", "play", "over"]:
        assert cat.get(code), f"{lang}: no message for {code}"
        assert placeholders(cat[code]) == placeholders(english[code]), (lang, code)


def test_must_follow_suit_names_the_suit_in_each_language() -> None:
    err = IllegalAction("must_follow_suit", domain="spades", suit="hearts")
    texts = {lang: explain(err, lang) for lang in LANGUAGES}
    assert texts["en"] == "You must follow hearts."
    assert "bihotzak" in texts["eu"] and "corazones" in texts["es"] and "cœur" in texts["fr"]


TUI = Path(__file__).resolve().parents[2] / "mahai" / "tui" / "spades.py"


def test_every_terminal_string_is_in_all_four_catalogs() -> None:
    """In the catalog the screen reads (``SpadesScreen.catalog``, ``spades_tui``; the ``tui.*``
    entries of ``spades`` are the first screen's copies, which nothing reads)."""
    from mahai.tui.spades import SpadesScreen

    keys = set(re.findall(r'"(tui\.[a-z_.]+)"', TUI.read_text(encoding="utf-8")))
    keys |= {f"tui.seat.{s}" for s in range(4)}
    assert len(keys) > 30
    english = catalog(SpadesScreen.catalog, "en")
    for lang in LANGUAGES:
        cat = catalog(SpadesScreen.catalog, lang)
        for key in keys:
            assert cat.get(key), f"{lang}: no text for {key}"
            assert placeholders(cat[key]) == placeholders(english[key]), (lang, key)
