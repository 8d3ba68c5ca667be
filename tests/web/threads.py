"""Running asyncio code from a test of the web suite: in a thread of its own.

Playwright's sync API (the session's ``browser`` fixture) keeps an event loop running in the main
thread of every pytest process that ran a browser test, so ``asyncio.run`` there fails ("cannot be
called from a running event loop") and a hub would start bot tasks that never run. Which tests
share a process depends on how xdist spreads them: a test that passed in one run failed in another.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Coroutine
from typing import Any


def in_thread(test: Callable[..., None]) -> Callable[..., None]:
    """Run the test (a decorator) in a thread of its own, where no event loop runs; its
    exception is raised again in the test's thread."""
    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        errors: list[BaseException] = []

        def target() -> None:
            try:
                test(*args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
                errors.append(exc)
        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
        if errors:
            raise errors[0]
    return wrapper


def run(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``asyncio.run(main())`` in a thread of its own."""
    in_thread(lambda: asyncio.run(main()))()
