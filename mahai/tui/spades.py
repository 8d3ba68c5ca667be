"""The Spades screen (:class:`SpadesScreen`): the table as one seat sees it, and shortcuts.

Played by :class:`mahai.tui.driver.Terminal` (``mahai play spades``). What a person types
(the prompt lists the choices):

* bidding: a number ``0``…``13`` or ``nil``; with the blind-nil decision open (SPR-6,
  before the cards are shown) ``blind`` or ``look``;
* exchange: the cards, ``2H 9S 3C``; play: one card, ``QS`` (rank 2…9, T, J, Q, K, A and
  suit C, D, H, S); two-player deal: ``k``/``keep`` or ``d``/``discard``;
* anywhere: the engine's notation (``bid 3``, ``play QS`` …).

Everything is laid out from the seat's view (:meth:`~mahai.core.Game.view`); during the
exchange and the play each side's tricks toward its contract, its bags of the hand and each
nil's state as the web table says them (:func:`mahai.games.spades.side_hand`); the score
sheet of each hand from the public ``hand_scored`` event (SPR-10 … SPR-12).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from mahai.core.game import Action, Seat
from mahai.core.text import small_number
from mahai.games.spades import SideHand, side_hand
from mahai.i18n import LANGUAGES, number, translate
from mahai.tui.screen import Screen, Turn, seat_letter

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED = ("D", "H")
SUIT_ORDER = "SHCD"
"""Suits in the order a hand is shown."""
RANK_ORDER = "AKQJT98765432"


JOKERS = ("BJ", "LJ")
"""The big and the little joker's notation (SPR-14), the two highest spades."""


def card_label(text: str) -> Text:
    """``"QH"`` → ``Q♥`` in red (hearts, diamonds) or bold (clubs, spades); a joker (SPR-14)
    keeps its notation with a star: ``BJ★``."""
    if text in JOKERS:
        return Text(text + "★", style="bold magenta")
    return Text(text[0] + SYMBOLS[text[1]], style="red" if text[1] in RED else "bold")


def cards_label(texts: Sequence[str]) -> Text:
    return Text(" ").join(card_label(t) for t in texts) if texts else Text("—")


