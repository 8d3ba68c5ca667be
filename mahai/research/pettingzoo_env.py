"""PettingZoo AEC environments for Mahai's games (``pip install "mahai[research]"``).

    >>> from mahai.research.pettingzoo_env import env
    >>> e = env("spades", edition="openspiel")
    >>> e.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> sorted(obs), int(obs["action_mask"].sum())          # the first bid: nil, 1 … 13
    (['action_mask', 'observation'], 14)
    >>> e.unwrapped.labels[52], e.unwrapped.labels[60]
    ('bid nil', 'bid 8')

One environment plays one game of :mod:`mahai` with fixed options: every edition
and option of the game (``edition=``, ``options=``), for any player count it allows.
Agents are ``player_0 … player_{n-1}`` (seat order). Each agent observes
``{"observation": float32 vector, "action_mask": int8 vector}``: the vector is built
from that seat's view JSON only (the game's projection, :mod:`.table`), its parts
by name in ``env.unwrapped.encoding.parts()`` (``{"hand": slice(5, 57), …}``); the mask
marks the indices it may pick now (all zero when it owes no decision). The action
space is ``Discrete(num_actions)``; each game's module documents its index ↔
notation map (:mod:`.spades`, :mod:`.mille_bornes`, :mod:`.denborazup`), and
``env.unwrapped.labels`` lists it.

Whose turn: the first seat of the engine's ``to_act()`` that need not wait
(Mille Bornes' coup-fourré window asks the attacked seats first); DenboraZup's
simultaneous decisions are taken seat after seat, each hidden from the others
until all have decided. An action made of several choices (a Spades exchange, a
fast-game redraw, a long-timeline placement) is picked one index at a time by the
same agent; the engine applies it once complete.

Rewards: at the end of each hand (Spades) or leg (Mille Bornes), the change of the
seat's score over the game's scale; at the end of the game +1 for each winner and
-1 for the others (DenboraZup solo: ``hand size / cards used``). An illegal index
raises ``ValueError``. ``render()`` returns (``"ansi"``) or prints (``"human"``) the
events since the last call, as a spectator sees them, in English.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any

from mahai.research import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as error:  # the research extra is not installed
    raise missing_extra(error) from error

from mahai.bots import make_bot
from mahai.core.game import Event, Game
from mahai.i18n import render as render_message
from mahai.research.setup import resolve
from mahai.research.table import BotChooser, Encoding, FloatArray, Table, encoding_for

ObsDict = dict[str, Any]


class MahaiEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """A Mahai game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: a registered game name (``"spades"``, ``"mille_bornes"``,
            ``"denborazup"``) or a :class:`~mahai.core.Game`.
        edition: the edition (default: the game's for ``players``).
        players: the player count (default: the one the edition is made for).
        options: option overrides (a mapping) or a complete options instance.
        render_mode: ``"ansi"``, ``"human"`` or None.
        max_steps: stop (truncated) after this many picks (default: the encoding's bound).

    Raises:
        InvalidOptions: unknown game, edition or option; a player count not allowed.
        ValueError: a game without a research encoding, an unknown render mode, ``max_steps``
            below 1.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "mahai_v0",
                                "is_parallelizable": False}

    def __init__(self, game: str | Game[Any, Any] = "spades", edition: str | None = None,
                 players: int | None = None, options: Mapping[str, Any] | Any = None,
                 render_mode: str | None = None, max_steps: int | None = None) -> None:
        super().__init__()
        setup = resolve(game, edition, players, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be 1 or more, not {max_steps}")
        self.game = setup.game
        self.options = setup.options
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"mahai_{setup.game.name}_v0"}
        self.encoding: Encoding = encoding_for(setup.game, setup.options, setup.players)
        self.labels = self.encoding.labels
        """``labels[i]``: the notation (or pick) of action index ``i``."""
        self.max_steps = max_steps if max_steps is not None else self.encoding.max_decisions
        n = setup.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.feature_size + self.encoding.num_actions
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.encoding.num_actions)
                              for agent in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.table: Table | None = None
        self.steps = 0
        self._unrendered: list[Event] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.possible_agents)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` seeds the game's deals (the same seed, the same
        game); without one the next game's seed comes from the last seeded stream.
        ``options`` (PettingZoo's per-reset options) is not used: game options are
        set when the environment is made."""
        if seed is not None or self._np_random is None:  # a numpy integer seeds as its int does
            self._np_random, _ = seeding.np_random(None if seed is None else operator.index(seed))
        game_seed = int(self._np_random.integers(0, 2**62))
        state = self.game.new(self.options, self.players, game_seed)
        self.table = Table(self.encoding, state)
        self.steps = 0
        self._unrendered = list(state.start_events)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._scores = state.scores()
        self.agent_selection = self._agent_to_act()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() first")
        return self.table

    def _agent_to_act(self) -> str:
        seat = self._table().seat
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> ObsDict:
        """``{"observation", "action_mask"}`` of ``agent`` (see the module docstring)."""
        table = self._table()
        seat = self._seat_of[agent]
        encoding = self.encoding
        vector: FloatArray = np.zeros(encoding.feature_size + encoding.num_actions, np.float32)
        encoding.features(encoding.view(table.state, seat), seat, vector[:encoding.feature_size])
        if seat == table.seat and not table.state.is_over and self.steps < self.max_steps:
            table.pending(vector[encoding.feature_size:])
            mask = table.mask()
        else:
            mask = np.zeros(encoding.num_actions, np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Pick ``action`` (an index) for ``agent_selection``; None for an agent whose game ended.

        Raises:
            ValueError: the index is not legal now, or no integer (``1.5``, ``"3"``, ``True``,
                taken before as ``1``, ``3``, ``1``); nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("an agent that must act cannot pass None")
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            # int(1.5) is 1, int("3") is 3, True is 1: a wrong type is no index
            raise ValueError(f"an action is an integer index, not {action!r}")
        table = self._table()
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        chosen = table.choose(int(action))
        rewards = dict.fromkeys(self.agents, 0.0)
        self.steps += 1
        if chosen is not None:
            state = table.state
            self._unrendered += state.push(seat, chosen)
            scores = state.scores()
            scale = self.encoding.score_scale
            if scale is not None and scores != self._scores:
                for other, name in enumerate(self.possible_agents):
                    rewards[name] += (scores[other] - self._scores[other]) / scale
            self._scores = scores
            if state.is_over:
                for other, value in enumerate(self.encoding.outcome(state)):
                    rewards[self.possible_agents[other]] += value
                self.terminations = dict.fromkeys(self.agents, True)
        if self.steps >= self.max_steps and not any(self.terminations.values()):
            self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = rewards
        self._accumulate_rewards()
        self.agent_selection = self._agent_to_act()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The events since the last call, one sentence each as a spectator sees them
        (English, seats named ``player_<n>``), then whose turn it is: returned in ``"ansi"``
        mode, printed in ``"human"`` mode (which returns None, as PettingZoo's ``render_test``
        asks). None without a render mode."""
        if self.render_mode is None:
            return None
        table = self._table()
        lines = []
        for event in self._unrendered:
            projected = self.game.project_event(event, None)
            if projected is None:
                continue
            message = self.game.describe_event(projected, None)
            if message is not None:
                lines.append(render_message(message, "en", self._name))
        self._unrendered = []
        seat = table.seat
        if seat is not None:
            lines.append(f"{self._name(seat)} to act.")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _name(self, seat: int) -> str:
        return self.possible_agents[seat]

    def close(self) -> None:
        """Nothing to release."""


class MahaiPolicy:
    """One of Mahai's bots playing seats of an environment of :func:`env`, e.g. the opponents
    an agent learns against: ``act(agent)`` is the index the bot picks for ``agent``, who
    must be the one to decide (``agent_selection``). Each seat gets its own bot, seat ``s``
    seeded with ``random.Random(seed * 1009 + s)``; it sees that seat's projection and legal
    actions only, and picks a composite action one index at a time, as an agent does::

        opponents = MahaiPolicy(e, "medium")
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
            else:
                e.step(opponents.act(agent) if agent != "player_0" else my_agent(obs))

    Raises:
        InvalidOptions: ``unknown_bot`` (names: :func:`mahai.bots.bot_names`).
    """

    def __init__(self, environment: Any, bot: str, seed: int = 0) -> None:
        self.env: MahaiEnv = environment.unwrapped
        self.name = bot
        self.seed = seed
        make_bot(self.env.game.name, bot, random.Random(seed))  # an unknown name fails here
        self._choosers: dict[int, BotChooser] = {}

    def act(self, agent: str) -> int:
        """The index the bot picks now for ``agent``.

        Raises:
            ValueError: ``agent`` is not the one to decide, or the game is over.
        """
        environment = self.env
        table = environment._table()
        seat = environment._seat_of[agent]
        if table.seat != seat or table.state.is_over:
            raise ValueError(f"{agent} does not decide now ({environment.agent_selection} does)")
        chooser = self._choosers.get(seat)
        if chooser is None:
            bot = make_bot(environment.game.name, self.name, random.Random(self.seed * 1009 + seat))
            chooser = self._choosers[seat] = BotChooser(bot)
        return chooser.index(table)


def env(game: str | Game[Any, Any] = "spades", **kwargs: Any) -> Any:
    """:class:`MahaiEnv` wrapped in PettingZoo's order checks (``env.unwrapped`` is the
    environment itself). Arguments as :class:`MahaiEnv`."""
    return wrappers.OrderEnforcingWrapper(MahaiEnv(game, **kwargs))
