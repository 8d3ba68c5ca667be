"""DenboraZup for learning programs: a fixed action space over hand positions and a
vector observation read from one seat's view JSON (``docs/rules/denborazup.md``).

No index names a deck card. A card is known by what the seat's projection shows of it: its
Basque title (a held card shows its title and a per-game handle, never its id or date:
:mod:`mahai.games.denborazup.view`). Actions name a card by its *position* among the cards
the seat may choose from, those cards taken in title order (``#k``: the ``k``-th of the
seat's hand, or of its tie-break draw, sorted by Basque title), so the legal-action mask
says how many cards the seat holds and never which (the old action space, indexed by deck
id, told an agent the ids of its hand, and the public deck data gives each id's year).
Seats named in an action are counted from the acting seat (0 = itself). ``N`` is the
number of cards of the deck (182 in the package deck): no hand holds more.

=====================  ==============================  ===========================
index                  notation                        rule
=====================  ==============================  ===========================
0                      ``flip``                        DZR-2, DZR-5
1                      ``pass``                        DZR-5
2, 3                   ``vote yes``, ``vote no``       DZR-7
4                      ``waive``                       DZR-8
5                      ``star replace``                DZR-10 (a)
6 … 13                 ``star give <seat>`` (6 + offset)   DZR-10 (b)
14 … 21                ``catch <seat>`` (14 + offset)  DZR-8
22 … 22+N−1            ``place #k`` (22 + k)           DZR-5, DZR-6
22+N … 22+2N−1         ``place #k call``               DZR-8
22+2N … 22+2N+2        ``choose #k`` (of the 3 drawn)  DZR-9
22+2N+3 … 22+3N+3      slot ``0 … N`` of a placement   DZR-13 (long timeline)
=====================  ==============================  ===========================

For example, a seat holding cards titled "Bilboko zubia …", "Ponpeio …" and "Altxerriko …"
places "Ponpeio …" with ``place #2`` (index 24): it is the third in title order.

In the long timeline a placement names a hand position and a slot (``place #k slot <s>
[call]``): the adapter takes the position first (with or without the call), then the
slot, and only then tells the engine; the chosen position is shown only to its seat.

Simultaneous decisions (placements, votes, tie-break choices: DZR-5, DZR-7, DZR-9)
are taken one seat after another in seat order; the engine's projection shows the
others only *that* a seat has decided, never what, until all have: the observation
is the same whatever the earlier seats chose.

Observation (:data:`features_of`; seats counted from the viewer; in [-1, 1]). Cards are
numbered by their Basque titles in alphabetical order (:attr:`DenboraZupEncoding.titles`),
never by id nor by date; the hand part is the set of the viewer's titles, whose order is
the order of the ``#k`` positions. Parts: phase; coin; the viewer's hand (by title); the
reference card and its year; the timeline (its cards, their years by position, the
reference's position, length); per seat: cards held and used, decided, voted, catchable,
to act, flipper, first player, winner, and its part of the last reveal (placed, right,
called); the viewer's own decision and vote; stars, idle rounds, deck and discard sizes,
round; the tie-break (active, the viewer tied and chose, its drawn options by title, who
chose). Years (of revealed cards only) are ``year / 2100`` for AD years and
``-log10(1 + |year|) / 5`` before.

Rewards: only at the end (there are no hands): +1 / -1; solo (DZR-12):
``hand size / cards used`` (1.0 is the best rating, "Bikain").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from mahai.core.game import Action, Game, Seat, State
from mahai.games.denborazup import (
    Catch,
    Choose,
    DenboraZupGame,
    DenboraZupOptions,
    Flip,
    Pass,
    Place,
    StarGive,
    StarReplace,
    Vote,
    Waive,
)
from mahai.games.denborazup.state import TIEBREAK_DRAW
from mahai.games.denborazup.view import CardFace, DenboraZupObservation
from mahai.research.table import Encoding, FloatArray, clip, relative

FLIP, PASS, VOTE_YES, VOTE_NO, WAIVE, STAR_REPLACE, STAR_GIVE, CATCH, PLACE = 0, 1, 2, 3, 4, 5, 6, 14, 22
MAX_SEATS = 8
PHASES = ("flip", "decide", "vote", "star", "tiebreak", "over")
COINS = (None, "up", "down")
_SEAT_PARTS = ("hand_counts", "used", "decided", "voted", "catchable", "to_act", "flipper", "first",
               "winner", "placed", "correct", "called")


def year_feature(year: int) -> float:
    """A year squeezed into [-1, 1]: ``year / 2100`` (AD), ``-log10(1 + |year|) / 5`` (BC)."""
    if year > 0:
        return clip(year / 2100)
    return max(-1.0, -math.log10(1 - year) / 5)


def features_of(cards: int) -> tuple[tuple[str, int], ...]:
    """The observation's parts in order, (name, length), for a deck of ``cards``."""
    return (
        ("phase", len(PHASES)), ("coin", len(COINS)), ("hand", cards), ("reference", cards),
        ("reference_year", 1), ("timeline", cards), ("timeline_years", cards),
        ("reference_index", cards), ("timeline_length", 1),
        ("seats", MAX_SEATS * len(_SEAT_PARTS)), ("mine", 4), ("counts", 6),
        ("tiebreak", 3), ("tie_options", cards), ("tie_chosen", MAX_SEATS),
    )


