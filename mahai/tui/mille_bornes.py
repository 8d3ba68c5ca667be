"""Mille Bornes in the terminal: people against heuristic bots, hot-seat for several people (Rich).

:class:`TerminalTable` drives a whole game. Input and output are injected (``input_fn`` like
:func:`input`, a Rich :class:`~rich.console.Console`), so tests play complete games with scripted
input. Everything shown to a person comes from the game's projection for that person's seat
(``GAME.observe`` and ``GAME.project_event``); leg score sheets and the winner are public.

What a person types (``mb_tui`` catalog, ``help.*``):

* on their turn (play phase): ``3`` plays hand card 3 (a distance card or a roll on their own
  tableau, a remedy, a safety; a hazard goes to the only opponent team that can take it, or
  ``3 1`` names team 1), ``-3`` discards card 3;
* in a menu (draw phase with a choice, coup fourré window, extension): the number of a line;
* anywhere: the engine's notation (``play 75``, ``hazard stop 1``, ``discard 25`` …), ``q`` quits.

An illegal or malformed choice is explained in the player's language (the engine's reason code via
:func:`mahai.i18n.explain`) and asked again; the state is unchanged.

Coup-fourré protocol (package docstring of :mod:`mahai.games.mille_bornes`): the first seat of
``to_act()`` decides, so every attacked player in the window is asked before the next player draws.
With one person at the table, a person in the window who cannot answer (no matching safety) declines
silently; in hot-seat play every person in the window is handed the keyboard and asked, whether or
not they hold the safety, so that the others cannot tell who was able to answer.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from mahai.bots import Bot, make_bot
from mahai.core.errors import MahaiError, MalformedAction
from mahai.core.game import Event, Seat
from mahai.games.mille_bornes import (
    GAME,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extend,
    Hazard,
    MilleBornesAction,
    MilleBornesObservation,
    MilleBornesOptions,
    MilleBornesState,
    Play,
    Redraw,
    Remedy,
    Safety,
)
from mahai.games.mille_bornes.state import DRAW, EXTEND
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain, translate

DOMAIN = "mb_tui"
"""Catalog of this front end's strings and reason codes (msgid = a dotted key or the code)."""
CARDS = "mille_bornes"
"""Catalog of card names, score items and engine reason codes."""
LETTERS = "ABCDEF"

InputFn = Callable[[str], str]


class Quit(Exception):
    """The person asked to stop (``q``) or the input ended."""


def card_name(code: str, lang: str) -> str:
    """A card's name in ``lang`` (Basque: sheet 000 terms)."""
    return translate(CARDS, f"card.{code}", lang)


def seat_name(seat: Seat) -> str:
    """Seats are shown as letters in table order: A, B, C …"""
    return LETTERS[seat]


def team_label(obs: MilleBornesObservation, team: int) -> str:
    """``"0 (A, C)"``: the team id used by the notation, with its players."""
    return f"{team} ({', '.join(seat_name(s) for s in obs.teams[team])})"


