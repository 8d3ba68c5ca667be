"""The real ``mahai`` command stopped from outside: a Ctrl-C at any moment ends it quietly (exit
code 130, no traceback), and a ``kill -9`` of ``mahai arena --jobs N`` takes its worker
processes with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import process
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahai.cli import app
from mahai.cli.arena import load_result, outcomes_agree, run_arena
from mahai.cli.common import table_setup
from mahai.sim import finished, worker_pool
from tests.conftest import free_port

MAHAI = Path(sys.executable).parent / "mahai"
LONG_ARENA = ["arena", "spades", "--bots", "random,heuristic", "--games", "5000", "--jobs", "2", "--no-plots"]
"""An arena that is still playing when it is stopped (two worker processes)."""

CTRL_C = '''
import os, signal, sys


class CtrlC:
    """A Ctrl-C (SIGINT to this process, as the terminal sends it) when the module that
    MAHAI_TEST_CTRL_C names starts being imported: a moment of the start chosen, not timed."""

    def find_spec(self, name, path=None, target=None):
        if name == os.environ.get("MAHAI_TEST_CTRL_C"):
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, CtrlC())
'''


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and theirs (from /proc): the workers, and with the
    ``forkserver`` start method the fork server too."""
    parents = {int(e): _stat(int(e))[1:2] for e in os.listdir("/proc") if e.isdigit()}
    found: list[int] = []
    todo = [pid]
    while todo:
        ppid = str(todo.pop())
        kids = [child for child, parent in parents.items() if parent == [ppid]]
        found += kids
        todo += kids
    return found


