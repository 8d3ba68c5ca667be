"""Nim, the toy fourth game: a complete Mahai plug-in in its own distribution.

Two players take turns taking 1 to ``max_take`` stones from one heap; whoever
takes the last stone wins (loses in the ``misere`` edition). Everything a game
gives Mahai is here: options with their help, the state (rules), notation
(``take 2``), the projection, the text of actions and events, a figure for
``mahai simulate``, the catalogs (``locale/<lang>/LC_MESSAGES/nim.po``, with the lobby's
one-sentence ``about`` and ``edition_about.<edition>``), the "How to play" page
(``rules/<lang>.html``) and the web renderer (``renderer.js``). The distribution registers it with one entry
point (``pyproject.toml``)::

    [project.entry-points."mahai.games"]
    nim = "mahai_nim:GAME"

    >>> from mahai.i18n import render
    >>> state = GAME.new(GAME.options(stones=5), 2, seed=1)
    >>> [a.notation() for a in state.legal_actions(state.turn)]
    ['take 1', 'take 2', 'take 3']
    >>> render(GAME.describe_action(Take(2)), "eu")
    'Hartu 2'
    >>> [event] = state.apply(state.turn, Take(2))
    >>> render(GAME.describe_event(GAME.project_event(event, None), None), "en",
    ...        player_name=lambda seat: "Ane")
    'Ane took 2 stones.'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from mahai.core import Event, Game, IllegalAction, MalformedAction, Seat, State
from mahai.core.text import Message, Player

DOMAIN = "nim"
"""The gettext domain: the entry point's name, which is the game's name."""
HEAP_DOTS = 20
"""The most stones :meth:`Nim.describe_view` draws (a heap may hold 50,000)."""


@dataclass(frozen=True)
class Take:
    """Take ``n`` stones (notation ``take <n>``)."""

    n: int

    def notation(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class NimOptions:
    """The options; each help is one English sentence, translated in the catalogs
    as ``option.<name>``."""

    stones: int = field(default=10, metadata={"help": "How many stones are on the heap at the start.",
                                              "min": 1, "max": 50_000})
    max_take: Literal[2, 3] = field(default=3, metadata={"help": "The most stones one may take in a turn."})
    misere: bool = field(default=False, metadata={"help": "Whoever takes the last stone loses."})


@dataclass(frozen=True)
class NimObservation:
    """What a viewer sees: the whole game (Nim hides nothing)."""

    stones: int
    turn: Seat

    def to_json(self) -> dict[str, Any]:
        """``{"stones": n, "turn": seat}``."""
        return {"stones": self.stones, "turn": self.turn}


class NimState(State[Take]):
    """A heap of ``stones`` and the seat to play (``turn``, drawn at random)."""

    # Every attribute is an int or frozen, so the generic clone copies nothing more.

    def __init__(self, options: NimOptions, rng: random.Random) -> None:
        super().__init__(2, rng)
        self.options = options
        self.stones = options.stones
        self.turn = self.rng.randrange(2)
        self.last: Seat | None = None

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: Seat) -> list[Take]:
        if seat not in self.to_act():
            return []
        return [Take(n) for n in range(1, min(self.options.max_take, self.stones) + 1)]

    def verify(self, seat: Seat, action: Take) -> None:
        if not 1 <= action.n <= self.options.max_take:
            raise IllegalAction("bad_take", domain=DOMAIN, n=action.n, max=self.options.max_take)
        if action.n > self.stones:
            raise IllegalAction("too_many", domain=DOMAIN, n=action.n, stones=self.stones)

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


class Nim(Game[NimState, NimOptions]):
    """Nim: editions ``normal`` (taking the last stone wins) and ``misere``."""

    name: ClassVar[str] = "nim"
    slug: ClassVar[str] = "nim"
    stat_names: ClassVar[tuple[str, ...]] = ("moves",)  # named by stat.moves in the catalogs
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    editions: ClassVar[Mapping[str, NimOptions]] = {"normal": NimOptions(), "misere": NimOptions(misere=True)}
    renderer: ClassVar[str | None] = "mahai_nim:renderer.js"
    example: ClassVar[bool] = True  # the lobby lists it last, as a developer's example

    def new(self, options: NimOptions, players: int, seed: int) -> NimState:
        """A new game; the first player is drawn from ``random.Random(seed)``.

        Raises:
            InvalidOptions: ``bad_player_count`` unless 2 players.
        """
        self.check_players(options, players)
        return NimState(options, random.Random(seed))

    def parse_action(self, text: str) -> Take:
        """``take <n>`` → :class:`Take`.

        Raises:
            MalformedAction: ``bad_notation``.
        """
        match text.split():
            case ["take", n] if n.isascii() and n.isdecimal() and len(n) <= 6 and n == str(int(n)):
                return Take(int(n))
            case _:
                raise MalformedAction("bad_notation", domain=DOMAIN, text=text[:60])

    def observe(self, state: NimState, viewer: Seat | None) -> NimObservation:
        return NimObservation(state.stones, state.turn)

    def stats(self, state: NimState) -> dict[str, float]:
        """``{"moves": n}``: how many turns the game took."""
        return {"moves": float(state.version)}

    def describe_action(self, action: Any) -> Message:
        """``Take {n}`` (a button's label)."""
        return Message(DOMAIN, "Take {n}", {"n": action.n})

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        """``take``: "You took 2 stones." for the taker, "{player} took 2 stones."
        for the others; the catalogs' plural forms give "1 stone" (:mod:`mahai.i18n`,
        the count is the parameter ``n``)."""
        if event["kind"] != "take":
            return None
        seat, n = event["seat"], event["n"]
        if seat == viewer:
            return Message(DOMAIN, "You took {n} stone.", {"n": n})
        return Message(DOMAIN, "{player} took {n} stone.", {"player": Player(seat), "n": n})

    def describe_view(self, view: Mapping[str, Any], viewer: Seat | None) -> list[Message]:
        """The heap ("10 stones on the heap: ● ● …", one dot a stone, at most ``HEAP_DOTS``)
        and, unless the game is over, whose turn it is ("Your turn." for that seat)."""
        stones, turn = view["stones"], view["turn"]
        heap = " ".join("●" * min(stones, HEAP_DOTS)) + (" …" if stones > HEAP_DOTS else "")
        lines = [Message(DOMAIN, "{n} stone on the heap: {heap}", {"n": stones, "heap": heap})]
        if stones:
            lines.append(Message(DOMAIN, "Your turn.") if turn == viewer
                         else Message(DOMAIN, "{player}'s turn.", {"player": Player(turn)}))
        return lines


GAME = Nim()

__all__ = ["GAME", "Nim", "NimObservation", "NimOptions", "NimState", "Take"]
