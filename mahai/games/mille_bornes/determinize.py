"""Determinization for search bots: a full Mille Bornes state consistent with one seat's
:class:`~mahai.games.mille_bornes.view.MilleBornesObservation`.

The viewer's hand and every public card (tableaux, discard pile) are kept; the cards the
viewer has not seen (the leg's deck minus those) are dealt at random to the other hands (their
known sizes) and the draw pile (its known size). Observing the result for the same viewer
gives the same observation back.
"""

from __future__ import annotations

import random

from mahai.games.mille_bornes.cards import D200, KM, safety_bit
from mahai.games.mille_bornes.state import MilleBornesState
from mahai.games.mille_bornes.view import MilleBornesObservation


def determinize(obs: MilleBornesObservation, rng: random.Random) -> MilleBornesState:
    """A full state consistent with ``obs``; hidden cards and the new state's own generator
    come from ``rng``.

    Raises:
        ValueError: a spectator's observation (no hand) or an inconsistent one.
    """
    if obs.viewer is None or obs.hand is None:
        raise ValueError("determinize needs a seat's observation")
    st = MilleBornesState(obs.options, obs.players, random.Random(rng.getrandbits(64)), deal=False)
    counts = list(obs.deck_counts())

    def take(cards: tuple[int, ...]) -> list[int]:
        for c in cards:
            counts[c] -= 1
        return list(cards)

    st.dealer, st.leg, st.legs_played, st.target = obs.dealer, obs.leg, obs.legs_played, obs.target
    st.ext_team = obs.extension_team if obs.extension_team is not None else -1
    st.reshuffles = obs.reshuffles
    st.discard = take(obs.discard)
    for tv in obs.tableaux:
        t = tv.team
        st.battle[t] = take(tv.battle)
        st.speed[t] = take(tv.speed)
        st.dist[t] = take(tv.distance)
        st.km[t] = sum(KM[c] for c in st.dist[t])
        st.n200[t] = st.dist[t].count(D200)
        st.safe_order[t] = take(tv.safeties)
        st.safe[t] = sum(safety_bit(c) for c in st.safe_order[t])
        st.cf[t] = sum(safety_bit(c) for c in tv.coups_fourres)
        st.started[t] = tv.started
    st.hands[obs.viewer] = take(obs.hand)
    if min(counts) < 0:
        raise ValueError("observation shows more cards than the deck holds")
    pool = [c for c, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(pool)
    need = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.viewer) + obs.draw_pile
    if need != len(pool):
        raise ValueError("hand sizes and draw pile do not match the unseen cards")
    for seat, size in enumerate(obs.hand_sizes):
        if seat != obs.viewer:
            st.hands[seat] = pool[:size]
            del pool[:size]
    st.draw_pile = pool
    st.turn, st.phase = obs.turn, obs.phase
    if obs.window is not None:
        st.win_team, st.win_hazard = obs.window.team, obs.window.hazard
        st.win_attacker, st.pending = obs.window.attacker, list(obs.window.pending)
    st.totals = list(obs.totals)
    st.sheets = list(obs.sheets)
    st.completers = list(obs.completers)
    st.over = obs.over
    st.winner_teams = tuple(sorted({st.team_of[s] for s in obs.winners}))
    return st
