"""The generic determinized search (:mod:`mahai.bots.search`): it decides from the seat's
observation only (the property test swaps the cards the seat has not seen), keeps its budget,
and overrides the heuristic only when the rollouts say so."""

from __future__ import annotations

import dataclasses
import pickle
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mahai.bots.levels import mille_bornes_expert
from mahai.bots.mille_bornes import HeuristicBot
from mahai.bots.mille_bornes_search import BATTLE_HAZARDS, MilleBornesSearchBot, MilleBornesSpec, win_chance
from mahai.bots.search import Budget, SearchBot, acting_seat, best, ismcts, pimc
from mahai.bots.spades import HeuristicBot as SpadesHeuristic
from mahai.bots.spades_search import SearchBot as SpadesSearchBot
from mahai.bots.spades_search import SpadesSpec
from mahai.core.game import Action, Game, Observation, Seat, State
from mahai.games.mille_bornes import GAME, MilleBornesState
from mahai.games.spades import GAME as SPADES
from mahai.games.spades import SpadesState
from tests.mille_bornes_play.positions import make, put, set_hand, turn


def advance(players: int, seed: int, steps: int) -> MilleBornesState:
    """A game played by heuristic bots for ``steps`` actions (eu edition)."""
    state = GAME.new(GAME.options("eu"), players, seed)
    bot = HeuristicBot(random.Random(0))
    for _ in range(steps):
        if state.is_over:
            break
        seat = acting_seat(state)
        state.apply(seat, bot.act(GAME, seat, GAME.observe(state, seat), state.legal_actions(seat)))
    return state


def twins(players: int, seed: int, steps: int, other: int) -> tuple[MilleBornesState, MilleBornesState, Seat]:
    """A position and its twin: the same observation for the seat to act, the cards it has not
    seen dealt again (MBR-2 deck, other hands and draw pile)."""
    state = advance(players, seed, steps)
    assume(not state.is_over)
    seat = acting_seat(state)
    twin = GAME.determinize(GAME.observe(state, seat), random.Random(other))
    assert GAME.observe(twin, seat) == GAME.observe(state, seat)
    assume(twin.hands != state.hands or twin.draw_pile != state.draw_pile)
    assert twin.legal_actions(seat) == state.legal_actions(seat)
    return state, twin, seat


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 10_000), steps=st.integers(0, 150),
       other=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32),
       method=st.sampled_from(["pimc", "ismcts"]))
def test_choices_never_depend_on_unseen_cards(players: int, seed: int, steps: int, other: int,
                                              bot_seed: int, method: str) -> None:
    """Twin states with the same observation: with the same generator seed the search makes the
    same decision (so, over seeds, the same distribution of decisions), and a legal one."""
    state, twin, seat = twins(players, seed, steps, other)
    decisions = []
    for world in (state, twin):
        bot = MilleBornesSearchBot(random.Random(bot_seed), Budget(rollouts=12), method)  # type: ignore[arg-type]
        decisions.append(bot.act(GAME, seat, GAME.observe(world, seat), world.legal_actions(seat)))
    assert decisions[0] == decisions[1]
    assert decisions[0] in state.legal_actions(seat)


class PeekingSpec(MilleBornesSpec):
    """A cheat: it searches the true state instead of sampling (what the test must catch)."""

    def __init__(self, truth: State[Any]) -> None:
        super().__init__()
        self.truth = truth

    def sample(self, game: Game[Any, Any], observation: Observation, rng: random.Random) -> State[Any]:
        return self.truth.clone()


def test_the_property_test_catches_a_bot_that_peeks() -> None:
    """The twin check above can fail: a search that reads the true hands decides differently
    in some twin positions."""
    differ = 0
    for seed in range(12):
        state = advance(2, seed, 40 + 7 * seed)
        seat = acting_seat(state)
        twin = GAME.determinize(GAME.observe(state, seat), random.Random(seed))
        picks = [SearchBot(random.Random(1), PeekingSpec(w), Budget(rollouts=40), z=0.0)
                 .act(GAME, seat, GAME.observe(w, seat), w.legal_actions(seat)) for w in (state, twin)]
        differ += picks[0] != picks[1]
    assert differ >= 1


