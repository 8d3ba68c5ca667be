"""Start time and memory of ``mahai serve`` against the number of finished games
stored (issue 14: they must not grow with it).

For each count in ``--games`` (default ``0,2000,10000``) a fresh SQLite store is
filled with that many finished games (Mille Bornes, Spades and DenboraZup in
turn, played by their heuristic bots; a few distinct games are played by the engine and stored
again under new ids, so the fill is quick), written through the store's own
schema (bulk inserts into the tables of ``mahai.server.store`` of the code of
``--root``, after its migrations); then ``mahai serve`` of that code is started
and the time until ``GET /api/games`` answers and its resident memory then
are measured (median of ``--repeat`` starts). Prints a table; ``--json`` writes it.

    nice -n 10 .venv/bin/python -m benchmarks.server_startup --root /tmp/main-export
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

FILL = r'''
import json, random, secrets, sys, time
import sqlalchemy as sa
from mahai.bots import make_bot
from mahai.core import GameRecord
from mahai.games import get_game
from mahai.server.store import Store, actions_t, seats_t, tables_t

url, count, distinct = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
games = [("mille_bornes", 2, "heuristic"), ("spades", 4, "heuristic"), ("denborazup", 3, "medium")]
played = []
rng = random.Random(7)
for i in range(min(count, distinct)):
    name, players, bot = games[i % 3]
    game = get_game(name)
    bots = [make_bot(name, bot, random.Random(rng.getrandbits(32))) for _ in range(players)]
    edition = game.default_edition(players)
    options = game.options(edition)
    record = GameRecord.start(game, options, players, rng.getrandbits(62))
    state = game.new(options, players, record.seed)
    while not state.is_over:
        seat = next(s for s in state.to_act() if not state.must_wait(s))
        action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action.notation()))
    played.append((edition, record))
store = Store(url)
has_over = "over" in tables_t.c
now = time.time() - 3 * 86400
rows = 0
for start in range(0, count, 500):
    heads, seats, actions = [], [], []
    for i in range(start, min(count, start + 500)):
        edition, record = played[i % len(played)]
        tid = secrets.token_urlsafe(9)
        head = dict(id=tid, game=record.game, edition=edition, players=record.players, seed=record.seed,
                    options=json.dumps(record.options), lang="en", turn_seconds=None, created=now + i,
                    creator_hash=None, listed=False, updated=now + i, rematch=None)
        if has_over:
            head["over"] = True
        heads.append(head)
        seats += [{"table_id": tid, "seat": s, "kind": "bot", "bot": "random", "token_hash": None,
                   "name": None, "invite": None} for s in range(record.players)]
        actions += [{"table_id": tid, "idx": k, "seat": s, "notation": n}
                    for k, (s, n) in enumerate(record.actions)]
    with store.engine.begin() as conn:
        conn.execute(tables_t.insert(), heads)
        conn.execute(seats_t.insert(), seats)
        conn.execute(actions_t.insert(), actions)
    rows += len(actions)
store.dispose()
print(json.dumps({"tables": count, "actions": rows}))
'''


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def start_once(root: Path, db: str) -> tuple[float, float]:
    """Seconds until ``mahai serve`` answers, and its RSS (MB) then."""
    from benchmarks.server_load import Server

    server = Server(db, 0.8, root, [])
    try:
        seconds = server.wait_ready()
        time.sleep(0.5)
        return seconds, rss_mb(server.proc.pid)
    finally:
        server.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="0,2000,10000")
    p.add_argument("--distinct", type=int, default=60, help="distinct games played by the engine")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--root", default=str(ROOT))
    p.add_argument("--json", default="")
    args = p.parse_args()
    root = Path(args.root).resolve()
    env = dict(os.environ, PYTHONPATH=str(root))
    results: list[dict[str, Any]] = []
    for count in [int(c) for c in args.games.split(",")]:
        tmp = Path(tempfile.mkdtemp(prefix="mahai-start-"))
        db = f"sqlite:///{tmp / 'start.sqlite3'}"
        began = time.monotonic()
        out = subprocess.run([sys.executable, "-c", FILL, db, str(count), str(args.distinct)], cwd=root,
                             env=env, check=True, capture_output=True, text=True).stdout
        filled = json.loads(out.strip().splitlines()[-1])
        fill_seconds = time.monotonic() - began
        runs = [start_once(root, db) for _ in range(args.repeat)]
        result = {"finished_games": count, "actions": filled["actions"],
                  "fill_seconds": round(fill_seconds, 1),
                  "start_seconds": round(statistics.median(r[0] for r in runs), 2),
                  "start_runs": [round(r[0], 2) for r in runs],
                  "rss_mb": statistics.median(r[1] for r in runs), "root": str(root),
                  "load_average": os.getloadavg()}
        results.append(result)
        print(f"{count:>6} finished games ({filled['actions']} actions): start {result['start_seconds']} s "
              f"{result['start_runs']}, RSS {result['rss_mb']} MB (fill {result['fill_seconds']} s)",
              flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
