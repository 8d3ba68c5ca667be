"""The DenboraZup :class:`~mahai.core.game.Game`: options, notation and the one projection.

View JSON (``DenboraZupGame.view(state, viewer)``)::

    {"game": "denborazup", "mode": "multi"|"solo"|"long", "players": N, "viewer": seat|None,
     "phase": "flip"|"decide"|"vote"|"star"|"tiebreak"|"over", "round": r,
     "first_player": s, "flipper": s, "coin": "up"|"down"|None, "to_act": [seats],
     "reference": CARD, "timeline": [CARD...], "reference_index": k,   # long mode: whole timeline
     "hand": [{"id", "title": {"eu","en","es"}}...] | None,          # the viewer's own: NO dates
     "hand_counts": [n per seat], "deck_count": n, "discard_count": n, "used": [n per seat],
     "decided": [seats], "my_decision": "place x"|"pass"|None,           # decide phase
     "voted": [seats], "my_vote": true|false|None,                       # vote phase
     "catchable": [seats], "star_queue": [seats], "idle_rounds": n,
     "tiebreak": {"seats": [...], "chosen": [...], "options": [{"id","title"}]|None} | None,
     "last_reveal": [{"seat", "card": CARD, "slot", "call", "correct"}...],
     "legal": [notation...], "winners": [seats], "rating": "Bikain"|...|None}

Long timeline (DZR-13): slot ``k`` is the gap before ``timeline[k]`` (0 … len(timeline)); UP
allows the slots after the reference (``reference_index + 1`` …), DOWN those up to it (0 …
``reference_index``). ``CARD`` (revealed cards only: the reference, the timeline, judged placements) is
``{"id", "title", "year", "month", "day", "precision", "star", "category", "region",
"explanation_eu", "source_url"}``. A card in a hand or in the deck never shows its date.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from mahai.core.errors import InvalidOptions, MalformedAction
from mahai.core.game import Action, Game, Seat
from mahai.core.text import Message
from mahai.games.denborazup import describe
from mahai.games.denborazup.deck import DOMAIN, Deck, package_deck
from mahai.games.denborazup.rules import (
    HAND_SIZE,
    SOLO_HAND_SIZE,
    Catch,
    Choose,
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


@dataclass(frozen=True)
class DenboraZupObservation:
    """One viewer's knowledge of a state; :meth:`to_json` gives the view JSON above."""

    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.data


def _seat(text: str, original: str) -> int:
    if not text.isdigit():
        raise MalformedAction("bad_notation", domain=DOMAIN, text=original[:60])
    return int(text)