def test_choices_with_extra_worlds_never_depend_on_unseen_cards() -> None:
    """The twin check with :attr:`Budget.extra` (more worlds at a close decision): the extra
    worlds are sampled from the observation too (MBR-2 deck: hands and pile dealt again)."""
    checked = 0
    for seed in range(6):
        state = advance(2, seed, 20 + 11 * seed)
        seat = acting_seat(state)
        twin = GAME.determinize(GAME.observe(state, seat), random.Random(seed))
        picks, spent = [], []
        for world in (state, twin):
            bot = MilleBornesSearchBot(random.Random(seed), Budget(rollouts=16, extra=3_000))
            picks.append(bot.act(GAME, seat, GAME.observe(world, seat), world.legal_actions(seat)))
            spent.append([s.n for s in bot.last])
        assert picks[0] == picks[1] and spent[0] == spent[1]
        checked += bool(spent[0]) and max(spent[0]) > 16
    assert checked >= 1  # some decision was close and got extra worlds


def _close_search(extra: int, work: int | None = None, decisions: int = 2_000) -> list[Any]:
    """An early-game decision (close: a few discards worth about the same) searched with 2,000
    simulated decisions, then ``extra`` more if the best two stay close (up to ``work``)."""
    state = advance(2, 4, 11)
    seat = acting_seat(state)
    obs = GAME.observe(state, seat)
    legal = state.legal_actions(seat)
    spec = MilleBornesSpec()
    default = spec.default(GAME, seat, obs, legal)
    cands = spec.candidates(GAME, seat, obs, legal, default)
    assert len(cands) >= 3
    budget = Budget(rollouts=10_000, decisions=decisions, extra=extra, work=work, per_rollout=15, per_deal=8)
    return pimc(GAME, spec, seat, obs, cands, budget, random.Random(1), default=default)


def test_extra_worlds_go_to_the_two_best_at_a_close_decision() -> None:
    """With :attr:`Budget.extra`, a close decision plays its two best finalists (and the
    default) in more worlds, the same ones (common random numbers), in batches of 8; the other
    candidates keep what they had. At a clear decision (completing the trip, MBR-11, MBR-14)
    nothing is added."""
    base, more = _close_search(0), _close_search(20_000)
    grown = [(b.n, m.n) for b, m in zip(base, more, strict=True) if m.n != b.n]
    assert 2 <= len(grown) <= 3
    added = {m - b for b, m in grown}
    assert len(added) == 1 and added.pop() % 8 == 0
    assert all(b.values == m.values for b, m in zip(base, more, strict=True) if m.n == b.n)
    state, seat = _position()
    obs = GAME.observe(state, seat)
    spec = MilleBornesSpec()
    legal = state.legal_actions(seat)
    cands = spec.candidates(GAME, seat, obs, legal, spec.default(GAME, seat, obs, legal))
    clear = [pimc(GAME, spec, seat, obs, cands, Budget(rollouts=10_000, decisions=2_000, extra=extra),
                  random.Random(1)) for extra in (0, 20_000)]
    assert [s.n for s in clear[0]] == [s.n for s in clear[1]]


def test_extra_worlds_stop_at_the_work_limit() -> None:
    """:attr:`Budget.work`: the extra worlds stop once the whole decision's work (decisions, 15 a
    rollout, 8 a world dealt) reaches it: a little above the first 2,000 decisions' work, some
    are added, but fewer than without a limit."""
    base, unlimited = _close_search(0), _close_search(20_000)
    some = _close_search(20_000, work=12_000)
    assert sum(s.n for s in base) < sum(s.n for s in some) < sum(s.n for s in unlimited)


def test_the_work_limit_bounds_the_first_worlds_too() -> None:
    """:attr:`Budget.work` bounds the whole decision, the successive halving's worlds as well as
    the extra ones: near a leg's end the rollouts are short, and 25,000 simulated decisions were
    6,600 rollouts and 2,600 worlds dealt, the slowest decisions of the expert (session 10). With
    a limit below the work of the first 12,000 decisions, fewer worlds are played, within one
    world's rollouts of the limit (15 a rollout, 8 a world, at least one simulated decision each)."""
    base = _close_search(0, decisions=12_000)
    capped = _close_search(20_000, work=5_000, decisions=12_000)
    rollouts = sum(s.n for s in capped)
    assert rollouts < sum(s.n for s in base)
    assert (15 + 1) * rollouts <= 5_000 + (15 + 8 + 200) * len(capped)


