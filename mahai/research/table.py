"""What both adapters share: a game's fixed encoding and a table that drives an
engine state by action *indices*.

An :class:`Encoding` (one small module per game: :mod:`.spades`,
:mod:`.mille_bornes`, :mod:`.denborazup`) fixes, for one set of options and a
player count,

- the action space: ``num_actions`` indices, each with a label
  (:attr:`Encoding.labels`); every legal action of the engine is a short
  sequence of indices (:meth:`Encoding.sequence`) — one index for most actions,
  several for an action made of several choices (a Spades exchange: one index per
  card passed; a Mille Bornes fast-game redraw: one per card, then "redraw now";
  a DenboraZup long-timeline placement: the card, then the slot). Sequences are
  canonical (cards in ascending order) and prefix-free, so each legal action is
  reached by exactly one path of picks;
- the vector observation: :meth:`Encoding.features` reads only a seat's view JSON
  (:meth:`mahai.core.Game.view`, the game's one projection), never the state;
- the rewards: a hand's or leg's score change (:attr:`Encoding.score_scale`) and
  the outcome of the game (:meth:`Encoding.outcome`).

A :class:`Table` holds one engine state, says whose decision it is
(:func:`next_seat`), lists the legal indices of that seat given the picks it has
made so far (:meth:`Table.legal`), and turns a completed sequence back into the
engine's action (:meth:`Table.choose`). Picks of an unfinished sequence stay in the
table (the engine has not seen them) and are shown only to the seat making them.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mahai.research import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as error:  # the research extra is not installed
    raise missing_extra(error) from error

from mahai.bots.base import Bot
from mahai.core.game import Action, Game, Observation, Seat, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

MAX_PICKS = 8
"""Pending picks are shown as ``count / MAX_PICKS`` (no sequence is longer)."""

ENCODINGS: dict[str, str] = {
    "spades": "mahai.research.spades:SpadesEncoding",
    "mille_bornes": "mahai.research.mille_bornes:MilleBornesEncoding",
    "denborazup": "mahai.research.denborazup:DenboraZupEncoding",
}
"""Game name → ``"module:class"`` of its :class:`Encoding` (imported on first use)."""


class Encoding(ABC):
    """A game's fixed action space and vector observation, for ``options`` and
    ``players`` (both fixed for the life of an environment).

    Subclasses set :attr:`num_actions`, :attr:`feature_size`, :attr:`layout`, :attr:`labels` and
    implement :meth:`features` and :meth:`sequence` (or :meth:`sequences`, where an index
    depends on what the seat holds).
    """

    num_actions: int
    """Size of the action space (indices ``0 … num_actions - 1``)."""
    feature_size: int
    """Length of the vector :meth:`features` fills."""
    layout: tuple[tuple[str, int], ...]
    """The parts of that vector in order, ``(name, length)`` (Spades' ``"hand"``: 52 cards);
    :meth:`parts` gives each its slice."""
    labels: tuple[str, ...]
    """``labels[i]``: what index ``i`` means (a notation, or a pick such as ``"pass 2C"``)."""
    score_scale: float | None = None
    """Hand/leg rewards are the change of the seat's score (:meth:`State.scores`,
    the game's public running totals) divided by this; None: no such rewards."""
    max_decisions: int
    """A bound on the picks of one game (OpenSpiel's ``max_game_length``); an
    environment that reaches it stops (truncated)."""

    def __init__(self, game: Game[Any, Any], options: Any, players: int) -> None:
        self.game = game
        self.options = options
        self.players = players
        self._seen: tuple[State[Any], int, Seat | None, Observation] | None = None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the kept projection (:meth:`observe`), which holds a state."""
        return {**self.__dict__, "_seen": None}

    def observe(self, state: State[Any], viewer: Seat | None) -> Observation:
        """``game.observe(state, viewer)`` (the game's projection), the last one kept while
        ``state`` stays at its :attr:`State.version`: an adapter asks for the deciding seat's
        twice a decision (its legal index sequences, :meth:`sequences`, then its observation,
        :meth:`view`), and DenboraZup's, whose timeline grows all game long, costs as much as
        the rest of a step. Projections are read-only, so sharing one is safe."""
        seen = self._seen
        if seen is not None and seen[0] is state and seen[1] == state.version and seen[2] == viewer:
            return seen[3]
        observation = self.game.observe(state, viewer)
        self._seen = (state, state.version, viewer, observation)
        return observation

    def view(self, state: State[Any], viewer: Seat | None) -> dict[str, Any]:
        """``game.view(state, viewer)``, the JSON of :meth:`observe`."""
        return self.observe(state, viewer).to_json()

    def parts(self) -> dict[str, slice]:
        """Where each part of an adapter's observation vector lies: part name → slice, in
        order, from :attr:`layout`, then ``"picks"`` (``num_actions`` long: the indices the
        seat has picked toward an unfinished action, :meth:`Table.pending`). The vector is the
        PettingZoo ``observation`` and OpenSpiel's observation tensor, both
        ``feature_size + num_actions`` long::

            hand = obs["observation"][env.unwrapped.encoding.parts()["hand"]]
        """
        out: dict[str, slice] = {}
        at = 0
        for name, size in (*self.layout, ("picks", self.num_actions)):
            out[name] = slice(at, at + size)
            at += size
        return out

    def sequence(self, seat: Seat, action: Action) -> tuple[int, ...]:
        """The indices that make ``action`` (a legal action of ``seat``), for a game whose
        indices do not depend on what the seat holds (Spades, Mille Bornes: a card's index is
        its kind, which the seat sees). Raises NotImplementedError in the base class and in
        encodings that number a seat's cards by position (DenboraZup: :meth:`sequences`)."""
        raise NotImplementedError(f"{type(self).__name__} needs the state: use sequences()")

    def sequences(self, state: State[Any], seat: Seat, actions: Sequence[Action]) -> list[tuple[int, ...]]:
        """The indices that make each of ``actions`` (legal actions of ``seat`` in ``state``),
        in order. The default asks :meth:`sequence` for each; an encoding whose indices name a
        card by its position among the seat's cards (DenboraZup) reads the positions from the
        seat's projection of ``state``, never from the state itself."""
        return [self.sequence(seat, action) for action in actions]

    @abstractmethod
    def features(self, view: Mapping[str, Any], viewer: Seat | None, out: FloatArray) -> None:
        """Write the features of ``view`` (the JSON of ``game.view(state, viewer)``)
        into ``out`` (zeroed, length :attr:`feature_size`); values lie in [-1, 1]."""

    def text_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The parts of ``view`` an observation *string* shows (default: all): games
        leave out the bulky record of earlier hands, which grows all match long."""
        return dict(view)

    def outcome(self, state: State[Any]) -> tuple[float, ...]:
        """The reward of the game's end for each seat: +1 for a winner, -1 for the
        others; all 0 when nobody (or everybody) won. Reads only
        :meth:`State.winners`, which is public."""
        winners = state.winners()
        if not winners or len(winners) == self.players:
            return (0.0,) * self.players
        return tuple(1.0 if seat in winners else -1.0 for seat in range(self.players))

    utility_bounds: tuple[float, float] = (-1.0, 1.0)
    """The range of :meth:`outcome` (OpenSpiel's ``min_utility``, ``max_utility``)."""
    zero_sum: bool = False
    """Whether :meth:`outcome` always sums to zero (Spades' partnerships)."""


def encoding_for(game: Game[Any, Any], options: Any, players: int) -> Encoding:
    """The :class:`Encoding` of ``game`` (by :attr:`Game.name`).

    Raises:
        ValueError: no encoding is known for this game.
    """
    path = ENCODINGS.get(game.name)
    if path is None:
        raise ValueError(f"no research encoding for the game {game.name!r} "
                         f"(known: {', '.join(ENCODINGS)})")
    module, _, name = path.partition(":")
    cls = getattr(importlib.import_module(module), name)
    encoding: Encoding = cls(game, options, players)
    return encoding


def next_seat(state: State[Any]) -> Seat | None:
    """The seat whose decision is taken next: the first seat of
    :meth:`State.to_act` that need not wait (:meth:`State.must_wait`), else the
    first; None once the game is over. Simultaneous decisions (DenboraZup) are so
    taken in seat order; the engine's projection keeps each hidden until all chose."""
    seats = state.to_act()
    if not seats:
        return None
    for seat in seats:
        if not state.must_wait(seat):
            return seat
    return seats[0]


@dataclass
class _Menu:
    state: State[Any]
    version: int
    seat: Seat | None
    options: list[tuple[tuple[int, ...], Action]]


class Table:
    """One engine state driven by action indices (see the module docstring).

    ``state`` may be replaced (a new game); the menu of legal sequences is rebuilt
    whenever the state object or its :attr:`State.version` changes.
    """

    def __init__(self, encoding: Encoding, state: State[Any]) -> None:
        self.encoding = encoding
        self.state = state
        self.picks: list[int] = []
        """The indices the current seat has picked toward an unfinished action."""
        self._menu: _Menu | None = None

    def _current(self) -> _Menu:
        menu = self._menu
        state = self.state
        if menu is None or menu.state is not state or menu.version != state.version:
            seat = next_seat(state)
            options: list[tuple[tuple[int, ...], Action]] = []
            if seat is not None:
                legal = state.legal_actions(seat)
                options = list(zip(self.encoding.sequences(state, seat, legal), legal, strict=True))
            menu = self._menu = _Menu(state, state.version, seat, options)
        return menu

    @property
    def seat(self) -> Seat | None:
        """Whose decision it is (:func:`next_seat`); None once the game is over."""
        return self._current().seat

    def legal(self) -> list[int]:
        """The indices the current seat may pick now, ascending (empty once over)."""
        options = self._current().options
        picks = self.picks
        depth = len(picks)
        if not depth:
            return sorted({seq[0] for seq, _ in options})
        prefix = tuple(picks)
        return sorted({seq[depth] for seq, _ in options if seq[:depth] == prefix})

    def mask(self) -> MaskArray:
        """:meth:`legal` as a 0/1 vector of length ``num_actions``."""
        mask = np.zeros(self.encoding.num_actions, np.int8)
        mask[self.legal()] = 1
        return mask

    def choose(self, index: int) -> Action | None:
        """Pick ``index`` for the current seat. Returns the engine action once the
        picks complete one (and clears them), else None (more picks to make).

        Raises:
            ValueError: ``index`` is not legal now (the picks are unchanged).
        """
        options = self._current().options
        picks = [*self.picks, index]
        depth = len(picks)
        prefix = tuple(picks)
        found: Action | None = None
        partial = False
        for seq, action in options:
            if seq[:depth] == prefix:
                if len(seq) == depth:
                    found = action
                    break
                partial = True
        if found is None and not partial:
            seat = self._current().seat
            raise ValueError(f"action {index} ({self.label(index)}) is not legal for seat {seat} now")
        if found is None:
            self.picks = picks
            return None
        self.picks = []
        return found

    def options(self) -> list[tuple[tuple[int, ...], Action]]:
        """Every legal action of the current seat with its index sequence (empty once over)."""
        return list(self._current().options)

    def label(self, index: int) -> str:
        """The label of ``index`` (``"?"`` outside the action space)."""
        labels = self.encoding.labels
        return labels[index] if 0 <= index < len(labels) else "?"

    def pending(self, out: FloatArray) -> None:
        """Write the current seat's picks (``count / MAX_PICKS`` per index) into ``out``."""
        for index in self.picks:
            out[index] += 1.0 / MAX_PICKS


def relative(seat: int, viewer: Seat | None, players: int) -> int:
    """``seat`` counted from ``viewer`` (0 = the viewer, 1 = the next seat …);
    a spectator counts from seat 0."""
    return (seat - (viewer or 0)) % players


def one_hot(out: FloatArray, offset: int, index: int) -> None:
    """Set ``out[offset + index]`` to 1."""
    out[offset + index] = 1.0


def clip(value: float) -> float:
    """``value`` clipped to [-1, 1]."""
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


def index_map(names: Sequence[str]) -> dict[str, int]:
    """``{name: position}``."""
    return {name: i for i, name in enumerate(names)}


class BotChooser:
    """One of Mahai's bots (:class:`mahai.bots.base.Bot`) picking indices at a :class:`Table`:
    it sees the deciding seat's projection (:meth:`Encoding.observe`) and the legal actions
    that seat's picks so far still allow, and answers its action one index at a time (a
    composite action over several calls). The adapters' bots: PettingZoo's
    :class:`~mahai.research.pettingzoo_env.MahaiPolicy`, OpenSpiel's
    :class:`~mahai.research.openspiel_games.MahaiBot`."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._plan: tuple[int, ...] = ()

    def index(self, table: Table) -> int:
        """The next index of the bot's action for ``table``'s current seat.

        Raises:
            ValueError: the game is over (no seat decides).
        """
        seat = table.seat
        if seat is None:
            raise ValueError("the game is over: no seat decides")
        picks = tuple(table.picks)
        depth = len(picks)
        if depth and self._plan[:depth] == picks and len(self._plan) > depth:
            return self._plan[depth]
        options = [(path, action) for path, action in table.options() if path[:depth] == picks]
        encoding = table.encoding
        action = self.bot.act(encoding.game, seat, encoding.observe(table.state, seat),
                              [action for _, action in options])
        self._plan = next(path for path, candidate in options if candidate == action)
        return self._plan[depth]

    def forget(self) -> None:
        """Drop the plan of an action under way (a new game, or another state)."""
        self._plan = ()
