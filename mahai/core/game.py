"""The contract between the engine, the bots and the front ends.

A :class:`Game` is a named set of rules with editions (frozen option
dataclasses) that makes :class:`State` objects. A state says which seats owe a
decision (:meth:`State.to_act`), which actions each may take, and applies them
with the verify / do pattern: :meth:`State.verify` raises a typed error and
changes nothing, then :meth:`State._do` mutates (:meth:`State.apply` checks,
:meth:`State.push` is the unchecked fast path for search). Everything a viewer
may learn leaves through the game's one projection, :meth:`Game.observe`
(states) and :meth:`Game.project_event` (events); the text front ends show comes
from :meth:`Game.describe_action` and :meth:`Game.describe_event`, as
:class:`~mahai.core.text.Message` keys, never as sentences.

A game also declares what front ends need to know without asking it twice (in
the spirit of OpenSpiel's ``GameType``): the player counts each edition allows
(:meth:`Game.players`), the edition for a player count
(:meth:`Game.default_edition`), per-game figures for simulations
(:meth:`Game.stats`), its bots (:attr:`Game.bots`, strongest first) and the help
of each option (``field(metadata={"help": ...})``, read by :func:`option_specs`).
"""

from __future__ import annotations

import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field, fields  # noqa: F401  (field: in the option_specs doctest)
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Protocol, Self, TypeVar

from mypy_extensions import mypyc_attr

from mahai.core.errors import InvalidOptions, MahaiError, NotYourTurn
from mahai.core.options import options_from_mapping
from mahai.core.text import Message, Player

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
# Its own __init__: the one dataclass writes is Python code even in the compiled build
# (mypyc), and an event is made at every card played.
@dataclass(slots=True, init=False)
class Event:
    """Something that happened, as the engine knows it (secrets included); read-only.

    Never send an event as is: :meth:`Game.project_event` decides what each
    viewer sees. ``audience`` lists the seats that may see ``data`` whole
    (``None``: everyone); other viewers get ``redacted`` (``None``: nothing).
    ``data`` defaults to a new empty dict.
    """

    kind: str
    data: Mapping[str, Any]
    audience: frozenset[Seat] | None
    redacted: Mapping[str, Any] | None

    def __init__(self, kind: str, data: Mapping[str, Any] | None = None,
                 audience: frozenset[Seat] | None = None, redacted: Mapping[str, Any] | None = None) -> None:
        self.kind = kind
        self.data = {} if data is None else data
        self.audience = audience
        self.redacted = redacted

    def __reduce__(self) -> tuple[type[Event], tuple[Any, ...]]:
        # Pickled through __init__ (OpenSpiel serialises states' start events): a compiled
        # class is not made without it.
        return Event, (self.kind, self.data, self.audience, self.redacted)