class DenboraZupEncoding(Encoding):
    """DenboraZup's action space and observation for the deck of ``game``
    (:attr:`DenboraZupGame.deck`: only the number of cards and their Basque titles are read,
    never an id or a date)."""

    def __init__(self, game: Game[Any, Any], options: DenboraZupOptions, players: int) -> None:
        super().__init__(game, options, players)
        if not isinstance(game, DenboraZupGame):
            raise TypeError(f"not a DenboraZup game: {game!r}")
        self.titles: tuple[str, ...] = tuple(sorted(card.title_eu for card in game.deck))
        """The deck's Basque titles in alphabetical order: a card's number in the observation
        (titles are unique in a deck: ``duplicate_title``, :mod:`mahai.games.denborazup.deck`)."""
        self.index = {title: i for i, title in enumerate(self.titles)}
        n = len(self.titles)
        self.place_call = PLACE + n
        self.choose = PLACE + 2 * n
        self.slot = self.choose + TIEBREAK_DRAW
        self.num_actions = self.slot + n + 1
        labels = ["flip", "pass", "vote yes", "vote no", "waive", "star replace"]
        labels += [f"star give +{k}" for k in range(MAX_SEATS)]
        labels += [f"catch +{k}" for k in range(MAX_SEATS)]
        labels += [f"place #{k}" for k in range(n)]
        labels += [f"place #{k} call" for k in range(n)]
        labels += [f"choose #{k}" for k in range(TIEBREAK_DRAW)]
        labels += [f"slot {k}" for k in range(n + 1)]
        self.labels = tuple(labels)
        self.layout = features_of(n)
        self._at: dict[str, int] = {}
        offset = 0
        for name, size in self.layout:
            self._at[name] = offset
            offset += size
        self.feature_size = offset
        self.hand_size = options.rules.hand_size
        self.solo = options.rules.result == "cards_used"
        if self.solo:
            self.utility_bounds = (0.0, 1.0)
        # Random play of the long timeline takes up to ~13,000 decisions (twice as many picks).
        self.max_decisions = 100_000

    def positions(self, faces: Iterable[CardFace]) -> dict[str, int]:
        """Handle → position ``k`` of ``faces`` (cards as the projection shows them) in title
        order: what ``#k`` means."""
        ordered = sorted(faces, key=lambda face: self.index[face.title_eu])
        return {face.id: k for k, face in enumerate(ordered)}

    def sequences(self, state: State[Any], seat: Seat, actions: Sequence[Action]) -> list[tuple[int, ...]]:
        """The index sequence of each of ``actions`` (legal actions of ``seat`` in ``state``): a
        card by its position among the seat's hand or tie-break draw, as
        ``game.observe(state, seat)`` (the projection) shows them.

        Raises TypeError for an action that is not DenboraZup's."""
        seen = cast(DenboraZupObservation, self.observe(state, seat))
        hand = self.positions(seen.hand or ())
        tiebreak = seen.tiebreak
        drawn = self.positions(tiebreak.options or ()) if tiebreak is not None else {}
        return [self._sequence(seat, action, hand, drawn) for action in actions]

    def _sequence(self, seat: Seat, action: Action, hand: Mapping[str, int],
                  drawn: Mapping[str, int]) -> tuple[int, ...]:
        if isinstance(action, Place):
            first = (self.place_call if action.call else PLACE) + hand[action.card]
            return (first,) if action.slot is None else (first, self.slot + action.slot)
        if isinstance(action, Pass):
            return (PASS,)
        if isinstance(action, Flip):
            return (FLIP,)
        if isinstance(action, Vote):
            return (VOTE_YES if action.yes else VOTE_NO,)
        if isinstance(action, Waive):
            return (WAIVE,)
        if isinstance(action, StarReplace):
            return (STAR_REPLACE,)
        if isinstance(action, StarGive):
            return (STAR_GIVE + relative(action.seat, seat, self.players),)
        if isinstance(action, Catch):
            return (CATCH + relative(action.seat, seat, self.players),)
        if isinstance(action, Choose):
            return (self.choose + drawn[action.card],)
        raise TypeError(f"not a DenboraZup action: {action!r}")

    def outcome(self, state: State[Any]) -> tuple[float, ...]:
        """Solo (DZR-12): ``hand size / cards used``, read from the view; else +1 / -1."""
        if self.solo:
            used = self.view(state, 0)["used"][0]
            return (self.hand_size / used if used else 0.0,)
        return super().outcome(state)

    def card_index(self, card: Mapping[str, Any]) -> int:
        """A card's number (:attr:`titles`) from its view JSON: by its Basque title."""
        return self.index[card["title"]["eu"]]

    def text_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The view with each card as its id (and year, once revealed) instead of its
        titles and explanation."""
        def card(c: Mapping[str, Any]) -> str:
            return f"{c['id']}@{c['year']}" if "year" in c else str(c["id"])

        out = dict(view)
        out["reference"] = card(view["reference"])
        out["timeline"] = [card(c) for c in view["timeline"]]
        out["hand"] = None if view["hand"] is None else [card(c) for c in view["hand"]]
        out["last_reveal"] = [{**p, "card": card(p["card"])} for p in view["last_reveal"]]
        tiebreak = view["tiebreak"]
        if tiebreak is not None and tiebreak["options"] is not None:
            out["tiebreak"] = {**tiebreak, "options": [card(c) for c in tiebreak["options"]]}
        return out

    def features(self, view: Mapping[str, Any], viewer: Seat | None, out: FloatArray) -> None:
        at = self._at
        index = self.card_index
        n = view["players"]
        cards = len(self.titles)
        out[at["phase"] + PHASES.index(view["phase"])] = 1.0
        out[at["coin"] + COINS.index(view["coin"])] = 1.0
        for face in view["hand"] or ():
            out[at["hand"] + index(face)] = 1.0
        reference = view["reference"]
        out[at["reference"] + index(reference)] = 1.0
        out[at["reference_year"]] = year_feature(reference["year"])
        timeline = view["timeline"]
        for k, card in enumerate(timeline):
            out[at["timeline"] + index(card)] = 1.0
            out[at["timeline_years"] + k] = year_feature(card["year"])
        out[at["reference_index"] + view["reference_index"]] = 1.0
        out[at["timeline_length"]] = len(timeline) / cards
        parts = len(_SEAT_PARTS)

        def seat_part(seat: int, part: int, value: float = 1.0) -> None:
            out[at["seats"] + parts * relative(seat, viewer, n) + part] = value

        for seat in range(n):
            seat_part(seat, 0, clip(view["hand_counts"][seat] / 20))
            seat_part(seat, 1, clip(view["used"][seat] / 20))
        for part, key in ((2, "decided"), (3, "voted"), (4, "catchable"), (5, "to_act"), (8, "winners")):
            for seat in view[key]:
                seat_part(seat, part)
        seat_part(view["flipper"], 6)
        seat_part(view["first_player"], 7)
        for placement in view["last_reveal"]:
            seat_part(placement["seat"], 9)
            if placement["correct"]:
                seat_part(placement["seat"], 10)
            if placement["call"]:
                seat_part(placement["seat"], 11)
        base = at["mine"]
        if view["my_decision"] is not None:
            out[base] = 1.0
        vote = view["my_vote"]
        out[base + 1 + (0 if vote is None else 1 if vote else 2)] = 1.0
        base = at["counts"]
        queue = view["star_queue"]
        if queue and queue[0] == viewer:
            out[base] = 1.0
        out[base + 1] = len(queue) / MAX_SEATS
        out[base + 2] = clip(view["idle_rounds"] / 5)
        out[base + 3] = view["deck_count"] / cards
        out[base + 4] = view["discard_count"] / cards
        out[base + 5] = clip(view["round"] / 100)
        tiebreak = view["tiebreak"]
        if tiebreak is not None:
            base = at["tiebreak"]
            out[base] = 1.0
            if viewer in tiebreak["seats"]:
                out[base + 1] = 1.0
            if viewer in tiebreak["chosen"]:
                out[base + 2] = 1.0
            for face in tiebreak["options"] or ():
                out[at["tie_options"] + index(face)] = 1.0
            for seat in tiebreak["chosen"]:
                out[at["tie_chosen"] + relative(seat, viewer, n)] = 1.0
