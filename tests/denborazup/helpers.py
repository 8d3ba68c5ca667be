"""Shared helpers for the DenboraZup tests: the fixture deck, rigged states, leak checks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mahai.games.denborazup import DenboraZupGame, DenboraZupState, load_deck
from mahai.games.denborazup.deck import COLUMNS

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini_deck.csv"
DATE_KEYS = {"year", "month", "day", "explanation", "explanation_eu", "source_url", "precision"}


def mini_game() -> DenboraZupGame:
    return DenboraZupGame(load_deck(MINI), opaque=False)  # rule tests name cards by id


def by_title(game: DenboraZupGame, words: str) -> str:
    """The id of the one event whose English title contains ``words``."""
    found = [e.id for e in game.deck if words.lower() in e.title_en.lower()]
    assert len(found) == 1, (words, found)
    return found[0]


def rig(state: DenboraZupState, *, hands: list[list[str]] | None = None, timeline: list[str] | None = None,
        ref_index: int = 0, deck: list[str] | None = None, discard: list[str] | None = None) -> None:
    """Put chosen cards where a test needs them; every other card goes to the deck bottom
    (or, if ``deck`` is given, to the discard pile) so that cards stay conserved."""
    everything = list(state.cards)
    chosen: list[str] = []
    if hands is not None:
        state.hands = [list(h) for h in hands]
    if timeline is not None:
        state.timeline = list(timeline)
        state.ref_index = ref_index
    if discard is not None:
        state.discard = list(discard)
    chosen = [c for h in state.hands for c in h] + state.timeline + (discard or [])
    if deck is not None:
        state.deck = list(deck)
        rest = [c for c in everything if c not in chosen and c not in deck]
        state.discard = list(discard or []) + rest
    else:
        used = set(chosen) | set(state.discard)
        state.deck = [c for c in everything if c not in used]


def csv_text(rows: list[dict[str, str]]) -> str:
    import csv
    import io
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(COLUMNS), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def mini_rows() -> list[dict[str, str]]:
    import csv
    with MINI.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def relabelled_rows(seed: int) -> tuple[list[dict[str, str]], dict[str, str]]:
    """The fixture rows shuffled, with fresh random ids; returns rows and new id → old id."""
    rng = random.Random(seed)
    rows = [dict(r) for r in mini_rows()]
    rng.shuffle(rows)
    back: dict[str, str] = {}
    for row in rows:
        new = f"z{rng.randrange(10**8):08d}"
        back[new] = row["id"]
        row["id"] = new
    return rows, back


def synthetic_rows(n: int, seed: int = 0) -> list[dict[str, str]]:
    """``n`` made-up events with random dates from prehistory to the 2020s."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        year = rng.choice([rng.randint(-40000, -1), rng.randint(1, 2025), rng.randint(1800, 2025)])
        rows.append({"id": f"s{i:03d}", "year": str(year), "month": "", "day": "", "precision": "exact",
                     "star": "1" if i % 9 == 0 else "0", "category": "culture", "region": "osoa",
                     "title_eu": f"Gertakaria {chr(65 + i % 26)}{i // 26}x", "title_en": f"Event {i}x",
                     "title_es": f"Suceso {i}x", "explanation_eu": "Azalpena.",
                     "source_url": "https://example.org/e"})
    return rows


def walk(obj: Any) -> Iterator[dict[str, Any]]:
    """Every dict inside a JSON-like value."""
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from walk(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from walk(v)


def assert_no_dates(obj: Any, forbidden: set[str], where: str) -> None:
    """No dict in ``obj`` shows a date (or explanation/source) of a ``forbidden`` card, and
    every dict that shows a date names its card."""
    for d in walk(obj):
        if DATE_KEYS & d.keys():
            assert "id" in d, (where, d)
            assert d["id"] not in forbidden, (where, d)
