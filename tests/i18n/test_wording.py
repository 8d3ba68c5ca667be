"""How the Basque log sentences read (session 6): rules a Basque speaker would state, each
checked over the catalogs a player reads (``mahai/locale/eu/LC_MESSAGES``). The words come from
the rule sheets written by people (``docs/glossary.md``, sources 000 and 004) and
``shared/reviews/basque-and-deck-2026-12.md``.

- The coin shows a face (sheet 004: “Txanponak GORA adierazten badu”): nothing “comes out” of
  it (“BEHERA atera da”), DZR-2, DZR-5.
- A placed card is placed well or badly (“ondo jarri duzu”, sheet 004's “ondo kokatuta”), not
  placed and then judged after a colon (“jarri duzu (1140): ondo”), DZR-6.
- A decision is said with its verb (“Paso egitea erabaki duzu.”), not as a form's field
  (“Zure erabakia: paso egitea.”), DZR-5.
- A card the viewer played, drew or laid is the verb's object, before it (“Zuk semaforo berdea
  jarri duzu.”), not a label after a colon (“Jarri duzu: semaforo berdea.”), MBR-4 … MBR-9.
- A new pile *has* its cards (“pilo berriak 12 karta ditu”), not a bracketed count
  (“pilo berria (12 karta)”), DZR-11.
- Winners are “irabazle” (the glossary's word), not “Garaipena: …” (victory), MBR-17.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahai.core.text import Message
from mahai.games import available_games, get_game
from mahai.i18n import render
from tests.i18n.style import entries, glossary_misuse


def _eu(domain: str) -> dict[str, list[str]]:
    """Every Basque msgstr form of ``domain`` by its English msgid."""
    from mahai.i18n import catalog_path

    path = catalog_path(domain, "eu")
    assert path is not None
    return {e.msgid: list(e.strings) for e in entries(domain, "eu", path)}


def _said(message: Message | None) -> str:
    assert message is not None
    return render(message, "eu", lambda seat: "Ane")


def test_the_coin_shows_its_face() -> None:
    """DZR-2, DZR-5: “3. txanda: bota duzun txanponak BEHERA adierazten du.”, the sheet's verb
    for what the coin shows (004), never “BEHERA atera da”."""
    if "denborazup" not in available_games():
        pytest.skip("denborazup is not installed")
    game = get_game("denborazup")
    for face, word in (("up", "GORA"), ("down", "BEHERA")):
        for viewer in (0, 1, None):
            text = _said(game.describe_event({"kind": "flip", "seat": 0, "coin": face, "round": 3}, viewer))
            assert f"txanponak {word} adierazten du" in text, text
            assert "atera da" not in text, text
    assert _said(game.describe_event({"kind": "flip", "seat": 0, "coin": "down", "round": 3}, 0)) \
        == "3. txanda: bota duzun txanponak BEHERA adierazten du."


def test_a_placed_card_is_placed_well_or_badly() -> None:
    """DZR-6: the reveal says ““…” ondo jarri duzu (1140)”, the verdict an adverb of the verb;
    no Basque sentence of DenboraZup ends in “: ondo” or “: oker”."""
    for msgid, forms in _eu("denborazup").items():
        for text in forms:
            assert not re.search(r":\s*(ondo|oker)\.?$", text), (msgid, text)
            if "placed {card} ({date}):" in msgid:
                assert re.search(r"\b(ondo|oker) jarri (duzu|du)\b", text), (msgid, text)


def test_a_decision_is_said_with_its_verb() -> None:
    """DZR-5: “Paso egitea erabaki duzu.”, not a form's field “Zure erabakia: …”."""
    for msgid, forms in _eu("denborazup").items():
        if msgid.startswith("Your decision:"):
            assert all(text.endswith("erabaki duzu.") and "Zure erabakia" not in text for text in forms), \
                (msgid, forms)


