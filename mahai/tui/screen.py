"""What a game shows in the terminal: :class:`Screen`, the generic one every game gets.

A game's screen (``mahai/tui/<game>.py``) lays out the table from a viewer's
observation and maps shortcuts to actions; the :class:`~mahai.tui.driver.Terminal`
does everything else (input, hand-over, bots, news, records). The generic screen
prints the view and offers the legal moves as a numbered menu, which is enough to
play any game of the contract (``mahai play nim``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from mahai.core.errors import MahaiError
from mahai.core.game import Action, Game, Seat
from mahai.i18n import render, translate

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def seat_letter(seat: Seat) -> str:
    """Seat 0 is "A", seat 1 "B" …; past "Z", "A2", "B2" … (no game seats that many).

    >>> seat_letter(1), seat_letter(27)
    ('B', 'B2')
    """
    letter, lap = LETTERS[seat % len(LETTERS)], seat // len(LETTERS)
    return letter if lap == 0 else f"{letter}{lap + 1}"

DOMAIN = "tui"
"""The catalog of the driver's own strings and reason codes (msgid = a dotted key or the code)."""
MENU_LIMIT = 30
"""The generic screen offers the legal moves as a menu when there are at most this many."""

InputFn = Callable[[str], str]


class Quit(Exception):
    """The person asked to stop (``q``) or the input ended."""


@dataclass(frozen=True)
class Turn:
    """What a screen is given: the ``viewer`` (a seat, None for a spectator), its
    ``observation`` (:meth:`~mahai.core.Game.observe`) and JSON ``view``, the ``legal``
    actions (empty when the viewer has nothing to decide), the seats of the ``people`` at
    the keyboard and of the ``bots``, whether several people share the keyboard
    (``hot_seat``) and ``name``: how the viewer sees each seat named."""

    viewer: Seat | None
    observation: Any
    legal: tuple[Action, ...]
    people: tuple[Seat, ...]
    bots: frozenset[Seat]
    hot_seat: bool
    name: Callable[[Seat], str]
    view: dict[str, Any] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "view", self.observation.to_json())


def game_title(game: Game[Any, Any], lang: str) -> str:
    """The game's name to show (``tui`` catalog, ``game.<name>``; else the game's name)."""
    key = f"game.{game.name}"
    text = translate(DOMAIN, key, lang)
    return game.name.replace("_", " ").title() if text == key else text


class Screen:
    """The generic screen of a table of ``players`` for ``game`` in ``lang``; a game's
    screen overrides what it needs.

    Class attributes: ``catalog``, the gettext domain of the screen's strings;
    ``table_events``, the event kinds :meth:`event_table` lays out (e.g. a score
    sheet); ``pause_after``, the event kinds after which one person at the
    keyboard presses Enter before the game goes on.
    """

    catalog: ClassVar[str] = DOMAIN
    table_events: ClassVar[frozenset[str]] = frozenset()
    pause_after: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game[Any, Any], lang: str, players: int) -> None:
        self.game = game
        self.lang = lang
        self.players = players

    def _(self, msgid: str, **params: object) -> str:
        """``msgid`` of :attr:`catalog` in the screen's language."""
        return translate(self.catalog, msgid, self.lang, **params)

    def seat_name(self, seat: Seat) -> str:
        """A seat's name for everyone: a letter in table order ("B"; Spades with four: "East").
        A letter reads alike in every language and in every sentence: Basque names a seat
        with an apposition ("{player} jokalariak"), and "2. jokalaria jokalariak" repeated it."""
        return seat_letter(seat)

    def show(self, console: Console, turn: Turn) -> None:
        """Lay out the table for ``turn.viewer`` (generic: the game's sentences,
        :meth:`~mahai.core.Game.describe_view`, else the view's fields)."""
        lines = self.game.describe_view(turn.view, turn.viewer)
        if lines is not None:
            for line in lines:
                console.print(Text(render(line, self.lang, turn.name)))
            return
        table = Table(show_header=False, box=None)
        for key, value in turn.view.items():
            table.add_row(Text(str(key), style="bold"), Text(str(value)))
        console.print(table)

    def prompt(self, turn: Turn) -> str:
        """What the prompt asks (after the person's name)."""
        return translate(DOMAIN, "ask_move", self.lang)

    def menu(self, turn: Turn) -> list[Action]:
        """Actions offered as numbered lines, picked by their number (generic: every legal
        action, when there are few; a game's screen: a menu in some phases only)."""
        return list(turn.legal) if len(turn.legal) <= MENU_LIMIT else []

    def read(self, text: str, turn: Turn) -> Action | None:
        """The action a shortcut stands for, or None to read ``text`` as the game's notation.

        Raises:
            MalformedAction: a shortcut that names nothing (a card number out of range …).
        """
        return None

    def shortcuts(self, action: Action, turn: Turn) -> Sequence[str]:
        """Lines that may stand for ``action`` on this screen (a hand number …), tried in order
        by :meth:`typed`; generic: none (the notation is what is typed)."""
        return ()

    def typed(self, action: Action, turn: Turn) -> str:
        """What to type for ``action``, as ``?`` lists it: the first of :meth:`shortcuts` that
        :meth:`read` reads back as ``action`` (same notation), else the game's notation."""
        for text in self.shortcuts(action, turn):
            try:
                read = self.read(text, turn)
            except MahaiError:
                continue
            if read is not None and read.notation() == action.notation():
                return text
        return action.notation()

    def hint(self, turn: Turn, menu: Sequence[Action]) -> str:
        """How to choose a move, said after a line the game could not read: the numbers of
        ``menu`` (the numbered lines shown), if any, and ``?``, which lists the legal moves."""
        if menu:
            return translate(DOMAIN, "hint.menu", self.lang, size=len(menu))
        return translate(DOMAIN, "hint", self.lang)

    def forced(self, turn: Turn) -> Action | None:
        """An action to take for the person without asking (a forced move that tells the
        table nothing), or None to ask. Generic: always ask."""
        return None

    def event_table(self, event: dict[str, Any], turn: Turn) -> RenderableType | None:
        """A table for a projected event whose kind is in :attr:`table_events`, as
        ``turn.viewer`` sees it (``turn.legal`` is empty), or None."""
        return None

    def result(self, turn: Turn) -> Sequence[RenderableType]:
        """What to show at the end besides the winners and scores (generic: nothing)."""
        return ()
