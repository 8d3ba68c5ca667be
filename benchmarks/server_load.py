"""Load on a real ``mahai serve`` process: tables of all three games played by
real WebSocket clients, measured from the outside.

Two scenarios (``--scenario``):

- ``human``: ``--tables`` tables (Mille Bornes, Spades, DenboraZup in turn), one
  person per table acting ``--think`` seconds (uniform, default 2–5 s) after it
  may, the other seats bots at the server's pace (``--pace``, default 0.8 s),
  one spectator per table (``--spectators``).
- ``pace0``: ``--tables`` tables of bots only (``--bot``, default ``random``) at
  pace 0, one spectator each: how many actions the server commits per second.
  A finished table is replaced by a new one of the same game.

Measured over ``--seconds`` after the warm-up (every table created and every
client connected): action-to-update latency of the people (time from sending
``act`` to the update carrying the next version: p50/p99/max, ms), page loads
during the load (``GET /``, ``GET /t/{id}``, ``GET /api/tables``, one of each
every ``--page-every`` seconds: p50/p99/max, ms), committed actions per second
(rows of ``mahai_actions`` on SQLite, else the versions the spectators saw),
the server's CPU (user+system seconds per wall second, from ``/proc``) and
resident memory (MB), each also per table, and the CPU milliseconds per
committed action of the server (each ``--workers`` process too), of the
throwaway PostgreSQL (``--postgres``) and of this load client (the same work
per action in every mode: a measure of how much a busy machine inflates the
others). With ``--workers``: the share of actions a spectator saw on a process
that does not own its table, and ``--route-to-owner`` (spectators connect
again until the handshake names the owner that ``POST /api/tables`` named).
Prints a table and writes JSON (``--json``).

``--root DIR`` serves the code of another checkout (``PYTHONPATH=DIR``; e.g. an
export of main to compare against); ``--db URL`` a PostgreSQL database instead
of a fresh SQLite file (``--postgres``: a throwaway cluster). Run it at ``nice -n 10`` on a shared machine.

Example::

    nice -n 10 .venv/bin/python -m benchmarks.server_load --scenario human --tables 200 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("mille_bornes", "spades", "denborazup")
PLAYERS = {"mille_bornes": 2, "spades": 4, "denborazup": 3}
PEOPLE_BOT = {"mille_bornes": "heuristic", "spades": "heuristic", "denborazup": "medium"}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def quantiles(values: list[float]) -> dict[str, float | int]:
    """``{"n", "p50", "p99", "max"}`` of ``values`` (ms); zeros when empty."""
    if not values:
        return {"n": 0, "p50": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    return {"n": len(ordered), "p50": round(statistics.median(ordered), 2),
            "p99": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
            "max": round(ordered[-1], 2)}


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (``/proc/pid/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its children (the bot workers), in MB."""
    total = 0.0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:
            continue
    return round(total, 1)


def processes(pid: int) -> list[int]:
    """The server processes: the children of the ``--workers`` supervisor ``pid``
    that serve (not their own children), else ``pid`` itself."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    kids = [int(p) for p in children.read_text().split()] if children.exists() else []
    served = [k for k in kids if "serve" in Path(f"/proc/{k}/cmdline").read_text(errors="replace")]
    return served if len(served) > 1 else [pid]


PG_DATA: list[str] = []
"""The data directory of the throwaway PostgreSQL cluster (``--postgres``), while it runs."""


def postmaster() -> int | None:
    """The pid of the throwaway cluster's postmaster (its backends are its children)."""
    if not PG_DATA:
        return None
    try:
        return int(Path(PG_DATA[0], "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its living children."""
    total = cpu_seconds(pid)
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        for p in children.read_text().split():
            try:
                total += cpu_seconds(int(p))
            except OSError:
                continue
    return total


class Server:
    """``mahai serve`` in a subprocess (``python -m mahai.cli``)."""

    def __init__(self, db: str, pace: float, root: Path, extra: list[str]) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(root), *filter(None, [os.environ.get("SERVER_LOAD_PYTHONPATH")])]))
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from mahai.cli import main; main()", "serve", "--port", str(self.port),
             "--db", db, "--bot-pace", str(pace), *extra],
            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def wait_ready(self, timeout: float = 600) -> float:
        """Seconds from spawn until ``GET /api/games`` answers."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError("server exited: " + err)
            try:
                httpx.get(self.url + "/api/games", timeout=2).raise_for_status()
                return time.monotonic() - self.started
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@dataclass
class Stats:
    latency: list[float] = field(default_factory=list)
    pages: dict[str, list[float]] = field(default_factory=dict)
    seen_versions: int = 0
    errors: int = 0
    measuring: bool = False
    tables_made: int = 0
    disconnects: int = 0
    cross_versions: int = 0
    """Versions seen by spectators connected to a process that does not own their table (workers)."""
    reconnects: int = 0
    """Spectator connections made again to reach the table's owner (``--route-to-owner``)."""


