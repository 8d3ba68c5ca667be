"""Every action and every projected event has a sentence, for its viewer, in eu, en, es and fr.

Random games of every edition and player count (MBR-1; 2016: 2-6 players, MBR-22; bsd: 2 players,
MBR-28), of the other programs' rules (MBR-25..27), and with the variants that bring the rarer
events (fast game and its redraw, sheet 003; draw from the discard pile and reshuffles, MBR-20;
the extension, MBR-12; coup fourré, MBR-10): every legal action of
every seat that must act, every event of the set-up and of every action as projected for every
seat and a spectator, renders in every language with no placeholder left, and the Basque
sentence is a translation (not the English msgid). Every sentence of the catalog is reached.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahai.core.text import Message, Player
from mahai.games.mille_bornes import GAME, MilleBornesState
from mahai.i18n import LANGUAGES, render

CASES: list[tuple[str, int, dict[str, Any]]] = [
    *((e, p, {}) for e in ("eu", "classic") for p in (2, 3, 4, 6)),
    *(("2016", p, {}) for p in (2, 3, 4, 5, 6)),
    ("eu", 4, {"fast_game": True, "game_target": 1500}),
    ("classic", 3, {"fast_game": True, "draw_from_discard": True, "deck_exhaustion": "reshuffle",
                    "game_target": 1500}),
    ("2016", 4, {"team_play": False, "deck_exhaustion": "end"}),
    ("2016", 6, {"fast_game": True}),
    ("bsd", 2, {}),
    ("bsd", 2, {"fast_game": True, "game_target": 1500}),
    ("eu", 3, {"safety_restarts": True, "extension_to_completer": True, "discard_safeties": False,
               "game_target": 1500}),
]
NESTED = {"{a} and {b}", "{a}, {b}"}
"""Msgids only used inside another sentence (lists of names)."""


def name(seat: int) -> str:
    return f"P{seat}"


def check(message: Message | None) -> None:
    assert message is not None
    assert message.domain == "mille_bornes"
    for lang in LANGUAGES:
        text = render(message, lang, name)
        assert "{" not in text and "}" not in text, (lang, message, text)
        assert "(r)" not in text and "(e)" not in text, text
    eu = render(message, "eu", name)
    assert eu != message.msgid and eu != render(message, "en", name), message


def walk(edition: str, players: int, over: dict[str, Any],
         seed: int) -> Iterator[tuple[MilleBornesState, list[Any]]]:
    """Yield each state with the events that led to it (the set-up's first)."""
    st = GAME.new(GAME.options(edition, **over), players, seed)
    rng = random.Random(seed)
    yield st, st.start_events
    while not st.is_over:
        seat = st.to_act()[0]
        events = st.apply(seat, rng.choice(st.legal_actions(seat)))
        yield st, events


@functools.cache
def rendered(case: int) -> tuple[dict[str, Message], dict[str, Message | None]]:
    """The message of every legal action and of every projected event (by repr) met in the
    random games of ``CASES[case]`` (two seeds); computed once per worker process."""
    edition, players, over = CASES[case]
    actions: dict[str, Message] = {}
    events: dict[str, Message | None] = {}
    for st, new in (x for seed in (players, 100 + players) for x in walk(edition, players, over, seed)):
        for seat in st.to_act():
            for action in st.legal_actions(seat):
                actions.setdefault(action.notation(), GAME.describe_action(action))
        for event in new:
            for viewer in [*range(players), None]:
                projected = GAME.project_event(event, viewer)
                if projected is not None:
                    message = GAME.describe_event(projected, viewer)
                    events.setdefault(repr(message), message)
    return actions, events


@pytest.mark.parametrize("case", range(len(CASES)),
                         ids=[f"{e}-{p}-{i}" for i, (e, p, _) in enumerate(CASES)])
def test_every_action_and_event_renders(case: int) -> None:
    actions, events = rendered(case)
    for message in actions.values():
        check(message)
    for maybe in events.values():
        check(maybe)


def test_every_sentence_is_reached() -> None:
    """Each catalog sentence is used by some action or event of the random games (whichever
    worker ran the cases above: the games are played again here where needed)."""
    seen: set[str] = set()
    for case in range(len(CASES)):
        actions, events = rendered(case)
        seen |= {m.msgid for m in actions.values()}
        seen |= {m.msgid for m in events.values() if m is not None}
    po = Path(__file__).resolve().parents[2] / "mahai/locale/en/LC_MESSAGES/mille_bornes.po"
    section = po.read_text(encoding="utf-8").split("# Actions and events", 1)[1]
    sentences = set(re.findall(r'^msgid "(.+)"$', section, flags=re.M)) - NESTED
    # the reports' names of the game's figures (Game.stat_names: "stat.legs"), not sentences
    sentences = {s for s in sentences if not s.startswith("stat.")}
    assert sentences == seen


def test_written_for_the_viewer() -> None:
    """MBR-10: the attacked seat reads "on you", its partner "on your team", the others the names."""
    hazard = {"kind": "hazard", "seat": 0, "team": 1, "card": "stop", "seats": [1, 3]}
    by_you = GAME.describe_event(hazard, 0)
    assert by_you is not None and by_you.msgid == "You played {card} on team {target}."
    assert render(by_you, "eu", name) == "Zuk semaforo gorria jarri diozu P1 eta P3 bikoteari."
    on_team = GAME.describe_event(hazard, 1)
    assert on_team is not None and on_team.params["player"] == Player(0)
    assert render(on_team, "eu", name) == "P0: semaforo gorria jarri dio zure bikoteari."
    assert render(on_team, "en", name) == "P0 played stop on your team."
    spectator = GAME.describe_event(hazard, None)
    assert spectator is not None and render(spectator, "es", name) == \
        "P0 jugó semáforo rojo contra el equipo de P1 y P3."
    solo = {**hazard, "seats": [1]}
    on_you = GAME.describe_event(solo, 1)
    assert on_you is not None and render(on_you, "eu", name) == "P0: semaforo gorria jarri dizu."


def test_hidden_cards_stay_hidden_in_sentences() -> None:
    """A draw from the pile names the card to the seat that drew it only (MBR-4)."""
    st = GAME.new(GAME.options("eu"), 3, seed=5)
    events = st.apply(0, GAME.parse_action("draw"))
    card = events[0].data["card"]
    own = GAME.describe_event(GAME.project_event(events[0], 0) or {}, 0)
    other = GAME.describe_event(GAME.project_event(events[0], 1) or {}, 1)
    assert own is not None and other is not None
    assert own.params["card"] == Message("mille_bornes", f"card.{card}", {})
    assert render(other, "en", name) == "P0 drew a card."
    deal = [e for e in st.start_events if e.kind == "deal" and e.data["seat"] == 1][0]
    seen = GAME.describe_event(GAME.project_event(deal, 2) or {}, 2)
    assert seen is not None and render(seen, "eu", name) == "P1: 6 karta banatu zaizkio."


def test_a_lone_winner_is_no_list_of_winners() -> None:
    """The play test of session 15 (two players, French): the game's last line said "Partie
    terminée. Gagnants : Miren (1300 points)." above a panel saying "Gagnant : Miren". One
    winner is said in the singular, a team of two in the plural, in every language (MBR-17)."""
    one = {"kind": "game_end", "winners": [0], "teams": [0], "totals": [1300, 500]}
    said = GAME.describe_event(one, 1)
    assert said is not None
    assert render(said, "fr", name) == "Partie terminée. Gagnant\u00a0: P0 (1300 points)."
    assert render(said, "en", name) == "Game over. Winner: P0 (1,300 points)."
    assert render(said, "es", name) == "Fin de la partida. Ganador: P0 (1300 puntos)."
    assert render(said, "eu", name) == "Partida amaitu da: P0 irabazle, 1.300 punturekin."
    pair = {"kind": "game_end", "winners": [0, 2], "teams": [0], "totals": [5100, 4200]}
    both = GAME.describe_event(pair, None)
    assert both is not None
    assert render(both, "fr", name) == "Partie terminée. Gagnants\u00a0: P0 et P2 (5100 points)."
