"""``mahai arena``: the schedule of duplicate deals, the figures, the files, and that the local
and Ray backends play the same games."""

from __future__ import annotations

import csv
import importlib
import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahai.cli import app
from mahai.cli.arena import (
    Match,
    Outcome,
    load_result,
    outcomes_agree,
    read_log,
    rotations,
    run_arena,
    run_local,
    schedule,
    summarize,
    wilson,
    write_results,
)
from mahai.games.mille_bornes import GAME

SHORT = GAME.options("eu", game_target=1000)
"""Mille Bornes games of one or two legs (MBR-17 with a 1,000-point target)."""


def test_rotations_give_each_bot_every_seat() -> None:
    assert rotations(2) == [(0, 1), (1, 0)]
    assert rotations(3) == [(0, 1, 0), (1, 0, 1)]
    assert rotations(4) == [(0, 1, 0, 1), (1, 0, 1, 0)]  # partners opposite (MBR-1, SPR-1)


def test_schedule_plays_every_deal_with_seats_swapped() -> None:
    games = schedule(["a", "b", "c"], 2, 5)
    assert [m.pair for m in games[::6]] == [("a", "b"), ("a", "c"), ("b", "c")]
    assert len(games) == 3 * 6  # 5 games per matchup rounded up to 3 whole deals
    first = [m for m in games if m.pair == ("a", "b")]
    assert [(m.deal, m.seats) for m in first[:2]] == [(0, ("a", "b")), (0, ("b", "a"))]
    assert [m.index for m in games] == list(range(18))
    assert {m.pair for m in schedule(["a", "b", "c"], 2, 2, gauntlet=True)} == {("a", "b"), ("a", "c")}
    for bad in (["a"], ["a", "a"]):
        with pytest.raises(ValueError):
            schedule(bad, 2, 2)


def test_wilson_interval() -> None:
    lo, hi = wilson(65, 100)
    assert 0.552 < lo < 0.553 and 0.736 < hi < 0.737
    assert wilson(0, 0) == (0.0, 0.0)


def test_summary_rates_ratings_and_margins() -> None:
    """a beats b twice; b and a share a draw: a's win rate is 2.5/3."""
    matches = [Match(0, ("a", "b"), 0, ("a", "b")), Match(1, ("a", "b"), 0, ("b", "a")),
               Match(2, ("a", "b"), 1, ("a", "b"))]
    outcomes = [Outcome(0, (0,), (500.0, 100.0), (3, 3), (0.3, 0.0), (0.2, 0.0)),
                Outcome(1, (1,), (200.0, 900.0), (2, 2), (0.0, 0.2), (0.0, 0.1)),
                Outcome(2, (0, 1), (300.0, 300.0), (1, 1), (0.1, 0.0), (0.1, 0.0))]
    s = summarize(["a", "b"], matches, outcomes)
    assert s["bots"]["a"]["wins"] == 2.5 and s["bots"]["a"]["games"] == 3
    assert s["matrix"]["a"]["b"] == pytest.approx(2.5 / 3, abs=1e-4)
    assert s["matrix"]["b"]["a"] == pytest.approx(0.5 / 3, abs=1e-4)
    assert s["matchups"][0]["margins"] == [400.0, 700.0, 0.0]
    assert s["bots"]["b"]["mean_margin"] == pytest.approx(-1100 / 3, abs=0.1)
    assert s["bots"]["a"]["cpu_per_decision"] == pytest.approx(0.6 / 6)
    assert s["bots"]["a"]["slowest_decision"] == 0.2
    assert s["ratings"]["a"]["mu"] > 25 > s["ratings"]["b"]["mu"]
    with pytest.raises(ValueError):
        summarize(["a", "b"], matches, outcomes[:2])


