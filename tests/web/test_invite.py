"""Getting people to the table, in a real browser (issue 11): invitation links that
reach other devices, the creator's invitations page, names, play to the end and
rematch, leaving and taking the seat back.

The server listens on 0.0.0.0; the tests only send traffic to loopback addresses
(``localhost``, ``127.0.0.2``): a link naming the machine's network address is
checked as text, never opened.

The table page's seat controls live in ``static/js/seats.js``, which the table's
script imports; until it does (the table is another issue's), the tests add the
module to the table page themselves (:func:`with_seat_controls`: a second import
of the same module is a no-op).
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from mahai.bots import default_bot
from mahai.games import get_game
from mahai.i18n import translate
from mahai.server.text import bot_name
from tests.web.server import Server, move_once

pytestmark = pytest.mark.web

SEATS_SCRIPT = """
if (/^\\/t\\/[A-Za-z0-9_-]+$/.test(location.pathname)) {
  document.addEventListener("DOMContentLoaded", () => {
    const s = document.createElement("script");
    s.type = "module";
    s.src = "/static/js/seats.js";
    document.head.append(s);
  });
}
"""


def with_seat_controls(context: Any) -> Any:
    """Load ``seats.js`` on every table page of ``context`` (see the module's docstring)."""
    context.add_init_script(SEATS_SCRIPT)
    return context


def printed_addresses(server: Server) -> list[str]:
    """The addresses ``mahai serve`` printed for the other devices of the network."""
    assert server.proc is not None and server.proc.stdout is not None
    fd = server.proc.stdout.fileno()
    os.set_blocking(fd, False)
    text = b""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and b"network" not in text:
        chunk = server.proc.stdout.read()
        text += chunk or b""
        time.sleep(0.05)
    time.sleep(0.1)
    text += server.proc.stdout.read() or b""
    return re.findall(r"^  http://([^/:]+):\d+/$", text.decode(), flags=re.M)


def create_in_lobby(page: Any, origin: str, names: list[str]) -> str:
    """Create a Nim table of persons named ``names`` from the lobby at ``origin``;
    returns its id (the page is then on the invitations page)."""
    page.goto(origin + "/")
    page.check("#game-nim")
    page.check(f"#players-{len(names)}")
    for i, name in enumerate(names):
        page.select_option(f"#seat-{i}", "person")
        page.fill(f"#name-{i}", name)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/]+/invite$"))
    page.wait_for_selector("#links [data-state='open']")
    return str(page.url.split("/t/")[1].split("/")[0])


def shown_urls(page: Any) -> list[str]:
    urls: list[str] = page.eval_on_selector_all("#links [data-state='open'] code.url",
                                                "els => els.map(e => e.textContent)")
    return urls


def sit(page: Any, name: str | None = None) -> None:
    """On a table page: wait for the seat and, if ``name``, choose it in the prompt."""
    page.wait_for_function("window.mahaiLast !== undefined && document.body.dataset.seat !== ''")
    if name is not None:
        page.wait_for_selector("#seat-name")
        page.fill("#seat-name", name)
        page.click("#seat-name-save")
        page.wait_for_selector("#seat-welcome", state="hidden")


