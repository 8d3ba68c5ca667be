"""Spades text: actions and projected events as :class:`~mahai.core.text.Message` keys.

The sentences live once, in the ``spades`` catalogs
(``mahai/locale/<lang>/LC_MESSAGES/spades.po``); the msgid is the English
sentence. An event is described for its viewer: a seat reads "You played
{card}." for its own play and "{player} played {card}." for another's (the
front end names each :class:`~mahai.core.text.Player`). A card is a nested
message ``card.<notation>`` (``card.QS`` → "the queen of spades", "piketako
dama"); a list of cards or players nests ``"{a}, {b}"`` and ``"{a} and {b}"``.

    >>> from mahai.games.spades.actions import Play
    >>> describe_action(Play(49)).params["card"]
    Message(domain='spades', msgid='card.QS', params={})
    >>> describe_event({"kind": "play", "seat": 1, "card": "QS"}, 1).msgid
    'You played {card}.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahai.core.game import Action, Seat
from mahai.core.text import Message, Param, Player
from mahai.games.spades.actions import Bid, BlindBid, BlindNil, Discard, Keep, Look, Pass, Play
from mahai.games.spades.cards import CARD_TEXTS, card_text

DOMAIN = "spades"


def _m(msgid: str, **params: Param) -> Message:
    return Message(DOMAIN, msgid, params)


CARD_NAMES: dict[str, Message] = {text: _m(f"card.{text}") for text in CARD_TEXTS}
"""Card notation (``"QS"``) → its name, msgid ``card.QS``."""


def card_name(card: str | int) -> Message:
    """The name of a card given as notation (``"QS"``, ``"BJ"``) or int (0…53).

    Raises:
        KeyError, IndexError: not a card.
    """
    return CARD_NAMES[card if isinstance(card, str) else card_text(card)]


def joined(items: Sequence[Param]) -> Param:
    """``[a]`` → ``a``; ``[a, b]`` → "{a} and {b}"; ``[a, b, c]`` → "{a}, {b}" with
    ``b`` the rest joined the same way ("a, b and c").

    Raises:
        ValueError: ``items`` is empty.
    """
    if not items:
        raise ValueError("nothing to join")
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return _m("{a} and {b}", a=items[0], b=items[1])
    return _m("{a}, {b}", a=items[0], b=joined(items[1:]))


def cards_param(cards: Sequence[str | int]) -> Param:
    """The names of ``cards`` joined ("the 2 of hearts, the 9 of spades and …").

    Raises:
        ValueError: no card.
    """
    return joined([card_name(c) for c in cards])


def describe_action(action: Action) -> Message:
    """A label for ``action`` ("Bid 3", "Bid nil", "Play {card}", …).

    Raises:
        TypeError: not a Spades action.
    """
    if isinstance(action, Play):
        return _m("Play {card}", card=card_name(action.card))
    if isinstance(action, Bid):
        return _m("Bid nil") if action.tricks == 0 else _m("Bid {n}", n=action.tricks)
    if isinstance(action, BlindNil):
        return _m("Bid blind nil")
    if isinstance(action, BlindBid):
        return _m("Bid {n} blind", n=action.tricks)
    if isinstance(action, Look):
        return _m("Look at your cards")
    if isinstance(action, Pass):
        return _m("Pass {cards} to your partner", cards=cards_param(action.cards))
    if isinstance(action, Keep):
        return _m("Keep the shown card")
    if isinstance(action, Discard):
        return _m("Discard the shown card and take the next one")
    raise TypeError(f"not a Spades action: {action!r}")


def _bid(seat: Seat, bid: object, you: bool) -> Message:
    if bid == "nil" or bid == 0:
        return _m("You bid nil.") if you else _m("{player} bid nil.", player=Player(seat))
    if bid == "blind_nil":
        return _m("You bid blind nil.") if you else _m("{player} bid blind nil.", player=Player(seat))
    if isinstance(bid, str) and bid.startswith("blind_"):  # a blind bid, "blind_6" (SPR-17)
        n = int(bid[6:])
        if you:
            return _m("You bid {n} blind.", n=n)
        return _m("{player} bid {n} blind.", player=Player(seat), n=n)
    n = int(bid)  # type: ignore[call-overload]
    return _m("You bid {n}.", n=n) if you else _m("{player} bid {n}.", player=Player(seat), n=n)


def _hand(event: Mapping[str, Any], you: bool) -> Message:
    seat = event["seat"]
    if "cards" in event:
        cards = event["cards"]
        if not cards:
            return _m("You picked up no cards.") if you else _m(
                "{player} picked up no cards.", player=Player(seat))
        if you:
            return _m("You picked up your cards: {cards}.", cards=cards_param(cards))
        return _m("{player} picked up {cards}.", player=Player(seat), cards=cards_param(cards))
    count = int(event["count"])
    if you:
        return _m("You picked up {count} card.", count=count)
    return _m("{player} picked up {count} card.", player=Player(seat), count=count)


def _pass(event: Mapping[str, Any], viewer: Seat | None) -> Message:
    seat, to = event["seat"], event["to"]
    if "cards" in event:
        cards = cards_param(event["cards"])
        if viewer == seat:
            return _m("You passed {cards} to your partner.", cards=cards, to=Player(to))
        if viewer == to:
            return _m("{player} passed you {cards}.", player=Player(seat), cards=cards)
        return _m("{player} passed {cards} to {to}.", player=Player(seat), cards=cards, to=Player(to))
    count = int(event["count"])
    if viewer == seat:
        return _m("You passed {count} card to your partner.", count=count, to=Player(to))
    if viewer == to:
        return _m("{player} passed you {count} card.", player=Player(seat), count=count)
    return _m("{player} passed {count} card to {to}.", player=Player(seat), count=count, to=Player(to))


def _draw(event: Mapping[str, Any], you: bool) -> Message:
    seat, keep = event["seat"], event["choice"] == "keep"
    if "kept" in event:
        kept, dropped = card_name(event["kept"]), card_name(event["discarded"])
        if keep:
            if you:
                return _m("You kept {kept} and discarded {discarded}.", kept=kept, discarded=dropped)
            return _m("{player} kept {kept} and discarded {discarded}.", player=Player(seat), kept=kept,
                      discarded=dropped)
        if you:
            return _m("You discarded {discarded} and took {kept}.", kept=kept, discarded=dropped)
        return _m("{player} discarded {discarded} and took {kept}.", player=Player(seat), kept=kept,
                  discarded=dropped)
    if keep:
        return _m("You kept the shown card.") if you else _m(
            "{player} kept the shown card.", player=Player(seat))
    return _m("You discarded the shown card and took the next one.") if you else _m(
        "{player} discarded the shown card and took the next one.", player=Player(seat))


def _side(seats: Sequence[Seat]) -> Param:
    return joined([Player(s) for s in seats])


def _hand_scored(event: Mapping[str, Any], viewer: Seat | None) -> Message:
    sides = event["sides"]
    players = len(event["bids"])
    seats = [(0,), (1,)] if players == 2 else [(0, 2), (1, 3)]
    if viewer is not None and 0 <= viewer < players:
        mine = viewer % 2
        other = 1 - mine
        msgid = ("Hand {hand} scored: you {points} (total {total}); {others}: {other_points} "
                 "(total {other_total}).") if players == 2 else (
                 "Hand {hand} scored: your side {points} (total {total}); {others}: {other_points} "
                 "(total {other_total}).")
        return _m(msgid, hand=int(event["hand"]), points=int(sides[mine]["points"]),
                  total=int(sides[mine]["total"]), others=_side(seats[other]),
                  other_points=int(sides[other]["points"]), other_total=int(sides[other]["total"]))
    params: dict[str, Param] = {"hand": int(event["hand"])}
    for i in (0, 1):
        params[f"side{i}"] = _side(seats[i])
        params[f"points{i}"] = int(sides[i]["points"])
        params[f"total{i}"] = int(sides[i]["total"])
    return _m("Hand {hand} scored: {side0}: {points0} (total {total0}); "
              "{side1}: {points1} (total {total1}).", **params)


def _match_over(event: Mapping[str, Any], viewer: Seat | None) -> Message:
    winners: list[Seat] = list(event["winners"])
    points = list(event["points"])
    if not winners:
        return _m("The match ends in a tie at {points} points.", points=int(points[0]))
    side = winners[0] % 2
    won, lost = int(points[side]), int(points[1 - side])
    if viewer in winners:
        if len(winners) == 1:
            return _m("You won the match, {points} to {other}.", points=won, other=lost)
        return _m("Your side won the match, {points} to {other}.", points=won, other=lost)
    if len(winners) == 1:
        return _m("{player} won the match, {points} to {other}.", player=Player(winners[0]), points=won,
                  other=lost)
    return _m("{player} and {partner} won the match, {points} to {other}.", player=Player(winners[0]),
              partner=Player(winners[1]), points=won, other=lost)


def describe_event(event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
    """The sentence of a projected event (``Spades.project_event``) for ``viewer``
    (a seat, or None for a spectator): the "you" form for the viewer's own deeds.
    Every kind the state emits is described (full and redacted forms) but ``look``,
    which the ``hand`` event after it says (None); None for a kind Spades does not know."""
    kind = event["kind"]
    seat = event.get("seat")
    you = seat is not None and seat == viewer
    if kind == "play":
        card = card_name(event["card"])
        return _m("You played {card}.", card=card) if you else _m(
            "{player} played {card}.", player=Player(seat), card=card)  # type: ignore[arg-type]
    if kind == "trick":
        winner = event["winner"]
        number = int(event["number"])
        if winner == viewer:
            return _m("You won trick {number}.", number=number)
        return _m("{player} won trick {number}.", player=Player(winner), number=number)
    if kind == "bid":
        return _bid(seat, event["bid"], you)  # type: ignore[arg-type]
    if kind == "spades_broken":
        return _m("You broke spades.") if you else _m("{player} broke spades.", player=Player(seat))  # type: ignore[arg-type]
    if kind == "deal":
        dealer, hand = event["dealer"], int(event["hand"])
        if dealer == viewer:
            return _m("Hand {hand}: you deal.", hand=hand)
        return _m("Hand {hand}: {player} deals.", hand=hand, player=Player(dealer))
    if kind == "hand":
        return _hand(event, you)
    if kind == "look":
        # Said once, by the "hand" event that always follows it ("Ane picked up 13 cards."):
        # a line of its own read every deal twice over in the log (SPR-6).
        return None
    if kind == "exchange":
        return _m("Blind nil exchange: {count} card each way.", count=int(event["count"]))
    if kind == "pass":
        return _pass(event, viewer)
    if kind == "play_starts":
        leader = event["leader"]
        if leader == viewer:
            return _m("Play starts: you lead.")
        return _m("Play starts: {player} leads.", player=Player(leader))
    if kind == "hand_scored":
        return _hand_scored(event, viewer)
    if kind == "match_over":
        return _match_over(event, viewer)
    if kind == "shown":
        card = card_name(event["card"])
        return _m("You are shown {card}.", card=card) if you else _m(
            "{player} is shown {card}.", player=Player(seat), card=card)  # type: ignore[arg-type]
    if kind == "draw":
        return _draw(event, you)
    if kind == "stock_empty":
        return _m("The stock is empty: bidding starts.")
    return None
