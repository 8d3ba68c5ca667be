"""The bot contract and the random bot."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from mahai.core.game import Action, Game, Observation, Seat


class Bot(ABC):
    """A program that chooses an action for one seat.

    It receives the seat's observation (the game's projection, nothing else)
    and the seat's legal actions, and draws any randomness from its own
    generator.
    """

    name: str = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @abstractmethod
    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        """One of ``legal`` (non-empty)."""


class RandomBot(Bot):
    """Uniform over the legal actions; plays every game."""

    name = "random"

    def act(
        self, game: Game[Any, Any], seat: Seat, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        return legal[self.rng.randrange(len(legal))]
