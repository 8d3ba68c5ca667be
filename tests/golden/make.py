"""Golden transcripts of Spades and DenboraZup records (Mille Bornes keeps its
own in tests/mille_bornes/golden): ``python -m tests.golden.make`` rewrites them
after a deliberate change of rules or wording; review the diff before committing."""

from __future__ import annotations

import json
import random
from pathlib import Path

from mahai.bots import make_bot
from mahai.core import GameRecord
from mahai.games import get_game
from tests.transcript import transcript

HERE = Path(__file__).resolve().parent
SPADES_GOLDEN = HERE.parent / "spades" / "golden"

# name -> (edition, players, seed) of a game between medium bots
DENBORAZUP: dict[str, tuple[str, int, int]] = {
    "denborazup_multi_3p": ("multi", 3, 11),
    "denborazup_solo": ("solo", 1, 12),
    "denborazup_long_2p": ("long", 2, 13),
}


def spades_records() -> dict[str, GameRecord]:
    """The Spades golden records (tests/spades/golden/*.json)."""
    out = {}
    for path in sorted(SPADES_GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[f"spades_{path.stem}"] = GameRecord.from_json(json.dumps(data["record"]))
    return out


def denborazup_record(edition: str, players: int, seed: int) -> GameRecord:
    """A whole DenboraZup game between medium bots (deterministic for the seed)."""
    game = get_game("denborazup")
    options = game.options(edition)
    state = game.new(options, players, seed)
    record = GameRecord.start(game, options, players, seed)
    bots = {s: make_bot(game.name, "medium", random.Random(seed * 10 + s)) for s in range(players)}
    while not state.is_over:
        seat = next(s for s in state.to_act() if not state.must_wait(s))
        action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action.notation()))
    return record


def records() -> dict[str, tuple[GameRecord, Path]]:
    """Every golden record with the path of its transcript."""
    out = {name: (record, HERE / f"{name}.txt") for name, record in spades_records().items()}
    for name in DENBORAZUP:
        record_path = HERE / f"{name}.json"
        out[name] = (GameRecord.load(record_path), HERE / f"{name}.txt")
    return out


def main() -> None:
    for name, (edition, players, seed) in DENBORAZUP.items():
        denborazup_record(edition, players, seed).dump(HERE / f"{name}.json")
    for name, (record, path) in records().items():
        path.write_text(transcript(get_game(record.game), record), encoding="utf-8")
        print(name, len(record.actions), "actions")


if __name__ == "__main__":
    main()
