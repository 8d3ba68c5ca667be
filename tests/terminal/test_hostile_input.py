"""A hostile or careless person at the keyboard of ``mahai play``: odd digits, endless lines,
escape sequences. Each line is refused with the player's language and the game goes on; nothing
the person typed reaches the terminal as a control sequence; no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahai.cli import app
from mahai.core import MalformedAction
from mahai.core.text import small_number
from mahai.games import get_game
from tests.conftest import serve_args

runner = CliRunner()

GAMES = ["spades", "mille-bornes", "denborazup", "nim"]
LONG_DIGITS = "9" * 5000
"""Beyond Python's 4,300 digits, ``int()`` of the text raises ValueError."""
ODD_NUMBERS = ["²", "①", LONG_DIGITS, "-" + LONG_DIGITS, "1e9", "-0", "+1", "0x1"]


def test_small_number_reads_decimal_digits_only_and_few_of_them() -> None:
    assert [small_number(w) for w in ("0", "12", "٣", "３", "000007")] == [0, 12, 3, 3, 7]
    odd = ("", "²", "①", "1e9", "-0", "+1", " 1", "1234567", LONG_DIGITS)
    assert [small_number(w) for w in odd] == [None] * len(odd)
    assert small_number("123", 2) is None


@pytest.mark.parametrize("game_name", ["spades", "mille_bornes", "denborazup", "nim"])
@pytest.mark.parametrize("number", ODD_NUMBERS)
def test_the_notation_refuses_odd_numbers_as_malformed(game_name: str, number: str) -> None:
    """Wherever a game's notation takes a number (SPR-5 bids, MBR hazards on a team, DZR-8
    catches and DZR-10 gifts, DZR-13 slots, Nim takes), an odd one is a MalformedAction, not a
    ValueError from ``int()``."""
    game = get_game(game_name)
    lines = [f"bid {number}", f"bid blind {number}", f"hazard stop {number}", f"catch {number}",
             f"star give {number}", f"place a12 slot {number}", f"take {number}", number]
    for line in lines:
        try:
            game.parse_action(line)
        except MalformedAction:
            continue


