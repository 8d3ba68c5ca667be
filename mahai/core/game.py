"""The contract between the engine, the bots and the front ends.

A :class:`Game` is a named set of rules with editions (frozen option
dataclasses) that makes :class:`State` objects. A state says which seats owe a
decision (:meth:`State.to_act`), which actions each may take, and applies them
with the verify / do pattern: :meth:`State.verify` raises a typed error and
changes nothing, then :meth:`State._do` mutates. Everything a viewer may learn
leaves through the game's one projection, :meth:`Game.observe` (states) and
:meth:`Game.project_event` (events).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from mahai.core.errors import InvalidOptions, NotYourTurn
from mahai.core.options import options_from_mapping

Seat = int
"""A seat index, 0-based, in table order."""


class Action(Protocol):
    """Anything a seat can do. Concrete actions are frozen dataclasses."""

    def notation(self) -> str:
        """Compact text (``"play 75"``, ``"bid nil"``) that the game parses back."""
        ...


class Observation(Protocol):
    """What one viewer may know of a state: the game's projection, typed."""

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready view sent to front ends."""
        ...


# Not frozen: a frozen dataclass sets each field through object.__setattr__, which
# tripled the cost of the event made at every card played. Treat events as read-only.
@dataclass(slots=True)
class Event:
    """Something that happened, as the engine knows it (secrets included); read-only.

    Never send an event as is: :meth:`Game.project_event` decides what each
    viewer sees. ``audience`` lists the seats that may see ``data`` whole
    (``None``: everyone); other viewers get ``redacted`` (``None``: nothing).
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None
    redacted: Mapping[str, Any] | None = None


A = TypeVar("A", bound=Action)


class State(ABC, Generic[A]):
    """A position of a game, mutable, with its own seeded generator.

    Subclasses implement :meth:`to_act`, :meth:`legal_actions`, :meth:`verify`,
    :meth:`_do`, :attr:`is_over`, :meth:`winners` and :meth:`scores`.
    """

    players: int
    version: int
    rng: random.Random
    start_events: list[Event]
    """The events of the set-up, before any action (e.g. the first deal); default none."""

    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        self.rng = rng
        self.version = 0
        self.start_events = []

    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that owe a decision now (several for simultaneous moves
        and interrupt windows); empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[A]:
        """Every action ``seat`` may take now; empty if it owes nothing."""

    @abstractmethod
    def verify(self, seat: Seat, action: A) -> None:
        """Raise :class:`~mahai.core.errors.IllegalAction` (with the rule's
        reason code) if ``action`` is not legal for ``seat`` now. Must not
        mutate. The seat is already known to be in :meth:`to_act`."""

    @abstractmethod
    def _do(self, seat: Seat, action: A) -> list[Event]:
        """Apply a verified action; return the events, secrets included."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game (the whole match) has ended."""

    @abstractmethod
    def winners(self) -> frozenset[Seat]:
        """The winning seats (all members of a winning team); empty until over."""

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """The running total of each seat (a team's total for each member)."""

    def must_wait(self, seat: Seat) -> bool:
        """True when ``seat`` is in :meth:`to_act` but should let the other seats
        there answer first, because its action would close a window still open to
        them (e.g. the next player's draw closing a coup-fourré window, MBR-10).
        Drivers (bots, servers) hold such a seat back while another seat may still
        answer. Default: never."""
        return False

    def can(self, seat: Seat, action: A) -> bool:
        """Whether ``apply(seat, action)`` would succeed."""
        try:
            self._check(seat, action)
        except Exception:  # noqa: BLE001 - any refusal means "cannot"
            return False
        return True

    def _check(self, seat: Seat, action: A) -> None:
        if seat not in self.to_act():
            raise NotYourTurn("not_your_turn", seat=seat)
        self.verify(seat, action)

    def apply(self, seat: Seat, action: A) -> list[Event]:
        """Apply ``action`` for ``seat`` and return the events.

        Raises:
            NotYourTurn: ``seat`` owes no decision now.
            IllegalAction: the rules forbid the action now (reason code set).
        On error the state is unchanged.
        """
        self._check(seat, action)
        events = self._do(seat, action)
        self.version += 1
        return events

    @abstractmethod
    def clone(self) -> State[A]:
        """A deep, independent copy (generator state included)."""


