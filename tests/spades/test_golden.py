"""Golden records: recorded matches replay to identical states (every view of
every intermediate state is digested) and identical scores."""

from __future__ import annotations

import json

import pytest

from mahai.core import CorruptRecord, GameRecord
from mahai.games.spades import GAME
from tests.spades.golden_tools import GOLDEN, MATCHES, summary


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_golden_record_replays_identically(name: str) -> None:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    record = GameRecord.from_json(json.dumps(data["record"]))
    assert summary(record) == data["expect"]
    final = record.final_state(GAME)
    assert final.is_over and final.version == len(record.actions)


def test_edited_record_is_refused() -> None:
    data = json.loads((GOLDEN / "four_standard.json").read_text(encoding="utf-8"))
    record = GameRecord.from_json(json.dumps(data["record"]))
    index = next(i for i, (_, a) in enumerate(record.actions) if a.startswith("play"))
    seat, _ = record.actions[index]
    record.actions[index] = ((seat + 1) % 4, record.actions[index][1])
    with pytest.raises(CorruptRecord) as err:
        record.final_state(GAME)
    assert err.value.code == "bad_action" and err.value.params["index"] == index
