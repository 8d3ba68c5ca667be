"""The catalog checks of :mod:`tests.i18n.style` on their own: each catches what it is for and lets
a clean text pass (issue 12, "The interface language"; ``docs/glossary.md``, "Style")."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.i18n.style import (
    CHECKS,
    GLOSSARY,
    Entry,
    all_violations,
    case_endings,
    catalog_files,
    check_entry,
    glossary_misuse,
    glossary_rules,
    is_sentence,
    parse_rules,
    placeholder_mismatch,
    plural_header,
    plural_problems,
    raw_codes,
    untranslated,
)

# --- case-ending ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "3. eserlekua(e)k irteten du",
    "aparteko gidaria(r)ekin",
    "Txanda: {who}(r)i",
    "1. eserlekua (zu)(r)i",
    "{player}(e)k bota du",
    "Bidali (r)ekin",
    "Choisissez une carte(s)",
    "jugador(a)",
])
def test_a_bracketed_case_ending_is_caught(text: str) -> None:
    assert case_endings(text, "eu")
    assert case_endings(text, "fr")


@pytest.mark.parametrize("text", [
    "Ibilbide laburra (700 km)",
    "{n}. urratsa ({total} guztira)",
    "Eskaintza 0 (nil) eta {max} baza artekoa da.",
    "iturria ez da http(s) helbide bat: “{value}”.",
    "{player}: {card} jarri du ({date}): ondo",
    "Jarri: {card}, {slot}. tokian",
    "Nil itsua (kartak ikusi gabe) ala begiratu?",
])
def test_legitimate_brackets_pass(text: str) -> None:
    assert case_endings(text, "eu") == []


def test_an_ending_glued_onto_a_placeholder_is_caught_in_basque_only() -> None:
    assert case_endings("Txanda: {who}ri.", "eu") == ["{who}ri"]
    assert case_endings("{player}-ek irabazi du.", "eu") == ["{player}-ek"]
    assert case_endings("{player}: irabazi du.", "eu") == []
    assert case_endings("{n}e manche", "fr") == []  # a French ordinal


# --- untranslated ---------------------------------------------------------------------------------


def test_an_empty_translation_is_untranslated() -> None:
    assert untranslated("", ["You won!"], "eu") == ["empty"]
    assert untranslated("  ", ["You won!"], "fr") == ["empty"]


def test_a_copy_of_an_english_sentence_is_untranslated() -> None:
    assert untranslated("You won!", ["You won!"], "es") == ["same as the English"]
    assert untranslated("Choose a slot in the timeline.", ["Choose a slot in the timeline."], "fr")
    assert untranslated("¡Has ganado!", ["You won!"], "es") == []


def test_names_units_and_single_words_may_equal_the_english() -> None:
    assert untranslated("Mille Bornes", ["Mille Bornes"], "eu") == []
    assert untranslated("25 km", ["25 km"], "eu") == []
    assert untranslated("Options", ["Options"], "fr") == []
    assert untranslated("coup fourré", ["coup fourré"], "fr") == []
    assert untranslated("coup fourré", ["coup fourré"], "es") == ["same as the English"]
    assert not is_sentence("Options") and is_sentence("Game over.") and is_sentence("coup fourré")


def test_an_english_word_left_in_basque_is_untranslated() -> None:
    english = ["Blind nil (before seeing your cards) or look? [blind/look]"]
    found = untranslated("Nil itsua (kartak ikusi gabe) ala begiratu? [blind/look]", english, "eu")
    assert found == ["English word “blind”", "English word “look”"]
    assert untranslated("Nil itsua (kartak ikusi gabe) ala begiratu? [i/b]", english, "eu") == []


def test_quoted_literal_input_is_not_english_left_in_basque() -> None:
    english = ["“{text}” is not a Nim move (e.g. take 2)."]
    assert untranslated("“{text}” ez da Nim jokaldi bat (adib. take 2).", english, "eu")
    assert untranslated("“{text}” ez da Nim jokaldi bat (adib. “take 2”).", english, "eu") == []


# --- raw-code -------------------------------------------------------------------------------------

CODES = {"eu", "classic", "draw", "play", "trip_by_players", "game_target", "blind_nil", "standard", "en"}


@pytest.mark.parametrize("text", [
    "“{value}” ez da game_target aukerarentzako balio egokia.",
    "Nil itsua: blind_nil",
    "mille_bornes · eu",
    "Dirección: derecha (eu) o izquierda.",
    "Coup fourré avant que le suivant pioche (draw) ou joue (play).",
])
def test_a_raw_code_is_caught_in_every_language(text: str) -> None:
    for lang in ("eu", "en", "es", "fr"):
        assert raw_codes(text, lang, CODES), (text, lang)


def test_a_bare_code_is_caught_in_basque_only() -> None:
    assert raw_codes("Oinarrizko arauak: eu (000 orria), classic edo 2016.", "eu", CODES) == ["eu", "classic"]
    assert raw_codes("Standard (quatre joueurs)", "fr", CODES) == []
    assert raw_codes("OpenSpiel-en arauak (esku bat)", "eu", CODES) == []


def test_placeholders_and_quoted_notation_are_no_raw_code() -> None:
    assert raw_codes("Aukera: {game_target}.", "eu", CODES) == []
    assert raw_codes("adib. “play QS”", "eu", CODES) == []
    assert raw_codes("Jokoaren noranzkoa: eskuinera edo ezkerrera.", "eu", CODES) == []


def test_the_known_codes_are_the_games_options_editions_and_bots() -> None:
    codes = raw_codes("edition eu; direction right; short_trip; two_player; medium", "eu")
    assert {"eu", "short_trip", "two_player", "medium"} <= set(codes)


# --- placeholders ---------------------------------------------------------------------------------


def test_placeholders_must_be_the_english_ones() -> None:
    english = ["{player} passed {cards} to {to}."]
    assert placeholder_mismatch("{player}: {to} bikotekideari pasatu dizkio: {cards}.", english) == []
    assert placeholder_mismatch("{player}: bikotekideari pasatu dizkio: {cards}.", english) == ["-{to}"]
    assert placeholder_mismatch("{player}: {who}ri pasatu dizkio: {cards} {to}.", english) == ["+{who}"]
    assert placeholder_mismatch("{n:>3} karta", ["{n} cards"]) == []


def test_a_plural_entry_may_leave_out_what_only_one_form_has() -> None:
    forms = ["You took one stone.", "You took {n} stones."]
    assert placeholder_mismatch("Harri bat hartu duzu.", forms) == []
    assert placeholder_mismatch("{n} harri hartu dituzu.", forms) == []
    assert placeholder_mismatch("{count} harri hartu dituzu.", forms) == ["+{count}"]


# --- plural ---------------------------------------------------------------------------------------


def test_a_count_sentence_needs_plural_forms() -> None:
    """"1 karta jarri dira": a count before a noun is a plural entry (msgid_plural), in every catalog."""
    single = Entry("spades", "eu", Path("x.po"), "{player} picked up {count} cards.",
                   ("{player}: {count} karta hartu ditu.",), ("{player} picked up {count} cards.",))
    assert plural_problems(single) == ["a count sentence without plural forms (msgid_plural)"]
    english = ("{player} picked up {count} card.", "{player} picked up {count} cards.")
    good = Entry("spades", "eu", Path("x.po"), english[0],
                 ("{player}: karta {count} hartu du.", "{player}: {count} karta hartu ditu."), english,
                 plural=english[1])
    assert plural_problems(good) == []
    one_form = dataclasses.replace(good, strings=("{player}: {count} karta hartu ditu.",))
    assert plural_problems(one_form) == ["1 plural forms, eu has 2"]
    no_count = Entry("web", "eu", Path("x.po"), "Trick", ("Baza", "Bazak"), ("Trick", "Tricks"),
                     plural="Tricks")
    assert plural_problems(no_count) == ["a plural entry without a count parameter (n, count, players)"]
    # Numbers that count no noun need no plural form: "{n} in all", "Seat {n}".
    for text in ("{n} in all", "Seat {n}", "Hand {hand}: you deal."):
        assert plural_problems(Entry("web", "eu", Path("x.po"), text, ("x",), (text,))) == []


def test_every_catalog_has_its_languages_plural_forms_header(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n')
    assert plural_header(po, "fr") == []
    assert plural_header(po, "eu") == ["Plural-Forms is 'nplurals=2; plural=(n > 1);', "
                                       "want 'nplurals=2; plural=(n != 1);'"]
    po.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n')
    assert plural_header(po, "fr") == ["no Plural-Forms header (want nplurals=2; plural=(n > 1);)"]


# --- glossary -------------------------------------------------------------------------------------

TABLE = """
<!-- forbidden-forms:start -->
| term | lang | English | forbidden | use |
|---|---|---|---|---|
| trick | eu | — | `(?i)\\btrikimailu\\w*` | baza |
| bot | eu | `(?i)\\bbots?\\b` | `\\b[Bb]ot(a\\|ak)?\\b` | robota |
<!-- forbidden-forms:end -->
"""


def test_the_table_is_parsed_with_escaped_pipes() -> None:
    rules = parse_rules(TABLE)
    assert [r.term for r in rules] == ["trick", "bot"]
    assert rules[0].when is None and rules[1].when is not None
    assert rules[1].forbidden.pattern == r"\b[Bb]ot(a|ak)?\b"


@pytest.mark.parametrize("markdown", [
    "no table here",
    "<!-- forbidden-forms:start -->\n| term | lang | English | forbidden | use |\n"
    "<!-- forbidden-forms:end -->",
    "<!-- forbidden-forms:start -->\n| a | eu | — | `(` | b |\n<!-- forbidden-forms:end -->",
    "<!-- forbidden-forms:start -->\n| a | eu | — |\n<!-- forbidden-forms:end -->",
])
def test_a_broken_table_is_an_error(markdown: str) -> None:
    with pytest.raises(ValueError):
        parse_rules(markdown)


def test_a_forbidden_form_is_caught_and_the_glossary_word_passes() -> None:
    rules = parse_rules(TABLE)
    assert glossary_misuse("Azken trikimailua", ["Last trick"], "eu", rules)
    assert glossary_misuse("Azken baza", ["Last trick"], "eu", rules) == []
    assert glossary_misuse("Azken trikimailua", ["Last trick"], "es", rules) == []  # another language's rule


def test_a_rule_with_an_english_condition_applies_only_when_the_english_matches() -> None:
    rules = parse_rules(TABLE)
    assert glossary_misuse("Bota: heuristikoa", ["Bot: {name}"], "eu", rules)
    assert glossary_misuse("Robota: {name}", ["Bot: {name}"], "eu", rules) == []
    assert glossary_misuse("{player}: {card} bota du.", ["{player} discarded {card}."], "eu", rules) == []
    assert glossary_misuse("Ez da “{bot}” robota ezagutzen.", ["Unknown bot “{bot}”."], "eu", rules) == []


def test_the_glossary_forbids_what_the_review_found() -> None:
    """The review's slips (``shared/reviews/basque-and-deck-2026-12.md``), one per rule."""
    cases = [
        ("Azken trikimailua", "Last trick"),
        ("Nil bikoitza", "Blind nil"),
        ("Bota: heuristikoa", "Bot: {name}"),
        ("2. bota (ertaina)", "Bot {n} ({level})"),
        ("-3 botatzeko", "-number to discard it"),
        ("klubak: 2", "clubs: 2"),
        ("txartelak", "cards"),
        ("Eramaten du: Mendebal", "West leads."),
        ("Aukeratu zure lankideari pasatzeko 3 karta.", "Choose 3 cards to pass to your partner."),
        ("Pila hutsik dago", "The stock is empty."),
        ("Erreferentzia-karta", "Reference card"),
        ("Kontraerasoa (coup fourré)", "Coup fourré"),
    ]
    for basque, english in cases:
        assert glossary_misuse(basque, [english], "eu"), basque


