"""``mahai simulate`` and ``mahai arena`` print their reports in the ``--lang`` asked (Basque by
default): a newcomer found their tables, "mean <figure>" lines, progress and "wrote" lines and
plots in English whatever the language, and the game as ``mille_bornes`` (session 18). The
machine-readable files (``arena.json``, the CSV headers, ``--json``) keep their English keys."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahai.cli import app
from mahai.games import available_games, get_game
from mahai.i18n import LANGUAGES, catalog, decimal, percent, translate
from mahai.sim import run_one

runner = CliRunner()
ENGLISH = ("win rate", "mean score", "games per second", "95% interval", "wrote ", "mean ", "players")
"""Words of the English report that no other language's report carries."""


@pytest.mark.parametrize("game", sorted(available_games()))
def test_every_figure_a_game_declares_is_named_in_every_language(game: str) -> None:
    """Each key of ``Game.stats`` is declared (``stat_names``) and named by ``stat.<key>`` in the
    game's catalog, in every language; the figures of a played game are the declared ones."""
    g = get_game(game)
    missing = [(lang, key) for key in g.stat_names for lang in LANGUAGES
               if not catalog(g.name, lang).get(f"stat.{key}")]
    assert not missing, missing
    bots = ["strong", "random"] if "strong" in g.bots else ["random"]
    result = run_one(g.name, g.options(), g.players(g.options())[0], bots, 1, 0, max_moves=5000)
    assert result.finished and set(result.extra) == set(g.stat_names)


def test_simulate_reports_in_basque_by_default() -> None:
    res = runner.invoke(app, ["simulate", "nim", "--games", "1200", "--seed", "3"])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "Nim: 1.200 partida, 2 jokalari" in out  # the count as Basque writes it
    basque = ("robota", "garaipenen %", "%95eko tartea", "Jokaldiak, partidako batez beste:", "Abiadura:",
              "partida segundoko")
    assert [w for w in basque if w not in out] == [], out
    assert not [w for w in ENGLISH if w in out], out
    assert re.search(r"%\d+,\d", out), out  # a Basque percentage: the sign first, a decimal comma


def test_simulate_speaks_french_with_its_spaces_and_keeps_its_json() -> None:
    res = runner.invoke(app, ["simulate", "nim", "--games", "3", "--lang", "fr"])
    assert res.exit_code == 0, res.output
    assert "Coups (moyenne)\u00a0:" in res.output and "taux de" in res.output, res.output
    assert not [w for w in ENGLISH if w in res.output], res.output
    command = ["simulate", "nim", "--games", "3", "--json", "--lang"]
    data = [json.loads(runner.invoke(app, [*command, lang]).stdout) for lang in ("fr", "en")]
    for d in data:
        d.pop("seconds"), d.pop("games_per_second")
    assert data[0] == data[1] and set(data[0]["means"]) == {"moves"}


def test_the_arena_reports_and_plots_in_the_language_asked(tmp_path: Path) -> None:
    args = ["arena", "mille-bornes", "--bots", "heuristic,random", "--games", "2", "-o", "game_target=500"]
    res = runner.invoke(app, [*args, "--out", str(tmp_path / "eu")], env={"COLUMNS": "400"})
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "Mille Bornes: 2 partida, 2 jokalari" in out and "mille_bornes" not in out, out
    assert "heuristic – random (2 partida): heuristic robotak partiden %" in out and "Idatzita:" in out, out
    assert not [w for w in (*ENGLISH, " vs ", "margin:", "mean margin") if w in out], out
    svg = {name: (tmp_path / "eu" / f"{name}.svg").read_text() for name in ("ratings", "winrate", "margins")}
    texts = {name: set(re.findall(r"<!-- (.*?) -->", text)) for name, text in svg.items()}
    assert {"mediana", "batez bestekoa", "Puntu-aldeak — Mille Bornes, 2 jokalari"} <= texts["margins"], texts
    assert "Sailkapena — Mille Bornes, 2 jokalari" in texts["ratings"], texts
    assert {"aurkaria", "%0", "%100"} <= texts["winrate"], texts  # the colour bar's rates too
    assert not [t for ts in texts.values() for t in ts if "mille_bornes" in t or t in ("median", "mean")]
    # the files for scripts are the same in every language
    res = runner.invoke(app, [*args, "--out", str(tmp_path / "en"), "--lang", "en", "--no-plots"])
    assert res.exit_code == 0 and "heuristic vs random" in res.output, res.output
    for name in ("games.csv", "ratings.csv", "matrix.csv"):
        heads = [next(csv.reader((tmp_path / lang / name).open())) for lang in ("eu", "en")]
        assert heads[0] == heads[1], name
    eu, en = (json.loads((tmp_path / lang / "arena.json").read_text()) for lang in ("eu", "en"))
    assert eu.keys() == en.keys() and eu["ratings"] == en["ratings"] and eu["game"] == "mille_bornes"


@pytest.mark.parametrize(("lang", "rate", "number"), [
    ("eu", "%52,3", "12.500,25"), ("en", "52.3%", "12,500.25"), ("es", "52,3\u00a0%", "12.500,25"),
    ("fr", "52,3\u202f%", "12\u202f500,25")])
def test_numbers_are_written_as_each_language_writes_them(lang: str, rate: str, number: str) -> None:
    assert (percent(0.523, lang), decimal(12500.25, lang)) == (rate, number)
    assert decimal(-0.001, lang, 1) == decimal(0.0, lang, 1) != "-" + decimal(0.0, lang, 1)



def test_basque_counts_one_game_and_says_no_finished_game_once() -> None:
    """A Basque count of one puts the number after the noun and takes the ending (“partida
    1etik”, as “partida 1”), where the report said “1 partidatik”; a matchup without a finished
    game is said once (“2 partidatik bat ere ez da amaitu”), where it said “ez da partidarik amaitu,
    2 amaitu gabe” under a table of “%0,0–%0,0” intervals of no game."""
    one = " ".join(runner.invoke(app, ["simulate", "nim", "--games", "1", "--max-moves", "1"]).output.split())
    assert "Amaitu gabe: partida 1etik 1 gelditu da" in one and "1 partidatik" not in one, one
    res = runner.invoke(app, ["arena", "spades", "--bots", "random,easy", "--games", "2", "--max-moves", "3"])
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "random – easy: 2 partidatik bat ere ez da amaitu" in said, said
    assert "%0,0" not in said and "amaitu gabe," not in said, said
    assert "Amaitu gabe: 2 partidatik 2 gelditu dira" in said


def test_basque_names_the_solo_verdict_and_the_score_sheets_column_as_basque_writes_them() -> None:
    """DenboraZup's solo verdict is sheet 004's *emaitza* (“Bukaerako emaitza ezagutzeko”), not
    *balorazioa*; the Mille Bornes score sheet's column is *azalpena*, as the Basque Government's
    invoice model writes it, not *kontzeptua* (a calque of *concepto*). docs/glossary.md."""
    web, sheet = catalog("web", "eu"), catalog("mb_tui", "eu")
    assert web["Rating:"] == "Emaitza:" and sheet["col.item"] == "Azalpena"
    for n in (1, 5):
        assert translate("web", "Rating: {rating} ({n} card used)", "eu", rating="Bikain", n=n).startswith(
            "Emaitza: Bikain ("), n
