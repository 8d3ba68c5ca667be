"""Fixtures of the web suite: a real server subprocess and Debian's chromium by path."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import CHROMIUM, CHROMIUM_ARGS, Server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian chromium is not installed at /usr/bin/chromium (scripts/test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Playwright evaluates string predicates (wait_for_function) with eval, which the server's
        # Content-Security-Policy forbids: contexts bypass it unless asked (bypass_csp=False), and
        # tests/web/test_csp.py plays the pages with the policy enforced.
        new_context = b.new_context

        def lenient_context(**options: Any) -> Any:
            options.setdefault("bypass_csp", True)
            return new_context(**options)

        b.new_context = lenient_context  # type: ignore[method-assign]
        yield b
        b.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "own_server: the test gets a server of its own (it kills, "
                            "restarts or stops it, or reads what it prints), not the shared one")


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One ``mahai serve`` for every test of this worker that needs only a server (a fresh one a
    test took about 2 s, most of the web suite's time). Its output goes to a file (a pipe nobody
    reads would fill and stop it); its rate limits are ten times the defaults, as the tests of
    one worker create their tables faster than a person (tests of the limits start their own)."""
    base = tmp_path_factory.mktemp("shared-server")
    srv = Server(f"sqlite:///{base / 'mahai.db'}", args=("--rate-limit-scale", "10"),
                 log=base / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture()
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A running server: the worker's shared one, or with ``@pytest.mark.own_server`` a fresh
    one on its own database, stopped after the test."""
    if request.node.get_closest_marker("own_server") is None:
        shared: Server = request.getfixturevalue("shared_server")
        if shared.proc is None or shared.proc.poll() is not None:
            shared.start()  # a test took it down: the next ones get it back, same database
        yield shared
        return
    srv = Server(f"sqlite:///{tmp_path / 'mahai.db'}").start()
    yield srv
    srv.stop()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context()
    pg = ctx.new_page()
    yield pg
    ctx.close()
