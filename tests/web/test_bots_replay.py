"""Bots on the server: a leaving player's seat handed to a bot, the turn timer;
and the step-by-step replay (whole record only once the game is over)."""

from __future__ import annotations

import gzip
import json
import time
import urllib.request
from typing import Any

import pytest

from mahai.games import get_game
from mahai.i18n import render
from mahai.server.app import GZIP_MINIMUM
from mahai.server.tables import MAX_REPLAY_PAGE, REPLAY_PAGE, default_replay_page
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def test_a_leaving_player_is_replaced_by_a_bot(server: Server) -> None:
    made = server.create("nim", ["person", "person"], options={"stones": 15})
    tid, tokens = made["id"], made["tokens"]
    leaver, stayer = Client(server.ws_url, tid, tokens["0"]), Client(server.ws_url, tid, tokens["1"])
    leaver.send({"type": "hand_to_bot", "bot": "random"})
    leaver.wait_until(lambda s: s["table"]["seats"][0]["kind"] == "bot")
    assert leaver.state is not None and leaver.state["seat"] is None  # now a spectator
    state = stayer.wait_until(lambda s: 1 in s["to_act"] or s["over"])
    while not state["over"]:
        stayer.act(stayer.legal[0])
        state = stayer.wait_until(lambda s: 1 in s["to_act"] or s["over"])
    info = server.get(f"/api/tables/{tid}")
    assert info["over"] and info["seats"][0] == {"seat": 0, "kind": "bot", "bot": "random", "online": False,
                                                 "name": None, "away": True}
    again = Client(server.ws_url, tid, tokens["0"])  # the person's link takes the seat back (issue 11)
    assert again.welcome["seat"] == 0 and not [f for f in again.frames if f["type"] == "error"]
    back = server.get(f"/api/tables/{tid}")["seats"][0]
    assert back["kind"] == "person" and back["bot"] is None and not back["away"]
    for c in (leaver, stayer, again):
        c.close()


def test_the_turn_timer_lets_a_bot_move_for_a_silent_player(server: Server) -> None:
    made = server.post("/api/tables", {"game": "nim", "seats": [{"kind": "person"}, {"kind": "person"}],
                                       "turn_seconds": 1})
    watcher = Client(server.ws_url, made["id"], None)
    start = time.monotonic()
    state = watcher.wait_until(lambda s: s["version"] >= 2, timeout=15)
    assert state["version"] >= 2 and time.monotonic() - start >= 1.5
    watcher.close()


