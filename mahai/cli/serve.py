"""``mahai serve``: the web table under uvicorn."""

from __future__ import annotations

import errno
import gc
import os
import signal
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import typer

from mahai.cli.app import app
from mahai.cli.common import LangOpt, fail
from mahai.core.errors import InvalidOptions
from mahai.i18n import DEFAULT_LANGUAGE, translate


def default_db() -> str:
    """A SQLite file in the user data dir (``platformdirs.user_data_dir("mahai")``)."""
    from platformdirs import user_data_dir

    return "sqlite:///" + str(Path(user_data_dir("mahai")) / "mahai.sqlite3")


def url_host(host: str) -> str:
    """``host`` as it goes in a URL (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host else host


def proxy_options(trusted: list[str], lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """uvicorn's options for the ``--trusted-proxy`` addresses: its
    ``ProxyHeadersMiddleware`` takes the client address (and scheme) from
    ``X-Forwarded-For`` (``X-Forwarded-Proto``) only on connections from one of
    them, the rightmost address not trusted; none: the headers are never used
    (uvicorn would otherwise believe them from 127.0.0.1, i.e. from any local
    program). Exits with 2 on an entry that is not an IP address or network (``bad_proxy``,
    said in ``lang``).

    >>> proxy_options([])
    {'proxy_headers': False}
    >>> proxy_options(["127.0.0.1", "10.0.0.0/8"])
    {'proxy_headers': True, 'forwarded_allow_ips': ['127.0.0.1', '10.0.0.0/8']}
    """
    import ipaddress

    if not trusted:
        return {"proxy_headers": False}
    for entry in trusted:
        try:
            ipaddress.ip_network(entry.strip(), strict=False)
        except ValueError:
            raise fail(InvalidOptions("bad_proxy", domain="cli", value=entry), lang) from None
    return {"proxy_headers": True, "forwarded_allow_ips": [e.strip() for e in trusted]}


def check_database(url: str, lang: str = DEFAULT_LANGUAGE, source: str = "option") -> None:
    """Refuse a ``--db`` URL that is unusable whatever the database says, before anything is
    built or bound: exit 2 and one line in ``lang``, the URL shown without its user and password.
    ``source`` says where the URL came from, for the way out the message names: ``"option"``
    (``--db``, ``MAHAI_DB`` unset), ``"env"`` (``MAHAI_DB``) or ``"both"`` (``--db`` with
    ``MAHAI_DB`` set too: leaving out ``--db`` alone would fall back to ``MAHAI_DB``).

    * ``db_bad_port``: a port that is not a whole number from 1 to 65535 (SQLAlchemy's
      ``make_url`` raised Python's English ``invalid literal for int()``);
    * ``db_in_memory``: an SQLite database in memory (``sqlite://``, ``sqlite:///``,
      ``sqlite:///:memory:``, ``mode=memory``): every table would be lost at the end, and the
      server's threads (the store's writer, the readers) would each have an empty database of
      their own (a new table failed with an Internal Server Error). Refused rather than warned of:
      nothing works on it, and a throwaway server is one temporary file away. Said as
      ``db_in_memory_option``, ``db_in_memory_env`` or ``db_in_memory`` after ``source`` (a URL
      from ``MAHAI_DB`` was told to "leave out --db");
    * ``db_unknown_kind``: a URL SQLAlchemy cannot parse.
    """
    import sqlalchemy.exc
    from sqlalchemy.engine import make_url

    shown = shown_url(url)
    try:
        parsed = make_url(url)
    except sqlalchemy.exc.ArgumentError:
        raise fail(InvalidOptions("db_unknown_kind", domain="cli", url=shown), lang) from None
    except ValueError:  # int() of the port
        raise fail(InvalidOptions("db_bad_port", domain="cli", url=shown), lang) from None
    if parsed.port is not None and not 1 <= parsed.port <= 65535:
        raise fail(InvalidOptions("db_bad_port", domain="cli", url=shown), lang)
    database = parsed.database or ""
    if parsed.get_backend_name() == "sqlite" and (
            database in ("", ":memory:") or database.startswith("file::memory:")
            or parsed.query.get("mode") == "memory"):
        kind = {"option": "db_in_memory_option", "env": "db_in_memory_env"}.get(source, "db_in_memory")
        raise fail(InvalidOptions(kind, domain="cli", url=shown), lang)


def shown_url(url: str) -> str:
    """``url`` as a message shows it: without the user and password before the last ``@``, and
    a password given as a query parameter (``?password=…``, which libpq and SQLAlchemy accept)
    replaced by ``…``.

    >>> shown_url("postgresql://u:secret@db/x?sslmode=require&password=s3&x=1")
    'db/x?sslmode=require&password=…&x=1'
    """
    import re

    return re.sub(r"(?i)([?&]password=)[^&]*", r"\1…", url.split("@")[-1])


@contextmanager
def _database_errors(url: str, lang: str = DEFAULT_LANGUAGE) -> Iterator[None]:
    """Exit with 2 and one line on stderr in ``lang`` when the database ``url`` cannot be opened,
    not a traceback: ``db_unknown_kind`` (a scheme SQLAlchemy does not know, or whose driver is
    not installed: ``mysql://``), ``db_newer`` (a schema a newer Mahai wrote: its revision named),
    else why, as :func:`~mahai.server.store.database_trouble` tells it: ``db_unreachable`` (no
    server answers), ``db_login`` (user or password refused), ``db_missing`` (no database of that
    name), ``db_read_only``, ``db_no_file`` (a file or folder that cannot be made or opened), or
    ``db_unopenable``. The driver's own first line (in English) follows on a dim line of its own,
    for a log or a bug report, never as the sentence the user reads. The URL is shown without its
    user and password, and the driver's line without them either."""
    import sqlalchemy.exc

    from mahai.server.store import NewerSchema, database_trouble, driver_words

    shown = shown_url(url)
    try:
        yield
    except NewerSchema as exc:
        raise fail(InvalidOptions("db_newer", domain="cli", url=shown, revision=exc.revision), lang) from None
    except (ImportError, sqlalchemy.exc.NoSuchModuleError, sqlalchemy.exc.ArgumentError):
        # the kind is the scheme, which shown_url drops with the user and password before the
        # "@" ("does not know the kind of database “h/x”" for mysql://u:pw@h/x)
        scheme = url.split("://", 1)[0] + "://" if "://" in url else ""
        kind = shown if shown.startswith(scheme) else scheme + shown
        raise fail(InvalidOptions("db_unknown_kind", domain="cli", url=kind), lang) from None
    except (OSError, ValueError, sqlalchemy.exc.SQLAlchemyError) as exc:  # ValueError: a port not a number
        detail = driver_words(exc, 200).replace(url, shown)
        detail = _without_credentials(detail, url)
        trouble = database_trouble(exc)
        code = "db_unopenable" if trouble == "other" else f"db_{trouble}"
        raise fail(InvalidOptions(code, domain="cli", url=shown), lang, detail=detail) from None


def _without_credentials(text: str, url: str) -> str:
    """``text`` (a driver's message) with nothing of the user's name and password of ``url``:
    all they typed before the last ``@``, and each piece of it between ``:`` and ``@`` (a
    password with a bare ``@``, ``u:p@ss@host``, is split by SQLAlchemy at the first one and
    the driver quotes the rest as the host, ``'ss@host'``), and a password given in the query
    (``?password=…``, as :func:`shown_url` hides it), as written and percent-decoded, each
    replaced by ``…`` where it stands as a word (a user ``u`` leaves "refused" whole).

    >>> _without_credentials("failed to resolve host 'ss@db': refused", "postgresql://u:p@ss@db/x")
    "failed to resolve host '…@db': refused"
    >>> _without_credentials('bad option "s3 cr3t"', "postgresql://db/x?sslmode=require&password=s3%20cr3t")
    'bad option "…"'
    """
    import re
    from urllib.parse import unquote, unquote_plus

    pieces = set(re.findall(r"(?i)[?&]password=([^&]*)", url))
    pieces |= {unquote_plus(p) for p in pieces}
    if "@" in url:
        userinfo = url.split("//", 1)[-1].rsplit("@", 1)[0]
        pieces |= {userinfo, *re.split("[:@]", userinfo)}
    pieces |= {unquote(p) for p in pieces}
    for piece in sorted((p for p in pieces if p), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(piece)}(?!\w)", "…", text)
    return text


def _lock_file(url: str) -> IO[str] | None:
    """The lock file ``<file>.lock`` of the SQLite database ``url`` (beside its real path),
    opened for reading and appending (for reading only if this user may not write it); None
    for another database, or where it cannot be made (opening the database then says why:
    ``db_unopenable``) or the system has no ``flock``."""
    from mahai.server.store import sqlite_file

    try:
        import fcntl  # noqa: F401 - only whether the system has it
    except ImportError:  # not a POSIX system: no lock (the README says: one server a file)
        return None
    database = sqlite_file(url)  # check_database parsed the URL already
    if database is None:
        return None
    # beside the file itself: through a symbolic link (of the file or a folder on its way)
    # the lock was another file's, and two servers ran on one database
    path = Path(str(Path(database).resolve()) + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path.open("a+", encoding="utf-8")
    except OSError:
        try:  # another user's lock file, which this one may not write: flock needs only to read it
            return path.open("r", encoding="utf-8")
        except OSError:
            return None


def _lock_or_refuse(handle: IO[str], url: str, lang: str) -> None:
    """Take the exclusive ``flock`` of ``handle`` (:func:`_lock_file`), or close it and raise
    ``typer.Exit`` (2) with ``db_in_use`` in ``lang``, naming the process and address the
    holder wrote in it."""
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        pid, _, other = handle.read().strip().partition(" ")
        handle.close()
        raise fail(InvalidOptions("db_in_use", domain="cli", url=shown_url(url), pid=pid or "?",
                                  address=other or "?"), lang) from None


def refuse_if_served(url: str, lang: str = DEFAULT_LANGUAGE) -> None:
    """Raise ``typer.Exit`` (2) with ``db_in_use`` in ``lang`` if another ``mahai serve`` holds
    the SQLite file of ``url`` (:func:`hold_sqlite`); else nothing (the lock is not kept)."""
    handle = _lock_file(url)
    if handle is not None:
        _lock_or_refuse(handle, url, lang)
        handle.close()  # the lock with it


@contextmanager
def hold_sqlite(url: str, address: str, lang: str = DEFAULT_LANGUAGE) -> Iterator[None]:
    """Make this process the only ``mahai serve`` of the SQLite file of ``url`` while the
    ``with`` block runs (nothing for another database): an exclusive ``flock`` on ``<file>.lock``
    beside it, its symbolic links resolved (the system releases it when the process ends, after a
    crash too), which names this process and its ``address`` for the next one to say.

    Two servers on one file each ran their own copy of a table: the second rebuilt a table the
    first was playing and stayed at the version it read, so a move made there would be applied to
    a stale state and its row collide with the first's (and two first starts at once both created
    the schema: "table mahai_tables already exists"). Hence a refusal, not a warning.

    Raises ``typer.Exit`` (2) with ``db_in_use`` in ``lang`` (the other server's process id and
    address) when another process holds the lock."""
    handle = _lock_file(url)
    if handle is None:
        yield
        return
    _lock_or_refuse(handle, url, lang)
    if handle.writable():  # else the next one says "?" for the process and address
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()} {address}\n")
        handle.flush()
    try:
        yield
    finally:
        handle.close()  # the lock with it


def listening_socket(host: str, port: int, lang: str = DEFAULT_LANGUAGE, reuse_port: bool = False,
                     in_use: Callable[[], None] | None = None) -> socket.socket:
    """A TCP socket bound to ``host:port`` (as uvicorn binds: ``SO_REUSEADDR``), for uvicorn to
    listen on; ``reuse_port``: with ``SO_REUSEPORT`` too, as each ``--workers`` process binds.
    Exits with 2 and one line in ``lang`` where it cannot be bound, not uvicorn's English log:
    ``port_in_use``, ``port_forbidden`` (a port below 1024 without the rights), ``bad_host``
    (a name that resolves to no address, an address of no interface here, or no host: the
    system reads ``""`` as every network), ``host_needs_zone`` (a link-local IPv6 address
    without its ``%interface``), ``no_ipv6`` (an IPv6 address on a machine without IPv6),
    ``too_many_files`` (no descriptor left), else ``cannot_listen``; the system's own words
    (English) follow on a dim line, for a bug report, never as the sentence the user reads.
    ``in_use``: called first when the port is in use, to say something better (it may raise:
    :func:`refuse_if_served`)."""
    try:
        if not host.strip():  # the system reads "" as every network (0.0.0.0), and the URL said http://:8000
            raise socket.gaierror(socket.EAI_NONAME, host)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        raise fail(listen_error(exc, host, port), lang, detail=system_words(exc)) from exc
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE and in_use is not None:
            in_use()
        raise fail(listen_error(exc, host, port), lang, detail=system_words(exc)) from None
    return sock


def listen_error(exc: OSError, host: str, port: int) -> InvalidOptions:
    """Why ``host:port`` cannot be listened on, as :func:`listening_socket` says it (``exc``:
    the system's error making or binding the socket).

    >>> listen_error(OSError(errno.EINVAL, "Invalid argument"), "fe80::1", 8000).code
    'host_needs_zone'
    >>> listen_error(OSError(errno.ENOBUFS, "No buffer space available"), "::1", 8000).code
    'cannot_listen'
    """
    code = exc.errno
    if isinstance(exc, socket.gaierror) or code == errno.EADDRNOTAVAIL:
        return InvalidOptions("bad_host", domain="cli", host=host)
    if code == errno.EADDRINUSE:
        return InvalidOptions("port_in_use", domain="cli", port=str(port))
    if code == errno.EACCES:
        return InvalidOptions("port_forbidden", domain="cli", port=str(port))
    if code == errno.EINVAL and host.lower().startswith("fe80:") and "%" not in host:
        return InvalidOptions("host_needs_zone", domain="cli", host=host)
    if code in (errno.EAFNOSUPPORT, errno.EPROTONOSUPPORT):
        return InvalidOptions("no_ipv6", domain="cli", host=host)
    if code in (errno.EMFILE, errno.ENFILE):
        return InvalidOptions("too_many_files", domain="cli", port=str(port))
    return InvalidOptions("cannot_listen", domain="cli", host=host, port=str(port))


def system_words(exc: OSError) -> str:
    """The system's own words for ``exc`` (``[Errno 98] Address already in use``), one line
    ("" when it said none: then no dim line)."""
    if isinstance(exc, socket.gaierror):  # a name that names no address: the sentence says all
        return ""
    words = exc.strerror or (str(exc.args[-1]) if exc.args else "")
    return f"[Errno {exc.errno}] {words}" if isinstance(exc.errno, int) and exc.errno > 0 else words


@app.command()
def serve(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0: every network of "
                                               "this machine, so that phones at home can join)."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    lan: bool = typer.Option(False, "--lan", help="Listen on the home network too (as --host 0.0.0.0) "
                                                   "and print the addresses other devices can open."),
    db: str = typer.Option("", envvar="MAHAI_DB",
                           help="Database URL: sqlite:///path or postgresql://… (default: a SQLite file "
                                "in the user data dir). A URL with a password goes in the environment "
                                "variable MAHAI_DB instead: every user of the machine sees the command "
                                "line (ps)."),
    bot_pace: float = typer.Option(0.8, min=0, help="Seconds a bot waits before each move."),
    allow_host: list[str] = typer.Option(  # noqa: B008 - typer reads its options from the defaults
        [], "--allow-host", help="Another name browsers may use for this server, e.g. a reverse proxy's "
                                 "(repeat for several; * allows any)."),
    rate_limit_scale: float = typer.Option(1.0, min=0, help="Multiply every per-client rate limit (0: none, "
                                                            "for trusted networks and load tests)."),
    docs: bool = typer.Option(False, "--docs", help="Serve the API pages /docs and /redoc (their scripts "
                                                    "come from a CDN)."),
    workers: int = typer.Option(1, "--workers", min=1,
                                help="Server processes on the same port (more than 1 needs PostgreSQL: "
                                     "each table is run by one process, the others forward to it)."),
    trusted_proxy: list[str] = typer.Option(  # noqa: B008 - typer reads its options from the defaults
        [], "--trusted-proxy", help="The address (or network, e.g. 10.0.0.0/8) of a reverse proxy in front "
                                    "of Mahai (repeat for several): only a connection from one of them may "
                                    "name the client's address (X-Forwarded-For, the rightmost address "
                                    "that is not a trusted proxy), which the per-client limits then count. "
                                    "Default: none, the header is never believed."),
    lang: LangOpt = DEFAULT_LANGUAGE,
) -> None:
    """Start the web platform: lobby, tables for every game, bots, replays.

    With --lan (or --host 0.0.0.0) the addresses that a phone or another
    computer of the same network can open are printed; invitation links made
    from a browser on this machine use them.
    """
    url = db or default_db()
    # where the URL came from: the way out of a refusal names it
    # (by the name: typer's own copy of click has its own ParameterSource)
    from_env = getattr(ctx.get_parameter_source("db"), "name", None) == "ENVIRONMENT"
    source = "env" if from_env else "both" if os.environ.get("MAHAI_DB") else "option"
    check_database(url, lang, source)  # before the server's modules are imported: said at once
    import uvicorn

    from mahai.server import create_app
    from mahai.server.cluster import is_postgres
    from mahai.server.limits import MAX_MESSAGE, Limits
    from mahai.server.network import listen_addresses
    from mahai.server.security import allowed_hosts

    if lan:
        host = "0.0.0.0"
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]  # an IPv6 address as a URL writes it: [::1]
    if workers > 1 and not is_postgres(url):
        raise fail(InvalidOptions("workers_need_postgres", domain="cli"), lang)
    proxies = proxy_options(trusted_proxy, lang)
    # Bound before anything is built: a port in use is said at once (uvicorn logged it in English
    # after the start-up; the workers' children each failed and were started again for ever).
    # A port in use by the first Mahai server on this SQLite file (a newcomer's second
    # `./scripts/serve`, another clone's, on the default port) says so, with its address: it was
    # "port 8000 is already used by another program".
    sock = listening_socket(host, port, lang, reuse_port=workers > 1,
                            in_use=lambda: refuse_if_served(url, lang))
    shared = listen_addresses(host)
    hosts = allowed_hosts(host, shared, allow_host)

    def make_app() -> Any:
        application = create_app(url, pace=bot_pace, lan=shared, hosts=hosts,
                                 limits=Limits().scaled(rate_limit_scale), docs=docs, cluster=workers > 1,
                                 lang=lang)
        # A long-running server: what start-up built (modules, games, the tables in
        # play) leaves the collector's generations, and young objects are collected
        # less often (measured under load: gen-2 pauses up to 265 ms without this).
        # In each worker too (they build their application after the fork).
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 10, 10)
        return application

    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else url_host(host)
    with hold_sqlite(url, f"http://{shown}:{port}/", lang):  # before the schema is migrated
        if workers > 1:
            import sqlalchemy as sa

            from mahai.server.store import migrate, normalize_url
            from mahai.server.workers import supervise

            sock.close()  # each worker binds its own (SO_REUSEPORT); this one only checked the port
            with _database_errors(url, lang):
                engine = sa.create_engine(normalize_url(url))  # the schema once, before the processes start
                migrate(engine)
                engine.dispose()
            typer.echo(translate("cli", "serve.open_workers", lang, url=f"http://{shown}:{port}/",
                                 workers=workers, db=shown_url(url)))
            typer.echo(translate("cli", "serve.languages", lang))
            supervise(workers, make_app, host, port, log_level="warning", ws_max_size=MAX_MESSAGE, **proxies)
            typer.echo(translate("cli", "serve.stopped", lang))  # SIGTERM or Ctrl-C: every worker ended
            return
        with _database_errors(url, lang):
            application = make_app()
        # the database without its credentials (user:password@, ?password=)
        typer.echo(translate("cli", "serve.open", lang, url=f"http://{shown}:{port}/", db=shown_url(url)))
        if host in ("0.0.0.0", "::"):
            if shared:
                typer.echo(translate("cli", "serve.lan", lang))
                for address in shared:
                    typer.echo(f"  http://{url_host(address)}:{port}/")
            else:
                typer.echo(translate("cli", "serve.no_lan", lang))
        # Basque by default: a newcomer learns here how to have the pages and this line in another
        # language (the README's top says it too).
        typer.echo(translate("cli", "serve.languages", lang))
        server = uvicorn.Server(uvicorn.Config(application, host=host, port=port, log_level="warning",
                                               ws_max_size=MAX_MESSAGE, **proxies))
        # uvicorn stops gracefully on SIGTERM, then raises it again for the handler it found: the
        # default one ended the process there, before the line below (exit -15, not a word)
        previous = signal.signal(signal.SIGTERM, _terminated)
        stopped = False
        try:
            server.run(sockets=[sock])  # as uvicorn.run, on the socket bound above
        except (KeyboardInterrupt, Terminated):
            stopped = True
        finally:
            signal.signal(signal.SIGTERM, previous)
        if not server.started and not stopped:
            raise typer.Exit(3)  # uvicorn's start-up failure (its log said why)
        # SIGTERM or Ctrl-C: said in the server's language, not silence
        typer.echo(translate("cli", "serve.stopped", lang))


class Terminated(Exception):
    """SIGTERM to ``mahai serve`` (:func:`_terminated`), once uvicorn has stopped."""


def _terminated(signum: int, frame: Any) -> None:
    raise Terminated