A = TypeVar("A", bound=Action)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[A]):
    """A position of a game, mutable, with its own seeded generator.

    Subclasses implement :meth:`to_act`, :meth:`legal_actions`, :meth:`verify`,
    :meth:`_do`, :attr:`is_over`, :meth:`winners` and :meth:`scores`, and
    declare what :meth:`clone` must copy (:attr:`clone_lists`,
    :attr:`clone_nested`, :attr:`clone_reset`); everything else in the state's
    ``__dict__`` must be immutable or replaced whole, never changed in place.
    """

    players: int
    version: int
    start_events: list[Event]
    """The events of the set-up, before any action (e.g. the first deal); default none."""
    _rng: random.Random | None
    _rng_state: Any

    clone_lists: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists (or dicts, sets) that :meth:`clone` copies one level deep."""
    clone_nested: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists of lists that :meth:`clone` copies two levels deep."""
    clone_reset: ClassVar[tuple[str, ...]] = ()
    """Attributes (caches) that a clone starts without: set to None."""

    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        self._rng = rng
        self._rng_state = None
        self.version = 0
        self.start_events = []

    # The generator is copied lazily: a clone keeps only the generator state it
    # was made from and builds a Random when first used, because search clones
    # thousands of states that never draw a card. Any access may draw, so it
    # voids the snapshot (``_rng_state``) that clones share.
    @property
    def rng(self) -> random.Random:
        """The state's own generator: all chance (deals, draws, coin flips)."""
        rng = self._rng
        if rng is None:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng_state)
            self._rng = rng
        self._rng_state = None
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_state = None

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
        """Whether ``apply(seat, action)`` would succeed (a refusal is a
        :class:`~mahai.core.errors.MahaiError`; any other exception is a bug and
        propagates)."""
        try:
            self._check(seat, action)
        except MahaiError:
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

    def push(self, seat: Seat, action: A) -> list[Event]:
        """Apply ``action`` for ``seat`` **without any check**: the fast path for
        search, which only pushes actions taken from :meth:`legal_actions` of
        the same state (as python-chess's ``Board.push``).

        An action that is not legal here leaves the state corrupt, silently, or
        raises whatever the rules' code meets (KeyError, IndexError, TypeError),
        possibly half applied: push promises nothing for it. Anything that comes
        from outside (a person, a file, a network message, an action built by
        hand) goes through :meth:`apply`, which raises only
        :class:`~mahai.core.errors.MahaiError` and changes nothing then.
        """
        events = self._do(seat, action)
        self.version += 1
        return events

    def clone(self) -> Self:
        """An independent copy (generator state included), as declared by
        :attr:`clone_lists`, :attr:`clone_nested` and :attr:`clone_reset`."""
        snapshot = self._rng_state
        if snapshot is None:
            snapshot = self.rng.getstate()
            self._rng_state = snapshot
        cls = type(self)
        new = cls.__new__(cls)
        d = getattr(self, "__dict__", None)
        if d is not None:  # pure Python (or an interpreted subclass of the compiled class)
            d = d.copy()
            for name in self.clone_lists:
                if name in d:
                    d[name] = d[name].copy()
            for name in self.clone_nested:
                if name in d:
                    d[name] = [inner.copy() for inner in d[name]]
            for name in self.clone_reset:
                if name in d:
                    d[name] = None
            new.__dict__ = d
        # The compiled build (mypyc): attributes live in the object, listed by the class.
        for name in _native_attributes(cls):
            try:
                value = getattr(self, name)
            except AttributeError:  # never set
                continue
            if name in self.clone_lists:
                value = value.copy()
            elif name in self.clone_nested:
                value = [inner.copy() for inner in value]
            elif name in self.clone_reset:
                value = None
            setattr(new, name, value)
        new._rng_state = snapshot
        new._rng = None
        return new

    # Pickling (e.g. OpenSpiel serialising a state through the research adapters): the
    # attributes by name, whichever build runs (a compiled state has no ``__dict__``); the
    # caches of clone_reset are left out, as a clone starts without them (a compiled cache
    # object need not pickle: Spades' view projection does not).
    def __getstate__(self) -> dict[str, Any]:
        d = getattr(self, "__dict__", None)
        state: dict[str, Any] = {} if d is None else dict(d)
        for name in (*_native_attributes(type(self)), "_rng", "_rng_state"):
            try:
                state[name] = getattr(self, name)
            except AttributeError:  # never set
                continue
        for name in self.clone_reset:
            if name in state:
                state[name] = None
        return state

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)


_NATIVE_ATTRIBUTES: dict[type, tuple[str, ...]] = {}


def _native_attributes(cls: type) -> tuple[str, ...]:
    """The attributes a mypyc-compiled class stores in the object (none when pure Python)."""
    names = _NATIVE_ATTRIBUTES.get(cls)
    if names is None:
        every: tuple[str, ...] = getattr(cls, "__mypyc_attrs__", ())
        names = tuple(name for name in every if name not in ("__dict__", "_rng", "_rng_state"))
        _NATIVE_ATTRIBUTES[cls] = names
    return names


S = TypeVar("S", bound=State[Any])
OptionsT = TypeVar("OptionsT")


