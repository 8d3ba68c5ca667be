"""The pages work under the server's Content-Security-Policy (issue #14, "Headers"):
chromium with the policy enforced (``bypass_csp=False``; the other web tests bypass
it, their Playwright predicates being ``eval``), every page opened, a Nim game played
by clicking, the Mille Bornes, Spades and DenboraZup tables drawn (their renderers
set inline styles through the CSSOM), and not one violation reported
(``securitypolicyviolation`` events, console errors)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.web.server import Server

WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));
"""


@pytest.fixture()
def strict(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page whose context enforces the CSP, and the console errors it logs."""
    ctx = browser.new_context(bypass_csp=False)
    ctx.add_init_script(WATCH)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield pg, errors
    ctx.close()


def until(page: Any, check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll ``check`` (Python, through ``page.evaluate``: no ``eval`` in the page) until true."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("the page did not get there")
        page.wait_for_timeout(50)


def moved(page: Any, seen: str) -> Callable[[], bool]:
    """Whether the table's version is no longer ``seen``."""
    return lambda: bool(page.evaluate("document.body.dataset.version") != seen)


def violations(page: Any, errors: list[str]) -> list[str]:
    found: list[str] = page.evaluate("window.__csp")
    return found + [e for e in errors if "Content Security Policy" in e or "Content-Security-Policy" in e]


def test_every_page_works_with_the_policy_enforced(server: Server, strict: tuple[Any, list[str]]) -> None:
    page, errors = strict
    made = server.create("nim", ["person", "bot:random"], options={"stones": 5}, lang="en")
    page.goto(server.url + made["links"]["0"])
    until(page, lambda: bool(page.evaluate("window.mahaiLast !== undefined")))
    moves = 0
    while page.evaluate("document.body.dataset.over") != "1" and moves < 10:
        until(page, lambda: bool(page.evaluate(
            "document.body.dataset.over === '1' || "
            "document.querySelector('[data-action]:not([disabled])') !== null")))
        if page.evaluate("document.body.dataset.over") == "1":
            break
        changed = moved(page, page.evaluate("document.body.dataset.version"))
        page.locator("[data-action]:not([disabled])").first.click()
        until(page, changed)
        moves += 1
    assert moves >= 1 and page.evaluate("document.body.dataset.over") == "1"
    assert violations(page, errors) == []

    others = (("mille_bornes", ["person", "bot:random"]), ("spades", ["person"] + ["bot:random"] * 3),
              ("denborazup", ["person", "bot:random"]))
    for game, seats in others:
        table = server.create(game, seats, lang="en")
        page.goto(server.url + table["links"]["0"])
        until(page, lambda: bool(page.evaluate("window.mahaiLast !== undefined")))
        until(page, lambda: bool(page.evaluate("document.querySelector('#board *') !== null")))
        assert violations(page, errors) == [], game

    pages = ["/", f"/t/{made['id']}/invite", f"/t/{made['id']}/replay?seat=0", "/rules/spades?lang=en",
             "/rules/denborazup?lang=eu", "/chronology/denborazup"]
    for path in pages:
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.body.innerText.trim().length") > 0, path
        assert violations(page, errors) == [], path
    page.goto(server.url + "/")
    until(page, lambda: bool(page.evaluate("document.querySelectorAll('img').length > 0")))
    assert violations(page, errors) == []
