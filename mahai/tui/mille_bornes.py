"""The Mille Bornes screen (:class:`MilleBornesScreen`): tableaux, hand and card shortcuts.

Played by :class:`mahai.tui.driver.Terminal` (``mahai play mille-bornes``). What a person
types (``mb_tui`` catalog, ``help.play``):

* on their turn (play phase): ``3`` plays hand card 3 (a distance card or a roll on their own
  tableau, a remedy, a safety; a hazard goes to the only opponent team that can take it, or
  ``3 B`` names the player it attacks, seat B, with its partner if any), ``-3`` discards card 3;
* in a menu (draw phase with a choice, coup-fourré window, extension): the number of a line;
* anywhere: the engine's notation (``play 75``, ``hazard stop 1``, ``discard 25`` …).

Shortcuts become notation (``play 75``); the card's kind is the verb the game's notation
accepts for it, so the engine itself explains an illegal card (MBR-5 … MBR-12).

Coup-fourré protocol (package docstring of :mod:`mahai.games.mille_bornes`): every attacked
player is asked before the next player draws (:meth:`~mahai.core.State.must_wait`). With one
person at the table, a person in the window who cannot answer (no matching safety) declines
silently, as a lone draw is drawn silently; in hot-seat play every person in the window is
handed the keyboard and asked, whether or not they hold the safety, so that the others cannot
tell who was able to answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from mahai.core.errors import MahaiError, MalformedAction
from mahai.core.game import Action, Seat
from mahai.i18n import number, translate
from mahai.tui.screen import LETTERS, Screen, Turn, seat_letter

CARD_VERBS = ("coup_fourre", "play", "remedy", "safety", "hazard")
"""Notation verbs that name a hand card (``discard`` aside)."""
NUMBER = re.compile(r"(-)?\s*(\d{1,6})(?:\s+([A-Fa-f]))?")


def seat_name(seat: Seat) -> str:
    """Seats are shown as letters in table order: A, B, C … (:func:`~mahai.tui.screen.seat_letter`)."""
    return seat_letter(seat)


def card_name(code: str, lang: str) -> str:
    """A card's name in ``lang`` (the game's catalog; Basque: sheet 000 terms)."""
    return translate("mille_bornes", f"card.{code}", lang)


def played_card(action: Action) -> str | None:
    """The hand card a legal action plays (its notation's card), if any."""
    words = action.notation().split()
    return words[1] if len(words) > 1 and words[0] in CARD_VERBS else None


class MilleBornesScreen(Screen):
    """Seats A, B, C …; every team's tableau, the piles, the open window and the numbered hand;
    the score sheet of each finished leg (MBR-14 … MBR-16, MBR-24)."""

    catalog = "mb_tui"
    table_events = frozenset({"leg_end"})
    pause_after = frozenset({"leg_end"})

    def seat_name(self, seat: Seat) -> str:
        return seat_name(seat)

    def card(self, code: str) -> str:
        return card_name(code, self.lang)

    def team_label(self, view: dict[str, Any], team: int) -> str:
        """``"A, C"``: a team by its players' letters (a lone player: one letter), never by the
        notation's team id, which counts from 0."""
        return ", ".join(seat_name(s) for s in view["teams"][team])

    # ------------------------------------------------------------------ layout
    def tableau_table(self, turn: Turn) -> Table:
        """Every team's battle pile, speed pile, distance, safeties (coups fourrés marked) and total."""
        view = turn.view
        table = Table(show_lines=False)
        for col in ("col.team", "col.battle", "col.speed", "col.distance", "col.safeties", "col.points"):
            table.add_column(self._(col))
        for tab in view["tableaux"]:
            members = ", ".join(
                seat_name(s) + (f" ({self._('you')})" if s == turn.viewer else
                                f" ({self._('bot')})" if s in turn.bots else "")
                for s in tab["seats"])
            battle = self.card(tab["battle"][-1]) if tab["battle"] else "—"
            if tab["hazard"] is not None:
                battle = f"[red]{battle}[/red]"
            elif tab["rolling"]:
                battle = f"[green]{battle if tab['battle'] else self._('rolling')}[/green]"
            speed = self.card(tab["speed"][-1]) if tab["speed"] else "—"
            if tab["speed_limited"]:
                speed = f"[red]{speed}[/red]"
            km = self._("km_line", km=tab["km"], used=tab["two_hundreds"])
            mark = f" [bold]✱ {self._('coup_fourre')}[/bold]"
            safeties = ", ".join(self.card(c) + (mark if c in tab["coups_fourres"] else "")
                                 for c in tab["safeties"]) or "—"
            table.add_row(members, battle, speed, km, safeties,
                          number(view["scores"]["totals"][tab["team"]], self.lang))
        return table

    def show(self, console: Console, turn: Turn) -> None:
        """The tableaux, the piles, the open window, the numbered hand (playable cards marked)
        and what the decision is about."""
        view, seat = turn.view, turn.viewer
        console.rule(self._("title", leg=view["leg"], seat=seat_name(seat) if seat is not None else "—"))
        console.print(self.tableau_table(turn))
        top = self.card(view["discard_top"]) if view["discard_top"] else "—"
        console.print(self._("status", target=view["target"], pile=view["draw_pile"], discard=top),
                      highlight=False)
        window = view["window"]
        if window is not None:
            console.print(self._("window", team=self.team_label(view, window["team"]),
                                 card=self.card(window["hazard"]), seat=seat_name(window["attacker"])),
                          highlight=False)
        playable = {card for a in turn.legal if (card := played_card(a)) is not None}
        hand = Text(self._("hand") + " ")
        marked = playable if view["phase"] == "play" else set()
        for i, code in enumerate(view["hand"] or (), start=1):
            hand.append(f" {i}) ", style="dim")
            hand.append(self.card(code), style="bold green" if code in marked else "")
        console.print(hand)
        decision = view["decision"]
        if decision == "extension":
            km = view["tableaux"][view["team_of"][seat]]["km"] if seat is not None else 0
            console.print(self._("ask_extension", km=km), highlight=False)
        elif decision == "coup_fourre":
            console.print(self._("ask_window"), highlight=False)
        elif view["phase"] == "play" and turn.legal:
            numbers = [str(i) for i, code in enumerate(view["hand"] or (), start=1) if code in playable]
            console.print(self._("playable", numbers=", ".join(numbers) or "—"), highlight=False)
            console.print(self._("help.play"), style="dim", highlight=False)

    def event_table(self, event: dict[str, Any], turn: Turn) -> RenderableType | None:
        """The score sheet of a finished leg with every bonus and the totals."""
        view = turn.view
        sheet = view["scores"]["legs"][int(event["leg"]) - 1]
        table = Table(title=self._("sheet_title", leg=sheet["leg"]))
        table.add_column(self._("col.item"))
        for team in sheet["teams"]:
            table.add_column(self.team_label(view, team["team"]), justify="right")
        for row, item in enumerate(sheet["teams"][0]["items"]):
            table.add_row(translate("mille_bornes", f"score.{item['name']}", self.lang),
                          *(number(t["items"][row]["points"], self.lang) for t in sheet["teams"]))
        table.add_row(f"[bold]{self._('leg_total')}[/bold]",
                      *(number(t["total"], self.lang) for t in sheet["teams"]))
        totals = view["scores"]["totals"]
        table.add_row(self._("game_total"), *(number(totals[t["team"]], self.lang) for t in sheet["teams"]))
        done = sheet["completed_by"]
        if done is None:
            return table
        return Group(table, Text(self._("completed_by", team=self.team_label(view, done))))

    # ------------------------------------------------------------------ input
    def prompt(self, turn: Turn) -> str:
        return ""

    def menu(self, turn: Turn) -> list[Action]:
        """The extension and coup-fourré questions, and the draw phase (without ``redraw``)."""
        view = turn.view
        if view["decision"] in ("extension", "coup_fourre"):
            return list(turn.legal)
        if view["phase"] == "draw":
            return [a for a in turn.legal if not a.notation().startswith("redraw")]
        return []

    def shortcuts(self, action: Action, turn: Turn) -> Sequence[str]:
        """A card of the hand by its number: ``N`` (play, remedy, safety, coup fourré), ``-N``
        (discard), ``N`` or ``N X`` (a hazard on the team of seat X)."""
        words = action.notation().split()
        hand: Sequence[str] = turn.view.get("hand") or ()
        if len(words) < 2 or words[1] not in hand:
            return ()
        n = hand.index(words[1]) + 1
        if words[0] == "discard":
            return (f"-{n}",)
        if words[0] == "hazard" and len(words) == 3:
            team_of: Sequence[int] = turn.view["team_of"]
            return (f"{n}", *(f"{n} {LETTERS[s]}" for s, t in enumerate(team_of) if str(t) == words[2]))
        return (f"{n}",)

    def hint(self, turn: Turn, menu: Sequence[Action]) -> str:
        """Outside the menus: a hand number plays a card, ``-N`` discards it, ``?`` lists the
        legal moves (MBR-5 … MBR-12 say which card may be played)."""
        return super().hint(turn, menu) if menu else self._("hint")

    def forced(self, turn: Turn) -> Action | None:
        """The only legal action (a lone draw, a decline without the safety), unless several
        people share the keyboard and it is the coup-fourré question (asked to everyone)."""
        if len(turn.legal) != 1 or (turn.hot_seat and turn.view["decision"] == "coup_fourre"):
            return None
        return turn.legal[0]

    def read(self, text: str, turn: Turn) -> Action | None:
        """A hand number (``3``, ``3 B``: a hazard on seat B's team, ``-3``) → the action; None
        for notation.

        Raises:
            MalformedAction: ``no_such_card`` or ``which_team`` (domain ``mb_tui``).
        """
        m = NUMBER.fullmatch(text)
        if m is None:
            return None
        hand: Sequence[str] = turn.view["hand"] or ()
        number = int(m.group(2))
        if not 1 <= number <= len(hand):
            raise MalformedAction("no_such_card", domain=self.catalog, number=number, size=len(hand))
        code = hand[number - 1]
        if m.group(1):
            return self.game.parse_action(f"discard {code}")
        if any(a.notation() == f"coup_fourre {code}" for a in turn.legal):
            return self.game.parse_action(f"coup_fourre {code}")
        for verb in ("play", "remedy", "safety"):
            try:
                return self.game.parse_action(f"{verb} {code}")
            except MahaiError:
                continue
        view, seat = turn.view, turn.viewer
        if m.group(3) is not None:
            target = LETTERS.index(m.group(3).upper())
            if target >= len(view["team_of"]):
                raise MalformedAction("which_team", domain=self.catalog, number=number,
                                      teams=self._teams(view, range(len(view["tableaux"]))))
            return self.game.parse_action(f"hazard {code} {view['team_of'][target]}")
        mine = view["team_of"][seat] if seat is not None else -1
        others = [t for t in range(len(view["tableaux"])) if t != mine]
        targets = [int(a.notation().split()[-1]) for a in turn.legal
                   if a.notation().startswith(f"hazard {code} ")]
        if len(others) == 1:
            return self.game.parse_action(f"hazard {code} {others[0]}")
        if len(targets) == 1:
            return self.game.parse_action(f"hazard {code} {targets[0]}")
        raise MalformedAction("which_team", domain=self.catalog, number=number,
                              teams=self._teams(view, targets or others))

    def _teams(self, view: dict[str, Any], teams: Sequence[int] | range) -> str:
        """``"B, C"`` (lone players) or ``"B/D, C/F"`` (pairs): the letters that name each team."""
        return ", ".join("/".join(seat_name(s) for s in view["teams"][t]) for t in teams)
