"""The store on PostgreSQL (psycopg 3): a throwaway cluster is started in the
test; a table is played, the server killed and restarted, and the game resumes."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

import pytest

from tests.conftest import free_port
from tests.web.client import Client
from tests.web.server import Server

pytestmark = pytest.mark.web


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@pytest.fixture()
def postgres_url() -> Iterator[str]:
    initdb, pg_ctl, createdb = _bin("initdb"), _bin("pg_ctl"), _bin("createdb")
    if not (initdb and pg_ctl and createdb):
        pytest.skip("PostgreSQL binaries are not installed (scripts/test installs postgresql)")
    base = tempfile.mkdtemp(prefix="mahai-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:  # postgres refuses to run as root: use the postgres account
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser")
        shutil.chown(base, "postgres")
        os.chmod(base, 0o755)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(base, "data"), free_port()

    def run(*cmd: str) -> None:
        subprocess.run([*prefix, *cmd], check=True, capture_output=True, timeout=120)

    run(initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(pg_ctl, "-D", data, "-w", "-l", os.path.join(base, "log"), "-o",
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1", "start")
    try:
        run(createdb, "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "mahai")
        yield f"postgresql://postgres@127.0.0.1:{port}/mahai"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True,
                       timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def test_a_table_survives_a_restart_on_postgresql(postgres_url: str) -> None:
    # libpq takes a password from the query too (the cluster trusts, it is not asked for): the
    # line saying where to open Mahai showed it ("datu-basea: …/mahai?password=s3cret")
    server = Server(postgres_url + "?password=s3cret").start()
    try:
        assert server.proc is not None and server.proc.stdout is not None
        said = server.proc.stdout.readline().decode()
        assert "/mahai?password=…)" in said and "s3cret" not in said, said
        made = server.create("nim", ["person", "person"], options={"stones": 12})
        tid, tokens = made["id"], made["tokens"]
        clients = [Client(server.ws_url, tid, tokens[str(s)]) for s in range(2)]
        for _ in range(3):
            state = clients[0].state
            assert state is not None
            mover = clients[state["to_act"][0]]
            mover.wait_until(lambda s, v=state["version"]: s["version"] == v)
            assert mover.act("take 1")["type"] == "update"
            clients[0].wait_until(lambda s, v=state["version"]: s["version"] > v)
        for c in clients:
            c.close()
        server.kill()
        server.restart()
        again = [Client(server.ws_url, tid, tokens[str(s)]) for s in range(2)]
        state = again[0].state
        assert state is not None and state["version"] == 3 and state["view"]["stones"] == 9
        assert again[1].welcome["seat"] == 1
        while not state["over"]:
            mover = again[state["to_act"][0]]
            mover.wait_until(lambda s, v=state["version"]: s["version"] == v)
            assert mover.act(mover.legal[-1] if mover.state else "take 1")["type"] == "update"
            state = again[0].wait_until(lambda s, v=state["version"]: s["version"] > v)
        assert server.get(f"/api/tables/{tid}")["over"] is True
        for c in again:
            c.close()
    finally:
        server.stop()


def test_a_postgresql_server_that_refuses_is_said_in_the_users_language(postgres_url: str) -> None:
    """A server that answers but refuses (a user it does not know, a database it has not) was the
    driver's English after the user's language ('… ireki: (psycopg.OperationalError) connection
    failed: … FATAL:  database "nosuch" does not exist'); the line says why in the user's language,
    the driver's words on a line of their own."""
    from typer.testing import CliRunner

    from mahai.cli import app
    from mahai.core.errors import InvalidOptions
    from mahai.i18n import explain
    from tests.conftest import serve_args

    base = postgres_url.rsplit("/", 1)[0]
    for url, code, driver in ((base + "/nosuch", "db_missing", 'database "nosuch" does not exist'),
                              (base.replace("postgres@", "nobody@") + "/mahai", "db_login",
                               'role "…" does not exist')):  # the user's name hidden
        result = CliRunner().invoke(app, serve_args("--db", url, "--lang", "es"))
        assert result.exit_code == 2, result.output[-800:]
        said, detail = result.output.splitlines()
        assert said == explain(InvalidOptions(code, domain="cli", url=url.split("@")[-1]), "es")
        assert driver in detail and driver not in said
