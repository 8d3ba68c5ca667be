"""The lobby's and the invitations' server side, in process (FastAPI's TestClient,
no browser): names, invitations kept until the seat is taken, the creator's
token, player counts from the game's metadata, the lists of tables, leaving and
coming back, rematch, the turn timer's stand-in, share links, the migrations."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mahai.bots import bot_names, default_bot
from mahai.games import get_game
from mahai.server import create_app
from mahai.server.lobby import ABANDONED_AFTER, FINISHED_KEPT, NAME_LENGTH, clean_name, table_status
from mahai.server.network import share_origin
from mahai.server.tables import REPLAY_PAGE, Hub, Table, strongest_bot


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'mahai.db'}", pace=0.0, lan=["192.168.1.20"])
    with TestClient(app, base_url="http://localhost:8000") as c:
        yield c


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def make(client: TestClient, game: str = "nim", seats: list[dict[str, Any]] | None = None,
         **extra: Any) -> dict[str, Any]:
    seats = seats or [{"kind": "person", "name": "Ane"}, {"kind": "person", "name": "Mikel"}]
    res = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert res.status_code == 200, res.text
    made: dict[str, Any] = res.json()
    return made


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    """Say hello; return the first state message."""
    ws.send_json({"type": "hello", "token": token, "lang": "en"})
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state":
            return msg


def test_names_are_kept_cleaned_and_shown_to_the_others(client: TestClient) -> None:
    made = make(client, seats=[{"kind": "person", "name": " Ane\u0000 "}, {"kind": "bot", "bot": "random",
                                                                           "name": "Txispa"}])
    info = client.get(f"/api/tables/{made['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Ane", "Txispa"]
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{made['id']}") as ws:
        state = hello(ws, None)  # a spectator: every seat by its name
        assert state["names"] == {"0": "Ane", "1": "Txispa"}
    res = client.post(f"/api/tables/{made['id']}/name",
                      json={"token": made["tokens"]["0"], "name": "Ane Mari"})
    assert res.json() == {"name": "Ane Mari"}
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{made['id']}") as ws:
        state = hello(ws, made["tokens"]["0"])
        assert state["names"]["0"] == "you" and state["table"]["seats"][0]["name"] == "Ane Mari"
    bad = client.post(f"/api/tables/{made['id']}/name", json={"token": "nope", "name": "X"})
    assert bad.status_code == 403 and bad.json()["code"] == "bad_token"


def test_clean_name_drops_controls_and_cuts_long_names() -> None:
    assert clean_name("\u202eevil\u202c  name") == "evil name"
    assert clean_name("\t\n") is None
    # emoji joined by ZERO WIDTH JOINER stay one (the play test of session 13: "Zoé" and the woman
    # technologist became "Zoé", a woman and a laptop); a joiner elsewhere is dropped, and one left
    # at the cut
    technologist = "\U0001f469\u200d\U0001f4bb"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    rainbow_flag = "\U0001f3f3\ufe0f\u200d\U0001f308"
    for emoji in (technologist, family, rainbow_flag, "\U0001f44b\U0001f3fd\u200d\u2642"):
        assert clean_name(f"Zoé {emoji}") == f"Zoé {emoji}"
    assert clean_name("Ane\u200dMari") == "AneMari"


def test_a_long_name_is_cut_between_grapheme_clusters() -> None:
    """At most 24 code points (NAME_LENGTH), never half a cluster, whatever sends the name (the
    page cuts it so, keep.js fitName; a request by hand sent "x" * 22 + 👩‍💻 and kept 👩 of it)."""
    technologist = "\U0001f469\u200d\U0001f4bb"
    assert clean_name("x" * 22 + technologist) == "x" * 22
    assert clean_name("x" * 21 + technologist) == "x" * 21 + technologist  # 3 code points: it fits
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 7 code points
    assert clean_name("Ane " + family * 3) == "Ane " + family * 2
    assert clean_name("x" * 23 + "\U0001f1ea\U0001f1f8") == "x" * 23  # a flag's two regional letters
    assert clean_name("x" * 23 + "e\u0301") == "x" * 23  # é as e and its accent: not a bare e
    assert clean_name("x" * 23 + "\U0001f44b\U0001f3fd") == "x" * 23  # a hand and its skin tone
    assert clean_name("Ane " + "x" * 19 + " \U0001f44b") == "Ane " + "x" * 19  # no space left at the end
    assert clean_name("e" + "\u0301" * 40) is None  # one cluster longer than a name: nothing to keep
    for n in range(30):
        assert len(clean_name("\u00e9" * n + technologist * 5) or "") <= NAME_LENGTH


def test_invitations_stay_until_the_seat_is_taken_and_need_the_creator_token(client: TestClient) -> None:
    made = make(client)
    tid, creator = made["id"], made["creator"]
    assert made["urls"]["0"] == "http://192.168.1.20:8000" + made["links"]["0"]  # opened as localhost
    first = client.post(f"/api/tables/{tid}/invitations", json={"creator": creator}).json()
    again = client.post(f"/api/tables/{tid}/invitations", json={"creator": creator}).json()
    assert first == again  # a reload finds every link again
    assert [s["state"] for s in first["seats"]] == ["open", "open"]
    assert first["seats"][1]["url"] == made["urls"]["1"]
    assert first["seats"][1]["qr"].startswith("data:image/svg+xml")
    refused = client.post(f"/api/tables/{tid}/invitations", json={"creator": made["tokens"]["0"]})
    assert refused.status_code == 403 and refused.json()["code"] == "bad_creator"
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{tid}") as ws:
        assert hello(ws, made["tokens"]["1"])["seat"] == 1  # seat 2 is taken
    after = client.post(f"/api/tables/{tid}/invitations", json={"creator": creator}).json()
    assert [s["state"] for s in after["seats"]] == ["open", "taken"] and "url" not in after["seats"][1]


def test_links_use_the_address_the_browser_used_unless_it_is_loopback() -> None:
    lan = ["192.168.1.20"]
    assert share_origin("http", "localhost:8000", lan) == "http://192.168.1.20:8000"
    assert share_origin("http", "127.0.0.1:8000", lan) == "http://192.168.1.20:8000"
    assert share_origin("http", "[::1]:8000", lan) == "http://192.168.1.20:8000"
    assert share_origin("http", "127.0.0.2:8000", lan) == "http://127.0.0.2:8000"
    assert share_origin("http", "mahai.home:8000", lan) == "http://mahai.home:8000"
    assert share_origin("http", "localhost:8000", []) == "http://localhost:8000"
    assert share_origin("http", "localhost:8000", ["fd00::5"]) == "http://[fd00::5]:8000"


def test_player_counts_follow_the_options(client: TestClient) -> None:
    """Mille Bornes 2016 allows five players only with ``five_players`` (MBR-22
    and the options list of docs/rules/mille-bornes.md): the lobby asks."""
    mb = get_game("mille_bornes")
    on = client.post("/api/games/mille_bornes/players", json={"edition": "2016", "options": {}}).json()
    off = client.post("/api/games/mille_bornes/players",
                      json={"edition": "2016", "options": {"five_players": False}}).json()
    assert on["players"] == list(mb.players(mb.options("2016")))
    assert 5 in on["players"] and 5 not in off["players"]
    solo = client.post("/api/games/denborazup/players", json={"edition": "solo", "options": {}}).json()
    assert solo["players"] == [1]  # DZR-12
    bad = client.post("/api/games/spades/players?lang=eu", json={"edition": "nope", "options": {}})
    assert bad.status_code == 400 and bad.json()["message"]


def test_the_games_say_what_they_are(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games?lang=eu").json()}
    for name in ("mille_bornes", "spades", "denborazup"):
        g = games[name]
        assert g["about"] and g["picture"].endswith(f"/{name}.svg") and g["rules"] == f"/rules/{name}"
        assert all(e["about"] for e in g["editions"]), name
        assert [b["name"] for b in g["bots"]] == bot_names(name)  # strongest first
    # a plug-in's How to play page comes from its own package (mahai_nim/rules/<lang>.html)
    assert games["nim"]["rules"] == "/rules/nim" and games["nim"]["picture"].endswith("/cards.svg")
    assert games["nim"]["about"] and all(e["about"] for e in games["nim"]["editions"])
    one = client.get("/api/games/spades?lang=fr").json()
    assert one["name"] == "spades" and one["editions"] and one["about"] != games["spades"]["about"]


def test_a_developers_example_comes_after_the_games_for_families(client: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy Nim (examples/mahai-nim, Game.example) is a plug-in's example, not a card game to
    offer families (session 9's play test): /api/games lists it last and says so, whatever the
    order the games are installed in (a plug-in named "abc" sorts before "nim", and this one first)."""
    import mahai.server.app

    installed = ["nim", "mille_bornes", "spades", "denborazup"]
    monkeypatch.setattr(mahai.server.app, "available_games", lambda: installed)
    games = client.get("/api/games?lang=eu").json()
    assert [(g["name"], g["example"]) for g in games] == [
        ("mille_bornes", False), ("spades", False), ("denborazup", False), ("nim", True)]