def test_replay_shows_the_whole_record_only_when_over(server: Server, page: Any) -> None:
    made = server.create("nim", ["person", "person"], options={"stones": 5})
    tid, tokens = made["id"], made["tokens"]
    a, b = Client(server.ws_url, tid, tokens["0"]), Client(server.ws_url, tid, tokens["1"])
    first = a if a.state and 0 in a.state["to_act"] else b
    first.act("take 1")
    mine = server.get(f"/api/tables/{tid}/replay?token={tokens['0']}&seat=1")
    assert not mine["over"] and mine["viewer"] == 0  # seat=… is ignored while the game runs
    assert len(mine["frames"]) == 2 and all("action" not in f for f in mine["frames"])
    assert mine["frames"][1]["view"] == {"stones": 4, "turn": mine["frames"][1]["view"]["turn"]}
    # play it out
    state = a.wait_until(lambda s: s["version"] == 1)
    while not state["over"]:
        c = (a, b)[state["to_act"][0]]
        c.wait_until(lambda s, v=state["version"]: s["version"] == v)
        assert c.act("take 1")["type"] == "update"
        state = a.wait_until(lambda s, v=state["version"]: s["version"] > v)
    full = server.get(f"/api/tables/{tid}/replay?seat=1")
    assert full["over"] and full["viewer"] == 1
    assert [f["action"] for f in full["frames"][1:]] == ["take 1"] * 5
    assert [f["view"]["stones"] for f in full["frames"]] == [5, 4, 3, 2, 1, 0]
    assert all("seed" not in f for f in full["frames"])
    # sent gzip-compressed to a client that accepts it (a finished Mille Bornes game's replay was
    # 3.2 MB of JSON to a phone, 63 kB so), decoded to the same; as is to one that does not
    ask = urllib.request.Request(f"{server.url}/api/tables/{tid}/replay?seat=1",
                                 headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(ask, timeout=10) as r:
        packed, encoding, vary = r.read(), r.headers["content-encoding"], r.headers["vary"]
    assert encoding == "gzip" and "accept-encoding" in vary.lower()
    plain = gzip.decompress(packed)
    assert json.loads(plain) == full and len(packed) < len(plain) / 2
    assert len(plain) >= GZIP_MINIMUM  # else the answer is rightly sent as is and this proves nothing
    with urllib.request.urlopen(f"{server.url}/api/tables/{tid}/replay?seat=1", timeout=10) as r:
        assert r.headers["content-encoding"] is None and r.read() == plain
    # the replay page steps through it
    page.goto(f"{server.url}/t/{tid}/replay")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.click("#next")
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '2'")
    assert "3" in page.inner_text("#board")
    page.click("#last")
    page.wait_for_function("document.body.dataset.step === '5'")
    # the step names the move by its sentence, as the list under it does, in the page's language
    # (eu); the button's label ("Hartu 1") read as an order: tests/web/test_playtest_replay_title.py
    said = server.get(f"/api/tables/{tid}/replay?lang=eu")["frames"][5]["events"][0]["text"]
    assert said and said in page.inner_text("#step")
    nim = get_game("nim")
    assert render(nim.describe_action(nim.parse_action("take 1")), "eu") not in page.inner_text("#step")
    assert "take 1" not in page.inner_text("body")  # no notation shown
    # the step's other sentences (its own is the title's, not said again under it: session 20)
    frame = server.get(f"/api/tables/{tid}/replay?lang=eu")["frames"][5]
    events = [e["text"] for e in frame["events"] if e["text"]]
    assert page.eval_on_selector_all("#frame-events li", "els => els.map(e => e.textContent)") == events[1:]
    for c in (a, b):
        c.close()
    # A longer game comes a page of frames at a time (REPLAY_PAGE: a DenboraZup long game's whole
    # replay was 2.6 GB): the page fetches the page of the step it goes to, here the last, the
    # one before the first page's end and the one after it.
    bots = server.create("nim", ["bot:random", "bot:random"], options={"stones": 300})
    for _ in range(300):
        if (info := server.get(f"/api/tables/{bots['id']}"))["over"]:
            break
        time.sleep(0.1)
    last = info["version"]
    assert last > 2 * REPLAY_PAGE, last  # 100 moves at least: three pages
    page.goto(f"{server.url}/t/{bots['id']}/replay")
    page.wait_for_function("document.body.dataset.step === '0'")
    assert page.get_attribute("#slider", "max") == str(last)
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.step === '{last}'")
    assert page.inner_text("#step").count(str(last)) == 2  # "Step 150 of 150"
    for step in (REPLAY_PAGE - 1, REPLAY_PAGE):
        page.eval_on_selector("#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }",
                              str(step))
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.body.dataset.step === '{REPLAY_PAGE - 1}'")


DRAG = "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }"
"""Moves the replay's slider to a step as a drag does (its ``input`` event)."""


def finished_nim(server: Server) -> tuple[dict[str, Any], int]:
    """A Nim game of two random bots (40 stones) played to its end on ``server``: the table as
    created, and its last version."""
    bots = server.create("nim", ["bot:random", "bot:random"], options={"stones": 40})
    for _ in range(300):
        if (info := server.get(f"/api/tables/{bots['id']}"))["over"]:
            break
        time.sleep(0.1)
    return bots, info["version"]


def test_the_replay_page_follows_the_servers_page_size(tmp_path: Any, page: Any) -> None:
    """The replay answer says its page size (``page``) and the page asks for pages of that size:
    replay.js wrote the server's 50 again, and on a server with pages of 7 the steps past the
    first page were never shown (its ``count=50`` refused, or the page it kept not holding them)."""
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", env={"MAHAI_REPLAY_PAGE": "7"}).start()
    try:
        bots, last = finished_nim(server)
        first = server.get(f"/api/tables/{bots['id']}/replay")
        assert first["page"] == 7 and len(first["frames"]) == 7 and last > 2 * 7, (first["page"], last)
        page.goto(f"{server.url}/t/{bots['id']}/replay")
        page.wait_for_function("document.body.dataset.step === '0'")
        for step in (7, 13, 14, last):  # past the first page, a page's end, the next one, the end
            page.eval_on_selector("#slider", DRAG, str(step))
            page.wait_for_function(f"document.body.dataset.step === '{step}'", timeout=10_000)
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"document.body.dataset.step === '{last - 1}'", timeout=10_000)
    finally:
        server.stop()