def test_arena_run_writes_tables_and_plots(tmp_path: Path) -> None:
    result = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 4, seed=3)
    assert len(result.outcomes) == 4
    # duplicate deals: games 0 and 1 are the same deal with the seats swapped
    assert result.matches[0].deal == result.matches[1].deal
    assert result.matches[0].seats == result.matches[1].seats[::-1]
    assert result.summary["bots"]["heuristic"]["win_rate"] == 1.0
    paths = write_results(result, tmp_path, lang="en")
    names = {p.name for p in paths}
    assert {"arena.json", "games.csv", "ratings.csv", "matrix.csv"} <= names
    assert {f"{n}.{e}" for n in ("ratings", "winrate", "margins") for e in ("png", "svg")} <= names
    data = json.loads((tmp_path / "arena.json").read_text())
    assert len(data["games"]) == 4
    assert data["ratings"]["heuristic"]["ordinal"] > data["ratings"]["random"]["ordinal"]
    rows = list(csv.DictReader((tmp_path / "ratings.csv").open()))
    assert [r["bot"] for r in rows] == ["heuristic", "random"]
    assert (tmp_path / "ratings.png").read_bytes()[:4] == b"\x89PNG"
    # The fresh play test of session 18: the margins' boxes drew an orange line and a green
    # triangle that nothing named; a legend says which is the median and which the mean.
    texts = re.findall(r"<!-- (.*?) -->", (tmp_path / "margins.svg").read_text())
    assert {"median", "mean"} <= set(texts), texts


def test_arena_command(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["arena", "mille-bornes", "--bots", "heuristic,random", "--games", "2",
                              "-o", "game_target=500", "--out", str(tmp_path), "--no-plots", "--lang", "en"],
                        env={"COLUMNS": "400"})  # a long temporary path on one line
    assert res.exit_code == 0, res.output
    assert "heuristic vs random" in res.output
    assert (tmp_path / "games.csv").exists() and not (tmp_path / "ratings.png").exists()
    # every file of the folder is said, the game log too (the fresh play test of session 18 found
    # a games.jsonl that no "wrote" line named)
    said = {Path(line.removeprefix("wrote ")).name for line in res.output.splitlines()
            if line.startswith("wrote ")}
    assert said == {p.name for p in tmp_path.iterdir()}, (said, res.output)
    res = runner.invoke(app, ["arena", "mille-bornes", "--bots", "heuristic,nobody"])
    assert res.exit_code == 2


def test_a_game_whose_lower_scores_win_says_so_beside_its_margins() -> None:
    """DenboraZup's scores are the cards left in hand (DZR-9): the arena printed the random bot's
    margin as +7 and the medium bot's as -7 under a bare "margin", and plotted them in "game
    points", as if the random bot led; now the margins and ``mahai simulate``'s mean scores say
    that lower is better there (``Game.lower_scores_win``), and only there."""
    from mahai.cli.arena import margin_unit
    from mahai.games import get_game

    assert [get_game(g).lower_scores_win for g in ("denborazup", "spades", "mille_bornes", "nim")] == [
        True, False, False, False]
    assert margin_unit("denborazup", "en") == "game points; lower is better"
    assert margin_unit("spades", "en") == "game points"
    runner = CliRunner()
    bots = ["--bots", "medium,random", "--games", "2", "--lang", "en"]
    res = runner.invoke(app, ["arena", "denborazup", *bots])
    assert res.exit_code == 0, res.output
    assert "margin: mean score difference in game points; lower is better" in res.output
    res = runner.invoke(app, ["simulate", "denborazup", *bots])
    assert res.exit_code == 0 and "mean score: lower is better in this game" in res.output
    res = runner.invoke(app, ["simulate", "nim", "--games", "2", "--lang", "en"])
    assert res.exit_code == 0 and "lower is better" not in res.output


def need_ray() -> None:
    """Skip without Ray (``pip install 'mahai[ray]'``), except in CI (``CI=true``): there
    ``scripts/test`` installs it, so a missing Ray is a failure, never a silent skip."""
    if os.environ.get("CI") == "true":
        importlib.import_module("ray")  # ModuleNotFoundError fails the test
    else:
        pytest.importorskip("ray")


def test_local_jobs_and_ray_play_the_same_games() -> None:
    """The same seeds give the same games and figures in one process, in two worker processes
    and on Ray (a local Ray, started for the test)."""
    local = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 4, seed=8)
    jobs = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 4, seed=8, jobs=2)
    assert outcomes_agree(local.outcomes, jobs.outcomes)
    need_ray()
    remote = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 4, seed=8, backend="ray")
    assert outcomes_agree(local.outcomes, remote.outcomes)
    assert remote.summary["ratings"] == local.summary["ratings"]
    assert remote.summary["matrix"] == local.summary["matrix"]