def test_the_lists_show_listed_tables_and_say_when_tables_leave(client: TestClient) -> None:
    hidden = make(client)
    listed = make(client, listed=True)
    public = [t["id"] for t in client.get("/api/tables").json()]
    assert listed["id"] in public and hidden["id"] not in public
    mine = client.get(f"/api/tables?ids={hidden['id']},{listed['id']},unknown").json()
    assert [t["id"] for t in mine] == [listed["id"], hidden["id"]]  # the latest first
    first = mine[1]
    assert first["status"] == "playing"
    # What tells two tables of one game and the same names apart in "Tables to watch": the seats
    # whose person has yet to come, and how long ago it moved (counted by the server, in seconds).
    shown = next(t for t in client.get("/api/tables").json() if t["id"] == listed["id"])
    assert shown["waiting"] == [0, 1] and shown["moved"] is False and 0 <= shown["idle"] < 60
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{listed['id']}") as ws:
        hello(ws, listed["tokens"]["0"])
    shown = next(t for t in client.get("/api/tables").json() if t["id"] == listed["id"])
    assert shown["waiting"] == [1]
    nim = hub_of(client).tables[listed["id"]]
    mover = nim.state.to_act()[0]  # a person's move (both seats are people's)
    client.portal.call(hub_of(client).act, nim, mover, nim.state.version,  # type: ignore[union-attr]
                       nim.state.legal_actions(mover)[0].notation())
    nim.row.updated = time.time() - 3600
    shown = next(t for t in client.get("/api/tables").json() if t["id"] == listed["id"])
    assert shown["moved"] is True and shown["idle"] == pytest.approx(3600, abs=60)
    nim.row.updated = None
    assert first["leaves_at"] == pytest.approx(time.time() + ABANDONED_AFTER, abs=60)
    table = hub_of(client).tables[listed["id"]]
    table.row.created -= ABANDONED_AFTER + 1  # nobody moved for a week
    assert listed["id"] not in [t["id"] for t in client.get("/api/tables").json()]
    assert client.get(f"/api/tables?ids={listed['id']}").json()[0]["status"] == "abandoned"
    assert table_status(True, 100.0, 200.0) == ("over", 100.0 + FINISHED_KEPT)