async def create(http: httpx.AsyncClient, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    res = await http.post("/api/tables", json={"game": game, "seats": seats, "lang": "en",
                                               "options": {}}, timeout=120)
    res.raise_for_status()
    made: dict[str, Any] = res.json()
    made["_owner"] = res.headers.get("x-mahai-worker")  # with --workers: the process that owns it
    return made


async def spectator(ws_url: str, table_id: str, stats: Stats, stop: asyncio.Event,
                    owner: str | None = None, route: bool = False) -> dict[str, Any] | None:
    """Watch a table until it is over (returns the last state) or ``stop``. ``owner``: the
    pid of the process owning the table (workers); ``route``: connect again until the
    socket reaches it (the kernel spreads connections over the processes)."""
    last: dict[str, Any] | None = None
    address = f"{ws_url}/ws/tables/{table_id}"
    ws = await connect(address, max_size=None, open_timeout=120)
    for _ in range(40):
        if not route or owner is None or ws.response is None \
                or ws.response.headers.get("x-mahai-worker") == owner:
            break
        await ws.close()
        stats.reconnects += 1
        ws = await connect(address, max_size=None, open_timeout=120)
    worker = ws.response.headers.get("x-mahai-worker") if ws.response is not None else None
    cross = owner is not None and worker is not None and worker != owner
    async with ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            msg = json.loads(text)
            if msg.get("type") in ("state", "update"):
                if last is not None and stats.measuring:
                    seen = max(0, msg["version"] - last["version"])
                    stats.seen_versions += seen
                    if cross:
                        stats.cross_versions += seen
                last = msg
                if msg["over"]:
                    return last
    return last


async def person(ws_url: str, table_id: str, token: str, think: tuple[float, float], stats: Stats,
                 stop: asyncio.Event, rng: random.Random) -> None:
    """A person at human speed: acts ``think`` seconds after it may; the
    latency is from sending ``act`` to the update that carries a newer version."""
    async with connect(f"{ws_url}/ws/tables/{table_id}", max_size=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        state: dict[str, Any] | None = None
        seat: int | None = None
        due: float | None = None
        sent: tuple[float, int] | None = None
        while not stop.is_set():
            timeout = 1.0 if due is None else max(0.0, due - time.monotonic())
            try:
                text = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                text = None
            if text is not None:
                msg = json.loads(text)
                kind = msg.get("type")
                if kind == "welcome":
                    seat = msg["seat"]
                elif kind == "error":
                    stats.errors += 1
                    sent = None
                    due = None if state is None else time.monotonic() + 0.5
                elif kind in ("state", "update"):
                    if sent is not None and msg["version"] > sent[1]:
                        if stats.measuring:
                            stats.latency.append((time.monotonic() - sent[0]) * 1000)
                        sent = None
                    state = msg
                    if msg["over"]:
                        return
                    hold = msg.get("hold")
                    waiting = hold is not None and seat in hold.get("waiting", [])
                    if sent is None and (msg["legal"] or waiting) and due is None:
                        due = time.monotonic() + rng.uniform(*think)
            if due is not None and time.monotonic() >= due and state is not None and sent is None:
                due = None
                hold = state.get("hold")
                if hold is not None and seat in hold.get("waiting", []):
                    await ws.send(json.dumps({"type": "continue"}))
                elif state["legal"]:
                    choice = rng.choice(state["legal"])["action"]
                    sent = (time.monotonic(), state["version"])
                    await ws.send(json.dumps({"type": "act", "version": state["version"], "action": choice}))


async def human_table(http: httpx.AsyncClient, ws_url: str, game: str, think: tuple[float, float],
                      spectators: int, stats: Stats, stop: asyncio.Event, rng: random.Random,
                      ready: asyncio.Event) -> None:
    """One person and bots, replaced by a new table when over."""
    first = True
    while not stop.is_set():
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": PEOPLE_BOT[game]}] * (PLAYERS[game] - 1)
        made = await create(http, game, seats)
        stats.tables_made += 1
        watchers = [asyncio.create_task(spectator(ws_url, made["id"], stats, stop))
                    for _ in range(spectators)]
        if first:
            ready.set()
            first = False
        try:
            await person(ws_url, made["id"], made["tokens"]["0"], think, stats, stop, rng)
        except Exception:  # noqa: BLE001 - a dropped connection is counted, the table replaced
            stats.disconnects += 1
        for w in watchers:
            w.cancel()


async def bot_table(http: httpx.AsyncClient, ws_url: str, game: str, bot: str, stats: Stats,
                    stop: asyncio.Event, ready: asyncio.Event, route: bool = False) -> None:
    """Bots only with one spectator; replaced by a new table when over."""
    first = True
    while not stop.is_set():
        made = await create(http, game, [{"kind": "bot", "bot": bot}] * PLAYERS[game])
        stats.tables_made += 1
        if first:
            ready.set()
            first = False
        try:
            await spectator(ws_url, made["id"], stats, stop, made["_owner"], route)
        except Exception:  # noqa: BLE001
            stats.disconnects += 1


async def pages(http: httpx.AsyncClient, every: float, stats: Stats, stop: asyncio.Event) -> None:
    """GET /, /t/{id} and /api/tables in turn, timed while measuring."""
    table_id = "x"
    while not stop.is_set():
        for name, path in (("lobby", "/"), ("table", f"/t/{table_id}"), ("api_tables", "/api/tables")):
            start = time.monotonic()
            res = await http.get(path, timeout=60)
            took = (time.monotonic() - start) * 1000
            if name == "api_tables":
                listed = res.json()
                if isinstance(listed, dict):
                    listed = listed.get("tables", [])
                if listed:
                    table_id = listed[0]["id"]
            if stats.measuring:
                stats.pages.setdefault(name, []).append(took)
        await asyncio.sleep(every)


def committed(db_file: Path | None) -> int | None:
    if db_file is None:
        return None
    with sqlite3.connect(db_file) as conn:
        n: int = conn.execute("select count(*) from mahai_actions").fetchone()[0]
        return n


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (as ``tests/web/test_postgres.py`` starts
    one): yields its URL; stopped and deleted after."""
    def binary(name: str) -> str:
        found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
        return found[-1] if found else (shutil.which(name) or name)

    base = tempfile.mkdtemp(prefix="mahai-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        os.chmod(base, 0o755)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(base, "data"), free_port()

    def run(*cmd: str) -> None:
        subprocess.run([*prefix, *cmd], check=True, capture_output=True, timeout=120)

    run(binary("initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(binary("pg_ctl"), "-D", data, "-w", "-l", os.path.join(base, "log"), "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1", "start")
    try:
        run(binary("createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "mahai")
        PG_DATA[:] = [data]
        yield f"postgresql://postgres@127.0.0.1:{port}/mahai"
    finally:
        PG_DATA.clear()
        subprocess.run([*prefix, binary("pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="mahai-load-"))
    db_file = None if args.db else tmp / "load.sqlite3"
    db = args.db or f"sqlite:///{db_file}"
    pace = args.pace if args.scenario == "human" else 0.0
    root = Path(args.root).resolve()
    extra = list(args.server_arg or [])
    if not args.limits and root == ROOT.resolve():
        # every client comes from 127.0.0.1: the per-client limits would refuse the load
        # (an older checkout given with --root has no such limits, nor the option)
        extra += ["--rate-limit-scale", "0"]
    server = Server(db, pace, root, extra)
    start_seconds = server.wait_ready()
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    ws_url = server.url.replace("http", "ws")
    limits = httpx.Limits(max_connections=50)
    result: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=server.url, limits=limits) as http:
        tasks = []
        readies = []
        for i in range(args.tables):
            game = GAMES[i % len(GAMES)]
            ready = asyncio.Event()
            readies.append(ready)
            if args.scenario == "human":
                tasks.append(asyncio.create_task(human_table(
                    http, ws_url, game, (args.think_min, args.think_max), args.spectators, stats, stop,
                    random.Random(rng.getrandbits(64)), ready)))
            else:
                tasks.append(asyncio.create_task(bot_table(http, ws_url, game, args.bot, stats, stop, ready,
                                                           args.route_to_owner)))
            if args.scenario == "human":
                await asyncio.sleep(args.ramp / max(1, args.tables))
        warm = time.monotonic()
        await asyncio.gather(*(r.wait() for r in readies))
        await asyncio.sleep(args.settle)
        warmup = time.monotonic() - warm
        pager = asyncio.create_task(pages(http, args.page_every, stats, stop))
        pid = server.proc.pid
        procs = processes(pid)
        pg = postmaster()
        cpu0, wall0, rows0 = tree_cpu(pid), time.monotonic(), committed(db_file)
        each0 = {p: cpu_seconds(p) for p in procs}
        pg0 = tree_cpu(pg) if pg else 0.0
        me0 = sum(os.times()[:2])
        stats.measuring = True
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        cpu1, wall1, rows1 = tree_cpu(pid), time.monotonic(), committed(db_file)
        each1 = {p: cpu_seconds(p) for p in procs}
        pg1 = tree_cpu(pg) if pg else 0.0
        me1 = sum(os.times()[:2])
        memory = rss_mb(pid)
        stop.set()
        pager.cancel()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, pager, return_exceptions=True)
    server.stop()
    wall = wall1 - wall0
    actions = (rows1 - rows0) if rows0 is not None and rows1 is not None else stats.seen_versions
    cpu = (cpu1 - cpu0) / wall

    def per_action(seconds: float) -> float:
        """CPU milliseconds per committed action."""
        return round(1000 * seconds / actions, 3) if actions else 0.0

    result = {
        "scenario": args.scenario, "tables": args.tables, "seconds": round(wall, 1), "pace": pace,
        "root": str(Path(args.root).resolve()), "db": "postgresql" if args.db else "sqlite",
        "server_args": args.server_arg or [],
        "start_seconds": round(start_seconds, 2), "warmup_seconds": round(warmup, 1),
        "latency_ms": quantiles(stats.latency),
        "pages_ms": {k: quantiles(v) for k, v in stats.pages.items()},
        "actions_per_second": round(actions / wall, 1),
        "spectator_versions_per_second": round(stats.seen_versions / wall, 1),
        "cpu": round(cpu, 3), "cpu_per_table": round(cpu / args.tables, 5),
        "rss_mb": memory, "rss_mb_per_table": round(memory / args.tables, 2),
        "errors": stats.errors, "disconnects": stats.disconnects, "tables_made": stats.tables_made,
        "load_average": os.getloadavg(),
        "cpu_ms_per_action": {
            "server": per_action(cpu1 - cpu0),
            "processes": [per_action(each1[p] - each0[p]) for p in procs],
            "postgresql": per_action(pg1 - pg0) if pg else None,
            "load_client": per_action(me1 - me0)},
        "cross_process_share": round(stats.cross_versions / stats.seen_versions, 3)
        if stats.seen_versions else 0.0,
        "route_to_owner": args.route_to_owner, "reconnects": stats.reconnects,
    }
    return result


def show(result: dict[str, Any]) -> None:
    print(f"scenario {result['scenario']}: {result['tables']} tables, {result['seconds']} s, "
          f"{result['db']}, root {result['root']}, load average {result['load_average']}")
    rows = [("action→update", result["latency_ms"])]
    rows += [(f"page {k}", v) for k, v in result["pages_ms"].items()]
    print(f"{'':16} {'n':>7} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9}")
    for name, q in rows:
        print(f"{name:16} {q['n']:>7} {q['p50']:>9} {q['p99']:>9} {q['max']:>9}")
    print(f"committed actions/s {result['actions_per_second']}; CPU {result['cpu']} "
          f"({result['cpu_per_table']} per table); RSS {result['rss_mb']} MB "
          f"({result['rss_mb_per_table']} per table); start {result['start_seconds']} s; "
          f"errors {result['errors']}; disconnects {result['disconnects']}; "
          f"tables made {result['tables_made']}")
    per = result["cpu_ms_per_action"]
    print(f"CPU ms per action: server {per['server']} (processes {per['processes']}), "
          f"PostgreSQL {per['postgresql']}, load client {per['load_client']}; "
          f"share of actions seen across processes {result['cross_process_share']}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scenario", choices=("human", "pace0"), default="human")
    p.add_argument("--tables", type=int, default=30)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--pace", type=float, default=0.8, help="bot pace of the human scenario (s)")
    p.add_argument("--think-min", type=float, default=2.0)
    p.add_argument("--think-max", type=float, default=5.0)
    p.add_argument("--spectators", type=int, default=1)
    p.add_argument("--bot", default="random", help="the bots of the pace0 scenario")
    p.add_argument("--page-every", type=float, default=0.5)
    p.add_argument("--ramp", type=float, default=10.0, help="seconds to open the human tables over")
    p.add_argument("--settle", type=float, default=3.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", default="", help="a PostgreSQL URL (default: a fresh SQLite file)")
    p.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL cluster")
    p.add_argument("--root", default=str(ROOT), help="the checkout whose code is served")
    p.add_argument("--server-arg", action="append", help="one more argument of mahai serve")
    p.add_argument("--json", default="", help="write the result here")
    p.add_argument("--route-to-owner", action="store_true",
                   help="with --workers: spectators connect again until they reach the table's owner")
    p.add_argument("--limits", action="store_true",
                   help="keep the server's per-client rate limits (off by default: one client address)")
    args = p.parse_args()
    if args.postgres:
        with postgres_cluster() as url:
            args.db = url
            result = asyncio.run(run(args))
    else:
        result = asyncio.run(run(args))
    show(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
