"""Suggested fixes for the violations :mod:`tests.i18n.style` finds in the catalogs as they were on
main when the work list ``docs/i18n-violations.md`` was made: (domain, lang, msgid) → the new
msgstr, or a note for a fix outside the catalogs. The final pass applies them and then deletes the
entries it applied; :mod:`tests.i18n.report` prints them beside each violation."""

from __future__ import annotations

FIXES: dict[tuple[str, str, str], str] = {
    # ---- web (eu) --------------------------------------------------------------------------------------
    ("web", "eu", "BEHERA (before the reference)"): "BEHERA (erdiko karta baino lehen)",
    ("web", "eu", "GORA (after the reference)"): "GORA (erdiko kartaren ondoren)",
    ("web", "eu", "Everybody passed: replace the reference card with the top card of the deck?"):
        "Denek paso egin dute: erdiko karta piloaren goiko kartarekin ordezkatu?",
    ("web", "eu", "Pass"): "Paso egin",
    ("web", "eu", "Reference card"): "Erdiko karta",
    ("web", "eu", "Tie-break: choose the event closest to the reference"):
        "Berdinketa: aukeratu erdiko kartatik hurbilen dagoen gertakaria",
    ("web", "eu", "bad_seats"): "{seat}. eserlekuan pertsona bat edo robot bat jarri behar da.",
    ("web", "eu", "Leave: a bot takes my seat"): "Irten: robot batek hartuko du nire eserlekua",
    ("web", "eu", "When a player's time runs out, a bot moves for them."):
        "Jokalari baten denbora amaitzen denean, robot batek jokatzen du haren ordez.",
    ("web", "eu", "Choose {n} cards to pass to your partner."): "Aukeratu bikotekideari pasatzeko {n} karta.",
    ("web", "eu", "Stock: {n} cards"): "Piloa: {n} karta",
    ("web", "es", "Leg total"): "Total de la etapa",
    ("web", "es", "Leg {n}"): "Etapa {n}",
    ("web", "es", "{card} against team {team}: coup fourré possible until the window closes."):
        "{card} contra el equipo {team}: se puede hacer un contraataque mientras siga abierto.",
    ("web", "es", "option_label.mille_bornes.coup_fourre_closes"): "Fin del contraataque",
    ("web", "es", "Void in"): "Fallo a",
    ("web", "es", "Tie-break: choose the event closest to the reference"):
        "Desempate: elige el acontecimiento más cercano a la referencia",
    ("web", "fr", "Bid"): "Annonce",
    ("web", "fr", "Your bid"): "Votre annonce",
    # ---- Spades ----------------------------------------------------------------------------------------
    ("spades", "eu", "bad_notation"):
        "“{text}” ez da Spades jokaldi bat (adib. “bid 3”, “bid nil”, “play QS”, “pass 2H 9S 3C”). "
        "— quote the notation the same way in en, es and fr",
    ("spades", "eu", "draw"): "pilotik banatzea",
    ("spades", "eu", "bid"): "eskaintzak",
    ("spades", "eu", "tui.leads"): "Irteera: {seat}.",
    ("spades", "eu", "tui.stock_empty"): "Piloa hutsik dago: eskaintzak hasten dira.",
    ("spades", "eu", "tui.shown"): "Piloa ({left} karta), zuri erakutsia:",
    ("spades", "eu", "tui.ask_blind"):
        "Nil itsua (kartak ikusi gabe) ala begiratu? Idatzi “itsu” edo “begiratu”: — as spades_tui "
        "says: mahai/tui/spades.py already accepts “itsu” and “begiratu” (and should take the es/fr "
        "initials too)",
    ("spades", "eu", "tui.ask_lead"): "Zure irteera (adib. “QS”):",
    ("spades", "eu", "Discard the shown card and take the next one"):
        "Baztertu erakutsitako karta eta hartu hurrengoa",
    ("spades", "eu", "{player} passed {cards} to {to}."):
        "{player}: {to} bikotekideari pasatu dizkio: {cards}.",
    ("spades", "eu", "{player} passed {count} cards to {to}."):
        "{player}: {count} karta pasatu dizkio {to} bikotekideari.",
    ("spades", "eu", "You are shown {card}."): "Piloko karta erakutsi zaizu: {card}.",
    ("spades", "eu", "{player} is shown {card}."): "{player}: piloko karta erakutsi zaio: {card}.",
    ("spades", "eu", "You kept {kept} and discarded {discarded}."):
        "Zuk {kept} gorde eta {discarded} baztertu duzu.",
    ("spades", "eu", "{player} kept {kept} and discarded {discarded}."):
        "{player}: {kept} gorde eta {discarded} baztertu du.",
    ("spades", "eu", "You discarded {discarded} and took {kept}."):
        "Zuk {discarded} baztertu eta {kept} hartu duzu.",
    ("spades", "eu", "{player} discarded {discarded} and took {kept}."):
        "{player}: {discarded} baztertu eta {kept} hartu du.",
    ("spades", "eu", "You discarded the shown card and took the next one."):
        "Erakutsitako karta baztertu eta hurrengoa hartu duzu.",
    ("spades", "eu", "{player} discarded the shown card and took the next one."):
        "{player}: erakutsitako karta baztertu eta hurrengoa hartu du.",
    ("spades", "eu", "The stock is empty: bidding starts."): "Piloa hutsik dago: eskaintzak hasten dira.",
    ("spades", "es", "tui.side_score"): "{side} {points} ({bags} bolsas)",
    ("spades", "es", "tui.bags"): "Bolsas",
    ("spades", "es", "tui.bag_count"): "Bolsas acumuladas",
    ("spades", "fr", "bid_out_of_range"): "Annoncez de 0 (nil) à {max} plis, pas {bid}.",
    ("spades", "fr", "must_lead_two_of_clubs"): "Le premier pli s’entame avec le deux de trèfle.",
    ("spades", "fr", "tui.trick"): "Pli {number} pour {winner} :",
    ("spades", "fr", "tui.tricks"): "Plis",
    ("spades", "fr", "tui.last_trick"): "Dernier pli ({winner}) :",
    ("spades", "fr", "tui.current_trick"): "Pli, entame à {suit} :",
    ("spades", "fr", "The stock is empty: bidding starts."): "Le talon est vide : les annonces commencent.",
    ("web", "fr", "Choose a slot in the timeline."): "Choisissez un emplacement sur la frise.",
}
"""(domain, lang, msgid) → suggested msgstr (after “ — ”, a note)."""
