"""Action labels and event sentences (``describe_action`` / ``describe_event``) in eu, en, es, fr.

Every legal action met in seeded playouts of every mode and player count (DZR-3, DZR-12,
DZR-13), and every event as projected for every viewer (a spectator too), renders in the four
languages from the ``denborazup`` catalog, with no placeholder left; and a sentence names only
cards its projected event names (hidden information, DZR-4).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import cast

import pytest

from mahai.bots import RandomBot, make_bot
from mahai.core.game import Event
from mahai.core.text import Message, Player
from mahai.games.denborazup import DenboraZupAction, DenboraZupGame, DenboraZupState, format_date, load_deck
from mahai.i18n import LANGUAGES, catalog, render
from tests.denborazup.helpers import csv_text, mini_game, synthetic_rows

BIG = DenboraZupGame(load_deck(csv_text(synthetic_rows(120, seed=5))))
MINI = mini_game()
CONFIGS = [("multi", n) for n in range(2, 9)] + [("long", n) for n in range(2, 9)] + [("solo", 1)]
ALL_KINDS = {"flip", "decided", "reveal", "draw", "reshuffle", "all_passed", "voted", "vote_result",
             "new_reference", "star", "catch", "waive", "missed_call", "game_over", "tiebreak_draw",
             "tiebreak", "chosen", "tiebreak_reveal", "draw_skipped"}
SEEN: set[str] = set()


def messages(message: Message) -> Iterator[Message]:
    yield message
    for value in message.params.values():
        if isinstance(value, Message):
            yield from messages(value)


def name(seat: int) -> str:
    return f"<P{seat}>"


def check(message: Message | None, where: str) -> dict[str, str]:
    """Render ``message`` in every language; every msgid (nested ones too) is in each catalog."""
    assert isinstance(message, Message), where
    assert message.domain == "denborazup", where
    out = {}
    for lang in LANGUAGES:
        for m in messages(message):
            assert m.msgid in catalog(m.domain, lang), (where, lang, m.msgid)
        text = render(message, lang, name)
        assert "{" not in text and "}" not in text, (where, lang, text)
        # a sentence inside another ends without its full stop (the tie-break's choices read
        # "…, erdiko kartatik 308 urtera.; …, 133 urtera.." until session 12)
        assert not re.search(r"\.[.;]", text), (where, lang, text)
        out[lang] = text
    assert out["eu"] != message.msgid, (where, out["eu"])
    return out


def check_event(game: DenboraZupGame, event: Event, players: int, state: DenboraZupState) -> None:
    """Every projection of ``event`` renders, and names only cards it carries: by id, or (a
    hidden card of a game with opaque handles, BIG's) by the state's handle."""
    SEEN.add(event.kind)
    for viewer in [None, *range(players)]:
        projected = game.project_event(event, viewer)
        if projected is None:
            continue
        texts = check(game.describe_event(projected, viewer), f"{event.kind} for {viewer}")
        # the sentence names no card that its projected event does not name
        named = repr(projected)
        for card in game.deck:
            if card.title_en in texts["en"] or card.title_eu in texts["eu"]:
                names = {card.id, state.handles[card.id]}
                assert any(re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w.-])", named) for n in names), \
                    (event.kind, viewer, card.id, texts["en"])


def check_actions(game: DenboraZupGame, state: DenboraZupState) -> None:
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            check(game.describe_action(action), action.notation())


def play(game: DenboraZupGame, mode: str, players: int, seed: int) -> None:
    state = game.new(game.options(mode=mode), players, seed)
    rng = random.Random(seed)
    pool = ["easy", "medium", "expert"] + (["random"] if mode != "long" else [])
    bots = {s: RandomBot(random.Random(seed + s)) if (b := rng.choice(pool)) == "random"
            else make_bot("denborazup", b, random.Random(seed + s)) for s in range(players)}
    for event in state.start_events:
        check_event(game, event, players, state)
    while not state.is_over:
        check_actions(game, state)
        to_act = state.to_act()
        seat = to_act[rng.randrange(len(to_act))]
        action = bots[seat].act(game, seat, game.observe(state, seat), state.legal_actions(seat))
        for event in state.apply(seat, cast(DenboraZupAction, action)):
            check_event(game, event, players, state)


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_every_action_and_event_renders_in_every_language(mode: str, players: int) -> None:
    play(BIG, mode, players, 7)
    play(MINI, mode, players, 8)


def test_every_event_kind_is_described() -> None:
    """Playouts, then a rigged tie-break with a deck that runs dry (DZR-9, DZR-11), until every
    kind of event has been described for every viewer."""
    from tests.denborazup.helpers import rig
    from tests.denborazup.test_rules import ELCANO, GERNIKA, POMPEY, act, flip_to

    for seed in range(40):
        if ALL_KINDS - {"tiebreak_draw", "tiebreak", "chosen", "tiebreak_reveal", "draw_skipped"} <= SEEN:
            break
        play(MINI, "multi", 2 + seed % 7, 900 + seed)
    state = MINI.new(MINI.options(), 3, 1)
    rig(state, hands=[[ELCANO], [POMPEY], [GERNIKA]], timeline=[GERNIKA])
    state.hands[2] = [state.deck.pop()]
    flip_to(state, "down")
    act(state, 0, f"place {ELCANO}")
    act(state, 1, f"place {POMPEY}")
    state.deck, state.discard = state.deck[:3], []
    events = list(act(state, 2, "pass"))
    while not state.is_over:
        check_actions(MINI, state)
        seat = state.to_act()[0]
        events += state.apply(seat, state.legal_actions(seat)[0])
    for event in events:
        check_event(MINI, event, 3, state)
    assert ALL_KINDS <= SEEN, ALL_KINDS - SEEN


def render_all(message: Message | None, lang: str = "en") -> str:
    assert message is not None
    return render(message, lang, name)


def test_sentences_are_written_for_the_viewer() -> None:
    """The seat itself reads "You …"; the others read the seat's name (DZR-5, DZR-8, DZR-10)."""
    g = MINI
    flip = {"kind": "flip", "seat": 1, "coin": "up", "round": 3}
    assert render_all(g.describe_event(flip, 1)) == "Round 3: you flipped the coin: UP."
    assert render_all(g.describe_event(flip, 0)) == "Round 3: <P1> flipped the coin: UP."
    assert render_all(g.describe_event(flip, 1), "eu") == \
        "3. txanda: bota duzun txanponak GORA adierazten du."
    catch = {"kind": "catch", "seat": 0, "caught": 2}
    assert render_all(g.describe_event(catch, 0)) == "You caught <P2>, who draws a card."
    assert render_all(g.describe_event(catch, 2)) == "<P0> caught you: you draw a card."
    assert render_all(g.describe_event(catch, None)) == "<P0> caught <P2>, who draws a card."
    star = {"kind": "star", "seat": 0, "choice": "give", "to": 1}
    assert render_all(g.describe_event(star, 1)) == "<P0> used a star: you take the top card."
    over = {"kind": "game_over", "winners": [2]}
    assert render_all(g.describe_event(over, 2), "eu") == "Irabazi duzu!"
    assert render_all(g.describe_event(over, 0), "eu") == "<P2>: irabazi du."
    # DZR-12: the solo end is a sentence like the others, ending in its full stop after the rating
    # (“… 12 karta erabili dituzu. Segi jolasten” stopped short, in all four languages)
    solo = {"kind": "game_over", "winners": [0], "used": 12, "rating": "Segi jolasten"}
    assert render_all(g.describe_event(solo, 0), "eu") == \
        "Partida amaitu da: 12 karta erabili dituzu. Segi jolasten."
    for lang in ("en", "es", "fr"):
        assert render_all(g.describe_event(solo, 0), lang).endswith(".")
    # two players who did not call: two sentences, one after the other (they were joined as a
    # list's items, "…, eta harrapa daiteke.; …": session 12)
    missed = {"kind": "missed_call", "seats": [0, 2]}
    assert render_all(g.describe_event(missed, 2), "eu") == \
        "<P0>: ez du “DenboraZup!” esan, eta harrapa daiteke. Ez duzu “DenboraZup!” esan: harrapa zaitzakete."
    assert render_all(g.describe_event(missed, None), "fr").count(". ") == 1


def test_own_draw_names_the_cards_and_others_only_count_them() -> None:
    """DZR-6: the drawer learns the events (never the dates), the others a count."""
    g = MINI
    cards = [e.id for e in g.deck][:2]
    event = Event("draw", {"seat": 0, "reason": "penalty", "cards": cards, "count": 2},
                  audience=frozenset({0}), redacted={"seat": 0, "reason": "penalty", "count": 2})
    mine = render_all(g.describe_event(g.project_event(event, 0) or {}, 0))
    theirs = render_all(g.describe_event(g.project_event(event, 1) or {}, 1))
    assert mine == "Wrong: you draw 2 cards: " + ", ".join(f"“{g.deck.get(c).title_en}”" for c in cards) + "."
    assert theirs == "<P0> draws 2 cards."
    for c in cards:
        assert str(g.deck.get(c).year) not in mine.replace(g.deck.get(c).title_en, "")
    # the Basque verb agrees with the count, as the rule sheet's "bi karta hartuko ditu" (it read
    # "… zigor gisa hau hartu duzu: “A”, “B”."); one card when the deck runs short (DZR-11)
    titles = ", ".join(f"“{g.deck.get(c).title_eu}”" for c in cards)
    assert render_all(g.describe_event(g.project_event(event, 0) or {}, 0), "eu") == \
        f"Oker jarri duzu, eta zigor gisa 2 karta hartu dituzu: {titles}."
    one = Event("draw", {"seat": 0, "reason": "penalty", "cards": cards[:1], "count": 1},
                audience=frozenset({0}), redacted={"seat": 0, "reason": "penalty", "count": 1})
    assert render_all(g.describe_event(g.project_event(one, 0) or {}, 0), "eu") == \
        f"Oker jarri duzu, eta zigor gisa karta 1 hartu duzu: “{g.deck.get(cards[0]).title_eu}”."


def test_titles_follow_the_language_and_dates_are_shown_once_revealed() -> None:
    """A card's title is given in the reader's language (French reads the English title); a
    revealed card shows its date formatted for that language (DZC-2)."""
    g = MINI
    card = next(e for e in g.deck if e.year < 0)
    place = g.describe_action(g.parse_action(f"place {card.id} call"))
    assert render_all(place, "eu") == f"Jarri: {card.title_eu}, eta esan “DenboraZup!”"
    assert render_all(place, "es") == f"Colocar: {card.title_es} y decir «DenboraZup!»"
    assert render_all(place, "fr") == f"Poser\u00a0: {card.title_en} et annoncer «\u00a0DenboraZup!\u00a0»"
    state = g.new(g.options(), 2, 3)
    ref = state.revealed(card.id)
    text = render_all(g.describe_event({"kind": "new_reference", "old": "x", "reference": ref}, None), "eu")
    assert text == f"Erdiko karta berria: {card.title_eu} ({format_date(card, 'eu')})."
    assert f"K.a. {-card.year:,}".replace(",", ".") in text  # 14000 BC: "K.a. 14.000" (DZC-2)


def test_a_list_of_titles_quotes_each_title_as_its_language_does() -> None:
    """DZR-6: the cards of a penalty (or star, tie-break) draw are named one by one, each quoted
    as the catalogs quote one card (eu/en “…”, es «…», fr « … »), so titles with commas of their
    own stay apart."""
    g = MINI
    cards = [e.id for e in g.deck][:2]
    a, b = (g.deck.get(c) for c in cards)
    event = {"kind": "draw", "seat": 0, "reason": "star", "cards": cards, "count": 2}
    star = g.describe_event(event, 0)
    assert render_all(star, "eu") == f"Izarrari esker, hau jaso duzu: “{a.title_eu}”, “{b.title_eu}”."
    assert render_all(star, "es") == f"Estrella: recibes «{a.title_es}», «{b.title_es}»."
    assert render_all(star, "fr") == (f"Étoile\u00a0: vous recevez «\u00a0{a.title('fr')}\u00a0», "
                                      f"«\u00a0{b.title('fr')}\u00a0».")
    tie = {"kind": "tiebreak_draw", "seat": 0, "cards": cards[:1], "count": 1}
    assert render_all(g.describe_event(tie, 0)) == f"Tie-break: you drew “{a.title_en}”."


def test_french_quotes_a_title_with_guillemets_in_curly_quotes() -> None:
    """French typography: « » outside, “ ” inside; a title quoted by a sentence never shows
    « « nested » »; alone (an action's label) it keeps its own guillemets."""
    from mahai.games.denborazup import GAME
    from mahai.i18n import french_quotes

    card = GAME.deck.get("erauso-born")
    assert "«\u00a0Nonne lieutenant\u00a0»" in card.title("fr")
    decided = {"kind": "decided", "seat": 0, "action": f"place {card.id}"}
    decision = render_all(GAME.describe_event(decided, 0), "fr")
    label = render_all(GAME.describe_action(GAME.parse_action(f"place {card.id}")), "fr")
    assert label == f"Poser\u00a0: {card.title('fr')}"
    assert french_quotes("« la « Nonne » et « Gero » »") == "« la “Nonne” et “Gero” »"
    assert french_quotes("« a » et « b »") == "« a » et « b »"
    assert decision == ("Votre choix\u00a0: poser «\u00a0Catalina de Erauso, la “Nonne lieutenant”, "
                        "naît à Saint-Sébastien\u00a0».")


def test_players_in_actions_are_players() -> None:
    g = MINI
    assert g.describe_action(g.parse_action("star give 2")).params["player"] == Player(2)
    assert g.describe_action(g.parse_action("catch 1")).params["player"] == Player(1)


def test_unknown_event_kind_has_no_sentence() -> None:
    assert MINI.describe_event({"kind": "no_such_kind"}, None) is None



@pytest.mark.parametrize(("notation", "english"), [
    ("flip", "Flip the coin"), ("pass", "Pass"), ("waive", "Let it go"),
    ("vote yes", "Yes, replace the reference card"), ("vote no", "No, keep the reference card"),
    ("catch 2", "Catch <P2>: no “DenboraZup!” call"), ("star replace", "Star: replace the reference card"),
    ("star give 0", "Star: give the top card to <P0>"), ("choose {id}", "Choose {title}"),
    ("place {id}", "Place {title}"), ("place {id} call", "Place {title} and call “DenboraZup!”"),
    ("place {id} slot 0", "Place {title} in slot 1"),  # slots as the timeline shows them, from 1
    ("place {id} slot 3 call", "Place {title} in slot 4 and call “DenboraZup!”"),
])
def test_every_action_shape_has_its_label(notation: str, english: str) -> None:
    """DZR-5 … DZR-10, DZR-13: one label per action shape; a card is named by its title."""
    card = next(iter(MINI.deck))
    action = MINI.parse_action(notation.format(id=card.id))
    assert render_all(MINI.describe_action(action)) == english.format(title=card.title_en)
    decided = {"kind": "decided", "seat": 1, "action": action.notation()}
    if notation.startswith(("place", "pass")):
        text = render_all(MINI.describe_event(decided, 1))
        assert text.startswith("Your decision: ") and text.endswith(".")
        assert (card.title_en in text) == notation.startswith("place")
        assert ("slot" in text) == ("slot" in notation)
        assert ("DenboraZup" in text) == notation.endswith("call")


def test_describe_action_refuses_a_foreign_action() -> None:
    with pytest.raises(TypeError):
        MINI.describe_action(MINI)  # type: ignore[arg-type]
