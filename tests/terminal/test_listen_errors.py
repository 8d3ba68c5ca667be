"""``mahai serve`` where it cannot listen: why in the user's language, the system's own words
(English) apart on a dim line of their own, as for a database that cannot be opened. The reason
was the system's English text inside the sentence ("Cannot listen on port 8000 of fe80::1:
Invalid argument", in Basque too)."""

from __future__ import annotations

import errno
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahai.cli import app
from mahai.cli.serve import listen_error
from mahai.i18n import LANGUAGES, explain, translate
from tests.conftest import serve_args
from tests.terminal.test_cli_errors import one_line

runner = CliRunner()
MAHAI = Path(sys.executable).parent / "mahai"


def ipv6() -> bool:
    try:
        socket.socket(socket.AF_INET6, socket.SOCK_STREAM).close()
    except OSError:
        return False
    return True


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_link_local_address_without_its_interface_is_said_in_the_users_language(
        lang: str, tmp_path: Path) -> None:
    if not ipv6():
        pytest.skip("no IPv6 here: the address is refused as no_ipv6")
    result = runner.invoke(app, serve_args("--host", "fe80::1", "--db", f"sqlite:///{tmp_path}/m.db",
                                           "--lang", lang))
    assert result.exit_code == 2, result.output
    said, detail = result.output.strip().split("\n  ")  # the sentence, then the system's dim line
    assert one_line(said) == one_line(translate("cli", "host_needs_zone", lang, host="fe80::1")), said
    assert detail.strip() == f"[Errno {errno.EINVAL}] Invalid argument", result.output


def test_the_common_reasons_keep_the_systems_words_apart(tmp_path: Path) -> None:
    """A port in use, for a real ``mahai serve``: the sentence in Basque, then the system's."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = str(other.getsockname()[1])
        done = subprocess.run([str(MAHAI), "serve", "--port", port, "--db", f"sqlite:///{tmp_path}/m.db"],
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    said, detail = done.stderr.strip().split("\n  ")
    assert one_line(said) == one_line(translate("cli", "port_in_use", "eu", port=port)), done.stderr
    assert detail == f"[Errno {errno.EADDRINUSE}] Address already in use", done.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_uncommon_reason_is_a_sentence_of_the_users_language_alone(lang: str) -> None:
    """The reasons the system gives rarely: still no English inside the sentence."""
    for code, words in ((errno.ENOBUFS, "No buffer space available"), (errno.EMFILE, "Too many open files"),
                        (errno.EAFNOSUPPORT, "Address family not supported by protocol")):
        said = explain(listen_error(OSError(code, words), "::1", 8000), lang)
        assert words not in said and said.endswith("."), said
        assert "8000" in said or "::1" in said, said