def _stat(pid: int) -> list[str]:
    """State and parent pid of ``pid`` (``[]`` when it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return []
    return text.rsplit(")", 1)[1].split()[:2]


def alive(pid: int) -> bool:
    return _stat(pid)[:1] not in ([], ["Z"])  # a zombie has ended (its new parent reaps it)


def started(pid: int, workers: int) -> list[int]:
    """The processes ``pid`` started, once there are ``workers`` of them (up to 60 s)."""
    for _ in range(600):
        found = descendants(pid)
        if len(found) >= workers:
            return found
        time.sleep(0.1)
    raise AssertionError("no worker process started")


def logged(path: Path, games: int) -> None:
    """Wait until ``games`` games are in ``path`` (the workers are playing), up to 60 s."""
    for _ in range(600):
        if path.exists() and path.read_bytes().count(b"\n") >= games:
            return
        time.sleep(0.1)
    raise AssertionError("the arena logged no game")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
@pytest.mark.parametrize("module", [
    "mahai.cli.arena",  # the commands' imports, before Typer runs
    "mahai.server.store",  # serve's build, before uvicorn runs
], ids=["while-starting", "while-building"])
def test_a_ctrl_c_early_ends_quietly(tmp_path: Path, module: str) -> None:
    """A Ctrl-C while ``mahai`` imports its commands printed a ``KeyboardInterrupt`` traceback
    (the console script imported ``mahai.cli`` outside any handler); it ends with 130, as a
    Ctrl-C during a command does (Typer's), and says nothing."""
    (tmp_path / "sitecustomize.py").write_text(CTRL_C)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "MAHAI_TEST_CTRL_C": module}
    done = subprocess.run([str(MAHAI), "serve", "--port", str(free_port()), "--db", f"sqlite:///{tmp_path}/m.db"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stdout == "" and done.stderr.strip() == ""  # the server never said where to open it


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
@pytest.mark.parametrize("command", [
    LONG_ARENA, ["simulate", "spades", "--bots", "random,heuristic", "--games", "20000", "--jobs", "2"],
], ids=["arena", "simulate"])
def test_a_ctrl_c_stops_the_worker_processes_at_once(command: list[str]) -> None:
    """Ctrl-C in the terminal (SIGINT to every process of the command) of ``--jobs 2``: the pool's
    exit played every game still queued (2,000 random Spades games: two minutes; an expert's
    arena: hours), and an idle worker could print a traceback. The command now kills its workers
    and ends with 130."""
    run = subprocess.Popen([str(MAHAI), *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, start_new_session=True)
    try:
        workers = started(run.pid, 2)
        os.killpg(run.pid, signal.SIGINT)
        _out, err = run.communicate(timeout=30)  # a hang guard: it took minutes
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130 and "Traceback" not in err, err
    assert not any(alive(w) for w in workers)


def test_a_ctrl_c_in_the_pool_block_is_raised_where_the_games_are_waited_for() -> None:
    """CI's run of the arena's Ctrl-C test (session 14): raised wherever the main thread was, the
    KeyboardInterrupt was lost in a fork's own handlers (the arena played on), or left the pool's
    queue locks held inside ``submit`` (its exit waited for ever). In the pool's block a Ctrl-C is
    noted, and raised by ``finished`` as the games are waited for: every submit is made first."""
    submitted = 0
    with pytest.raises(KeyboardInterrupt), worker_pool(2) as pool:
        os.kill(os.getpid(), signal.SIGINT)
        futures = []
        for _ in range(200):
            futures.append(pool.submit(int))
            submitted += 1
        list(finished(futures))
    assert submitted == 200
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back


def test_a_ctrl_c_as_the_pool_starts_its_thread_ends_as_a_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI's run of the test above: the Ctrl-C came in the arena's first ``submit``, while
    ``Thread.start`` waited for the pool's new thread to run; the pool's shutdown then joined a
    thread not yet running, and its ``RuntimeError`` ("cannot join thread before it is started")
    replaced the ``KeyboardInterrupt``: a traceback, exit code 1. Here that thread runs a moment
    after the Ctrl-C."""
    start = process._ExecutorManagerThread.start

    def interrupted_start(thread: threading.Thread) -> None:
        threading.Timer(0.3, start, [thread]).start()
        raise KeyboardInterrupt

    monkeypatch.setattr(process._ExecutorManagerThread, "start", interrupted_start)
    with pytest.raises(KeyboardInterrupt), worker_pool(2) as pool:
        pool.submit(abs, -1)
    assert not any(p.is_alive() for p in (pool._processes or {}).values())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
def test_a_killed_arena_takes_its_workers_with_it_and_resumes(tmp_path: Path) -> None:
    """``kill -9`` of ``mahai arena --jobs 2``: its worker processes waited for games for ever
    (the pool's queue stays open in them). They now end with their parent (Linux
    ``PR_SET_PDEATHSIG``). A ``--resume`` from the log it left (its last line maybe cut) then gives
    the fresh run's games."""
    arena = subprocess.Popen([str(MAHAI), *LONG_ARENA, "--out", str(tmp_path)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        logged(tmp_path / "games.jsonl", 2)
        workers = descendants(arena.pid)
        assert len(workers) >= 2
    finally:
        arena.kill()
        arena.wait()
    for _ in range(200):  # up to 20 s: the kernel signals them at once
        if not any(alive(w) for w in workers):
            break
        time.sleep(0.1)
    left = [w for w in workers if alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent"
    resume = ["arena", "spades", "--bots", "random,heuristic", "--games", "2", "--jobs", "2", "--no-plots",
              "--out", str(tmp_path), "--resume"]
    assert CliRunner().invoke(app, resume).exit_code == 0
    setup = table_setup("spades", None, None, None)
    fresh = run_arena("spades", setup.options, setup.players, ["random", "heuristic"], 2)
    assert outcomes_agree(load_result(tmp_path / "arena.json").outcomes, fresh.outcomes)


ARMED_CHILD = '''
import os, time
from mahai.sim import die_with_parent

r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(1), os.close(2)  # the test reads this parent's output to its end
    os.write(w, b"1" if die_with_parent() else b"0")
    time.sleep(60)
    os._exit(0)
print(pid, os.read(r, 1).decode())  # then this parent ends, its child armed
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl, /proc")
def test_one_die_with_parent_ends_a_process_with_its_parent() -> None:
    """:func:`mahai.sim.die_with_parent` (Linux ``PR_SET_PDEATHSIG``) is the one call that both
    the simulations' worker processes and ``mahai serve --workers``' children make (the server
    kept a copy of its own): a process it armed ends when its parent ends."""
    import mahai.server.workers
    from mahai.sim import die_with_parent

    assert mahai.server.workers.die_with_parent is die_with_parent
    out = subprocess.run([sys.executable, "-c", ARMED_CHILD], capture_output=True, text=True, timeout=60,
                         check=True).stdout.split()
    child, armed = int(out[0]), out[1]
    for _ in range(100):  # up to 10 s: the kernel signals it at once
        if not alive(child):
            break
        time.sleep(0.1)
    if alive(child):
        os.kill(child, signal.SIGKILL)
    assert armed == "1" and not alive(child)


ORPHAN_CHILD = """
import os
from mahai.server.workers import _child

def make_app():
    raise SystemExit("a child whose parent is gone built its application")

_child(make_app, "127.0.0.1", 0, {}, parent=os.getppid() + 1_000_000)  # as if its parent had ended
print("ended")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl")
def test_a_server_child_whose_parent_is_already_gone_does_not_serve() -> None:
    """``mahai serve --workers``: a parent killed (kill -9) between a child's fork and its
    :func:`~mahai.sim.die_with_parent` sends it nothing; the child, adopted by init, went on
    serving for ever. It looks (as the simulations' workers do) and ends instead (in a process of
    its own: the call arms this one)."""
    done = subprocess.run([sys.executable, "-c", ORPHAN_CHILD], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ended", done.stdout + done.stderr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_ctrl_c_in_simulate_keeps_the_games_played_in_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            lang: str) -> None:
    """``mahai simulate --out DIR`` wrote its files only at the end: a Ctrl-C after hours of expert
    games left DIR empty. The games finished before it are written (``games.csv``, and
    ``summary.json`` marked ``interrupted``), it says so in the user's language and ends with 130.
    The Ctrl-C is a real SIGINT to this process, sent once five games have ended."""
    import csv
    import json

    import mahai.cli.simulate as simulate
    from mahai.sim import run_games

    def stopped_after_five(*args: object, **kwargs: object) -> object:
        for n, result in enumerate(run_games(*args, **kwargs), 1):  # type: ignore[arg-type]
            yield result
            if n == 5:
                os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(simulate, "run_games", stopped_after_five)
    result = CliRunner().invoke(app, ["simulate", "nim", "--bots", "random", "--games", "50", "--seed", "7",
                                      "--out", str(tmp_path), "--lang", lang])
    assert result.exit_code == 130, result.output
    said = {"en": "Stopped after 5 of 50 games", "fr": "Arrêté après 5 parties sur 50"}
    assert said[lang] in result.output and "Traceback" not in result.output
    with (tmp_path / "games.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["seed"]) for r in rows] == [7, 8, 9, 10, 11]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["games"] == 5 and summary["games_asked"] == 50
