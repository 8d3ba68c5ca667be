"""A bad value on the command line of ``mahai arena``, ``mahai serve`` (and every other
command): one line in the player's language (``--lang``), exit code 2, no traceback and none of
Typer's, Click's or uvicorn's English. Typer's own usage errors (an unknown flag) stay Typer's,
as they are for ``mahai play``."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahai.cli import app
from tests.conftest import serve_args

runner = CliRunner()
MAHAI = Path(sys.executable).parent / "mahai"
ARENA = ["arena", "spades", "--bots", "random,heuristic", "--games", "1"]

# (arguments, what English says, what Basque says)
REFUSED = [
    ([*ARENA, "--jobs", "0"], "“--jobs” must be 1 or more, not 0.",
     "“--jobs” aukerak 1 edo gehiago izan behar du"),
    (["arena", "spades", "--bots", "random,heuristic", "--games", "x"],
     "“--games” takes a whole number, not “x”.",
     "“--games” aukerak zenbaki oso bat behar du, ez “x”."),
    ([*ARENA, "--backend", "foo"], "“foo” is not a valid value for “--backend”. Choices: local, ray.",
     "“foo” ez da “--backend” aukerarentzako balio egokia."),
    (["arena", "spades", "--bots", "random"], "An arena needs two or more different bots",
     "Lehiaketak bi robot desberdin edo gehiago behar ditu"),
    (["arena", "spades"], "The option “--bots” is missing", "“--bots” aukera falta da"),
    (["arena"], "The argument “GAME” is missing", "“GAME” argumentua falta da"),
    (["play", "spades", "--players", "x"], "“--players” takes a whole number",
     "“--players” aukerak zenbaki oso bat"),
    (["simulate", "nim", "--games", "0"], "“--games” must be 1 or more, not 0.",
     "“--games” aukerak 1 edo gehiago"),
    (["serve", "--port", "0"], "“--port” must be 1 or more, not 0.", "“--port” aukerak 1 edo gehiago"),
    (["serve", "--port", "99999"], "“--port” must be 65535 or less, not 99999.",
     "“--port” aukerak 65535 edo gutxiago"),
    (["serve", "--port", "x"], "“--port” takes a whole number, not “x”.", "“--port” aukerak zenbaki oso bat"),
    (["serve", "--bot-pace", "-1"], "“--bot-pace” must be 0 or more, not -1.",
     "“--bot-pace” aukerak 0 edo gehiago"),
    (["serve", "--bot-pace", "slow"], "“--bot-pace” takes a number, not “slow”.",
     "“--bot-pace” aukerak zenbaki bat"),
    (["serve", "--workers", "2", "--db", "sqlite:///x.db"], "“--workers” needs a PostgreSQL database",
     "“--workers” aukerak PostgreSQL datu-base bat behar du"),
    (["serve", "--trusted-proxy", "proxy.example.org"], "“proxy.example.org” is not an IP address or network",
     "“proxy.example.org” ez da IP helbide edo sare bat"),
    (["serve", "--db", "mysql://x/y"], "Mahai does not know the kind of database “mysql://x/y”",
     "Mahaik ez du “mysql://x/y” datu-base mota ezagutzen"),
    (["serve", "--db", "junk://x"], "Mahai does not know the kind of database", "datu-base mota ezagutzen"),
    # the kind (the scheme) stays in sight when the user and password go: it said “h/x”
    (["serve", "--db", "mysql://ane:secret@h/x"], "Mahai does not know the kind of database “mysql://h/x”",
     "Mahaik ez du “mysql://h/x” datu-base mota ezagutzen"),
    (["serve", "--host", "nosuch.invalid", "--port", "8"], "Cannot listen on “nosuch.invalid”",
     "Ezin da “nosuch.invalid” helbidean entzun"),
    # a database in memory: nothing kept, and the server's threads each had an empty one of their own;
    # refused before the address is bound (--host: without the check, the refusal was bad_host's)
    (["serve", "--db", "sqlite://", "--host", "nosuch.invalid"], "“sqlite://” is a database in memory",
     "“sqlite://” memoriako datu-base bat da"),
    (["serve", "--db", "sqlite:///", "--host", "nosuch.invalid"], "“sqlite:///” is a database in memory",
     "“sqlite:///” memoriako datu-base bat da"),
    (["serve", "--db", "sqlite:///:memory:", "--workers", "2"],
     "“sqlite:///:memory:” is a database in memory", "“sqlite:///:memory:” memoriako datu-base bat da"),
    ([*ARENA, "--resume"], "“--resume” needs “--out” too", "“--resume” aukerak “--out” ere behar du"),
    (["denborazup", "chronology", "--deck"], None, None),  # a usage error: Typer's, as for play
]


def one_line(output: str) -> str:
    """``output`` with its wrapping undone. The terminal (Rich) wraps at any space, a no-break one
    too (French puts one before ":"), so every space is one ordinary space: compare two texts each
    through it."""
    return " ".join(output.split())


@pytest.mark.parametrize(("args", "english", "basque"), REFUSED,
                         ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_a_bad_value_is_one_line_in_the_players_language(args: list[str], english: str | None,
                                                         basque: str | None) -> None:
    if english is None:  # an option without its value: Typer's usage error, for every command alike
        result = runner.invoke(app, [*args])
        assert result.exit_code == 2 and "Traceback" not in result.output
        return
    for lang, said in (("en", english), ("eu", basque)):
        # --lang last: it is read first all the same, so the error before it is said in it
        command = serve_args(*args[1:]) if args[0] == "serve" else args
        result = runner.invoke(app, [*command, "--lang", lang])
        assert result.exit_code == 2, (args, result.output[-800:])
        assert said in one_line(result.output), (lang, result.output)
        assert result.output.strip().count("\n") == 0, result.output  # one line, no usage, no box
        assert "Invalid value" not in result.output and "Usage:" not in result.output
        assert "Error" not in result.output and "Traceback" not in result.output


def test_an_unknown_game_is_answered_with_the_names_the_commands_take() -> None:
    """The fresh play test of session 18: ``mahai play chess`` answered "Games: mille_bornes,
    spades, …", the entry points' names, where the help, the README and every example say
    ``mille-bornes``. The list names each game as the commands take it, and each name works."""
    from mahai.games import available_games

    result = runner.invoke(app, ["play", "chess", "--lang", "en"])
    assert result.exit_code == 2, result.output
    listed = one_line(result.output).split("Games: ")[1].rstrip(".").split(", ")
    assert listed == [name.replace("_", "-") for name in available_games()], result.output
    for name in listed:
        assert runner.invoke(app, ["play", name, "--lang", "en"], input="q\n").exit_code == 0, name


def test_an_unknown_language_is_refused_in_basque() -> None:
    result = runner.invoke(app, ["arena", "spades", "--bots", "random,heuristic", "--lang", "xx"])
    assert result.exit_code == 2
    said = "“xx” ez da “--lang” aukerarentzako balio egokia. Aukerak: eu, en, es, fr."
    assert one_line(result.output) == said


def test_an_unknown_flag_stays_typers_usage_error_as_for_play() -> None:
    for command in (["play", "spades"], ["arena", "spades", "--bots", "random,heuristic"], ["serve"]):
        result = runner.invoke(app, [*command, "--bogus"])
        assert result.exit_code == 2 and "No such option: --bogus" in result.output


def test_the_ray_backend_without_ray_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its message went through Rich markup: ``pip install 'mahai[ray]'`` lost its ``[ray]``."""
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray: ImportError
    result = runner.invoke(app, [*ARENA, "--backend", "ray", "--lang", "en"])
    assert result.exit_code == 2
    assert "“--backend ray” needs Ray: install it with “pip install 'mahai[ray]'”." in one_line(result.output)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_on_a_port_in_use_says_so_in_one_line(tmp_path: Path, workers: str) -> None:
    """A real ``mahai serve`` on a port another program listens on: uvicorn logged
    ``ERROR: [Errno 98] error while attempting to bind…`` after printing the address to open,
    and exited with 3 (with ``--workers``, each child failed and was started again)."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = str(other.getsockname()[1])
        db = "postgresql://nobody@127.0.0.1:1/none" if workers == "2" else f"sqlite:///{tmp_path}/m.db"
        for lang, said in (("en", f"Port {port} is already used by another program"),
                           ("fr", f"Le port {port} est déjà utilisé par un autre programme")):
            done = subprocess.run([str(MAHAI), "serve", "--port", port, "--workers", workers, "--db", db,
                                   "--lang", lang], capture_output=True, text=True, timeout=120)
            assert done.returncode == 2, done.stdout + done.stderr
            assert said in one_line(done.stderr) and done.stdout == "", done.stdout + done.stderr
            assert "ERROR" not in done.stderr and "Traceback" not in done.stderr


def test_a_database_that_does_not_answer_is_said_in_the_players_language() -> None:
    result = runner.invoke(app, serve_args("--db", "postgresql://ane:secret@127.0.0.1:1/x", "--lang", "es"))
    assert result.exit_code == 2 and "secret" not in result.output
    assert one_line(result.output).startswith("No se puede abrir la base de datos 127.0.0.1:1/x: ")
    # a password in the query (libpq's ?password=) is no more shown than one before the "@"
    result = runner.invoke(app, serve_args("--db", "postgresql://127.0.0.1:1/x?password=secret",
                                           "--lang", "fr"))
    assert result.exit_code == 2 and "secret" not in result.output, result.output
    assert "127.0.0.1:1/x?password=…" in one_line(result.output)


def test_the_database_url_may_come_from_mahai_db_out_of_the_process_list() -> None:
    """``--db`` with a password showed it in ``ps`` to every user of the machine: the URL may be
    given in ``MAHAI_DB`` instead (said by ``--help``); ``--db`` on the command line wins. (Each
    URL is refused before the host is looked at; a URL not read would end at the host, unknown,
    rather than start a server.)"""
    hidden = {"MAHAI_DB": "postgresql://ane:secret@db:5x/x"}
    result = runner.invoke(app, ["serve", "--host", "nosuch.invalid", "--lang", "es"], env=hidden)
    assert result.exit_code == 2 and "secret" not in result.output
    assert one_line(result.output).startswith("El puerto de la base de datos «db:5x/x»"), result.output
    result = runner.invoke(app, ["serve", "--db", "sqlite://", "--host", "nosuch.invalid", "--lang", "en"],
                           env=hidden)
    assert result.exit_code == 2 and "“sqlite://” is a database in memory" in one_line(result.output)
    assert "MAHAI_DB" in runner.invoke(app, ["serve", "--help"]).output
    # the way out of a database in memory names where it came from: both, as here (leaving out
    # --db alone would fall back to MAHAI_DB) …
    assert "leave out “--db” and MAHAI_DB" in one_line(result.output), result.output


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_a_database_in_memory_is_refused_naming_where_it_came_from(lang: str) -> None:
    """A database in memory from ``MAHAI_DB`` was told to leave out “--db”, which was not there:
    the way out names MAHAI_DB alone; from ``--db`` (no MAHAI_DB), “--db” alone."""
    from mahai.i18n import translate

    said = one_line(runner.invoke(app, ["serve", "--host", "nosuch.invalid", "--lang", lang],
                                  env={"MAHAI_DB": "sqlite://"}).output)
    assert said == one_line(translate("cli", "db_in_memory_env", lang, url="sqlite://")), said
    assert "--db" not in said and "MAHAI_DB=sqlite:///" in said
    given = ["serve", "--db", "sqlite://", "--host", "nosuch.invalid", "--lang", lang]
    said = one_line(runner.invoke(app, given, env={"MAHAI_DB": None}).output)
    assert said == one_line(translate("cli", "db_in_memory_option", lang, url="sqlite://")), said
    assert "MAHAI_DB" not in said and "--db sqlite:///" in said


def test_a_drivers_message_keeps_no_password_given_in_the_query() -> None:
    """libpq takes a password from the URL's query (``?password=…``): the driver's reason shown
    after "cannot open the database" kept it where the driver quoted it alone (the URL itself was
    shortened by ``shown_url``), as written or percent-decoded; one before the ``@`` was hidden."""
    from mahai.cli.serve import _without_credentials

    url = "postgresql://db/x?sslmode=require&PASSWORD=s%C3%A9cret+9&application_name=m"
    said = _without_credentials('invalid value "sécret 9", "s%C3%A9cret+9"; sslmode require; m', url)
    assert said == 'invalid value "…", "…"; sslmode require; m'
    assert _without_credentials("password authentication failed for user ane: pw",
                                "postgresql://ane:pw@db/x?password=q") == \
        "password authentication failed for user …: …"  # "password" itself is no piece of it


@pytest.mark.parametrize(("lang", "said"), [
    ("eu", "“db:5x/x” datu-basearen atakak 1 eta 65535 arteko zenbaki oso bat izan behar du (“--db”)."),
    ("en", "The port of the database “db:5x/x” must be a whole number from 1 to 65535 (“--db”)."),
    ("es", "El puerto de la base de datos «db:5x/x» debe ser un número entero entre 1 y 65535 («--db»)."),
    ("fr", "Le port de la base de données « db:5x/x » doit être un nombre entier de 1 à 65535 (« --db »)."),
])
def test_a_database_port_that_is_no_number_is_said_in_the_players_language(lang: str, said: str) -> None:
    """It was Python's English reason, ``invalid literal for int() with base 10: '5x'``."""
    for workers in ("1", "2"):
        result = runner.invoke(app, serve_args("--db", "postgresql://ane:secret@db:5x/x",
                                               "--workers", workers, "--lang", lang))
        assert result.exit_code == 2 and "secret" not in result.output and "ane" not in result.output
        assert one_line(result.output) == said