def test_the_glossary_lets_its_own_words_pass() -> None:
    cases = [
        ("Azken baza", "Last trick"),
        ("Nil itsua", "Blind nil"),
        ("Robota: heuristikoa", "Bot: {name}"),
        ("Bota txanpona", "Flip the coin"),
        ("-3 baztertzeko", "-number to discard it"),
        ("hirustetako bikoa", "the two of clubs"),
        ("Irteera: Mendebal.", "West leads."),
        ("Aukeratu bikotekideari pasatzeko 3 karta.", "Choose 3 cards to pass to your partner."),
        ("Hainbeste poltsa pilatzen diren bakoitzean", "Every this many bags"),
        ("Erdiko karta", "Reference card"),
        ("Pasatu bikotekideari: {cards}", "Pass {cards} to your partner"),
        ("paso egin duzu", "you passed"),
    ]
    for basque, english in cases:
        assert glossary_misuse(basque, [english], "eu") == [], basque


def test_french_says_vous_to_the_player() -> None:
    """Session 9: the French catalogs say "vous" (docs/glossary.md); a "tu" form is caught, and the
    words that only look like one pass."""
    for french in ("Tu as gagné !", "À toi de jouer.", "Ta main : {cards}", "Tes cartes", "Il t’attrape.",
                   "On te donne une carte.", "Ton tour"):
        assert glossary_misuse(french, ["You won!"], "fr"), french
    for french in ("Vous avez gagné !", "À vous de jouer.", "Votre main : {cards}", "Tapez un choix.",
                   "Partie terminée", "Entame : {suit}", "Tour {n}", "Cette carte", "Quitter la table"):
        assert glossary_misuse(french, ["You won!"], "fr") == [], french