async def _only_to_act(client: TestClient, made: dict[str, Any], seat: int) -> None:
    table = hub_of(client).tables[made["id"]]
    for _ in range(3000):  # the bots' drivers move (pace 0); bounded, never timed
        if table.state.to_act() == (seat,):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"seat {seat} is not alone to act")


def bots_moved_first(client: TestClient, seats: list[dict[str, Any]], person: int) -> dict[str, Any]:
    """A listed Spades table of ``seats`` where the bots moved and only ``person`` is to act now:
    the server deals at random, and a new table is made while its person is the first to act."""
    for _ in range(40):
        made = make(client, "spades", seats, listed=True)
        client.portal.call(_only_to_act, client, made, person)  # type: ignore[union-attr]
        if hub_of(client).tables[made["id"]].record.actions:
            return made
    raise AssertionError("the person was always the first to act")


def test_a_table_where_only_bots_have_moved_says_when_it_was_created(client: TestClient) -> None:
    """The public list's "Last move" is a person's (SPR-4: the three bots of a Spades table bid
    before its person at seat 4, and the new table said "Azken jokaldia: …"): ``moved`` is
    False until the person moves, and ``idle`` counts from the table's making."""
    seats: list[dict[str, Any]] = [{"kind": "bot", "bot": "random"} for _ in range(3)]
    seats.append({"kind": "person", "name": "Ane"})
    made = bots_moved_first(client, seats, 3)
    table = hub_of(client).tables[made["id"]]
    assert table.row.updated is not None and {s for s, _ in table.record.actions} <= {0, 1, 2}
    table.row.created -= 600
    shown = next(t for t in client.get("/api/tables").json() if t["id"] == made["id"])
    assert shown["moved"] is False and shown["idle"] == pytest.approx(600, abs=60)
    legal = table.state.legal_actions(3)[0].notation()
    client.portal.call(hub_of(client).act, table, 3, table.state.version, legal)  # type: ignore[union-attr]
    shown = next(t for t in client.get("/api/tables").json() if t["id"] == made["id"])
    assert shown["moved"] is True and 0 <= shown["idle"] < 60