def started(port: int, *args: str, stderr: int = subprocess.STDOUT) -> subprocess.Popen[str]:
    """A real ``mahai serve --port port *args``, once it answers (or has exited); its standard
    error with its output, or as ``stderr`` says."""
    server = subprocess.Popen([str(MAHAI), "serve", "--port", str(port), *args],
                              stdout=subprocess.PIPE, stderr=stderr, text=True)
    deadline = time.monotonic() + 30
    while server.poll() is None and time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    return server


def test_a_second_server_on_one_sqlite_file_is_refused_and_names_the_first(tmp_path: Path) -> None:
    """Two ``mahai serve`` on one SQLite file (two clones share the default one, in the user's data
    dir) each ran their own copy of a table, the second's stale: the second is refused with exit 2
    and one line in its language naming the first (process and address); once the first stops the
    file is free again (the lock goes with the process). On the first one's port too: the lock is
    looked at before the port, whose refusal says "another program"."""
    from mahai.i18n import translate
    from tests.conftest import free_port

    db = f"sqlite:///{tmp_path}/m.db"
    first_port, second_port = free_port(), free_port()
    first = started(first_port, "--db", db)
    try:
        assert first.poll() is None, first.communicate()[0]
        second = subprocess.run([str(MAHAI), "serve", "--port", str(second_port), "--db", db, "--lang", "fr"],
                                capture_output=True, text=True, timeout=20)
        assert second.returncode == 2 and not second.stdout, second
        assert one_line(second.stderr) == one_line(translate(
            "cli", "db_in_use", "fr", url=db, pid=str(first.pid), address=f"http://localhost:{first_port}/"))
        # a newcomer's second `./scripts/serve` (another clone's) asks for the same default port: it
        # was told "port … is already used by another program", not that Mahai already runs there
        same = subprocess.run([str(MAHAI), "serve", "--port", str(first_port), "--db", db, "--lang", "en"],
                              capture_output=True, text=True, timeout=20)
        assert same.returncode == 2 and one_line(same.stderr) == translate(
            "cli", "db_in_use", "en", url=db, pid=str(first.pid), address=f"http://localhost:{first_port}/")
        # and it leads with the address to open, not with a database path the newcomer never chose
        for lang in ("eu", "en", "es", "fr"):
            line = translate("cli", "db_in_use", lang, url=db, pid="1", address="http://localhost:8000/")
            assert line.index("http://localhost:8000/") < line.index(db) < line.index("--db"), line
        assert urllib.request.urlopen(f"http://127.0.0.1:{first_port}/api/tables", timeout=5).status == 200
    finally:
        first.terminate()
        first.communicate(timeout=30)
    again = started(second_port, "--db", db)
    try:
        assert again.poll() is None, again.communicate()[0]
    finally:
        again.terminate()
        again.communicate(timeout=30)


