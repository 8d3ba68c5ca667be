"""A toy card game with hidden hands that keeps the whole contract, and broken
variants of it, each breaking one promise: the conformance suite must pass the
first and fail each of the others (``test_suite_can_fail.py``).

High card: two players, cards 0 … 7 shuffled, two in each hand and the rest in a
stock. The player to act plays a card; when both have played, the higher card
takes the trick (a point) and leads next, and each player draws a card while
the stock lasts. The game ends when the hands are empty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from mahai.core import Event, Game, IllegalAction, MalformedAction, Seat, State
from mahai.core.text import Message, Player

CARDS = 8
HAND = 2


@dataclass(frozen=True)
class Play:
    card: int

    def notation(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class ToyOptions:
    cards: int = CARDS


@dataclass(frozen=True)
class ToyObservation:
    viewer: Seat | None
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    stock: int
    table: tuple[tuple[Seat, int], ...]
    played: tuple[int, ...]
    points: tuple[int, ...]
    turn: Seat

    def to_json(self) -> dict[str, Any]:
        return {"viewer": self.viewer, "hand": None if self.hand is None else list(self.hand),
                "hand_sizes": list(self.hand_sizes), "stock": self.stock,
                "table": [list(t) for t in self.table], "played": list(self.played),
                "points": list(self.points), "turn": self.turn}


class ToyState(State[Play]):
    clone_lists: ClassVar[tuple[str, ...]] = ("stock", "table", "played", "points")
    clone_nested: ClassVar[tuple[str, ...]] = ("hands",)

    def __init__(self, options: ToyOptions, rng: random.Random, deal: bool = True) -> None:
        super().__init__(2, rng)
        self.options = options
        self.hands: list[list[int]] = [[], []]
        self.stock: list[int] = []
        self.table: list[tuple[Seat, int]] = []
        self.played: list[int] = []
        self.points = [0, 0]
        self.turn = 0
        if deal:
            deck = list(range(options.cards))
            self.rng.shuffle(deck)
            self.hands = [deck[:HAND], deck[HAND:2 * HAND]]
            self.stock = deck[2 * HAND:]
            self.start_events = [Event("deal", {"seat": s, "cards": list(self.hands[s])},
                                       audience=frozenset({s}), redacted={"seat": s, "count": HAND})
                                 for s in range(2)]

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: Seat) -> list[Play]:
        return [Play(c) for c in sorted(self.hands[seat])] if seat in self.to_act() else []

    def verify(self, seat: Seat, action: Play) -> None:
        if action.card not in self.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=action.card)

    def _do(self, seat: Seat, action: Play) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.table.append((seat, action.card))
        self.played.append(action.card)
        events = [Event("play", {"seat": seat, "card": action.card})]
        if len(self.table) < 2:
            self.turn = 1 - seat
            return events
        winner = max(self.table, key=lambda t: t[1])[0]
        self.points[winner] += 1
        self.table = []
        self.turn = winner
        events.append(Event("trick", {"seat": winner}))
        for s in (winner, 1 - winner):
            if self.stock:
                card = self.draw()
                self.hands[s].append(card)
                events.append(Event("draw", {"seat": s, "card": card}, audience=frozenset({s}),
                                    redacted={"seat": s}))
        return events

    def draw(self) -> int:
        return self.stock.pop()

    @property
    def is_over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    def winners(self) -> frozenset[Seat]:
        if not self.is_over:
            return frozenset()
        best = max(self.points)
        return frozenset(s for s in range(2) if self.points[s] == best)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)


class Toy(Game[ToyState, ToyOptions]):
    name: ClassVar[str] = "toy"
    slug: ClassVar[str] = "toy"
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    editions: ClassVar[Mapping[str, ToyOptions]] = {"standard": ToyOptions()}
    state_class: ClassVar[type[ToyState]] = ToyState

    def new(self, options: ToyOptions, players: int, seed: int) -> ToyState:
        self.check_players(options, players)
        return self.state_class(options, random.Random(seed))

    def parse_action(self, text: str) -> Play:
        word, _, num = text.partition(" ")
        if word != "play" or not num.isdigit() or num != str(int(num)):
            raise MalformedAction("bad_notation", text=text)
        return Play(int(num))

    def observe(self, state: ToyState, viewer: Seat | None) -> ToyObservation:
        return ToyObservation(viewer, None if viewer is None else tuple(state.hands[viewer]),
                              tuple(len(h) for h in state.hands), len(state.stock), tuple(state.table),
                              tuple(state.played), tuple(state.points), state.turn)

    def determinize(self, observation: Any, rng: random.Random) -> ToyState:
        obs: ToyObservation = observation
        assert obs.viewer is not None and obs.hand is not None
        st = self.state_class(ToyOptions(), random.Random(rng.getrandbits(32)), deal=False)
        unseen = [c for c in range(CARDS) if c not in obs.hand and c not in obs.played]
        rng.shuffle(unseen)
        other = 1 - obs.viewer
        st.hands[obs.viewer] = list(obs.hand)
        st.hands[other] = unseen[:obs.hand_sizes[other]]
        st.stock = unseen[obs.hand_sizes[other]:]
        st.table, st.played = list(obs.table), list(obs.played)
        st.points, st.turn = list(obs.points), obs.turn
        return st

    # The toy has no catalog: it borrows a msgid of ``core`` that every language has.
    def describe_action(self, action: Any) -> Message:
        return Message("core", "seat {n}", {"n": action.card})

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        return Message("core", "seat {n}", {"n": event["seat"]}) if event["kind"] == "play" else None


# --- broken variants: each breaks one promise ------------------------------------


class EveryoneActs(Toy):
    class state_class(ToyState):  # noqa: N801 - a class attribute
        def to_act(self) -> tuple[Seat, ...]:
            return () if self.is_over else (0, 1)


class OffByOneNotation(Toy):
    def parse_action(self, text: str) -> Play:
        return Play(super().parse_action(text).card % 7 + 1)


class LaxVerify(Toy):
    class state_class(ToyState):  # noqa: N801
        def verify(self, seat: Seat, action: Play) -> None:
            if not 0 <= action.card < CARDS:
                raise IllegalAction("no_such_card")

        def _do(self, seat: Seat, action: Play) -> list[Event]:
            if action.card not in self.hands[seat]:
                self.hands[seat].append(action.card)
            return super()._do(seat, action)


class DirtyRefusal(Toy):
    class state_class(ToyState):  # noqa: N801
        def verify(self, seat: Seat, action: Play) -> None:
            if action.card not in self.hands[seat]:
                self.points[seat] += 1
                raise IllegalAction("card_not_in_hand")


class SharedHands(Toy):
    class state_class(ToyState):  # noqa: N801
        clone_lists = ("hands", "stock", "table", "played", "points")
        clone_nested = ()


class SharedGenerator(Toy):
    class state_class(ToyState):  # noqa: N801
        def clone(self) -> Self:
            new = super().clone()
            new.rng = self.rng
            return new

        def draw(self) -> int:  # chance at every draw
            return self.stock.pop(self.rng.randrange(len(self.stock)))


class UnseededDeal(Toy):
    def new(self, options: ToyOptions, players: int, seed: int) -> ToyState:
        return self.state_class(options, random.Random())


@dataclass(frozen=True)
class AliasingObservation(ToyObservation):
    state: Any = None

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "points": self.state.points}


class AliasingView(Toy):
    def observe(self, state: ToyState, viewer: Seat | None) -> ToyObservation:
        o = super().observe(state, viewer)
        return AliasingObservation(**vars(o), state=state)


class SharedEventData(Toy):
    def project_event(self, event: Event, viewer: Seat | None) -> dict[str, Any] | None:
        seen = super().project_event(event, viewer)
        if seen is not None and "cards" in seen:
            seen["cards"] = event.data["cards"]
        return seen


@dataclass(frozen=True)
class SetObservation(ToyObservation):
    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "played": set(self.played)}


class SetInView(Toy):
    def observe(self, state: ToyState, viewer: Seat | None) -> ToyObservation:
        o = super().observe(state, viewer)
        return SetObservation(**vars(o))


@dataclass(frozen=True)
class LeakyObservation(ToyObservation):
    hands: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "cards_of": [sorted(h) for h in self.hands]}


class SpectatorSeesHands(Toy):
    """Leaks under another key than ``hand``: only the determinized twins catch it."""

    def observe(self, state: ToyState, viewer: Seat | None) -> ToyObservation:
        o = super().observe(state, viewer)
        hands = tuple(tuple(h) for h in state.hands) if viewer is None else ()
        return LeakyObservation(**vars(o), hands=hands)


class SpectatorGetsAHand(Toy):
    def observe(self, state: ToyState, viewer: Seat | None) -> ToyObservation:
        o = super().observe(state, viewer)
        if viewer is None:
            return ToyObservation(None, tuple(state.hands[0]), *(getattr(o, f) for f in (
                "hand_sizes", "stock", "table", "played", "points", "turn")))
        return o


class CarelessDeterminize(Toy):
    def determinize(self, observation: Any, rng: random.Random) -> ToyState:
        st = super().determinize(observation, rng)
        st.hands.reverse()
        return st


class NoText(Toy):
    describe_action = Game.describe_action
    describe_event = Game.describe_event


class WrongSeatInText(Toy):
    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        return Message("core", "seat {n}", {"n": Player(event["seat"] + 2)})