def test_the_expert_chooses_the_same_whatever_the_clock_says() -> None:
    """The expert's budget is deterministic (``levels.MB_EXPERT``, docs/bots.md): at a close
    decision (its extra worlds are played: its statistics differ from those without them), a CPU
    clock that jumps 10 s at every reading gives the same choice, the same statistics and the
    same generator state as the real clock (session 8's 0.6 s cap stopped the extra worlds at
    once with it)."""
    state = advance(2, 4, 21)  # its two best candidates stay within two standard errors
    seat = acting_seat(state)
    obs = GAME.observe(state, seat)
    legal = state.legal_actions(seat)
    ticks = iter(range(0, 10**9, 10))
    results = []
    for clock in (time.process_time, lambda: float(next(ticks))):
        bot = mille_bornes_expert(random.Random(5))
        assert isinstance(bot, MilleBornesSearchBot)
        bot.clock = clock
        action = bot.act(GAME, seat, obs, legal)
        results.append((action, [(s.action, s.n, s.values) for s in bot.last], bot.rng.getstate()))
    assert results[0] == results[1]
    plain = mille_bornes_expert(random.Random(5))
    assert isinstance(plain, MilleBornesSearchBot)
    plain.budget = dataclasses.replace(plain.budget, extra=0)
    plain.act(GAME, seat, obs, legal)
    assert [s.n for s in plain.last] != [n for _, n, _ in results[0][1]]  # the extra worlds were played


def test_budget_must_be_positive() -> None:
    for bad in ({"rollouts": 0}, {"decisions": 0}, {"seconds": 0.0}, {"min_rollouts": 0}, {"extra": -1},
                {"work": 0}, {"per_rollout": -1}, {"per_deal": -1}, {"verify": -1}):
        with pytest.raises(ValueError):
            Budget(**bad)  # type: ignore[arg-type]


def _position() -> tuple[MilleBornesState, Seat]:
    """Seat 0 at 600 km, rolling, holding the 100 that completes 700 km (MBR-11)."""
    state = make(players=2, seed=3)
    put(state, 0, "roll", "200", "200", "100", "100")
    put(state, 1, "roll", "100")
    set_hand(state, 0, "100", "end_of_limit", "gasoline", "repairs", "spare_tire", "roll", "roll")
    turn(state, 0)
    return state, 0


class StubbornSpec(MilleBornesSpec):
    """A default that throws away the only card that completes the trip."""

    def default(self, game: Game[Any, Any], seat: Seat, observation: Observation,
                legal: Sequence[Action]) -> Action:
        return next(a for a in legal if a.notation() == "discard 100")


def test_search_overrides_a_bad_default_only_when_the_rollouts_agree() -> None:
    """Completing 700 km (trip bonus, MBR-14) beats discarding the only 100; the search plays it
    although its default says discard."""
    state, seat = _position()
    obs = GAME.observe(state, seat)
    bot = SearchBot(random.Random(2), StubbornSpec(objective="points"), Budget(rollouts=60))
    assert bot.act(GAME, seat, obs, state.legal_actions(seat)).notation() == "play 100"
    by = {s.action.notation(): s for s in bot.last}
    assert by["play 100"].mean > by["discard 100"].mean + 200


class NoiseSpec(MilleBornesSpec):
    """Every candidate worth the same: the horizon right after the decision, its value pure noise
    (the spec's own generator: independent in every world and for every candidate)."""

    def __init__(self) -> None:
        super().__init__()
        self.noise = random.Random(7)

    def finished(self, start: Any, state: State[Any]) -> bool:
        return True

    def values(self, start: Any, state: State[Any]) -> Sequence[float]:
        return [self.noise.gauss(0.0, 400.0) for _ in range(2)]


