"""Text of DenboraZup actions and events: :class:`~mahai.core.text.Message` keys, never sentences.

:func:`describe_action` labels an action (a button, a log line); :func:`describe_event` says what
happened *as projected* for one viewer (``Game.project_event``), written for that viewer: "You
drew …" for the seat itself, "{player} drew 2 cards." for the others (Basque verbs differ by
person). Only the projected event is read, so a sentence can never tell more than the
projection: a card's date appears only where the event carries it (revealed cards).

Card titles and dates reach the catalog as one nested message, msgid ``localized``, whose params
are the text in each language (``eu``, ``en``, ``es``, ``fr``; French titles are the English ones,
as :meth:`HistoryCard.title`); each language's catalog picks its own param. A list of items
(placements of a reveal, tied players) is a chain of ``list`` messages (``"{head}; {tail}"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahai.core.game import Seat
from mahai.core.text import Message, Param, Player
from mahai.games.denborazup.actions import (
    Catch,
    Choose,
    Flip,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
    parse_action,
)
from mahai.games.denborazup.cards import DOMAIN, format_parts

LANGS = ("eu", "en", "es", "fr")


def _m(msgid: str, **params: Param) -> Message:
    return Message(DOMAIN, msgid, params)


def localized(texts: Mapping[str, str]) -> Message:
    """A text given in every language (``{"eu", "en", "es"[, "fr"]}``; French falls back to English)."""
    return _m("localized", eu=texts["eu"], en=texts["en"], es=texts["es"], fr=texts.get("fr", texts["en"]))


def card_title(titles: Mapping[str, str]) -> Message:
    """A card's title (the ``title`` of a card in the view JSON, or :attr:`HistoryCard.titles`)."""
    return localized(titles)


def card_date(card: Mapping[str, Any]) -> Message:
    """The date of a revealed card of the view JSON (``year``, ``month``, ``day``, ``precision``)."""
    return _m("localized", **{lang: format_parts(int(card["year"]), card.get("month"), card.get("day"),
                                                 str(card.get("precision")), lang) for lang in LANGS})


#: Quotes around a title inside a sentence, as each catalog quotes ``{card}``: “…” in Basque and
#: English, «…» in Spanish, « … » in French with no-break spaces, so that no line ends with a lone
#: « (``mahai.i18n.french_quotes`` turns a title's own guillemets inside them into “…”).
QUOTES = {"eu": ("“", "”"), "en": ("“", "”"), "es": ("«", "»"), "fr": ("«\u00a0", "\u00a0»")}


def titles_list(titles: Sequence[Mapping[str, str]]) -> Message:
    """Several titles as one text, each quoted as its language quotes a title (:data:`QUOTES`),
    comma-separated: ``“A”, “B”`` (a list of cards in a sentence, e.g. the cards a penalty draws)."""
    return _m("localized", **{lang: ", ".join(QUOTES[lang][0] + t.get(lang, t["en"]) + QUOTES[lang][1]
                                              for t in titles) for lang in LANGS})


