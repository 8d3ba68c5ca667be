"""Every WebSocket frame of a whole game, for every seat and a spectator, is
exactly the game's projection for that viewer (views, legal moves, events,
log), and carries no card or date the viewer may not know: other hands and the
draw pile (Spades cards are unique), undealt and unrevealed DenboraZup dates.
Illegal moves are sent along the way: their errors leak nothing either."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mahai.core import Event, Game, GameRecord, MahaiError, State
from mahai.core.game import legal_notations
from mahai.games import available_games, get_game
from mahai.i18n import explain
from tests.web.client import Client
from tests.web.server import Server
from tests.web.test_games import denborazup_chooser

pytestmark = pytest.mark.web


def walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


def spades_hidden(state: Any, viewer: int | None) -> set[str]:
    """Cards in other seats' hands (and the stock) that ``viewer`` has not seen."""
    from mahai.games.spades.cards import texts

    game = get_game("spades")
    own = game.view(state, viewer)
    known = set(own["hand"] or []) | set(own["exchange"]["passed"]) | set(own["exchange"]["received"])
    hidden: set[str] = set()
    for seat in range(state.players):
        if seat != viewer:
            hidden |= set(texts(state.hands[seat]))
    return hidden - known


def spades_check(frame: dict[str, Any], state: Any, viewer: int | None) -> None:
    hidden = spades_hidden(state, viewer)
    strings = {v for v in walk(frame) if isinstance(v, str)}
    words = {w for s in strings for w in s.split()}
    assert not (words & hidden), (viewer, words & hidden, json.dumps(frame)[:600])


def denborazup_check(frame: dict[str, Any], state: Any, viewer: int | None) -> None:
    """No dict naming an unrevealed card (any hand, the deck) carries its year."""
    unrevealed = set(state.deck) | {c for hand in state.hands for c in hand}
    for node in walk(frame):
        if isinstance(node, dict) and node.get("id") in unrevealed:
            assert "year" not in node and "explanation_eu" not in node, (viewer, node)


CHECKS: dict[str, Callable[[dict[str, Any], Any, int | None], None]] = {
    "spades": spades_check,
    "denborazup": denborazup_check,
}

CASES = [
    ("nim", None, {}, 2),
    ("mille_bornes", "eu", {"game_target": 1}, 2),
    ("spades", "standard", {"length": "single_hand"}, 4),
    ("spades", "two_player", {"length": "single_hand"}, 2),
    ("denborazup", "multi", {}, 3),
    ("denborazup", "long", {}, 2),
]


def replay_states(game: Game[Any, Any], record: GameRecord) -> tuple[list[State[Any]], list[list[Event]]]:
    """Every state (by version) and the engine events of each step (at version 0: the
    set-up's events, ``State.start_events``), from :meth:`GameRecord.steps`."""
    states: list[State[Any]] = []
    events: list[list[Event]] = []
    for step in record.steps(game):
        assert step.version == len(states)
        states.append(step.state.clone())
        events.append(step.events)
    return states, events


