"""Golden records replay identically: every intermediate observation, final scores, winners,
and the readable transcript (actions and seat 0's events in Basque) line for line."""

from __future__ import annotations

import json

import pytest

from mahai.core import GameRecord
from mahai.games.mille_bornes import GAME
from tests.mille_bornes.golden_records import GAMES, GOLDEN, observation_hash, transcript
from tests.transcript import transcript_diff


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_record_replays_identically(name: str) -> None:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    record = GameRecord.from_json(json.dumps(data["record"]))
    hashes = data["observation_hashes"]
    assert len(hashes) == len(record.actions) + 1 > 50
    state = None
    for index, state in enumerate(record.replay(GAME)):
        assert observation_hash(state) == hashes[index], f"observation {index} differs"
        if index == 0:  # the options in force are the record's (hashes leave them out)
            shown = GAME.view(state, None)["options"]
            assert {k: shown[k] for k in record.options} == record.options
    assert state is not None and state.is_over
    assert list(state.scores()) == data["final_scores"]
    assert sorted(state.winners()) == data["winners"]
    assert GAME.stats(state) == {"legs": data["legs"]}  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_transcript(name: str) -> None:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    record = GameRecord.from_json(json.dumps(data["record"]))
    diff = transcript_diff(GOLDEN / f"{name}.txt", transcript(record))
    assert not diff, "\n".join(diff[:40])
