"""Spades in the terminal: people against bots, hot-seat for several people (Rich).

:class:`SpadesTerminal` drives a whole match. Input and output are injected
(``input_fn`` like :func:`input`, a Rich :class:`~rich.console.Console`), so
tests play complete matches with scripted input. Everything shown to a person
comes from the game's projection for that person's seat (``GAME.observe`` and
``GAME.project_event``); score sheets and the result are public.

What a person types (any language; the prompt lists the choices):

* bidding: a number ``0``…``13`` or ``nil``; with the blind-nil decision open
  (SPR-6, before the cards are shown) ``blind`` or ``look``;
* exchange: the cards, ``2H 9S 3C``; play: one card, ``QS`` (rank 2…9, T, J,
  Q, K, A and suit C, D, H, S); two-player deal: ``k``/``keep`` or ``d``/``discard``;
* anywhere: the engine's notation (``bid 3``, ``play QS`` …), ``?`` lists the
  legal moves, ``q`` quits.

An illegal or malformed choice is explained in the player's language (the
engine's reason code via :func:`mahai.i18n.explain`) and asked again; the
state is unchanged. With several people, the screen is cleared and the next
person must press Enter before their hand is shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from mahai.bots import Bot, make_bot
from mahai.core.errors import MahaiError
from mahai.core.game import Event, Seat
from mahai.games.spades import GAME, SpadesAction, SpadesObservation, SpadesOptions, SpadesState
from mahai.games.spades.cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, cards_of
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain, translate

DOMAIN = "spades"
"""Catalog of the engine's reason codes and of this front end's strings (``tui.*``)."""

InputFn = Callable[[str], str]


class Quit(Exception):
    """The person asked to stop (``q``) or the input ended."""


def card_label(text: str) -> Text:
    """``"QH"`` → ``Q♥`` in red (hearts, diamonds) or bold (clubs, spades)."""
    suit = SUITS.index(text[1])
    style = "red" if suit in (1, 2) else "bold"
    return Text(text[0] + SUIT_SYMBOLS[suit], style=style)


def cards_label(texts: Sequence[str]) -> Text:
    return Text(" ").join(card_label(t) for t in texts) if texts else Text("—")


class SpadesTerminal:
    """One match in the terminal.

    Args:
        options: the rules (``GAME.options(...)``); ``players``: 2 or 4.
        humans: people at the keyboard, seats ``0 … humans - 1``; bots play the rest.
        seed: the match seed (the bots' generators derive from it too).
        lang: ``eu`` (default), ``en``, ``es`` or ``fr``.
        bot: the bots' name (``mahai.bots.bot_names("spades")``).
        console, input_fn: where to print and how to read a line.
    """

    def __init__(self, options: SpadesOptions, players: int, humans: int, seed: int,
                 lang: str = DEFAULT_LANGUAGE, bot: str = "random", console: Console | None = None,
                 input_fn: InputFn = input) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.state: SpadesState = GAME.new(options, players, seed)
        self.players = players
        self.humans = list(range(humans))
        rng = random.Random(seed ^ 0x5EED)
        self.bots: dict[Seat, Bot] = {s: make_bot(GAME.name, bot, random.Random(rng.getrandbits(64)))
                                      for s in range(humans, players)}
        self.console = console or Console()
        self.input_fn = input_fn
        viewers: list[Seat | None] = [*self.humans] or [None]
        self.news: dict[Seat | None, list[RenderableType]] = {s: [] for s in viewers}
        self.at_keyboard: Seat | None = None

    # ------------------------------------------------------------ words
    def _(self, msgid: str, **params: object) -> str:
        return translate(DOMAIN, msgid, self.lang, **params)

    def seat_name(self, seat: Seat) -> str:
        if self.players == 2:
            return self._("tui.player", n=seat + 1)
        return self._(f"tui.seat.{seat}")

    def who(self, seat: Seat) -> str:
        """Seat name, marked for the people at the keyboard."""
        name = self.seat_name(seat)
        return name + (" " + self._("tui.you") if seat in self.humans and len(self.humans) == 1 else "")

    def side_name(self, side: int) -> str:
        if self.players == 2:
            return self.seat_name(side)
        return f"{self.seat_name(side)}–{self.seat_name(side + 2)}"

    def bid_text(self, bid: object) -> str:
        if bid == "nil":
            return self._("tui.nil")
        if bid == "blind_nil":
            return self._("tui.blind_nil")
        return "·" if bid is None else str(bid)

    # ----------------------------------------------------------- events
    def event_line(self, event: dict[str, Any]) -> Text | None:
        """One line for a projected event, or None for events the screen shows otherwise."""
        kind = event["kind"]
        if kind == "deal":
            return Text(self._("tui.deal", hand=event["hand"], dealer=self.seat_name(event["dealer"])),
                        style="bold cyan")
        if kind == "bid":
            return Text(self._("tui.bid", seat=self.who(event["seat"]), bid=self.bid_text(event["bid"])))
        if kind == "exchange":
            return Text(self._("tui.exchange", count=event["count"]))
        if kind == "pass":
            if "cards" in event:
                return Text(self._("tui.pass_seen", seat=self.who(event["seat"]), to=self.who(event["to"]))
                            + " ").append(cards_label(event["cards"]))
            return Text(self._("tui.pass", seat=self.who(event["seat"]), to=self.who(event["to"]),
                               count=event["count"]))
        if kind == "play_starts":
            return Text(self._("tui.leads", seat=self.who(event["leader"])))
        if kind == "play":
            return Text(self._("tui.plays", seat=self.who(event["seat"])) + " ").append(
                card_label(event["card"]))
        if kind == "spades_broken":
            return Text(self._("tui.broken"), style="bold")
        if kind == "trick":
            line = Text(self._("tui.trick", number=event["number"], winner=self.who(event["winner"])) + " ",
                        style="green")
            return line.append(cards_label([c["card"] for c in event["cards"]]))
        if kind == "draw":
            choice = self._(f"tui.draw_{event['choice']}", seat=self.who(event["seat"]))
            if "kept" in event:
                return Text(choice + " ").append(card_label(event["kept"])).append(" / ✗ ").append(
                    card_label(event["discarded"]))
            return Text(choice)
        if kind == "stock_empty":
            return Text(self._("tui.stock_empty"))
        return None

    def after(self, events: Sequence[Event]) -> None:
        """Show what the person may see of ``events`` (one person, or nobody: the
        spectator's view), or queue it per person (hot-seat: shown on that
        person's next screen, score sheets included); the result is shown at once."""
        for event in events:
            for seat in self.news:
                shown = GAME.project_event(event, seat)
                line = self.event_line(shown) if shown is not None else None
                if line is not None:
                    self.news[seat].append(line)
                if event.kind == "hand_scored":
                    self.news[seat].append(self.sheet(dict(event.data)))
            if len(self.humans) <= 1:
                self.flush(self.humans[0] if self.humans else None)
            elif event.kind == "match_over":
                self.flush(self.at_keyboard)  # the last hand's sheet, to whoever is at the keyboard
            if event.kind == "match_over":
                self.show_result()

    def flush(self, seat: Seat | None) -> None:
        for line in self.news[seat]:
            self.console.print(line)
        self.news[seat].clear()

    # ----------------------------------------------------------- screens
    def score_line(self, obs: SpadesObservation) -> Text:
        """``North–South 120 (3 bags) · East–West 95 (7 bags)``."""
        parts = [self._("tui.side_score", side=self.side_name(side), points=obs.public.points[side],
                        bags=obs.public.bags[side]) for side in (0, 1)]
        return Text(" · ".join(parts), style="bold")

    def sheet(self, entry: dict[str, Any]) -> Table:
        """The score sheet of one hand, one column per side (SPR-10…SPR-12)."""
        table = Table(title=self._("tui.hand_score", hand=entry["hand"]))
        table.add_column("")
        sides = entry["sides"]
        seats = [self.state.side_seats(side) for side in (0, 1)]
        for side in (0, 1):
            table.add_column(self.side_name(side), justify="right")
        rows = [
            ("tui.bids", [" + ".join(self.bid_text(entry["bids"][s]) for s in seats[i]) for i in (0, 1)]),
            ("tui.tricks", [" + ".join(str(entry["tricks"][s]) for s in seats[i]) for i in (0, 1)]),
            ("tui.contract", [str(p["contract_points"]) for p in sides]),
            ("tui.nil_points", [str(p["nil_points"]) for p in sides]),
            ("tui.bags", [str(p["bags"]) for p in sides]),
            ("tui.penalties", [str(-p["penalties"] * self.state.options.bag_penalty) for p in sides]),
            ("tui.hand_points", [str(p["points"]) for p in sides]),
            ("tui.total", [str(p["total"]) for p in sides]),
            ("tui.bag_count", [str(p["bag_count"]) for p in sides]),
        ]
        for key, values in rows:
            table.add_row(self._(key), *values)
        return table

    def show_result(self) -> None:
        state = self.state
        winners = sorted(state.winners())
        if winners:
            names = ", ".join(self.seat_name(s) for s in winners)
            self.console.print(Text(self._("tui.winner", names=names, points=max(state.points)),
                                    style="bold green"))
        else:
            self.console.print(Text(self._("tui.draw_result"), style="bold"))

    def show_hand(self, obs: SpadesObservation) -> None:
        if obs.hand is None:
            self.console.print(Text(self._("tui.hand_hidden"), style="italic"))
            return
        line = Text(self._("tui.your_hand") + " " + ("" if obs.hand else "—"), style="bold")
        for suit in (3, 2, 0, 1):
            in_suit = [c for c in cards_of(obs.hand) if c // 13 == suit]
            if in_suit:
                line.append(SUIT_SYMBOLS[suit] + " ", style="red" if suit in (1, 2) else "bold")
                line.append(" ".join(RANKS[c % 13] for c in reversed(in_suit)) + "   ")
        self.console.print(line)

    def show_screen(self, seat: Seat) -> SpadesObservation:
        """Everything ``seat`` may see: news, scores, bids, trick, hand (in the
        two-player stock deal: the hand and the shown card only)."""
        obs = GAME.observe(self.state, seat)
        self.flush(seat)
        view = obs.to_json()
        if obs.public.phase == "draw":
            self.show_hand(obs)
            self.console.print(Text(self._("tui.shown", left=view["stock"]["left"]) + " ")
                               .append(card_label(view["stock"]["shown"])))
            return obs
        self.console.print(self.score_line(obs))
        line = self._("tui.hand_line", hand=obs.public.hand_no, dealer=self.seat_name(obs.public.dealer))
        self.console.print(Text(line, style="cyan"))
        bids = "  ".join(f"{self.seat_name(s)}: {self.bid_text(b)}" for s, b in enumerate(view["bids"]))
        self.console.print(Text(self._("tui.bids") + " — " + bids))
        if obs.public.phase == "play":
            won = "  ".join(f"{self.seat_name(s)}: {n}" for s, n in enumerate(obs.public.tricks_won))
            self.console.print(Text(self._("tui.tricks") + " — " + won))
            if view["last_trick"]:
                last = view["last_trick"]
                self.console.print(Text(self._("tui.last_trick", winner=self.seat_name(last["winner"])) + " ")
                                   .append(cards_label([c["card"] for c in last["cards"]])))
            if view["trick"]:
                line = Text(self._("tui.current_trick", suit=self._(view["led_suit"])) + " ")
                for c in view["trick"]:
                    line.append(f"{self.seat_name(c['seat'])} ").append(card_label(c["card"])).append("  ")
                self.console.print(line)
            if obs.public.broken:
                self.console.print(Text(self._("tui.broken_state")))
        if view["exchange"]["passed"] or view["exchange"]["received"]:
            exchange = view["exchange"]
            self.console.print(Text(self._("tui.exchanged") + " ").append(cards_label(exchange["passed"]))
                               .append(" → / ← ").append(cards_label(exchange["received"])))
        self.show_hand(obs)
        if view["stock"] and view["stock"]["shown"]:
            self.console.print(Text(self._("tui.shown", left=view["stock"]["left"]) + " ")
                               .append(card_label(view["stock"]["shown"])))
        return obs

    # ------------------------------------------------------------- input
    def ask(self, prompt: str) -> str:
        try:
            text = self.input_fn(prompt + " ")
        except EOFError:
            raise Quit from None
        text = text.strip()
        if text.lower() in ("q", "quit", "irten"):
            raise Quit
        return text

    def read_action(self, text: str, obs: SpadesObservation) -> SpadesAction:
        """Shortcuts of the phase (``3``, ``nil``, ``blind``, ``look``, ``QS``,
        ``2H 9S 3C``, ``k``, ``d``), else the engine's notation.

        Raises:
            MalformedAction: neither a shortcut nor notation.
        """
        low = text.lower()
        words = low.split()
        if obs.public.phase == "bid":
            if low in ("blind", "blind nil", "blind_nil", "itsu", "b"):
                text = "bid blind_nil"
            elif low in ("look", "l", "begiratu"):
                text = "look"
            elif low == "nil" or low.isdigit():
                text = f"bid {low}"
        elif obs.public.phase == "play" and len(words) == 1 and words[0] not in ("look", "keep", "discard"):
            text = f"play {text}"
        elif obs.public.phase == "exchange" and words and words[0] != "pass":
            text = f"pass {text}"
        elif obs.public.phase == "draw":
            text = {"k": "keep", "d": "discard"}.get(low, low)
        return GAME.parse_action(text)

    def prompt_for(self, obs: SpadesObservation) -> str:
        if obs.public.phase == "bid":
            return self._("tui.ask_blind") if obs.blind_nil_open else self._("tui.ask_bid")
        if obs.public.phase == "exchange":
            return self._("tui.ask_pass", count=obs.public.options.blind_nil_exchange)
        if obs.public.phase == "draw":
            return self._("tui.ask_draw")
        if obs.public.trick:
            return self._("tui.ask_follow", suit=self._(SUIT_NAMES[obs.public.trick[0][1] // 13]))
        return self._("tui.ask_lead")

    def human_turn(self, seat: Seat) -> None:
        if len(self.humans) > 1 and self.at_keyboard != seat:
            self.console.clear()
            self.ask(self._("tui.hand_over", name=self.seat_name(seat)))
            self.console.clear()
        self.at_keyboard = seat
        obs = self.show_screen(seat)
        prompt = f"[{self.seat_name(seat)}] {self.prompt_for(obs)}"
        while True:
            text = self.ask(prompt)
            if text == "?":
                legal = [a.notation() for a in self.state.legal_actions(seat)]
                self.console.print(Text(self._("tui.legal") + " " + ", ".join(legal[:40])
                                        + (" …" if len(legal) > 40 else "")))
                continue
            try:
                action = self.read_action(text, obs)
                events = self.state.apply(seat, action)
            except MahaiError as err:
                self.console.print(Text(explain(err, self.lang), style="red"))
                continue
            self.after(events)
            return

    def step(self) -> None:
        """One decision: a person's (asked) or a bot's."""
        (seat,) = self.state.to_act()
        bot = self.bots.get(seat)
        if bot is None:
            self.human_turn(seat)
            return
        legal = self.state.legal_actions(seat)
        action: Any = bot.act(GAME, seat, GAME.observe(self.state, seat), legal)
        self.after(self.state.apply(seat, action))

    def run(self) -> SpadesState:
        """Play until the match is over or a person quits; returns the state."""
        self.console.print(Text(self._("tui.welcome"), style="bold"))
        if self.state.version == 0:
            self.after(self.state.start_events)
        try:
            while not self.state.is_over:
                self.step()
        except Quit:
            self.console.print(Text(self._("tui.bye")))
        return self.state