async def _play_out(client: TestClient, made: dict[str, Any]) -> None:
    hub = hub_of(client)
    table = hub.tables[made["id"]]
    while not table.state.is_over:
        seat = table.state.to_act()[0]
        if seat in table.bots:
            await asyncio.sleep(0.01)  # the bot's turn: its driver moves
            continue
        await hub.act(table, seat, table.state.version, table.state.legal_actions(seat)[0].notation())


def play_out(client: TestClient, made: dict[str, Any]) -> None:
    client.portal.call(_play_out, client, made)  # type: ignore[union-attr]


def test_my_tables_come_in_play_first_then_finished_each_latest_first(client: TestClient) -> None:
    """The lobby's "my tables" shows the first three (session 10): a table still in play but
    idle for six days came after one finished today, by the date each leaves the list (a
    finished table leaves a day after its last move, one in play is abandoned after a week),
    and hid under "Show all"."""
    idle, done, fresh, older = (make(client) for _ in range(4))
    hub = hub_of(client)
    hub.tables[idle["id"]].row.created -= 6 * 24 * 3600  # nobody moved for six days
    hub.tables[older["id"]].row.created -= 3600
    play_out(client, done)
    ids = ",".join(m["id"] for m in (done, idle, older, fresh))
    mine = client.get(f"/api/tables?ids={ids}").json()
    assert [(t["id"], t["status"]) for t in mine] == [
        (fresh["id"], "playing"), (older["id"], "playing"), (idle["id"], "playing"), (done["id"], "over")]
    assert mine[2]["leaves_at"] < mine[3]["leaves_at"]  # what the order was
    # each with the key it is sorted by, which the lobby merges its answers for 100 ids each by
    # (static/js/lobby.js keeps no copy of the statuses' order)
    assert [t["order"] for t in mine] == sorted(t["order"] for t in mine)
    assert [t["order"][0] for t in mine] == [0, 0, 0, 1]


def test_rematch_keeps_people_seats_and_names_and_moves_each_page(client: TestClient) -> None:
    made = make(client, seats=[{"kind": "person", "name": "Ane"},
                               {"kind": "bot", "bot": "random", "name": "Txispa"}])
    tid = made["id"]
    early = client.post(f"/api/tables/{tid}/rematch", json={"token": made["tokens"]["0"]})
    assert early.status_code == 400 and early.json()["code"] == "not_over"
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{tid}") as ws:
        hello(ws, made["tokens"]["0"])
        play_out(client, made)
        res = client.post(f"/api/tables/{tid}/rematch", json={"token": made["creator"]}).json()
        assert res["token"] is None  # the creator does not sit: no seat token
        while (msg := ws.receive_json())["type"] != "rematch":
            pass
    assert msg["table"] == res["id"] and msg["seat"] == 0
    new = client.get(f"/api/tables/{res['id']}").json()
    assert [(s["kind"], s["bot"], s["name"]) for s in new["seats"]] == [("person", None, "Ane"),
                                                                        ("bot", "random", "Txispa")]
    assert not new["over"] and new["id"] != tid
    assert client.get(f"/api/tables/{tid}").json()["rematch"] == res["id"]
    again = client.post(f"/api/tables/{tid}/rematch", json={"token": made["tokens"]["0"]}).json()
    assert again == {"id": res["id"], "seat": 0, "token": msg["token"]}  # one rematch; the seat not taken yet
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{res['id']}") as ws:
        assert hello(ws, msg["token"])["seat"] == 0
    gone = client.post(f"/api/tables/{tid}/rematch", json={"token": made["tokens"]["0"]}).json()
    assert gone["token"] is None  # taken: the token is not handed out again
    invites = client.post(f"/api/tables/{res['id']}/invitations", json={"creator": made["creator"]})
    assert invites.status_code == 200  # the creator's token opens the rematch's invitations


