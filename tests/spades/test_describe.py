"""``Spades.describe_action`` and ``Spades.describe_event``: every legal action of
many positions and every projected event of whole matches (4 and 2 players, every
edition, every viewer and the spectator) get a message that exists in the four
catalogs with every placeholder filled, written for its viewer (SPR-1…SPR-13 and
the two-player stock deal produce every event kind)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from mahai.core.text import Message, Player
from mahai.games.spades import GAME, SpadesState
from mahai.games.spades.actions import (
    BIDS,
    BLIND_BIDS,
    BLIND_NIL,
    DISCARD,
    KEEP,
    LOOK,
    Pass,
    Play,
    SpadesAction,
)
from mahai.games.spades.text import card_name
from mahai.i18n import LANGUAGES, catalog, render
from tests.spades.policy import steps

EVENT_KINDS = {"deal", "hand", "look", "bid", "exchange", "pass", "play_starts", "play", "spades_broken",
               "trick", "hand_scored", "match_over", "draw", "shown", "stock_empty"}
"""Every kind SpadesState emits (grep ``Event("`` in mahai/games/spades/state.py)."""

CASES = [(edition, players) for edition in GAME.editions for players in GAME.player_counts
         if players in GAME.players(GAME.options(edition))]
"""Every edition (presets included: SPR-14…SPR-22) with every player count it allows."""

VARIANTS: dict[str, dict[str, str]] = {
    # Options no edition sets that add actions or event forms: blind bids (SPR-17), the bid
    # limits' refusals (SPR-18), the win bonus (SPR-21).
    "blind_bids": {"blind_bid": "on", "blind_bid_min_deficit": "0", "bid_cap": "13", "min_bid": "4",
                   "target": "250"},
    "bonus": {"nil": "off", "loss_floor": "-250", "win_bonus": "200", "moon": "win", "target": "250"},
}


def messages(message: Message) -> Iterator[Message]:
    """``message`` and every message nested in its params."""
    yield message
    for value in message.params.values():
        if isinstance(value, Message):
            yield from messages(value)


def players_named(message: Message) -> set[int]:
    return {v.seat for m in messages(message) for v in m.params.values() if isinstance(v, Player)}


def check(message: Message) -> dict[str, str]:
    """Every msgid of ``message`` is in the four catalogs; the rendered texts fill
    every placeholder; the Basque differs from the msgid. Returns the texts."""
    for m in messages(message):
        assert m.domain == "spades", m
        for lang in LANGUAGES:
            assert catalog("spades", lang).get(m.msgid), f"{lang}: no {m.msgid!r}"
    texts = {lang: render(message, lang) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert "{" not in text and "}" not in text, (lang, message.msgid, text)
    assert texts["eu"] != message.msgid
    return texts


def test_the_event_kinds_listed_are_those_the_state_emits() -> None:
    import re
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "mahai/games/spades/state.py").read_text()
    assert set(re.findall(r'Event\(\s*"([a-z_]+)"', source)) == EVENT_KINDS


def options_of(edition: str) -> Any:
    """An edition's options, or those of :data:`VARIANTS` (on ``standard``)."""
    return GAME.options("standard", **VARIANTS[edition]) if edition in VARIANTS else GAME.options(edition)


@pytest.mark.parametrize(("edition", "players"), CASES + [(v, 4) for v in VARIANTS])
def test_every_projected_event_is_described_for_every_viewer(edition: str, players: int) -> None:
    seen_kinds: set[str] = set()
    seen_msgids: set[tuple[str, int | None]] = set()
    for seed in range(3):
        state: SpadesState = GAME.new(options_of(edition), players, seed)
        batches = [state.start_events] + [events for _, _, events in steps(state, random.Random(seed))]
        assert state.is_over
        for events in batches:
            for event in events:
                seen_kinds.add(event.kind)
                for viewer in [*range(players), None]:
                    projected = GAME.project_event(event, viewer)
                    if projected is None:
                        continue
                    message = GAME.describe_event(projected, viewer)
                    if event.kind == "look":  # said by the "hand" event after it, once
                        assert message is None, projected
                        continue
                    assert message is not None, projected
                    # Written for the viewer: the viewer is "you", never a named third person.
                    assert viewer not in players_named(message), (projected, viewer, message)
                    if viewer is not None and projected.get("seat") == viewer:
                        assert message.msgid.startswith("You"), (projected, message.msgid)
                    key = (message.msgid, viewer)
                    if key not in seen_msgids:  # rendering each msgid once per viewer is enough
                        seen_msgids.add(key)
                        check(message)
    expected = EVENT_KINDS - ({"draw", "shown", "stock_empty"} if players == 4 else
                              {"look", "exchange", "pass", "hand"})
    if options_of(edition).blind_nil == "off" or options_of(edition).nil == "off":
        expected -= {"look", "exchange", "pass"}
    assert expected <= seen_kinds
    if edition == "blind_bids":
        assert ("You bid {n} blind.", 0) in seen_msgids or ("You bid {n} blind.", 1) in seen_msgids


def positions(players: int, edition: str, seeds: range) -> Iterator[SpadesState]:
    for seed in seeds:
        state = GAME.new(options_of(edition), players, seed)
        for _ in steps(state, random.Random(seed), until_hand=2):
            yield state


@pytest.mark.parametrize(("edition", "players"), CASES + [(v, 4) for v in VARIANTS])
def test_every_legal_action_is_described(edition: str, players: int) -> None:
    described: dict[str, set[str]] = {}
    kinds: set[type] = set()
    for state in positions(players, edition, range(4)):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            labels = set()
            for action in legal:
                kinds.add(type(action))
                message = GAME.describe_action(action)
                if message.msgid not in described or len(described[message.msgid]) < 3:
                    described.setdefault(message.msgid, set()).add(check(message)["eu"])
                labels.add(render(message, "en"))
            assert len(labels) == len(legal), "two actions share a label"
    assert Play in kinds
    if options_of(edition).blind_nil == "on" and options_of(edition).nil == "on" and players == 4:
        assert type(LOOK) in kinds
    if edition == "blind_bids":
        assert type(BLIND_BIDS[6]) in kinds


def test_every_action_kind_by_hand() -> None:
    actions: list[SpadesAction] = [BIDS[0], BIDS[1], BIDS[13], BLIND_NIL, LOOK, KEEP, DISCARD, Play(49),
                                   Pass((0, 21, 51)), BLIND_BIDS[6], BLIND_BIDS[13], Play(52), Play(53)]
    texts = {a.notation(): check(GAME.describe_action(a)) for a in actions}
    assert texts["bid nil"]["en"] == "Bid nil"
    assert texts["bid 13"]["en"] == "Bid 13"
    assert texts["bid blind_nil"]["eu"] == "Eskaini nil itsua"
    assert texts["play QS"]["en"] == "Play the queen of spades"
    assert texts["play QS"]["eu"] == "Jokatu piketako dama"
    assert texts["bid blind 6"]["en"] == "Bid 6 blind" and texts["bid blind 6"]["eu"] == "Eskaini 6 itsuan"
    assert texts["play BJ"]["en"] == "Play the big joker"
    assert texts["play LJ"]["eu"] == "Jokatu komodin txikia"
    assert texts["pass 2C TD AS"]["en"] == ("Pass the 2 of clubs, the 10 of diamonds and the ace of spades "
                                            "to your partner")
    with pytest.raises(TypeError):
        GAME.describe_action(object())  # type: ignore[arg-type]


def test_card_names_in_every_language() -> None:
    names = {lang: [render(card_name(c), lang) for c in range(54)] for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert len(set(names[lang])) == 54, lang
    assert names["eu"][51] == "piketako asa" and names["eu"][34] == "bihotzetako hamarrekoa"
    assert names["en"][8] == "the 10 of clubs"
    assert names["es"][36] == "la reina de corazones" and names["fr"][25] == "l'as de carreau"


SYNTHETIC: list[tuple[dict[str, Any], int | None, str]] = [
    # Forms a projection never gives a viewer but an omniscient log might: still described.
    ({"kind": "hand", "seat": 2, "cards": ["AS", "KS"]}, None, "seat 3 picked up the ace of spades and "
                                                               "the king of spades."),
    ({"kind": "hand", "seat": 2, "cards": []}, 2, "You picked up no cards."),
    ({"kind": "pass", "seat": 0, "to": 2, "cards": ["2C", "3C"]}, 1,
     "seat 1 passed the 2 of clubs and the 3 of clubs to seat 3."),
    ({"kind": "pass", "seat": 0, "to": 2, "count": 3}, 2, "seat 1 passed you 3 cards."),
    ({"kind": "draw", "seat": 1, "choice": "discard", "kept": "2H", "discarded": "AS"}, 1,
     "You discarded the ace of spades and took the 2 of hearts."),
    ({"kind": "draw", "seat": 1, "choice": "keep"}, 1, "You kept the shown card."),
    ({"kind": "shown", "seat": 0, "card": "TD"}, None, "seat 1 is shown the 10 of diamonds."),
    ({"kind": "match_over", "winners": [], "points": [120, 120]}, 0,
     "The match ends in a tie at 120 points."),
    ({"kind": "match_over", "winners": [1], "points": [480, 510]}, 0,
     "seat 2 won the match, 510 to 480."),
    ({"kind": "match_over", "winners": [1, 3], "points": [480, 510]}, 3,
     "Your side won the match, 510 to 480."),
    ({"kind": "bid", "seat": 2, "bid": "blind_7"}, 0, "seat 3 bid 7 blind."),
    ({"kind": "bid", "seat": 2, "bid": "blind_7"}, 2, "You bid 7 blind."),
    ({"kind": "play", "seat": 1, "card": "LJ"}, 0, "seat 2 played the little joker."),
]


@pytest.mark.parametrize(("event", "viewer", "english"), SYNTHETIC)
def test_other_forms(event: dict[str, Any], viewer: int | None, english: str) -> None:
    message = GAME.describe_event(event, viewer)
    assert message is not None
    assert check(message)["en"] == english


def test_an_unknown_kind_has_nothing_to_say() -> None:
    assert GAME.describe_event({"kind": "tea_break"}, None) is None
