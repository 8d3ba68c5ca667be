"""The OpenSpiel Python games: OpenSpiel's own random-simulation checks for every
registered game, explicit chance, observers, resampling and Mahai's bots."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

import mahai.research.openspiel_games as mo  # noqa: E402
from tests.research.cases import CASES, Case, case_id  # noqa: E402

SHORT = 250
"""``max_length`` for random simulations of the long editions (a random Spades match
runs to the 100-hand cap: ~5,800 decisions)."""


def _load(case: Case, **extra: object) -> object:
    name, edition, players, options = case
    text = ";".join(f"{k}:{'yes' if v is True else v}" for k, v in options.items())
    params: dict[str, object] = {"players": players, "edition": edition, "options": text, **extra}
    return pyspiel.load_game(f"python_mahai_{name}", params)


WHOLE = {("spades", "openspiel", 4), ("mille_bornes", "2016", 2), ("denborazup", "solo", 1),
         ("denborazup", "multi", 2)}
"""Cases simulated to the end of the game (short ones; one or more per game)."""


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test(case: Case) -> None:
    """OpenSpiel's generic checks (legal actions, chance, observers, clones, serialised
    states) over random games: whole games for one short case of each game, else the
    first decisions (``max_length``)."""
    if case[:3] in WHOLE and not case[3]:
        pyspiel.random_sim_test(_load(case), num_sims=2, serialize=True, verbose=False)
    else:
        pyspiel.random_sim_test(_load(case, max_length=SHORT), num_sims=1, serialize=True, verbose=False)


def test_registered_games_and_their_declared_type() -> None:
    names = set(pyspiel.registered_names())
    assert set(mo.GAMES) <= names
    game = pyspiel.load_game("python_mahai_spades_openspiel")
    info = game.get_type()
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert info.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 4 and game.num_distinct_actions() == 122
    assert game.max_chance_outcomes() == mo.CHANCE_OUTCOMES
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert pyspiel.load_game("python_mahai_denborazup", {"players": 1}).max_utility() == 1.0


def test_the_openspiel_edition_plays_openspiels_rules_beside_its_spades() -> None:
    """The ``openspiel`` edition: one hand, no blind nil (bids 0–13 only), as OpenSpiel's
    own ``spades``, whose actions are 52 cards then 14 bids too."""
    ours = pyspiel.load_game("python_mahai_spades_openspiel")
    theirs = pyspiel.load_game("spades")
    state = ours.new_initial_state()
    state.apply_action(0)
    assert state.legal_actions() == list(range(52, 66))
    assert theirs.num_distinct_actions() == 66
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]
    assert len(state.history()) <= ours.max_game_length() + 1


def test_chance_comes_where_the_next_hand_is_dealt() -> None:
    """SPR-3: in a match, the play that ends a hand waits for a chance node (the next
    deal); the outcome seeds the deal, the same outcome gives the same deal."""
    game = pyspiel.load_game("python_mahai_spades", {"players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == mo.CHANCE_OUTCOMES and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(5)
    rng = np.random.default_rng(1)
    while not state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.engine.hand_no == 1 and state.position.held is not None
    same, other = state.clone(), state.clone()
    state.apply_action(17)
    same.apply_action(17)
    other.apply_action(18)
    assert state.engine.hand_no == 2 and not state.is_chance_node()
    assert same.engine.stock == state.engine.stock  # two players: the stock is the deal
    assert other.engine.stock != state.engine.stock
    assert same.observation_string(1) == state.observation_string(1)  # seat 1 is shown a card


def test_observers_see_the_view_and_the_public_one_sees_no_hand() -> None:
    game = pyspiel.load_game("python_mahai_spades_openspiel")
    state = game.new_initial_state()
    state.apply_action(3)
    from open_spiel.python.observation import make_observation

    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game)
    tensors = set()
    for player in range(4):
        public.set_from(state, player)
        tensors.add(public.tensor.tobytes())
        private.set_from(state, player)
        assert private.dict["observation"][5:57].sum() == 13  # its 13 cards
        assert private.dict["observation"][game.encoding.parts()["hand"]].sum() == 13
        # OpenSpiel writes the dict's entries one after the other as the tensor: entries that
        # overlap would double it (a try with each part of the features as an entry did)
        size = game.encoding.feature_size + game.encoding.num_actions
        assert game.observation_tensor_size() == len(state.observation_tensor(player)) == size
    assert len(tensors) == 1
    public.set_from(state, 0)
    assert public.dict["observation"][5:57].sum() == 0
    assert '"hand": null' in public.string_from(state, 0)
    with pytest.raises(ValueError):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_information_state_is_the_players_history() -> None:
    """Perfect recall: the digest changes with every event the player sees, and two
    states with the same history for a player (but other hands) share it."""
    game = pyspiel.load_game("python_mahai_spades_openspiel")
    state = game.new_initial_state()
    state.apply_action(3)
    seat = state.current_player()
    before = state.information_state_string(seat)
    state.apply_action(state.legal_actions()[2])
    assert state.information_state_string(seat) != before
    text = state.history_text(seat)
    assert '"kind": "deal"' in text.splitlines()[0] and text.splitlines()[-2] == "> bid 2"
    resampled = state.resample_from_infostate(state.current_player(), lambda: 0.25)
    player = state.current_player()
    assert resampled.information_state_string(player) == state.information_state_string(player)
    assert resampled.observation_string(player) == state.observation_string(player)
    assert resampled.legal_actions() == state.legal_actions()
    others = [p for p in range(4) if p != player]
    assert any(resampled.observation_string(p) != state.observation_string(p) for p in others)


def test_mahai_bots_play_through_openspiel() -> None:
    """Mahai's heuristic Spades bot as an OpenSpiel bot: legal picks, a finished hand."""
    game = pyspiel.load_game("python_mahai_spades_openspiel")
    bots = [mo.MahaiBot(game, seat, "heuristic", seed=seat) for seat in range(4)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sorted(returns) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)


