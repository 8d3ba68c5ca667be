"""``mahai serve --workers N``: N server processes on one port.

A small supervisor: the parent process forks N children before it builds
anything (no thread, no connection crosses a fork); each child binds the
port with ``SO_REUSEPORT`` (the kernel spreads new connections over the
children), builds its own application (:func:`mahai.server.create_app` with
a :class:`~mahai.server.cluster.Cluster`) and runs uvicorn on that socket.
A child that dies is started again after :data:`RESPAWN` seconds (its
tables were meanwhile taken over by the others); SIGTERM or SIGINT to the
parent stops every child; a child whose parent dies gets SIGTERM (Linux
``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from mahai.sim import die_with_parent

RESPAWN = 1.0
"""Seconds before a dead child is started again."""


def bound_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` with ``SO_REUSEPORT``, not yet listening.

    uvicorn's server calls ``listen()`` on it (asyncio's ``create_server``) only after the
    application's startup: until then the kernel gives this process no connection. A socket that
    listened from the start collected connections while its child was still starting (seconds on a
    loaded machine) and reset them if that start failed."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.setblocking(False)
    return sock


def _child(make_app: Callable[[], Any], host: str, port: int, options: dict[str, Any],
           parent: int | None = None) -> None:
    import uvicorn

    # A parent killed between the fork and the arming sends nothing: the child, adopted by init,
    # would serve on for ever (die_with_parent says the caller looks)
    if die_with_parent() and parent is not None and os.getppid() != parent:
        return
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, signal.SIG_DFL)
    sock = bound_socket(host, port)
    application = make_app()
    server = uvicorn.Server(uvicorn.Config(application, **options))
    server.run(sockets=[sock])


def supervise(workers: int, make_app: Callable[[], Any], host: str, port: int,
              **options: Any) -> None:
    """Run ``workers`` children, each serving ``make_app()`` on ``host:port``
    under uvicorn (``options``: more ``uvicorn.Config`` arguments); return once
    every child ended after SIGTERM/SIGINT."""
    children: dict[int, int] = {}
    stopping = False

    def spawn(i: int) -> None:
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                _child(make_app, host, port, options, parent)
            except BaseException:  # noqa: BLE001 - report, then leave without the parent's cleanup
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        children[pid] = i

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for i in range(workers):
        spawn(i)
    while children:
        try:
            pid, _status = os.wait()
        except ChildProcessError:
            break
        i = children.pop(pid, -1)
        if i >= 0 and not stopping:
            print(f"mahai: worker {i} (pid {pid}) ended; starting it again", file=sys.stderr)
            time.sleep(RESPAWN)
            if not stopping:
                spawn(i)