@pytest.mark.parametrize("domain", ["mille_bornes", "spades", "denborazup"])
def test_a_card_is_the_object_before_its_verb(domain: str) -> None:
    """MBR-4 … MBR-9: “Zuk semaforo berdea jarri duzu.”: no log sentence is a bare verb with the
    card after a colon (“Jarri duzu: semaforo berdea.”, “Baztertu duzu: {card}.”)."""
    bare = re.compile(r"^[A-ZÁÉÍÓÚ][a-z]+ (duzu|du|dituzu|ditu): \{cards?\}\.?$")
    bad = [(m, t) for m, forms in _eu(domain).items() for t in forms if bare.match(t)]
    assert not bad, bad


@pytest.mark.parametrize("domain", ["mille_bornes", "denborazup"])
def test_a_new_pile_has_its_cards(domain: str) -> None:
    """DZR-11, MBR-13: a reshuffled pile *has* its count (“pilo berriak 12 karta ditu”, “karta 1
    du”), not a bracketed one (“pilo berria (12 karta)”)."""
    for msgid, forms in _eu(domain).items():
        if msgid.startswith("The discard pile was shuffled into"):
            assert not any("(" in text for text in forms), forms
            assert forms[0].endswith(" du.") and forms[1].endswith(" ditu."), forms


def test_the_winners_are_irabazle() -> None:
    """MBR-17: the game's end names its winners as “irabazle” (docs/glossary.md: winner), not
    “Garaipena: …” (victory, a headline's word)."""
    for domain in ("mille_bornes", "spades", "denborazup", "tui"):  # tui: the terminal's end
        for msgid, forms in _eu(domain).items():
            assert not any("Garaipena" in text for text in forms), (domain, msgid, forms)


def test_the_reveal_marks_a_card_placed_well_or_badly() -> None:
    """DZR-6: the web table's mark on a revealed card says what the log says, “ondo jarrita” /
    “oker jarrita” (docs/glossary.md: placement; sheet 004's “ondo kokatuta”), not “zuzena” (a
    correct answer) beside a log line that says “ondo jarri duzu”."""
    web = _eu("web")
    assert web["correct"] == ["ondo jarrita"], web["correct"]
    assert web["wrong"] == ["oker jarrita"], web["wrong"]


@pytest.mark.parametrize("domain", ["web", "spades", "spades_tui", "mille_bornes", "mb_tui"])
def test_the_score_sheet_has_one_name(domain: str) -> None:
    """docs/glossary.md: the score sheet is *puntuazio-orria* (the web's folded sheet said
    "Puntu-orria" over a sheet headed "Puntuazio-orria (5.000 arte)")."""
    said = [s for forms in _eu(domain).values() for s in forms if "orri" in s.lower()]
    assert not [s for s in said if re.search(r"\bpuntu-orri", s, re.I)], said


def test_denborazup_discards_are_baztertutakoak() -> None:
    """docs/glossary.md, discard pile: DenboraZup's discarded cards are *baztertutako kartak*
    (sheet 004's “baztertuko da”, DZR-11); *utzi* names only the Mille Bornes pile. The table's
    count said “Utzitakoak: 3”."""
    assert _eu("web")["Discard pile: {n}"] == ["Baztertutakoak: {n}"]


def test_the_spades_rules_page_calls_the_ace_asa() -> None:
    """docs/glossary.md, ranks: the ace is *asa* on every card and in the catalogs; the Basque
    rules page said “batekoa da handiena” (SPR-2)."""
    from mahai.server.app import STATIC

    page = (STATIC / "rules" / "spades" / "eu.html").read_text(encoding="utf-8")
    assert "asa da handiena" in page and "batekoa" not in page


RULES_PAGES = Path(__file__).resolve().parents[2] / "mahai" / "server" / "static" / "rules"