def test_leaving_hands_the_seat_to_the_strongest_bot_and_the_link_takes_it_back(client: TestClient) -> None:
    made = make(client, game="mille_bornes", seats=[{"kind": "person", "name": "Ane"}, {"kind": "person"}])
    tid, token = made["id"], made["tokens"]["0"]
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{tid}") as ws:
        hello(ws, token)
        ws.send_json({"type": "hand_to_bot"})
        while (msg := ws.receive_json())["type"] != "update" or msg["seat"] is not None:
            pass  # until the bot has the seat: this connection now watches
    seat = client.get(f"/api/tables/{tid}").json()["seats"][0]
    assert seat == {**seat, "kind": "bot", "bot": strongest_bot("mille_bornes"), "away": True, "name": "Ane"}
    assert strongest_bot("mille_bornes") == default_bot("mille_bornes") == "strong"
    assert "strong" in bot_names("mille_bornes")
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{tid}") as ws:
        assert hello(ws, token)["seat"] == 0
    seat = client.get(f"/api/tables/{tid}").json()["seats"][0]
    assert (seat["kind"], seat["bot"], seat["away"], seat["name"]) == ("person", None, False, "Ane")
    assert 0 not in hub_of(client).tables[tid].bots


def test_the_turn_timer_waits_while_nobody_is_at_the_table(client: TestClient) -> None:
    """The turn timer keeps a table moving for those at it: a table everyone left (or nobody has
    opened yet) waits at a person's turn, rather than bots playing the game out for people who all
    left (session 15's play test); someone at the table, a spectator too, starts its clock."""
    made = make(client, game="nim", seats=[{"kind": "person"}, {"kind": "person"}], turn_seconds=1)
    table = client.app.state.hub.tables[made["id"]]  # type: ignore[attr-defined]
    time.sleep(2.5)  # more than two turns' time, nobody there
    assert table.state.version == 0 and table.turn_deadline is None
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{made['id']}") as ws:
        state = hello(ws, None)
        while state.get("deadline") is None:  # the snapshot, then the update that starts the clock
            state = ws.receive_json()
        while not state.get("table", {}).get("stand_ins"):
            state = ws.receive_json()
        assert state["version"] >= 1
    deadline = time.monotonic() + 10
    while table.turn_deadline is not None and time.monotonic() < deadline:  # the last one left
        time.sleep(0.05)
    assert table.turn_deadline is None and table.timer is None
    version = table.state.version
    time.sleep(2.5)
    assert table.state.version == version


def test_the_turn_timer_is_played_by_the_strongest_bot(client: TestClient) -> None:
    made = make(client, game="mille_bornes", seats=[{"kind": "person"}, {"kind": "person"}], turn_seconds=1)
    tid = made["id"]
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{tid}") as ws:
        state = hello(ws, None)
        assert state["deadline"] is not None and 0 < state["deadline_in"] <= 1
        deadline = time.monotonic() + 15
        while not state["table"]["stand_ins"] and time.monotonic() < deadline:
            state = ws.receive_json()
    stand_in = state["table"]["stand_ins"][0]
    assert stand_in["bot"] == "strong" == default_bot("mille_bornes")  # the server's stand-in level
    assert stand_in["version"] == 1 and stand_in["seat"] in (0, 1)
    # a page that comes (back) later reads it in the log the server sends, before the move's own
    # lines (session 14's play test: it was said only live, and a reload read the move as the
    # person's own); the person whose time ran out reads it as theirs
    seat = stand_in["seat"]
    for token, said in ((None, f"Seat {seat + 1}: the time ran out; a bot played for them."),
                        (made["tokens"][str(seat)], "Your time ran out: a bot played for you.")):
        with client.websocket_connect(f"ws://localhost:8000/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello", "token": token, "lang": "en"})
            log = next(m for m in iter(ws.receive_json, None) if m["type"] == "log")["events"]
        at = [i for i, e in enumerate(log) if e.get("kind") == "stand_in"]
        assert [log[i]["text"] for i in at][:1] == [said], log[:3]
        assert log[at[0] + 1]["version"] == stand_in["version"] and log[at[0] + 1]["kind"] != "stand_in"
        assert all(e["version"] != stand_in["version"] for e in log[:at[0]])


class _Waiting:
    """A state where seat 0 must wait for seat 1 (MBR-10's coup-fourré window)."""

    is_over = False

    def to_act(self) -> tuple[int, ...]:
        return (0, 1)

    def must_wait(self, seat: int) -> bool:
        return seat == 0


