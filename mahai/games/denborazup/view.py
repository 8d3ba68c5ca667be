"""The projection: what one viewer may know of a DenboraZup state.

:func:`observe` is the only way state leaves the engine. Hands, the deck, other seats'
pending decisions and votes, and tie-break draws are hidden; the viewer's own hand shows
handles and titles only (:class:`CardFace`), never ids or dates (a card's handle, drawn for
this game alone, cannot be joined to the public chronology; see
:mod:`~mahai.games.denborazup.state`); a revealed card (the reference, the timeline, a judged
placement) is a whole :class:`~mahai.games.denborazup.cards.HistoryCard`, unless it has gone
back into a hand or the deck since (then a face again).

View JSON (:meth:`DenboraZupObservation.to_json`)::

    {"game": "denborazup", "mode": "multi"|"solo"|"long", "players": N, "viewer": seat|None,
     "phase": "flip"|"decide"|"vote"|"star"|"tiebreak"|"over", "round": r,
     "first_player": s, "flipper": s, "coin": "up"|"down"|None, "to_act": [seats],
     "reference": CARD, "timeline": [CARD...], "reference_index": k,   # long mode: whole timeline
     "hand": [{"id", "title": {"eu","en","es"}}...] | None,    # the viewer's own: handles, NO dates
     "hand_counts": [n per seat], "deck_count": n, "discard_count": n, "used": [n per seat],
     "decided": [seats], "my_decision": "place x"|"pass"|None,           # decide phase
     "voted": [seats], "my_vote": true|false|None,                       # vote phase
     "catchable": [seats], "star_queue": [seats], "idle_rounds": n,
     "tiebreak": {"seats": [...], "chosen": [...], "options": [{"id","title"}]|None,
                  "my_choice": id|None} | None,
     "last_reveal": [{"seat", "card": CARD, "slot", "call", "correct"}...],
     "legal": [notation...], "winners": [seats], "rating": "Bikain"|...|None}

Long timeline (DZR-13): slot ``k`` is the gap before ``timeline[k]`` (0 … len(timeline)); UP
allows the slots after the reference (``reference_index + 1`` …), DOWN those up to it (0 …
``reference_index``). ``CARD`` (revealed cards only) is :func:`~mahai.games.denborazup.cards.card_json`:
``{"id", "title", "year", "month", "day", "precision", "star", "category", "region",
"explanation_eu", "source_url"}``. A card in a hand or in the deck never shows its date.

On the wire (:func:`wire_view`, :func:`wire_event`) the web server sends a reader only what its
pages show of this, in its language: the long timeline sent every card whole, four titles and
four explanations each, after every move (200 kB a message with 136 cards, 9.5 MB a 50-step
replay page: ``benchmarks/dz_weight.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from mahai.core.game import Seat
from mahai.games.denborazup.actions import DenboraZupAction, Pass, Place
from mahai.games.denborazup.cards import HistoryCard, card_json
from mahai.games.denborazup.options import RULES, Mode, ModeRules
from mahai.games.denborazup.state import Coin, DenboraZupState, Phase


class CardFace(NamedTuple):
    """A card seen from its title side: its handle (``id``; the card id itself in a state
    without opaque handles) and titles by language, never its date."""

    id: str
    title_eu: str
    title_en: str
    title_es: str
    title_fr: str | None = None

    @classmethod
    def of(cls, card: HistoryCard, handle: str | None = None) -> CardFace:
        """The face of ``card``, named ``handle`` (default: its id)."""
        return cls(handle or card.id, card.title_eu, card.title_en, card.title_es, card.titles.get("fr"))

    @property
    def titles(self) -> dict[str, str]:
        """Titles by language code: ``{"eu", "en", "es"}`` and ``"fr"`` where the deck has it."""
        titles = {"eu": self.title_eu, "en": self.title_en, "es": self.title_es}
        if self.title_fr:
            titles["fr"] = self.title_fr
        return titles

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.titles}


def _card_json(card: HistoryCard | CardFace) -> dict[str, Any]:
    return card.to_json() if isinstance(card, CardFace) else card_json(card)


class TieBreak(NamedTuple):
    """The tie-break (DZR-9) as the viewer knows it: the tied seats, those that chose, the
    viewer's own drawn events (None if it is not tied) and its choice."""

    seats: tuple[Seat, ...]
    chosen: tuple[Seat, ...]
    options: tuple[CardFace, ...] | None
    my_choice: str | None


class Placement(NamedTuple):
    """One placement of the last reveal (DZR-6): the card whole, or its face if it went back
    into a hand or the deck since."""

    seat: Seat
    card: HistoryCard | CardFace
    slot: int | None
    call: bool
    correct: bool


