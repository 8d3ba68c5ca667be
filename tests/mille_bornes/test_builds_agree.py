"""The compiled engine plays exactly as the pure-Python one (issue 16): the same seeded games,
random and between heuristic bots, give the same actions, events and views in both builds.

The digest is computed here (the build this test session runs: compiled under
``MAHAI_EXPECT_COMPILED=1``) and in a subprocess that puts the source tree first on
``sys.path`` (the pure-Python reference, as ``benchmarks/builds.py`` does). Speed work on the
engine or on the heuristic bot (``mahai/bots/mille_bornes.py``) must leave them equal; a change
of the heuristic's play shows up as a change of :func:`digest` in both builds at once.
Rule ids: MBR-3..13 (the turn, the coup-fourré window), MBR-14..17 (the legs to the game's end).
"""

from __future__ import annotations

import copy
import dis
import hashlib
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path

import mahai
from mahai.bots import make_bot
from mahai.core import MalformedAction
from mahai.games.mille_bornes import GAME, actions
from mahai.games.mille_bornes.state import (
    _FILL_DICT_SLOT,
    _KIND_OF,
    K_NONE,
    MilleBornesState,
    _fields_ok,
    _kind,
)

ROOT = Path(__file__).resolve().parents[2]

# (edition, players, option overrides): every edition's turn rules, a fast game with the
# discard pile, the hazard and exhaustion variants.
RANDOM_GAMES = [("eu", 4, {}), ("classic", 3, {}), ("2016", 4, {}), ("bsd", 2, {}),
                ("eu", 2, {"fast_game": True, "draw_from_discard": True}),
                ("eu", 3, {"hazard_on_hazard": True, "hazard_before_first_roll": False,
                           "deck_exhaustion": "end"}),
                ("eu", 6, {"deck_exhaustion": "reshuffle", "exceed_target": True})]
HEURISTIC_GAMES = [("eu", 2), ("classic", 3), ("eu", 4), ("2016", 4)]


def digest() -> str:
    """SHA-256 over seeded whole games: random play (legal actions, every event with its
    audience, a view every 9 actions) and heuristic bots (their notations and the events)."""
    h = hashlib.sha256()

    def events(evs: list[object]) -> None:
        for e in evs:
            h.update(repr(GAME.project_event(e, None)).encode())  # type: ignore[arg-type]
            h.update(repr(GAME.project_event(e, 0)).encode())  # type: ignore[arg-type]

    rng = random.Random(16)
    for edition, players, overrides in RANDOM_GAMES:
        state = GAME.new(GAME.options(edition, **overrides), players, 100 + players)
        events(list(state.start_events))
        step = 0
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            h.update(" | ".join(a.notation() for a in legal).encode())
            if step % 9 == 0:
                h.update(json.dumps(GAME.view(state, seat), sort_keys=True).encode())
            events(list(state.apply(seat, legal[rng.randrange(len(legal))])))
            step += 1
    for seed, (edition, players) in enumerate(HEURISTIC_GAMES):
        state = GAME.new(GAME.options(edition), players, seed)
        bots = {s: make_bot(GAME.name, "heuristic", random.Random(seed + s)) for s in range(players)}
        while not state.is_over:
            seat = next(s for s in state.to_act() if not state.must_wait(s))
            action = bots[seat].act(GAME, seat, GAME.observe(state, seat), state.legal_actions(seat))
            h.update(action.notation().encode())
            events(list(state.apply(seat, action)))
        h.update(repr(state.scores()).encode())
    return h.hexdigest()