@pytest.mark.parametrize("game", sorted(p.name for p in RULES_PAGES.iterdir() if (p / "eu.html").exists()))
def test_the_basque_rules_pages_use_the_glossary_words(game: str) -> None:
    """The "How to play" pages (``static/rules/<game>/eu.html``) say what the catalogs say: the
    glossary's forbidden forms held only for the catalogs, and the Spades page had spades
    “irekita” and cards “bota” (docs/glossary.md: *pikak hautsi*, *jokatu*/*baztertu*; SPR-7),
    the DenboraZup page “erreferentzia-karta” (sheet 004's *erdiko karta*, DZR-1). A row that
    applies when the English says something applies when the English page says it anywhere; the
    coin's own verb (*txanpona bota*, sheet 004) is no discard."""
    def text(lang: str) -> str:
        return re.sub(r"<[^>]+>", " ", (RULES_PAGES / game / f"{lang}.html").read_text(encoding="utf-8"))

    basque = re.sub(r"(?i)\btxanpon\w*\s+bota\w*|\bbota\w*\s+txanpon\w*", "txanpona …", text("eu"))
    assert glossary_misuse(basque, [text("en")], "eu") == []


def test_the_reports_say_what_a_basque_sports_page_says() -> None:
    """``mahai simulate`` and ``mahai arena`` in Basque (docs/glossary.md, “Reports”; session 19):
    a game's figure reads “Etapak, partidako batez beste: 3,4”, not a bracketed “(batez beste)”; the
    speed puts its unit after the number (“Abiadura: 0,2 partida segundoko”, as “100 kilometro
    orduko”); the margin is a *puntu-aldea* (EITB's “3 puntuko aldea”), never a bare “aldea”, a side;
    the ratings are a *sailkapena* (the Basque chess federation's “elo sailkapena”); and a matchup's
    rate is what the first bot won, the verb agreeing (“partiden %52,3 irabazi ditu”); a count
    takes its noun in the indefinite (“10 partidatik”)."""
    cli = {msgid: forms[0] for msgid, forms in _eu("cli").items()}
    assert cli["report.mean"] == "{stat}, partidako batez beste: {value}"
    assert cli["report.speed"] == "Abiadura: {value} partida segundoko"
    assert cli["report.win_rate"] == "garaipenen %"
    assert cli["arena.margin"] == "puntu-aldea" and cli["plot.margins"].startswith("Puntu-aldeak")
    assert cli["arena.rating"].startswith("sailkapena ") and cli["plot.ratings"].startswith("Sailkapena ")
    assert "partiden {rate} irabazi ditu" in cli["arena.matchup"], cli["arena.matchup"]
    bare_margin = [(m, t) for m, t in cli.items()
                   if (m.startswith(("arena.", "plot.")) and re.search(r"(?<![\w-])aldea\b", t)
                       and "aurkariekiko batez besteko aldea" not in t)]
    assert not bare_margin, bare_margin
    # a count takes the noun in the indefinite, as the unfinished line's “{total} partidatik” does:
    # “10 partidatik 3”, not “10 partidetatik 3” (the interrupted run said so)
    definite = [t for t in cli.values() if re.search(r"\{\w+\} \w+etatik\b", t)]
    assert not definite, definite


def test_a_bid_counts_its_tricks_and_the_verb_agrees() -> None:
    """SPR-5, SPR-17: a bid is told with the glossary's verb, its count before the noun and the verb
    agreeing (“4 baza eskaini dituzu”, “Hego: baza 1 eskaini du”, docs/glossary.md: plurals); it
    said “1 bazako eskaintza egin du”, a suffix on the numeral, and “6 itsuan eskaini du”."""
    game = get_game("spades")
    said = {(bid, viewer): _said(game.describe_event({"kind": "bid", "seat": 0, "bid": bid}, viewer))
            for bid in (1, 4, "blind_1", "blind_6") for viewer in (0, 1)}
    assert said[(1, 0)] == "Baza 1 eskaini duzu." and said[(4, 0)] == "4 baza eskaini dituzu.", said
    assert said[(1, 1)] == "Ane: baza 1 eskaini du." and said[(4, 1)] == "Ane: 4 baza eskaini ditu.", said
    assert said[("blind_6", 0)] == "6 baza eskaini dituzu itsuan.", said
    assert said[("blind_1", 1)] == "Ane: baza 1 eskaini du itsuan.", said
    assert not [t for t in said.values() if "bazako" in t or "eskaintza egin" in t], said