def norm(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize(("game_name", "edition", "options", "players"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in CASES])
def test_every_frame_is_the_viewers_projection(server: Server, tmp_path: Path, game_name: str,
                                               edition: str | None, options: dict[str, Any],
                                               players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    if game_name not in available_games():
        pytest.skip(f"{game_name} is not in the tree yet")
    game = get_game(game_name)
    made = server.create(game_name, ["person"] * players, edition=edition, options=options)
    tid = made["id"]
    clients = [Client(server.ws_url, tid, made["tokens"][str(s)]) for s in range(players)]
    spectator = Client(server.ws_url, tid, None)
    rng = random.Random(5)
    moves = 0
    late: list[tuple[int | None, dict[str, Any]]] = []  # (viewer, log frame) of mid-game connections
    replays: list[tuple[int | None, dict[str, Any]]] = []  # replays of the unfinished game
    while moves < 3000:
        if moves == 6:
            for viewer, token in ((0, made["tokens"]["0"]), (None, None)):
                extra = Client(server.ws_url, tid, token)
                late.append((viewer, next(f for f in extra.frames if f["type"] == "log")))
                extra.close()
                query = f"?token={token}&seat=1" if token else "?seat=1"
                replays.append((viewer, server.get(f"/api/tables/{tid}/replay{query}")))
        current = clients[0].state
        assert current is not None
        if current["over"]:
            break
        mover = clients[current["to_act"][0]]
        mover.wait_until(lambda s, v=current["version"]: s["version"] == v)
        assert mover.state is not None
        legal = mover.state["legal"]
        waiting = [c for c in clients if c.welcome["seat"] not in current["to_act"]]
        if moves % 25 == 0 and waiting:  # an illegal and an out-of-turn try: rejected, nothing leaks
            idle = waiting[0]
            own = [f["legal"] for f in idle.frames if f.get("legal")]  # only what idle may know
            err = idle.act(own[-1][0] if own else "pass", version=current["version"])
            assert err["type"] == "error"
            assert mover.act("nonsense 99")["type"] == "error"
        choice = denborazup_chooser(legal, mover.state) if game_name == "denborazup" else None
        mover.act(choice or rng.choice(legal))
        moves += 1
        for c in [*clients, spectator]:
            c.wait_until(lambda s, v=current["version"]: s["version"] > v)
    for c in [*clients, spectator]:
        c.wait_until(lambda s: s["over"])
    assert clients[0].state is not None and clients[0].state["over"]

    # the test (not the client) may read the seed: rebuild every state
    with sqlite3.connect(tmp_path / "mahai.db") as conn:
        seed, opts = conn.execute("select seed, options from mahai_tables where id = ?", (tid,)).fetchone()
        actions = [(s, a) for s, a in conn.execute(
            "select seat, notation from mahai_actions where table_id = ? order by idx", (tid,))]
    record = GameRecord(game.name, players, seed, json.loads(opts), actions)
    states, events = replay_states(game, record)
    check = CHECKS.get(game_name)
    for viewer, log in late:  # the log sent on (re)connection: projected events only
        expected = [{**p, "version": v} for v in range(len(events)) for e in events[v]
                    if (p := game.project_event(e, viewer)) is not None]
        assert log["events"] == norm(expected[: len(log["events"])]) and log["events"]
        if check is not None:
            check(log, states[log["events"][-1]["version"]], viewer)
    for viewer, replay in replays:  # unfinished: the viewer's own projection, no notations
        assert not replay["over"] and replay["viewer"] == viewer
        for frame in replay["frames"]:
            assert "action" not in frame and "seat" not in frame
            assert frame["view"] == norm(game.view(states[frame["version"]], viewer))
            if check is not None:
                check(frame, states[frame["version"]], viewer)
    for viewer, client in [*enumerate(clients), (None, spectator)]:
        checked = 0
        assert all(str(seed) not in raw for raw in client.raw)
        for frame in client.frames:
            assert not any(isinstance(n, dict) and ("seed" in n or "rng" in n) for n in walk(frame))
            if frame["type"] in ("state", "update"):
                state = states[frame["version"]]
                assert frame["view"] == norm(game.view(state, viewer))
                seated = viewer is not None and not state.is_over
                assert frame["legal"] == (legal_notations(state, viewer) if seated else [])
                if frame["type"] == "update" and frame["events"]:
                    v = frame["version"]
                    projected = [p for e in events[v] if (p := game.project_event(e, viewer)) is not None]
                    assert frame["events"] == norm([{**p, "version": v} for p in projected])
                checked += 1
            elif frame["type"] == "log":
                assert all(e["version"] <= len(actions) for e in frame["events"])
            if check is not None:
                version = frame.get("version", 0)
                if frame["type"] == "error":
                    version = max(f.get("version", 0) for f in client.frames[: client.frames.index(frame)]
                                  if f["type"] in ("state", "update"))
                if frame["type"] == "error":
                    # the sentence is the catalog's template filled with the params alone
                    err = MahaiError(frame["code"], frame["domain"], **frame["params"])
                    assert frame["message"] == explain(err, "en")
                    frame = {k: v for k, v in frame.items() if k != "message"}
                if frame["type"] in ("state", "update", "error"):
                    check(frame, states[version], viewer)
        assert checked > moves // 2
    for c in [*clients, spectator]:
        c.close()