def joined(items: Sequence[Param]) -> Param:
    """``items`` (messages or players) as one: ``"{head}; {tail}"`` chained (at least one item)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = _m("list", head=item, tail=out)
    return out


def joined_messages(items: Sequence[Message]) -> Message:
    """Whole sentences (each with its full stop, at least one) as one text, one after the other:
    ``"{head} {tail}"`` chained (the list's ``"; "`` read “… can be caught.; …”)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = _m("sentences", head=item, tail=out)
    return out


def describe_action(action: Any, titles: Callable[[str], Mapping[str, str]]) -> Message:
    """The label of ``action``; ``titles(card_id)`` gives a card's titles by language. A slot
    is named as the timeline shows it to a person, counted from 1 (notation ``slot 0`` is
    "slot 1", the place before the first card).

    Raises:
        TypeError: ``action`` is not a DenboraZup action.
    """
    if isinstance(action, Place | Choose) and action.card_id is not None:  # a legal action: by id
        action = Place(action.card_id, action.slot, action.call) if isinstance(action, Place) \
            else Choose(action.card_id)
    match action:
        case Flip():
            return _m("Flip the coin")
        case Pass():
            return _m("Pass")
        case Waive():
            return _m("Let it go")
        case Vote(yes=True):
            return _m("Yes, replace the reference card")
        case Vote():
            return _m("No, keep the reference card")
        case Catch(seat=seat):
            return _m("Catch {player}: no “DenboraZup!” call", player=Player(seat))
        case StarReplace():
            return _m("Star: replace the reference card")
        case StarGive(seat=seat):
            return _m("Star: give the top card to {player}", player=Player(seat))
        case Choose(card=card):
            return _m("Choose {card}", card=card_title(titles(card)))
        case Place(card=card, slot=None, call=False):
            return _m("Place {card}", card=card_title(titles(card)))
        case Place(card=card, slot=None):
            return _m("Place {card} and call “DenboraZup!”", card=card_title(titles(card)))
        case Place(card=card, slot=int(slot), call=False):
            return _m("Place {card} in slot {slot}", card=card_title(titles(card)), slot=slot + 1)
        case Place(card=card, slot=int(slot)):
            return _m("Place {card} in slot {slot} and call “DenboraZup!”", card=card_title(titles(card)),
                      slot=slot + 1)
    raise TypeError(f"not a DenboraZup action: {action!r}")


def describe_slots(action: Place, titles: Callable[[str], Mapping[str, str]]) -> Message:
    """The label of ``action``'s family (:meth:`DenboraZupGame.wire_legal`): its card placed in
    any slot, with or without the call as ``action``, the slot's number written ``{n}``; the
    same message as :func:`describe_action` gives each of them."""
    card = card_title(titles(action.card_id or action.card))
    if action.call:
        return _m("Place {card} in slot {slot} and call “DenboraZup!”", card=card, slot="{n}")
    return _m("Place {card} in slot {slot}", card=card, slot="{n}")


def describe_event(event: Mapping[str, Any], viewer: Seat | None,
                   titles: Callable[[str], Mapping[str, str]]) -> Message | None:
    """The sentence of a projected ``event`` for ``viewer`` (None: a spectator).

    ``titles(card_id)`` gives the titles of a card the event names by id only (the viewer's own
    draws and decisions); an event that names cards by handle carries their titles
    (``"titles": {handle: titles}``). Returns None for an unknown kind.
    """
    kind = event.get("kind")
    seat: Any = event.get("seat")
    me = viewer is not None and seat == viewer
    named = event.get("titles")
    if isinstance(named, Mapping):  # hidden cards named by handle carry their titles (opaque states)
        by_id = titles

        def titles(card: str) -> Mapping[str, str]:
            found = named.get(card)
            return found if isinstance(found, Mapping) else by_id(card)

    if kind == "flip":
        face = _m(str(event["coin"]))
        if me:
            return _m("Round {round}: you flipped the coin: {face}.", round=event["round"], face=face)
        return _m("Round {round}: {player} flipped the coin: {face}.", round=event["round"],
                  player=Player(seat), face=face)
    if kind == "decided":
        if "action" not in event:
            return _m("{player} has decided.", player=Player(seat))
        match parse_action(str(event["action"])):
            case Place(card=card, slot=None, call=False):
                return _m("Your decision: place {card}.", card=card_title(titles(card)))
            case Place(card=card, slot=None):
                return _m("Your decision: place {card} and call “DenboraZup!”.",
                          card=card_title(titles(card)))
            case Place(card=card, slot=int(slot), call=False):
                return _m("Your decision: place {card} in slot {slot}.", card=card_title(titles(card)),
                          slot=slot + 1)
            case Place(card=card, slot=int(slot)):
                return _m("Your decision: place {card} in slot {slot} and call “DenboraZup!”.",
                          card=card_title(titles(card)), slot=slot + 1)
        return _m("Your decision: pass.")
    if kind == "all_passed":
        return _m("Everybody passed: vote on replacing the reference card.")
    if kind == "voted":
        if "yes" not in event:
            return _m("{player} has voted.", player=Player(seat))
        return _m("You voted to replace the reference card.") if event["yes"] \
            else _m("You voted to keep the reference card.")
    if kind == "vote_result":
        return _m("Vote: the reference card is replaced.") if event["yes"] \
            else _m("Vote: the reference card stays.")
    if kind == "reveal":
        return _m("Reveal: {placements}.", placements=_reveal_items(event, viewer))
    if kind == "draw":
        return _draw(event, viewer, titles)
    if kind == "reshuffle":
        return _m("The discard pile was shuffled into a new deck of {n} card.", n=event["count"])
    if kind == "draw_skipped":  # DZR-6 / DZC-3: the penalties of a reveal, or a new reference
        seats = event.get("seats") or []
        if not seats:
            return _m("No card is left to draw.")
        if len(seats) == 1:
            return _m("No card left for you to draw.") if seats[0] == viewer \
                else _m("No card left for {player} to draw.", player=Player(seats[0]))
        return _m("No card left to draw: {players}.", players=joined([Player(s) for s in seats]))
    if kind == "missed_call":
        return joined_messages([_m("You did not call “DenboraZup!”: you can be caught.") if s == viewer
                       else _m("{player} did not call “DenboraZup!”: they can be caught.", player=Player(s))
                       for s in event["seats"]])
    if kind == "catch":
        caught = event["caught"]
        if me:
            return _m("You caught {player}, who draws a card.", player=Player(caught))
        if caught == viewer:
            return _m("{player} caught you: you draw a card.", player=Player(seat))
        return _m("{player} caught {other}, who draws a card.", player=Player(seat), other=Player(caught))
    if kind == "waive":
        return _m("You let it go.") if me else _m("{player} let it go.", player=Player(seat))
    if kind == "star":
        if event["choice"] == "replace":
            return _m("You used a star: the reference card is replaced.") if me \
                else _m("{player} used a star: the reference card is replaced.", player=Player(seat))
        to = event["to"]
        if me:
            if to == viewer:
                return _m("You used a star: you take the top card.")
            return _m("You used a star: {other} takes the top card.", other=Player(to))
        if to == viewer:
            return _m("{player} used a star: you take the top card.", player=Player(seat))
        return _m("{player} used a star: {other} takes the top card.", player=Player(seat), other=Player(to))
    if kind == "new_reference":
        ref = event["reference"]
        return _m("New reference card: {card} ({date}).", card=card_title(ref["title"]), date=card_date(ref))
    if kind == "tiebreak_draw":
        if "cards" in event:
            if not event["cards"]:
                return _m("Tie-break: no card left for you to draw.")
            return _m("Tie-break: you drew {cards}.", cards=titles_list([titles(c) for c in event["cards"]]))
        return _m("Tie-break: {player} drew {n} card.", player=Player(seat), n=event["count"])
    if kind == "tiebreak":
        return _m("Tie-break between {players}.", players=joined([Player(s) for s in event["seats"]]))
    if kind == "chosen":
        if "card" in event:
            return _m("You chose {card}.", card=card_title(titles(event["card"])))
        return _m("{player} has chosen.", player=Player(seat))
    if kind == "tiebreak_reveal":
        return _m("Tie-break: {choices}.", choices=joined([
            _m("{player}: {card} ({date}), {distance} years from the reference card",
               player=Player(c["seat"]), card=card_title(c["card"]["title"]), date=card_date(c["card"]),
               distance=c["distance"]) for c in event["choices"]]))
    if kind == "game_over":
        if "rating" in event:
            return _m("Game over: {n} card used. {rating}.", n=event["used"], rating=_m(str(event["rating"])))
        winners = list(event["winners"])
        if len(winners) == 1:
            return _m("You won!") if winners[0] == viewer else _m("{player} won.", player=Player(winners[0]))
        return _m("Winners: {players}.", players=joined([Player(s) for s in winners]))
    return None


def _reveal_items(event: Mapping[str, Any], viewer: Seat | None) -> Param:
    items: list[Param] = []
    for p in event["placements"]:
        card, date = card_title(p["card"]["title"]), card_date(p["card"])
        mine = p["seat"] == viewer
        if p["correct"]:
            items.append(_m("you placed {card} ({date}): right", card=card, date=date) if mine else
                         _m("{player} placed {card} ({date}): right", player=Player(p["seat"]), card=card,
                            date=date))
        else:
            items.append(_m("you placed {card} ({date}): wrong", card=card, date=date) if mine else
                         _m("{player} placed {card} ({date}): wrong", player=Player(p["seat"]), card=card,
                            date=date))
        if p["call"]:
            items.append(_m("you called “DenboraZup!”") if mine else
                         _m("{player} called “DenboraZup!”", player=Player(p["seat"])))
    for s in event["passed"]:
        items.append(_m("you passed") if s == viewer else _m("{player} passed", player=Player(s)))
    return joined(items)


def _draw(event: Mapping[str, Any], viewer: Seat | None,
          titles: Callable[[str], Mapping[str, str]]) -> Message:
    seat, reason, count = event["seat"], event["reason"], event["count"]
    if "cards" in event:  # the viewer's own draw
        if not event["cards"]:
            return _m("No card left for you to draw.")
        cards = titles_list([titles(c) for c in event["cards"]])
        if reason == "penalty":  # DZR-6: two cards, one when the deck runs short; the Basque verb agrees
            return _m("Wrong: you draw {n} card: {cards}.", cards=cards, n=len(event["cards"]))
        if reason == "caught":
            return _m("Caught: you draw {cards}.", cards=cards)
        return _m("Star: you get {cards}.", cards=cards)
    if count == 0:
        return _m("No card left for {player} to draw.", player=Player(seat))
    if count == 1:
        return _m("{player} draws a card.", player=Player(seat))
    return _m("{player} draws {n} card.", player=Player(seat), n=count)