def test_a_second_server_on_one_sqlite_file_by_another_path_is_refused(tmp_path: Path) -> None:
    """The same file reached another way is the same database: through a symbolic link to it (or
    to its folder) a second server took a lock of its own (``link.db.lock``) and ran beside the
    first; a relative ``sqlite:///m.db`` from the file's folder is refused too."""
    from tests.conftest import free_port

    (tmp_path / "real").mkdir()
    (tmp_path / "link.db").symlink_to(tmp_path / "real" / "m.db")
    (tmp_path / "folder").symlink_to(tmp_path / "real", target_is_directory=True)
    port = free_port()
    first = started(port, "--db", f"sqlite:///{tmp_path}/real/m.db")
    try:
        assert first.poll() is None, first.communicate()[0]
        for db, cwd in ((f"sqlite:///{tmp_path}/link.db", None), (f"sqlite:///{tmp_path}/folder/m.db", None),
                        ("sqlite:///m.db", tmp_path / "real")):
            command = [str(MAHAI), "serve", "--port", str(free_port()), "--db", db, "--lang", "en"]
            second = subprocess.run(command, capture_output=True, text=True, timeout=20, cwd=cwd)
            assert second.returncode == 2 and f"process {first.pid}" in second.stderr, (db, second)
    finally:
        first.terminate()
        first.communicate(timeout=30)


