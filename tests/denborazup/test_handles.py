"""Opaque card handles (issue #14): what a player sees of a hidden card cannot be joined to
the public chronology (DZR-14) by id. The web's game (:data:`GAME`) names hand cards (DZR-4),
tie-break draws (DZR-9), legal placements (DZR-5) and private events by per-game handles."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mahai.core import GameRecord, IllegalAction, InvalidOptions
from mahai.core.game import option_specs
from mahai.games.denborazup import GAME, DenboraZupState
from mahai.games.denborazup.actions import Place
from mahai.server.lobby import deck_chronology

PRIVATE = ("draw", "decided", "chosen", "tiebreak_draw")


NOTATIONS = ("legal", "my_decision", "action")


def words(value: object, key: str = "") -> set[str]:
    """Every string of a JSON value, each notation (``legal``, ``my_decision``, ``action``)
    also word by word (titles are not split: an id may be a word of some title)."""
    if isinstance(value, str):
        return {value, *value.split()} if key in NOTATIONS else {value}
    if isinstance(value, dict):
        return set().union(*(words(v, str(k)) | {str(k)} for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(words(v, key) for v in value))
    return set()


def hidden_ids_in(value: object, state: DenboraZupState) -> list[str]:
    """The ids of hidden cards that a JSON value names."""
    return sorted(state.hidden_cards() & words(value))


def test_a_hand_card_is_named_by_a_handle_that_is_not_its_id_and_differs_between_tables() -> None:
    one = GAME.new(GAME.options("multi"), 3, seed=101)
    two = GAME.new(GAME.options("multi"), 3, seed=202)
    public_ids = {c["id"] for c in deck_chronology("denborazup", "en")}
    view = GAME.view(one, 0)
    hand = view["hand"]
    assert len(hand) == 5  # DZR-4
    for face, card in zip(hand, one.hands[0], strict=True):
        assert face["id"] == one.handles[card] != card
        assert face["id"] not in public_ids and card in public_ids
        assert two.handles[card] != one.handles[card]  # another table, another handle
        assert "year" not in face
    assert not set(one.handles.values()) & set(two.handles.values())
    assert len(set(one.handles.values())) == len(one.handles)


def test_nothing_a_seat_is_sent_names_a_hidden_card_by_id() -> None:
    """Views, legal notations and the private events (draws, decisions, tie-break draws and
    choices) of a whole game, for every seat. (A card revealed by an event and shuffled back
    into the deck by the same action was public when the event said so.)"""
    state = GAME.new(GAME.options("multi"), 3, seed=7)
    rng = random.Random(7)
    events = list(state.start_events)
    for _ in range(400):
        if state.is_over:
            break
        for viewer in (None, 0, 1, 2):
            private = [GAME.project_event(e, viewer) for e in events if e.kind in PRIVATE]
            assert hidden_ids_in(GAME.view(state, viewer), state) == [], viewer
            assert hidden_ids_in(private, state) == [], viewer
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        notation = action.notation()
        assert hidden_ids_in({"action": notation}, state) == []
        events = state.apply(seat, GAME.parse_action(notation))


def test_a_card_id_is_no_card_so_a_hand_cannot_be_probed() -> None:
    """Naming a hand card by its id is refused exactly like an unknown word (DZR-5, DZR-13):
    the long timeline's slot check comes after, so a wrong slot tells nothing either."""
    state = GAME.new(GAME.options("long"), 2, seed=5)
    while state.phase != "decide":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    mine, theirs = state.hands[seat][0], state.hands[1 - seat][0]
    for word in (mine, theirs, "nosuchcard"):
        for slot in (0, 99):
            try:
                state.apply(seat, GAME.parse_action(f"place {word} slot {slot}"))
            except IllegalAction as err:
                assert err.code == "not_in_hand", (word, slot)
            else:
                raise AssertionError("a card id was accepted")
    legal = state.legal_actions(seat)
    place = next(a for a in legal if isinstance(a, Place))
    assert place.card == state.handles[place.card_id or ""] and place.card_id in state.hands[seat]