def test_a_fresh_look_stops_the_winners_curse() -> None:
    """Session 13's diagnosis (docs/arena/README.md, issue 15): the candidate left by the successive
    halving is the best of several noisy means, so its gain over the heuristic's action, measured on
    the worlds that chose it, is biased upwards and passes one standard error far more often than
    chance says. With four candidates all worth the same (pure noise), the search overrides its
    default at about a third of its decisions; with :attr:`Budget.verify` the override is judged on
    new worlds only, and kept only when it wins there by one standard error: about one time in
    six that the search's best is not the default (MBR-8: the candidates of one turn)."""
    state, seat = _position()
    obs = GAME.observe(state, seat)
    legal = state.legal_actions(seat)
    overrides = []
    for verify in (0, 32):
        spec = NoiseSpec()
        default = spec.default(GAME, seat, obs, legal)
        cands = spec.candidates(GAME, seat, obs, legal, default)
        assert len(cands) == 4
        budget = Budget(rollouts=10_000, decisions=48, verify=verify)
        rng = random.Random(1)
        changed = 0
        for _ in range(120):
            stats = pimc(GAME, spec, seat, obs, cands, budget, rng, default=default)
            changed += best(stats, default, 0.0, 1.0) != default
            fresh = [s for s in stats if s.fresh]
            assert len(fresh) in (0, 2) and all(len(s.fresh) >= 2 for s in fresh)
        overrides.append(changed)
    assert overrides[0] >= 30 and overrides[1] <= 20, overrides  # 38 and 15 of 120


def test_decisions_budget_bounds_the_work() -> None:
    """A budget in simulated decisions: the rollouts stop once about that many actions were
    pushed (the first round of 8 worlds is always played)."""
    state, seat = _position()
    obs = GAME.observe(state, seat)
    spec = MilleBornesSpec()
    legal = state.legal_actions(seat)
    cands = spec.candidates(GAME, seat, obs, legal, spec.default(GAME, seat, obs, legal))
    assert len(cands) == 4
    small = pimc(GAME, spec, seat, obs, cands, Budget(rollouts=10_000, decisions=2_000), random.Random(1))
    large = pimc(GAME, spec, seat, obs, cands, Budget(rollouts=10_000, decisions=20_000), random.Random(1))
    n_small, n_large = sum(s.n for s in small), sum(s.n for s in large)
    assert n_small < n_large < 10_000
    assert n_small <= 8 * len(cands) + 2_000 // 10


def test_seconds_budget_reads_the_clock() -> None:
    """A CPU-seconds budget with a fake clock that advances 1 ms per reading (one per rollout):
    0.05 s buys about 50 rollouts, the first round of 8 worlds included."""
    ticks = iter(range(10**9))
    state, seat = _position()
    obs = GAME.observe(state, seat)
    legal = state.legal_actions(seat)
    spec = MilleBornesSpec()
    cands = spec.candidates(GAME, seat, obs, legal, spec.default(GAME, seat, obs, legal))
    stats = pimc(GAME, spec, seat, obs, cands, Budget(rollouts=10_000, seconds=0.05), random.Random(1),
                 clock=lambda: next(ticks) / 1000)
    assert 32 <= sum(s.n for s in stats) <= 60


def test_ismcts_spends_its_budget_on_the_candidates() -> None:
    state, seat = _position()
    obs = GAME.observe(state, seat)
    spec = MilleBornesSpec()
    legal = state.legal_actions(seat)
    cands = spec.candidates(GAME, seat, obs, legal, spec.default(GAME, seat, obs, legal))
    stats = ismcts(GAME, spec, seat, obs, cands, Budget(rollouts=40), random.Random(3))
    assert sum(s.n for s in stats) == 40 and all(s.n >= 1 for s in stats)


def test_acting_seat_lets_the_attacked_answer_first() -> None:
    """MBR-10: after a hazard the attacked partner answers before the next player draws."""
    state = make(players=4)
    put(state, 0, "roll")
    set_hand(state, 1, "stop", "25", "25", "50", "50", "75", "75")
    turn(state, 1)
    state.apply(1, GAME.parse_action("hazard stop 0"))
    assert state.to_act() == (2, 0) and acting_seat(state) == 2


def spades_position(players: int, seed: int, steps: int) -> SpadesState:
    """A Spades match played by the heuristic for ``steps`` actions (SPR-3…SPR-9)."""
    state = SPADES.new(SPADES.options("standard" if players == 4 else "two_player"), players, seed)
    bot = SpadesHeuristic(random.Random(0))
    for _ in range(steps):
        if state.is_over:
            break
        seat = acting_seat(state)
        state.apply(seat, bot.act(SPADES, seat, SPADES.observe(state, seat), state.legal_actions(seat)))
    return state


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 10_000), steps=st.integers(0, 60),
       other=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32))
