"""``mahai simulate mille-bornes`` and ``mahai play mille-bornes`` (the generic commands) through
Typer's CliRunner, and the catalog of the Mille Bornes terminal screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import mahai.tui.mille_bornes as tui
from mahai.cli import app
from mahai.i18n import LANGUAGES, LOCALE_DIR, catalog, translate

runner = CliRunner()


def test_simulate_json_reports_win_rates_intervals_scores_legs_and_speed() -> None:
    # the medium level is the heuristic (the default, the strongest level, searches: slow here)
    result = runner.invoke(app, ["simulate", "mille-bornes", "--games", "4", "--seed", "9", "--json",
                                 "--bots", "medium,random"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4
    assert set(data["bots"]) == {"medium", "random"}
    heuristic = data["bots"]["medium"]
    assert heuristic["games"] == 4 and 0 <= heuristic["wins"] <= 4
    lo, hi = heuristic["win_rate_95"]
    assert lo <= heuristic["win_rate"] <= hi
    assert heuristic["mean_score"] >= 5000 * heuristic["win_rate"] - 1e-9
    assert data["means"]["legs"] >= 1 and data["games_per_second"] > 0


def test_simulate_four_players_2016_with_two_jobs() -> None:
    result = runner.invoke(app, ["simulate", "mille-bornes", "--games", "3", "--players", "4", "--edition",
                                 "2016", "--bots", "heuristic,random", "--jobs", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["means"]["legs"] == 1.0  # MBR-22: one hand
    assert data["bots"]["heuristic"]["games"] == 3


def test_simulate_table_output() -> None:
    result = runner.invoke(app, ["simulate", "mille-bornes", "--games", "2", "--bots", "heuristic",
                                 "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.stdout and "mean legs" in result.stdout


@pytest.mark.parametrize("args,words", [
    (["--bots", "heuristic,genius"], "genius"),
    (["--edition", "1950"], "1950"),
    (["--edition", "eu", "--players", "5"], "5"),  # MBR-1: 2, 3, 4 or 6
    (["--option", "colour=red"], "colour"),
])
def test_simulate_rejects_bad_input_in_basque(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["simulate", "mille-bornes", "--games", "2", *args])
    assert result.exit_code == 2
    assert words in result.output


def test_play_starts_in_basque_and_quits() -> None:
    result = runner.invoke(app, ["play", "mille-bornes", "--seed", "4"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Zure eskua:" in result.output and "Agur!" in result.output


def test_play_options_languages_and_hot_seat() -> None:
    result = runner.invoke(app, ["play", "mille-bornes", "--players", "4", "--humans", "2", "--lang", "fr",
                                 "--seed", "4", "--option", "fast_game=yes"], input="\nq\n")
    assert result.exit_code == 0, result.output
    assert "Passez le clavier à A" in result.output and "Votre main\u00a0:" in result.output
    bad = runner.invoke(app, ["play", "mille-bornes", "--humans", "3"])
    assert bad.exit_code == 2
    bad = runner.invoke(app, ["play", "mille-bornes", "--lang", "de"])
    assert bad.exit_code != 0


SOURCE = Path(tui.__file__).read_text(encoding="utf-8")


def used_msgids() -> set[str]:
    """Every mb_tui msgid the screen can ask for (literal keys, the column keys, the codes)."""
    ids = set(re.findall(r'self\._\(\s*"([\w.]+)"', SOURCE))
    ids |= set(re.findall(r"self\._\('([\w.]+)'\)", SOURCE))
    ids |= set(re.findall(r'MalformedAction\(\s*"(\w+)",\s*domain=self\.catalog', SOURCE))
    ids |= set(re.findall(r'"(col\.\w+)"', SOURCE))
    return ids


def test_every_interface_string_and_reason_code_has_a_message_in_every_language() -> None:
    ids = used_msgids()
    assert {"no_such_card", "which_team", "col.team", "help.play", "you", "bot", "coup_fourre"} <= ids
    keys = None
    for lang in LANGUAGES:
        assert (LOCALE_DIR / lang / "LC_MESSAGES" / "mb_tui.po").exists()
        messages = catalog("mb_tui", lang)
        missing = ids - set(messages)
        assert not missing, f"{lang}: {sorted(missing)}"
        keys = set(messages) if keys is None else keys
        assert set(messages) == keys, f"{lang} differs from eu"
        for msgid in messages:  # placeholders match the English text
            assert set(re.findall(r"{(\w+)}", messages[msgid])) == set(
                re.findall(r"{(\w+)}", catalog("mb_tui", "en")[msgid])), (lang, msgid)


def test_card_names_come_from_the_rules_catalog_in_basque() -> None:
    assert tui.card_name("stop", "eu") == "semaforo gorria"
    assert tui.card_name("extra_tank", "eu") == "gasolina-zisterna"
    assert translate("mb_tui", "coup_fourre", "eu") == translate("mille_bornes", "term.coup_fourre", "eu")
