"""The deal's shuffle (SPR-2, SPR-3): the cards of a seed are those ``random.shuffle`` deals.

:func:`mahai.games.spades.state._shuffle` draws the generator's words a batch at a time
for speed; these tests check that it deals exactly what CPython's ``Random.shuffle`` deals
and leaves the generator where ``shuffle`` leaves it (recorded games replay from their seed).
"""

from __future__ import annotations

import random

import pytest

from mahai.games.spades import GAME
from mahai.games.spades.cards import mask_of
from mahai.games.spades.state import _randbelow, _shuffle, new_generator


class _Counted(random.Random):
    """A generator subclass: the shuffle asks it word by word (no batch)."""


@pytest.mark.parametrize("kind", [random.Random, _Counted])
def test_spr2_shuffle_deals_as_random_shuffle_and_leaves_the_generator_as_it(kind: type) -> None:
    for seed in range(2000):
        ours, theirs = kind(seed), kind(seed)
        ours.random()  # a generator already used, as in a match's later deals
        theirs.random()
        deck, expected = list(range(52)), list(range(52))
        _shuffle(deck, ours)
        theirs.shuffle(expected)
        assert deck == expected, seed
        assert ours.getstate() == theirs.getstate(), seed


def test_spr2_spr3_a_seed_deals_the_hands_and_dealer_of_random_shuffle() -> None:
    """The first deal of a match from its seed: dealer ``randrange(4)``, then the 52
    cards shuffled and dealt 13 by 13 (SPR-2, SPR-3)."""
    options = GAME.options()
    for seed in (0, 1, 7, 2026, 2**31 + 5):
        state = GAME.new(options, 4, seed)
        rng = random.Random(seed)
        dealer = rng.randrange(4)
        deck = list(state.deck.cards)
        rng.shuffle(deck)
        assert state.dealer == dealer
        assert state.hands == [mask_of(deck[13 * s:13 * s + 13]) for s in range(4)]


@pytest.mark.parametrize("kind", [random.Random, _Counted])
def test_spr3_first_dealer_draw_is_randrange(kind: type) -> None:
    """The first dealer (SPR-3) is ``rng.randrange(players)``, drawn inline: the same seat
    and the same generator state afterwards, for both player counts."""
    for seed in range(500):
        for players in (2, 4):
            ours, theirs = kind(seed), kind(seed)
            assert _randbelow(ours, players) == theirs.randrange(players), seed
            assert ours.getstate() == theirs.getstate(), seed


def test_spr2_a_match_generator_is_random_random_of_its_seed() -> None:
    """``GAME.new`` makes ``random.Random(seed)`` without its Python-level ``__init__``:
    the same class and generator state for any int seed (negative, beyond 64 bits) and
    for other seed types, and the same generator left after the first deal."""
    for seed in (0, 1, 7, -5, 2026, 2**31 + 5, 2**64 + 3, -(2**90)):
        made = new_generator(seed)
        assert type(made) is random.Random
        assert made.getstate() == random.Random(seed).getstate(), seed
        assert made.gauss() == random.Random(seed).gauss(), seed
    for other in ("seed", b"seed", 2.5):
        assert new_generator(other).getstate() == random.Random(other).getstate()
    state = GAME.new(GAME.options(), 4, 99)
    rng = random.Random(99)
    rng.randrange(4)
    rng.shuffle(list(range(52)))
    assert state.rng.getstate() == rng.getstate()