def test_spades_choices_never_depend_on_unseen_cards(players: int, seed: int, steps: int, other: int,
                                                     bot_seed: int) -> None:
    """The generic search with :class:`SpadesSpec`, and the Spades search bot with its bid and
    blind-nil searches on, decide the same in twin states (other hands dealt again)."""
    state = spades_position(players, seed, steps)
    assume(not state.is_over)
    seat = acting_seat(state)
    obs = SPADES.observe(state, seat)
    twin = SPADES.determinize(obs, random.Random(other))
    assert SPADES.observe(twin, seat) == obs
    assume(twin.hands != state.hands)
    makers = (lambda: SearchBot(random.Random(bot_seed), SpadesSpec(), Budget(rollouts=16)),
              lambda: SpadesSearchBot(random.Random(bot_seed), samples=2, bid_samples=2, blind_samples=2))
    for make_bot in makers:
        picks = [make_bot().act(SPADES, seat, SPADES.observe(w, seat), w.legal_actions(seat))
                 for w in (state, twin)]
        assert picks[0] == picks[1] and picks[0] in state.legal_actions(seat)


def test_inferred_absent_cards_are_never_in_the_opponents_hand() -> None:
    """Two players, search (small budget) against the heuristic: whenever the search concludes
    that the opponent cannot hold a remedy or safety (stopped after a turn of its own, MBR-8,
    MBR-9, MBR-10), or a battle hazard (it left the search's rolling car alone, MBR-6), the true
    hand agrees; and its worlds never give it those cards."""
    checked = hazards = 0
    for seed in range(3):
        state = GAME.new(GAME.options("eu"), 2, seed)
        bot = MilleBornesSearchBot(random.Random(seed), Budget(rollouts=8))
        other = HeuristicBot(random.Random(0))
        while not state.is_over and state.legs_played < 2:
            seat = acting_seat(state)
            obs, legal = GAME.observe(state, seat), state.legal_actions(seat)
            action = (bot if seat == 0 else other).act(GAME, seat, obs, legal)
            if seat == 0 and bot.spec.absent:  # type: ignore[attr-defined]
                (opp, cards), = bot.spec.absent.items()  # type: ignore[attr-defined]
                assert opp == 1 and not cards & set(state.hands[1])
                world = bot.spec.sample(GAME, obs, random.Random(checked))
                assert not cards & set(world.hands[1]) and GAME.observe(world, 0) == obs
                checked += 1
                hazards += bool(cards & set(BATTLE_HAZARDS))
            state.apply(seat, action)
    assert checked >= 10 and hazards >= 10


def test_win_chance_of_a_lead() -> None:
    """MBR-17, game to 5,000: even scores are a coin flip; a lead counts more as the end nears."""
    assert win_chance(2000, 2000, 5000) == pytest.approx(0.5)
    assert 0.5 < win_chance(1500, 1000, 5000) < win_chance(4500, 4000, 5000) < 1
    assert win_chance(1000, 1500, 5000) == pytest.approx(1 - win_chance(1500, 1000, 5000))


def _bot_against_heuristic(seed: int, budget: int = 4
                           ) -> Iterator[tuple[MilleBornesState, MilleBornesSearchBot]]:
    """Seat 0 the search (``budget`` rollouts), seat 1 the heuristic, two legs of the eu edition:
    the state and the bot after each of the bot's decisions made with the opponent's last move
    as evidence (the bot's turn, the move not yet applied)."""
    state = GAME.new(GAME.options("eu"), 2, seed)
    bot = MilleBornesSearchBot(random.Random(seed), Budget(rollouts=budget))
    other = HeuristicBot(random.Random(0))
    while not state.is_over and state.legs_played < 2:
        seat = acting_seat(state)
        obs, legal = GAME.observe(state, seat), state.legal_actions(seat)
        action = (bot if seat == 0 else other).act(GAME, seat, obs, legal)
        if seat == 0 and state.turn == 0 and bot.spec.evidence is not None:  # type: ignore[attr-defined]
            yield state, bot
        state.apply(seat, action)


