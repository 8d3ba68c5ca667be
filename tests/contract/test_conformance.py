"""The engine contract (``mahai.core.game``), checked on every registered game,
edition and player count by seeded random playouts (``playouts.py``).

Each test names one promise of the contract; a game that breaks it fails that
test only. Set ``MAHAI_CONTRACT_SEED`` to play other games,
``MAHAI_CONTRACT_STEPS`` / ``MAHAI_CONTRACT_LONG_STEPS`` to play longer.
"""

from __future__ import annotations

import json
import random
from itertools import zip_longest
from pathlib import Path
from typing import Any

import pytest

from mahai.core import GameRecord, MahaiError
from mahai.core.errors import MalformedAction
from mahai.core.game import Game
from mahai.core.text import Message
from tests.contract.playouts import (
    CASES,
    SAMPLED,
    Case,
    diff,
    every,
    long_playout,
    short_playout,
    snapshot,
    view_json,
    walk,
)
from tests.contract.text import message_problems, seat_problems, shape

pytestmark = pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)


def _has_determinize(game: Game[Any, Any]) -> bool:
    return type(game).determinize is not Game.determinize


def test_every_seat_to_act_has_a_legal_action(case: Case) -> None:
    """``to_act()`` lists distinct seats, each with a legal action (and only they
    have one); it is empty exactly when the game is over; not every seat in it must
    wait; winners only once over; one score per seat; ``stats`` at the end is JSON."""
    game = case.game
    playout = long_playout(case)
    stride = every(len(playout.actions), SAMPLED)
    state = None
    for w in walk(case, playout):
        state = w.state
        seats = state.to_act()
        where = f"after action {w.ply}"
        assert len(set(seats)) == len(seats) and all(0 <= s < case.players for s in seats), where
        assert bool(seats) != state.is_over, f"{where}: to_act={seats}, is_over={state.is_over}"
        if seats:
            assert not all(state.must_wait(s) for s in seats), f"{where}: every seat must wait"
            assert not state.winners(), f"{where}: winners before the end"
        assert len(state.scores()) == case.players, where
        if w.ply % stride and not state.is_over:
            continue
        for seat in range(case.players):
            legal = state.legal_actions(seat)
            assert bool(legal) == (seat in seats), f"{where}: seat {seat}, to_act={seats}, legal={legal}"
    assert state is not None
    stats = game.stats(state)
    assert all(isinstance(k, str) and isinstance(v, float | int) for k, v in stats.items()), stats
    json.dumps(stats, allow_nan=False)


