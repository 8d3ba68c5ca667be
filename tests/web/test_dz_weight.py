"""DenboraZup messages a phone can afford: a long game (DZR-13) played out by four bots sends a
spectator state messages of tens of kilobytes, not hundreds (every revealed card went whole, four
titles and four explanations, in every message: 221 kB at 148 cards), and replay pages of about a
megabyte, not ten; and the page still shows every explanation it showed, in the reader's language,
at the table and in the replay (``benchmarks/dz_weight.py`` measures the bytes)."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from mahai.bots import make_bot
from mahai.server.store import Store
from mahai.server.tables import Hub, snapshot
from mahai.server.text import action_label, expand_legal
from tests.web.client import Client
from tests.web.server import FAST, Server, play_page
from tests.web.test_games import denborazup_chooser, dz_text_problems

pytestmark = pytest.mark.web

STATE_BOUND = 45_000
"""Bytes of one state or update message of a long game for a spectator: 221 kB before the wire
views (148 cards on the timeline), 32.5 kB since; the deck's 182 cards would take about 40 kB."""
SEAT_BOUND = 40_000
"""Bytes of one state or update message of a long game for a seat with placements to choose:
212 kB before their families (136 cards), 26.3 kB since at 100 cards (:func:`legal_json`)."""
PAGE_BOUND = 1_800_000
"""Bytes of one 50-step replay page of a long game: 10.1 MB before, 1.36 MB since."""


def test_a_seats_messages_in_a_long_game_are_tens_of_kilobytes(tmp_path: Path) -> None:
    """A person's own state messages at a long timeline (their hand times every slot on the
    coin's side to choose from, each placement with its label: 212 kB at 136 cards) stay tens of
    kilobytes: a card's placements come as one entry (``each``: its slots), which
    the page makes one per slot again (``expand_legal``), each action and label as the server
    writes them one by one. A real hub over SQLite, every move committed through it, as
    ``benchmarks/dz_weight.py`` plays it (4 seeded easy bots), up to an 80-card timeline."""
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    hub = Hub(store, pace=0, bot_workers=0)
    with mock.patch("secrets.randbits", lambda bits: 7):  # the benchmark's deal
        table, _ = hub.create("denborazup", "long", {}, [{"kind": "person"}] * 4, "eu", None)
    game = table.game
    bots = {s: make_bot(game.name, "easy", random.Random(f"7:{s}")) for s in range(4)}
    sizes: list[int] = []
    families: list[dict[str, Any]] = []

    async def play() -> None:
        while not table.state.is_over and len(table.state.timeline) < 80:
            state = table.state
            if any(a.notation().startswith("place") for a in table.legal.get(0, [])):
                msg = snapshot(table, 0, "eu")
                sizes.append(len(json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode()))
                families.extend(e for e in msg["legal"] if "each" in e)
                names = table.names(0, "eu")
                one_by_one = [{"action": a.notation(), "label": action_label(game, a, "eu", names)}
                              for a in table.legal[0]]
                assert sorted(expand_legal(msg["legal"]), key=str) == sorted(one_by_one, key=str)
            seat = next(s for s in state.to_act() if not state.must_wait(s))
            action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
            async with table.lock:
                await hub._commit(table, seat, action)

    try:
        with ThreadPoolExecutor(1) as pool:  # its own loop: a browser test of this worker runs one here
            pool.submit(asyncio.run, play()).result()
        cards = len(table.state.timeline)
    finally:
        store.dispose()
    assert cards >= 80, cards
    assert max(sizes) < SEAT_BOUND, (max(sizes), cards)
    assert families
    assert all("{n}" in e["action"] and "{n}" in e["label"] and e["shown"] == 1 for e in families)


def test_a_long_games_messages_are_tens_of_kilobytes(server: Server) -> None:
    for _ in range(6):  # the server deals: a lucky bot may empty its hand early (14 cards once)
        made = server.create("denborazup", ["bot:easy"] * 4, edition="long", lang="eu")
        watcher = Client(server.ws_url, made["id"], None, lang="eu")
        try:
            last = watcher.wait_until(lambda s: s["over"], timeout=240)
        finally:
            watcher.close()
        cards = len(last["view"]["timeline"])
        if cards >= 60:
            break
    assert cards >= 60, "a timeline long enough to have weighed"
    sizes = [len(raw.encode()) for raw in watcher.raw if json.loads(raw)["type"] in ("state", "update")]
    assert max(sizes) < STATE_BOUND, (max(sizes), cards)
    # the reveal's cards keep their explanation, in Basque alone (a card drawn again since is a face)
    shown = [r["card"] for f in map(json.loads, watcher.raw) if f["type"] in ("state", "update")
             for r in f["view"]["last_reveal"] if "year" in r["card"]]
    assert shown and all(list(c["explanation"]) == ["eu"] for c in shown)
    steps = server.get(f"/api/tables/{made['id']}/replay?lang=eu&count=1")["steps"]
    with urllib.request.urlopen(f"{server.url}/api/tables/{made['id']}/replay?lang=eu&start={steps - 50}",
                                timeout=30) as r:
        page = r.read()
    assert len(page) < PAGE_BOUND, len(page)


@pytest.mark.parametrize("lang", ["eu", "es"])
def test_a_long_game_shows_the_reveals_explanations_at_the_table_and_in_the_replay(
        server: Server, browser: Any, lang: str) -> None:
    """At phone width: the last reveal's cards show their explanation in the page's language (and
    no other), so does the replay of the same moves."""
    made = server.create("denborazup", ["person", "bot:easy", "bot:easy"], edition="long", lang=lang)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(f"localStorage.setItem('mahai.lang', '{lang}');" + FAST)
        page.goto(server.url + made["links"]["0"])
        page.wait_for_selector("#timeline .event")
        moves = 0
        while not page.query_selector("#reveal .event.revealed") and moves < 40:
            moves += play_page(page, random.Random(moves), stop_after=1, chooser=denborazup_chooser)
        page.wait_for_selector("#reveal .event.revealed .ev-explain", timeout=5000)
        assert not page.query_selector("#timeline .ev-explain")  # the timeline shows none (it never did)
        problems = dz_text_problems(page, lang)
        assert not problems, problems
        page.goto(f"{server.url}/t/{made['id']}/replay")
        page.click("#last")
        page.wait_for_selector("#board #reveal .event.revealed .ev-explain", timeout=10_000)
        problems = dz_text_problems(page, lang)
        assert not problems, problems
    finally:
        ctx.close()
    assert not errors, errors
