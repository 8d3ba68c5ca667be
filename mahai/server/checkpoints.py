"""Replay checkpoints: kept states of recent tables' records, so that a replay page is played
from the last kept state before it, not from the set-up (:meth:`Hub.replay
<mahai.server.tables.Hub.replay>`).

Before them every page replayed the whole record up to its start: the last page of a finished
DenboraZup long game of 15,930 steps cost seconds of CPU, and a client may ask for 5 pages a
second (:mod:`mahai.server.limits`). Now a page costs its frames and at most one spacing of
actions (:meth:`ReplayCheckpoints.spacing`), once a first request has replayed the record
(and kept states on its way).

A kept state is the engine's whole state (secrets included): it never leaves the server; the
frames are still built from each viewer's projection. Records only grow (a table's actions are
appended, never changed), so a state kept after ``done`` actions of a live game stays right as
the game goes on; each is kept with the action that led to it and checked against the record
before use all the same.

Memory is bounded: at most :data:`PER_TABLE` states a table (their spacing doubles as a record
grows) and :data:`STATES` in all, the least recently replayed tables forgotten first. Measured on
6 December 2026 (``python -m benchmarks.replay_cost``, traced with ``tracemalloc``): a kept state
is about 31 kB in a DenboraZup long game or Spades, 11 kB in Mille Bornes (most of it its own
generator state, 625 integers), so the cache holds at most about 16 MB.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from mahai.core.game import State
from mahai.core.record import GameRecord

PER_TABLE = 64
"""The most states kept for one table: a record of up to ``PER_TABLE`` pages keeps one a page
(a DenboraZup long game, about 1,600 actions, does; one of 12,664 keeps one every 200 actions)."""

STATES = 512
"""The most states kept in all (about 16 MB): past it the least recently replayed tables' are
forgotten."""


@dataclass
class _Marks:
    """One table's kept states: the record's header they belong to, and by ``done`` (actions
    applied) the action that led there and the state (never mutated: clones are handed out)."""

    header: tuple[str, int, int]
    states: dict[int, tuple[tuple[int, str], State[Any]]] = field(default_factory=dict)


class ReplayCheckpoints:
    """Kept states of the records of recent tables, by table id (safe from any thread).

    ``page``: the replay page size (frames); states are kept after ``done`` actions where
    ``done + 1`` is a multiple of :meth:`spacing`, i.e. just before a page's first action.
    ``per_table`` and ``states`` (at least ``per_table``) bound the memory (:data:`PER_TABLE`,
    :data:`STATES`).
    """

    def __init__(self, page: int, per_table: int = PER_TABLE, states: int = STATES) -> None:
        if page < 1 or not 1 <= per_table <= states:
            raise ValueError("page and per_table must be positive, states at least per_table")
        self.page = page
        self.per_table = per_table
        self.states = states
        self._count = 0
        self._marks: OrderedDict[str, _Marks] = OrderedDict()
        self._lock = threading.Lock()

    def spacing(self, actions: int) -> int:
        """The actions between two kept states of a record of ``actions`` actions: the page
        size, doubled until at most :attr:`per_table` states fit (a multiple of the spacing
        of a shorter record, so a growing record keeps the states it still needs)."""
        spacing = self.page
        while actions // spacing > self.per_table:
            spacing *= 2
        return spacing

    def wanted(self, done: int, actions: int) -> bool:
        """Whether the state after ``done`` actions of a record of ``actions`` is one to keep."""
        return done > 0 and (done + 1) % self.spacing(actions) == 0

    @staticmethod
    def _header(record: GameRecord) -> tuple[str, int, int]:
        return (record.game, record.players, record.seed)

    def get(self, key: str, record: GameRecord, before: int) -> tuple[int, State[Any]] | None:
        """The latest kept state of ``key`` after at most ``before`` actions of ``record``, as
        ``(done, clone)`` (the clone is the caller's to play on), or None."""
        header = self._header(record)
        with self._lock:
            marks = self._marks.get(key)
            if marks is None:
                return None
            if marks.header != header:  # not this record (cannot happen for a table id): forget
                self._forget(key)
                return None
            self._marks.move_to_end(key)
            for done in sorted(marks.states, reverse=True):
                last, state = marks.states[done]
                if done <= before and done <= len(record.actions) and record.actions[done - 1] == last:
                    return done, state.clone()
        return None

    def put(self, key: str, record: GameRecord, done: int, state: State[Any]) -> None:
        """Keep (a clone of) ``state``, the state after ``done`` actions of ``record``, for
        ``key``; states off the record's present :meth:`spacing`, then the least recently used
        tables' while more than :attr:`states` are kept, are forgotten."""
        if not 0 < done <= len(record.actions):
            raise ValueError(f"done {done} is not from 1 to {len(record.actions)}")
        kept = state.clone()
        spacing = self.spacing(len(record.actions))
        header = self._header(record)
        with self._lock:
            marks = self._marks.get(key)
            if marks is None or marks.header != header:
                self._forget(key)
                marks = self._marks[key] = _Marks(header)
            self._count += done not in marks.states
            marks.states[done] = (record.actions[done - 1], kept)
            for old in [d for d in marks.states if (d + 1) % spacing]:
                del marks.states[old]
                self._count -= 1
            self._marks.move_to_end(key)
            while self._count > self.states:
                self._forget(next(iter(self._marks)))

    def _forget(self, key: str) -> None:
        """Drop the states of ``key`` (under the lock)."""
        marks = self._marks.pop(key, None)
        if marks is not None:
            self._count -= len(marks.states)

    def kept(self) -> int:
        """How many states are kept (all tables)."""
        with self._lock:
            return self._count