class SpadesScreen(Screen):
    """North, East, South, West (two players: Player 1, 2); the score line, the bids (a nil's
    state during the play), each side's tricks toward its contract, the tricks, the hand by
    suit, the shown stock card; each hand's score sheet."""

    catalog = "spades_tui"
    table_events = frozenset({"hand_scored"})

    def seat_name(self, seat: Seat) -> str:
        if self.players == 2:
            return seat_letter(seat)
        return self._(f"tui.seat.{seat}")

    def side_name(self, seats: Sequence[Seat]) -> str:
        return "–".join(self.seat_name(s) for s in seats)

    def bid_text(self, bid: object) -> str:
        if bid == "nil":
            return self._("tui.nil")
        if bid == "blind_nil":
            return self._("tui.blind_nil")
        return "·" if bid is None else str(bid)

    def suit(self, name: str) -> str:
        """A suit's name (``"hearts"``) in the game's catalog."""
        return translate(self.game.name, name, self.lang)

    # ----------------------------------------------------------- layout
    def show(self, console: Console, turn: Turn) -> None:
        """Everything the seat may see: scores, bids, tricks, the trick on the table, the
        exchange, the hand (in the two-player stock deal: the hand and the shown card only)."""
        view = turn.view
        stock = view["stock"]
        if view["phase"] != "draw":
            console.print(self.score_line(view))
            console.print(Text(self._("tui.hand_line", hand=view["hand_number"],
                                      dealer=self.seat_name(view["dealer"])), style="cyan"))
            hands = [side_hand(view, side) for side in range(len(view["sides"]))]
            playing = view["phase"] == "play"
            failed = {seat: out for hand in hands if hand and playing for seat, out in hand.nils}
            bids = "  ".join(f"{self.seat_name(s)}: {self.nil_state(self.bid_text(b), failed.get(s))}"
                             for s, b in enumerate(view["bids"]))
            console.print(Text(self._("tui.bids") + " — " + bids))
            if any(hands):
                console.print(self.toward_line(view, hands))
        if view["phase"] == "play":
            won = "  ".join(f"{self.seat_name(s)}: {n}" for s, n in enumerate(view["tricks_won"]))
            console.print(Text(self._("tui.tricks") + " — " + won))
            last = view["last_trick"]
            if last:
                console.print(Text(self._("tui.last_trick", winner=self.seat_name(last["winner"])) + " ")
                              .append(cards_label([c["card"] for c in last["cards"]])))
            if view["trick"]:
                line = Text(self._("tui.current_trick", suit=self.suit(view["led_suit"])) + " ")
                for c in view["trick"]:
                    line.append(f"{self.seat_name(c['seat'])} ").append(card_label(c["card"])).append("  ")
                console.print(line)
            if view["spades_broken"]:
                console.print(Text(self._("tui.broken_state")))
        exchange = view["exchange"]
        if exchange.get("passed") or exchange.get("received"):
            console.print(Text(self._("tui.exchanged") + " ").append(cards_label(exchange["passed"]))
                          .append(" → / ← ").append(cards_label(exchange["received"])))
        self.show_hand(console, view["hand"])
        if stock and stock["shown"]:
            shown = Text(self._("tui.shown", n=stock["left"]) + " ")
            console.print(shown.append(card_label(stock["shown"])))

    def nil_state(self, bid: str, failed: bool | None) -> str:
        """A nil's bid during the play with how it stands, ``nil (no trick yet)`` or ``nil
        (failed)`` once it took a trick (SPR-5, SPR-6); ``bid`` as it is otherwise (None)."""
        if failed is None:
            return bid
        return self._("tui.nil_failed" if failed else "tui.nil_open", nil=bid)

    def toward_line(self, view: dict[str, Any], hands: Sequence[SideHand | None]) -> Text:
        """Each side's tricks toward its contract out of it, as the web table says them (SPR-10,
        SPR-11): ``Tricks / contract — North–South 4 / 7 · East–West 6 / 5, bags this hand: +1``
        (a reached contract in green; a side of two nils has none), from the public view
        (:func:`~mahai.games.spades.side_hand`)."""
        line = Text(self._("tui.toward") + " — ")
        for i, (side, hand) in enumerate(zip(view["sides"], hands, strict=True)):
            if hand is None:
                continue
            if i:
                line.append(" · ")
            name = self.side_name(side["seats"])
            if hand.contract:
                made = hand.counted >= hand.contract
                line.append(f"{name} {number(hand.counted, self.lang)} / {number(hand.contract, self.lang)}",
                            style="bold green" if made else "")
            else:
                line.append(f"{name} {self._('tui.no_contract')}")
            if hand.bags:
                line.append(", " + self._("tui.hand_bags", bags=hand.bags))
        return line

    def score_line(self, view: dict[str, Any]) -> Text:
        """``North–South 120 (3 bags) · East–West 95 (7 bags)``."""
        parts = [self._("tui.side_score", side=self.side_name(side["seats"]), points=side["points"],
                        n=side["bags"]) for side in view["sides"]]
        return Text(" · ".join(parts), style="bold")

    def show_hand(self, console: Console, hand: Sequence[str] | None) -> None:
        if hand is None:
            console.print(Text(self._("tui.hand_hidden"), style="italic"))
            return
        line = Text(self._("tui.your_hand") + " " + ("" if hand else "—"), style="bold")
        jokers = [c for c in JOKERS if c in hand]
        if jokers:
            line.append(Text(" ").join(card_label(c) for c in jokers)).append("   ")
        for suit in SUIT_ORDER:
            ranks = sorted((c[0] for c in hand if c[1] == suit), key=RANK_ORDER.index)
            if ranks:
                line.append(SYMBOLS[suit] + " ", style="red" if suit in RED else "bold")
                line.append(" ".join(ranks) + "   ")
        console.print(line)

    def event_table(self, event: dict[str, Any], turn: Turn) -> RenderableType | None:
        """The score sheet of one hand (``hand_scored``), one column per side (SPR-10…SPR-12)."""
        sides = event["sides"]
        seats = [side["seats"] for side in turn.view["sides"]]
        table = Table(title=self._("tui.hand_score", hand=event["hand"]))
        table.add_column("")
        for side in seats:
            table.add_column(self.side_name(side), justify="right")
        penalty = turn.view["options"]["bag_penalty"]
        rows = [
            ("tui.bids", [" + ".join(self.bid_text(event["bids"][s]) for s in side) for side in seats]),
            ("tui.tricks", [" + ".join(str(event["tricks"][s]) for s in side) for side in seats]),
            ("tui.contract", [number(p["contract_points"], self.lang) for p in sides]),
            ("tui.nil_points", [number(p["nil_points"], self.lang) for p in sides]),
            ("tui.bags", [str(p["bags"]) for p in sides]),
            ("tui.penalties", [number(-p["penalties"] * penalty, self.lang) for p in sides]),
            ("tui.hand_points", [number(p["points"], self.lang) for p in sides]),
            ("tui.total", [number(p["total"], self.lang) for p in sides]),
            ("tui.bag_count", [str(p["bag_count"]) for p in sides]),
        ]
        for key, values in rows:
            table.add_row(self._(key), *values)
        return table

    # ------------------------------------------------------------ input
    def prompt(self, turn: Turn) -> str:
        view = turn.view
        if view["phase"] == "bid":
            return self._("tui.ask_blind") if view["blind_nil_decision"] else self._("tui.ask_bid")
        if view["phase"] == "exchange":
            return self._("tui.ask_pass", count=view["options"]["blind_nil_exchange"])
        if view["phase"] == "draw":
            return self._("tui.ask_draw")
        if view["trick"]:
            return self._("tui.ask_follow", suit=self.suit(view["led_suit"]))
        return self._("tui.ask_lead")

    def menu(self, turn: Turn) -> list[Action]:
        return []

    def read(self, text: str, turn: Turn) -> Action | None:
        """Shortcuts of the phase (``3``, ``nil``, ``blind``, ``look``, ``QS``, ``2H 9S 3C``,
        ``k``, ``d``) as notation; None for anything else (read as notation)."""
        low = text.lower()
        words = low.split()
        phase = turn.view["phase"]
        notation = None
        if phase == "bid":
            if low in self.words("blind") | {"blind nil", "blind_nil", "b"}:
                notation = "bid blind_nil"
            elif low in self.words("look") | {"l"}:
                notation = "look"
            elif low == "nil" or small_number(low) is not None:
                notation = f"bid {low}"
        elif phase == "play" and len(words) == 1 and words[0] not in ("look", "keep", "discard"):
            notation = f"play {text}"
        elif phase == "exchange" and words and words[0] != "pass":
            notation = f"pass {text}"
        elif phase == "draw" and low in self.words("keep") | {"k"}:
            notation = "keep"
        elif phase == "draw" and low in self.words("discard") | {"d"}:
            notation = "discard"
        return None if notation is None else self.game.parse_action(notation)

    def shortcuts(self, action: Action, turn: Turn) -> Sequence[str]:
        """A bid by its number or ``nil`` (``3``), a card by itself (``QS``), the cards passed
        by themselves (``2H 9S 3C``); the rest by notation."""
        words = action.notation().split()
        if words[0] == "bid" and len(words) == 2 and words[1] != "blind_nil":
            return (words[1],)
        if words[0] in ("play", "pass") and len(words) > 1:
            return (" ".join(words[1:]),)
        return ()

    @staticmethod
    def words(choice: str) -> set[str]:
        """The words a person may type for ``choice`` (``keep``, ``discard``, ``blind``, ``look``):
        the English one and each language's (``tui.word.<choice>``), whatever the screen's language."""
        return {choice} | {translate("spades_tui", f"tui.word.{choice}", lang).lower() for lang in LANGUAGES}