def test_the_stand_in_never_moves_for_a_seat_that_must_wait() -> None:
    class T:
        state = _Waiting()
        bots: dict[int, Any] = {}

    assert Hub._stand_in_seat(T()) == 1  # type: ignore[arg-type]
    T.bots = {1: object()}
    assert Hub._stand_in_seat(T()) is None  # type: ignore[arg-type]


def test_the_migrations_build_the_declared_schema(tmp_path: Path) -> None:
    import sqlalchemy as sa
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from mahai.server.store import Store, metadata

    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
        version = conn.execute(sa.text("select version_num from alembic_version")).scalar()
    assert diff == [] and version == "0003"
    store.dispose()


def test_stored_names_invitations_and_rematch_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'mahai.db'}"
    with TestClient(create_app(url, pace=0.0), base_url="http://localhost") as c:
        made = make(c, listed=True)
        c.post(f"/api/tables/{made['id']}/name", json={"token": made["tokens"]["1"], "name": "Miren"})
    with TestClient(create_app(url, pace=0.0), base_url="http://localhost") as c:
        info = c.get(f"/api/tables/{made['id']}").json()
        assert [s["name"] for s in info["seats"]] == ["Ane", "Miren"] and info["listed"]
        invites = c.post(f"/api/tables/{made['id']}/invitations", json={"creator": made["creator"]}).json()
        assert [s["state"] for s in invites["seats"]] == ["open", "open"]


