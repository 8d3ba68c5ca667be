"""What Mille Bornes says: actions and projected events as :class:`~mahai.core.text.Message` keys.

Every sentence is written for its viewer: ``"You drew {card}."`` for the seat that drew,
``"{player} drew a card."`` for the others (a :class:`~mahai.core.text.Player` the front end
names). A card is a nested message ``card.<code>`` (Basque: the sheet-000 terms, e.g.
``card.stop`` → "semaforo gorria"); a team is named by its players (one player: that
:class:`~mahai.core.text.Player`; two: the message ``"{a} and {b}"``), or as "you" / "your
team" when the viewer belongs to it. Msgids are the English sentences of the ``mille_bornes``
catalog (``mahai/locale/<lang>/LC_MESSAGES/mille_bornes.po``); Basque sentences put a name
where it takes no case ending ("{player}: {card} jokatu du.").

Event kinds and fields are those of :mod:`mahai.games.mille_bornes.state` as projected by
:meth:`~mahai.core.game.Game.project_event` (a ``deal`` or pile ``draw`` of another seat comes
without its cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahai.core.game import Seat
from mahai.core.text import Message, Param, Player
from mahai.games.mille_bornes.actions import (
    DOMAIN,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extend,
    Hazard,
    MilleBornesAction,
    Play,
    Redraw,
    Remedy,
    Safety,
)


def _m(msgid: str, **params: Param) -> Message:
    return Message(DOMAIN, msgid, params)


def card(code: str) -> Message:
    """A card's name: msgid ``card.<code>`` (``"25"``, ``"stop"``, ``"right_of_way"`` …)."""
    return _m(f"card.{code}")


def listing(items: Sequence[Param]) -> Param:
    """Several names as one: ``a``; ``a and b``; ``a, b and c`` (nested messages).

    Raises:
        ValueError: ``items`` is empty.
    """
    if not items:
        raise ValueError("nothing to list")
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return _m("{a} and {b}", a=items[0], b=items[1])
    return _m("{a}, {b}", a=items[0], b=listing(items[1:]))


def cards(codes: Sequence[str]) -> Param:
    """A list of card names (see :func:`listing`)."""
    return listing([card(c) for c in codes])


def team_of_players(seats: Sequence[Seat]) -> Param:
    """A team by its players: one :class:`Player`, or ``"{a} and {b}"``."""
    return listing([Player(s) for s in seats])


def describe_action(action: MilleBornesAction) -> Message:
    """A button or menu label for ``action`` ("Play {card}", "Attack {target} with {card}").

    A hazard names the attacked player, ``Player(team)``: seat ``t`` always belongs to team ``t``
    (MBR-1: the team of seat ``s`` is ``s % k`` with ``k`` teams, or ``s`` itself), so a lone
    player is named, never called a team, and a pair by one of its players (the label has no
    state to name both; the web shows the button on the pair's tableau).

    Raises:
        TypeError: not a Mille Bornes action.
    """
    match action:
        case Draw(source="pile"):
            return _m("Draw a card")
        case Draw():
            return _m("Take the top discard")
        case Play(card=c) | Remedy(card=c):
            return _m("Play {card}", card=card(c))
        case Hazard(card=c, team=t):
            return _m("Attack {target} with {card}", target=Player(t), card=card(c))
        case Safety(card=c):
            return _m("Lay {card}", card=card(c))
        case CoupFourre(card=c):
            return _m("Coup fourré! Lay {card} crosswise", card=card(c))
        case Decline():
            return _m("No coup fourré")
        case Discard(card=c):
            return _m("Discard {card}", card=card(c))
        case Redraw(cards=cs):
            return _m("Discard {cards} and draw back to six", cards=cards(cs))
        case Extend(yes=True):
            return _m("Extension: go on to 1000 km")
        case Extend():
            return _m("No extension: end the leg")
    raise TypeError(f"not a Mille Bornes action: {action!r}")


def _target(seats: Sequence[Seat], viewer: Seat | None) -> str:
    """How the viewer sees a team: ``"you"``, ``"your_team"``, ``"player"`` or ``"pair"``."""
    if viewer is not None and viewer in seats:
        return "you" if len(seats) == 1 else "your_team"
    return "player" if len(seats) == 1 else "pair"


_HAZARD_BY_YOU = {"player": "You played {card} on {target}.",
                  "pair": "You played {card} on team {target}."}
_HAZARD_BY_OTHER = {"you": "{player} played {card} on you.",
                    "your_team": "{player} played {card} on your team.",
                    "player": "{player} played {card} on {target}.",
                    "pair": "{player} played {card} on team {target}."}
_WINDOW = {"you": "Attack on you: {card}. You may call coup fourré until the window closes.",
           "your_team": "Attack on your team: {card}. Coup fourré possible until the window closes.",
           "player": "Attack on {target}: {card}. Coup fourré possible until the window closes.",
           "pair": "Attack on team {target}: {card}. Coup fourré possible until the window closes."}
_LEG_END = {"you": "Leg {leg} is over: you completed the trip.",
            "your_team": "Leg {leg} is over: your team completed the trip."}
