"""Game records: options + seed + the actions in order; they replay to every state.

Records are the unit of persistence, replay, bug reports and golden tests
(design.md). The JSON form is::

    {"format": 1, "game": "spades", "players": 4, "seed": 123,
     "options": {...}, "actions": [[seat, "bid 3"], ...]}
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from mahai.core.errors import CorruptRecord, MahaiError
from mahai.core.game import Event, Game, Seat, State
from mahai.core.options import options_to_dict

FORMAT = 1
MAX_BYTES = 16 * 1024 * 1024
"""The largest record file :meth:`GameRecord.load` reads (16 MiB: a long game's record is tens
of kilobytes); a larger file, or a device without end, is refused."""


class Step(NamedTuple):
    """One step of a record: the ``version`` reached, the ``seat`` that acted and
    its ``notation`` (both None for the set-up, version 0), the engine
    ``events`` (secrets included: project them before showing them) and the
    ``state`` after it (the same object at every step, mutated: clone it to
    keep one)."""

    version: int
    seat: Seat | None
    notation: str | None
    events: list[Event]
    state: State[Any]


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: ``game`` name, ``players``, ``seed``,
    ``options`` (a JSON dict) and ``actions`` as ``(seat, notation)`` pairs."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[tuple[Seat, str]] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game[Any, Any], options: object, players: int, seed: int) -> GameRecord:
        return cls(game.name, players, seed, options_to_dict(options))

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "game": self.game,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "actions": [[s, a] for s, a in self.actions],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse a record.

        Raises:
            CorruptRecord: ``not_json`` (nested too deep for the parser too),
                ``bad_format`` or ``bad_field`` (with the field named) — never a
                bare KeyError, ValueError or RecursionError.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise CorruptRecord("not_json", detail=type(exc).__name__) from None
        if not isinstance(data, dict) or type(data.get("format")) is not int or data["format"] != FORMAT:
            raise CorruptRecord("bad_format", field="format")
        try:
            game, players, seed = data["game"], data["players"], data["seed"]
            options, actions = data["options"], data["actions"]
        except KeyError as exc:
            raise CorruptRecord("bad_field", field=str(exc.args[0])) from None
        checks = {
            "game": isinstance(game, str),
            "players": isinstance(players, int),
            "seed": isinstance(seed, int),
            "options": isinstance(options, dict),
            "actions": isinstance(actions, list)
            and all(
                isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str)
                for a in actions
            ),
        }
        for name, ok in checks.items():
            if not ok:
                raise CorruptRecord("bad_field", field=name)
        return cls(game, players, seed, options, [(s, a) for s, a in actions])

    def steps(self, game: Game[Any, Any]) -> Iterator[Step]:
        """Play the record: the set-up (version 0, with the state's
        ``start_events``), then one :class:`Step` per action.

        Raises:
            CorruptRecord: ``wrong_game``; ``bad_field`` (``options``) if the
                options are refused, (``players``) if the player count is;
                ``bad_action`` with the ``index`` (from 0) and the ``move`` (from
                1, as a replay counts them), if an action does not apply (the
                record does not match the rules or was edited).
        """
        if game.name != self.game:
            raise CorruptRecord("wrong_game", field="game", expected=game.name, got=self.game)
        try:
            options = game.options_from_json(self.options)
        except MahaiError as exc:
            raise CorruptRecord("bad_field", field="options", detail=exc.code) from None
        try:
            game.check_players(options, self.players)
            state = game.new(options, self.players, self.seed)
        except MahaiError as exc:
            raise CorruptRecord("bad_field", field="players", detail=exc.code) from None
        yield Step(state.version, None, None, list(state.start_events), state)
        yield from self._play(game, state, 0)

    def steps_from(self, game: Game[Any, Any], state: State[Any], done: int) -> Iterator[Step]:
        """Go on playing the record from ``state``, the state after its first ``done``
        actions (as :meth:`steps` reached it, or a clone of that): one :class:`Step` per
        action from index ``done`` (no set-up step), ``state`` itself mutated as in
        :meth:`steps` (pass a clone to keep it). The same steps as :meth:`steps` past its
        first ``done + 1``, at the cost of the actions after ``done`` only (a replay page
        from a kept state, not from the set-up). That ``state`` is this record's after
        ``done`` actions is the caller's word: only its ``version`` is checked.

        Raises:
            ValueError: ``done`` is not from 0 to ``len(actions)``, or ``state.version``
                is not ``done`` (a state from elsewhere, or already moved on).
            CorruptRecord: ``wrong_game``; ``bad_action`` as in :meth:`steps`.
        """
        if game.name != self.game:
            raise CorruptRecord("wrong_game", field="game", expected=game.name, got=self.game)
        if not 0 <= done <= len(self.actions) or state.version != done:
            raise ValueError(f"state at version {state.version} is not the record's after {done} actions"
                             f" (of {len(self.actions)})")
        game.resume(state)  # as steps' game.new does: the game's memory of it (DenboraZup's handles)
        return self._play(game, state, done)

    def _play(self, game: Game[Any, Any], state: State[Any], done: int) -> Iterator[Step]:
        """Apply the actions from index ``done`` to ``state``: one step each."""
        for index, (seat, text) in enumerate(itertools.islice(self.actions, done, None), done):
            try:
                events = state.apply(seat, game.parse_action(text))
            except MahaiError as exc:
                raise CorruptRecord("bad_action", index=index, move=index + 1, action=text[:200],
                                    detail=exc.code) from None
            yield Step(state.version, seat, text, events, state)

    def replay(self, game: Game[Any, Any]) -> Iterator[State[Any]]:
        """The state after each :meth:`steps` step, the initial one first (the
        same object, mutated: clone it to keep one). Errors as :meth:`steps`."""
        for step in self.steps(game):
            yield step.state

    def dump(self, path: str | Path) -> None:
        """Write the record to ``path`` as JSON (UTF-8), whole or not at all: written beside it
        under another name, then renamed over it, so that a full disk or an interruption leaves
        the file as it was (the game so far), never cut short. A symbolic link's target is the
        file replaced; a path that is no regular file (``/dev/null``, a terminal) is written
        to, never replaced.

        Raises:
            CorruptRecord: ``unwritable`` (the file or a temporary file beside it cannot be
                written: no such folder, a folder by that name, no permission, a full disk).
        """
        target = Path(path)
        text = self.to_json() + "\n"
        try:
            if target.exists() and not target.is_file():  # a device: never replaced by a file
                target.write_text(text, encoding="utf-8")
                return
            target = target.resolve()
            temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")  # made as open() makes files
            try:
                temp.write_text(text, encoding="utf-8")
                os.replace(temp, target)
            except BaseException:
                temp.unlink(missing_ok=True)
                raise
        except OSError as exc:
            raise CorruptRecord("unwritable", path=str(path), detail=type(exc).__name__) from None

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by :meth:`dump` (a UTF-8 byte order mark, as some editors
        write, is allowed).

        Raises:
            CorruptRecord: ``unreadable`` (the file cannot be read: missing, a folder, no
                permission, not UTF-8), ``too_big`` (more than :data:`MAX_BYTES`), or as
                :meth:`from_json`.
        """
        try:
            with Path(path).open("rb") as file:
                data = file.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                raise CorruptRecord("too_big", path=str(path), most=MAX_BYTES // (1024 * 1024))
            text = data.decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CorruptRecord("unreadable", path=str(path), detail=type(exc).__name__) from None
        return cls.from_json(text)

    def final_state(self, game: Game[Any, Any]) -> State[Any]:
        """The state after the last action (see :meth:`replay` for errors)."""
        *_, last = self.replay(game)
        return last