def test_a_stored_table_that_does_not_read_stops_nothing_else(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """One table whose stored options are not JSON (an edited or damaged database) is left out:
    the server starts and serves the others, and asking for it is ``unknown_table`` (404) in the
    asker's language. (The server did not start at all: "Cannot open the database … Expecting
    property name enclosed in double quotes".)"""
    url = f"sqlite:///{tmp_path / 'mahai.db'}"
    with TestClient(create_app(url, pace=0.0), base_url="http://localhost") as c:
        bad, good = make(c), make(c)
    with sqlite3.connect(tmp_path / "mahai.db") as db:
        db.execute("update mahai_tables set options = '{' where id = ?", (bad["id"],))
    with TestClient(create_app(url, pace=0.0), base_url="http://localhost") as c:
        assert c.get(f"/api/tables/{good['id']}").json()["id"] == good["id"]
        res = c.get(f"/api/tables/{bad['id']}?lang=es")
        assert res.status_code == 404 and res.json()["code"] == "unknown_table", res.text
        assert "existe" in res.json()["message"]
        assert [t["id"] for t in c.get(f"/api/tables?ids={bad['id']},{good['id']}").json()] == [good["id"]]
    assert f"table {bad['id']}" in capsys.readouterr().err  # the operator is told which


def test_a_closed_connection_leaves_no_writer_waiting(client: TestClient) -> None:
    """The task that writes a connection's messages ends with it: it waited for messages that
    never came, forever, one a connection that ever came, and was destroyed pending by the garbage
    collector ("Task was destroyed but it is pending!", and "cannot reuse already awaited
    coroutine" when one woke, in the server's log after a reconnect storm)."""
    made = make(client)

    async def writers() -> int:
        return sum(1 for t in asyncio.all_tasks() if not t.done()
                   and getattr(t.get_coro(), "__qualname__", "") == "Conn._write")

    for token in (made["tokens"]["0"], None, made["tokens"]["1"]):
        with client.websocket_connect(f"ws://localhost:8000/ws/tables/{made['id']}") as ws:
            hello(ws, token)
    portal = client.portal
    assert portal is not None
    deadline = time.monotonic() + 10
    while (left := portal.call(writers)) and time.monotonic() < deadline:  # the handlers end after the close
        time.sleep(0.02)
    assert left == 0


async def thread_ident() -> int:
    """The running thread's id (called through the test client's portal: the event loop's)."""
    return threading.get_ident()


def test_the_lists_read_tables_from_the_store_off_the_loop(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``GET /api/tables?ids=…`` (a lobby's 100 ids at once), the public list and a WebSocket
    rebuild the tables no longer in memory on a thread, not on the event loop every table's moves
    wait for (a long game's record replayed when its snapshot is of older code took a second, 100
    of them a lobby asks for at once); an id said twice is read and answered once."""
    hub = hub_of(client)
    made = [make(client, listed=True) for _ in range(2)]
    for m in made:
        dict.pop(hub.tables, m["id"])  # evicted: only in the store now
    portal = client.portal
    assert portal is not None
    loop_thread = portal.call(thread_ident)
    readers: list[int] = []
    load = hub.store.load

    def spy(table_id: str) -> Any:
        readers.append(threading.get_ident())
        return load(table_id)

    monkeypatch.setattr(hub.store, "load", spy)
    first = made[0]["id"]
    got = client.get(f"/api/tables?ids={first},{first},unknown").json()
    assert [t["id"] for t in got] == [first]
    assert {t["id"] for t in client.get("/api/tables").json()} == {m["id"] for m in made}
    assert len(readers) == 3 and loop_thread not in readers, (readers, loop_thread)
    # a page's WebSocket too (its hello's answer says the table it found)
    dict.pop(hub.tables, first)
    with client.websocket_connect(f"ws://localhost:8000/ws/tables/{first}") as ws:
        assert hello(ws, made[0]["tokens"]["0"])["table"]["id"] == first
    with client.websocket_connect("ws://localhost:8000/ws/tables/unknown?lang=es") as ws:
        assert ws.receive_json()["code"] == "unknown_table"
    assert len(readers) == 5 and loop_thread not in readers, (readers, loop_thread)


def test_only_a_seat_coming_or_going_is_told_to_the_table(client: TestClient) -> None:
    """A spectator's page, or a seat's second page, coming and going changes nothing anyone sees
    (the seats online): nobody is sent an update for it (each sent every connection of the table
    one: a reconnect storm of N spectators made N² of them); the seat's first page, and its last
    leaving, are told to everyone."""
    made = make(client)
    tid = made["id"]
    url = f"ws://localhost:8000/ws/tables/{tid}"
    table = hub_of(client).tables[tid]

    def gone(n: int) -> None:  # the server has seen the close (its handler ended)
        deadline = time.monotonic() + 10
        while len(table.conns) != n:
            assert time.monotonic() < deadline, len(table.conns)
            time.sleep(0.01)

    def heard(ws: Any) -> list[dict[str, Any]]:
        """What ``ws`` was sent until the answer to a marker (an act of a version never seen)."""
        ws.send_json({"type": "act", "version": -7, "action": "take 1"})
        out = []
        while (msg := ws.receive_json())["type"] != "error":
            out.append(msg)
        return out

    with client.websocket_connect(url) as seat0:
        hello(seat0, made["tokens"]["0"])
        heard(seat0)
        for token in (None, made["tokens"]["0"]):  # a spectator, the seat's second page
            with client.websocket_connect(url) as other:
                hello(other, token)
                assert heard(seat0) == []
            gone(1)
            assert heard(seat0) == []
        with client.websocket_connect(url) as seat1:
            hello(seat1, made["tokens"]["1"])
            told = heard(seat0)  # its invitation spent, then it is here
            assert told and told[-1]["table"]["seats"][1]["online"], told
        gone(1)
        told = heard(seat0)
        assert [m["table"]["seats"][1]["online"] for m in told] == [False], told


def test_a_tables_connections_are_read_on_the_loop_only(client: TestClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Who is online comes from the table's connections, which the event loop adds and drops:
    ``GET /api/tables/{id}``, its invitations and its replay read them on the loop too (on the
    server's threads, a connection coming or going as one walked them could fail the answer:
    "Set changed size during iteration")."""
    made = make(client)
    portal = client.portal
    assert portal is not None
    loop_thread = portal.call(thread_ident)
    readers: list[int] = []
    online = Table.online

    def spy(table: Table) -> set[int]:
        readers.append(threading.get_ident())
        return online(table)

    monkeypatch.setattr(Table, "online", spy)
    tid = made["id"]
    assert client.get(f"/api/tables/{tid}").status_code == 200
    res = client.post(f"/api/tables/{tid}/invitations", json={"creator": made["creator"]})
    assert res.status_code == 200 and res.json()["seats"][0]["qr"].startswith("data:image/svg")
    assert res.json()["spectate"]["qr"].startswith("data:image/svg")
    assert client.get(f"/api/tables/{tid}/replay").status_code == 200
    assert len(readers) >= 3 and set(readers) == {loop_thread}, (readers, loop_thread)


def test_how_to_play_pages_exist_in_every_language(client: TestClient) -> None:
    for game in ("mille_bornes", "spades", "denborazup"):
        for lang in ("eu", "en", "es", "fr"):
            page = client.get(f"/rules/{game}?lang={lang}")
            assert page.status_code == 200 and f'<html lang="{lang}">' in page.text, (game, lang)
            assert "/chronology/" not in page.text  # the answer key is not linked from the rules
    nim = client.get("/rules/nim?lang=fr")
    assert nim.status_code == 200 and '<html lang="fr">' in nim.text
    assert client.get("/rules/no_such_game").status_code == 404
    assert client.get("/rules/..%2Fapp").status_code == 404


def test_a_replay_comes_a_page_at_a_time(client: TestClient) -> None:
    """A replay answer holds at most :data:`REPLAY_PAGE` frames, from ``start``, and says how many
    steps there are (a finished DenboraZup long game's whole replay was 2.6 GB of JSON, built in
    77 s, for one request anyone may send); a seat or a start the replay has not is ``bad_field``
    in the asker's language, not the framework's English."""
    made = make(client, seats=[{"kind": "bot", "bot": "random"}] * 2, options={"stones": 400})
    tid = made["id"]
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{tid}").json()["over"]:  # 134 to 400 moves of the bots
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    steps = client.get(f"/api/tables/{tid}").json()["version"] + 1
    first = client.get(f"/api/tables/{tid}/replay?seat=0").json()
    assert first["steps"] == steps > 2 * REPLAY_PAGE and first["start"] == 0 and first["over"]
    assert first["page"] == REPLAY_PAGE  # the page size, which replay.js follows
    assert [f["version"] for f in first["frames"]] == list(range(REPLAY_PAGE))
    last = client.get(f"/api/tables/{tid}/replay?seat=0&start={steps - 3}&count={REPLAY_PAGE}").json()
    assert [f["version"] for f in last["frames"]] == [steps - 3, steps - 2, steps - 1]
    assert last["frames"][-1]["view"]["stones"] == 0 and last["frames"][-1]["action"].startswith("take ")
    some = client.get(f"/api/tables/{tid}/replay?start=60&count=2").json()["frames"]
    assert [f["version"] for f in some] == [60, 61]
    for query, field in ((f"count={REPLAY_PAGE + 1}", "count"), (f"start={steps}", "start"),
                         ("start=-1", "start"), ("seat=2", "seat"), ("seat=-1", "seat")):
        res = client.get(f"/api/tables/{tid}/replay?{query}&lang=fr", headers={"accept-language": "fr"})
        err = res.json()
        assert res.status_code in (400, 422) and err["code"] == "bad_field", (query, err)
        assert err["params"] == {"field": field} and f"«\u00a0{field}\u00a0»" in err["message"], (query, err)


def test_serve_prints_the_addresses_of_the_network(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import socket

    from typer.testing import CliRunner

    import mahai.cli.serve as serve_module
    from mahai.cli.app import app

    seen: dict[str, Any] = {}

    class Server:
        """uvicorn's Server on the socket serve bound, serving nothing. uvicorn's own Config is
        not made either: it configures logging (dictConfig closes every handler there is,
        pytest's too, and the rest of the worker's tests failed on a closed file in CI)."""

        def __init__(self, config: dict[str, Any]) -> None:
            self.config = config
            self.started = False

        def run(self, sockets: Any = None) -> None:
            seen.update(host=self.config["host"])
            self.started = True
            for sock in sockets or []:
                sock.close()

    monkeypatch.setattr("mahai.server.network.network_addresses", lambda: ["192.168.1.20", "10.0.0.7"])
    monkeypatch.setattr("uvicorn.Config", lambda application, **kw: kw)
    monkeypatch.setattr("uvicorn.Server", Server)
    assert serve_module.serve is not None
    with socket.socket() as probe:  # a port free on every network, as --lan binds 0.0.0.0
        probe.bind(("0.0.0.0", 0))
        port = probe.getsockname()[1]
    db = f"sqlite:///{tmp_path}/m.db"  # a file: a database in memory is refused (db_in_memory)
    result = CliRunner().invoke(app, ["serve", "--lan", "--port", str(port), "--db", db])
    assert result.exit_code == 0, result.output
    assert seen["host"] == "0.0.0.0"
    assert f"http://192.168.1.20:{port}/" in result.output and f"http://10.0.0.7:{port}/" in result.output
    local = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", db])
    assert "192.168.1.20" not in local.output and seen["host"] == "127.0.0.1"

