"""Spades (``docs/rules/spades.md``): four players in partnerships or
two players with a stock deal, a whole match to 500 (SPR-1…SPR-13), and the variants
players ask for as options and editions (SPR-14…SPR-22).

Use :data:`GAME`::

    >>> from mahai.games.spades import GAME
    >>> state = GAME.new(GAME.options(), players=4, seed=7)
    >>> seat = state.to_act()[0]
    >>> [a.notation() for a in state.legal_actions(seat)][:2]
    ['bid blind_nil', 'look']

Bots and front ends import what they need from here (actions, the shared action
objects ``BIDS``/``PLAYS``/…, card constants and helpers), never from the modules.

Modules: :mod:`.cards` (int cards, mask hands, notation), :mod:`.options`
(:class:`SpadesOptions`, editions), :mod:`.actions` (actions and notation),
:mod:`.scoring` (one side's hand score), :mod:`.state` (:class:`SpadesState`),
:mod:`.view` (the projection: :class:`SpadesObservation` = the viewer's own knowledge
+ :class:`PublicFacts`), :mod:`.determinize`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from mahai.core.game import Action, Game, Seat
from mahai.core.text import Message
from mahai.games.spades.actions import (
    BIDS,
    BLIND_BIDS,
    BLIND_NIL,
    DISCARD,
    KEEP,
    LOOK,
    PLAYS,
    Bid,
    BlindBid,
    BlindNil,
    Discard,
    Keep,
    Look,
    Pass,
    Play,
    SpadesAction,
    parse_action,
    plays_of,
)
from mahai.games.spades.cards import (
    BIG_JOKER,
    CARD_TEXTS,
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    HEARTS,
    JOKERS,
    LITTLE_JOKER,
    RANKS,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_OF,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    Deck,
    card_text,
    cards_of,
    deck_for,
    mask_of,
    parse_card,
)
from mahai.games.spades.determinize import determinize
from mahai.games.spades.options import EDITIONS, SpadesOptions
from mahai.games.spades.scoring import SideScore, score_side
from mahai.games.spades.state import SpadesState, new_generator, trick_winner
from mahai.games.spades.text import card_name
from mahai.games.spades.text import describe_action as _describe_action
from mahai.games.spades.text import describe_event as _describe_event
from mahai.games.spades.view import PublicFacts, SideHand, SpadesObservation, observe, side_hand
from mahai.games.spades.view import view as _view


class Spades(Game[SpadesState, SpadesOptions]):
    """The Spades rules: editions ``standard`` (default), ``two_player``, ``openspiel``
    (OpenSpiel's one hand: failed nil helps the partner, no blind nil, a partnership
    bids 13 at most), ``cards_with_cats`` (the Cards with Cats app) and
    ``jokers_and_deuces`` (two jokers and the 2 of spades above the ace: SPR-14)."""

    name: ClassVar[str] = "spades"
    slug: ClassVar[str] = "spades"
    stat_names: ClassVar[tuple[str, ...]] = ("hands", "bag_penalties")
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    editions: ClassVar[dict[str, Any]] = dict(EDITIONS)
    bots: ClassVar[dict[str, str]] = {  # levels by strength, strongest first (mahai.bots.levels)
        level: f"mahai.bots.levels:spades_{level}" for level in ("expert", "strong", "medium", "easy")}

    def players(self, options: SpadesOptions) -> tuple[int, ...]:
        """(4,) when a failed nil's tricks help the partner (``failed_nil_tricks``:
        a partnership rule, the ``openspiel`` edition), else (2, 4): with two players
        blind nil is simply never offered (SPR-6), so the other options all apply."""
        return (4,) if options.failed_nil_tricks == "help_partner" else (2, 4)

    def default_edition(self, players: int | None = None) -> str:
        """``two_player`` for 2 players, else ``standard``."""
        return "two_player" if players == 2 else "standard"

    def stats(self, state: SpadesState) -> dict[str, float]:
        """``hands``: hands dealt in the match; ``bag_penalties``: bag penalties
        taken by both sides (SPR-12), from the public score history."""
        penalties = sum(side["penalties"] for entry in state.history for side in entry["sides"])
        return {"hands": float(state.hand_no), "bag_penalties": float(penalties)}

    def new(self, options: SpadesOptions, players: int, seed: int) -> SpadesState:
        """A new match; the first dealer and every deal come from ``random.Random(seed)``.

        Raises:
            InvalidOptions: ``bad_player_count`` unless :meth:`players` allows ``players``.
        """
        if players != 4:  # four players: always allowed (players()); no call for the common case
            self.check_players(options, players)
        return SpadesState(options, players, new_generator(seed))  # random.Random(seed)

    def parse_action(self, text: str) -> SpadesAction:
        """See :mod:`mahai.games.spades.actions` (raises ``MalformedAction``)."""
        return parse_action(text)

    # The projection's compiled functions themselves (no method in between): see
    # :func:`.view.observe` and :func:`.view.view` (``observe(state, viewer).to_json()``).
    observe = staticmethod(observe)
    view = staticmethod(_view)

    def wire_view(self, view: dict[str, Any], lang: str) -> dict[str, Any]:
        """``view`` with, during the exchange and the play, each side's hand so far as
        ``sides[i]["hand"]``: ``{"contract", "counted", "bags"}`` (:func:`side_hand`, which
        reads public keys only; None while the bids are not all in). The web table shows it
        as the terminal does, counted once, here (SPR-10, SPR-11). Other phases: ``view``."""
        if view["phase"] not in ("exchange", "play"):
            return view
        sides = []
        for i, side in enumerate(view["sides"]):
            now = side_hand(view, i)
            hand = None if now is None else {"contract": now.contract, "counted": now.counted,
                                             "bags": now.bags}
            sides.append({**side, "hand": hand})
        return {**view, "sides": sides}

    def determinize(self, observation: Any, rng: random.Random) -> SpadesState:
        """See :func:`mahai.games.spades.determinize.determinize`."""
        return determinize(observation, rng)

    def describe_action(self, action: Action) -> Message:
        """A label for ``action`` in the ``spades`` catalog ("Bid 3", "Play {card}";
        see :mod:`mahai.games.spades.text`).

        Raises:
            TypeError: not a Spades action.
        """
        return _describe_action(action)

    def describe_event(self, event: Mapping[str, Any], viewer: Seat | None) -> Message | None:
        """The sentence of a projected event for ``viewer`` ("You played {card}." /
        "{player} played {card}."; see :mod:`mahai.games.spades.text`)."""
        return _describe_event(event, viewer)


GAME = Spades()

__all__ = [
    "BIDS",
    "BIG_JOKER",
    "BLIND_BIDS",
    "BLIND_NIL",
    "CARD_TEXTS",
    "CLUBS",
    "DIAMONDS",
    "DISCARD",
    "FULL_DECK",
    "GAME",
    "HEARTS",
    "JOKERS",
    "KEEP",
    "LITTLE_JOKER",
    "LOOK",
    "PLAYS",
    "RANKS",
    "SPADES",
    "SUITS",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "SUIT_OF",
    "SUIT_SYMBOLS",
    "Bid",
    "BlindBid",
    "BlindNil",
    "Card",
    "Deck",
    "Discard",
    "Keep",
    "Look",
    "Pass",
    "Play",
    "PublicFacts",
    "SideHand",
    "SideScore",
    "Spades",
    "SpadesAction",
    "SpadesObservation",
    "SpadesOptions",
    "SpadesState",
    "card_name",
    "card_text",
    "cards_of",
    "deck_for",
    "mask_of",
    "parse_card",
    "plays_of",
    "score_side",
    "side_hand",
    "trick_winner",
]
