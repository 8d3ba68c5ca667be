"""French text puts a no-break space before ":" ";" "!" "?" and inside « », never an ordinary one:
a player saw a lone "«" end a line of a DenboraZup explanation at 390 px (session 17). The rule, the
texts it covers and the exceptions (keys to type) are :mod:`tests.i18n.typography`."""

from __future__ import annotations

import pytest

from tests.i18n.typography import (
    DECK,
    NBSP,
    NNBSP,
    fix_deck,
    fix_html,
    fix_po,
    french_spacing,
    french_texts,
    spacing_problems,
)


def test_no_french_text_has_an_ordinary_space_at_a_mark() -> None:
    found = [f"{where}: {problem}" for where, text in french_texts() for problem in spacing_problems(text)]
    assert not found, f"{len(found)} (python -m tests.i18n.typography fixes them):\n" + "\n".join(found[:40])


def test_every_kind_of_french_text_is_read() -> None:
    where = [w for w, _ in french_texts()]
    for kind in ("web ", "cli ", "denborazup ", "nim ", "events.csv ", "rules/denborazup/fr.html",
                 "rules/spades/fr.html", "describe.QUOTES"):
        assert any(kind in w for w in where), kind
    assert sum(w.startswith("events.csv ") for w in where) >= 2 * 150


@pytest.mark.parametrize(("text", "want"), [
    ("Votre main : {cards}", f"Votre main{NBSP}: {{cards}}"),
    ("« {card} »", f"«{NBSP}{{card}}{NBSP}»"),
    ("Vous avez gagné ! Quoi ? Oui ; non", f"Vous avez gagné{NNBSP}! Quoi{NNBSP}? Oui{NNBSP}; non"),
    ("à 12:30, https://x.eu/?a=1 {n:d}", "à 12:30, https://x.eu/?a=1 {n:d}"),  # no space: untouched
    ("numéro de carte (N ! annonce DenboraZup)", "numéro de carte (N ! annonce DenboraZup)"),  # typed
    ("q pour quitter, ? liste les coups", "q pour quitter, ? liste les coups"),  # the "?" key
    ("Tapez « ? » pour voir", f"Tapez «{NBSP}?{NBSP}» pour voir"),
])
def test_the_rule_on_its_own(text: str, want: str) -> None:
    assert french_spacing(text) == want
    assert spacing_problems(want) == []
    assert (spacing_problems(text) == []) == (text == want)


def test_what_the_check_finds() -> None:
    assert [p.split(" in ")[0] for p in spacing_problems("« a » : b ; c ! d ?")] == [
        "an ordinary space after «", "an ordinary space before »", "an ordinary space before :",
        "an ordinary space before ;", "an ordinary space before !", "an ordinary space before ?"]
    assert [p.split(" in ")[0] for p in spacing_problems("«a»")] == ["no space after «", "no space before »"]
    assert spacing_problems(f"«{NNBSP}a{NNBSP}»") == []  # the narrow one is no-break too


def test_the_fixes_change_french_text_only() -> None:
    po = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
          'msgid "Hand: {cards}"\nmsgstr "Votre main "\n": {cards} ?"\n\n'
          'msgid "Won!"\nmsgstr[0] "Gagné !"\n')
    assert fix_po(po) == po.replace('main "\n": {cards} ?', f'main{NBSP}"\n": {{cards}}{NNBSP}?').replace(
        "Gagné !", f"Gagné{NNBSP}!")
    deck = DECK.read_text(encoding="utf-8")
    assert fix_deck(deck) == deck  # right already, and written back byte for byte
    small = ("id,title_en,title_fr,explanation_en,explanation_fr\n"
             'x,Why ? Yes : no,Pourquoi ? Oui,"Says « yes », so","Dit « oui », donc"\n')
    assert fix_deck(small) == small.replace("Pourquoi ?", f"Pourquoi{NNBSP}?").replace(
        "« oui »", f"«{NBSP}oui{NBSP}»")
    assert fix_html('<p title="a : b">Le but : gagner</p>') == f'<p title="a : b">Le but{NBSP}: gagner</p>'