class DenboraZupGame(Game[DenboraZupState, DenboraZupOptions]):
    """DenboraZup (DZR-1 … DZR-14). ``deck`` may be injected (tests, custom decks);
    by default the package deck ``data/events.csv`` is loaded on first use."""

    name: ClassVar[str] = "denborazup"
    slug: ClassVar[str] = "denborazup"
    player_counts: ClassVar[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7, 8)
    bots: ClassVar[dict[str, str]] = {"expert": "mahai.bots.denborazup:ExpertBot",
                                      "medium": "mahai.bots.denborazup:MediumBot",
                                      "easy": "mahai.bots.denborazup:EasyBot"}
    editions: ClassVar[dict[str, DenboraZupOptions]] = {
        "multi": DenboraZupOptions("multi"),
        "solo": DenboraZupOptions("solo"),
        "long": DenboraZupOptions("long"),
    }

    def __init__(self, deck: Deck | None = None) -> None:
        self._deck = deck

    @property
    def deck(self) -> Deck:
        """The deck in use (loaded lazily). Raises DeckError if the package deck is missing."""
        if self._deck is None:
            self._deck = package_deck()
        return self._deck

    def _titles(self, card: str) -> Mapping[str, str]:
        return self.deck.get(card).titles

    def describe_action(self, action: Action) -> Message:
        """The label of ``action`` (see :mod:`mahai.games.denborazup.describe`)."""
        return describe.describe_action(action, self._titles)

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        """The sentence of a projected event for ``viewer`` (see :mod:`.describe`)."""
        return describe.describe_event(event, viewer, self._titles)

    def players(self, options: DenboraZupOptions) -> tuple[int, ...]:
        """Solo: exactly 1 player (DZR-12); multi and long: 2 to 8 (DZR-3)."""
        return (1,) if options.mode == "solo" else tuple(range(2, 9))

    def default_edition(self, players: int | None = None) -> str:
        """``solo`` for one player, else ``multi``."""
        return "solo" if players == 1 else "multi"

    def stats(self, state: DenboraZupState) -> dict[str, float]:
        """``rounds`` (coin flips) and ``cards_placed`` (by every seat) of a game."""
        return {"rounds": float(state.round), "cards_placed": float(sum(state.used))}

    def new(self, options: DenboraZupOptions, players: int, seed: int) -> DenboraZupState:
        """A new game; raises InvalidOptions (``bad_player_count`` unless :meth:`players`
        allows ``players``, ``deck_too_small``)."""
        self.check_players(options, players)
        hand = SOLO_HAND_SIZE if options.mode == "solo" else HAND_SIZE
        if len(self.deck) < players * hand + 1:
            raise InvalidOptions("deck_too_small", domain=DOMAIN, cards=len(self.deck),
                                 needed=players * hand + 1)
        return DenboraZupState(self.deck, options, players, random.Random(seed))

    def parse_action(self, text: str) -> Any:
        """Notation → action: ``flip``, ``place <id> [slot <k>] [call]``, ``pass``,
        ``vote yes|no``, ``catch <seat>``, ``waive``, ``star replace``, ``star give <seat>``,
        ``choose <id>``. Raises MalformedAction (``bad_notation``)."""
        words = text.split()
        bad = MalformedAction("bad_notation", domain=DOMAIN, text=text[:60])
        if not words:
            raise bad
        head, rest = words[0].lower(), words[1:]
        if head == "flip" and not rest:
            return Flip()
        if head == "pass" and not rest:
            return Pass()
        if head == "waive" and not rest:
            return Waive()
        if head == "place" and rest:
            card, extra = rest[0], rest[1:]
            call = bool(extra) and extra[-1].lower() == "call"
            if call:
                extra = extra[:-1]
            slot: int | None = None
            if extra:
                if len(extra) != 2 or extra[0].lower() != "slot":
                    raise bad
                slot = _seat(extra[1], text)
            return Place(card, slot, call)
        if head == "vote" and len(rest) == 1 and rest[0].lower() in ("yes", "no"):
            return Vote(rest[0].lower() == "yes")
        if head == "catch" and len(rest) == 1:
            return Catch(_seat(rest[0], text))
        if head == "star" and rest == ["replace"]:
            return StarReplace()
        if head == "star" and len(rest) == 2 and rest[0] == "give":
            return StarGive(_seat(rest[1], text))
        if head == "choose" and len(rest) == 1:
            return Choose(rest[0])
        raise bad

    def observe(self, state: DenboraZupState, viewer: Seat | None) -> DenboraZupObservation:
        """The projection (the only way state leaves the engine). Hands, the deck, other
        seats' pending decisions and votes, and tie-break draws are hidden; the viewer's
        own hand shows ids and titles only, never dates (hidden-information rule)."""
        own = viewer is not None and 0 <= viewer < state.players

        def hidden(card: str) -> dict[str, Any]:
            return {"id": card, "title": state.cards[card].titles}

        secret = state.hidden_cards()  # a card revealed earlier and drawn again hides its date again
        decision = state.decisions.get(viewer) if own and viewer is not None else None
        vote = state.votes.get(viewer) if own and viewer is not None else None
        tiebreak = None
        if state.phase == "tiebreak":
            options = state.tie_options.get(viewer) if viewer is not None else None
            tiebreak = {"seats": list(state.tied), "chosen": sorted(state.tie_choices),
                        "options": [hidden(c) for c in options] if options is not None else None,
                        "my_choice": state.tie_choices.get(viewer) if viewer is not None else None}
        data: dict[str, Any] = {
            "game": self.name, "mode": state.mode, "players": state.players, "viewer": viewer,
            "phase": state.phase, "round": state.round, "first_player": state.first_player,
            "flipper": state.flipper, "coin": state.coin, "to_act": list(state.to_act()),
            "reference": state.revealed(state.reference),
            "timeline": [state.revealed(c) for c in state.timeline], "reference_index": state.ref_index,
            "hand": [hidden(c) for c in state.hands[viewer]] if own and viewer is not None else None,
            "hand_counts": [len(h) for h in state.hands], "deck_count": len(state.deck),
            "discard_count": len(state.discard), "used": list(state.used),
            "decided": sorted(state.decisions), "my_decision": decision.notation() if decision else None,
            "voted": sorted(state.votes), "my_vote": vote,
            "catchable": sorted(state.catchable), "star_queue": list(state.star_queue),
            "idle_rounds": state.idle_rounds, "tiebreak": tiebreak,
            "last_reveal": [{**r, "card": hidden(r["card"]["id"]) if r["card"]["id"] in secret else r["card"]}
                            for r in state.last_reveal],
            "legal": [a.notation() for a in state.legal_actions(viewer)] if own and viewer is not None
            else [],
            "winners": sorted(state.winners()), "rating": state.rating(),
        }
        return DenboraZupObservation(data)
