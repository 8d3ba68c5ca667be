"""DenboraZup actions (DZR-5 … DZR-10) and their notation.

Every action is a frozen dataclass with ``notation()``; :func:`parse_action` reads it back
(``flip``, ``place <id> [slot <k>] [call]``, ``pass``, ``vote yes|no``, ``catch <seat>``,
``waive``, ``star replace``, ``star give <seat>``, ``choose <id>``).

A card that is not revealed is named by its *handle* in a game whose state has opaque
handles (:attr:`~mahai.games.denborazup.state.DenboraZupState.handles`, the web's game):
a legal :class:`Place` or :class:`Choose` names the card by handle (``card``, also in its
notation) and carries its id apart (``card_id``, for the research encodings; never in a
notation), so that nothing a player sees of a hidden card can be joined to the public
chronology by id. A parsed notation names whatever it was given (``card``); the state
resolves it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mahai.core.errors import MalformedAction
from mahai.core.game import Seat
from mahai.core.text import small_number
from mahai.games.denborazup.cards import DOMAIN


@dataclass(frozen=True)
class Flip:
    """DZR-5: the flipper flips the coin (``flip``)."""

    def notation(self) -> str:
        return "flip"


@dataclass(frozen=True)
class Place:
    """DZR-5/8/13: place card ``card`` (an event id), in ``slot`` (long timeline only),
    calling "DenboraZup!" with the second-to-last card if ``call``.
    Notation: ``place <id>``, ``place <id> call``, ``place <id> slot <k> [call]``."""

    card: str
    slot: int | None = None
    call: bool = False
    card_id: str | None = field(default=None, compare=False, repr=False)
    """The card's id when ``card`` is its handle (a legal action of the state); never shown."""

    def notation(self) -> str:
        text = f"place {self.card}"
        if self.slot is not None:
            text += f" slot {self.slot}"
        return text + (" call" if self.call else "")


@dataclass(frozen=True)
class Pass:
    """DZR-5: place nothing this round (``pass``)."""

    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Vote:
    """DZR-7: vote on replacing the reference (``vote yes`` / ``vote no``)."""

    yes: bool

    def notation(self) -> str:
        return "vote yes" if self.yes else "vote no"


@dataclass(frozen=True)
class Catch:
    """DZR-8: catch ``seat``, who holds one card and did not call (``catch <seat>``)."""

    seat: Seat

    def notation(self) -> str:
        return f"catch {self.seat}"


@dataclass(frozen=True)
class Waive:
    """DZR-8: let the catch window go for this seat (``waive``)."""

    def notation(self) -> str:
        return "waive"


@dataclass(frozen=True)
class StarReplace:
    """DZR-10 (a): replace the reference with the top card of the deck (``star replace``)."""

    def notation(self) -> str:
        return "star replace"


@dataclass(frozen=True)
class StarGive:
    """DZR-10 (b): draw the top card and give it to ``seat`` (``star give <seat>``)."""

    seat: Seat

    def notation(self) -> str:
        return f"star give {self.seat}"


@dataclass(frozen=True)
class Choose:
    """DZR-9: choose one of the events drawn for the tie-break (``choose <id>``)."""

    card: str
    card_id: str | None = field(default=None, compare=False, repr=False)
    """The card's id when ``card`` is its handle (a legal action of the state); never shown."""

    def notation(self) -> str:
        return f"choose {self.card}"


DenboraZupAction = Flip | Place | Pass | Vote | Catch | Waive | StarReplace | StarGive | Choose
"""Any DenboraZup action."""


def _number(word: str, text: str) -> int:
    number = small_number(word)  # not isdigit: "²" passes it and int() refuses it
    if number is None:
        raise MalformedAction("bad_notation", domain=DOMAIN, text=text[:60])
    return number


def parse_action(text: str) -> DenboraZupAction:
    """Notation → action (the first word in any case): ``flip``, ``place <id> [slot <k>] [call]``,
    ``pass``, ``vote yes|no``, ``catch <seat>``, ``waive``, ``star replace``,
    ``star give <seat>``, ``choose <id>``.

    Raises:
        MalformedAction: ``bad_notation`` (param ``text``: the input, cut to 60 characters).

    >>> parse_action("place a12 slot 3 call")
    Place(card='a12', slot=3, call=True)
    """
    words = text.split()
    match [words[0].lower(), *words[1:]] if words else []:
        case ["flip"]:
            return Flip()
        case ["pass"]:
            return Pass()
        case ["waive"]:
            return Waive()
        case ["vote", answer] if answer.lower() in ("yes", "no"):
            return Vote(answer.lower() == "yes")
        case ["catch", seat]:
            return Catch(_number(seat, text))
        case ["star", "replace"]:
            return StarReplace()
        case ["star", "give", seat]:
            return StarGive(_number(seat, text))
        case ["choose", card]:
            return Choose(card)
        case ["place", card, *extra]:
            call = bool(extra) and extra[-1].lower() == "call"
            if call:
                extra = extra[:-1]
            match [w.lower() for w in extra]:
                case []:
                    return Place(card, None, call)
                case ["slot", _]:
                    return Place(card, _number(extra[1], text), call)
    raise MalformedAction("bad_notation", domain=DOMAIN, text=text[:60])