S = TypeVar("S", bound=State[Any])
OptionsT = TypeVar("OptionsT")


class Game(ABC, Generic[S, OptionsT]):
    """A game's rules: editions, state factory, notation and projection."""

    name: ClassVar[str]
    """Python-style name, e.g. ``"mille_bornes"``; also the gettext domain."""
    slug: ClassVar[str]
    """Command-line and URL name, e.g. ``"mille-bornes"``."""
    player_counts: ClassVar[tuple[int, ...]]
    editions: ClassVar[Mapping[str, Any]]
    """Edition name → option dataclass instance; the first is the default."""

    def options(self, edition: str | None = None, **overrides: Any) -> OptionsT:
        """The options of ``edition`` (default edition if None) with overrides.

        Raises:
            InvalidOptions: unknown edition or option name (codes
                ``unknown_edition``, ``unknown_option``, ``bad_option_value``).
        """
        name = edition or next(iter(self.editions))
        if name not in self.editions:
            raise InvalidOptions("unknown_edition", edition=name, choices=", ".join(self.editions))
        base: OptionsT = self.editions[name]
        return options_from_mapping(base, overrides)

    def check_players(self, options: OptionsT, players: int) -> None:
        """Raise :class:`InvalidOptions` (``bad_player_count``) if not allowed."""
        if players not in self.player_counts:
            raise InvalidOptions(
                "bad_player_count",
                players=players,
                choices=", ".join(map(str, self.player_counts)),
            )

    @abstractmethod
    def new(self, options: OptionsT, players: int, seed: int) -> S:
        """A fresh game; all chance comes from ``random.Random(seed)``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse notation back to an action.

        Raises:
            MalformedAction: the text is not an action of this game.
        """

    @abstractmethod
    def observe(self, state: S, viewer: Seat | None) -> Observation:
        """The projection: what ``viewer`` (a seat, or None for a spectator)
        may know of ``state``. The only way state leaves the engine."""

    def view(self, state: S, viewer: Seat | None) -> dict[str, Any]:
        """JSON-ready :meth:`observe`."""
        return self.observe(state, viewer).to_json()

    def project_event(self, event: Event, viewer: Seat | None) -> dict[str, Any] | None:
        """What ``viewer`` sees of ``event``: a JSON-ready dict, or None."""
        if event.audience is None or (viewer is not None and viewer in event.audience):
            return {"kind": event.kind, **event.data}
        if event.redacted is None:
            return None
        return {"kind": event.kind, **event.redacted}

    def determinize(self, observation: Any, rng: random.Random) -> S:
        """A full state consistent with ``observation`` (one seat's knowledge),
        hidden cards sampled with ``rng``: what search bots play out."""
        raise NotImplementedError(f"{self.name} has no determinization")

    def options_from_json(self, data: Mapping[str, Any]) -> OptionsT:
        """Rebuild options saved by :func:`mahai.core.options.options_to_dict`."""
        base: OptionsT = next(iter(self.editions.values()))
        return options_from_mapping(base, data)


def legal_notations(state: State[Any], seat: Seat) -> list[str]:
    """The notation of every legal action of ``seat`` (for prompts and tests)."""
    return [a.notation() for a in state.legal_actions(seat)]


def apply_notation(game: Game[Any, Any], state: State[Any], seat: Seat, text: str) -> list[Event]:
    """Parse ``text`` and apply it for ``seat`` (errors as in :meth:`State.apply`)."""
    return state.apply(seat, game.parse_action(text))