class DenboraZupObservation(NamedTuple):
    """One viewer's knowledge of a state (seats and counts as ints, cards as
    :class:`HistoryCard` when revealed, :class:`CardFace` when not); :meth:`to_json` gives
    the view JSON of the module docstring."""

    mode: Mode
    players: int
    viewer: Seat | None
    phase: Phase
    round: int
    first_player: Seat
    flipper: Seat
    coin: Coin | None
    to_act: tuple[Seat, ...]
    timeline: tuple[HistoryCard, ...]
    reference_index: int
    hand: tuple[CardFace, ...] | None
    hand_counts: tuple[int, ...]
    deck_count: int
    discard_count: int
    used: tuple[int, ...]
    decided: tuple[Seat, ...]
    my_decision: Place | Pass | None
    voted: tuple[Seat, ...]
    my_vote: bool | None
    catchable: tuple[Seat, ...]
    star_queue: tuple[Seat, ...]
    idle_rounds: int
    tiebreak: TieBreak | None
    last_reveal: tuple[Placement, ...]
    legal: tuple[DenboraZupAction, ...]
    winners: tuple[Seat, ...]
    rating: str | None

    @property
    def reference(self) -> HistoryCard:
        """The reference card (revealed)."""
        return self.timeline[self.reference_index]

    @property
    def rules(self) -> ModeRules:
        """What the mode changes in the rules (:data:`~mahai.games.denborazup.options.RULES`)."""
        return RULES[self.mode]

    def to_json(self) -> dict[str, Any]:
        tiebreak = self.tiebreak
        return {
            "game": "denborazup", "mode": self.mode, "players": self.players, "viewer": self.viewer,
            "phase": self.phase, "round": self.round, "first_player": self.first_player,
            "flipper": self.flipper, "coin": self.coin, "to_act": list(self.to_act),
            "reference": card_json(self.reference),
            "timeline": [card_json(c) for c in self.timeline], "reference_index": self.reference_index,
            "hand": [c.to_json() for c in self.hand] if self.hand is not None else None,
            "hand_counts": list(self.hand_counts), "deck_count": self.deck_count,
            "discard_count": self.discard_count, "used": list(self.used),
            "decided": list(self.decided),
            "my_decision": self.my_decision.notation() if self.my_decision else None,
            "voted": list(self.voted), "my_vote": self.my_vote,
            "catchable": list(self.catchable), "star_queue": list(self.star_queue),
            "idle_rounds": self.idle_rounds,
            "tiebreak": None if tiebreak is None else {
                "seats": list(tiebreak.seats), "chosen": list(tiebreak.chosen),
                "options": [c.to_json() for c in tiebreak.options] if tiebreak.options is not None else None,
                "my_choice": tiebreak.my_choice},
            "last_reveal": [{"seat": p.seat, "card": _card_json(p.card), "slot": p.slot, "call": p.call,
                             "correct": p.correct} for p in self.last_reveal],
            "legal": [a.notation() for a in self.legal],
            "winners": list(self.winners), "rating": self.rating,
        }


def observe(state: DenboraZupState, viewer: Seat | None) -> DenboraZupObservation:
    """What ``viewer`` (a seat, or None for a spectator) may know of ``state``."""
    own = viewer is not None and 0 <= viewer < state.players
    cards, handles = state.cards, state.handles

    def face(card: str) -> CardFace:
        return CardFace.of(cards[card], handles[card])

    def public(decision: Place | Pass | None) -> Place | Pass | None:
        if isinstance(decision, Place):  # the viewer's own, by handle
            return Place(handles[decision.card], decision.slot, decision.call)
        return decision

    secret = state.hidden_cards()  # a card revealed earlier and drawn again hides its date again
    tiebreak = None
    if state.phase == "tiebreak":
        options = state.tie_options.get(viewer) if viewer is not None else None
        tiebreak = TieBreak(tuple(state.tied), tuple(sorted(state.tie_choices)),
                            tuple(face(c) for c in options) if options is not None else None,
                            handles[state.tie_choices[viewer]] if viewer in state.tie_choices else None)
    seat = viewer if own and viewer is not None else None
    return DenboraZupObservation(
        mode=state.mode, players=state.players, viewer=viewer, phase=state.phase, round=state.round,
        first_player=state.first_player, flipper=state.flipper, coin=state.coin, to_act=state.to_act(),
        timeline=tuple(cards[c] for c in state.timeline), reference_index=state.ref_index,
        hand=tuple(face(c) for c in state.hands[seat]) if seat is not None else None,
        hand_counts=tuple(len(h) for h in state.hands), deck_count=len(state.deck),
        discard_count=len(state.discard), used=tuple(state.used),
        decided=tuple(sorted(state.decisions)),
        my_decision=public(state.decisions.get(seat)) if seat is not None else None,
        voted=tuple(sorted(state.votes)), my_vote=state.votes.get(seat) if seat is not None else None,
        catchable=tuple(sorted(state.catchable)), star_queue=tuple(state.star_queue),
        idle_rounds=state.idle_rounds, tiebreak=tiebreak,
        last_reveal=tuple(Placement(j.seat, face(j.card) if j.card in secret else cards[j.card],
                                    j.slot, j.call, j.correct) for j in state.last_reveal),
        legal=tuple(state.legal_actions(seat)) if seat is not None else (),
        winners=tuple(sorted(state.winners())), rating=state.rating(),
    )


