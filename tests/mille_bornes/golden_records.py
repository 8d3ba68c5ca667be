"""Golden game records of Mille Bornes: generate with ``python -m tests.mille_bornes.golden_records``.

Each file under ``golden/`` holds a :class:`~mahai.core.GameRecord` played by random bots with a
fixed seed, the expected final scores and winners, and a hash of every intermediate observation
(all seats and a spectator, after each action). Beside it, ``<name>.txt`` is the readable
transcript of the same game (:func:`transcript`): every action and every event as seat 0 reads
them in Basque; the tests diff it.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, cast

from mahai.bots import RandomBot
from mahai.core import GameRecord, State
from mahai.games.mille_bornes import GAME, MilleBornesAction
from tests.transcript import transcript as shared_transcript

GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES: list[tuple[str, str, int, int, dict[str, Any]]] = [
    ("eu_3p", "eu", 3, 101, {}),
    ("classic_4p_fast", "classic", 4, 202, {"fast_game": True, "game_target": 3000}),
    ("2016_5p", "2016", 5, 303, {}),
    ("bsd_2p", "bsd", 2, 404, {}),
]


def observation_hash(state: State[Any]) -> str:
    """The views of every seat and a spectator, hashed (the ``events`` key, a log of recent
    events that older views carried, is left out: events are checked as a stream; so is the
    ``options`` dict, which gains a key with every new option: the test compares it with the
    record's options instead)."""
    views = [GAME.view(state, v) for v in [*range(state.players), None]]  # type: ignore[arg-type]
    for view in views:
        view.pop("events", None)
        view.pop("options", None)
    return hashlib.sha256(json.dumps(views, sort_keys=True).encode()).hexdigest()[:16]


def transcript(record: GameRecord) -> str:
    """The game as text, seat 0 reading in Basque (:func:`tests.transcript.transcript`)."""
    return shared_transcript(GAME, record, viewer=0, lang="eu")


def generate(edition: str, players: int, seed: int, overrides: dict[str, Any]) -> dict[str, Any]:
    options = GAME.options(edition, **overrides)
    state = GAME.new(options, players, seed)
    record = GameRecord.start(GAME, options, players, seed)
    bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players)}
    hashes = [observation_hash(state)]
    while not state.is_over:
        seat = state.to_act()[0]
        action = cast(MilleBornesAction,
                      bots[seat].act(GAME, seat, GAME.observe(state, seat), state.legal_actions(seat)))
        state.apply(seat, action)
        record.actions.append((seat, action.notation()))
        hashes.append(observation_hash(state))
    return {
        "record": json.loads(record.to_json()),
        "final_scores": list(state.scores()),
        "winners": sorted(state.winners()),
        "legs": state.legs_played,
        "observation_hashes": hashes,
    }


def main(only: list[str] | None = None) -> None:
    """Write the golden files (all, or the names in ``only``: existing records must not change)."""
    GOLDEN.mkdir(exist_ok=True)
    for name, edition, players, seed, overrides in GAMES:
        if only and name not in only:
            continue
        data = generate(edition, players, seed, overrides)
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
        record = GameRecord.from_json(json.dumps(data["record"]))
        (GOLDEN / f"{name}.txt").write_text(transcript(record), encoding="utf-8")
        print(name, len(data["record"]["actions"]), "actions", data["legs"], "legs", data["final_scores"])


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