def test_the_opponent_model_explains_every_move_of_the_heuristic() -> None:
    """Two players: the search weighs its worlds by the opponent's last move, modelled as the
    heuristic (a card laid, MBR-5..MBR-8, a hazard, MBR-6, or a discard; no coup fourré left
    uncalled, MBR-10). Against the heuristic the true hands always explain the move, while about
    half the worlds dealt from the seat's observation alone do not (the evidence informs), and
    the worlds it keeps show the seat what it sees."""
    found = kinds = explained = dealt = 0
    seen_kinds: set[int] = set()
    for seed in range(3):
        for state, bot in _bot_against_heuristic(seed):
            spec = bot.spec
            assert isinstance(spec, MilleBornesSpec) and spec.evidence is not None
            assert spec.explains(GAME, state, spec.evidence)
            seen_kinds.add(spec.evidence[2])
            obs = GAME.observe(state, 0)
            for k in range(5):
                explained += spec.explains(GAME, spec.deal(GAME, obs, random.Random(k)), spec.evidence)
                dealt += 1
            world = spec.sample(GAME, obs, random.Random(found))
            assert GAME.observe(world, 0) == obs
            found += 1
    kinds = len(seen_kinds)
    assert found >= 100 and kinds == 3
    assert 0.2 < explained / dealt < 0.9


def test_choices_with_a_history_never_depend_on_unseen_cards() -> None:
    """The twin test after a history: the bot's memory of the opponent's moves (its evidence)
    comes from its own observations only, so twin states (the same observation, the unseen cards
    dealt again) get the same decision from copies of the bot with the same generator."""
    compared = 0
    pick = random.Random(7)
    for seed in range(4):
        for state, bot in _bot_against_heuristic(seed):
            if compared >= 8 * (seed + 1) or pick.random() < 0.7:
                continue
            seat = 0
            twin = GAME.determinize(GAME.observe(state, seat), random.Random(compared))
            assert GAME.observe(twin, seat) == GAME.observe(state, seat)
            picks = []
            for world in (state, twin):
                copy = pickle.loads(pickle.dumps(bot))
                copy.rng = random.Random(compared)
                copy.budget = Budget(rollouts=12)
                picks.append(copy.act(GAME, seat, GAME.observe(world, seat), world.legal_actions(seat)))
            assert picks[0] == picks[1] and picks[0] in state.legal_actions(seat)
            compared += 1
    assert compared >= 20


def test_older_moves_weigh_the_worlds_by_the_chance_their_hands_explain_them() -> None:
    """``depth`` 3: the bot keeps the opponent's last three moves, one a turn, latest first (MBR-3,
    MBR-4). The hand each older move was chosen from is rebuilt with a random card taken back
    (the one drawn since), so the true hands explain all three moves in some of the draws of
    that card and never fail the latest move (the heuristic made it)."""
    state = GAME.new(GAME.options("eu"), 2, 5)
    bot = MilleBornesSearchBot(random.Random(5), Budget(rollouts=4), spec=MilleBornesSpec(depth=3))
    other = HeuristicBot(random.Random(0))
    chains = explained = tried = 0
    while not state.is_over and state.legs_played < 2:
        seat = acting_seat(state)
        obs, legal = GAME.observe(state, seat), state.legal_actions(seat)
        action = (bot if seat == 0 else other).act(GAME, seat, obs, legal)
        spec = bot.spec
        assert isinstance(spec, MilleBornesSpec)
        if seat == 0 and state.turn == 0 and spec.evidence is not None and len(spec.history) == 2:
            chains += 1
            assert spec.explains(GAME, state, spec.evidence)
            befores = [spec.evidence[0], *(e[0] for e in spec.history)]
            played = [len(b.discard) + sum(map(len, [*b.battle, *b.speed, *b.dist, *b.safe_order]))
                      for b in befores]
            assert all(a > b for a, b in zip(played, played[1:], strict=False))  # one a turn, in order
            for k in range(10):
                explained += spec.explains_all(GAME, state, random.Random(k))
                tried += 1
        state.apply(seat, action)
    assert chains >= 20 and 0 < explained < tried
