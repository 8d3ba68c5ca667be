"""The fixed action spaces and observations of the research adapters (mahai.research):
the documented index ↔ notation maps hold, every legal action has one path of
indices, composite actions (the Spades exchange SPR-6, the fast-game redraw, the
long-timeline placement DZR-13) are picked one index at a time."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

from mahai.games import get_game  # noqa: E402
from mahai.games.denborazup.actions import Choose, Place  # noqa: E402
from mahai.research.table import ENCODINGS, Table, encoding_for, next_seat  # noqa: E402
from tests.research.cases import CASES, Case, case_id, random_states  # noqa: E402


def test_cases_cover_every_edition() -> None:
    covered = {(g, e) for g, e, _, _ in CASES}
    for name in ENCODINGS:
        for edition in get_game(name).editions:
            assert (name, edition) in covered, (name, edition)


def test_a_game_without_an_encoding_is_refused() -> None:
    class Other:
        name = "other"

    with pytest.raises(ValueError, match="no research encoding"):
        encoding_for(Other(), None, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_action_has_one_path(case: Case) -> None:
    """Along a random game: the sequences of the legal actions are distinct, prefix-free,
    inside the action space; a one-index action's label is its notation (except the
    seat- or team-relative ones, labelled ``+k``)."""
    name, edition, players, options = case
    game = get_game(name)
    encoding = encoding_for(game, game.options(edition, **options), players)
    assert len(encoding.labels) == encoding.num_actions
    assert len(set(encoding.labels)) == encoding.num_actions
    checked = 0
    states = (state for seed in range(3, 13) for state in random_states(case, seed=seed, steps=400))
    for state in states:
        if checked > 400:
            break
        seat = next_seat(state)
        if seat is None:
            continue
        sequences = encoding.sequences(state, seat, state.legal_actions(seat))
        assert len(set(sequences)) == len(sequences)
        for seq, action in zip(sequences, state.legal_actions(seat), strict=True):
            assert all(0 <= i < encoding.num_actions for i in seq)
            label = encoding.labels[seq[0]]
            if len(seq) == 1 and "+" not in label:
                notation = action.notation()
                if isinstance(action, Place | Choose):
                    # DenboraZup: a label names a card by its position (#k), a notation by handle
                    notation = notation.replace(action.card, label.split()[1])
                assert label == notation
            checked += 1
        as_set = set(sequences)
        for seq in sequences:
            for k in range(1, len(seq)):
                assert seq[:k] not in as_set, (seq, "has a prefix that is an action")
    assert checked > 50


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_features_stay_in_bounds(case: Case) -> None:
    name, edition, players, options = case
    game = get_game(name)
    encoding = encoding_for(game, game.options(edition, **options), players)
    for state in random_states(case, seed=5, steps=300):
        for viewer in [*range(players), None]:
            out = np.zeros(encoding.feature_size, np.float32)
            encoding.features(game.view(state, viewer), viewer, out)
            assert np.all(out >= -1.0) and np.all(out <= 1.0)
            assert out.any()


def _table(name: str, edition: str, players: int, seed: int, **options: object) -> Table:
    game = get_game(name)
    opts = game.options(edition, **options)
    return Table(encoding_for(game, opts, players), game.new(opts, players, seed))


def _state(table: Table) -> Any:
    """The engine state, typed loosely (the tests read game-specific fields)."""
    return table.state


def _play_until(table: Table, done: Callable[[Table], bool], rng: random.Random,
                prefer: Callable[[Table, list[int]], int | None] = lambda t, legal: None,
                limit: int = 5000) -> None:
    for _ in range(limit):
        if done(table):
            return
        legal = table.legal()
        wanted = prefer(table, legal)
        action = table.choose(wanted if wanted is not None else rng.choice(legal))
        if action is not None:
            seat = table.seat
            assert seat is not None
            table.state.apply(seat, action)
    raise AssertionError("never reached")


def test_spades_exchange_is_picked_card_by_card() -> None:
    """SPR-6: after a blind nil the bidder passes three cards, one index each (70 + card,
    ascending), and the engine gets one ``pass`` once the third is picked."""
    from mahai.research.spades import BLIND_NIL, LOOK, PASS

    table = _table("spades", "standard", 4, seed=11)
    rng = random.Random(1)
    def blind_nil_once(t: Table, legal: list[int]) -> int | None:
        if BLIND_NIL not in legal:
            return None
        return BLIND_NIL if not any(_state(t).blind) else LOOK

    _play_until(table, lambda t: _state(t).phase == "exchange", rng, prefer=blind_nil_once)
    seat = table.seat
    assert seat is not None
    hand_before = _state(table).hands[seat]
    legal = table.legal()
    assert legal and all(PASS <= i < PASS + 52 for i in legal)
    assert len(legal) == hand_before.bit_count() - 2   # the two highest cannot start a set of 3
    first = legal[3]
    assert table.choose(first) is None and table.picks == [first]
    assert all(i > first for i in table.legal())       # ascending: no set twice
    with pytest.raises(ValueError):
        table.choose(first)                             # the same card again
    second = table.legal()[0]
    assert table.choose(second) is None
    third = table.legal()[-1]
    action = table.choose(third)
    assert action is not None and action.notation().startswith("pass ")
    assert table.picks == []
    table.state.apply(seat, action)
    passed = _state(table).passed[seat]
    assert {c for c in range(52) if passed >> c & 1} == {first - PASS, second - PASS, third - PASS}


def test_mille_bornes_redraw_is_picked_card_by_card() -> None:
    """Fast game: ``redraw`` cards are picked one at a time (repeats allowed, kinds
    ascending), then index 86 redraws them; nothing else is offered once a pick is made."""
    from mahai.research.mille_bornes import DRAW, REDRAW, REDRAW_PICK

    table = _table("mille_bornes", "eu", 2, seed=4, fast_game=True)
    seat = table.seat
    assert seat is not None
    legal = table.legal()
    assert DRAW in legal and REDRAW not in legal
    hand = sorted(_state(table).hands[seat])
    picks = [i for i in legal if REDRAW_PICK <= i < REDRAW]
    assert picks == sorted({REDRAW_PICK + c for c in hand})
    assert table.choose(REDRAW_PICK + hand[0]) is None
    after = table.legal()
    assert DRAW not in after and REDRAW in after
    assert min(after) >= REDRAW_PICK + hand[0]
    action = table.choose(REDRAW)
    assert action is not None and action.notation().startswith("redraw ")
    assert len(action.notation().split()) == 2


def test_denborazup_long_placement_is_card_then_slot() -> None:
    """DZR-13: a long-timeline placement is the hand position (22 + k), then the slot; ``#k``
    is the k-th card of the seat's hand in the order of the Basque titles."""
    from mahai.research.denborazup import PLACE

    table = _table("denborazup", "long", 3, seed=2)
    encoding: Any = table.encoding
    rng = random.Random(2)
    _play_until(table, lambda t: _state(t).phase == "decide", rng)
    legal = table.legal()
    slots = [i for i in legal if i >= encoding.slot]
    assert not slots
    seat = table.seat
    assert seat is not None
    hand = table.encoding.game.view(table.state, seat)["hand"]
    assert [i for i in legal if PLACE <= i < encoding.place_call] == [PLACE + k for k in range(len(hand))]
    place = PLACE + len(hand) - 1     # the last title in alphabetical order
    assert table.choose(place) is None
    after = table.legal()
    assert after and all(i >= encoding.slot for i in after)
    action = table.choose(after[0])
    assert action is not None
    assert isinstance(action, Place)  # the engine's action names the card by its handle
    last = max(hand, key=lambda face: face["title"]["eu"])
    assert (action.card, action.slot) == (last["id"], after[0] - encoding.slot)
    assert action.notation() == f"place {action.card} slot {action.slot}"