@pytest.mark.parametrize("lang", ["eu", "en"])
@pytest.mark.parametrize("game_name", GAMES)
def test_odd_numbers_at_the_prompt_are_explained_not_a_traceback(game_name: str, lang: str) -> None:
    """``²`` passes ``str.isdigit`` and ``int()`` refuses it; 5,000 digits are beyond ``int()``:
    both were a ValueError traceback at the first prompt (the menu's numbers, the hand's)."""
    typed = [*ODD_NUMBERS, *(f"{n} A" for n in ODD_NUMBERS[:4])]
    result = runner.invoke(app, ["play", game_name, "--seed", "3", "--lang", lang],
                           input="\n".join(typed) + "\nq\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output[-2000:]
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output


def test_an_arabic_indic_digit_picks_the_menu_line_it_names() -> None:
    """``٣`` is the digit three (``int`` reads it): Nim's menu line 3, as ``3`` would."""
    picked = runner.invoke(app, ["play", "nim", "--seed", "2", "--lang", "en"], input="٣\nq\n").output
    typed = runner.invoke(app, ["play", "nim", "--seed", "2", "--lang", "en"], input="3\nq\n").output
    assert picked == typed and "There is no choice" not in picked


ESCAPES = "\x1b[2J\x1b]0;pwned\x07\x1b[31m\u202eRED\x9b"
"""Clear the screen, retitle the window (OSC … BEL), turn red, reverse the line, a C1 CSI."""


def no_control(out: str) -> bool:
    return not any(ch in out for ch in "\x1b\x07\x9b\u202e")


@pytest.mark.parametrize("lang", ["eu", "en"])
@pytest.mark.parametrize("game_name", GAMES)
def test_escape_sequences_typed_are_quoted_as_escapes_never_sent_to_the_terminal(game_name: str,
                                                                                  lang: str) -> None:
    """A refused line is quoted back in the explanation: its control characters are shown as
    ``\\x1b``, ``\\u202e``, not written raw (a typed ESC [2J cleared the screen)."""
    typed = [f"play {ESCAPES}", ESCAPES, f"bid {ESCAPES}", f"place {ESCAPES}", f"take {ESCAPES}"]
    result = runner.invoke(app, ["play", game_name, "--seed", "3", "--lang", lang],
                           input="\n".join(typed) + "\nq\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert no_control(result.output)
    assert "\\x1b[2J" in result.output  # quoted, visibly


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_an_option_value_and_a_record_field_are_quoted_as_escapes(tmp_path: Path, lang: str) -> None:
    option = runner.invoke(app, ["play", "nim", "-o", f"stones={ESCAPES}", "--lang", lang], input="")
    assert option.exit_code == 2 and no_control(option.output) and "\\x1b]0;pwned" in option.output
    path = tmp_path / "record.json"
    record = {"format": 1, "game": "nim", "players": 2, "seed": 4,
              "options": {"stones": 10, "max_take": 3, "misere": False}, "actions": [[0, f"take {ESCAPES}"]]}
    path.write_text(json.dumps(record), encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert replayed.exit_code == 2 and no_control(replayed.output) and "\\u202eRED" in replayed.output
    path.write_text(json.dumps({**record, "game": ESCAPES}), encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert replayed.exit_code == 2 and no_control(replayed.output) and "\\x1b[31m" in replayed.output


@pytest.mark.parametrize("game_name", GAMES)
def test_a_megabyte_line_is_quoted_cut_short(game_name: str) -> None:
    """A 1 MB line is refused and quoted in at most a line or two, not printed back whole
    (Spades and Mille Bornes printed the 2 MB of two such lines)."""
    typed = ["play " + "X" * 1_000_000, "A" * 1_000_000, "bid " + "9" * 1_000_000]
    result = runner.invoke(app, ["play", game_name, "--seed", "3", "--lang", "en"],
                           input="\n".join(typed) + "\nq\n")
    assert result.exit_code == 0, result.output[-2000:]
    quiet = runner.invoke(app, ["play", game_name, "--seed", "3", "--lang", "en"], input="q\n")
    assert len(result.output) < len(quiet.output) + 3 * 2000


@pytest.mark.parametrize(("lang", "said"), [("eu", "Ezin da"), ("en", "cannot be written")])
def test_a_record_path_that_cannot_be_written_is_explained(tmp_path: Path, lang: str, said: str) -> None:
    """``--record`` to a missing folder, a folder, a full device: an explanation and exit code 2,
    not a FileNotFoundError traceback."""
    for path in (tmp_path / "no" / "game.json", tmp_path, Path("/dev/full")):
        if not path.parent.exists():
            continue
        result = runner.invoke(app, ["play", "nim", "--seed", "3", "--lang", lang, "--record", str(path)],
                               input="q\n")
        assert result.exit_code == 2, (path, result.output)
        assert said in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_replay_of_hostile_files_is_explained(tmp_path: Path, lang: str) -> None:
    """A folder, JSON nested 100,000 deep (a RecursionError traceback), a device without end
    (read forever), binary junk: each an explanation in the player's language, exit code 2."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    junk = tmp_path / "junk.json"
    junk.write_bytes(bytes(range(256)) * 4)
    for path in (tmp_path, deep, junk, Path("/dev/zero")):
        if not path.exists():
            continue
        result = runner.invoke(app, ["replay", str(path), "--lang", lang])
        assert result.exit_code == 2, (path, result.output[-500:])
        assert "Traceback" not in result.output and "Error" not in result.output


ARENA = ["arena", "mille-bornes", "--bots", "heuristic,random", "--games", "2", "-o", "game_target=1000",
         "--no-plots"]


@pytest.mark.parametrize(("lang", "said"), [("eu", "karpetan idatzi"), ("en", "cannot be written to")])
def test_an_arena_out_that_cannot_be_written_is_explained(tmp_path: Path, lang: str, said: str) -> None:
    """``--out`` under a file, or a file: an explanation and exit code 2 (a FileExistsError
    traceback before), and a ``games.jsonl`` that is a folder likewise."""
    afile = tmp_path / "file"
    afile.write_text("x")
    folder_log = tmp_path / "run"
    (folder_log / "games.jsonl").mkdir(parents=True)
    for out, extra in ((afile / "out", []), (afile, []), (folder_log, ["--resume"])):
        result = runner.invoke(app, [*ARENA, "--out", str(out), "--lang", lang, *extra])
        assert result.exit_code == 2, (out, result.output[-800:])
        assert said in " ".join(result.output.split()) and "Traceback" not in result.output


def test_an_arena_resumes_past_junk_and_never_keeps_another_runs_games(tmp_path: Path) -> None:
    """``--resume`` reads past bytes that are not UTF-8 (a UnicodeDecodeError traceback before),
    and keeps only the games of the same game, options, players and seed: resumed with another
    ``--seed``, it kept the first seed's games as its own (its results were the first run's)."""
    from mahai.cli.arena import load_result, outcomes_agree, read_log, run_arena, run_of
    from mahai.games.mille_bornes import GAME

    log = tmp_path / "games.jsonl"
    log.write_bytes(b"\xff\xfe junk \x80\n{\"index\": \n")
    first = runner.invoke(app, [*ARENA, "--seed", "4", "--out", str(tmp_path), "--resume"])
    assert first.exit_code == 0, first.output[-800:]
    options = GAME.options("eu", game_target=1000)
    assert len(read_log(log, run_of("mille_bornes", options, 2, 4))) == 2
    again = runner.invoke(app, [*ARENA, "--seed", "5", "--out", str(tmp_path), "--resume"])
    assert again.exit_code == 0, again.output[-800:]
    assert len(read_log(log, run_of("mille_bornes", options, 2, 5))) == 2
    resumed = load_result(tmp_path / "arena.json")
    fresh = run_arena("mille_bornes", options, 2, ["heuristic", "random"], 2, seed=5)
    assert outcomes_agree(resumed.outcomes, fresh.outcomes)


def test_simulate_wants_one_worker_at_least() -> None:
    for jobs in ("0", "-1"):
        result = runner.invoke(app, ["simulate", "nim", "--games", "2", "--jobs", jobs])
        assert result.exit_code == 2 and "--jobs" in result.output


@pytest.mark.parametrize(("lang", "said"), [("eu", "Ez da “nobody” robota ezagutzen"),
                                            ("en", "Unknown bot “nobody”")])
def test_simulate_and_arena_speak_the_language_asked(lang: str, said: str) -> None:
    for command in (["simulate", "nim", "--bots", "nobody"], ["arena", "spades", "--bots", "random,nobody"]):
        result = runner.invoke(app, [*command, "--lang", lang])
        assert result.exit_code == 2 and said in result.output, result.output


def hostile_deck(tmp_path: Path, column: str, value: str) -> Path:
    """The package deck (DZR-14) with ``column`` of its first card set to ``value``."""
    import csv

    from mahai.games.denborazup.deck import DECK_PATH

    with DECK_PATH.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    rows[0][column] = value
    path = tmp_path / "deck.csv"
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_a_deck_files_text_is_shown_as_text_not_markup_nor_escapes(tmp_path: Path, lang: str) -> None:
    """DZR-14: ``check-deck`` printed a problem (quoting the deck's id) and ``chronology`` a title
    through Rich markup: a ``[/]`` in the file was a MarkupError traceback; ESC sequences went
    to the terminal raw."""
    for column in ("id", "title_en", "title_eu"):
        path = hostile_deck(tmp_path, column, f"[/red]x[/] {ESCAPES}")
        checked = runner.invoke(app, ["denborazup", "check-deck", str(path), "--lang", lang])
        assert checked.exit_code in (0, 1), checked.output[-800:]
        assert no_control(checked.output) and "Traceback" not in checked.output
        if column == "id":
            assert "[/red]x[/]" in checked.output
            continue
        told = runner.invoke(app, ["denborazup", "chronology", "--deck", str(path), "--lang", lang])
        assert told.exit_code == 0, told.output[-800:]
        assert no_control(told.output)
        if column == f"title_{lang}":
            assert "[/red]x[/]" in told.output


@pytest.mark.parametrize("seed", ["-1", "99999999999999999999"])
def test_input_ending_mid_game_keeps_the_record_of_every_move_made(tmp_path: Path, seed: str) -> None:
    """End of input (Ctrl-D, a pipe that runs dry) after empty lines and one move: the game says
    goodbye (exit code 0) and the record holds the moves made, replaying to the same table; odd
    seeds (negative, beyond 64 bits) are seeds like any other."""
    from mahai.core import GameRecord

    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "nim", "--seed", seed, "--lang", "en", "--record", str(path)],
                           input="\n\n  \n1\n")
    assert result.exit_code == 0 and "Type a choice." in result.output and "Goodbye!" in result.output
    record = GameRecord.load(path)
    assert record.seed == int(seed) and len(record.actions) >= 1
    assert [notation for seat, notation in record.actions if seat == 0] == ["take 1"]  # menu line 1
    assert record.final_state(get_game("nim")).version == len(record.actions)


def test_serve_refuses_a_port_out_of_range_and_a_database_it_cannot_open(tmp_path: Path) -> None:
    """``--port 99999`` was handed to uvicorn (it listened somewhere); an unknown database
    scheme, a SQLite file under a file and a port that is no number were tracebacks. Each is
    one line and exit code 2, without the user's password."""
    afile = tmp_path / "file"
    afile.write_text("x")
    for args, said in ((["--db", "junk://x"], "does not know the kind of database"),
                       (["--db", f"sqlite:///{afile}/sub/mahai.sqlite3"], "cannot be opened"),
                       (["--db", "postgresql://ane:secret@host:abc/x"], "port of the database “host:abc/x”"),
                       (["--port", "99999", "--db", "junk://x"], "--port"),  # refused before the database
                       (["--bot-pace", "-1", "--db", "junk://x"], "--bot-pace")):
        result = runner.invoke(app, serve_args(*args, "--lang", "en"))
        assert result.exit_code == 2, (args, result.output[-800:])
        assert said in result.output and "Traceback" not in result.output
        assert "secret" not in result.output


@pytest.mark.parametrize(("lang", "said"), [("fr", "une version plus récente de Mahai"),
                                             ("eu", "Mahairen bertsio berriago batek")])
def test_serve_refuses_a_database_of_a_newer_mahai_in_the_users_language(tmp_path: Path, lang: str,
                                                                        said: str) -> None:
    """A database whose schema a newer Mahai wrote (its Alembic revision unknown here: a user who
    ran a newer clone on ``~/.local/share/mahai``, then an older one) was a 40-line traceback
    ending in Alembic's English "Can't locate revision identified by …"; it is one line in the
    user's language, exit code 2, and the database is left as it was."""
    import sqlite3

    import sqlalchemy as sa

    from mahai.server.store import migrate

    path = tmp_path / "newer.sqlite3"
    engine = sa.create_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0099_from_the_future'"))
    engine.dispose()
    before = list(sqlite3.connect(path).iterdump())
    result = runner.invoke(app, serve_args("--db", f"sqlite:///{path}", "--lang", lang))
    assert result.exit_code == 2, result.output[-800:]
    assert said in result.output and "0099_from_the_future" in result.output, result.output
    assert "Traceback" not in result.output and "Can't locate" not in result.output
    assert list(sqlite3.connect(path).iterdump()) == before  # (its header's journal mode may change)


@pytest.mark.parametrize("lang", ["eu", "fr"])
@pytest.mark.parametrize("case", ["unreachable", "no_file", "read_only"])
def test_serve_says_why_a_database_cannot_be_opened_in_the_users_language(tmp_path: Path, lang: str,
                                                                          case: str) -> None:
    """The line said the driver's reason in English after the user's language ("Ezin da … datu-basea
    ireki: (psycopg.OperationalError) connection failed: … Connection refused", "… attempt to
    write a readonly database"): the line the user reads says why in their language, and the
    driver's own words follow on a line of their own (for a log or a bug report)."""
    import sqlite3

    from mahai.core.errors import InvalidOptions
    from mahai.i18n import explain

    afile = tmp_path / "file"
    afile.write_text("x")
    other = tmp_path / "other.sqlite3"  # a database of another program: Mahai has to write its tables
    with sqlite3.connect(other) as conn:
        conn.execute("create table t (x)")
    url, driver = {
        "unreachable": ("postgresql://ane:hunter@127.0.0.1:1/x", "Connection refused"),
        "no_file": (f"sqlite:///{afile}/sub/m.sqlite3", "Not a directory"),
        "read_only": (f"sqlite:///file:{other}?mode=ro&uri=true", "readonly"),
    }[case]
    shown = url.split("@")[-1]  # without the user and password
    result = runner.invoke(app, serve_args("--db", url, "--lang", lang))
    assert result.exit_code == 2, result.output[-800:]
    said, detail = result.output.splitlines()
    assert said == explain(InvalidOptions(f"db_{case}", domain="cli", url=shown), lang)
    assert driver not in said and "Error" not in said
    assert detail.startswith("  ") and driver in detail  # kept, apart
    assert "hunter" not in result.output


@pytest.mark.parametrize("url", ["postgresql://ane:hunter@2secret@127.0.0.1:1/x",   # a bare '@' in it
                                 "postgresql://ane@hunter:2secret@127.0.0.1:1/x",
                                 "postgresql://u@127.0.0.1:1/x"])
def test_serve_never_prints_a_piece_of_the_database_password(url: str) -> None:
    """A password with a bare '@' is split by SQLAlchemy at the first one, and the driver
    quoted the rest as the host ("failed to resolve host '2secret@127.0.0.1'"); a one-letter
    user name was blanked inside the driver's words ("Connection ref…sed")."""
    result = runner.invoke(app, serve_args("--db", url, "--lang", "en"))
    assert result.exit_code == 2, result.output[-800:]
    assert "cannot be opened" in result.output and "Traceback" not in result.output
    assert "2secret" not in result.output and "hunter" not in result.output
    assert "…ed" not in result.output and "…sed" not in result.output, result.output


@pytest.mark.parametrize("host", ["", " "])
def test_serve_refuses_an_empty_host(host: str, tmp_path: Path) -> None:
    """``--host ""`` listened on every network (the system reads "" as 0.0.0.0) and said
    'open http://:8000/'."""
    result = runner.invoke(app, ["serve", "--host", host, "--port", "18471", "--lang", "eu",
                                 "--db", f"sqlite:///{tmp_path}/m.sqlite3"])
    assert result.exit_code == 2, result.output[-800:]
    assert "ez da makina honen helbide bat" in result.output and "Traceback" not in result.output


def test_serve_takes_an_ipv6_address_in_brackets() -> None:
    """``--host [::1]``, as a URL writes it, was 'not an address of this machine'; it is ::1
    (here found in use, so that nothing starts)."""
    import socket

    taken = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    try:
        taken.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    taken.listen()
    port = taken.getsockname()[1]
    try:
        result = runner.invoke(app, ["serve", "--host", "[::1]", "--port", str(port), "--lang", "en",
                                     "--db", "junk://x"])
    finally:
        taken.close()
    assert result.exit_code == 2, result.output[-800:]
    assert "already" in result.output and "not an address" not in result.output, result.output