def test_the_replay_page_follows_a_server_restarted_with_another_page_size(tmp_path: Any, page: Any) -> None:
    """A replay page open while its server restarts with smaller pages (``MAHAI_REPLAY_PAGE`` 7,
    then 3) still reaches every step: it asked with the old size (``count=7``, refused as over
    the page size), and its steps past what it had were never shown."""
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", env={"MAHAI_REPLAY_PAGE": "7"}).start()
    try:
        bots, last = finished_nim(server)
        assert last > 2 * 7, last
        page.goto(f"{server.url}/t/{bots['id']}/replay")
        page.wait_for_function("document.body.dataset.step === '0'")
        server.stop()
        server.env["MAHAI_REPLAY_PAGE"] = "3"
        server.restart()
        assert server.get(f"/api/tables/{bots['id']}/replay")["page"] == 3
        for step in (last, 8):  # the last page, then one between (7 and 8 were in no page of 3 asked)
            page.eval_on_selector("#slider", DRAG, str(step))
            page.wait_for_function(f"document.body.dataset.step === '{step}'", timeout=10_000)
    finally:
        server.stop()


@pytest.mark.parametrize(("value", "page"), [
    ("7", 7), (" 7 ", 7), ("", REPLAY_PAGE), ("0", REPLAY_PAGE), ("-5", REPLAY_PAGE), ("abc", REPLAY_PAGE),
    ("²", REPLAY_PAGE), ("٧", REPLAY_PAGE), ("10**9", REPLAY_PAGE), (str(10**9), MAX_REPLAY_PAGE)])
def test_the_replay_page_size_from_the_environment_is_bounded(monkeypatch: Any, value: str,
                                                               page: int) -> None:
    """``MAHAI_REPLAY_PAGE``: a whole number written in ASCII digits, at most
    :data:`MAX_REPLAY_PAGE`; anything else the default. "²" passed ``str.isdigit`` and ``int`` refused
    it: ``mahai serve`` said the database could not be opened; 10**9 let one request ask for a
    whole replay, the gigabytes that pages were made to prevent."""
    monkeypatch.setenv("MAHAI_REPLAY_PAGE", value)
    assert default_replay_page() == page


def test_a_server_with_an_odd_replay_page_size_starts(tmp_path: Any) -> None:
    """The whole path of a bad ``MAHAI_REPLAY_PAGE``: the server starts (it was refused with
    "the database cannot be opened: invalid literal for int()") and pages by the default."""
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", env={"MAHAI_REPLAY_PAGE": "²"}).start()
    try:
        made = server.create("nim", ["person", "person"], options={"stones": 5})
        answer = server.get(f"/api/tables/{made['id']}/replay?token={made['tokens']['0']}")
        assert answer["page"] == REPLAY_PAGE
    finally:
        server.stop()


def test_the_lobby_and_page_are_keyboard_playable(server: Server, page: Any) -> None:
    made = server.create("nim", ["person", "bot:random"], options={"stones": 6}, lang="en")
    page.goto(server.url + made["links"]["0"])
    page.wait_for_function("window.mahaiLast !== undefined")
    moves = 0
    while page.evaluate("document.body.dataset.over") != "1":
        page.wait_for_function("document.body.dataset.over === '1' || "
                               "document.querySelector('#actions button[data-key=\"1\"]:not([disabled])')")
        if page.evaluate("document.body.dataset.over") == "1":
            break
        version = page.evaluate("document.body.dataset.version")
        page.keyboard.press("1")  # digit shortcuts press the n-th legal move
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        moves += 1
    assert moves >= 1 and page.is_visible("#gameover")
    labels = page.eval_on_selector_all("#seats li", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels) and len(labels) == 2
