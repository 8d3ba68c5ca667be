"""DenboraZup rules (DZR-2 … DZR-13): options, actions and the game state.

Phases of a multiplayer round (``multi`` and ``long`` modes):

``flip``
    The flipper (a person presses it) flips the coin with ``flip`` (DZR-2, DZR-5).
    Until then, any seat that may catch a missed call (DZR-8) may ``catch <seat>``
    or ``waive``; those seats come first in :meth:`DenboraZupState.to_act`, and the
    flipper :meth:`~DenboraZupState.must_wait` until each of them has answered (DZC-8).
``decide``
    Every seat secretly places one card or passes (DZR-5); ``to_act`` holds the
    seats that have not decided. Nobody learns another's decision before all decided.
``vote``
    Everyone passed: simultaneous unanimous vote on replacing the reference (DZR-7).
``star``
    Correct star placements resolve one by one, from the flipper to the right (DZR-10).
``tiebreak``
    Several seats ran out of cards in one reveal: each chooses one of 3 drawn events (DZR-9).
``over``
    The game has ended.

Solo mode (DZR-12) uses ``flip`` and ``decide`` only, without passing.

Card handles: a state built with ``opaque=True`` (the default; the web's game) names each card
by a handle drawn for this game alone (:func:`card_handles`: a keyed hash of the card id, the
key derived from the game's random generator, so a record replays with the same handles and
two tables never share them). Hands, tie-break draws, legal actions, the players' own
decisions and private events name hidden cards by handle only; a revealed card shows its id
with its date. A notation must name a card by handle: a card id is no card at all (the same
``not_in_hand`` as any unknown word), so nobody can find their hand's ids by trying them.
With ``opaque=False`` (rule tests, custom decks) the handle of a card is its id.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from typing import Any, Literal, NamedTuple

from mypy_extensions import mypyc_attr

from mahai.core.errors import IllegalAction, NotYourTurn
from mahai.core.game import Event, Seat, State
from mahai.games.denborazup.actions import (
    Catch,
    Choose,
    DenboraZupAction,
    Flip,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
)
from mahai.games.denborazup.cards import DOMAIN, Deck, HistoryCard, card_json, sort_key
from mahai.games.denborazup.options import DenboraZupOptions, Mode, ModeRules
from mahai.games.denborazup.scoring import solo_rating, tiebreak_distance

Phase = Literal["flip", "decide", "vote", "star", "tiebreak", "over"]
Coin = Literal["up", "down"]

PENALTY = 2  # DZR-6
CATCH_PENALTY = 1  # DZR-8
TIEBREAK_DRAW = 3  # DZR-9


class Judged(NamedTuple):
    """One placement of the last reveal (DZR-6): who placed which card, where, with a call?, right?"""

    seat: Seat
    card: str
    slot: int | None
    call: bool
    correct: bool


def _err(code: str, **params: str | int) -> IllegalAction:
    return IllegalAction(code, domain=DOMAIN, **params)


def card_handles(ids: Iterable[str], rng: random.Random) -> dict[str, str]:
    """Card id → an opaque handle (``"c"`` and 16 hex digits): BLAKE2s of the id keyed with
    a SHA-256 of ``rng``'s state (the generator is read, not advanced, so the deal is the same
    with or without handles). Different generators give unrelated handles; the id cannot be
    found from a handle without the key.

    >>> a = card_handles(["e1", "e2"], random.Random(1))
    >>> a == card_handles(["e1", "e2"], random.Random(1)), a == card_handles(["e1", "e2"], random.Random(2))
    (True, False)
    """
    key = hashlib.sha256(repr(rng.getstate()).encode()).digest()
    return {c: "c" + hashlib.blake2s(c.encode(), key=key, digest_size=8).hexdigest() for c in ids}


# Compiled (mypyc): created without __init__ by clone() and determinize(), which a
# class that allows interpreted subclasses permits (its __new__ does not call __init__).
@mypyc_attr(allow_interpreted_subclasses=True)
class DenboraZupState(State[DenboraZupAction]):
    """A DenboraZup game. Cards are card ids; every list of cards is ordered
    (``deck``: last = top). Secrets: hands, the deck, pending decisions and
    tie-break draws; :func:`~mahai.games.denborazup.view.observe` is the only way out.

    Attributes (read-only for front ends; use the projection for viewers):
        deck, discard: draw pile (top = last) and discard pile.
        hands: one list of card ids per seat, in the order drawn.
        timeline: revealed cards on the table in date order; ``timeline[ref_index]``
            is the reference (one card except in ``long`` mode).
        phase, flipper, coin, round: see the module docstring.
        used: cards placed by each seat (solo result, DZR-12).
        rules: what the mode changes (:class:`~mahai.games.denborazup.options.ModeRules`).
        last_reveal: the placements judged in the last reveal (:class:`Judged`).
    """

    clone_lists = ("deck", "discard", "timeline", "decisions", "votes", "catchable", "waived", "star_queue",
                   "tied", "tie_options", "tie_choices", "used", "_pending_catch")
    clone_nested = ("hands",)

    def __init__(self, deck: Deck, options: DenboraZupOptions, players: int, rng: random.Random,
                 opaque: bool = True) -> None:
        super().__init__(players, rng)
        self.source: Deck = deck
        """The deck the game was made from (immutable, shared by clones; pickled without its
        cards when it is the package deck)."""
        self.cards: dict[str, HistoryCard] = {e.id: e for e in deck}
        self.opaque = opaque
        self.handles: dict[str, str] = card_handles(self.cards, rng) if opaque else {c: c for c in self.cards}
        """Card id → handle, fixed for the game, never changed (shared by clones) and never
        projected as such (see the module docstring)."""
        self.by_handle: dict[str, str] = {h: c for c, h in self.handles.items()}
        """Handle → card id (the same, reversed)."""
        self.options = options
        self.mode: Mode = options.mode
        self.rules: ModeRules = options.rules
        self.step = 1 if options.direction == "left" else -1  # DZR-5: right = seat − 1
        # DZC-5: order the deck by content, never by id or file order, before shuffling.
        self.deck: list[str] = [e.id for e in sorted(deck, key=lambda e: (*sort_key(e), e.title_eu))]
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.timeline: list[str] = []
        self.ref_index = 0
        self.phase: Phase = "flip"
        self.round = 0
        self.coin: Coin | None = None
        self.decisions: dict[Seat, Place | Pass] = {}
        self.votes: dict[Seat, bool] = {}
        self.catchable: set[Seat] = set()
        self.waived: set[Seat] = set()
        self.star_queue: list[Seat] = []
        self.tied: list[Seat] = []
        self.tie_options: dict[Seat, list[str]] = {}
        self.tie_choices: dict[Seat, str] = {}
        self._winners: frozenset[Seat] = frozenset()
        self.used = [0] * players
        self.idle_rounds = 0
        self.last_reveal: tuple[Judged, ...] = ()
        self._pending_catch: set[Seat] = set()
        self.first_player = 0
        self._setup()

    # Pickled without ``cards``, rebuilt from ``source`` (the package deck pickles as a name):
    # the cards were 200 KB of every pickled state.
    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        if "source" in state:
            state.pop("cards", None)
        return state

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        super().__setstate__(state)
        if "cards" not in state:
            self.cards = {e.id: e for e in self.source}

    # --- setup (DZR-3, DZR-4, DZR-12) ---

    def _setup(self) -> None:
        self.rng.shuffle(self.deck)
        hand = self.rules.hand_size
        if self.players > 1:  # DZR-3; alone (DZR-12) nobody is compared
            self.first_player = self._first_player()
        self.flipper = self.first_player
        for seat in range(self.players):
            for _ in range(hand):
                self.hands[seat].append(self.deck.pop())
        self.timeline = [self.deck.pop()]
        self.ref_index = 0

    def _first_player(self) -> Seat:
        """DZR-3: each draws a card; the date closest to today (the latest) starts; the
        cards go back and the deck is reshuffled. Tied seats draw again (after 20 ties,
        chance decides among them). No date leaves the engine: only the starter is told."""
        contenders = list(range(self.players))
        for _ in range(20):
            drawn = {s: self.cards[self.deck[-1 - i]] for i, s in enumerate(contenders)}
            best = max(sort_key(e) for e in drawn.values())
            contenders = [s for s in contenders if sort_key(drawn[s]) == best]
            self.rng.shuffle(self.deck)
            if len(contenders) == 1:
                return contenders[0]
        return contenders[self.rng.randrange(len(contenders))]

    # --- helpers ---

    @property
    def reference(self) -> str:
        """The id of the reference card (revealed)."""
        return self.timeline[self.ref_index]

    def _draw(self, events: list[Event]) -> str | None:
        """DZR-11 / DZC-3: top card of the deck; if empty, the discard pile (the reference
        is never in it) is shuffled into a new deck first; None (draw skipped) if both empty.
        The caller says a skipped draw: a player's draw event by its count (0), the penalties of
        a reveal that find no card and a new reference that finds none by one ``draw_skipped``
        (each said it: every penalty at an empty deck was two log lines, then one a player)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append(Event("reshuffle", {"count": len(self.deck)}))
        return self.deck.pop()

    def _give(self, seat: Seat, count: int, reason: str, events: list[Event], quiet: bool = False) -> bool:
        """Deal ``count`` cards to ``seat`` (fewer at an empty deck), said by a ``draw`` event;
        ``quiet``: not said when no card was left, the caller says it. Whether a card came."""
        got: list[str] = []
        for _ in range(count):
            card = self._draw(events)
            if card is None:
                break
            self.hands[seat].append(card)
            got.append(card)
        if quiet and not got:
            return False
        drawn: dict[str, Any] = {"seat": seat, "reason": reason, "cards": [self.handles[c] for c in got],
                                 "count": len(got)}
        if self.opaque:
            drawn["titles"] = self.titled(got)
        events.append(Event("draw", drawn, audience=frozenset({seat}),
                            redacted={"seat": seat, "reason": reason, "count": len(got)}))
        return bool(got)

    def _slots(self) -> range:
        """DZR-13: the slots on the coin's side of the reference (slot k = before timeline[k])."""
        if self.coin == "up":
            return range(self.ref_index + 1, len(self.timeline) + 1)
        return range(0, self.ref_index + 1)

    def next_seat(self, seat: Seat) -> Seat:
        """The seat after ``seat`` in the direction of play: to its right, seat − 1 (seats are
        numbered in clockwise table order; DZR-5, DZC-6), or seat + 1 with ``direction=left``."""
        return (seat + self.step) % self.players

    def seat_order(self) -> list[Seat]:
        """Seats from the flipper on in the direction of play: flipper, flipper − 1, … (to the
        right, DZR-10, DZC-6)."""
        return [(self.flipper + i * self.step) % self.players for i in range(self.players)]

    # --- contract ---

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase == "flip":
            catchers = [s for s in range(self.players) if s not in self.waived and self._catch_targets(s)]
            return tuple(catchers + ([self.flipper] if self.flipper not in catchers else []))
        if self.phase == "decide":
            return tuple(s for s in range(self.players) if s not in self.decisions)
        if self.phase == "vote":
            return tuple(s for s in range(self.players) if s not in self.votes)
        if self.phase == "star":
            return (self.star_queue[0],)
        if self.phase == "tiebreak":
            return tuple(s for s in self.tied if s not in self.tie_choices)
        return ()

    def must_wait(self, seat: Seat) -> bool:
        """DZR-8, DZC-8: the flipper waits while another seat may still catch a missed call
        (or waive): its flip would close their window. Drivers (bots, the server, the terminal)
        hold it back, as the next player waits in Mille Bornes' coup-fourré window (MBR-10).
        Whoever owes a catch-or-waive answer never waits, so some seat can always act."""
        return self.phase == "flip" and seat == self.flipper and any(
            s != seat for s in self.to_act())

    def _catch_targets(self, seat: Seat) -> list[Seat]:
        return [t for t in sorted(self.catchable) if t != seat and len(self.hands[t]) == 1]

    def legal_actions(self, seat: Seat) -> list[DenboraZupAction]:
        if seat not in self.to_act():
            return []
        out: list[DenboraZupAction] = []
        if self.phase == "flip":
            out.extend(Catch(t) for t in self._catch_targets(seat))
            if seat == self.flipper:
                out.append(Flip())
            elif out:
                out.append(Waive())
        elif self.phase == "decide":
            hand = self.hands[seat]
            slots: list[int | None] = list(self._slots()) if self.rules.long_timeline else [None]
            for card in hand:
                handle = self.handles[card]
                for slot in slots:
                    out.append(Place(handle, slot, card_id=card))
                    if len(hand) == 2:
                        out.append(Place(handle, slot, call=True, card_id=card))
            if self.rules.passing:
                out.append(Pass())
        elif self.phase == "vote":
            out = [Vote(True), Vote(False)]
        elif self.phase == "star":
            out = [StarReplace(), *(StarGive(s) for s in range(self.players))]
        elif self.phase == "tiebreak":
            out = [Choose(self.handles[c], card_id=c) for c in self.tie_options[seat]]
        return out

    def card_of(self, action: Place | Choose) -> str | None:
        """The card id an action names: the card whose handle its ``card`` is; None for
        anything else (an unknown word, or a card id where the state has opaque handles)."""
        return self.by_handle.get(action.card)

    def titled(self, cards: Iterable[str]) -> dict[str, dict[str, str]]:
        """``{handle: titles}`` of ``cards`` (ids), for the private events of opaque states
        (a handle means nothing to :meth:`DenboraZupGame.describe_event` otherwise)."""
        return {self.handles[c]: dict(self.cards[c].titles) for c in cards}

    def _check(self, seat: Seat, action: DenboraZupAction) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise NotYourTurn("no_such_seat", domain=DOMAIN, seat=str(seat))
        if seat not in self.to_act():
            if self.phase == "decide" and seat in self.decisions:
                raise NotYourTurn("already_decided", domain=DOMAIN)
            if self.phase == "vote" and seat in self.votes:
                raise NotYourTurn("already_voted", domain=DOMAIN)
            if self.phase == "tiebreak" and seat in self.tie_choices:
                raise NotYourTurn("already_chosen", domain=DOMAIN)
            raise NotYourTurn("not_your_turn", seat=seat)
        self.verify(seat, action)

    def verify(self, seat: Seat, action: DenboraZupAction) -> None:
        """Raise :class:`IllegalAction` (domain ``denborazup``) if ``action`` is not legal
        now; never mutates. Codes: ``wrong_phase``, ``not_flipper``, ``not_in_hand``,
        ``call_not_allowed``, ``slot_required``, ``no_slots``, ``no_such_slot``,
        ``wrong_side``, ``no_pass_solo``, ``cannot_catch``, ``nothing_to_waive``,
        ``no_such_seat``, ``not_an_option``, ``unknown_action``. Parameters echo only
        the sender's own input (a card not in the hand reveals nothing, DZC-4)."""
        phase = self.phase
        if isinstance(action, (Flip, Catch, Waive)):
            if phase != "flip":
                raise _err("wrong_phase", phase=phase)
            if isinstance(action, Flip):
                if seat != self.flipper:
                    raise _err("not_flipper", flipper=self.flipper)
            elif isinstance(action, Catch):
                if action.seat not in self._catch_targets(seat):
                    raise _err("cannot_catch", seat=action.seat)
            elif seat == self.flipper or not self._catch_targets(seat):
                raise _err("nothing_to_waive")
            return
        if isinstance(action, (Place, Pass)):
            if phase != "decide":
                raise _err("wrong_phase", phase=phase)
            if isinstance(action, Pass):
                if not self.rules.passing:
                    raise _err("no_pass_solo")
                return
            hand = self.hands[seat]
            if self.card_of(action) not in hand:
                raise _err("not_in_hand", card=str(action.card)[:40])
            if action.call and len(hand) != 2:
                raise _err("call_not_allowed", cards=len(hand))
            if self.rules.long_timeline:
                if action.slot is None:
                    raise _err("slot_required")
                if not 0 <= action.slot <= len(self.timeline):
                    raise _err("no_such_slot", slot=action.slot, last=len(self.timeline))
                if action.slot not in self._slots():
                    raise _err("wrong_side", slot=action.slot + 1, coin=self.coin or "")  # as shown, from 1
            elif action.slot is not None:
                raise _err("no_slots")
            return
        if isinstance(action, Vote):
            if phase != "vote":
                raise _err("wrong_phase", phase=phase)
            return
        if isinstance(action, (StarReplace, StarGive)):
            if phase != "star":
                raise _err("wrong_phase", phase=phase)
            if isinstance(action, StarGive) and not 0 <= action.seat < self.players:
                raise _err("no_such_seat", seat=action.seat)
            return
        if isinstance(action, Choose):
            if phase != "tiebreak":
                raise _err("wrong_phase", phase=phase)
            if self.card_of(action) not in self.tie_options.get(seat, []):
                raise _err("not_an_option", card=str(action.card)[:40])
            return
        raise _err("unknown_action")

    def _do(self, seat: Seat, action: DenboraZupAction) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Flip):
            self._flip(events)
        elif isinstance(action, Catch):
            self.catchable.discard(action.seat)
            events.append(Event("catch", {"seat": seat, "caught": action.seat}))
            self._give(action.seat, CATCH_PENALTY, "caught", events)
        elif isinstance(action, Waive):
            self.waived.add(seat)
            events.append(Event("waive", {"seat": seat}))
        elif isinstance(action, (Place, Pass)):
            public = action.notation()
            if isinstance(action, Place):  # kept by id; told by handle
                action = Place(self.card_of(action) or action.card, action.slot, action.call)
            self.decisions[seat] = action
            data: dict[str, Any] = {"seat": seat, "action": public}
            if self.opaque and isinstance(action, Place):
                data["titles"] = self.titled([action.card])
            events.append(Event("decided", data, audience=frozenset({seat}), redacted={"seat": seat}))
            if len(self.decisions) == self.players:
                self._reveal(events)
        elif isinstance(action, Vote):
            self.votes[seat] = action.yes
            events.append(Event("voted", {"seat": seat, "yes": action.yes},
                                    audience=frozenset({seat}), redacted={"seat": seat}))
            if len(self.votes) == self.players:
                self._close_vote(events)
        elif isinstance(action, StarReplace):
            self.star_queue.pop(0)
            events.append(Event("star", {"seat": seat, "choice": "replace"}))
            self._replace_reference(events)
            self._after_stars(events)
        elif isinstance(action, StarGive):
            self.star_queue.pop(0)
            events.append(Event("star", {"seat": seat, "choice": "give", "to": action.seat}))
            self._give(action.seat, 1, "star", events)
            self._after_stars(events)
        elif isinstance(action, Choose):
            card = self.card_of(action) or action.card
            self.tie_choices[seat] = card
            chosen: dict[str, Any] = {"seat": seat, "card": self.handles.get(card, card)}
            if self.opaque:
                chosen["titles"] = self.titled([card])
            events.append(Event("chosen", chosen, audience=frozenset({seat}), redacted={"seat": seat}))
            if len(self.tie_choices) == len(self.tied):
                self._close_tiebreak(events)
        return events

    # --- the round ---

    def _flip(self, events: list[Event]) -> None:
        self.catchable.clear()
        self.waived.clear()
        self.round += 1
        self.coin = "up" if self.rng.random() < 0.5 else "down"  # DZR-2
        self.decisions = {}
        self.phase = "decide"
        events.append(Event("flip", {"seat": self.flipper, "coin": self.coin, "round": self.round}))

    def revealed(self, card: str) -> dict[str, Any]:
        """The JSON of a revealed card (:func:`~mahai.games.denborazup.cards.card_json`), for events."""
        return card_json(self.cards[card])

    def _correct(self, card: str, slot: int | None) -> bool:
        """DZR-6 / DZC-1: a year equal to the reference is right on either side.
        DZR-13: in the long timeline the card must fit between the neighbours of its slot."""
        year = self.cards[card].year
        if self.rules.long_timeline and slot is not None:
            lo = self.cards[self.timeline[slot - 1]].year if slot > 0 else None
            hi = self.cards[self.timeline[slot]].year if slot < len(self.timeline) else None
            return (lo is None or lo <= year) and (hi is None or year <= hi)
        ref = self.cards[self.reference].year
        return year >= ref if self.coin == "up" else year <= ref

    def _reveal(self, events: list[Event]) -> None:
        placed = {s: d for s, d in self.decisions.items() if isinstance(d, Place)}
        order = self.seat_order()
        if not placed:
            self.idle_rounds += 1
            self.last_reveal = ()
            events.append(Event("all_passed", {"round": self.round}))
            self.decisions = {}
            if not self.rules.passing:  # cannot happen: nobody may pass
                self._next_round()
                return
            self.votes = {}
            self.phase = "vote"
            return
        self.idle_rounds = 0
        judged: list[Judged] = []
        correct: dict[Seat, bool] = {}
        for seat in order:
            d = placed.get(seat)
            if d is None:
                continue
            correct[seat] = self._correct(d.card, d.slot)
            judged.append(Judged(seat, d.card, d.slot, d.call, correct[seat]))
        self.last_reveal = tuple(judged)
        events.append(Event("reveal", {
            "coin": self.coin, "reference": self.revealed(self.reference),
            "placements": [{"seat": j.seat, "card": self.revealed(j.card), "slot": j.slot, "call": j.call,
                            "correct": j.correct} for j in judged],
            "passed": [s for s in order if s not in placed]}))
        for seat in order:
            if seat in placed:
                self.hands[seat].remove(placed[seat].card)
                self.used[seat] += 1
        # DZR-13: correct cards join the timeline (sorted within a slot by date).
        if self.rules.long_timeline:
            good = sorted(((placed[s].slot or 0, self.cards[placed[s].card].key, placed[s].card)
                           for s in order if s in placed and correct[s]), reverse=True)
            for slot, _, card in good:
                self.timeline.insert(slot, card)
                if slot <= self.ref_index:
                    self.ref_index += 1
        # DZC-3: penalties are drawn before this reveal's cards reach the discard pile,
        # so a reshuffle can never hand a player back the card just placed. The players the
        # empty deck spares are said once, together (five wrong players were five lines).
        spared = [seat for seat in order if seat in placed and not correct[seat]
                  and not self._give(seat, PENALTY, "penalty", events, quiet=True)]
        if spared:
            events.append(Event("draw_skipped", {"seats": spared}))
        for seat in order:
            if seat in placed and not (self.rules.long_timeline and correct[seat]):
                self.discard.append(placed[seat].card)
        self.decisions = {}
        # DZR-9: winning
        empty = [s for s in order if not self.hands[s]]
        if len(empty) == 1:
            self._finish(frozenset(empty), events)
            return
        if len(empty) > 1:
            self._start_tiebreak(sorted(empty), events)
            return
        # DZR-8: who may be caught (placed the second-to-last card without calling)
        if self.rules.catch_calls:
            self._pending_catch = {s for s in placed if not placed[s].call and correct[s]}
        # DZR-10: stars, from the flipper to the right (seat_order)
        if self.rules.stars:
            self.star_queue = [s for s in order
                               if s in placed and correct[s] and self.cards[placed[s].card].star]
        if self.star_queue:
            self.phase = "star"
            return
        self._after_stars(events)

    def _after_stars(self, events: list[Event]) -> None:
        if self.star_queue:
            return
        self.catchable = {s for s in self._pending_catch if len(self.hands[s]) == 1}
        self._pending_catch = set()
        if self.catchable:
            events.append(Event("missed_call", {"seats": sorted(self.catchable)}))
        self._next_round()

    def _next_round(self) -> None:
        self.flipper = self.next_seat(self.flipper)  # DZR-5: the coin passes to the right
        self.coin = None
        self.phase = "flip"

    def _replace_reference(self, events: list[Event]) -> None:
        """DZR-7 / DZR-10 (a): the top card replaces the reference. In the long timeline the
        new card joins the timeline at its date and becomes the reference (DZR-13)."""
        card = self._draw(events)
        if card is None:
            events.append(Event("draw_skipped", {}))
            return
        old = self.reference
        if self.rules.long_timeline:
            key = self.cards[card].key
            index = next((i for i, c in enumerate(self.timeline) if self.cards[c].key > key),
                         len(self.timeline))
            self.timeline.insert(index, card)
            self.ref_index = index
        else:
            self.discard.append(old)
            self.timeline = [card]
            self.ref_index = 0
        events.append(Event("new_reference", {"old": old, "reference": self.revealed(card)}))

    def _close_vote(self, events: list[Event]) -> None:
        yes = all(self.votes.values())
        events.append(Event("vote_result", {"yes": yes, "votes": {str(s): v for s, v in
                                                                        sorted(self.votes.items())}}))
        if yes:
            self._replace_reference(events)
        self.votes = {}
        self._next_round()

    # --- tie-break (DZR-9) ---

    def _start_tiebreak(self, seats: list[Seat], events: list[Event]) -> None:
        self.tied = seats
        self.tie_options = {}
        self.tie_choices = {}
        for seat in seats:
            got: list[str] = []
            for _ in range(TIEBREAK_DRAW):
                card = self._draw(events)
                if card is None:
                    break
                got.append(card)
            self.tie_options[seat] = got
            tie: dict[str, Any] = {"seat": seat, "cards": [self.handles[c] for c in got], "count": len(got)}
            if self.opaque:
                tie["titles"] = self.titled(got)
            events.append(Event(
                "tiebreak_draw", tie, audience=frozenset({seat}), redacted={"seat": seat, "count": len(got)}))
        able = [s for s in seats if self.tie_options[s]]
        if not able:  # nothing left to draw: the tied seats share the win
            self._finish(frozenset(seats), events)
            return
        self.tied = able
        self.phase = "tiebreak"
        events.append(Event("tiebreak", {"seats": able}))

    def _close_tiebreak(self, events: list[Event]) -> None:
        ref = self.cards[self.reference].year
        chosen = {s: self.tie_choices[s] for s in self.tied}
        distance = {s: tiebreak_distance(self.cards[c].year, ref) for s, c in chosen.items()}
        best = min(distance.values())
        winners = [s for s in self.tied if distance[s] == best]
        events.append(Event("tiebreak_reveal", {
            "reference": self.revealed(self.reference),
            "choices": [{"seat": s, "card": self.revealed(c), "distance": distance[s]}
                        for s, c in chosen.items()]}))
        for seat in self.tied:
            self.discard.extend(self.tie_options[seat])
        self.tie_options = {}
        self.tie_choices = {}
        if len(winners) == 1:
            self._finish(frozenset(winners), events)
        else:
            self._start_tiebreak(winners, events)

    def _finish(self, winners: frozenset[Seat], events: list[Event]) -> None:
        self._winners = winners
        self.phase = "over"
        self.coin = None
        data: dict[str, Any] = {"winners": sorted(winners)}
        if self.rules.result == "cards_used":
            data["used"] = self.used[0]
            data["rating"] = solo_rating(self.used[0])
        events.append(Event("game_over", data))

    # --- results ---

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> frozenset[Seat]:
        return self._winners

    def scores(self) -> tuple[float, ...]:
        """DZR-9: the cards each seat holds (fewer is better); DZR-12 (solo): the cards used."""
        if self.rules.result == "cards_used":
            return (float(self.used[0]),)
        return tuple(float(len(h)) for h in self.hands)

    def rating(self) -> str | None:
        """DZR-12: the solo rating once the solo game is over, else None."""
        if self.rules.result == "cards_used" and self.is_over:
            return solo_rating(self.used[0])
        return None

    def all_cards(self) -> list[str]:
        """Every card wherever it is (for conservation checks)."""
        out = self.deck + self.discard + self.timeline + [c for h in self.hands for c in h]
        for cards in self.tie_options.values():
            out.extend(cards)
        return out

    def hidden_cards(self) -> set[str]:
        """Cards whose dates no viewer may see now: the deck, the hands, tie-break draws."""
        out = set(self.deck)
        for h in self.hands:
            out.update(h)
        for cards in self.tie_options.values():
            out.update(cards)
        return out