def test_a_record_of_handles_replays() -> None:
    state = GAME.new(GAME.options("multi"), 2, seed=3)
    record = GameRecord.start(GAME, GAME.options("multi"), 2, 3)
    rng = random.Random(3)
    while not state.is_over and len(record.actions) < 300:
        seat = rng.choice(state.to_act())
        text = rng.choice(state.legal_actions(seat)).notation()
        state.apply(seat, GAME.parse_action(text))
        record.actions.append((seat, text))
    replayed = list(record.steps(GAME))[-1].state
    assert isinstance(replayed, DenboraZupState)
    assert (replayed.hands, replayed.timeline) == (state.hands, state.timeline)
    assert replayed.version == state.version
    labels = [str(GAME.describe_action(GAME.parse_action(t)))
              for _, t in record.actions if t.startswith("place")]
    assert labels and not any("—" in label for label in labels)  # recorded handles still name their card


def test_a_record_saved_before_handles_replays_by_id() -> None:
    """A stored game from before the handles (its options lack ``handles``, its notations
    name cards by id) still replays: nothing a server stored is lost."""
    old = dataclasses.replace(GAME.options("multi"), handles=False)
    state = GAME.new(old, 2, seed=5)
    assert state.handles == {c: c for c in state.cards}  # by id, as then
    record = GameRecord.start(GAME, old, 2, 5)
    del record.options["handles"]  # as saved then
    rng = random.Random(5)
    while not state.is_over and len(record.actions) < 300:
        seat = rng.choice(state.to_act())
        text = rng.choice(state.legal_actions(seat)).notation()
        state.apply(seat, GAME.parse_action(text))
        record.actions.append((seat, text))
    assert any(t.split()[1] in state.cards for _, t in record.actions if t.startswith("place"))
    replayed = list(GameRecord.from_json(record.to_json()).steps(GAME))[-1].state
    assert isinstance(replayed, DenboraZupState)
    assert (replayed.hands, replayed.timeline) == (state.hands, state.timeline)
    assert replayed.version == state.version


def test_handles_are_no_option_a_player_sets() -> None:
    """New records say ``handles``; neither the lobby nor an override can turn them off."""
    assert GameRecord.start(GAME, GAME.options("multi"), 2, 1).options["handles"] is True
    assert "handles" not in {s.name for s in option_specs(GAME.options("multi"))}
    with pytest.raises(InvalidOptions):
        GAME.options("multi", handles=False)


def test_the_handles_a_game_keeps_are_bounded_and_its_decks_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's handle → card map (so that a recorded notation still names its card) keeps the
    newest :attr:`~DenboraZupGame.HANDLES_KEPT` handles, whatever the number of games (measured at
    the default bound of 200,000: 31 MB); it belongs to the game object and so to its deck: a
    handle of another deck's game names nothing; a game by ids (rule tests) adds none."""
    from mahai.games.denborazup import DenboraZupGame
    from mahai.games.denborazup.cards import Deck

    monkeypatch.setattr(DenboraZupGame, "HANDLES_KEPT", 1000)
    game = DenboraZupGame(GAME.deck)
    options = game.options("multi")
    states = [game.new(options, 2, seed) for seed in range(30)]  # 30 × the deck's cards
    assert len(game._handles) == 1000
    newest = states[-1]
    assert all(game._handles[h] == c for h, c in newest.by_handle.items())
    assert not any(h in game._handles for h in states[0].by_handle)  # the oldest went first
    card = next(iter(newest.hands[0]))
    place = f"place {newest.handles[card]} slot 0"
    assert "—" not in str(game.describe_action(game.parse_action(place)))

    other = DenboraZupGame(Deck(GAME.deck.events[:60]))
    other.new(other.options("multi"), 2, 1)
    assert "—" in str(other.describe_action(other.parse_action(place)))  # not its game's handle
    assert len(other._handles) == 60

    by_id = DenboraZupGame(GAME.deck, opaque=False)
    by_id.new(by_id.options("multi"), 2, 1)
    assert len(by_id._handles) == 0