class ActionFamily(NamedTuple):
    """Legal actions alike but for one number, sent as one (:meth:`Game.wire_legal`): a long
    DenboraZup timeline offers one card in each of 80 slots, twice (with and without the call).
    ``notation`` and ``label`` (rendered by the front end) hold ``{n}`` where the number goes;
    ``numbers``: the family's numbers, in the legal actions' order; ``shown``: added to a
    number in the label (notation ``slot 0`` is "slot 1" to a person). Numbers are plain
    digits (below 1,000, so no language groups them)."""

    notation: str
    label: Message
    numbers: tuple[int, ...]
    shown: int = 0


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[S, OptionsT]):
    """A game's rules: editions, state factory, notation and projection."""

    name: ClassVar[str]
    """Python-style name, e.g. ``"mille_bornes"``; also the gettext domain."""
    slug: ClassVar[str]
    """Command-line and URL name, e.g. ``"mille-bornes"``."""
    player_counts: ClassVar[tuple[int, ...]]
    """Every player count some edition allows (see :meth:`players`)."""
    editions: ClassVar[Mapping[str, Any]]
    """Edition name → option dataclass instance; the first is the default."""
    bots: ClassVar[Mapping[str, str]] = {}
    """Bot name → ``"module:factory"`` (a callable taking a ``random.Random``),
    strongest first; imported only when a bot is made (:func:`mahai.bots.make_bot`),
    so the engine never imports the bots layer. ``"random"`` plays every game
    and need not be listed."""
    renderer: ClassVar[str | None] = None
    """For a game outside Mahai's package: ``"package:path/file.js"``, the web
    table's renderer shipped as a resource of its package (Mahai's own games'
    renderers live in the server's static files). None: the generic renderer."""
    example: ClassVar[bool] = False
    """A developer's example of a plug-in (``examples/mahai-nim``), not a game to offer
    families: the lobby lists it after the others, marked as an example."""
    lower_scores_win: ClassVar[bool] = False
    """True when a lower :meth:`State.scores` is the better one (DenboraZup: the cards left
    in hand, DZR-9): ``mahai arena`` and ``mahai simulate`` say so beside their margins and
    mean scores."""
    stat_names: ClassVar[tuple[str, ...]] = ()
    """The keys of :meth:`stats` (``("legs",)``), each named for people by the entry
    ``stat.<key>`` of the game's catalog (domain :attr:`name`, every language): ``mahai simulate``
    prints "mean <name>" with it, and keeps the key itself in its JSON and CSV."""
    references: ClassVar[tuple[str, ...]] = ()
    """The public reference pages the game offers outside play, by kind: ``"chronology"`` (every
    card of the deck sorted by date, at ``/chronology/<name>``; the only kind the web pages show
    today), each named for people by the entry ``reference.<kind>`` of the game's catalog (domain
    :attr:`name`, every language) and made by :meth:`reference`. Default: none. The lobby links
    them; a table never does (DenboraZup's chronology is the answer key during a game, DZR-14)."""

    def options(self, edition: str | None = None, /, **overrides: Any) -> OptionsT:
        """The options of ``edition`` (default edition if None) with overrides.

        ``edition`` is positional only: an option may itself be named ``edition`` (Mille
        Bornes' card set), and an override of it is an override like any other.

        Raises:
            InvalidOptions: unknown edition or option name (codes
                ``unknown_edition``, ``unknown_option``, ``bad_option_value``).
        """
        name = edition or next(iter(self.editions))
        if name not in self.editions:
            raise InvalidOptions("unknown_edition", edition=name, choices=", ".join(self.editions))
        base: OptionsT = self.editions[name]
        return options_from_mapping(base, overrides)

    def players(self, options: OptionsT) -> tuple[int, ...]:
        """The player counts ``options`` allow, ascending (default: :attr:`player_counts`)."""
        return self.player_counts

    def default_edition(self, players: int | None = None) -> str:
        """The edition to offer for ``players`` (default: the first edition)."""
        return next(iter(self.editions))

    def check_players(self, options: OptionsT, players: int) -> None:
        """Raise :class:`InvalidOptions` (``bad_player_count``) unless
        :meth:`players` allows ``players``."""
        allowed = self.players(options)
        if players not in allowed:
            raise InvalidOptions(
                "bad_player_count",
                players=players,
                choices=", ".join(map(str, allowed)),
            )

    def stats(self, state: S) -> dict[str, float]:
        """Figures of a finished game for ``mahai simulate`` to average, e.g.
        ``{"legs": 3.0}`` (default: none); its keys are :attr:`stat_names`."""
        return {}

    def resume(self, state: S) -> None:
        """Take up ``state`` again, a state this game made (:meth:`new`) and kept (a clone),
        to go on playing it (a replay page from a kept state: :meth:`GameRecord.steps_from
        <mahai.core.record.GameRecord.steps_from>`): a game that remembers something of each
        game it makes for its texts keeps it again (DenboraZup: the card handles its
        :meth:`describe_action` names, forgotten after many newer games). Default: nothing."""

    def describe_action(self, action: Action) -> Message:
        """What ``action`` does, as a message for a button or a log line
        ("Play 75 km", "Bid nil"). Default: the notation, untranslated."""
        return Message("core", "{notation}", {"notation": action.notation()})

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        """A sentence for ``event`` *as projected* for ``viewer``
        (:meth:`project_event`), written for that viewer ("You drew 75 km." /
        "{player} drew a card."), or None for an event with nothing to say.
        Default: msgid ``event.<kind>`` in the game's catalog with the event's
        scalar fields (``seat`` as a :class:`~mahai.core.text.Player`)."""
        params: dict[str, Any] = {}
        for key, value in event.items():
            if key == "seat" and isinstance(value, int):
                params["player"] = Player(value)
            elif isinstance(value, str | int | float) and not isinstance(value, bool):
                params[key] = value
        return Message(self.name, f"event.{event['kind']}", params)

    def describe_view(self, view: Mapping[str, Any], viewer: Seat | None) -> list[Message] | None:
        """The table as ``viewer`` sees it, in a few sentences from its JSON ``view``
        (:meth:`view`): for front ends without a screen of their own for this game (the
        terminal's generic screen). Default None: such a front end shows the view's fields."""
        return None

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
        may know of ``state``. The only way state leaves the engine. A viewer that
        is no seat of the table (negative, or ``players`` and beyond) learns no more
        than a spectator: ``-1`` is never read as the last seat."""

    def view(self, state: S, viewer: Seat | None) -> dict[str, Any]:
        """JSON-ready :meth:`observe`."""
        return self.observe(state, viewer).to_json()

    def wire_view(self, view: dict[str, Any], lang: str) -> dict[str, Any]:
        """The JSON ``view`` (:meth:`view`) as a front end sends it to a reader of ``lang``:
        what that reader's pages show of it, no more (DenboraZup: each card's texts in
        ``lang`` alone, explanations only where the page shows them). Made from ``view``
        alone, so it can only leave out what the projection gave. Default: ``view`` itself."""
        return view

    def wire_event(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        """A projected event (:meth:`project_event`) as a front end sends it to a reader of
        ``lang`` beside its sentence, as :meth:`wire_view` sends a view. Default: ``event``."""
        return event

    def revealed_card(self, view: Mapping[str, Any], card: str, lang: str) -> dict[str, Any] | None:
        """The story of ``card`` (an id as the views name it), a card face up on the table for
        everybody, as a front end shows it to a reader of ``lang`` when the card is tapped
        (``GET /api/tables/{id}/card/{card}``): a JSON-ready dict of the game's own shape, or
        None for any other id (a card in a hand, in the deck, a hidden card's handle, no card at
        all: the same None, so that an answer tells nothing of hidden cards). ``view`` is the
        spectator's (:meth:`view` with viewer None): made from it alone, the answer can only show
        what the projection gave everybody. Default: None, no card has a public story
        (DenboraZup: a card of its timeline, its reference or its last reveal, with its date and
        explanation, :func:`mahai.games.denborazup.view.revealed_card`)."""
        return None

    def reference(self, kind: str, lang: str) -> list[dict[str, Any]] | None:
        """The entries of the reference page ``kind`` (one of :attr:`references`) for a reader of
        ``lang``, JSON-ready and public data only (``GET /api/games/{name}/chronology``), or None
        for a kind the game does not offer (a front end then answers 404, as for no game at all).
        A ``"chronology"`` is a list of ``{"id", "year", "date", "title", "explanation", "star",
        "explanation_eu", "source_url"}`` sorted by ``year`` (an int, negative before the common
        era), ``date`` and the texts in ``lang``. Default: None, no page (DenboraZup: its deck's
        chronology, DZR-14, :meth:`mahai.games.denborazup.DenboraZupGame.reference`)."""
        return None

    def wire_legal(self, actions: list[A]) -> list[A | ActionFamily]:
        """Legal ``actions`` as a front end sends them, in order: an action alone, or an
        :class:`ActionFamily` in place of actions that differ by one number, where the first of
        them was (each member is one of ``actions``, none is left out; a family's members come
        together). Default: ``actions``, each alone."""
        return list(actions)

    def project_event(self, event: Event, viewer: Seat | None) -> dict[str, Any] | None:
        """What ``viewer`` sees of ``event``: a JSON-ready dict of its own (lists and
        dicts copied, so a receiver cannot change the engine's event), or None."""
        if event.audience is None or (viewer is not None and viewer in event.audience):
            data = event.data
        elif event.redacted is None:
            return None
        else:
            data = event.redacted
        seen = {"kind": event.kind, **data}
        for value in data.values():
            if type(value) in _CONTAINERS:
                for key, item in data.items():
                    seen[key] = _own(item)
                break
        return seen

    def determinize(self, observation: Any, rng: random.Random) -> S:
        """A full state consistent with ``observation`` (one seat's knowledge),
        hidden cards sampled with ``rng``: what search bots play out."""
        raise NotImplementedError(f"{self.name} has no determinization")

    def options_from_json(self, data: Mapping[str, Any]) -> OptionsT:
        """Rebuild options saved by :func:`mahai.core.options.options_to_dict`."""
        base: OptionsT = next(iter(self.editions.values()))
        return options_from_mapping(base, data)


_CONTAINERS = frozenset({dict, list, tuple})


def _own(value: Any) -> Any:
    """``value`` with its lists and dicts copied, all the way down. Tuples are kept
    unless they hold a list or dict; other values (scalars, the read-only parts of
    :mod:`mahai.core.readonly`) are kept."""
    kind = type(value)
    if kind is dict:
        return {k: _own(v) for k, v in value.items()}
    if kind is list:
        return [_own(v) for v in value]
    if kind is tuple and any(type(v) in _CONTAINERS for v in value):
        return tuple(_own(v) for v in value)
    return value


class OptionSpec(NamedTuple):
    """One option as front ends show it: its ``name``, ``kind`` (``"bool"``,
    ``"int"``, ``"choice"`` or ``"text"``), ``choices`` (for ``"choice"``), and
    ``help``: one English sentence from the field's ``metadata["help"]``, which
    the game's catalog translates under msgid ``option.<name>``."""

    name: str
    kind: Literal["bool", "int", "choice", "text"]
    choices: tuple[Any, ...] | None
    help: str


def option_specs(options: object) -> list[OptionSpec]:
    """The :class:`OptionSpec` of every field of an option dataclass (or its class).

    >>> @dataclass(frozen=True)
    ... class Options:
    ...     target: int = field(default=500, metadata={"help": "Points that win the match."})
    ...     lead: Literal["left", "dealer"] = "left"
    >>> [(s.name, s.kind, s.choices, s.help) for s in option_specs(Options())]
    [('target', 'int', None, 'Points that win the match.'), ('lead', 'choice', ('left', 'dealer'), '')]

    A field with ``metadata={"internal": True}`` (how a record was made, not a
    choice for players) is not listed.

    Raises:
        TypeError: ``options`` is not a dataclass.
    """
    cls = options if isinstance(options, type) else type(options)
    hints = typing.get_type_hints(cls)
    out = []
    for f in fields(cls):
        if f.metadata.get("internal"):
            continue
        hint = hints.get(f.name)
        kind: Literal["bool", "int", "choice", "text"] = "text"
        choices: tuple[Any, ...] | None = None
        if hint is bool:
            kind = "bool"
        elif hint is int:
            kind = "int"
        elif typing.get_origin(hint) is Literal:
            kind, choices = "choice", typing.get_args(hint)
        out.append(OptionSpec(f.name, kind, choices, str(f.metadata.get("help", ""))))
    return out


def legal_notations(state: State[Any], seat: Seat) -> list[str]:
    """The notation of every legal action of ``seat`` (for prompts and tests)."""
    return [a.notation() for a in state.legal_actions(seat)]


def apply_notation(game: Game[Any, Any], state: State[Any], seat: Seat, text: str) -> list[Event]:
    """Parse ``text`` and apply it for ``seat`` (errors as in :meth:`State.apply`)."""
    return state.apply(seat, game.parse_action(text))