@pytest.mark.parametrize("edition", ["multi", "long"])
def test_denborazup_bots_play_through_openspiel(edition: str) -> None:
    """DZR-5, DZR-13: Mahai's DenboraZup bots as OpenSpiel bots: their cards go by hand
    position (``place #k``, read from the seat's projection), the long timeline's placement
    in two picks; every pick legal, the game finished with one winner."""
    game = pyspiel.load_game("python_mahai_denborazup", {"players": 2, "edition": edition})
    bots = [mo.MahaiBot(game, seat, "medium", seed=seat) for seat in range(2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert sorted(returns) == [-1.0, 1.0]


def test_a_composite_action_is_picked_by_the_same_player() -> None:
    """SPR-6 through OpenSpiel: three pass picks by the blind-nil bidder, each a decision."""
    from mahai.research.spades import BLIND_NIL, LOOK, PASS

    game = pyspiel.load_game("python_mahai_spades")
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.default_rng(3)
    while state.engine.phase != "exchange":
        legal = state.legal_actions()
        if BLIND_NIL in legal:
            action = BLIND_NIL if not any(state.engine.blind) else LOOK
        else:
            action = int(rng.choice(legal))
        state.apply_action(action)
    player = state.current_player()
    for _ in range(3):
        assert state.current_player() == player
        legal = state.legal_actions()
        assert all(PASS <= a < PASS + 52 for a in legal)
        state.apply_action(legal[0])
    assert state.current_player() != player or state.engine.phase == "play"
    assert state.engine.passed[player].bit_count() == 3


def test_a_mahai_bot_finishes_an_exchange_begun_by_someone_else() -> None:
    """The bot answers with the next pick of an action consistent with the picks made."""
    from mahai.research.spades import BLIND_NIL, LOOK, PASS

    game = pyspiel.load_game("python_mahai_spades")
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.default_rng(4)
    while state.engine.phase != "exchange":
        legal = state.legal_actions()
        if BLIND_NIL in legal:
            state.apply_action(BLIND_NIL if not any(state.engine.blind) else LOOK)
        else:
            state.apply_action(int(rng.choice(legal)))
    player = state.current_player()
    state.apply_action(state.legal_actions()[0])
    bot = mo.MahaiBot(game, player, "heuristic", seed=1)
    while state.current_player() == player and state.engine.phase == "exchange":
        action = bot.step(state)
        assert action in state.legal_actions() and action >= PASS
        state.apply_action(action)
    assert state.engine.passed[player].bit_count() == 3


def test_every_parameter_is_documented_with_its_default() -> None:
    """The module docstring's table and the README's list each parameter of every game with
    the default it really has; ``players: 0`` is the count the edition is made for, so an
    edition alone is a whole game (``{"edition": "solo"}`` asked DenboraZup for its default 2
    players and was refused; Spades' ``two_player`` was set for 4)."""
    import re
    from pathlib import Path

    doc = mo.__doc__ or ""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for cls in mo.GAMES.values():
        for name, default in cls.defaults.items():
            if name == "edition" and default:  # the one game with its own default edition
                assert f"``{default}``" in doc
                continue
            text = str(default) if default != "" else '""'
            assert re.search(rf"^``{name}``\s+``{re.escape(text)}``\s", doc, re.M), (name, default)
            assert re.search(rf"^\| `{name}` \| `{re.escape(text)}` \|", readme, re.M), (name, default)
    assert pyspiel.load_game("python_mahai_denborazup", {"edition": "solo"}).num_players() == 1
    assert pyspiel.load_game("python_mahai_spades", {"edition": "two_player"}).num_players() == 2
    assert [pyspiel.load_game(n).num_players() for n in mo.GAMES] == [4, 4, 2, 2]
    assert pyspiel.load_game("python_mahai_mille_bornes(players=4,seed=7)").num_players() == 4
    # Mille Bornes' 2016 edition is the five-player game: the docs said "Mille Bornes 2"
    assert pyspiel.load_game("python_mahai_mille_bornes", {"edition": "2016"}).num_players() == 5
    assert "Mille Bornes 2, its ``2016`` edition 5;" in doc
    assert "Mille Bornes 2, its `2016` edition 5;" in readme
    with pytest.raises(Exception, match="bad_player_count"):
        pyspiel.load_game("python_mahai_denborazup", {"edition": "solo", "players": 2})