def test_a_second_server_that_may_not_write_the_lock_file_is_refused_too(tmp_path: Path) -> None:
    """The lock file of another user's server (its umask: ``-rw-r--r--``), which this user may read
    but not write: the lock was skipped, and the second server ran beside the first on a database
    both could write. Run as ``nobody`` when the tests run as root (root writes any file)."""
    import os
    import shutil
    import tempfile

    from tests.conftest import free_port

    as_other: list[str] = []
    folder = tmp_path
    if os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("root without setpriv: no other user to be")
        as_other = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        folder = Path(tempfile.mkdtemp(prefix="mahai-lock-"))  # tmp_path's parents are root's alone
        folder.chmod(0o777)
    try:
        db = f"sqlite:///{folder}/m.db"
        first = started(free_port(), "--db", db)
        try:
            assert first.poll() is None, first.communicate()[0]
            for made in folder.glob("m.db*"):
                made.chmod(0o666)  # the database for both users, the lock file for its owner
            (folder / "m.db.lock").chmod(0o444)
            command = [*as_other, str(MAHAI), "serve", "--port", str(free_port()), "--db", db, "--lang", "en"]
            second = subprocess.run(command, capture_output=True, text=True, timeout=20,
                                    env={**os.environ, "HOME": str(folder)})
            assert second.returncode == 2 and f"process {first.pid}" in second.stderr, second
        finally:
            first.terminate()
            first.communicate(timeout=30)
    finally:
        if folder != tmp_path:
            shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_serve_says_where_to_open_it_in_the_players_language(tmp_path: Path, lang: str) -> None:
    """A real ``mahai serve --lan``: the address to open and the network addresses are said in
    ``--lang`` (they were English whatever the language), the database without its password; then
    how to choose the pages' language and this output's (``--lang``): a newcomer saw Basque only
    and nothing said how to have another language."""
    from mahai.i18n import translate

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = f"sqlite:///{tmp_path}/m.db"
    # every line is printed before the server answers: read them all once it does
    server = started(port, "--lan", "--db", db, "--lang", lang, stderr=subprocess.PIPE)
    server.terminate()
    out, _ = server.communicate(timeout=30)
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    assert lines.pop() == translate("cli", "serve.stopped", lang)  # terminated: it says so last
    first, second, last = lines[0], lines[1], lines[-1]  # between them: the network addresses
    assert first == translate("cli", "serve.open", lang, url=f"http://localhost:{port}/", db=db)
    assert second in (translate("cli", "serve.lan", lang), translate("cli", "serve.no_lan", lang))
    if lang != "en":
        assert "in your browser" not in first and "network" not in second
    assert last == translate("cli", "serve.languages", lang) and "--lang eu|en|es|fr" in last
    assert "English" in last and "Euskara" in last  # the names the pages' language menu shows


@pytest.mark.parametrize(("lang", "how"), [("fr", signal.SIGTERM), ("eu", signal.SIGINT)],
                         ids=["SIGTERM", "Ctrl-C"])
def test_a_stopped_server_says_so_in_its_language(tmp_path: Path, lang: str, how: signal.Signals) -> None:
    """``mahai serve`` stopped by SIGTERM (a service manager) or Ctrl-C ended without a word, as if it
    had died: its last line says it stopped and that the tables are kept, in its ``--lang``."""
    from mahai.i18n import translate
    from tests.conftest import free_port

    port = free_port()
    server = started(port, "--db", f"sqlite:///{tmp_path}/m.db", "--lang", lang, stderr=subprocess.PIPE)
    assert server.poll() is None, server.communicate()
    server.send_signal(how)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and "Traceback" not in err, (server.returncode, err)
    assert one_line(out.splitlines()[-1]) == one_line(translate("cli", "serve.stopped", lang)), out
