"""Golden records read as text (issue 9): every Spades and DenboraZup golden
record, replayed through ``GameRecord.steps``, gives the same sentences, line for
line, as its committed transcript (actions by ``describe_action``, seat A's
events by ``describe_event``, in Basque)."""

from __future__ import annotations

import pytest

from mahai.games import get_game
from tests.golden.make import records
from tests.transcript import transcript, transcript_diff

RECORDS = records()


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_golden_transcript(name: str) -> None:
    record, path = RECORDS[name]
    diff = transcript_diff(path, transcript(get_game(record.game), record))
    assert not diff, "\n".join(diff[:40])


def test_a_changed_record_changes_the_transcript() -> None:
    record, path = RECORDS["spades_four_standard"]
    record = type(record)(record.game, record.players, record.seed, record.options, record.actions[:-4])
    assert transcript_diff(path, transcript(get_game(record.game), record))
