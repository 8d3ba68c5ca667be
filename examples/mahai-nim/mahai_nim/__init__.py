"""A tiny two-player game (take 1–3 stones; taking the last wins) that
exercises the core contract without any real game's rules."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Literal

from mahai.core import Event, Game, IllegalAction, MalformedAction, Seat, State


@dataclass(frozen=True)
class Take:
    n: int

    def notation(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class NimOptions:
    stones: int = 10
    max_take: Literal[2, 3] = 3
    misere: bool = False


@dataclass(frozen=True)
class NimObservation:
    stones: int
    turn: int

    def to_json(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn}


class NimState(State[Take]):
    def __init__(self, options: NimOptions, rng: random.Random) -> None:
        super().__init__(2, rng)
        self.options = options
        self.stones = options.stones
        self.turn = rng.randrange(2)
        self.last: Seat | None = None

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: Seat) -> list[Take]:
        if seat not in self.to_act():
            return []
        return [Take(n) for n in range(1, min(self.options.max_take, self.stones) + 1)]

    def verify(self, seat: Seat, action: Take) -> None:
        if not 1 <= action.n <= self.options.max_take:
            raise IllegalAction("bad_take", domain="nim", n=action.n)
        if action.n > self.stones:
            raise IllegalAction("too_many", domain="nim", n=action.n)

    def _do(self, seat: Seat, action: Take) -> list[Event]:
        self.stones -= action.n
        self.last = seat
        self.turn = 1 - seat
        return [Event("take", {"seat": seat, "n": action.n})]

    @property
    def is_over(self) -> bool:
        return self.stones == 0

    def winners(self) -> frozenset[Seat]:
        if not self.is_over or self.last is None:
            return frozenset()
        return frozenset({self.last if not self.options.misere else 1 - self.last})

    def scores(self) -> tuple[float, ...]:
        return tuple(1.0 if s in self.winners() else 0.0 for s in range(2))

    def clone(self) -> NimState:
        return copy.deepcopy(self)


class Nim(Game[NimState, NimOptions]):
    name = "nim"
    slug = "nim"
    player_counts = (2,)
    editions = {"normal": NimOptions(), "misere": NimOptions(misere=True)}

    def new(self, options: NimOptions, players: int, seed: int) -> NimState:
        self.check_players(options, players)
        return NimState(options, random.Random(seed))

    def parse_action(self, text: str) -> Take:
        word, _, num = text.strip().partition(" ")
        if word != "take" or not num.isdigit():
            raise MalformedAction("bad_notation", domain="nim", text=text)
        return Take(int(num))

    def observe(self, state: NimState, viewer: Seat | None) -> NimObservation:
        return NimObservation(state.stones, state.turn)


GAME = Nim()
