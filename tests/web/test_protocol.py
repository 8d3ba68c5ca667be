"""The WebSocket protocol refuses forged tokens, malformed JSON, illegal,
out-of-turn and stale actions with a structured, localised error, and changes
nothing (no action stored, version unchanged)."""

from __future__ import annotations

import pytest

from mahai.core import IllegalAction, NotYourTurn
from mahai.i18n import LANGUAGES, explain
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def version_of(server: Server, table_id: str) -> int:
    v: int = server.get(f"/api/tables/{table_id}")["version"]
    return v


def test_bad_messages_are_rejected_and_change_nothing(server: Server) -> None:
    made = server.create("nim", ["person", "person"], options={"stones": 9})
    tid, tokens = made["id"], made["tokens"]
    a, b = Client(server.ws_url, tid, tokens["0"]), Client(server.ws_url, tid, tokens["1"])
    assert a.welcome["seat"] == 0 and b.welcome["seat"] == 1
    assert a.state is not None
    mover = a if 0 in a.state["to_act"] else b
    idle = b if mover is a else a

    # forged token: told so, seated nowhere, cannot act
    forged = Client(server.ws_url, tid, tokens["0"][:-2] + "xy")
    errors = [f for f in forged.frames if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["bad_token"] and forged.welcome["seat"] is None
    assert forged.act("take 1")["code"] == "not_seated"

    # malformed JSON and wrong shapes
    for junk in ["{not json", "[1, 2]", '"text"', '{"type": "act", "version": "0", "action": "take 1"}',
                 '{"type": "act", "version": 0, "action": 5}', '{"type": "fly"}']:
        mover.send(junk)
        err = mover.wait("error")
        assert err["kind"] == "malformed_action" and err["code"] == "bad_message", junk

    # malformed notation, illegal, out of turn, stale
    err = mover.act("jump 2")  # the game's own error quotes English notation: the web's says choose a move
    assert err["type"] == "error" and err["kind"] == "malformed_action"
    assert (err["domain"], err["code"]) == ("web", "bad_move")
    err = mover.act("take 7")
    assert err["kind"] == "illegal_action" and err["code"] == "bad_take"
    assert err["params"] == {"n": 7, "max": 3}
    assert err["message"] == explain(IllegalAction("bad_take", domain="nim", n=7, max=3), "en")
    err = idle.act("take 1")
    assert err["kind"] == "not_your_turn"
    assert err["message"] == explain(NotYourTurn("not_your_turn", seat=idle.welcome["seat"]), "en")
    err = mover.act("take 1", version=5)
    assert err["code"] == "stale_version" and err["params"] == {"seen": 5, "current": 0}
    # the sentence names no move numbers (the protocol's versions: "(0. jokaldia, orain 1.)" on a
    # seat open on two devices where both drew at once, session 12)
    for lang in LANGUAGES:
        stale = explain(IllegalAction("stale_version", domain="web", seen=5, current=0), lang)
        assert not any(ch.isdigit() for ch in stale), (lang, stale)

    assert version_of(server, tid) == 0
    assert mover.state is not None and mover.state["view"]["stones"] == 9

    # and a good move still works afterwards, seen by both
    done = mover.act("take 2")
    assert done["type"] == "update" and done["version"] == 1 and done["view"]["stones"] == 7
    seen = idle.wait_until(lambda s: s["version"] == 1)
    assert seen["view"]["stones"] == 7 and seen["legal"]
    for c in (a, b, forged):
        c.close()


def test_errors_are_in_the_players_language(server: Server) -> None:
    made = server.create("nim", ["person", "person"])
    c = Client(server.ws_url, made["id"], None, lang="eu")
    err = c.act("take 1")
    assert err["code"] == "not_seated"
    assert err["message"] == explain(IllegalAction("not_seated", domain="web"), "eu")
    assert err["message"] != explain(IllegalAction("not_seated", domain="web"), "en")
    c.close()


def test_simultaneous_decisions_are_not_voided_by_another_seats_move(server: Server) -> None:
    """DZR-5: after the flip both players decide at once. A decision sent with the
    version its sender saw is accepted even though the other seat moved in between;
    once the sender's own choices change (the reveal), that old version is stale."""
    made = server.create("denborazup", ["person", "person"])
    tid, tokens = made["id"], made["tokens"]
    a, b = Client(server.ws_url, tid, tokens["0"]), Client(server.ws_url, tid, tokens["1"])
    assert a.state is not None
    flipper = a if a.state["to_act"] == [0] else b
    assert flipper.act("flip")["type"] == "update"
    for c in (a, b):
        c.wait_until(lambda s: sorted(s["to_act"]) == [0, 1])
    assert a.state is not None and b.state is not None
    seen_by_b = b.state["version"]
    moved = a.act("pass")                               # a moves: the table's version goes up
    assert moved["type"] == "update" and moved["version"] == seen_by_b + 1
    b.wait_until(lambda s: s["version"] == seen_by_b + 1)
    done = b.act("pass", version=seen_by_b)             # b still sends what it saw
    assert done["type"] == "update" and done["version"] == seen_by_b + 2, done
    # after the all-pass, b's choices are a vote: its old version is now stale
    err = b.act("vote yes", version=seen_by_b)
    assert err["type"] == "error" and err["code"] == "stale_version"
    for c in (a, b):
        c.close()


def test_malformed_hand_to_bot_keeps_the_seat(server: Server) -> None:
    made = server.create("nim", ["person", "person"])
    tid, tokens = made["id"], made["tokens"]
    a = Client(server.ws_url, tid, tokens["0"])
    a.send({"type": "hand_to_bot", "bot": 12345})
    err = a.wait("error")
    assert err["code"] == "bad_message"
    seats = server.get(f"/api/tables/{tid}")["seats"]
    assert seats[0]["kind"] == "person"
    a.close()
    again = Client(server.ws_url, tid, tokens["0"])
    assert again.welcome["seat"] == 0
    again.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_to_an_unknown_bot_names_the_levels_in_the_players_language(server: Server, lang: str) -> None:
    """A crafted ``hand_to_bot`` naming no bot of the game: the refusal lists the levels as the
    page names them ("aditua, indartsua, …"), not their codes ("expert, strong, …"); the seat
    stays the person's. A table's bot seat of no such level is refused alike."""
    from mahai.games import get_game
    from mahai.server.text import bot_name

    made = server.create("spades", ["person"] * 4)
    a = Client(server.ws_url, made["id"], made["tokens"]["0"], lang=lang)
    try:
        a.send({"type": "hand_to_bot", "bot": "grandmaster"})
        err = a.wait("error")
    finally:
        a.close()
    levels = [bot_name(get_game("spades"), b, lang) for b in ("expert", "strong", "medium", "easy", "random")]
    assert err["code"] == "unknown_bot" and err["message"].endswith(", ".join(levels) + "."), err
    if lang != "en":  # English names its levels by their codes
        assert "expert, strong" not in err["message"], err
    assert server.get(f"/api/tables/{made['id']}")["seats"][0]["kind"] == "person"


def test_the_log_starts_with_the_first_deal_as_each_viewer_may_see_it(server: Server) -> None:
    """The set-up's events (``State.start_events``: Spades' first deal) are in the log
    a new connection receives, projected: a seat's own cards, only counts of the others."""
    made = server.create("spades", ["person"] * 4, options={"blind_nil": "off"})
    tid, tokens = made["id"], made["tokens"]
    seat0 = Client(server.ws_url, tid, tokens["0"])
    log = next(f for f in seat0.frames if f["type"] == "log")["events"]
    hands = [e for e in log if e["kind"] == "hand"]
    assert [e["kind"] for e in log][0] == "deal" and [e["seat"] for e in hands] == [0, 1, 2, 3]
    assert len(hands[0]["cards"]) == 13 and all("cards" not in e and e["count"] == 13 for e in hands[1:])
    assert seat0.state is not None and sorted(hands[0]["cards"]) == sorted(seat0.state["view"]["hand"])
    spectator = Client(server.ws_url, tid, None)
    seen = next(f for f in spectator.frames if f["type"] == "log")["events"]
    assert [e["kind"] for e in seen] == ["deal", "hand", "hand", "hand", "hand"]
    assert all("cards" not in e for e in seen)
    replay = server.get(f"/api/tables/{tid}/replay?token={tokens['1']}")["frames"][0]["events"]
    assert [e.get("cards") is not None for e in replay if e["kind"] == "hand"] == [False, True, False, False]