def test_notation_round_trips(case: Case) -> None:
    """Every legal action's notation parses back to the same action with the same
    notation; a mangled notation either parses to an action whose notation
    round-trips too, or raises :class:`MalformedAction` (never another error)."""
    game = case.game
    done: set[str] = set()
    mangled_verbs: dict[str, int] = {}
    playout = long_playout(case)
    stride = every(len(playout.actions), SAMPLED)
    for w in walk(case, playout):
        if w.ply % stride:
            continue
        for seat in w.state.to_act():
            for action in w.state.legal_actions(seat):
                text = action.notation()
                if text in done:
                    continue
                done.add(text)
                back = game.parse_action(text)
                assert back == action, f"{text!r} parses to {back!r}, not {action!r}"
                assert back.notation() == text
                verb = text.split()[0] if text.split() else ""
                mangled_verbs[verb] = mangled_verbs.get(verb, 0) + 1
                if mangled_verbs[verb] > 5:  # a few of each kind of action
                    continue
                for mangled in (f"{text} x", text.split()[0] + " ?", text.upper(), f"  {text}  ",
                                text[: len(text) // 2], "", "9" * 40):
                    try:
                        other = game.parse_action(mangled)
                    except MalformedAction:
                        continue
                    again = game.parse_action(other.notation())
                    assert again == other and again.notation() == other.notation(), mangled
    assert done


def test_can_agrees_with_apply(case: Case) -> None:
    """``can(seat, a)`` is True exactly for the actions in ``legal_actions(seat)``;
    what it accepts ``apply`` applies, what it refuses ``apply`` refuses with a
    :class:`MahaiError` and leaves the state as it was (views, legal actions,
    version, generator)."""
    playout = short_playout(case)
    pool = playout.seen
    rng = random.Random(case.seed)
    refused = 0
    for w in walk(case, playout):
        state = w.state
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                assert state.can(seat, action), f"after {w.ply}: legal {action.notation()!r} refused"
        if not pool:
            continue
        before = snapshot(case, state)
        tried = []
        for _ in range(6):
            seat = rng.randrange(case.players)
            action = rng.choice(pool)
            legal = action in state.legal_actions(seat)
            assert state.can(seat, action) == legal, (
                f"after {w.ply}: can({seat}, {action.notation()!r}) != (in legal_actions: {legal})")
            if legal:
                state.clone().apply(seat, action)
                continue
            # A seat not in to_act usually gets NotYourTurn; a game may explain better
            # (Mille Bornes: a coup fourré after its window closed, MBR-10).
            with pytest.raises(MahaiError):
                state.apply(seat, action)
            tried.append(f"{seat}:{action.notation()}")
            refused += 1
        after = snapshot(case, state)
        assert after == before, f"after {w.ply}: refusing {tried} changed {diff(before, after)}"
    assert refused, "no illegal action was tried"


def test_a_clone_is_independent_of_its_original(case: Case) -> None:
    """Changing a clone leaves the original as it was and the other way round; a
    clone (and a clone of a clone) continues exactly as the original given the same
    actions, chance included (the generator is part of the clone)."""
    game = case.game
    playout = short_playout(case)
    stride = every(len(playout.actions), 30)
    rng = random.Random(case.seed)
    pending: tuple[Any, tuple[Any, ...]] | None = None
    for w in walk(case, playout):
        state = w.state
        if pending is not None:
            clone, snap = pending
            now = snapshot(case, clone)
            assert now == snap, f"action {w.ply} on the original changed its clone: {diff(snap, now)}"
            assert w.seat is not None and w.action is not None
            events = clone.apply(w.seat, w.action)
            assert events == w.events, f"action {w.ply}: the clone's events differ"
            mine, theirs = snapshot(case, clone), snapshot(case, state)
            assert mine == theirs, f"action {w.ply}: clone and original diverge: {diff(mine, theirs)}"
            pending = None
        if w.ply % stride or state.is_over:
            continue
        before = snapshot(case, state)
        first = state.clone()
        second = first.clone()  # before `first` is used: shares its generator snapshot
        pending = (state.clone(), before)
        sequence = []
        for _ in range(8):
            if first.is_over:
                break
            seat = rng.choice(first.to_act())
            action = rng.choice(first.legal_actions(seat))
            sequence.append((seat, action, first.apply(seat, action)))
        now = snapshot(case, state)
        assert now == before, f"after {w.ply}: playing on a clone changed the original: {diff(before, now)}"
        for seat, action, events in sequence:
            assert second.apply(seat, action) == events, f"after {w.ply}: {action.notation()!r} differs"
        assert snapshot(case, first) == snapshot(case, second), f"after {w.ply}: clones diverge"
        assert view_json(game, first, None) == view_json(game, second, None)


def test_a_record_replays_to_the_same_views(case: Case, tmp_path: Path) -> None:
    """A :class:`GameRecord` dumped to a file, loaded and played with ``steps()``
    gives the same versions, seats, notations, events, views and projected events
    for every viewer as the game played live."""
    game = case.game
    playout = short_playout(case)
    record = GameRecord.start(game, case.options, case.players, case.seed)
    record.actions = [(seat, action.notation()) for seat, action in playout.actions]
    path = tmp_path / "record.json"
    record.dump(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    for w, step in zip_longest(walk(case, playout), loaded.steps(game)):
        assert w is not None and step is not None, "the record has a different length"
        assert step.version == w.state.version == w.ply
        assert step.seat == w.seat
        assert step.notation == (w.action.notation() if w.action is not None else None)
        assert step.events == w.events, f"step {w.ply}: events"
        for viewer in case.viewers():
            assert view_json(game, step.state, viewer) == view_json(game, w.state, viewer), (
                f"step {w.ply}: view of {viewer}")
            mine = [game.project_event(e, viewer) for e in step.events]
            assert mine == [game.project_event(e, viewer) for e in w.events], f"step {w.ply}"


def _scribble(value: Any) -> None:
    """Change a JSON value in place wherever it can be changed."""
    if isinstance(value, dict):
        for item in list(value.values()):
            _scribble(item)
        try:
            value["scribbled"] = 1
        except TypeError:
            pass
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")


def test_views_and_events_are_json(case: Case) -> None:
    """Every view and every projected event is JSON (no NaN, no objects), a
    projected event has a ``kind``, and views and projected events are the
    receiver's own: changing one changes neither the state nor the next one."""
    game = case.game
    playout = short_playout(case)
    stride = every(len(playout.actions), 20)
    for w in walk(case, playout):
        for viewer in case.viewers():
            text = view_json(game, w.state, viewer)
            for event in w.events:
                projected = game.project_event(event, viewer)
                if projected is None:
                    continue
                assert isinstance(projected.get("kind"), str), projected
                seen = json.dumps(projected, allow_nan=False, sort_keys=True)
                _scribble(projected)
                again = json.dumps(game.project_event(event, viewer), sort_keys=True)
                assert again == seen, f"after {w.ply}: a projected {event.kind} aliases the event"
            if w.ply % stride == 0:
                _scribble(game.view(w.state, viewer))
                assert view_json(game, w.state, viewer) == text, f"after {w.ply}: a view aliases the state"


def _hand(view: dict[str, Any]) -> Any:
    return view.get("hand")


def test_a_spectator_sees_no_hand(case: Case) -> None:
    """A spectator's view holds no hand (key ``hand`` absent, None or empty); and,
    for a game with ``determinize``, two states that differ only in the cards a seat
    cannot see (two determinizations of its observation) look the same to a
    spectator, while some other seat's view tells them apart at least once (so the
    check can fail)."""
    game = case.game
    playout = short_playout(case)
    twins = _has_determinize(game)
    stride = every(len(playout.actions), 15)
    told_apart = 0
    for w in walk(case, playout):
        state = w.state
        assert not _hand(game.view(state, None)), f"after {w.ply}: the spectator sees a hand"
        if not twins or w.ply % stride:
            continue
        for seat in range(case.players):
            observation = game.observe(state, seat)
            one = game.determinize(observation, random.Random(1))
            two = game.determinize(observation, random.Random(2))
            assert view_json(game, one, None) == view_json(game, two, None), (
                f"after {w.ply}: the spectator sees what seat {seat} cannot")
            told_apart += any(view_json(game, one, other) != view_json(game, two, other)
                              for other in range(case.players) if other != seat)
    if twins and case.players > 1:
        assert told_apart, "the determinized twins never differed: the check proves nothing"


def test_determinize_is_consistent_with_the_observation(case: Case) -> None:
    """``observe(determinize(o, rng), seat) == o`` (as JSON), with the same seats to
    act and the same legal actions for the seat, in a state that plays on; the
    observation and the original state are left as they were."""
    game = case.game
    if not _has_determinize(game):
        pytest.skip(f"{case.game_name} has no determinize")
    playout = short_playout(case)
    stride = every(len(playout.actions), 20)
    rng = random.Random(case.seed)
    for w in walk(case, playout):
        state = w.state
        if w.ply % stride:
            continue
        for seat in range(case.players):
            observation = game.observe(state, seat)
            expected = json.dumps(observation.to_json(), sort_keys=True)
            world = game.determinize(observation, random.Random(rng.getrandbits(32)))
            where = f"after {w.ply}, seat {seat}"
            assert json.dumps(observation.to_json(), sort_keys=True) == expected, f"{where}: o changed"
            assert view_json(game, world, seat) == expected, f"{where}: observe(determinize(o)) != o"
            assert view_json(game, state, seat) == expected, f"{where}: the original changed"
            assert world.to_act() == state.to_act(), where
            assert sorted(a.notation() for a in world.legal_actions(seat)) == sorted(
                a.notation() for a in state.legal_actions(seat)), where
            for _ in range(5):
                if world.is_over:
                    break
                actor = rng.choice(world.to_act())
                world.apply(actor, rng.choice(world.legal_actions(actor)))


def test_every_action_and_event_is_described_in_every_language(case: Case) -> None:
    """``describe_action`` (every legal action of every seat), ``describe_event``
    (every event as projected for every viewer) and ``describe_view`` (where the game
    has it: sampled views of every viewer) give messages whose msgids are in
    the catalogs of eu, en, es and fr, that render without a ``{`` left, whose
    Basque differs from the msgid, and whose players are seats of the table; at
    least one event says something."""
    game = case.game
    problems: dict[str, list[str]] = {}
    checked: set[tuple[object, ...]] = set()
    described = silent = 0

    def check(message: Any, what: str) -> None:
        if not isinstance(message, Message):
            problems.setdefault(f"{what}: not a Message: {message!r}", [])
            return
        for problem in seat_problems(message, case.players):
            problems.setdefault(problem, []).append(what)
        key = shape(message)  # the catalogs and the rendering, once per kind of sentence
        if key in checked:
            return
        checked.add(key)
        for problem in message_problems(message, case.players):
            problems.setdefault(problem, []).append(what)

    seen_actions: set[str] = set()
    playout = long_playout(case)
    stride = every(len(playout.actions), SAMPLED)
    for w in walk(case, playout):
        for viewer in case.viewers() if w.ply % stride == 0 else ():
            lines = game.describe_view(game.view(w.state, viewer), viewer)
            if lines is not None:
                assert lines, f"describe_view said nothing for {viewer} after {w.ply}"
                for line in lines:
                    check(line, f"view of {viewer} after {w.ply}")
        for seat in w.state.to_act() if w.ply % stride == 0 else ():
            for action in w.state.legal_actions(seat):
                text = action.notation()
                if text not in seen_actions:
                    seen_actions.add(text)
                    check(game.describe_action(action), f"action {text!r}")
        for event in w.events:
            for viewer in case.viewers():
                projected = game.project_event(event, viewer)
                if projected is None:
                    continue
                message = game.describe_event(projected, viewer)
                if message is None:
                    silent += 1
                    continue
                described += 1
                check(message, f"event {projected.get('kind')} for {viewer}")
    report = [f"{p} (e.g. {w[0] if w else ''}; {len(w)}×)" for p, w in problems.items()]
    assert not report, "\n".join(report[:25])
    assert described, f"no event was described ({silent} silent)"
