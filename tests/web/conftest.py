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


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'mahai.db'}").start()
    yield srv
    srv.stop()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context()
    pg = ctx.new_page()
    yield pg
    ctx.close()
