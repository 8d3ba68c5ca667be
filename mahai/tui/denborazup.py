"""The DenboraZup screen (:class:`DenboraZupScreen`): reference, timeline, hand and shortcuts.

Played by :class:`mahai.tui.driver.Terminal` (``mahai play denborazup``); several people
decide at once (DZR-5), one after the other at the keyboard, each behind a hand-over.
What a person types (the prompt lists the choices; players are numbered from 1):

* coin: Enter flips (the flipper), ``c N`` catches player N who forgot to call,
  Enter alone lets it go (DZR-8);
* placing: ``N`` places card N of the hand (``N S`` with slot S in the long
  timeline, the slots shown as ``[1]`` … ``[n+1]`` between its cards), ``N !`` also calls
  "DenboraZup!" with the second-to-last card, ``p`` passes;
* vote: ``b``/``y`` (yes) or ``e``/``n`` (no); star: ``a``/``r`` replaces the
  reference, ``e N``/``g N`` gives a card to player N; tie-break: ``N`` chooses event N;
* anywhere: the engine's notation (``place f01 call`` …).

Shortcuts become the game's notation. Cards in a hand are shown without dates (the view has none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from mahai.core.errors import MalformedAction
from mahai.core.game import Action
from mahai.core.text import small_number
from mahai.games.denborazup import format_parts
from mahai.i18n import translate
from mahai.tui.screen import Screen, Turn

YES = ("b", "bai", "y", "yes", "s", "sí", "si", "o", "oui")
NO = ("e", "ez", "n", "no", "non")


def date_label(card: dict[str, Any], lang: str) -> str:
    """The date of a revealed card (view JSON) for display (``K.a. 75`` …)."""
    return format_parts(int(card["year"]), card.get("month"), card.get("day"), str(card.get("precision")),
                        lang)


class DenboraZupScreen(Screen):
    """Players 1, 2, …; the reference (long mode: the timeline), the coin, the cards left,
    the hand (titles only), the tie-break choices; the reveal of each round (DZR-7)."""

    catalog = "dz_tui"
    table_events = frozenset({"reveal"})

    def title(self, card: dict[str, Any]) -> str:
        titles: dict[str, str] = card["title"]
        return titles.get(self.lang, titles.get("en", ""))

    # --- layout ---

    def show(self, console: Console, turn: Turn) -> None:
        """The table; the hand in the decide and star phases; the tie-break choices."""
        view = turn.view
        self.show_table(console, turn)
        if view["phase"] in ("decide", "star"):
            table = Table(title=self._("Your hand (events, without dates)"), show_header=False)
            for i, card in enumerate(view["hand"] or [], start=1):
                table.add_row(str(i), self.title(card))
            console.print(table)
        if view["phase"] == "tiebreak":
            table = Table(title=self._("Choose the event closest to the reference"), show_header=False)
            for i, card in enumerate(view["tiebreak"]["options"] or [], start=1):
                table.add_row(str(i), self.title(card))
            console.print(table)

    def show_table(self, console: Console, turn: Turn) -> None:
        """The reference (with its date), the timeline in long mode, the coin and the cards left."""
        view = turn.view
        if view["mode"] == "long":
            line = Text()
            for k, card in enumerate(view["timeline"]):
                line.append(f"[{k + 1}] ", style="dim")  # slot k, counted from 1 as people count
                style = "bold yellow" if k == view["reference_index"] else ""
                line.append(f"{date_label(card, self.lang)} {self.title(card)}", style=style)
                line.append("  ")
            line.append(f"[{len(view['timeline']) + 1}]", style="dim")
            console.print(Text(self._("Timeline") + ": ", style="bold") + line)
        else:
            ref = view["reference"]
            label = Text(f"{date_label(ref, self.lang)}  {self.title(ref)}", style="bold yellow")
            console.print(Text(self._("Reference") + ": ", style="bold") + label)
        if view["coin"]:
            console.print(Text(self._("Coin") + ": ", style="bold")
                          + Text(translate(self.game.name, view["coin"], self.lang), style="bold magenta"))
        if view["players"] > 1:
            counts = "  ".join(f"{turn.name(s)}: {n}" for s, n in enumerate(view["hand_counts"]))
            console.print(Text(self._("Cards left") + ": " + counts, style="cyan"))
        console.print(Text(self._("Deck: {n} card", n=view["deck_count"]), style="dim"))

    def event_table(self, event: dict[str, Any], turn: Turn) -> RenderableType | None:
        """The cards of a reveal with their dates and whether each was right, and their stories."""
        table = Table(title=self._("Reveal"))
        for col in (self._("Player"), self._("Event"), self._("Date"), ""):
            table.add_column(col)
        notes: list[RenderableType] = [table]
        for p in event["placements"]:
            card = p["card"]
            mark = Text("✓", style="green") if p["correct"] else Text("✗", style="red")
            table.add_row(turn.name(p["seat"]), self.title(card), date_label(card, self.lang), mark)
            story = card.get("explanation", {}).get(self.lang) or card["explanation_eu"]
            notes.append(Text(f"  {self.title(card)}: {story}", style="dim"))
        return Group(*notes)

    def result(self, turn: Turn) -> Sequence[RenderableType]:
        """Solo: the cards used and the rating (DZR-12)."""
        view = turn.view
        if view["mode"] != "solo" or not view["rating"]:
            return ()
        rating = translate(self.game.name, view["rating"], self.lang)
        line = self._("Cards used: {n} — {rating}", n=view["used"][0], rating=rating)
        return (Text(line, style="bold green"),)

    # --- input ---

    def prompt(self, turn: Turn) -> str:
        view = turn.view
        phase = view["phase"]
        if phase == "flip":
            if view["catchable"] and turn.viewer != view["flipper"]:
                return self._("c N catches player N, Enter lets it go")
            return self._("Enter flips the coin")
        if phase == "decide":
            if view["mode"] == "solo":
                return self._("card number")
            if view["mode"] == "long":
                return self._("card number and slot (N S), p passes")
            return self._("card number (N ! calls DenboraZup), p passes")
        if phase == "vote":
            return self._("replace the reference? b/e (yes/no)")
        if phase == "star":
            return self._("star: a replaces the reference, e N gives a card to player N")
        return self._("choose an event (number)")

    def menu(self, turn: Turn) -> list[Action]:
        return []

    def shortcuts(self, action: Action, turn: Turn) -> Sequence[str]:
        """A card of the hand by its number (``N``, ``N T`` with the slot in a long timeline,
        ``N !`` calling DenboraZup), ``p`` to pass, an event of the tie-break by its number."""
        words = action.notation().split()
        view = turn.view
        if words == ["pass"]:
            return ("p",)
        if words[0] == "choose":
            options = (view.get("tiebreak") or {}).get("options") or []
            return tuple(str(i) for i, o in enumerate(options, start=1) if o["id"] == words[1])
        if words[0] != "place":
            return ()
        ids = [card["id"] for card in view.get("hand") or []]
        if words[1] not in ids:
            return ()
        text = str(ids.index(words[1]) + 1)
        if "slot" in words:
            text += f" {int(words[words.index('slot') + 1]) + 1}"
        return (text + (" !" if words[-1] == "call" else ""),)

    def read(self, text: str, turn: Turn) -> Action | None:
        """A shortcut of the phase → the action; None for anything else (read as notation).

        Raises:
            MalformedAction: a number out of range, said with the range to pick from (domain
                ``dz_tui``: ``no_such_card``, ``no_such_slot``, ``no_such_player``,
                ``no_such_option``); ``bad_notation`` (domain ``denborazup``): a line of the
                phase's shortcuts that is not one (``1 x y``).
        """
        view = turn.view
        words = text.lower().split()
        phase = view["phase"]
        hand = view["hand"] or []

        def number(word: str, size: int, what: str) -> int:
            value = small_number(word)
            if value is None:
                raise MalformedAction("bad_notation", domain=self.game.name, text=text[:60])
            if not 1 <= value <= size:
                raise MalformedAction(f"no_such_{what}", domain=self.catalog, number=value, size=size)
            return value - 1

        notation = None
        if phase == "flip":
            if not words:
                notation = "flip" if turn.viewer == view["flipper"] else "waive"
            elif words[0] in ("c", "h", "catch", "harrapatu") and len(words) == 2:
                notation = f"catch {number(words[1], view['players'], 'player')}"
        elif phase == "decide" and words:
            if words[0] in ("p", "pass", "paso"):
                notation = "pass"
            else:
                call = words[-1] in ("!", "call", "dz", "denborazup")
                if call:
                    words = words[:-1]
                if words and words[0].isdecimal():
                    if len(words) > 2 or (len(words) == 2 and not words[1].isdecimal()):
                        raise MalformedAction("bad_notation", domain=self.game.name, text=text[:60])
                    card = hand[number(words[0], len(hand), 'card')]["id"]
                    slot = (f" slot {number(words[1], len(view['timeline']) + 1, 'slot')}"
                            if len(words) == 2 else "")
                    notation = f"place {card}{slot}" + (" call" if call else "")
        elif phase == "vote" and len(words) == 1 and words[0] in YES + NO:
            notation = "vote yes" if words[0] in YES else "vote no"
        elif phase == "star" and words:
            if words[0] in ("a", "r", "replace", "aldatu"):
                notation = "star replace"
            elif words[0] in ("e", "g", "d", "give", "eman") and len(words) == 2:
                notation = f"star give {number(words[1], view['players'], 'player')}"
        elif phase == "tiebreak" and len(words) == 1 and words[0].isdecimal():
            options = view["tiebreak"]["options"] or []
            notation = f"choose {options[number(words[0], len(options), 'option')]['id']}"
        return None if notation is None else self.game.parse_action(notation)