def test_a_run_loads_back_from_its_json(tmp_path: Path) -> None:
    result = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 2, seed=5)
    write_results(result, tmp_path, plots=False)
    again = load_result(tmp_path / "arena.json")
    assert outcomes_agree(result.outcomes, again.outcomes) and again.matches == result.matches
    assert again.summary == result.summary


def test_a_run_resumes_from_its_log_and_keeps_the_games_already_played(tmp_path: Path) -> None:
    """``--resume`` keeps the logged games (found by matchup, deal and seats, so a schedule with
    more bots or games reuses them) and plays only the others: the result is the fresh run's."""
    runner = CliRunner()
    first = ["arena", "mille-bornes", "--bots", "heuristic,random", "--games", "2", "-o", "game_target=1000",
             "--seed", "4", "--out", str(tmp_path), "--no-plots"]
    assert runner.invoke(app, first).exit_code == 0
    log = tmp_path / "games.jsonl"
    kept = read_log(log)
    assert len(kept) == 2 and all(k[0] == ("heuristic", "random") for k in kept)
    # a forged score in the log shows that the game was kept, not played again
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    lines[0]["scores"] = [1234.0, 0.0]
    log.write_text("".join(json.dumps(g) + "\n" for g in lines))
    more = ["arena", "mille-bornes", "--bots", "heuristic,random,easy", "--games", "4",
            "-o", "game_target=1000", "--seed", "4", "--out", str(tmp_path), "--no-plots", "--resume"]
    res = runner.invoke(app, more)
    assert res.exit_code == 0, res.output
    assert len(log.read_text().splitlines()) == 12  # 3 matchups x 4 games, none twice
    resumed = load_result(tmp_path / "arena.json")
    fresh = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random", "easy"], 4, seed=4)
    assert resumed.matches == fresh.matches
    assert resumed.outcomes[0].scores == (1234.0, 0.0)
    assert outcomes_agree(resumed.outcomes[1:], fresh.outcomes[1:])


@pytest.mark.parametrize("bad", [{"scores": "ab"}, {"winners": [7]}, {"winners": "1"}, {"winners": [None]},
                                 {"choices": [1], "seconds": [0.1], "slowest": [0.1]}, {"scores": [1.0]},
                                 {"extra": {"legs": "x"}}, {"extra": []}, {"moves": -3}, {"finished": "no"},
                                 {"index": "0"}, {"seconds": [None, 0.1]}], ids=json.dumps)
