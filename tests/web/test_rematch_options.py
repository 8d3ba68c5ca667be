"""The rematch of a finished table keeps the options a player may set, and only
those: DenboraZup records hold the internal option ``handles`` (how hidden cards
are named, set by the game alone), which the table creation refuses as an
override; a DenboraZup rematch failed with "unknown option: handles" (shown to
the player as raw option names: "Aukerak: direction, mode")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mahai.server import create_app
from mahai.server.tables import Hub


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'mahai.db'}", pace=0.0)
    with TestClient(app, base_url="http://localhost:8000") as c:
        yield c


async def _play_out(hub: Hub, table_id: str, fewest_cards: bool = False) -> None:
    """Play the table to its end, each seat's first legal action; ``fewest_cards`` (DenboraZup):
    the action that leaves the seat the fewest cards in hand. A solo game played by first actions
    is a random walk (a wrong placement draws two, DZR-12): a CI run took 228 s over it."""
    table = hub.tables[table_id]
    while not table.state.is_over:
        seat = table.state.to_act()[0]
        legal = table.state.legal_actions(seat)
        action = min(legal, key=lambda a: _cards_after(table.state, seat, a)) if fewest_cards else legal[0]
        await hub.act(table, seat, table.state.version, action.notation())


def _cards_after(state: Any, seat: int, action: Any) -> int:
    after = state.clone()
    after.apply(seat, action)
    return len(after.hands[seat])


def test_a_denborazup_rematch_keeps_the_players_options(client: TestClient) -> None:
    """DZR-5, DZR-10 (direction), the solo mode."""
    res = client.post("/api/tables", json={"game": "denborazup", "edition": "solo",
                                           "options": {"direction": "left"},
                                           "seats": [{"kind": "person", "name": "Miren"}]})
    assert res.status_code == 200, res.text
    made: dict[str, Any] = res.json()
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    assert "handles" in hub.tables[made["id"]].row.record.options  # the record holds the internal option
    client.portal.call(_play_out, hub, made["id"], True)  # type: ignore[union-attr]
    again = client.post(f"/api/tables/{made['id']}/rematch?lang=eu", json={"token": made["tokens"]["0"]})
    assert again.status_code == 200, again.text
    new = hub.tables[again.json()["id"]]
    assert new.row.edition == "solo" and new.row.record.options["direction"] == "left"
    assert new.row.record.options["mode"] == "solo" and new.row.record.options["handles"] is True
    assert not new.state.is_over


def test_an_option_named_edition_is_an_override_like_any_other(client: TestClient) -> None:
    """Mille Bornes has an option named ``edition`` (its card set, MBR-1) besides the table's
    edition (the preset): setting it in the lobby's "more options", and every Mille Bornes
    rematch (it copies the record's options), failed with HTTP 500 ("Game.options() got
    multiple values for argument 'edition'")."""
    players = client.post("/api/games/mille_bornes/players?lang=eu",
                          json={"edition": "eu", "options": {"edition": "classic"}})
    assert players.status_code == 200, players.text
    res = client.post("/api/tables", json={"game": "mille_bornes", "edition": "eu",
                                           "options": {"edition": "classic", "game_target": 1},
                                           "seats": [{"kind": "person"}, {"kind": "person"}]})
    assert res.status_code == 200, res.text
    made: dict[str, Any] = res.json()
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[made["id"]].row.record.options["edition"] == "classic"
    client.portal.call(_play_out, hub, made["id"])  # type: ignore[union-attr]
    again = client.post(f"/api/tables/{made['id']}/rematch?lang=eu", json={"token": made["tokens"]["0"]})
    assert again.status_code == 200, again.text
    new = hub.tables[again.json()["id"]]
    assert new.row.edition == "eu" and new.row.record.options["edition"] == "classic"
    assert new.row.record.options["game_target"] == 1 and not new.state.is_over
