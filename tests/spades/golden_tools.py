"""Golden records: make them (``python -m tests.spades.golden_tools``) and
summarize a replay for comparison."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, cast

from mahai.core import GameRecord
from mahai.core.options import options_to_dict
from mahai.games.spades import GAME, SpadesState
from tests.spades.policy import choose

GOLDEN = Path(__file__).resolve().parent / "golden"
MATCHES = {
    "four_standard": (4, "standard", {}, 3),
    "four_variants": (4, "standard",
                      {"first_lead": "two_of_clubs", "blind_nil_exchange": "2", "target": "300"}, 5),
    "two_player": (2, "two_player", {}, 7),
}


def summary(record: GameRecord) -> dict[str, Any]:
    """Digest of every intermediate state (spectator and seat views) and the final result.

    A view's ``options`` are digested as the record names them: options added since the
    record was made must be at their default (checked here), so an older record keeps
    its digest and still proves that the game it recorded plays the same."""
    digest = hashlib.sha256()
    defaults = options_to_dict(GAME.options())
    state = None
    for replayed in record.replay(GAME):
        state = cast(SpadesState, replayed)
        for viewer in [None, *range(record.players)]:
            view = GAME.view(state, viewer)
            options = dict(view["options"])
            for name in set(options) - set(record.options):
                assert options.pop(name) == defaults[name], name
            view["options"] = options
            digest.update(json.dumps(view, sort_keys=True).encode())
    assert state is not None
    return {"views_sha256": digest.hexdigest(), "points": list(state.points), "bags": list(state.bags),
            "hands": state.hand_no, "winners": sorted(state.winners()),
            "history": json.loads(json.dumps(state.history))}


def make(name: str) -> dict[str, Any]:
    players, edition, overrides, seed = MATCHES[name]
    options = GAME.options(edition, **overrides)
    state = GAME.new(options, players, seed)
    record = GameRecord.start(GAME, options, players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        (seat,) = state.to_act()
        action = choose(state, seat, rng)
        record.actions.append((seat, action.notation()))
        state.apply(seat, action)
    return {"record": json.loads(record.to_json()), "expect": summary(record)}


if __name__ == "__main__":
    for key in MATCHES:
        text = json.dumps(make(key), ensure_ascii=False) + "\n"
        (GOLDEN / f"{key}.json").write_text(text, encoding="utf-8")