# (own sentence, other's sentence) per event kind whose only params are the actor and a card
_BY_SEAT = {
    "discard": ("You discarded {card}.", "{player} discarded {card}."),
    "safety": ("You laid {card} and play again.", "{player} laid {card} and plays again."),
    "remedy": ("You played {card}.", "{player} played {card}."),
    "fast_remedy": ("You answered at once with {card}.", "{player} answered at once with {card}."),
    "draw_discard": ("You took {card} from the discard pile.", "{player} took {card} from the discard pile."),
}


def describe_event(event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
    """A sentence for ``event`` as projected for ``viewer`` (None: a spectator), or None
    for an unknown kind. See the module docstring for the scheme.

    Raises:
        KeyError: an event of a known kind without its fields.
    """
    kind = event["kind"]
    seat = event.get("seat")
    you = seat is not None and seat == viewer
    player = Player(seat) if isinstance(seat, int) else None

    def said(own: str, other: str, **params: Param) -> Message:
        if you:
            return _m(own, **params)
        assert player is not None
        return _m(other, player=player, **params)

    if kind == "leg_start":
        return _m("Leg {leg} starts: the trip is {target} km.", leg=event["leg"], target=event["target"])
    if kind == "deal":
        if "cards" in event:  # only the seat dealt to sees its cards
            return _m("Your hand: {cards}.", cards=cards(event["cards"]))
        return _m("{player} was dealt {count} card.", player=Player(event["seat"]), count=event["count"])
    if kind == "draw":
        if event["source"] == "discard":
            own, other = _BY_SEAT["draw_discard"]
            return said(own, other, card=card(event["card"]))
        if "card" in event:  # only the seat that drew from the pile sees the card
            return _m("You drew {card}.", card=card(event["card"]))
        return _m("{player} drew a card.", player=Player(event["seat"]))
    if kind in ("discard", "safety", "remedy"):
        own, other = _BY_SEAT["fast_remedy" if event.get("fast") else kind]
        return said(own, other, card=card(event["card"]))
    if kind == "distance":
        return said("You played {card}: {km} km in all.", "{player} played {card}: {km} km in all.",
                    card=card(event["card"]), km=event["km"])
    if kind == "hazard":
        seats = event["seats"]
        how = _target(seats, viewer)
        if you:
            return _m(_HAZARD_BY_YOU[how], card=card(event["card"]), target=team_of_players(seats))
        assert player is not None
        if how in ("you", "your_team"):
            return _m(_HAZARD_BY_OTHER[how], player=player, card=card(event["card"]))
        return _m(_HAZARD_BY_OTHER[how], player=player, card=card(event["card"]),
                  target=team_of_players(seats))
    if kind == "window":
        seats = event["seats"]
        how = _target(seats, viewer)
        if how in ("you", "your_team"):
            return _m(_WINDOW[how], card=card(event["hazard"]))
        return _m(_WINDOW[how], card=card(event["hazard"]), target=team_of_players(seats))
    if kind == "decline":
        return said("You let the coup fourré pass.", "{player}: no coup fourré.")
    if kind == "coup_fourre":
        return said("Coup fourré! You laid {card} against {hazard}.",
                    "{player}: coup fourré! {card} against {hazard}.",
                    card=card(event["card"]), hazard=card(event["hazard"]))
    if kind == "extension_question":
        return said("You completed the trip: go on with the extension?",
                    "{player} completed the trip: extension or not?")
    if kind == "extension":
        if event["yes"]:
            return said("You called the extension: the trip is now 1000 km.",
                        "{player}: extension, the trip is now 1000 km.")
        return said("You ended the leg without the extension.", "{player}: no extension.")
    if kind == "redraw":
        return said("You discarded {cards} and drew back to six.",
                    "{player} discarded {cards} and drew back to six.", cards=cards(event["cards"]))
    if kind == "reshuffle":
        return _m("The discard pile was shuffled into a new draw pile of {count} card.",
                  count=event["draw_pile"])
    if kind == "leg_end":
        seats = event["completed_seats"]
        if not seats:
            return _m("Leg {leg} is over: nobody completed the trip.", leg=event["leg"])
        how = _target(seats, viewer)
        if how in _LEG_END:
            return _m(_LEG_END[how], leg=event["leg"])
        return _m("Leg {leg} is over: {target} completed the trip.", leg=event["leg"],
                  target=team_of_players(seats))
    if kind == "game_end":
        winners, teams = event["winners"], event["teams"]
        points = event["totals"][teams[0]]
        if viewer is not None and viewer in winners and len(teams) == 1:
            return _m("Game over: you won with {points} points." if len(winners) == 1
                      else "Game over: your team won with {points} points.", points=points)
        if len(winners) == 1:  # a lone winner is no "Winners: Miren" (a two-player game)
            return _m("Game over. Winner: {winner} ({points} points).", winner=Player(winners[0]),
                      points=points)
        return _m("Game over. Winners: {winners} ({points} points).",
                  winners=team_of_players(winners), points=points)
    return None
