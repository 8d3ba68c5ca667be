"""The DenboraZup :class:`~mahai.core.game.Game`: metadata, the deck in use, notation, the
projection and the text of actions and events (each a thin call into its module)."""

from __future__ import annotations

import dataclasses
import random
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, ClassVar

from mahai.core.errors import InvalidOptions
from mahai.core.game import Action, ActionFamily, Game, Seat
from mahai.core.text import Message
from mahai.games.denborazup import describe
from mahai.games.denborazup.actions import (
    DenboraZupAction,
    Place,
    parse_action,
)
from mahai.games.denborazup.cards import (
    DOMAIN,
    Deck,
    HistoryCard,
    chronology,
    format_date,
)
from mahai.games.denborazup.deck import package_deck
from mahai.games.denborazup.options import EDITIONS, DenboraZupOptions
from mahai.games.denborazup.state import DenboraZupState
from mahai.games.denborazup.view import DenboraZupObservation, observe, revealed_card, wire_event, wire_view


class DenboraZupGame(Game[DenboraZupState, DenboraZupOptions]):
    """DenboraZup (DZR-1 … DZR-14). ``deck`` may be injected (tests, custom decks);
    by default the package deck ``data/events.csv`` is loaded on first use. ``opaque``: its
    games name hidden cards by per-game handles, never by id (:mod:`.state`; ``False`` for
    rule tests that name cards by id)."""

    name: ClassVar[str] = "denborazup"
    slug: ClassVar[str] = "denborazup"
    stat_names: ClassVar[tuple[str, ...]] = ("rounds", "cards_placed")
    player_counts: ClassVar[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7, 8)
    lower_scores_win: ClassVar[bool] = True  # DZR-9: the cards left in hand (solo, DZR-12: the cards used)
    bots: ClassVar[dict[str, str]] = {"expert": "mahai.bots.denborazup:ExpertBot",  # strongest first
                                      "strong": "mahai.bots.levels:denborazup_strong",
                                      "medium": "mahai.bots.denborazup:MediumBot",
                                      "easy": "mahai.bots.denborazup:EasyBot"}
    editions: ClassVar[dict[str, DenboraZupOptions]] = dict(EDITIONS)
    references: ClassVar[tuple[str, ...]] = ("chronology",)  # DZR-14, see reference()

    HANDLES_KEPT: ClassVar[int] = 200_000
    """How many handles :attr:`_handles` keeps (the most recent games' cards)."""

    def __init__(self, deck: Deck | None = None, opaque: bool = True) -> None:
        self._deck = deck
        self.opaque = opaque
        """Whether its games name hidden cards by opaque handles (:mod:`.state`)."""
        self._handles: OrderedDict[str, str] = OrderedDict()
        """Handle → card id of the games made lately (this process only, never sent): so that
        :meth:`describe_action` can name the card of a recorded notation (a replay, after the
        game); a game that replays its record registers its handles again."""

    @property
    def deck(self) -> Deck:
        """The deck in use (loaded lazily). Raises DeckError if the package deck is missing."""
        if self._deck is None:
            self._deck = package_deck()
        return self._deck

    def chronology(self) -> list[HistoryCard]:
        """DZR-14: every card of the deck sorted by date, the game's public learning view
        (what the web chronology page shows). Raises DeckError as :attr:`deck`."""
        return chronology(self.deck)

    def reference(self, kind: str, lang: str) -> list[dict[str, Any]] | None:
        """DZR-14: the ``"chronology"`` page, every card of :meth:`chronology` (public data only):
        ``id``, ``year``, ``date`` (:func:`.cards.format_date`), ``title`` and ``explanation`` in
        ``lang``, ``star``, ``explanation_eu`` (for older clients), ``source_url``; None for any
        other ``kind``. Raises DeckError as :attr:`deck`."""
        if kind != "chronology":
            return None
        return [{"id": card.id, "year": card.year, "date": format_date(card, lang),
                 "title": card.title(lang), "star": card.star,
                 "explanation": card.explanation(lang), "explanation_eu": card.explanation_eu,
                 "source_url": card.source_url}
                for card in self.chronology()]

    def players(self, options: DenboraZupOptions) -> tuple[int, ...]:
        """Solo: exactly 1 player (DZR-12); multi and long: 2 to 8 (DZR-3)."""
        return options.rules.players

    def default_edition(self, players: int | None = None) -> str:
        """``solo`` for one player, else ``multi``."""
        return "solo" if players == 1 else "multi"

    def stats(self, state: DenboraZupState) -> dict[str, float]:
        """``rounds`` (coin flips) and ``cards_placed`` (by every seat) of a game."""
        return {"rounds": float(state.round), "cards_placed": float(sum(state.used))}

    def options_from_json(self, data: Mapping[str, Any]) -> DenboraZupOptions:
        """Options saved by :func:`~mahai.core.options.options_to_dict`. A record saved before
        ``direction`` existed was played with the coin passing to the left (seat + 1): it
        replays so (DZC-6); new games pass it to the right. A record saved before the
        handles existed named hidden cards by id: it replays so (``handles`` False).

        Raises:
            InvalidOptions: unknown option or value.
        """
        if "direction" not in data:
            data = {**data, "direction": "left"}
        if "handles" not in data:  # saved before handles: its notations name cards by id
            data = {**data, "handles": False}
        return dataclasses.replace(super().options_from_json(
            {k: v for k, v in data.items() if k != "handles"}), handles=data["handles"] is not False)

    def new(self, options: DenboraZupOptions, players: int, seed: int) -> DenboraZupState:
        """A new game; all chance comes from ``random.Random(seed)``.

        Raises:
            InvalidOptions: ``bad_player_count`` unless :meth:`players` allows ``players``;
                ``deck_too_small`` (params ``cards``, ``needed``) if the deck cannot deal.
        """
        self.check_players(options, players)
        needed = players * options.rules.hand_size + 1
        if len(self.deck) < needed:
            raise InvalidOptions("deck_too_small", domain=DOMAIN, cards=len(self.deck), needed=needed)
        opaque = self.opaque and options.handles
        state = DenboraZupState(self.deck, options, players, random.Random(seed), opaque)
        self.resume(state)
        return state

    def resume(self, state: DenboraZupState) -> None:
        """Remember the handles of ``state`` (a game made by :meth:`new`, or a kept state
        taken up again: :meth:`~mahai.core.record.GameRecord.steps_from`) as the most
        recent (:attr:`_handles`), so that :meth:`describe_action` names its cards."""
        if not state.opaque:
            return
        known = self._handles
        for handle, card in state.by_handle.items():
            known[handle] = card
            known.move_to_end(handle)
        while len(known) > self.HANDLES_KEPT:
            known.popitem(last=False)

    def parse_action(self, text: str) -> DenboraZupAction:
        """See :func:`mahai.games.denborazup.actions.parse_action` (raises ``MalformedAction``)."""
        return parse_action(text)

    def observe(self, state: DenboraZupState, viewer: Seat | None) -> DenboraZupObservation:
        """The projection (the only way state leaves the engine): see :mod:`.view`."""
        return observe(state, viewer)

    def wire_view(self, view: dict[str, Any], lang: str) -> dict[str, Any]:
        """The view as the web server sends it in ``lang``: see :func:`.view.wire_view`."""
        return wire_view(view, lang)

    def revealed_card(self, view: Mapping[str, Any], card: str, lang: str) -> dict[str, Any] | None:
        """A card face up on the table, told in ``lang``: see :func:`.view.revealed_card`."""
        return revealed_card(view, card, lang)

    def wire_event(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        """A projected event as the web server sends it in ``lang``: see :func:`.view.wire_event`."""
        return wire_event(event, lang)

    def wire_legal(self, actions: list[Any]) -> list[Any]:
        """The legal actions as the web server sends them: the placements of one card in
        numbered slots (a long timeline, DZR-13), with or without the call, as one
        :class:`~mahai.core.game.ActionFamily` each, in the place of the first (a decision at a
        136-card timeline offered 3,380 placements, 470 kB with their labels); the others alone."""
        out: list[Any] = []
        families: dict[tuple[str, bool], int] = {}
        numbers: dict[int, list[int]] = {}
        for action in actions:
            if not isinstance(action, Place) or action.slot is None:
                out.append(action)
                continue
            at = families.setdefault((action.card, action.call), len(out))
            if at == len(out):
                out.append(action)
                numbers[at] = []
            numbers[at].append(action.slot)
        for at, slots in numbers.items():
            first: Place = out[at]
            notation = f"place {first.card} slot {{n}}{' call' if first.call else ''}"  # as Place.notation
            out[at] = ActionFamily(notation, describe.describe_slots(first, self._titles), tuple(slots), 1)
        return out

    def _titles(self, card: str) -> Mapping[str, str]:
        """A card's titles by id or by the handle of a recent game (:attr:`_handles`); a dash
        for anything else."""
        try:
            return self.deck.get(self._handles.get(card, card)).titles
        except KeyError:
            return {"eu": "—", "en": "—", "es": "—", "fr": "—"}

    def describe_action(self, action: Action) -> Message:
        """The label of ``action`` (see :mod:`mahai.games.denborazup.describe`)."""
        return describe.describe_action(action, self._titles)

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        """The sentence of a projected event for ``viewer`` (see :mod:`.describe`)."""
        return describe.describe_event(event, viewer, self._titles)
