"""Mahai's games as OpenSpiel Python games (``pip install "mahai[research]"``).

Importing this module registers, with ``pyspiel.register_game``:

==============================  =====================================================
``python_mahai_spades``         Spades (2 or 4 players; default edition ``standard``)
``python_mahai_spades_openspiel``  the same game in OpenSpiel's own rule set (the
                                ``openspiel`` edition: one hand, failed nil helps the
                                partner, no blind nil), beside OpenSpiel's ``spades``
``python_mahai_mille_bornes``   Mille Bornes (2 – 6 players)
``python_mahai_denborazup``     DenboraZup (1 – 8 players)
==============================  =====================================================

    >>> import pyspiel
    >>> import mahai.research.openspiel_games
    >>> game = pyspiel.load_game("python_mahai_spades_openspiel")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 1024)
    >>> state.apply_action(7)                       # the deal: sampled chance outcome 7
    >>> state.current_player(), state.action_to_string(52)
    (2, 'bid nil')

Parameters (``pyspiel.load_game(name, {...})`` or ``"name(players=3,seed=7)"``), the
same for every game; a parameter not given takes its default:

==============  =======  ===========================================================
parameter       default  meaning
==============  =======  ===========================================================
``players``     ``0``    the player count; ``0``: the count the edition is made for
                         (Spades ``standard`` 4, ``two_player`` 2, ``openspiel`` 4;
                         Mille Bornes 2, its ``2016`` edition 5; DenboraZup ``solo`` 1,
                         ``multi`` and ``long`` 2), else the fewest it allows. A count the edition does not
                         allow raises ``InvalidOptions`` (``bad_player_count``).
``edition``     ``""``   the edition (Spades ``standard``, ``two_player``, ``openspiel``;
                         Mille Bornes ``eu``, ``classic``, ``2016``, ``bsd``; DenboraZup
                         ``solo``, ``multi``, ``long``); empty: the one the player count
                         is made for (``python_mahai_spades_openspiel``: ``openspiel``).
                         ``2016`` may be written ``edition_2016``, as the game string
                         shows it (OpenSpiel would read the digits back as a number).
``options``     ``""``   rule options over the edition, ``name:value`` (or ``name=value``)
                         separated by ``;`` or ``/`` (``"target:300;spades_lead:any_time"``);
                         the names are the fields of the game's options (as ``mahai play
                         GAME -o name=value``); a part without a value raises
                         ``ValueError``, an unknown name or value ``InvalidOptions``.
``seed``        ``0``    mixed into every chance outcome's seed (below): two games that
                         differ only by ``seed`` deal differently for the same outcomes.
``max_length``  ``0``    stop after this many decisions (terminal, every return 0);
                         ``0``: the encoding's bound (``max_game_length``). Negative
                         raises ``ValueError``.
==============  =======  ===========================================================

Actions are the fixed indices of each game's encoding (:mod:`.spades`,
:mod:`.mille_bornes`, :mod:`.denborazup`, which document the index ↔ notation map);
an action made of several choices is taken one index at a time by the same player.

Chance. The engine draws all chance from its state's own generator
(:attr:`mahai.core.State.rng`) inside the set-up and inside the action that
deals, shuffles or flips (the last card of a Spades hand, a Mille Bornes reshuffle,
a DenboraZup coin flip). It cannot take dealt cards from outside, so chance is made
explicit *through that generator*: the adapter gives the engine a generator that
refuses to draw; an action that needs chance is held back, the state becomes a chance
node with :data:`CHANCE_OUTCOMES` equally likely outcomes, and outcome ``o`` of the
``k``-th chance node seeds the engine's generator with ``(seed, k, o)`` before the held
action is applied. A chance node therefore offers 1,024 *sampled* deals (or coin
flips, ≈ ½ each), not every possible deal; the initial state is the first chance node
(the set-up). States stay deterministic functions of their history, so OpenSpiel's
serialisation and its algorithms work unchanged (``ChanceMode.EXPLICIT_STOCHASTIC``).

Returns (terminal only): +1 for each winning seat, -1 for the others, 0 for all
without a winner (or when stopped by ``max_length``); DenboraZup solo: ``hand size /
cards used``. Spades is zero-sum; the other games general-sum.

Observers (``make_py_observer``): the observation tensor and string come from the
player's view JSON (the game's projection) plus the picks it has made toward an
unfinished action. The information state (``perfect_recall=True``) is the player's
whole history — every event as projected for it and every action it took, in order —
given as a digest (a match runs to thousands of events, and algorithms ask at every
step): :func:`history_digest`; :meth:`MahaiState.history_text` spells it out. A public
observer (``private_info=NONE``) sees the spectator's projection.
:meth:`MahaiState.resample_from_infostate` samples a full state consistent with a
player's observation through the game's ``determinize`` (Spades, Mille Bornes), for
information-set search (``open_spiel.python.algorithms.ismcts``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from mahai.research import missing_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:  # the research extra is not installed
    raise missing_extra(error) from error

from mahai.bots import bot_factory, bot_names
from mahai.bots.base import Bot
from mahai.core.game import Action, Event, Game, Seat, State
from mahai.research.setup import resolve
from mahai.research.table import BotChooser, Encoding, FloatArray, Table, encoding_for

CHANCE_OUTCOMES = 1024
"""Equally likely outcomes of each chance node (seeds of the engine's generator)."""
EDITION_PREFIX = "edition_"
"""An edition named by digits (Mille Bornes ``2016``) is kept as ``edition_2016`` in the
game's parameters, so that its game string reads back as text."""


class _ChanceNeeded(Exception):
    """The engine asked its generator for a random draw."""


class _Refusing(random.Random):
    """A generator that refuses to draw: how the adapter learns that an action needs chance."""

    def random(self) -> float:
        raise _ChanceNeeded

    def getrandbits(self, k: int, /) -> int:
        raise _ChanceNeeded


_REFUSING = _Refusing(0)

# A log entry: ("e", event) — an engine event, projected per viewer when read;
# ("a", seat, notation) — an action of ``seat``; ("p", seat, projected event) — an event
# as ``seat`` saw it (a resampled state's past, known only to that seat).
LogEntry = tuple[Any, ...]


class LogNode:
    """One entry of a state's log, linked to the entries before it (shared by clones).

    ``digests`` caches, per viewer, the digest of the viewer's history up to here
    (:func:`history_digest`): a deterministic function of the chain, so sharing is safe.
    """

    __slots__ = ("prev", "entry", "digests")

    def __init__(self, prev: LogNode | None, entry: LogEntry) -> None:
        self.prev = prev
        self.entry = entry
        self.digests: dict[Seat | None, str] | None = None


def _entries(log: LogNode | None) -> list[LogEntry]:
    out: list[LogEntry] = []
    while log is not None:
        out.append(log.entry)
        log = log.prev
    out.reverse()
    return out


def _line(game: Game[Any, Any], entry: LogEntry, viewer: Seat | None) -> str | None:
    """The line of ``entry`` in ``viewer``'s history, or None if it saw nothing."""
    kind = entry[0]
    if kind == "e":
        projected = game.project_event(entry[1], viewer)
        return None if projected is None else json.dumps(projected, sort_keys=True, default=list)
    if entry[1] != viewer:
        return None
    if kind == "p":
        return json.dumps(entry[2], sort_keys=True, default=list)
    return f"> {entry[2]}"


def history_digest(game: Game[Any, Any], log: LogNode | None, viewer: Seat | None) -> str:
    """A digest (32 hex digits, BLAKE2b chained line by line) of everything ``viewer``
    saw and did up to ``log``: equal histories give equal digests, different ones
    (all but certainly) different digests. Cached on the nodes, so asking at every
    step costs one line each time, not the whole history."""
    chain: list[LogNode] = []
    node = log
    while node is not None and (node.digests is None or viewer not in node.digests):
        chain.append(node)
        node = node.prev
    digest = node.digests[viewer] if node is not None and node.digests is not None else ""
    for node in reversed(chain):
        line = _line(game, node.entry, viewer)
        if line is not None:
            digest = hashlib.blake2b(f"{digest}\n{line}".encode(), digest_size=16).hexdigest()
        if node.digests is None:
            node.digests = {}
        node.digests[viewer] = digest
    return digest


def _parse_options(text: str) -> dict[str, str]:
    """``"target:300;spades_lead:any_time"`` (``=`` also separates, ``/`` also splits)."""
    out: dict[str, str] = {}
    for part in text.replace("/", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        sep = ":" if ":" in part else "="
        key, _, value = part.partition(sep)
        if not value:
            raise ValueError(f"option {part!r} is not key:value")
        out[key.strip()] = value.strip()
    return out


class MahaiGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A Mahai game for OpenSpiel (subclasses name the game; see the module docstring)."""

    game_name: ClassVar[str]
    game_type: ClassVar[Any]
    defaults: ClassVar[dict[str, Any]]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        edition = str(params.get("edition", self.defaults["edition"])).removeprefix(EDITION_PREFIX)
        if edition.isdigit():  # OpenSpiel would read "2016" back from the game string as an int
            params["edition"] = EDITION_PREFIX + edition
        p = {**self.defaults, **params}
        setup = resolve(self.game_name, edition or None, int(p["players"]) or None,
                        _parse_options(str(p["options"])))
        self.mahai: Game[Any, Any] = setup.game
        self.options = setup.options
        self.encoding: Encoding = encoding_for(setup.game, setup.options, setup.players)
        self.seed = int(p["seed"])
        if int(p["max_length"]) < 0:
            raise ValueError(f"max_length {p['max_length']} is negative (0: the encoding's bound)")
        self.max_length = int(p["max_length"]) or self.encoding.max_decisions
        low, high = self.encoding.utility_bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=setup.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if self.encoding.zero_sum else None,
            max_game_length=self.max_length,
        )
        self.params = params
        super().__init__(self.game_type, info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its class and parameters (OpenSpiel pickles games to serialise states).
        return (type(self), (self.params,))

    def new_initial_state(self) -> MahaiState:
        """The set-up: a chance node (the first deal)."""
        return MahaiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
                         ) -> MahaiObserver:
        """An observer (see :class:`MahaiObserver`).

        Raises:
            ValueError: parameters given, or a kind of observation not offered.
        """
        return MahaiObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                             params)


class Position:
    """What a :class:`MahaiState` holds: the engine state (None before the set-up),
    the :class:`~mahai.research.table.Table` with the picks made toward an unfinished
    action, an action held back for chance, counters and the log of events.

    OpenSpiel clones a Python state by deep-copying each attribute; a position copies
    itself with the engine's own :meth:`~mahai.core.State.clone` (the game is shared,
    the log is immutable and shared).
    """

    def __init__(self, game: MahaiGame) -> None:
        self.game = game
        self.engine: State[Any] | None = None
        self.table: Table | None = None
        self.held: tuple[Seat, Action] | None = None
        """An action waiting for the chance node's outcome (the engine state is before it)."""
        self.chances = 0
        self.decisions = 0
        self.log: LogNode | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        new = Position.__new__(Position)
        new.__dict__.update(self.__dict__)
        if self.engine is not None and self.table is not None:
            engine = self.engine.clone()
            engine.rng = _REFUSING
            new.engine = engine
            new.table = Table(self.table.encoding, engine)
            new.table.picks = list(self.table.picks)
        return new

    def __getstate__(self) -> dict[str, Any]:
        # Pickled (OpenSpiel's serialisation) without the table's cache.
        state = dict(self.__dict__)
        state["picks"] = list(self.table.picks) if self.table is not None else []
        state["table"] = None
        state["log"] = _entries(self.log)  # flat: pickle recurses into nested tuples
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        picks = state.pop("picks")
        entries = state.pop("log")
        self.__dict__.update(state)
        self.log = None
        for entry in entries:
            self.log = LogNode(self.log, entry)
        if self.engine is not None:
            self.engine.rng = _REFUSING
            self.table = Table(self.game.encoding, self.engine)
            self.table.picks = picks


class MahaiState(pyspiel.State):  # type: ignore[misc]
    """A position of a :class:`MahaiGame` (OpenSpiel's state API; see the module docstring).

    ``engine`` is the Mahai state (None before the set-up, the state before the held
    action at a chance node that deals), ``table`` drives it by action indices."""

    def __init__(self, game: MahaiGame) -> None:
        super().__init__(game)
        self.position = Position(game)

    @property
    def engine(self) -> State[Any] | None:
        """The Mahai state (None before the set-up)."""
        return self.position.engine

    @property
    def table(self) -> Table | None:
        """The table that drives :attr:`engine` by indices (None before the set-up)."""
        return self.position.table

    # -- OpenSpiel API ------------------------------------------------------------
    def current_player(self) -> int:
        pos = self.position
        if pos.engine is None or pos.held is not None or pos.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if pos.engine.is_over or pos.decisions >= pos.game.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = pos.table.seat
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        table = self.position.table
        assert table is not None
        return table.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / CHANCE_OUTCOMES
        return [(o, p) for o in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome or a player's index.

        Raises:
            ValueError: the state is terminal; a chance outcome outside ``0 …
                CHANCE_OUTCOMES - 1`` (5,000 was taken as a deal of its own, outside the
                declared distribution); an index not legal now (nothing changes).
        """
        pos = self.position
        if self.is_terminal():
            raise ValueError(f"action {action} after the end of the game")
        if pos.engine is None or pos.held is not None:
            if not 0 <= int(action) < CHANCE_OUTCOMES:
                raise ValueError(f"chance outcome {action} is not one of 0 … {CHANCE_OUTCOMES - 1}")
            self._chance(pos, int(action))
        else:
            self._decide(pos, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        labels = self.position.game.encoding.labels
        return labels[action] if 0 <= action < len(labels) else f"? {action}"

    def is_terminal(self) -> bool:
        pos = self.position
        engine = pos.engine
        return (engine is not None and pos.held is None
                and (engine.is_over or pos.decisions >= pos.game.max_length))

    def returns(self) -> list[float]:
        pos = self.position
        engine = pos.engine
        if engine is None or not engine.is_over:
            return [0.0] * pos.game.encoding.players
        return list(pos.game.encoding.outcome(engine))

    def __str__(self) -> str:
        pos = self.position
        if pos.engine is None:
            return "(before the deal)"
        view = pos.game.encoding.text_view(pos.game.mahai.view(pos.engine, None))
        return json.dumps(view, sort_keys=True, default=list)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float] | Any
                                ) -> MahaiState:
        """A state consistent with what ``player_id`` knows now (other hidden cards
        drawn by the game's ``determinize``, seeded from ``probability_sampler()``).
        It keeps that player's history (and picks); each other player's history is
        replaced by one entry, its view of the sampled state (so two samples that deal
        it different cards give it different information states).

        Raises:
            NotImplementedError: the game has no determinization (DenboraZup).
            ValueError: at a chance node.
        """
        pos = self.position
        if pos.engine is None or pos.held is not None or pos.table is None:
            raise ValueError("cannot resample at a chance node")
        game = pos.game.mahai
        seed = int(float(probability_sampler()) * 2**53)
        engine: State[Any] = game.determinize(game.observe(pos.engine, player_id), random.Random(seed))
        engine.rng = _REFUSING
        new = MahaiState(pos.game)
        new_pos = new.position
        new_pos.engine = engine
        new_pos.table = Table(pos.table.encoding, engine)
        if pos.table.seat == player_id:
            new_pos.table.picks = list(pos.table.picks)
        new_pos.chances, new_pos.decisions = pos.chances, pos.decisions
        for entry in self.history_of(player_id):
            new_pos.log = LogNode(new_pos.log, entry)
        encoding = pos.game.encoding
        for seat in range(encoding.players):
            if seat != player_id:  # the others' past is unknown: they start from their view now
                view = encoding.text_view(game.view(engine, seat))
                new_pos.log = LogNode(new_pos.log, ("p", seat, {"kind": "resampled", "view": view}))
        return new

    def history_of(self, viewer: Seat | None) -> list[LogEntry]:
        """What ``viewer`` (None: a spectator) saw, in order: ``("p", viewer, event)``
        for each event as projected for it, ``("a", viewer, notation)`` for its actions."""
        game = self.position.game.mahai
        out: list[LogEntry] = []
        for entry in _entries(self.position.log):
            kind = entry[0]
            if kind == "e":
                projected = game.project_event(entry[1], viewer)
                if projected is not None:
                    out.append(("p", viewer, projected))
            elif entry[1] == viewer:
                out.append(entry)
        return out

    def history_text(self, viewer: Seat | None) -> str:
        """``viewer``'s history spelled out, one line per event (its JSON as projected
        for ``viewer``) or own action (``> notation``): what the information-state
        digest stands for."""
        game = self.position.game.mahai
        lines = (_line(game, entry, viewer) for entry in _entries(self.position.log))
        return "\n".join(line for line in lines if line is not None)

    # -- the adapter --------------------------------------------------------------
    @staticmethod
    def _chance(pos: Position, outcome: int) -> None:
        g = pos.game
        key = f"{g.seed}:{pos.chances}:{outcome}"
        pos.chances += 1
        events: list[Event]
        if pos.engine is None:
            engine = g.mahai.new(g.options, g.encoding.players, random.Random(key).getrandbits(62))
            events = list(engine.start_events)
            pos.engine = engine
            pos.table = Table(g.encoding, engine)
        else:
            assert pos.held is not None
            engine = pos.engine
            engine.rng = random.Random(key)
            seat, action = pos.held
            pos.held = None
            events = engine.push(seat, action)
        engine.rng = _REFUSING
        for event in events:
            pos.log = LogNode(pos.log, ("e", event))

    @staticmethod
    def _decide(pos: Position, index: int) -> None:
        table = pos.table
        engine = pos.engine
        assert table is not None and engine is not None
        seat = table.seat
        assert seat is not None
        action = table.choose(index)
        pos.decisions += 1
        if action is None:
            return
        pos.log = LogNode(pos.log, ("a", seat, action.notation()))
        before = engine.clone()
        try:
            events = engine.push(seat, action)
        except _ChanceNeeded:
            # The engine stopped half-way: go back to the copy and hold the action.
            pos.engine = before
            table.state = before
            pos.held = (seat, action)
            return
        for event in events:
            pos.log = LogNode(pos.log, ("e", event))


class MahaiObserver:
    """The observer of a :class:`MahaiGame` (OpenSpiel's ``PyObserver`` interface).

    ``perfect_recall=False`` (default): ``tensor`` = the game's features of the
    player's view, then its pending picks (``dict``: ``"observation"``, ``"picks"``, which
    OpenSpiel writes one after the other as the observation tensor, so its entries must not
    overlap: the named parts of the features are :meth:`Encoding.parts`);
    the string is the view JSON (:meth:`Encoding.text_view`: without the record of
    earlier hands) and the picks. ``perfect_recall=True``: the string is
    the digest of the player's history (:func:`history_digest`) and its picks; no
    tensor (None).
    ``private_info=NONE``: the spectator's view or history, the same for every player.
    """

    def __init__(self, game: MahaiGame, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no observer sees every player's private information")
        if not iig_obs_type.public_info:
            raise ValueError("a seat's view is not split into public and private parts")
        self.game = game
        self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        encoding = game.encoding
        self.tensor: FloatArray | None = None
        self.dict: dict[str, FloatArray] = {}
        if not self.perfect_recall:
            tensor = self.tensor = np.zeros(encoding.feature_size + encoding.num_actions, np.float32)
            self.dict = {"observation": tensor[:encoding.feature_size],
                         "picks": tensor[encoding.feature_size:]}

    def _viewer(self, player: int) -> Seat | None:
        return None if self.public else player

    def set_from(self, state: MahaiState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it."""
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        pos = state.position
        if pos.engine is None:
            return
        viewer = self._viewer(player)
        encoding = self.game.encoding
        encoding.features(encoding.view(pos.engine, viewer), viewer, self.dict["observation"])
        table = pos.table
        if viewer is not None and table is not None and pos.held is None and table.seat == viewer:
            table.pending(self.dict["picks"])

    def string_from(self, state: MahaiState, player: int) -> str:
        """``state`` as ``player`` sees it, as text (see the class docstring)."""
        viewer = self._viewer(player)
        pos = state.position
        table = pos.table
        picks: list[str] = []
        if viewer is not None and table is not None and pos.held is None and table.seat == viewer:
            picks = [table.label(i) for i in table.picks]
        if self.perfect_recall:
            digest = history_digest(self.game.mahai, pos.log, viewer)
            return digest + "".join(f"\n> pick {label}" for label in picks)
        if pos.engine is None:
            return ""
        view = self.game.encoding.text_view(self.game.encoding.view(pos.engine, viewer))
        text = json.dumps(view, sort_keys=True, default=list)
        return text + "".join(f"\n> pick {label}" for label in picks)


class MahaiBot(pyspiel.Bot):  # type: ignore[misc]
    """One of Mahai's bots (e.g. the heuristic Spades bot) as an OpenSpiel bot for a
    :class:`MahaiGame`: it sees the seat's observation and legal actions only, and
    answers with the indices of its action (several steps for a composite one).

    Raises:
        InvalidOptions: ``unknown_bot`` (names: :func:`mahai.bots.bot_names`).
    """

    def __init__(self, game: MahaiGame, player_id: int, bot: str | Bot | None = None, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.game = game
        self.player_id = player_id
        if bot is None:
            bot = bot_names(game.mahai.name)[0]
        self.bot = bot_factory(game.mahai.name, bot)(random.Random(seed)) if isinstance(bot, str) else bot
        self._chooser = BotChooser(self.bot)

    def step(self, state: MahaiState) -> int:
        table = state.table
        assert table is not None and state.engine is not None
        return self._chooser.index(table)

    def restart_at(self, state: MahaiState) -> None:
        self._chooser.forget()

    def inform_action(self, state: MahaiState, player_id: int, action: int) -> None:
        pass


def _game_type(short: str, long: str, defaults: dict[str, Any], zero_sum: bool,
               min_players: int, max_players: int) -> Any:
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


def _defaults(edition: str = "") -> dict[str, Any]:
    """The parameters and their defaults (see the module docstring's table)."""
    return {"players": 0, "edition": edition, "options": "", "seed": 0, "max_length": 0}


class SpadesGame(MahaiGame):
    """``python_mahai_spades``: Spades, 2 or 4 players, every edition."""

    game_name = "spades"
    defaults = _defaults()
    game_type = _game_type("python_mahai_spades", "Python Mahai Spades", defaults, True, 2, 4)


class SpadesOpenSpielGame(MahaiGame):
    """``python_mahai_spades_openspiel``: Spades in OpenSpiel's rule set (edition ``openspiel``)."""

    game_name = "spades"
    defaults = _defaults("openspiel")
    game_type = _game_type("python_mahai_spades_openspiel", "Python Mahai Spades (OpenSpiel rules)",
                           defaults, True, 4, 4)


class MilleBornesGame(MahaiGame):
    """``python_mahai_mille_bornes``: Mille Bornes, 2 to 6 players."""

    game_name = "mille_bornes"
    defaults = _defaults()
    game_type = _game_type("python_mahai_mille_bornes", "Python Mahai Mille Bornes", defaults, False, 2, 6)


class DenboraZupGame(MahaiGame):
    """``python_mahai_denborazup``: DenboraZup, 1 to 8 players (the package deck)."""

    game_name = "denborazup"
    defaults = _defaults()
    game_type = _game_type("python_mahai_denborazup", "Python Mahai DenboraZup", defaults, False, 1, 8)


GAMES: dict[str, type[MahaiGame]] = {cls.game_type.short_name: cls for cls in
                                     (SpadesGame, SpadesOpenSpielGame, MilleBornesGame, DenboraZupGame)}
"""Registered short name → game class."""

for _cls in GAMES.values():
    pyspiel.register_game(_cls.game_type, _cls)
