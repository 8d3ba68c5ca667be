"""Seeded random playouts of every registered game, shared by the conformance suite.

A :class:`Case` is one game, edition and player count that the game declares
(``game.players(game.options(edition))``). Its playouts are lists of ``(seat,
action)`` pairs chosen at random among the legal actions (a seat that
:meth:`~mahai.core.State.must_wait` is passed over while another may act, as
drivers do), so that every check but the record one works on action objects and
does not depend on the notation being right.

Two lengths: :func:`short_playout` (the first ``MAHAI_CONTRACT_STEPS`` actions,
default 120: every check runs on every state) and :func:`long_playout` (to the end
of the game, at most ``MAHAI_CONTRACT_LONG_STEPS``, default 2,000: the cheap
checks on every state, legal actions on about :data:`SAMPLED` states, and the
text coverage). ``MAHAI_CONTRACT_SEED`` (default 0) shifts every
seed, to explore other games.
"""

from __future__ import annotations

import json
import os
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from mahai.core import Event, Game, Seat, State
from mahai.core.game import Action
from mahai.games import available_games, get_game

SHORT_STEPS = int(os.environ.get("MAHAI_CONTRACT_STEPS", "120"))
LONG_STEPS = int(os.environ.get("MAHAI_CONTRACT_LONG_STEPS", "2000"))
SAMPLED = int(os.environ.get("MAHAI_CONTRACT_SAMPLED", "150"))
BASE_SEED = int(os.environ.get("MAHAI_CONTRACT_SEED", "0"))


@dataclass(frozen=True)
class Case:
    """One game, edition and player count to play; ``override``: a game object to
    play instead of the registered one (the suite's own tests use broken games)."""

    game_name: str
    edition: str
    players: int
    override: Game[Any, Any] | None = None

    @property
    def id(self) -> str:
        return f"{self.game_name}-{self.edition}-{self.players}p"

    @property
    def game(self) -> Game[Any, Any]:
        return self.override if self.override is not None else get_game(self.game_name)

    @property
    def options(self) -> Any:
        return self.game.options(self.edition)

    @property
    def seed(self) -> int:
        return (zlib.crc32(self.id.encode()) + BASE_SEED) % 2**32

    def viewers(self) -> list[Seat | None]:
        """Every seat, then the spectator (None)."""
        return [*range(self.players), None]


def cases() -> list[Case]:
    """Every registered game × edition × declared player count."""
    out = []
    for name in available_games():
        game = get_game(name)
        for edition in game.editions:
            for players in game.players(game.options(edition)):
                out.append(Case(name, edition, players))
    return out


CASES = cases()
GAME_NAMES = available_games()


class Playout(NamedTuple):
    """A seeded random game: the actions, and every distinct action (by
    notation) that was legal for some seat at some point (for illegal samples)."""

    actions: list[tuple[Seat, Action]]
    seen: list[Action]


def _play(case: Case, limit: int, collect: bool) -> Playout:
    game = case.game
    state = game.new(case.options, case.players, case.seed)
    rng = random.Random(case.seed ^ 0x5EED)
    actions: list[tuple[Seat, Action]] = []
    seen: dict[str, Action] = {}
    while not state.is_over and len(actions) < limit:
        seats = state.to_act()
        if collect:
            for seat in range(case.players):
                for a in state.legal_actions(seat):
                    seen.setdefault(a.notation(), a)
        ready = [s for s in seats if not state.must_wait(s)] or list(seats)
        if not ready:
            break  # a stuck game: the to_act check reports it
        seat = rng.choice(ready)
        legal = state.legal_actions(seat)
        if not legal:
            break  # idem
        action = rng.choice(legal)
        state.apply(seat, action)
        actions.append((seat, action))
    return Playout(actions, list(seen.values()))


@cache
def short_playout(case: Case) -> Playout:
    """The first :data:`SHORT_STEPS` actions of the case's seeded game."""
    return _play(case, SHORT_STEPS, collect=True)


@cache
def long_playout(case: Case) -> Playout:
    """The case's seeded game to its end (at most :data:`LONG_STEPS` actions)."""
    return _play(case, LONG_STEPS, collect=False)


class Walk(NamedTuple):
    """One state of a playout: ``ply`` (actions played; 0 = the set-up), the ``seat`` and
    ``action`` that led to it (None for the set-up), their ``events`` (the set-up's
    ``start_events`` first), and the ``state`` (the same object throughout)."""

    ply: int
    seat: Seat | None
    action: Action | None
    events: list[Event]
    state: State[Any]


def walk(case: Case, playout: Playout) -> Iterator[Walk]:
    """Replay ``playout`` on a fresh state with :meth:`State.apply`."""
    game = case.game
    state = game.new(case.options, case.players, case.seed)
    yield Walk(0, None, None, list(state.start_events), state)
    for ply, (seat, action) in enumerate(playout.actions, 1):
        events = state.apply(seat, action)
        yield Walk(ply, seat, action, events, state)


def view_json(game: Game[Any, Any], state: State[Any], viewer: Seat | None) -> str:
    """The viewer's view as canonical JSON text (raises if it is not JSON)."""
    return json.dumps(game.view(state, viewer), sort_keys=True, allow_nan=False)


def snapshot(case: Case, state: State[Any]) -> tuple[Any, ...]:
    """Everything observable of ``state``: version, ``to_act``, ``is_over``, each
    seat's legal notations, every viewer's view, and the generator's state."""
    game = case.game
    return (
        state.version,
        state.to_act(),
        state.is_over,
        tuple(tuple(a.notation() for a in state.legal_actions(s)) for s in range(case.players)),
        tuple(view_json(game, state, v) for v in case.viewers()),
        state.rng.getstate(),
    )


def diff(a: tuple[Any, ...], b: tuple[Any, ...]) -> str:
    """Which parts of two snapshots differ (for assertion messages)."""
    names = ("version", "to_act", "is_over", "legal", "views", "generator")
    return ", ".join(n for n, x, y in zip(names, a, b, strict=True) if x != y) or "nothing"


def every(n_states: int, wanted: int) -> int:
    """A stride that visits about ``wanted`` of ``n_states`` states."""
    return max(1, n_states // max(1, wanted))
