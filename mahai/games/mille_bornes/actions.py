"""Actions of Mille Bornes and their notation (round-trips through :func:`parse_action`).

=========================  =====================================================
notation                   meaning
=========================  =====================================================
``draw``                   draw the top card of the draw pile (MBR-4)
``draw discard``           take the top discard instead (MBR-20, ``draw_from_discard``)
``play 75``, ``play roll`` lay a distance card or a roll on one's own tableau
``remedy gasoline``        lay a remedy (``end_of_limit`` goes on the speed pile);
                           out of turn in a fast game's hazard window
``hazard stop 1``          a hazard on team 1's battle (or speed) pile
``safety right_of_way``    lay a safety on one's own turn (extra turn, MBR-9)
``coup_fourre extra_tank`` call coup fourré in the window after a hazard (MBR-10)
``decline``                let the coup-fourré window pass (any attacked player)
``discard 25``             discard a card (by code: hand order never matters)
``redraw 25 stop stop``    fast game: discard these cards and draw back to six
``extend yes|no``          answer the extension question, "segituko dut" (MBR-12)
=========================  =====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mahai.core.errors import MalformedAction
from mahai.core.text import cut, small_number
from mahai.games.mille_bornes.cards import CARD_OF, CODES

DOMAIN = "mille_bornes"

# slots=True: the compiled engine reads an action's fields at every action; a slot is read
# without the instance-dict lookup (the actions stay Python dataclasses, see setup.py).


@dataclass(frozen=True, slots=True)
class Draw:
    source: Literal["pile", "discard"] = "pile"

    def notation(self) -> str:
        return "draw" if self.source == "pile" else "draw discard"


@dataclass(frozen=True, slots=True)
class Play:
    """A distance card (``"25"`` … ``"200"``) or ``"roll"`` on one's own tableau."""

    card: str

    def notation(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Remedy:
    """``gasoline``, ``spare_tire``, ``repairs`` or ``end_of_limit``."""

    card: str

    def notation(self) -> str:
        return f"remedy {self.card}"


@dataclass(frozen=True, slots=True)
class Hazard:
    """A hazard card against team ``team`` (team ids 0..k-1)."""

    card: str
    team: int

    def notation(self) -> str:
        return f"hazard {self.card} {self.team}"


@dataclass(frozen=True, slots=True)
class Safety:
    card: str

    def notation(self) -> str:
        return f"safety {self.card}"


@dataclass(frozen=True, slots=True)
class CoupFourre:
    card: str

    def notation(self) -> str:
        return f"coup_fourre {self.card}"


@dataclass(frozen=True, slots=True)
class Decline:
    def notation(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Discard:
    card: str

    def notation(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Redraw:
    """Fast game: discard ``cards`` (kept in canonical deck order) and draw back to six."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        cards: object = self.cards
        if not isinstance(cards, tuple | list) or not all(type(c) is str for c in cards):
            raise MalformedAction("unknown_card", domain=DOMAIN, card=cut(repr(cards)))
        ordered = tuple(sorted(cards, key=lambda c: CARD_OF.get(c, 99)))
        object.__setattr__(self, "cards", ordered)

    def notation(self) -> str:
        return "redraw " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Extend:
    yes: bool

    def notation(self) -> str:
        return "extend yes" if self.yes else "extend no"


MilleBornesAction = Draw | Play | Remedy | Hazard | Safety | CoupFourre | Decline | Discard | Redraw | Extend

_PLAYABLE = {"25", "50", "75", "100", "200", "roll"}
_REMEDIES = {"gasoline", "spare_tire", "repairs", "end_of_limit"}
_HAZARDS = {"stop", "speed_limit", "out_of_gas", "flat_tire", "accident"}
_SAFETIES = {"right_of_way", "extra_tank", "puncture_proof", "driving_ace"}


def _card(text: str, typed: str, allowed: set[str] | None) -> str:
    word = typed.lower()
    if word not in CARD_OF:  # quoted as the player typed it ("XX", not "xx")
        raise MalformedAction("unknown_card", domain=DOMAIN, card=cut(typed))
    if allowed is not None and word not in allowed:
        raise MalformedAction("bad_card_for_verb", domain=DOMAIN, card=word, verb=cut(text.split()[0]))
    return word


def parse_action(text: str) -> MilleBornesAction:
    """Parse notation (see the module table).

    Raises:
        MalformedAction: ``bad_notation`` (unknown verb or wrong number of words),
            ``unknown_card`` or ``bad_card_for_verb``, ``bad_team``.
    """
    typed = text.strip().split()
    if not typed:
        raise MalformedAction("bad_notation", domain=DOMAIN, text=cut(text))
    verb, args = typed[0].lower(), typed[1:]  # the cards are read without case by _card
    n = len(args)
    if verb == "draw" and n == 0:
        return Draw()
    if verb == "draw" and [a.lower() for a in args] == ["discard"]:
        return Draw("discard")
    if verb == "decline" and n == 0:
        return Decline()
    if verb == "extend" and n == 1 and args[0].lower() in ("yes", "no"):
        return Extend(args[0].lower() == "yes")
    if verb == "play" and n == 1:
        return Play(_card(text, args[0], _PLAYABLE))
    if verb == "remedy" and n == 1:
        return Remedy(_card(text, args[0], _REMEDIES))
    if verb == "safety" and n == 1:
        return Safety(_card(text, args[0], _SAFETIES))
    if verb == "coup_fourre" and n == 1:
        return CoupFourre(_card(text, args[0], _SAFETIES))
    if verb == "discard" and n == 1:
        return Discard(_card(text, args[0], None))
    if verb == "hazard" and n == 2:
        card = _card(text, args[0], _HAZARDS)
        if small_number(args[1], 2) is None:  # not isdigit: "²" passes it and int() refuses it
            raise MalformedAction("bad_team", domain=DOMAIN, team=cut(args[1]))
        return Hazard(card, int(args[1]))
    if verb == "redraw" and 1 <= n <= 7:
        return Redraw(tuple(_card(text, w, None) for w in args))
    raise MalformedAction("bad_notation", domain=DOMAIN, text=cut(text))


def check_action(action: object) -> None:
    """Refuse an action built by hand with fields no notation gives (``Play("5")``,
    ``Play(None)``, ``Hazard("stop", "1")``, ``Draw(None)``, ``Extend(1)``) or of another game,
    before the rules look at it: :meth:`~mahai.core.State.apply` and ``can`` call it (a
    KeyError or TypeError from deep in the rules before); :meth:`~mahai.core.State.push`
    does not (it checks nothing).

    Raises:
        MalformedAction: ``unknown_card`` (param ``card``: the value, as ``repr`` unless a
            string, cut), ``bad_team`` (``team``) or ``bad_notation`` (``text``: the action's
            ``repr``).
    """
    if isinstance(action, Play | Remedy | Safety | CoupFourre | Discard | Hazard):
        card: object = action.card
        if type(card) is not str or card not in CARD_OF:
            shown = card if isinstance(card, str) else repr(card)
            raise MalformedAction("unknown_card", domain=DOMAIN, card=cut(shown))
        if isinstance(action, Hazard) and type(action.team) is not int:
            raise MalformedAction("bad_team", domain=DOMAIN, team=cut(repr(action.team)))
    elif isinstance(action, Redraw):
        if not all(type(c) is str and c in CARD_OF for c in action.cards):
            raise MalformedAction("unknown_card", domain=DOMAIN, card=cut(repr(action.cards)))
    elif not (isinstance(action, Draw) and action.source in ("pile", "discard")
              or isinstance(action, Extend) and type(action.yes) is bool
              or isinstance(action, Decline)):
        raise MalformedAction("bad_notation", domain=DOMAIN, text=cut(repr(action)))


ALL_CODES = CODES