def test_pure_and_this_build_play_the_same() -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import mahai; "
            "from tests.mille_bornes.test_builds_agree import digest; "
            "print(mahai.engine_build(), digest())")
    done = subprocess.run([sys.executable, "-P", "-c", code, str(ROOT)], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    build, pure = done.stdout.split()
    assert build == "pure"
    assert digest() == pure, f"the {mahai.engine_build()} build plays differently from the pure-Python one"


def _drive(state: MilleBornesState, rng: random.Random, decisions: int) -> None:
    while not state.is_over and decisions:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        decisions -= 1


def test_a_drivers_method_lookups_on_a_state_are_specialised() -> None:
    """The interpreter specialises a driver's look-ups of ``to_act``, ``legal_actions`` and
    ``apply`` on a state (the compiled build on CPython 3.11: only because a new state's empty
    instance-dict slot is given an empty dict, ``state._FILL_DICT_SLOT``). MBR-3..13."""
    rng = random.Random(4)
    for seed in range(12):  # CPython 3.11 quickens a function at its ninth call
        _drive(GAME.new(GAME.options("eu"), 4, seed), rng, 40)
    loads = {i.argval: i.opname for i in dis.get_instructions(_drive, adaptive=True)
             if i.argval in ("to_act", "legal_actions", "apply")}
    assert len(loads) == 3
    for name, opname in loads.items():
        assert opname not in ("LOAD_METHOD", "LOAD_METHOD_ADAPTIVE", "LOAD_ATTR", "LOAD_ATTR_ADAPTIVE"), name


def test_the_filled_dict_slot_changes_nothing_a_caller_sees() -> None:
    """A state whose dict slot holds the empty dict (compiled, 3.11) clones, pickles and copies
    as before, takes an attribute set from outside, and plays the same (MBR-3..17)."""
    state = GAME.new(GAME.options("eu"), 4, 21)
    if _FILL_DICT_SLOT:
        assert vars(state) == {}
    _drive(state, random.Random(2), 30)
    views = [GAME.view(state, v) for v in (None, 0, 1, 2, 3)]
    for other in (state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert [GAME.view(other, v) for v in (None, 0, 1, 2, 3)] == views
        a, b = state.clone(), other
        _drive(a, random.Random(8), 10_000)
        _drive(b, random.Random(8), 10_000)
        assert a.is_over and a.scores() == b.scores() and GAME.view(a, None) == GAME.view(b, None)
    state.note = "x"  # type: ignore[attr-defined]
    assert state.note == "x"  # type: ignore[attr-defined]
    assert state.clone().note == "x"  # type: ignore[attr-defined]


_ACTION_CLASSES = (actions.Extend, actions.Decline, actions.CoupFourre, actions.Draw, actions.Redraw,
                   actions.Play, actions.Remedy, actions.Hazard, actions.Safety, actions.Discard)


def test_an_actions_kind_is_its_isinstance() -> None:
    """``state._kind`` (one look-up by the exact class, read once per verify and per _do) names
    the one action class an object is an instance of, subclasses included, and none for any
    other object: what the isinstance chains it replaces tested (MBR-3..13)."""
    samples: list[object] = [a for s in range(6) for a in
                             GAME.new(GAME.options("eu"), 4, s).legal_actions(0)]
    samples += [actions.Extend(True), actions.Decline(), actions.CoupFourre("ace"), actions.Redraw(("25",)),
                actions.Draw("discard"), actions.Hazard("stop", 1), actions.Discard("50")]
    for action in samples:
        (cls,) = [c for c in _ACTION_CLASSES if isinstance(action, c)]
        assert _kind(action) == _KIND_OF[cls] and _KIND_OF[type(action)] == _KIND_OF[cls]

        sub = type("Sub" + cls.__name__, (cls,), {"__slots__": ()})
        fields = [getattr(action, f) for f in action.__dataclass_fields__]  # type: ignore[attr-defined]
        assert _kind(sub(*fields)) == _KIND_OF[cls]
    assert sorted(_KIND_OF.values()) == list(range(1, 11))
    for other in (None, "play 25", 25, object(), GAME.options("eu")):
        assert _kind(other) == K_NONE


def test_a_subclassed_action_plays_as_its_class() -> None:
    """An instance of a subclass of an action class is verified and played as the class's own
    instance (the isinstance tests did so): same events, same state (MBR-3..17)."""
    rng = random.Random(7)
    state = GAME.new(GAME.options("eu"), 4, 3)
    subs = {c: type("Sub" + c.__name__, (c,), {"__slots__": ()}) for c in _ACTION_CLASSES}
    while not state.is_over:
        seat = next(s for s in state.to_act() if not state.must_wait(s))
        action = rng.choice(state.legal_actions(seat))
        fields = [getattr(action, f) for f in action.__dataclass_fields__]  # type: ignore[attr-defined]
        twin = state.clone()
        events = state.apply(seat, action)
        assert [(e.kind, e.data) for e in twin.apply(seat, subs[type(action)](*fields))] == \
            [(e.kind, e.data) for e in events]
        assert GAME.view(twin, None) == GAME.view(state, None)


def test_the_compiled_field_check_is_check_action() -> None:
    """``_check`` asks ``_fields_ok`` and calls ``actions.check_action`` only for its error: the
    two agree on every action a player can make (the legal actions of random games) and on
    actions built by hand with odd fields (``tests/test_core.py``'s ``hand_built``)."""
    from tests.test_core import hand_built

    def refused(action: object) -> bool:
        try:
            actions.check_action(action)
        except MalformedAction:
            return True
        return False

    candidates: list[object] = list(hand_built("mille_bornes"))
    for build in (lambda: actions.Draw("discard"), lambda: actions.Extend(True), lambda: actions.Extend(1),
                  lambda: actions.Decline(), lambda: actions.Redraw(("25", "stop")),
                  lambda: actions.Redraw(("25", 5)), lambda: actions.Hazard("stop", True)):
        try:
            candidates.append(build())
        except MalformedAction:  # refused when built
            continue
    rng = random.Random(8)
    for seed in range(6):
        state = GAME.new(GAME.options("eu"), 2 + seed % 3, seed)
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            candidates += legal
            state.apply(seat, rng.choice(legal))
    assert len(candidates) > 1000
    disagree = [a for a in candidates if _fields_ok(a, _kind(a)) == refused(a)]
    assert not disagree, disagree[:10]
    assert sum(refused(a) for a in candidates) >= 20  # the odd ones are there