@pytest.mark.slow
def test_links_reach_other_devices_and_two_people_play_then_rematch(browser: Any, tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'mahai.db'}", args=("--host", "0.0.0.0")).start()
    contexts = [with_seat_controls(browser.new_context()) for _ in range(3)]
    try:
        port = server.port
        addresses = printed_addresses(server)
        assert addresses == server.get("/api/network")["addresses"]
        # The creator opened the lobby as localhost: the links name the network address.
        local = contexts[0].new_page()
        create_in_lobby(local, f"http://localhost:{port}", ["Ane", "Mikel"])
        urls = shown_urls(local)
        assert len(urls) == 2
        if addresses:
            assert all(u.startswith(f"http://{addresses[0]}:{port}/t/") for u in urls), urls
            assert addresses[0] != "127.0.0.1" and not addresses[0].startswith("127.")
        else:  # a machine with no network: nothing but localhost to offer
            assert all(u.startswith(f"http://localhost:{port}/t/") for u in urls), urls
        assert local.query_selector(f"a[href^='http://{addresses[0] if addresses else 'x'}']") is None
        # the note that the links open on this computer only: only without a network address
        assert (local.query_selector("#local-only") is None) == bool(addresses)

        # A creator who opened the server as 127.0.0.2 gets links naming 127.0.0.2.
        origin = f"http://127.0.0.2:{port}"
        creator = contexts[1].new_page()
        tid = create_in_lobby(creator, origin, ["Ane", "Mikel"])
        urls = shown_urls(creator)
        assert len(urls) == 2 and all(u.startswith(origin + f"/t/{tid}?seat=") for u in urls), urls
        creator.reload()  # the creator's token is kept in the browser: every link again
        creator.wait_for_selector("#links [data-state='open']")
        assert shown_urls(creator) == urls
        creator.click("#seat-1-copy")
        creator.wait_for_function("document.getElementById('seat-1-copied').textContent !== ''")
        assert creator.inner_text("#seat-1-copied") == translate("web", "Copied!", "eu")
        creator.click("#seat-1-qr-button")
        assert creator.is_visible("#seat-1-qr")
        assert creator.get_attribute("#seat-1-qr", "src").startswith("data:image/svg+xml")

        # Mikel opens seat 2's link on another device: the seat the creator named is not asked
        # its name (session 20); he changes it from the seat panel.
        other = contexts[2].new_page()
        other.goto(urls[1])
        sit(other)
        other.wait_for_selector("#seat-panel h2")
        assert other.is_hidden("#seat-welcome")
        other.click("#rename")
        sit(other, "Miren")
        creator.wait_for_selector("#links [data-seat='1'][data-state='taken']", timeout=10_000)
        assert shown_urls(creator) == urls[:1]  # seat 2's link is gone once taken
        # The creator sits at seat 1 herself: the name she typed in the lobby is hers at the
        # table, not asked again (test_creator_named.py).
        creator.click("a.seat-link[data-seat='0']")
        sit(creator)
        creator.wait_for_selector("#seat-panel h2")
        assert creator.is_hidden("#seat-welcome")
        assert "Ane" in creator.inner_text("#seat-panel")

        # Play to the end: the names show at the table and in the log.
        rng = random.Random(5)
        pages = [creator, other]
        deadline = time.monotonic() + 60
        while creator.evaluate("document.body.dataset.over") != "1" and time.monotonic() < deadline:
            if not any(move_once(p, rng) for p in pages):
                time.sleep(0.05)
        assert creator.evaluate("document.body.dataset.over") == "1"
        other.wait_for_function("document.body.dataset.over === '1'")
        assert creator.evaluate("window.mahaiLast.names['1']") == "Miren"
        log = creator.inner_text("#log")
        assert "Miren" in log and "{player}" not in log

        # Rematch: same people, seats and names, a new deal; both pages move there.
        creator.click("#rematch")
        for page, seat in ((creator, "0"), (other, "1")):
            page.wait_for_url(re.compile(r"/t/(?!" + re.escape(tid) + r")[A-Za-z0-9_-]+$"), timeout=15_000)
            page.wait_for_function(f"window.mahaiLast && document.body.dataset.seat === '{seat}'")
        new = creator.url.split("/t/")[1]
        assert other.url.split("/t/")[1] == new != tid
        info = server.get(f"/api/tables/{new}")
        assert [(s["kind"], s["name"]) for s in info["seats"]] == [("person", "Ane"), ("person", "Miren")]
        assert not info["over"] and server.get(f"/api/tables/{tid}")["rematch"] == new
        assert not other.is_visible("#seat-welcome")  # the name was chosen already
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()


def test_leaving_asks_first_names_the_bot_and_the_link_takes_the_seat_back(server: Server,
                                                                           browser: Any) -> None:
    made = server.create("mille_bornes", ["person", "person"], edition="eu")
    tid = made["id"]
    ctx = with_seat_controls(browser.new_context())
    try:
        page = ctx.new_page()
        page.goto(server.url + made["links"]["0"])
        sit(page, "Ane")
        assert page.get_attribute("#rules-link", "href") == "/rules/mille_bornes?lang=eu"
        strongest = default_bot("mille_bornes")  # the strong level: the server's stand-in
        page.click("#seat-leave")
        assert page.is_visible("#leave-dialog")
        text = page.inner_text("#leave-text")
        assert bot_name(get_game("mille_bornes"), strongest, "eu") in text and strongest != "random"
        assert page.evaluate("document.activeElement.id") == "leave-cancel"  # staying is the default
        page.click("#leave-cancel")
        assert not page.is_visible("#leave-dialog")
        assert server.get(f"/api/tables/{tid}")["seats"][0]["kind"] == "person"
        page.click("#seat-leave")
        page.click("#leave-confirm")
        page.wait_for_selector("#take-back")  # the page reloaded as a spectator's
        # The seat panel can show the way back before the server's welcome names the viewer:
        # wait for the welcome (a CI run read the attribute in between).
        page.wait_for_function("document.body.dataset.seat === ''")
        seat = server.get(f"/api/tables/{tid}")["seats"][0]
        assert (seat["kind"], seat["bot"], seat["away"], seat["name"]) == ("bot", strongest, True, "Ane")
        page.click("#take-back")
        page.wait_for_function("document.body.dataset.seat === '0'")
        seat = server.get(f"/api/tables/{tid}")["seats"][0]
        assert (seat["kind"], seat["away"]) == ("person", False)
        assert not page.is_visible("#seat-welcome")  # named already at this table
    finally:
        ctx.close()
