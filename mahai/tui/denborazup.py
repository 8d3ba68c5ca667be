"""DenboraZup in the terminal: people against bots, hot-seat for several people (Rich).

:class:`DenboraZupTerminal` drives a whole game. Input and output are injected
(``input_fn`` like :func:`input`, a Rich :class:`~rich.console.Console`), so tests
play complete games with scripted input. Everything shown comes from the game's
projection (``observe`` for the person at the keyboard, ``project_event``); with
several people at one keyboard, events are shown as a spectator sees them and the
screen is cleared before and after each person's secret choice.

What a person types (the prompt lists the choices; players are numbered from 1):

* coin: Enter flips (the flipper), ``c N`` catches player N who forgot to call,
  Enter alone lets it go (DZR-8);
* placing: ``N`` places card N of the hand (``N S`` with slot S in the long
  timeline), ``N !`` also calls "DenboraZup!" with the second-to-last card, ``p`` passes;
* vote: ``b``/``y`` (yes) or ``e``/``n`` (no); star: ``a``/``r`` replaces the
  reference, ``e N``/``g N`` gives a card to player N; tie-break: ``N`` chooses event N;
* anywhere: the engine's notation (``place f01 call`` …), ``?`` lists the legal moves, ``q`` quits.

An illegal or malformed choice is explained in the player's language and asked again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from mahai.bots import Bot, make_bot
from mahai.core.errors import MahaiError, MalformedAction
from mahai.core.game import Event, Seat
from mahai.games.denborazup import (
    GAME,
    Catch,
    Choose,
    DenboraZupGame,
    DenboraZupOptions,
    DenboraZupState,
    Flip,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
)
from mahai.games.denborazup.deck import format_parts
from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, explain, translate

DOMAIN = "denborazup"
InputFn = Callable[[str], str]
YES = ("b", "bai", "y", "yes", "s", "sí", "si", "o", "oui")
NO = ("e", "ez", "n", "no", "non")


class Quit(Exception):
    """The person asked to stop (``q``) or the input ended."""


def date_label(card: dict[str, Any], lang: str) -> str:
    """The date of a revealed card (view JSON) for display (``K.a. 75`` …)."""
    return format_parts(int(card["year"]), card.get("month"), card.get("day"), str(card.get("precision")),
                        lang)


class DenboraZupTerminal:
    """One game in the terminal.

    Args:
        options: ``GAME.options(mode=...)``; ``players``: 1 (solo) or 2–8.
        humans: people at the keyboard, seats ``0 … humans - 1``; bots play the rest.
        seed: the game seed (the bots' generators derive from it too).
        lang: ``eu`` (default), ``en``, ``es`` or ``fr``; ``bot``: the bots' level.
        game: the game (another deck); console, input_fn: where to print, how to read a line.
    """

    def __init__(self, options: DenboraZupOptions, players: int, humans: int, seed: int,
                 lang: str = DEFAULT_LANGUAGE, bot: str = "medium", game: DenboraZupGame | None = None,
                 console: Console | None = None, input_fn: InputFn = input) -> None:
        self.game = game or GAME
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.state: DenboraZupState = self.game.new(options, players, seed)
        self.players = players
        self.humans = list(range(humans))
        rng = random.Random(seed ^ 0x5EED)
        self.bots: dict[Seat, Bot] = {s: make_bot(self.game.name, bot, random.Random(rng.getrandbits(64)))
                                      for s in range(humans, players)}
        self.bot_name = bot
        self.console = console or Console()
        self.input_fn = input_fn
        self.viewer: Seat | None = self.humans[0] if len(self.humans) == 1 else None
        self.shown_reference: str | None = None

    def _(self, msgid: str, **params: object) -> str:
        return translate(DOMAIN, msgid, self.lang, **params)

    def who(self, seat: Seat) -> str:
        if seat in self.bots:
            return self._("Bot {n} ({level})", n=seat + 1, level=self.bot_name)
        if len(self.humans) == 1 and self.players > 1:
            return self._("You")
        return self._("Player {n}", n=seat + 1)

    def title(self, card: dict[str, Any]) -> str:
        titles: dict[str, str] = card["title"]
        return titles.get(self.lang, titles.get("en", ""))

    # --- screens ---

    def show_table(self, view: dict[str, Any]) -> None:
        """The reference (with its date), the timeline in long mode, the coin and the cards left."""
        ref = view["reference"]
        if view["mode"] == "long":
            line = Text()
            for k, card in enumerate(view["timeline"]):
                line.append(f"[{k}] ", style="dim")
                style = "bold yellow" if k == view["reference_index"] else ""
                line.append(f"{date_label(card, self.lang)} {self.title(card)}", style=style)
                line.append("  ")
            line.append(f"[{len(view['timeline'])}]", style="dim")
            self.console.print(Text(self._("Timeline") + ": ", style="bold") + line)
        else:
            label = Text(f"{date_label(ref, self.lang)}  {self.title(ref)}", style="bold yellow")
            self.console.print(Text(self._("Reference") + ": ", style="bold") + label)
        if view["coin"]:
            self.console.print(Text(self._("Coin") + ": ", style="bold")
                               + Text(translate(DOMAIN, view["coin"], self.lang), style="bold magenta"))
        if view["players"] > 1:
            counts = "  ".join(f"{self.who(s)}: {n}" for s, n in enumerate(view["hand_counts"]))
            self.console.print(Text(self._("Cards left") + ": " + counts, style="cyan"))
        self.console.print(Text(self._("Deck: {n} cards", n=view["deck_count"]), style="dim"))

    def show_hand(self, view: dict[str, Any]) -> None:
        """The person's own hand: events only, never dates."""
        table = Table(title=self._("Your hand (events, without dates)"), show_header=False)
        for i, card in enumerate(view["hand"] or [], start=1):
            table.add_row(str(i), self.title(card))
        self.console.print(table)

    def show_reveal(self, data: dict[str, Any]) -> None:
        table = Table(title=self._("Reveal"))
        for col in (self._("Player"), self._("Event"), self._("Date"), ""):
            table.add_column(col)
        for p in data["placements"]:
            card = p["card"]
            mark = Text("✓", style="green") if p["correct"] else Text("✗", style="red")
            table.add_row(self.who(p["seat"]), self.title(card), date_label(card, self.lang), mark)
        self.console.print(table)
        for p in data["placements"]:
            self.console.print(Text(f"  {self.title(p['card'])}: {p['card']['explanation_eu']}", style="dim"))

    def event_line(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        if kind == "flip":
            return self._("Coin ({who}): {face}", who=self.who(ev["seat"]),
                          face=translate(DOMAIN, ev["coin"], self.lang))
        if kind == "all_passed":
            return self._("Everybody passed: vote on replacing the reference.")
        if kind == "vote_result":
            return self._("The reference is replaced.") if ev["yes"] else self._("The reference stays.")
        if kind == "new_reference":
            ref = ev["reference"]
            return self._("New reference: {date} {title}", date=date_label(ref, self.lang),
                          title=self.title(ref))
        if kind == "draw":
            return self._("Cards drawn by {who}: {n}", who=self.who(ev["seat"]), n=ev["count"])
        if kind == "reshuffle":
            return self._("The discard pile is shuffled into a new deck.")
        if kind == "draw_skipped":
            return self._("No card left to draw.")
        if kind == "missed_call":
            return self._("Forgot to call DenboraZup: {who}", who=", ".join(self.who(s) for s in ev["seats"]))
        if kind == "catch":
            return self._("Caught by {who}: {other} draws a card", who=self.who(ev["seat"]),
                          other=self.who(ev["caught"]))
        if kind == "star":
            if ev["choice"] == "replace":
                return self._("Star ({who}): new reference.", who=self.who(ev["seat"]))
            return self._("Star ({who}): a card for {other}.", who=self.who(ev["seat"]),
                          other=self.who(ev["to"]))
        if kind == "tiebreak":
            return self._("Tie-break: {who}", who=", ".join(self.who(s) for s in ev["seats"]))
        if kind == "tiebreak_reveal":
            return "; ".join(f"{self.who(c['seat'])}: {date_label(c['card'], self.lang)} "
                             f"{self.title(c['card'])}" for c in ev["choices"])
        return None

    def after(self, events: Sequence[Event]) -> None:
        for event in events:
            ev = self.game.project_event(event, self.viewer)
            if ev is None:
                continue
            if ev["kind"] == "reveal":
                self.show_reveal(ev)
                continue
            line = self.event_line(ev)
            if line:
                self.console.print(line)

    def show_result(self) -> None:
        state = self.state
        view = self.game.view(state, self.viewer)
        if state.mode == "solo":
            rating = view["rating"] or ""
            self.console.print(Text(self._("Cards used: {n} — {rating}", n=state.used[0],
                                           rating=translate(DOMAIN, rating, self.lang)), style="bold green"))
            return
        names = ", ".join(self.who(s) for s in sorted(state.winners()))
        self.console.print(Text(self._("Winner: {who}", who=names), style="bold green"))

    # --- input ---

    def ask(self, prompt: str) -> str:
        try:
            text = self.input_fn(prompt + " > ")
        except EOFError:
            raise Quit() from None
        text = text.strip()
        if text.lower() in ("q", "quit", "irten"):
            raise Quit()
        return text

    def read_action(self, text: str, seat: Seat, view: dict[str, Any]) -> Any:
        """A shortcut or the engine's notation → an action (MalformedAction if neither)."""
        words = text.lower().split()
        phase = view["phase"]
        hand = view["hand"] or []

        def number(word: str, items: Sequence[Any]) -> Any:
            if word.isdigit() and 1 <= int(word) <= len(items):
                return items[int(word) - 1]
            raise MalformedAction("bad_notation", domain=DOMAIN, text=text[:60])

        if phase == "flip":
            if not words:
                return Flip() if seat == self.state.flipper else Waive()
            if words[0] in ("c", "h", "catch", "harrapatu") and len(words) == 2:
                return Catch(number(words[1], range(self.players)))
        elif phase == "decide" and words:
            if words[0] in ("p", "pass", "paso"):
                return Pass()
            call = words[-1] in ("!", "call", "dz", "denborazup")
            if call:
                words = words[:-1]
            if words and words[0].isdigit():
                card = number(words[0], hand)["id"]
                slot = int(words[1]) if len(words) == 2 and words[1].isdigit() else None
                if len(words) > 2 or (len(words) == 2 and slot is None):
                    raise MalformedAction("bad_notation", domain=DOMAIN, text=text[:60])
                return Place(card, slot, call)
        elif phase == "vote" and len(words) == 1 and words[0] in YES + NO:
            return Vote(words[0] in YES)
        elif phase == "star" and words:
            if words[0] in ("a", "r", "replace", "aldatu"):
                return StarReplace()
            if words[0] in ("e", "g", "d", "give", "eman") and len(words) == 2:
                return StarGive(number(words[1], range(self.players)))
        elif phase == "tiebreak" and len(words) == 1 and words[0].isdigit():
            return Choose(number(words[0], view["tiebreak"]["options"] or [])["id"])
        return self.game.parse_action(text)

    def prompt_for(self, seat: Seat, view: dict[str, Any]) -> str:
        phase = view["phase"]
        name = self.who(seat)
        if phase == "flip":
            if view["catchable"] and seat != view["flipper"]:
                return self._("{who}: c N catches player N, Enter lets it go", who=name)
            return self._("{who}: Enter flips the coin", who=name)
        if phase == "decide":
            if view["mode"] == "solo":
                return self._("{who}: card number", who=name)
            if view["mode"] == "long":
                return self._("{who}: card number and slot (N S), p passes", who=name)
            return self._("{who}: card number (N ! calls DenboraZup), p passes", who=name)
        if phase == "vote":
            return self._("{who}: replace the reference? b/e (yes/no)", who=name)
        if phase == "star":
            return self._("{who}: star: a replaces the reference, e N gives a card to player N", who=name)
        return self._("{who}: choose an event (number)", who=name)

    def human_turn(self, seat: Seat) -> None:
        view = self.game.view(self.state, seat)
        secret = view["phase"] in ("decide", "vote", "tiebreak", "star")
        private = len(self.humans) > 1 and secret
        if private:
            self.console.clear()
            self.ask(self._("{who}: press Enter when only you are looking", who=self.who(seat)))
        self.show_table(view)
        if view["phase"] in ("decide", "star"):
            self.show_hand(view)
        if view["phase"] == "tiebreak":
            table = Table(title=self._("Choose the event closest to the reference"), show_header=False)
            for i, card in enumerate(view["tiebreak"]["options"] or [], start=1):
                table.add_row(str(i), self.title(card))
            self.console.print(table)
        while True:
            text = self.ask(self.prompt_for(seat, view))
            if text == "?":
                self.console.print(", ".join(view["legal"]))
                continue
            try:
                action = self.read_action(text, seat, view)
                events = self.state.apply(seat, action)
            except MahaiError as err:
                self.console.print(Text(explain(err, self.lang), style="red"))
                continue
            break
        if private:
            self.console.clear()
        self.after(events)

    def step(self) -> None:
        seat = self.state.to_act()[0]
        if seat in self.bots:
            action = self.bots[seat].act(self.game, seat, self.game.observe(self.state, seat),
                                         self.state.legal_actions(seat))
            self.after(self.state.apply(seat, action))
        else:
            self.human_turn(seat)

    def run(self) -> DenboraZupState:
        """Play to the end (or until ``q``); returns the state."""
        self.console.print(Text("DenboraZup", style="bold"))
        if self.players > 1:
            self.console.print(self._("First player: {who}", who=self.who(self.state.first_player)))
        try:
            while not self.state.is_over:
                self.step()
        except Quit:
            self.console.print(self._("Game stopped."))
            return self.state
        self.show_table(self.game.view(self.state, self.viewer))
        self.show_result()
        return self.state