def test_the_glossary_names_every_term_of_the_issue() -> None:
    """Issue 12: the suits, trick, lead, follow, bid, nil, blind nil, bags, the Mille Bornes cards as
    sheet 000 names them and the DenboraZup terms each have a row."""
    text = GLOSSARY.read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")}
    terms = ["spades", "hearts", "diamonds", "clubs", "card", "trick", "to follow suit", "nil", "blind nil",
             "bags", "contract", "partner", "seat", "bot (a program playing a seat)", "bot levels", "turn",
             "spectator", "hazard (card)", "remedy (card)", "safety (card)", "coup fourré", "battle pile",
             "speed pile", "leg", "reference card", "timeline", "star (card)", "“DenboraZup!” (the call)"]
    assert [t for t in terms if t not in rows] == []
    assert len(glossary_rules()) >= 20


# --- the whole run --------------------------------------------------------------------------------


def test_every_catalog_is_found_the_plugin_games_too() -> None:
    found = {(domain, lang) for domain, lang, path in catalog_files() if path is not None}
    for domain in ("core", "cli", "web", "tui", "mille_bornes", "spades", "denborazup", "nim"):
        assert {(domain, lang) for lang in ("eu", "en", "es", "fr")} <= found, domain


def test_one_bad_entry_breaks_every_check() -> None:
    entry = Entry("spades", "eu", Path("x.po"), "{player} won {n} tricks.",
                  ("{who}(r)ek {n} trikimailua irabazi du: game_target",), ("{player} won {n} tricks.",))
    checks = {v.check for v in check_entry(entry)}
    assert checks == set(CHECKS) - {"untranslated"}
    empty = Entry("spades", "eu", Path("x.po"), "Last trick", ("",), ("Last trick",))
    assert [v.check for v in check_entry(empty)] == ["untranslated"]


def test_a_reason_code_without_english_text_is_untranslated() -> None:
    entry = Entry("spades", "en", Path("x.po"), "must_follow_suit", ("",), ("must_follow_suit",))
    assert [v.check for v in check_entry(entry)] == ["untranslated"]


def test_the_run_reports_each_violation_with_its_catalog() -> None:
    for v in all_violations():
        assert v.check in CHECKS and v.detail
        assert v.file.endswith(".po") or v.detail == "the catalog is missing"
