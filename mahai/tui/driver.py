"""The terminal driver: one loop that plays any game of the contract in a terminal (Rich).

:class:`Terminal` plays a whole game with people at one keyboard (seats ``0 … humans - 1``)
and bots in the other seats. What it does for every game:

* **input**: a line per decision, read with an injectable ``input_fn`` (like :func:`input`);
  ``q`` (``quit``, ``irten``) or the end of input stops the game; ``?`` lists the legal
  moves, each as it is typed on the screen (:meth:`~mahai.tui.screen.Screen.typed`: a hand
  number, else the game's notation) and described by :meth:`~mahai.core.Game.describe_action`;
  a number picks a line of the screen's menu; anything else goes to the screen's shortcuts, then to the game's
  notation (:meth:`~mahai.core.Game.parse_action`);
* **explain and retry**: a refused line (any :class:`~mahai.core.MahaiError`) is explained
  in the player's language (:func:`mahai.i18n.explain`) and asked again; the state is unchanged;
  a line the game could not read (its :class:`~mahai.core.MalformedAction`) is followed by the
  screen's hint on how to choose (:meth:`~mahai.tui.screen.Screen.hint`: the menu's numbers, ``?``);
* **turns**: the first seat of :meth:`~mahai.core.State.to_act` decides (a bot, or a person
  who is asked), except a seat that :meth:`~mahai.core.State.must_wait` while another seat
  may still answer; simultaneous decisions (several seats in ``to_act()``) are taken one seat
  at a time, in table order;
* **news**: every event is projected for each viewer (:meth:`~mahai.core.Game.project_event`)
  and told by :meth:`~mahai.core.Game.describe_event`, rendered with
  :func:`mahai.i18n.render`; players are named "you" (``zu``) for the one person at the
  keyboard, else by the screen's seat names. With one person, news are printed as they
  happen; with several (hot-seat), each person's news wait for that person's next screen;
  with nobody, the spectator's news are printed;
* **hot-seat**: when the person at the keyboard changes, the screen is cleared and the next
  person must press Enter before anything of theirs is shown; after each person's
  decision the screen is cleared again;
* **records**: every applied action is appended to :attr:`Terminal.record` (a
  :class:`~mahai.core.GameRecord`), written to ``record`` after every move when a path is given.

What is particular to a game lives in its :class:`~mahai.tui.screen.Screen`: the layout of
the table from the person's observation, the prompt, the shortcuts and menus, tables shown
for some events (score sheets), moves played without asking (a forced draw).
Everything shown to a person comes from the game's projection for that person's seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from mahai.bots import Bot, bot_names
from mahai.core.errors import MahaiError, MalformedAction
from mahai.core.game import Action, Event, Game, Seat, State
from mahai.core.record import GameRecord
from mahai.core.text import Message, printable, small_number
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain, number, render, translate
from mahai.sim import MAX_MOVES, make_bots
from mahai.tui import screen_for
from mahai.tui.screen import DOMAIN, InputFn, Quit, Screen, Turn, game_title

QUIT_WORDS = ("q", "quit", "irten", ":q")
LEGAL_SHOWN = 40
"""How many legal moves ``?`` lists."""


class Terminal:
    """One game in the terminal.

    Args:
        game: the game (:func:`mahai.games.get_game`); ``options``: its options;
            ``players``: the player count (checked by :meth:`~mahai.core.Game.new`).
        humans: people at the keyboard, seats ``0 … humans - 1`` (0: watch bots play).
        seed: the game's seed; the bots' generators derive from it (:func:`mahai.sim.make_bots`).
        lang: ``eu`` (default), ``en``, ``es`` or ``fr``.
        bots: bot names, given to the bot seats in turn (default: the game's strongest bot).
        screen: the game's screen (default: :func:`mahai.tui.screen_for`).
        console, input_fn: where to print and how to read a line.
        record: a file the game record is written to after every move (None: kept in memory).
        max_moves: with nobody at the keyboard (``humans`` 0), the moves after which the game is
            stopped, said so (:data:`mahai.sim.MAX_MOVES` by default: DenboraZup between random
            bots may never end, DZR-6); with people, none (each waits for a person).

    Raises:
        InvalidOptions: a bad player count (``bad_player_count``) or bot (``unknown_bot``).
    """

    def __init__(self, game: Game[Any, Any], options: Any, players: int, humans: int, seed: int, *,
                 lang: str = DEFAULT_LANGUAGE, bots: Sequence[str] | None = None,
                 screen: Screen | None = None, console: Console | None = None,
                 input_fn: InputFn = input, record: str | Path | None = None,
                 max_moves: int = MAX_MOVES) -> None:
        self.game = game
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.state: State[Any] = game.new(options, players, seed)
        self.humans: tuple[Seat, ...] = tuple(range(max(0, min(humans, players))))
        names = list(bots) if bots else bot_names(game.name)[:1]
        bot_seats = [s for s in range(players) if s not in self.humans]
        self.bot_names: dict[Seat, str] = {s: names[i % len(names)] for i, s in enumerate(bot_seats)}
        """Seat → the name of its bot."""
        self.bots: dict[Seat, Bot] = make_bots(game.name, self.bot_names, seed)
        self.screen = screen or screen_for(game, self.lang, players)
        self.console = console or Console()
        self.input_fn = input_fn
        self.record = GameRecord.start(game, options, players, seed)
        self.record_path = Path(record) if record is not None else None
        self.hot_seat = len(self.humans) > 1
        self.max_moves = max_moves
        viewers: list[Seat | None] = list(self.humans) if self.humans else [None]
        if self.hot_seat:
            viewers.append(None)  # what the table saw since the last person's move, shown at the end
        self.news: dict[Seat | None, list[RenderableType]] = {v: [] for v in viewers}
        self.at_keyboard: Seat | None = None
        self.asking: Seat | None = None
        """The seat the current prompt asks to decide (None: a "press Enter" prompt)."""
        self.asked: list[Turn] = []
        """Every decision put to a person, with what that person saw."""
        self.explained: list[str] = []
        """Every refusal explained to a person (the translated sentence)."""
        self.hints: list[str] = []
        """How to choose, said after each line the game could not read (:meth:`Screen.hint`)."""

    # ------------------------------------------------------------------ words
    def _(self, msgid: str, **params: object) -> str:
        return translate(DOMAIN, msgid, self.lang, **params)

    @property
    def live(self) -> Seat | None:
        """The viewer whose news are printed as they happen: the one person, or the spectator."""
        return self.humans[0] if len(self.humans) == 1 else None

    def name(self, seat: Seat, viewer: Seat | None = None) -> str:
        """How ``viewer`` sees ``seat`` named: "you" for the one person at the keyboard, else
        the screen's seat name."""
        if seat == viewer and len(self.humans) == 1:
            return self._("you")
        return self.screen.seat_name(seat)

    def tell(self, message: Message, viewer: Seat | None) -> str:
        """``message`` rendered for ``viewer`` (players named by :meth:`name`)."""
        return render(message, self.lang, lambda seat: self.name(seat, viewer))

    # ------------------------------------------------------------------ news
    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` (errors as :meth:`~mahai.core.State.apply`; the state
        is then unchanged), record it and pass the news on."""
        events = self.state.apply(seat, action)
        self.record.actions.append((seat, action.notation()))
        self.save()
        self.tell_events(events)
        return events

    def save(self) -> None:
        """Write the record to the ``record`` file, if one was given (whole or not at all).

        Raises:
            CorruptRecord: ``unwritable`` (:meth:`~mahai.core.GameRecord.dump`); the file
                keeps the game as last written.
        """
        if self.record_path is not None:
            self.record.dump(self.record_path)

    def tell_events(self, events: Sequence[Event]) -> None:
        """Queue what each viewer may see of ``events`` (a sentence, and the screen's table for
        some kinds); print the live viewer's queue; pause after the kinds the screen asks for."""
        pause = False
        for event in events:
            for viewer, queue in self.news.items():
                shown = self.game.project_event(event, viewer)
                if shown is None:
                    continue
                message = self.game.describe_event(shown, viewer)
                if message is not None:
                    queue.append(Text(self.tell(message, viewer)))
                if shown["kind"] in self.screen.table_events:
                    table = self.screen.event_table(shown, self.turn(viewer, ()))
                    if table is not None:
                        queue.append(table)
            pause = pause or event.kind in self.screen.pause_after
        if not self.hot_seat:
            self.flush(self.live)
        if pause and len(self.humans) == 1 and not self.state.is_over:
            self.ask(self._("press_enter"), None)

    def flush(self, viewer: Seat | None) -> None:
        for item in self.news[viewer]:
            self.console.print(item, highlight=False)
        self.news[viewer].clear()

    # ------------------------------------------------------------------ input
    def ask(self, prompt: str, seat: Seat | None) -> str:
        """One line, stripped (raises :class:`Quit` on ``q`` or at the end of input)."""
        self.asking = seat
        try:
            text = self.input_fn(prompt)
        except EOFError:
            raise Quit from None
        text = text.strip()
        if text.lower() in QUIT_WORDS:
            raise Quit
        return text

    def turn(self, viewer: Seat | None, legal: Sequence[Action]) -> Turn:
        return Turn(viewer, self.game.observe(self.state, viewer), tuple(legal), self.humans,
                    frozenset(self.bots), self.hot_seat, lambda seat: self.name(seat, viewer))

    def describe(self, action: Action, viewer: Seat | None) -> str:
        return self.tell(self.game.describe_action(action), viewer)

    def read(self, text: str, turn: Turn, menu: Sequence[Action]) -> Action:
        """A menu number, the screen's shortcut or the game's notation → an action.

        Raises:
            MalformedAction: ``empty_choice``, ``no_such_choice`` (domain ``tui``) or the
                screen's and the game's codes.
        """
        if menu and text.isdecimal():  # any script's digits ("٣"), as int reads them; not "²"
            number = small_number(text)
            if number is None or not 1 <= number <= len(menu):
                shown = text[:6] + "…" if number is None else number
                raise MalformedAction("no_such_choice", domain=DOMAIN, number=shown, size=len(menu))
            return menu[number - 1]
        if menu and not text and len(menu) == 1:
            return menu[0]
        action = self.screen.read(text, turn)
        if action is not None:
            return action
        if not text:
            raise MalformedAction("empty_choice", domain=DOMAIN)
        return self.game.parse_action(text)

    def show_legal(self, turn: Turn) -> None:
        self.console.print(Text(self._("legal")))
        for action in turn.legal[:LEGAL_SHOWN]:
            typed, said = self.screen.typed(action, turn), self.describe(action, turn.viewer)
            self.console.print(Text(f"  {typed}" + (f" — {said}" if said != typed else "")))
        if len(turn.legal) > LEGAL_SHOWN:
            self.console.print(Text("  …"))

    def person_decides(self, turn: Turn) -> None:
        """Hand the keyboard over if needed, show ``turn.viewer`` the table and ask until the
        line given is a legal action."""
        seat = turn.viewer
        assert seat is not None
        if self.hot_seat and self.at_keyboard != seat:
            self.console.clear()
            self.ask(self._("handoff", name=self.name(seat)), None)
            self.console.clear()
        self.at_keyboard = seat
        self.flush(seat)
        if self.hot_seat:
            self.news[None].clear()  # the table's news start again from this person's move
        self.asked.append(turn)
        self.screen.show(self.console, turn)
        menu = self.screen.menu(turn)
        for i, action in enumerate(menu, start=1):
            self.console.print(Text(f"  {i}) {self.describe(action, seat)}"))
        asked = self.screen.prompt(turn)
        prompt = f"[{self.name(seat)}] {asked} > " if asked else f"[{self.name(seat)}] > "
        while True:
            text = self.ask(prompt, seat)
            if text == "?":
                self.show_legal(turn)
                continue
            try:
                self.apply(seat, self.read(text, turn, menu))
            except MahaiError as err:
                message = printable(explain(err, self.lang))  # it may quote the line typed
                self.explained.append(message)
                self.console.print(Text(message, style="red"))
                if isinstance(err, MalformedAction) and err.domain == self.game.name:
                    hint = self.screen.hint(turn, menu)  # the game could not read the line
                    self.hints.append(hint)
                    self.console.print(Text(hint))
                continue
            break
        if self.hot_seat:
            self.console.clear()

    # ------------------------------------------------------------------ loop
    def next_seat(self) -> Seat:
        """Who decides now: the first seat of ``to_act()`` that need not wait (the first seat
        if every one must), bot or person."""
        to_act = self.state.to_act()
        if not to_act:
            raise RuntimeError("the game is not over but nobody is to act")
        return next((s for s in to_act if not self.state.must_wait(s)), to_act[0])

    def step(self) -> None:
        """One decision: a bot's, a forced one (the screen's) or a person's."""
        seat = self.next_seat()
        legal = self.state.legal_actions(seat)
        bot = self.bots.get(seat)
        if bot is not None:
            self.apply(seat, bot.act(self.game, seat, self.game.observe(self.state, seat), legal))
            return
        turn = self.turn(seat, legal)
        forced = self.screen.forced(turn)
        if forced is not None:
            self.apply(seat, forced)
        else:
            self.person_decides(turn)

    def run(self) -> State[Any]:
        """Play until the game is over or a person quits (bots alone: or :attr:`max_moves` moves
        were played, said so); returns the state."""
        self.console.print(Text(self._("welcome", game=game_title(self.game, self.lang),
                                       players=self.state.players), style="bold"))
        self.save()
        if self.state.version == 0:
            self.tell_events(self.state.start_events)
        try:
            while not self.state.is_over:
                if not self.humans and len(self.record.actions) >= self.max_moves:
                    self.flush(self.live)
                    self.console.print(Text(self._("stopped", moves=number(self.max_moves, self.lang))))
                    return self.state
                self.step()
        except Quit:
            self.console.print(Text(self._("bye")))
            return self.state
        self.finish()
        return self.state

    def finish(self) -> None:
        """The end: the news not yet shown (hot-seat: what the table saw), the screen's summary,
        the winners and the scores."""
        viewer = self.live
        self.flush(viewer)
        turn = self.turn(viewer, ())
        shown = list(self.screen.result(turn))
        for item in shown:
            self.console.print(item, highlight=False)
        if shown and len(self.state.scores()) == 1:
            # a one-seat game with its own result (DenboraZup solo's rating, DZR-12) has no
            # winner: "Irabazi duzu!" and "Garaipena: Zu" followed every rating
            return
        for line in result_lines(self.state, self.lang, self.screen.seat_name, viewer):
            self.console.print(Text(line, style="bold green"))


def result_lines(state: State[Any], lang: str, name: Callable[[Seat], str], viewer: Seat | None) -> list[str]:
    """Whether ``viewer`` won (if a seat), the winners and every seat's score (seats named by
    ``name``): public facts of a finished game."""
    def _(msgid: str, **params: object) -> str:
        return translate(DOMAIN, msgid, lang, **params)

    winners = sorted(state.winners())
    lines = []
    if viewer is not None:
        lines.append(_("you_won") if viewer in winners else _("you_lost"))
    if len(winners) == 1:  # a lone winner (two-player Mille Bornes, Nim) is no list of winners
        lines.append(_("winner", name=name(winners[0])))
    else:
        lines.append(_("winners", names=", ".join(name(s) for s in winners)) if winners else _("no_winner"))
    scores = " · ".join(f"{name(s)} {number(score, lang)}" for s, score in enumerate(state.scores()))
    lines.append(_("scores", scores=scores))
    return lines


def replay(game: Game[Any, Any], record: GameRecord, *, viewer: Seat | None = None,
           lang: str = DEFAULT_LANGUAGE, console: Console | None = None,
           screen: Screen | None = None) -> State[Any]:
    """Print a record step by step as ``viewer`` (a seat, or None: a spectator) sees it: each
    step's events told by :meth:`~mahai.core.Game.describe_event` (the viewer's own moves
    described by :meth:`~mahai.core.Game.describe_action` too), then the result; one line each
    (a transcript: long lines are left to the terminal to wrap).

    Raises:
        CorruptRecord: as :meth:`mahai.core.GameRecord.steps`.
    """
    console = console or Console()
    screen = screen or screen_for(game, lang, record.players)

    def name(seat: int) -> str:
        return translate(DOMAIN, "you", lang) if seat == viewer else screen.seat_name(seat)

    state: State[Any] | None = None
    for step in record.steps(game):
        state = step.state
        if step.seat is None:
            console.print(Text(translate(DOMAIN, "replay.setup", lang), style="bold"), soft_wrap=True)
        else:
            head = translate(DOMAIN, "replay.step", lang, n=step.version, name=name(step.seat))
            if step.seat == viewer and step.notation is not None:
                head += " — " + render(game.describe_action(game.parse_action(step.notation)), lang, name)
            console.print(Text(head, style="bold"), soft_wrap=True)
        for event in step.events:
            shown = game.project_event(event, viewer)
            message = game.describe_event(shown, viewer) if shown is not None else None
            if message is not None:
                console.print(Text("  " + render(message, lang, name)), highlight=False, soft_wrap=True)
    assert state is not None
    # (a one-seat game's end event says its result: DenboraZup solo's cards used and rating,
    # DZR-12; "Irabazi duzu!" and "Irabazleak: Zu" followed it, as they did in play)
    if state.is_over and len(state.scores()) > 1:
        for line in result_lines(state, lang, screen.seat_name, viewer):
            console.print(Text(line, style="bold green"), soft_wrap=True)
    return state