def test_denborazup_cards_are_numbered_by_title_not_by_id_nor_date() -> None:
    """A card's number in the observation is its Basque title's place in alphabetical order:
    what the projection shows of a held card, never its id nor its date; no label names a
    deck card (the action space counts positions: ``place #k``)."""
    game = get_game("denborazup")
    encoding: Any = encoding_for(game, game.options("multi"), 2)
    titles = encoding.titles
    assert list(titles) == sorted(c.title_eu for c in game.deck)  # type: ignore[attr-defined]
    by_date = [c.title_eu for c in sorted(game.deck, key=lambda c: (c.year, c.month or 0, c.day or 0))]  # type: ignore[attr-defined]
    assert list(titles) != by_date
    ids = {c.id for c in game.deck}  # type: ignore[attr-defined]
    assert not any(word in ids for label in encoding.labels for word in label.split())


def test_the_jokers_variant_is_refused_with_a_clear_error() -> None:
    """SPR-14's jokers have no index in the 52-card action space: refused, not mis-encoded."""
    game = get_game("spades")
    with pytest.raises(ValueError, match="jokers"):
        encoding_for(game, game.options("jokers_and_deuces"), 4)


@pytest.mark.parametrize(("module", "library"), [
    ("mahai.research.pettingzoo_env", "pettingzoo"),
    ("mahai.research.pettingzoo_env", "gymnasium"),
    ("mahai.research.openspiel_games", "pyspiel"),
])
def test_a_missing_library_says_to_install_the_research_extra(monkeypatch: pytest.MonkeyPatch, module: str,
                                                              library: str) -> None:
    """Without the extra, importing an adapter said only "No module named 'pettingzoo'": the
    error now names the extra and the command (README "For researchers"), and keeps ``name``."""
    monkeypatch.setitem(sys.modules, library, None)  # what an uninstalled library gives
    monkeypatch.delitem(sys.modules, module, raising=False)
    extra = r'research extra, pip install "mahai\[research\]"'
    with pytest.raises(ModuleNotFoundError, match=extra) as caught:
        importlib.import_module(module)
    assert caught.value.name == library
    assert library in str(caught.value)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_observation_parts_tile_the_vector_and_find_the_hand(case: Case) -> None:
    """An agent that reads the observation had to add up Spades' and Mille Bornes' ``FEATURES``
    or call DenboraZup's ``features_of`` to find its hand: ``Encoding.parts()`` names every
    slice of the adapters' vector the same way for each game, the pending picks last."""
    name, edition, players, options = case
    game = get_game(name)
    encoding = encoding_for(game, game.options(edition, **options), players)
    parts = encoding.parts()
    spans = list(parts.values())
    assert spans[0].start == 0 and all(a.stop == b.start for a, b in zip(spans, spans[1:], strict=False))
    assert parts["picks"] == slice(encoding.feature_size, encoding.feature_size + encoding.num_actions)
    for state in random_states(case, seed=3, steps=40):
        for viewer in range(players):
            view = game.view(state, viewer)
            out = np.zeros(encoding.feature_size, np.float32)
            encoding.features(view, viewer, out)
            held = {card["title"]["eu"] if isinstance(card, dict) else card for card in view["hand"] or ()}
            assert np.count_nonzero(out[parts["hand"]]) == len(held)  # one entry per kind held


def test_a_refused_setup_says_why_in_english() -> None:
    """``env("spades", players=3)`` and ``load_game("python_mahai_spades(players=3)")`` showed
    only ``core.bad_player_count (choices=2, 4, players=3)``: the traceback now says it in a
    sentence too (an exception note), the code and values staying the message."""
    from mahai.core.errors import InvalidOptions
    from mahai.research.setup import resolve

    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 3}, "This game cannot be played by 3 players. Choices: 2, 4."),
        ({"options": {"target": "abc"}}, "“abc” is not a valid value for “target”. Choices: 500, 300,"),
        ({"edition": "nope"}, "Unknown edition “nope”."),
    ]
    for kwargs, said in cases:
        with pytest.raises(InvalidOptions) as caught:
            resolve("spades", **kwargs)
        assert caught.value.code in str(caught.value)
        assert caught.value.__notes__[0].startswith(said), caught.value.__notes__