def test_resume_plays_again_a_logged_game_whose_fields_are_broken(tmp_path: Path,
                                                                  bad: dict[str, object]) -> None:
    """A line of ``games.jsonl`` that is JSON and names its game but whose fields are not a game's
    (edited by hand, two logs merged, another program's): scores as a string ended ``--resume`` in
    a ``TypeError`` traceback after the games, three choices for two seats in an ``IndexError``, and a
    winner seat 7 (or "1", or null) of a two-player game was kept as the result. Such a line is
    skipped like a line cut short, and its game played again: the run is the fresh run's."""
    runner = CliRunner()
    first = ["arena", "mille-bornes", "--bots", "heuristic,random", "--games", "2", "-o", "game_target=1000",
             "--seed", "4", "--out", str(tmp_path), "--no-plots"]
    assert runner.invoke(app, first).exit_code == 0
    log = tmp_path / "games.jsonl"
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    lines[0].update(bad)
    log.write_text("".join(json.dumps(g) + "\n" for g in lines))
    assert len(read_log(log)) == 1  # the broken line is not a game
    res = runner.invoke(app, [*first, "--resume"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output[-1500:]
    resumed = load_result(tmp_path / "arena.json")
    fresh = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 2, seed=4)
    assert outcomes_agree(resumed.outcomes, fresh.outcomes)


def test_an_unfinished_run_played_every_matchup_as_far() -> None:
    """The games left are played deal by deal, every matchup in turn (a run cut short is fair)."""
    order: list[tuple[str, str]] = []
    run_arena("mille_bornes", SHORT, 2, ["heuristic", "random", "easy"], 4, seed=2,
              on_result=lambda o: order.append(schedule(["heuristic", "random", "easy"], 2, 4)[o.index].pair))
    assert order[:6] == [("heuristic", "random")] * 2 + [("heuristic", "easy")] * 2 + [("random", "easy")] * 2
    assert sorted(order) == sorted(m.pair for m in schedule(["heuristic", "random", "easy"], 2, 4))


def test_worker_processes_play_one_game_a_task(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--jobs``, each game is its own task and is reported (logged to ``games.jsonl``) when it
    ends: games were sent in batches of up to 8, so a run of the Mille Bornes expert (minutes a game)
    logged nothing for an hour and a run cut short lost up to 8 games a worker."""
    import mahai.sim as sim

    sent: list[object] = []

    class Counting(sim.ProcessPoolExecutor):  # type: ignore[misc]
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            sent.append(args)
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", Counting)  # the pool of mahai arena --jobs (worker_pool)
    matches = schedule(["heuristic", "random"], 2, 24)
    seen: list[int] = []
    out = run_local("mille_bornes", SHORT, 2, 3, matches, jobs=2, on_result=lambda o: seen.append(o.index))
    assert len(sent) == len(matches) == 24
    assert sorted(seen) == [o.index for o in out] == list(range(24))


def test_a_game_stopped_at_the_move_cap_counts_apart_not_as_a_win_or_a_draw() -> None:
    """An unfinished game (``--max-moves``: random DenboraZup bots may never end, DZR-6) gives
    neither bot a win, a half win or a rating update: it is counted in ``unfinished``."""
    matches = [Match(0, ("a", "b"), 0, ("a", "b")), Match(1, ("a", "b"), 0, ("b", "a"))]
    outcomes = [Outcome(0, (0,), (500.0, 100.0), (3, 3), (0.3, 0.0), (0.2, 0.0), moves=40),
                Outcome(1, (), (0.0, 0.0), (5, 5), (0.1, 0.1), (0.1, 0.1), moves=50, finished=False)]
    s = summarize(["a", "b"], matches, outcomes)
    assert s["unfinished"] == 1
    assert (s["bots"]["a"]["games"], s["bots"]["a"]["wins"], s["bots"]["a"]["unfinished"]) == (1, 1.0, 1)
    assert s["bots"]["b"]["wins"] == 0.0 and s["matrix"]["a"]["b"] == 1.0
    assert s["matchups"][0]["margins"] == [400.0] and s["matchups"][0]["unfinished"] == 1
    assert s["bots"]["a"]["decisions"] == 8  # its decisions in the unfinished game took CPU time too
    one = summarize(["a", "b"], matches[:1], outcomes[:1])
    assert s["ratings"] == one["ratings"]
    nothing = summarize(["a", "b"], matches[1:], [replace(outcomes[1], index=1)])
    assert nothing["matchups"][0]["win_rate"] is None and nothing["matrix"]["a"]["b"] is None


def test_the_arena_stops_games_at_max_moves_in_its_table_json_and_csv(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["arena", "mille-bornes", "--bots", "heuristic,random", "--games", "2",
                              "-o", "game_target=1000", "--max-moves", "5", "--out", str(tmp_path),
                              "--lang", "en"])
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "heuristic vs random: none of their 2 games finished" in said  # said once, no "0.0%–0.0%"
    assert "0.0%–0.0%" not in said
    assert "unfinished: 2 of 2 games stopped at 5 moves (--max-moves)" in said
    data = json.loads((tmp_path / "arena.json").read_text())
    assert (data["unfinished"], data["max_moves"]) == (2, 5)
    assert [(g["finished"], g["moves"], g["winners"]) for g in data["games"]] == [(False, 5, [])] * 2
    assert data["bots"]["heuristic"]["games"] == 0 and data["bots"]["heuristic"]["unfinished"] == 2
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert [(r["finished"], r["moves"], r["winners"]) for r in rows] == [("false", "5", "")] * 2
    assert {r["unfinished"] for r in csv.DictReader((tmp_path / "ratings.csv").open())} == {"2"}
    assert (tmp_path / "margins.png").exists()  # no margin to plot: an empty figure, no error
    # --resume with a higher cap plays the stopped games again; with the same cap it keeps them
    kept = read_log(tmp_path / "games.jsonl")
    assert all(not o.finished and o.moves == 5 for o in kept.values())
    again = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 2, done=kept, max_moves=5)
    by_index = sorted(kept.values(), key=lambda o: o.index)
    assert [o.seconds for o in again.outcomes] == [o.seconds for o in by_index]  # kept, not played again
    longer = run_arena("mille_bornes", SHORT, 2, ["heuristic", "random"], 2, done=kept)
    assert all(o.finished for o in longer.outcomes) and longer.summary["unfinished"] == 0
