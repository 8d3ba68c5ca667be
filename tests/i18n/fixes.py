"""Suggested fixes for the violations :mod:`tests.i18n.style` finds in the catalogs as they were on
main when the work list ``docs/i18n-violations.md`` was made: (domain, lang, msgid) → the new
msgstr, or a note for a fix outside the catalogs. The final pass applies them and then deletes the
entries it applied; :mod:`tests.i18n.report` prints them beside each violation."""

from __future__ import annotations

FIXES: dict[tuple[str, str, str], str] = {
    # ---- DenboraZup (eu): reference card = erdiko karta; slot = tokia --------------------------------
    ("denborazup", "eu", "slot_required"): "Denbora-lerro luzean tokia ere aukeratu behar duzu.",
    ("denborazup", "eu", "Yes, replace the reference card"): "Bai, aldatu erdiko karta",
    ("denborazup", "eu", "No, keep the reference card"): "Ez, mantendu erdiko karta",
    ("denborazup", "eu", "Star: replace the reference card"): "Izarra: aldatu erdiko karta",
    ("denborazup", "eu", "Everybody passed: vote on replacing the reference card."):
        "Denek paso egin dute: bozkatu erdiko karta aldatu ala ez.",
    ("denborazup", "eu", "You voted to replace the reference card."):
        "Erdiko karta aldatzearen alde bozkatu duzu.",
    ("denborazup", "eu", "You voted to keep the reference card."):
        "Erdiko karta mantentzearen alde bozkatu duzu.",
    ("denborazup", "eu", "Vote: the reference card is replaced."): "Bozketa: erdiko karta aldatu da.",
    ("denborazup", "eu", "Vote: the reference card stays."): "Bozketa: erdiko karta ez da aldatzen.",
    ("denborazup", "eu", "You used a star: the reference card is replaced."):
        "Izarra erabili duzu: erdiko karta aldatu da.",
    ("denborazup", "eu", "{player} used a star: the reference card is replaced."):
        "{player}: izarra erabili du: erdiko karta aldatu da.",
    ("denborazup", "eu", "New reference card: {card} ({date})."): "Erdiko karta berria: {card} ({date}).",
    ("denborazup", "eu", "{player}: {card} ({date}), {distance} years from the reference card."):
        "{player}: {card} ({date}), erdiko kartatik {distance} urtera.",
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
    ("denborazup", "es", "id_has_year"):
        "Línea {row}: el identificador «{value}» contiene el año del acontecimiento; los jugadores ven "
        "los identificadores, así que no deben revelar la fecha.",
    ("web", "fr", "Bid"): "Annonce",
    ("web", "fr", "Your bid"): "Votre annonce",
    # ---- Mille Bornes ----------------------------------------------------------------------------------
    ("mb_tui", "eu", "col.battle"): "Eraso eta defentsarako piloa",
    ("mille_bornes", "eu", "term.battle_pile"): "eraso eta defentsarako piloa",
    ("mb_tui", "eu", "help.play"):
        "Idatzi karta baten zenbakia jokatzeko (eraso-karta bati bikotea gehitu, adib. “3 1”), "
        "edo -zenbakia baztertzeko (adib. “-3”). q: irten.",
    ("mb_tui", "es", "coup_fourre"): "contraataque",
    ("mb_tui", "es", "ask_extension"):
        "Has completado exactamente {km} km. ¿Pides la prolongación, «segituko dut» (meta 1000 km)?",
    ("mb_tui", "es", "window"):
        "{seat} jugó {card} contra el equipo {team}: se puede responder con un contraataque.",
    ("mille_bornes", "eu", "already_drawn"):
        "Karta bat hartu duzu jada: orain jokatu edo baztertu karta bat.",
    ("mille_bornes", "eu", "already_rolling"):
        "Zure bikoteak semaforo berdea du jada. — With 2 or 3 players the team is one player: the code "
        "should raise a second code (“already_rolling_alone”: “Semaforo berdea duzu jada.”).",
    ("mille_bornes", "eu", "Discard {card}"): "Baztertu {card}",
    ("mille_bornes", "eu", "Discard {cards} and draw back to six"): "Baztertu {cards} eta hartu seira arte",
    ("mille_bornes", "eu", "You discarded {card}."): "Baztertu duzu: {card}.",
    ("mille_bornes", "eu", "{player} discarded {card}."): "{player}: {card} baztertu du.",
    ("mille_bornes", "eu", "You discarded {cards} and drew back to six."):
        "Baztertutakoak: {cards}. Seira arte hartu duzu.",
    ("mille_bornes", "eu", "{player} discarded {cards} and drew back to six."):
        "{player}: seira arte hartu du, hauek baztertu ondoren: {cards}.",
    ("mille_bornes", "eu", "option.edition"):
        "Oinarrizko arauak: Heraclio Fournierren euskarazko orria (000), edizio klasikoak, 2016koa edo "
        "BSD mille (bi jokalari). — en: “Base rules: Heraclio Fournier's Basque sheet (000), the classic "
        "editions, the 2016 one or BSD mille (two players).”; es: “Reglas base: la hoja en euskera de "
        "Heraclio Fournier (000), las ediciones clásicas, la de 2016 o BSD mille (dos jugadores).”; fr: "
        "“Règles de base : la feuille basque de Heraclio Fournier (000), les éditions classiques, celle "
        "de 2016 ou BSD mille (deux joueurs).” (and the field's metadata help in mahai/games/mille_bornes)",
    ("mille_bornes", "eu", "safety_discard_off"): "Babes-kartak ezin dira baztertu: erakutsi {card}.",
    ("mille_bornes", "eu", "option.safety_restarts"):
        "Babes-karta bat ohiko txandan bere eraso-kartaren gainean jarriz gero, jokalariak berehala egin "
        "dezake aurrera, semaforo berderik gabe (BSD mille). — BSD mille is for two players, each alone: "
        "“the player”, not “the team”, in en (“lets the player drive at once”), es (“al jugador”), "
        "fr (“au joueur”)",
    ("mille_bornes", "eu", "option.discard_safeties"):
        "Babes-kartak baztertu daitezke; bestela erakutsi bakarrik egin daitezke (BSD mille).",
    ("mille_bornes", "es", "option.extension_to_completer"):
        "Los 200 puntos de la prolongación son para quien completa los 1000 km; si nadie lo hace, "
        "para nadie (BSD mille).",
    ("mille_bornes", "eu", "option.direction"):
        "Jokoaren noranzkoa: eskuinera (euskarazko orriak dioen bezala) edo ezkerrera.",
    ("mille_bornes", "en", "option.direction"):
        "Direction of play: to the right (as the Basque sheet says) or to the left. "
        "— also the field's metadata help",
    ("mille_bornes", "es", "option.direction"):
        "Sentido del juego: hacia la derecha (como dice la hoja en euskera) o hacia la izquierda.",
    ("mille_bornes", "fr", "option.direction"):
        "Sens du jeu : vers la droite (comme le dit la feuille basque) ou vers la gauche.",
    ("mille_bornes", "eu", "option.coup_fourre_closes"):
        "Kontraerasoa noiz arte egin daitekeen: hurrengo jokalariak karta hartu arte, edo jokatu arte.",
    ("mille_bornes", "en", "option.coup_fourre_closes"):
        "How long a coup fourré may be called: until the next player draws, or until they play. "
        "— also the field's metadata help",
    ("mille_bornes", "es", "option.coup_fourre_closes"):
        "Hasta cuándo se puede hacer un contraataque: hasta que el siguiente jugador robe, "
        "o hasta que juegue.",
    ("mille_bornes", "fr", "option.coup_fourre_closes"):
        "Jusqu’à quand un coup fourré est possible : jusqu’à ce que le joueur suivant pioche, "
        "ou jusqu’à ce qu’il joue.",
    ("mille_bornes", "eu", "option.short_trip"):
        "Hiru eta sei jokalarirekin (eta birekin, “Ibilbidea jokalari kopuruaren arabera” aukerarekin) "
        "700 km eta luzapena; bestela beti 1.000 km.",
    ("mille_bornes", "en", "option.short_trip"):
        "With three or six players (and two, with “Trip by number of players”) the trip is 700 km with "
        "the extension; otherwise always 1000 km. — also the field's metadata help",
    ("mille_bornes", "es", "option.short_trip"):
        "Con tres o seis jugadores (y con dos, con «Recorrido según los jugadores») se juegan 700 km con "
        "prolongación; si no, siempre 1.000 km.",
    ("mille_bornes", "fr", "option.short_trip"):
        "À trois ou six joueurs (et à deux, avec « Parcours selon les joueurs ») l’étape fait 700 km avec "
        "allonge ; sinon toujours 1000 km.",
    # ---- Spades ----------------------------------------------------------------------------------------
    ("spades", "eu", "bad_notation"):
        "“{text}” ez da Spades jokaldi bat (adib. “bid 3”, “bid nil”, “play QS”, “pass 2H 9S 3C”). "
        "— quote the notation the same way in en, es and fr",
    ("spades", "eu", "draw"): "pilotik banatzea",
    ("spades", "eu", "bid"): "eskaintzak",
    ("spades", "eu", "tui.leads"): "Irteera: {seat}.",
    ("spades", "eu", "tui.stock_empty"): "Piloa hutsik dago: eskaintzak hasten dira.",
    ("spades", "eu", "tui.shown"): "Piloa ({left} karta), zuri erakutsia:",
    ("spades_tui", "eu", "tui.shown"): "Piloa ({left} karta), zuri erakutsia:",
    ("spades", "eu", "tui.ask_blind"):
        "Nil itsua (kartak ikusi gabe) ala begiratu? [i/b] — needs mahai/tui/spades.py to accept "
        "i (itsua) / b (begiratu) in Basque (and the es/fr initials); catalog-only stopgap: "
        "“[“blind”/“look”]” quoted as literal input",
    ("spades_tui", "eu", "tui.ask_blind"): "as spades/eu tui.ask_blind",
    ("spades", "eu", "tui.ask_lead"): "Zure irteera (adib. “QS”):",
    ("spades_tui", "eu", "tui.ask_lead"): "Zure irteera (adib. “QS”):",
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
    ("spades_tui", "es", "tui.side_score"): "{side} {points} ({bags} bolsas)",
    ("spades_tui", "es", "tui.bags"): "Bolsas",
    ("spades_tui", "es", "tui.bag_count"): "Bolsas acumuladas",
    ("spades", "fr", "bid_out_of_range"): "Annoncez de 0 (nil) à {max} plis, pas {bid}.",
    ("spades", "fr", "must_lead_two_of_clubs"): "Le premier pli s’entame avec le deux de trèfle.",
    ("spades", "fr", "tui.trick"): "Pli {number} pour {winner} :",
    ("spades", "fr", "tui.tricks"): "Plis",
    ("spades", "fr", "tui.last_trick"): "Dernier pli ({winner}) :",
    ("spades", "fr", "tui.current_trick"): "Pli, entame à {suit} :",
    ("spades", "fr", "The stock is empty: bidding starts."): "Le talon est vide : les annonces commencent.",
    ("spades_tui", "fr", "tui.tricks"): "Plis",
    ("spades_tui", "fr", "tui.last_trick"): "Dernier pli ({winner}) :",
    ("spades_tui", "fr", "tui.current_trick"): "Pli, entame à {suit} :",
    ("denborazup", "fr", "Place {card} in slot {slot}"): "Poser : {card}, à l’emplacement {slot}",
    ("denborazup", "fr", "Place {card} in slot {slot} and call “DenboraZup!”"):
        "Poser : {card}, à l’emplacement {slot}, et annoncer « DenboraZup! »",
    ("denborazup", "fr", "Your decision: place {card} in slot {slot}."):
        "Votre choix : poser « {card} » à l’emplacement {slot}.",
    ("denborazup", "fr", "Your decision: place {card} in slot {slot} and call “DenboraZup!”."):
        "Votre choix : poser « {card} » à l’emplacement {slot} et annoncer « DenboraZup! ».",
    ("web", "fr", "Choose a slot in the timeline."): "Choisissez un emplacement sur la frise.",
    # ---- Nim (examples/mahai-nim) ------------------------------------------------------------------------
    ("nim", "eu", "bad_notation"):
        "“{text}” ez da Nim jokaldi bat (adib. “take 2”). — quote “take 2” in en, es, fr too",
    ("nim", "eu", "too_many"): "Ezin dituzu {n} harri hartu. Piloan: {stones}.",
    ("nim", "eu", "option.stones"): "Hasieran piloan dagoen harri kopurua.",
}
"""(domain, lang, msgid) → suggested msgstr (after “ — ”, a note)."""
