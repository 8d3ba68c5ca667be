"""Every WebSocket frame of a whole game, for every seat and a spectator, is
exactly the game's projection for that viewer (views, legal moves, events,
log) with its texts rendered from it (event sentences, action labels, seat and
card names), and carries no card or date the viewer may not know: other hands
and the draw pile (Spades cards are unique), undealt and unrevealed DenboraZup
dates. Illegal moves are sent along the way: their errors leak nothing either.
Twin states that differ only in hidden cards give the viewer the same texts."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from mahai.core import Event, Game, GameRecord, MahaiError, State
from mahai.core.game import legal_notations
from mahai.games import available_games, get_game
from mahai.i18n import catalog, explain, render, translate
from mahai.server.text import card_labels, events_json, expand_legal, legal_json
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


def card_names(game: Game[Any, Any], codes: set[str], lang: str = "en") -> set[str]:
    """The rendered names (msgid ``card.<code>`` of the game's catalog) of ``codes``."""
    known = catalog(game.name, "en")
    return {translate(game.name, f"card.{c}", lang) for c in codes if f"card.{c}" in known}


def texts(frame: dict[str, Any]) -> list[str]:
    """Every sentence, label and name a frame carries."""
    out = [e["text"] for e in frame.get("events", []) if e.get("text")]
    out += [e["label"] for e in expand_legal(frame.get("legal", []))]
    out += list(frame.get("labels", {}).values()) + list(frame.get("names", {}).values())
    return out + ([frame["label"]] if isinstance(frame.get("label"), str) else [])


def spades_check(frame: dict[str, Any], state: Any, viewer: int | None) -> None:
    hidden = spades_hidden(state, viewer)
    strings = {v for v in walk(frame) if isinstance(v, str)}
    words = {w for s in strings for w in s.split()}
    assert not (words & hidden), (viewer, words & hidden, json.dumps(frame)[:600])
    names = card_names(get_game("spades"), hidden)
    said = [(t, n) for t in texts(frame) for n in names if n in t]
    assert not said, (viewer, said)


def denborazup_check(frame: dict[str, Any], state: Any, viewer: int | None) -> None:
    """No dict naming an unrevealed card (any hand, the deck) carries its year, and
    no sentence or label names a card of another seat's hand. The wire's cards
    (:func:`mahai.games.denborazup.view.wire_card`): each with its title in the reader's
    language alone; a dated one is a card the table has revealed, its date and
    explanation the deck's; a face (a handle) has no date, explanation nor source; no
    text of an unrevealed card (its explanation, in any language) is anywhere."""
    unrevealed = set(state.deck) | {c for hand in state.hands for c in hand}
    deck = state.cards
    for node in walk(frame):
        if isinstance(node, dict) and node.get("id") in unrevealed:
            assert "year" not in node and "explanation_eu" not in node, (viewer, node)
        if isinstance(node, dict) and isinstance(node.get("title"), dict) and "id" in node:
            assert list(node["title"]) == ["en"], (viewer, node)  # the reader's language alone
            if "year" in node:
                card = deck[node["id"]]
                assert node["id"] not in unrevealed, (viewer, node)
                assert (node["year"], node["month"], node["day"]) == (card.year, card.month, card.day)
                told = {"en": card.explanation("en")}
                assert node.get("explanation", told) == told
            else:
                assert not {"explanation", "explanation_eu", "source_url", "month"} & set(node), node
    strings = {v for v in walk(frame) if isinstance(v, str)}
    secret = {text for c in unrevealed for text in deck[c].explanations.values()}
    assert not strings & secret, (viewer, strings & secret)
    others = {state.cards[c].title("en") for seat, hand in enumerate(state.hands) if seat != viewer
              for c in hand}
    said = [(t, n) for t in texts(frame) for n in others if n in t]
    assert not said, (viewer, said)


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


def names_for(players: int, viewer: int | None) -> dict[int, str]:
    """How a table of persons names its seats for ``viewer`` in English."""
    return {s: "you" if s == viewer else f"Seat {s + 1}" for s in range(players)}


def sentence(game: Game[Any, Any], seen: dict[str, Any], viewer: int | None, players: int) -> str | None:
    """The English sentence of a projected event for ``viewer``, capitalised (None: nothing to say)."""
    message = game.describe_event(seen, viewer)
    if message is None:
        return None
    text = render(message, "en", names_for(players, viewer).__getitem__)
    return text[:1].upper() + text[1:]


def said(game: Game[Any, Any], version: int, engine_events: list[Event], viewer: int | None,
         players: int) -> list[dict[str, Any]]:
    """The events of one step as ``viewer`` may see them, each with its sentence."""
    return [{**game.wire_event(p, "en"), "version": version, "text": sentence(game, p, viewer, players)}
            for e in engine_events if (p := game.project_event(e, viewer)) is not None]


def labelled(game: Game[Any, Any], state: State[Any], viewer: int | None,
             players: int) -> list[dict[str, str]]:
    """The viewer's legal actions with their English labels."""
    if viewer is None or state.is_over:
        return []
    names = names_for(players, viewer)
    return [{"action": a.notation(), "label": render(game.describe_action(a), "en", names.__getitem__)}
            for a in state.legal_actions(viewer)]


@pytest.mark.parametrize(("game_name", "edition", "options", "players"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in CASES])
def test_every_frame_is_the_viewers_projection(server: Server, game_name: str,
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
                query = f"?token={token}&seat=1&lang=en" if token else "?seat=1&lang=en"
                replays.append((viewer, server.get(f"/api/tables/{tid}/replay{query}")))
        current = clients[0].state
        assert current is not None
        if current["over"]:
            break
        mover = clients[current["to_act"][0]]
        mover.wait_until(lambda s, v=current["version"]: s["version"] == v)
        assert mover.state is not None
        legal = mover.legal
        waiting = [c for c in clients if c.welcome["seat"] not in current["to_act"]]
        if moves % 25 == 0 and waiting:  # an illegal and an out-of-turn try: rejected, nothing leaks
            idle = waiting[0]
            own = [f["legal"] for f in idle.frames if f.get("legal")]  # only what idle may know
            err = idle.act(own[-1][0]["action"] if own else "pass", version=current["version"])
            assert err["type"] == "error"
            assert mover.act("nonsense 99")["type"] == "error"
        choice = denborazup_chooser(legal, mover.state) if game_name == "denborazup" else None
        answer = mover.act(choice or rng.choice(legal))
        assert answer["type"] == "update", answer  # a legal move in turn is taken (say why if not)
        moves += 1
        for c in [*clients, spectator]:
            c.wait_until(lambda s, v=current["version"]: s["version"] > v)
    for c in [*clients, spectator]:
        c.wait_until(lambda s: s["over"])
    assert clients[0].state is not None and clients[0].state["over"]

    # the test (not the client) may read the seed: rebuild every state
    with sqlite3.connect(server.sqlite_file) as conn:
        seed, opts = conn.execute("select seed, options from mahai_tables where id = ?", (tid,)).fetchone()
        actions = [(s, a) for s, a in conn.execute(
            "select seat, notation from mahai_actions where table_id = ? order by idx", (tid,))]
    record = GameRecord(game.name, players, seed, json.loads(opts), actions)
    states, events = replay_states(game, record)
    check = CHECKS.get(game_name)
    for viewer, log in late:  # the log sent on (re)connection: projected events only
        expected = [e for v in range(len(events)) for e in said(game, v, events[v], viewer, players)]
        assert log["events"] == norm(expected[: len(log["events"])]) and log["events"]
        if check is not None:
            check(log, states[log["events"][-1]["version"]], viewer)
    for viewer, replay in replays:  # unfinished: the viewer's own projection, no notations
        assert not replay["over"] and replay["viewer"] == viewer
        assert replay["names"] == norm(names_for(players, viewer))
        for frame in replay["frames"]:
            assert "action" not in frame and "seat" not in frame and "label" not in frame
            v = frame["version"]
            assert frame["view"] == norm(game.wire_view(game.view(states[v], viewer), "en"))
            assert frame["events"] == norm(said(game, v, events[v], viewer, players))
            assert frame["labels"] == card_labels(game, frame["view"], "en")
            if check is not None:
                check(frame, states[frame["version"]], viewer)
    for viewer, client in [*enumerate(clients), (None, spectator)]:
        checked = 0
        assert all(str(seed) not in raw for raw in client.raw)
        for frame in client.frames:
            assert not any(isinstance(n, dict) and ("seed" in n or "rng" in n) for n in walk(frame))
            if frame["type"] in ("state", "update"):
                state = states[frame["version"]]
                assert frame["view"] == norm(game.wire_view(game.view(state, viewer), "en"))
                seated = viewer is not None and not state.is_over
                notations = legal_notations(state, viewer) if seated else []
                # a family of placements (a long DenboraZup timeline) is each of its actions, labelled
                # (together: "slot 3" and "slot 4" before "slot 3 call")
                assert sorted(e["action"] for e in expand_legal(frame["legal"])) == sorted(notations)
                assert sorted(expand_legal(frame["legal"]), key=lambda e: e["action"]) == sorted(
                    labelled(game, state, viewer, players), key=lambda e: e["action"])
                assert frame["names"] == norm(names_for(players, viewer))
                assert frame["labels"] == card_labels(game, frame["view"], "en")
                assert set(frame["labels"]) <= {s for s in walk(frame["view"]) if isinstance(s, str)}
                raw = [t for t in texts(frame) if re.search(r"^[Ee]vent\.\w+$|\{\w+\}|^card\.", t)]
                assert not raw, raw  # every text is written: no msgid, no hole
                if frame["type"] == "update" and frame["events"]:
                    v = frame["version"]
                    assert frame["events"] == norm(said(game, v, events[v], viewer, players))
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


# --------------------------------------------------------------- twin states
TWIN_CASES = [c for c in CASES if c[0] != "nim"]  # nim hides nothing


def viewer_texts(game: Game[Any, Any], state: State[Any], viewer: int, players: int) -> list[Any]:
    """What the server would say to ``viewer`` about ``state``: its legal actions'
    labels and the names of the cards its view shows."""
    names = names_for(players, viewer)
    return [legal_json(game, state.legal_actions(viewer), "en", names),
            card_labels(game, game.view(state, viewer), "en")]


@pytest.mark.parametrize(("game_name", "edition", "options", "players"), TWIN_CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in TWIN_CASES])
def test_twin_states_that_differ_in_hidden_cards_read_the_same(game_name: str, edition: str | None,
                                                              options: dict[str, Any], players: int) -> None:
    """A sentence names no card the viewer may not see: a twin of the state drawn
    from the viewer's own observation (``Game.determinize``: same view, other
    hidden cards) gives the viewer the same labels and card names, and the same
    move by another seat gives it the same sentences, in both worlds."""
    if game_name not in available_games():
        pytest.skip(f"{game_name} is not in the tree yet")
    game = get_game(game_name)
    rng = random.Random(17)
    state = game.new(game.options(edition, **options), players, 2024)
    try:
        game.determinize(game.observe(state, 0), random.Random(0))
    except NotImplementedError:
        pytest.skip(f"{game_name} has no determinization yet")
    compared = differed = 0
    for step in range(160):
        if state.is_over:
            break
        viewer = step % players
        observation = game.observe(state, viewer)
        twin = game.determinize(observation, rng)
        assert game.view(twin, viewer) == game.view(state, viewer)
        differed += any(game.view(twin, s) != game.view(state, s) for s in range(players) if s != viewer)
        assert viewer_texts(game, twin, viewer, players) == viewer_texts(game, state, viewer, players)
        seat = state.to_act()[0]
        mine = legal_notations(state, seat)
        shared = [n for n in mine if n in set(legal_notations(twin, seat))] if seat != viewer else []
        notation = (denborazup_chooser(shared or mine, {"view": game.view(state, seat)})
                    if game_name == "denborazup" else None) or rng.choice(shared or mine)
        if notation in shared:  # another seat's move, possible in both worlds
            names = names_for(players, viewer)
            real = events_json(game, [(1, e) for e in state.clone().apply(seat, game.parse_action(notation))],
                               viewer, "en", names)
            other = events_json(game, [(1, e) for e in twin.apply(seat, game.parse_action(notation))],
                                viewer, "en", names)
            assert [e["text"] for e in real] == [e["text"] for e in other], (notation, real, other)
            compared += 1
        state.apply(seat, game.parse_action(notation))
    assert compared > 10 and differed > 10, (compared, differed)