class TerminalTable:
    """One game of Mille Bornes at the terminal.

    Args:
        options: the rules (``GAME.options(edition, **overrides)``).
        players: 2, 3, 4 or 6 (2016: 2 to 6).
        humans: how many people play; they take seats 0 … humans-1, bots the others.
        seed: the game's seed (the deal); the bots' generators derive from it.
        lang: ``eu`` (default), ``en``, ``es`` or ``fr``.
        input_fn: reads one line after showing a prompt (default :func:`input`).
        console: where everything is printed (default: the terminal).
        bot: the bots' name (``heuristic`` or ``random``).
    Raises:
        InvalidOptions: a bad player count or bot name.
    """

    def __init__(self, options: MilleBornesOptions, players: int, humans: int, seed: int,
                 lang: str = DEFAULT_LANGUAGE, input_fn: InputFn = input,
                 console: Console | None = None, bot: str = "heuristic") -> None:
        self.state: MilleBornesState = GAME.new(options, players, seed)
        if not 1 <= humans <= players:
            raise ValueError("humans must be between 1 and the number of players")
        self.humans = tuple(range(humans))
        rng = random.Random(seed ^ 0x5EED)
        self.bots: dict[Seat, Bot] = {s: make_bot(GAME.name, bot, random.Random(rng.getrandbits(64)))
                                      for s in range(players) if s not in self.humans}
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.input_fn = input_fn
        self.console = console or Console()
        self.news: dict[Seat, list[dict[str, Any]]] = {
            s: [dict(e) for e in GAME.observe(self.state, s).events] for s in self.humans}
        self.at_keyboard: Seat | None = None
        self.asking: Seat | None = None
        """The seat whose decision the current prompt asks for (None: "press Enter")."""
        self.asked: list[tuple[Seat, str]] = []
        """Every decision put to a person: ``(seat, "turn" | "coup_fourre" | "extension")``."""
        self.explained: list[str] = []
        """Every refusal shown to a person (the translated sentence)."""

    # ------------------------------------------------------------------ text
    def _(self, msgid: str, **params: object) -> str:
        return translate(DOMAIN, msgid, self.lang, **params)

    def card(self, code: str) -> str:
        return card_name(code, self.lang)

    def describe(self, action: MilleBornesAction) -> str:
        """One menu line for ``action`` in the player's language."""
        if isinstance(action, Draw):
            if action.source == "pile":
                return self._("action.draw")
            public = GAME.observe(self.state, None).discard  # the discard pile is public
            return self._("action.draw_discard", card=self.card(public[-1]) if public else "—")
        if isinstance(action, Decline):
            return self._("action.decline")
        if isinstance(action, CoupFourre):
            return self._("action.coup_fourre", card=self.card(action.card))
        if isinstance(action, Extend):
            return self._("action.extend_yes") if action.yes else self._("action.extend_no")
        if isinstance(action, Hazard):
            return self._("action.hazard", card=self.card(action.card), team=action.team)
        if isinstance(action, Discard):
            return self._("action.discard", card=self.card(action.card))
        if isinstance(action, Redraw):
            return self._("action.redraw", cards=", ".join(self.card(c) for c in action.cards))
        if isinstance(action, (Play, Remedy, Safety)):
            return self._("action.play", card=self.card(action.card))
        return action.notation()  # pragma: no cover - every action kind is listed above

    def event_line(self, event: dict[str, Any], viewer: Seat) -> str | None:
        """A sentence for one projected event (None for events not worth a line)."""
        kind = event["kind"]
        who = seat_name(event["seat"]) if "seat" in event else ""
        if kind == "draw":
            if event.get("source") == "discard":
                return self._("event.draw_discard", seat=who, card=self.card(event["card"]))
            if "card" in event and event["seat"] == viewer:
                return self._("event.draw_you", card=self.card(event["card"]))
            return None
        if kind in ("discard", "remedy", "safety"):
            return self._(f"event.{kind}", seat=who, card=self.card(event["card"]))
        if kind == "distance":
            return self._("event.distance", seat=who, card=self.card(event["card"]), km=event["km"])
        if kind == "hazard":
            return self._("event.hazard", seat=who, card=self.card(event["card"]), team=event["team"])
        if kind == "coup_fourre":
            return self._("event.coup_fourre", seat=who, card=self.card(event["card"]),
                          hazard=self.card(event["hazard"]))
        if kind == "extension":
            return self._("event.extension_yes" if event["yes"] else "event.extension_no", seat=who)
        if kind == "redraw":
            return self._("event.redraw", seat=who, count=len(event["cards"]))
        if kind == "reshuffle":
            return self._("event.reshuffle", count=event["draw_pile"])
        if kind == "leg_start":
            return self._("event.leg_start", leg=event["leg"], target=event["target"])
        return None

    # ------------------------------------------------------------------ screens
    def tableau_table(self, obs: MilleBornesObservation) -> Table:
        """Every team's battle pile, speed pile, distance, safeties (coups fourrés marked) and total."""
        table = Table(show_lines=False)
        for col in ("col.team", "col.battle", "col.speed", "col.distance", "col.safeties", "col.points"):
            table.add_column(self._(col))
        for tab in obs.tableaux:
            members = ", ".join(
                seat_name(s) + (f" ({self._('you')})" if s == obs.viewer else
                                "" if s in self.humans else f" ({self._('bot')})")
                for s in tab.seats)
            battle = self.card(tab.battle[-1]) if tab.battle else "—"
            if tab.hazard is not None:
                battle = f"[red]{battle}[/red]"
            elif tab.rolling:
                battle = f"[green]{battle}[/green]" if tab.battle else f"[green]{self._('rolling')}[/green]"
            speed = self.card(tab.speed[-1]) if tab.speed else "—"
            if tab.speed_limited:
                speed = f"[red]{speed}[/red]"
            km = self._("km_line", km=tab.km, used=tab.two_hundreds)
            safeties = ", ".join(
                self.card(c) + (f" [bold]✱ {self._('coup_fourre')}[/bold]" if c in tab.coups_fourres else "")
                for c in tab.safeties) or "—"
            table.add_row(f"{tab.team}: {members}", battle, speed, km, safeties, str(obs.totals[tab.team]))
        return table

    def show_screen(self, seat: Seat) -> MilleBornesObservation:
        """Print what ``seat`` may see: news since its last screen, the tableaux, the numbered hand."""
        obs = GAME.observe(self.state, seat)
        con = self.console
        con.rule(self._("title", leg=obs.leg, seat=seat_name(seat)))
        for line in filter(None, (self.event_line(e, seat) for e in self.news[seat][-14:])):
            con.print(f"  • {line}", highlight=False)
        self.news[seat].clear()
        con.print(self.tableau_table(obs))
        top = self.card(obs.discard[-1]) if obs.discard else "—"
        con.print(self._("status", target=obs.target, pile=obs.draw_pile, discard=top), highlight=False)
        if obs.window is not None:
            con.print(self._("window", team=obs.window.team, card=self.card(obs.window.hazard),
                             seat=seat_name(obs.window.attacker)), highlight=False)
        legal = self.state.legal_actions(seat)
        playable = {a.card for a in legal if isinstance(a, (Play, Remedy, Safety, Hazard, CoupFourre))}
        hand = Text(self._("hand") + " ")
        for i, code in enumerate(obs.hand or (), start=1):
            style = "bold green" if code in playable and obs.phase == "play" else ""
            hand.append(f" {i}) ", style="dim")
            hand.append(self.card(code), style=style)
        con.print(hand)
        if obs.phase == "play" and obs.decision == "turn":
            numbers = [str(i) for i, code in enumerate(obs.hand or (), start=1) if code in playable]
            con.print(self._("playable", numbers=", ".join(numbers) or "—"), highlight=False)
        return obs

    def show_sheet(self, leg_index: int) -> None:
        """The score sheet of a finished leg with every bonus (MBR-14..16, MBR-24) and the totals."""
        obs = GAME.observe(self.state, None)
        sheet = GAME.view(self.state, None)["scores"]["legs"][leg_index]
        table = Table(title=self._("sheet_title", leg=sheet["leg"]))
        table.add_column(self._("col.item"))
        for team in sheet["teams"]:
            table.add_column(team_label(obs, team["team"]), justify="right")
        names = [item["name"] for item in sheet["teams"][0]["items"]]
        for row, name in enumerate(names):
            table.add_row(translate(CARDS, f"score.{name}", self.lang),
                          *(str(t["items"][row]["points"]) for t in sheet["teams"]))
        table.add_row(f"[bold]{self._('leg_total')}[/bold]", *(str(t["total"]) for t in sheet["teams"]))
        table.add_row(self._("game_total"), *(str(obs.totals[t["team"]]) for t in sheet["teams"]))
        self.console.print(table)
        done = sheet["completed_by"]
        if done is not None:
            self.console.print(self._("completed_by", team=team_label(obs, done)), highlight=False)

    # ------------------------------------------------------------------ input
    def ask(self, prompt: str, seat: Seat | None) -> str:
        self.asking = seat
        try:
            text = self.input_fn(prompt)
        except EOFError:
            raise Quit from None
        if text.strip().lower() in ("q", "quit", ":q"):
            raise Quit
        return text

    def hand_action(self, text: str, seat: Seat, obs: MilleBornesObservation) -> MilleBornesAction:
        """Turn a hand number (``3``, ``3 1``, ``-3``) or notation into an action.

        Raises:
            MalformedAction: ``no_such_card``, ``which_team``, ``empty_choice`` (domain ``mb_tui``)
                or the engine's notation codes (domain ``mille_bornes``).
        """
        text = text.strip()
        hand = obs.hand or ()
        if not text:
            raise MalformedAction("empty_choice", domain=DOMAIN)
        m = re.fullmatch(r"(-)?\s*(\d+)(?:\s+(\d+))?", text)
        if m is None:
            return GAME.parse_action(text)
        number = int(m.group(2))
        if not 1 <= number <= len(hand):
            raise MalformedAction("no_such_card", domain=DOMAIN, number=number, size=len(hand))
        code = hand[number - 1]
        if m.group(1):
            return Discard(code)
        legal = self.state.legal_actions(seat)
        if CoupFourre(code) in legal:
            return CoupFourre(code)
        if code in ("25", "50", "75", "100", "200", "roll"):
            return Play(code)
        if code in ("gasoline", "spare_tire", "repairs", "end_of_limit"):
            return Remedy(code)
        if code in ("right_of_way", "extra_tank", "puncture_proof", "driving_ace"):
            return Safety(code)
        if m.group(3) is not None:
            return Hazard(code, int(m.group(3)))
        me = obs.team_of[seat]
        others = [t for t in range(len(obs.tableaux)) if t != me]
        targets = [a.team for a in legal if isinstance(a, Hazard) and a.card == code]
        if len(others) == 1:
            return Hazard(code, others[0])
        if len(targets) == 1:
            return Hazard(code, targets[0])
        raise MalformedAction("which_team", domain=DOMAIN, number=number,
                              teams=", ".join(map(str, targets or others)))

    def menu_action(self, text: str, menu: Sequence[MilleBornesAction]) -> MilleBornesAction:
        """A menu line number or notation → action (``no_such_choice``, ``empty_choice``)."""
        text = text.strip()
        if not text:
            if len(menu) == 1:
                return menu[0]
            raise MalformedAction("empty_choice", domain=DOMAIN)
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(menu):
                raise MalformedAction("no_such_choice", domain=DOMAIN, number=number, size=len(menu))
            return menu[number - 1]
        return GAME.parse_action(text)

    def human_decision(self, seat: Seat) -> None:
        """Ask ``seat`` until it gives a legal action, then apply it."""
        if len(self.humans) > 1 and self.at_keyboard != seat:
            self.console.clear()
            self.ask(self._("handoff", seat=seat_name(seat)), None)
        self.at_keyboard = seat
        legal = self.state.legal_actions(seat)
        obs = self.show_screen(seat)
        decision = obs.decision or "turn"
        self.asked.append((seat, decision))
        menu: list[MilleBornesAction] = []
        if decision == "extension":
            self.console.print(self._("ask_extension", km=obs.tableaux[obs.team_of[seat]].km))
            menu = list(legal)
        elif decision == "coup_fourre":
            self.console.print(self._("ask_window"))
            menu = list(legal)
        elif obs.phase == "draw":
            menu = [a for a in legal if not isinstance(a, Redraw)]
        if menu:
            for i, action in enumerate(menu, start=1):
                self.console.print(f"  {i}) {self.describe(action)}", highlight=False)
        else:
            self.console.print(self._("help.play"), style="dim", highlight=False)
        while True:
            text = self.ask(self._("prompt", seat=seat_name(seat)), seat)
            try:
                action = self.menu_action(text, menu) if menu else self.hand_action(text, seat, obs)
                events = self.state.apply(seat, action)
            except MahaiError as err:
                message = explain(err, self.lang)
                self.explained.append(message)
                self.console.print(f"[red]{message}[/red]", highlight=False)
                continue
            self.after(events)
            return

    # ------------------------------------------------------------------ loop
    def after(self, events: Sequence[Event]) -> None:
        """Queue the projected events for every person; show leg sheets and the winner."""
        for human in self.humans:
            for event in events:
                seen = GAME.project_event(event, human)
                if seen is not None:
                    self.news[human].append(seen)
        for event in events:
            if event.kind == "leg_end":
                self.show_sheet(int(event.data["leg"]) - 1)
                if not self.state.is_over:
                    self.ask(self._("press_enter"), None)
            elif event.kind == "game_end":
                obs = GAME.observe(self.state, None)
                teams = sorted({obs.team_of[s] for s in obs.winners})
                self.console.print(self._("winner", teams="; ".join(team_label(obs, t) for t in teams),
                                          points=max(obs.totals)), style="bold", highlight=False)

    def must_ask(self, seat: Seat) -> bool:
        """Whether a person must be asked now (see the module docstring on coup fourré)."""
        st = self.state
        legal = st.legal_actions(seat)
        if st.phase == EXTEND:  # the extension question
            return True
        if seat != st.turn:  # in the coup-fourré window
            return len(self.humans) > 1 or any(not isinstance(a, Decline) for a in legal)
        if st.phase == DRAW:
            return legal != [Draw()]
        return True

    def step(self) -> None:
        """One decision: a bot's, an automatic one (a lone draw, a silent decline) or a person's."""
        st = self.state
        seat = st.to_act()[0]
        bot = self.bots.get(seat)
        if bot is not None:
            legal = st.legal_actions(seat)
            action = bot.act(GAME, seat, GAME.observe(st, seat), legal)
            self.after(st.apply(seat, next(a for a in legal if a == action)))
        elif not self.must_ask(seat):
            self.after(st.apply(seat, Draw() if seat == st.turn else Decline()))
        else:
            self.human_decision(seat)

    def run(self) -> MilleBornesState:
        """Play until the game ends or the person quits; return the state."""
        self.console.print(self._("welcome", players=self.state.players,
                                  humans=", ".join(seat_name(s) for s in self.humans)), highlight=False)
        try:
            while not self.state.is_over:
                self.step()
        except Quit:
            self.console.print(self._("bye"))
        return self.state
