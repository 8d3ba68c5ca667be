"""Peek: a toy game for the terminal driver's tests, with what the driver must handle and nothing
else — a hidden card per seat, simultaneous bets (every seat is in ``to_act()``), a seat that
must wait (seat 0 bets last, :meth:`~mahai.core.State.must_wait`), events with an audience.

Each seat is dealt one animal card, seen only by its owner; every seat bets 1 to 3, hidden
until all have bet; then the cards are revealed and the highest card wins (``CARDS`` order).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahai.core import Event, Game, IllegalAction, MalformedAction, Message, Player, Seat, State

CARDS = ("ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen", "ibis")


@dataclass(frozen=True)
class Bet:
    n: int

    def notation(self) -> str:
        return f"bet {self.n}"


@dataclass(frozen=True)
class PeekOptions:
    max_bet: int = 3


@dataclass(frozen=True)
class PeekObservation:
    viewer: Seat | None
    card: str | None
    bet: int | None
    have_bet: tuple[Seat, ...]
    revealed: tuple[str, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {"viewer": self.viewer, "card": self.card, "bet": self.bet, "have_bet": list(self.have_bet),
                "revealed": list(self.revealed) if self.revealed is not None else None}


class PeekState(State[Bet]):
    def __init__(self, options: PeekOptions, players: int, rng: random.Random) -> None:
        super().__init__(players, rng)
        self.options = options
        self.cards = rng.sample(range(len(CARDS)), players)
        self.bets: dict[Seat, int] = {}
        self.start_events = [Event("deal", {"seat": s, "card": CARDS[c]}, audience=frozenset({s}),
                                   redacted={"seat": s}) for s, c in enumerate(self.cards)]

    def to_act(self) -> tuple[Seat, ...]:
        return tuple(s for s in range(self.players) if s not in self.bets)

    def must_wait(self, seat: Seat) -> bool:
        return seat == 0 and any(s not in self.bets for s in range(1, self.players))

    def legal_actions(self, seat: Seat) -> list[Bet]:
        return [Bet(n) for n in range(1, self.options.max_bet + 1)] if seat in self.to_act() else []

    def verify(self, seat: Seat, action: Bet) -> None:
        if not 1 <= action.n <= self.options.max_bet:
            raise IllegalAction("bad_bet", domain="peek", n=action.n)

    def _do(self, seat: Seat, action: Bet) -> list[Event]:
        self.bets[seat] = action.n
        events = [Event("bet", {"seat": seat, "n": action.n}, audience=frozenset({seat}),
                        redacted={"seat": seat})]
        if self.is_over:
            events.append(Event("reveal", {"cards": [CARDS[c] for c in self.cards]}))
        return events

    @property
    def is_over(self) -> bool:
        return len(self.bets) == self.players

    def winners(self) -> frozenset[Seat]:
        if not self.is_over:
            return frozenset()
        return frozenset({max(range(self.players), key=lambda s: self.cards[s])})

    def scores(self) -> tuple[float, ...]:
        won = self.winners()
        return tuple(float(self.bets.get(s, 0) * (1 if s in won else -1)) for s in range(self.players))


class Peek(Game[PeekState, PeekOptions]):
    name = "peek"
    slug = "peek"
    player_counts = (2, 3)
    editions = {"standard": PeekOptions()}

    def new(self, options: PeekOptions, players: int, seed: int) -> PeekState:
        self.check_players(options, players)
        return PeekState(options, players, random.Random(seed))

    def parse_action(self, text: str) -> Bet:
        word, _, number = text.strip().partition(" ")
        if word != "bet" or not number.strip().lstrip("-").isdigit():
            raise MalformedAction("bad_notation", domain="peek", text=text)
        return Bet(int(number))

    def observe(self, state: PeekState, viewer: Seat | None) -> PeekObservation:
        own = viewer is not None
        return PeekObservation(
            viewer, CARDS[state.cards[viewer]] if own and viewer is not None else None,
            state.bets.get(viewer) if viewer is not None else None, tuple(sorted(state.bets)),
            tuple(CARDS[c] for c in state.cards) if state.is_over else None)

    def describe_action(self, action: Any) -> Message:
        return Message("peek", "Bet {n}", {"n": action.n})

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        kind = event["kind"]
        if kind == "deal":
            if "card" in event:
                return Message("peek", "{player}: the {card}.", {"player": Player(event["seat"]),
                                                                  "card": event["card"]})
            return Message("peek", "{player}: a hidden card.", {"player": Player(event["seat"])})
        if kind == "bet":
            if "n" in event:
                return Message("peek", "{player} bet {n}.", {"player": Player(event["seat"]),
                                                              "n": event["n"]})
            return Message("peek", "{player} has bet.", {"player": Player(event["seat"])})
        return Message("peek", "Cards: {cards}.", {"cards": ", ".join(event["cards"])})


GAME = Peek()