# --- the wire ----------------------------------------------------------------
# What the web pages show of a card (static/games/denborazup.js): a hand card its title; a
# revealed card its title, date and star; the reference card of a short game and the last
# reveal's cards their explanation too (explainBox). A long game's timeline shows none: a tapped
# card asks the server for its story (revealed_card, from the spectator's projection).

_DATE = ("year", "month", "day", "precision", "star")


def _pick(texts: Mapping[str, str], lang: str) -> str:
    """The text in ``lang``, else English, else Basque (as :meth:`HistoryCard.title` and
    :meth:`HistoryCard.explanation` fall back)."""
    return texts.get(lang) or texts.get("en") or texts.get("eu") or ""


def wire_card(card: Mapping[str, Any], lang: str, explained: bool = False) -> dict[str, Any]:
    """A card of the view JSON (a face, or a revealed card's :func:`card_json`) as a reader of
    ``lang`` needs it: ``{"id", "title": {lang: text}}``, and for a revealed card ``"year",
    "month", "day", "precision", "star"``; ``explained``: also ``"explanation": {lang: text}``
    (the reader's, else English, else Basque; absent when the card has none) and
    ``"source_url"``. Only what ``card`` holds is kept: a face stays a face, dateless."""
    out: dict[str, Any] = {"id": card["id"], "title": {lang: _pick(card["title"], lang)}}
    if "year" not in card:
        return out
    for key in _DATE:
        out[key] = card[key]
    if explained:
        text = _pick(card.get("explanation") or {"eu": card.get("explanation_eu") or ""}, lang)
        if text:
            out["explanation"] = {lang: text}
        out["source_url"] = card.get("source_url", "")
    return out


def revealed_card(view: Mapping[str, Any], card: str, lang: str) -> dict[str, Any] | None:
    """The card ``card`` if it lies face up in the spectator's ``view`` (the view JSON of
    :func:`observe` with viewer None): the reference, a card of the timeline (DZR-13) or of the
    last reveal (DZR-5), by :func:`wire_card` explained in ``lang`` (``{"id", "title", "year",
    "month", "day", "precision", "star", "explanation": {lang: text}, "source_url"}``); None for
    any other id (a card in a hand, in the deck, discarded, a hand card's handle, no card at all:
    the same None). :meth:`~mahai.core.game.Game.revealed_card` of DenboraZup."""
    shown = [view["reference"], *view["timeline"], *(p["card"] for p in view["last_reveal"])]
    for c in shown:
        if c["id"] == card and "year" in c:  # a face (no date) is a hidden card's handle
            return wire_card(c, lang, explained=True)
    return None


def wire_view(view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The view JSON (:meth:`DenboraZupObservation.to_json`) as the web server sends it to a
    reader of ``lang`` (:meth:`~mahai.core.game.Game.wire_view`): every card by
    :func:`wire_card`, explained for the reference and the last reveal, without explanations on
    the timeline, the hand's and the tie-break's faces with their title alone; no ``legal`` (the
    message's own ``legal`` has the same notations, with their labels). Made from ``view``
    alone: it shows nothing the projection did not."""
    out = {k: v for k, v in view.items() if k != "legal"}
    out["reference"] = wire_card(view["reference"], lang, explained=True)
    out["timeline"] = [wire_card(c, lang) for c in view["timeline"]]
    if view["hand"] is not None:
        out["hand"] = [wire_card(c, lang) for c in view["hand"]]
    tiebreak = view["tiebreak"]
    if tiebreak is not None and tiebreak["options"] is not None:
        out["tiebreak"] = {**tiebreak, "options": [wire_card(c, lang) for c in tiebreak["options"]]}
    out["last_reveal"] = [{**p, "card": wire_card(p["card"], lang, explained=True)}
                          for p in view["last_reveal"]]
    return out


def wire_event(event: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A projected event as the web server sends it to a reader of ``lang`` beside its sentence
    (:meth:`~mahai.core.game.Game.wire_event`): its cards by :func:`wire_card` without
    explanations (the pages show an event's sentence, not its cards' texts); its ``titles``
    (``{handle: {lang: text}}``, a private draw's) in ``lang`` alone."""
    return {key: _wire_part(key, value, lang) for key, value in event.items()}


def _wire_part(key: str, value: Any, lang: str) -> Any:
    if isinstance(value, dict):
        if key == "titles":
            return {k: {lang: _pick(v, lang)} for k, v in value.items()}
        if "id" in value and isinstance(value.get("title"), dict):
            return wire_card(value, lang)
        return {k: _wire_part(k, v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [_wire_part(key, v, lang) for v in value]
    return value
