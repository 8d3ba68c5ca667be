"""Mille Bornes in the terminal (the generic driver with the Mille Bornes screen), driven by
scripted input through whole games (eu, en, fr, hot-seat)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from mahai.core.errors import IllegalAction, MalformedAction
from mahai.core.game import Event
from mahai.games.mille_bornes import GAME
from mahai.i18n import explain, number, render, translate
from mahai.tui.driver import Terminal
from tests.mille_bornes_play.positions import put, set_hand, turn


def table_for(players: int, humans: int, lang: str, seed: int, edition: str = "eu",
              script: Callable[[Terminal, str], str] | None = None) -> tuple[Terminal, io.StringIO]:
    out = io.StringIO()
    holder: list[Terminal] = []

    def first_legal(prompt: str) -> str:
        table = holder[0]
        if script is not None:
            return script(table, prompt)
        if table.asking is None:
            return ""
        first: str = table.state.legal_actions(table.asking)[0].notation()
        return first

    table = Terminal(GAME, GAME.options(edition), players, humans, seed, lang=lang, input_fn=first_legal,
                     bots=["heuristic"], console=Console(file=out, width=120, color_system=None))
    holder.append(table)
    return table, out


class Script:
    """First legal choice, after a few malformed and illegal inputs at the first play-phase prompt."""

    def __init__(self) -> None:
        self.bad = ["", "99", "xyzzy 3", "hazard stop 0", "-9"]
        self.expected: list[str] = []

    def __call__(self, table: Terminal, prompt: str) -> str:
        seat = table.asking
        if seat is None:
            return ""
        st: Any = table.state
        if self.bad and st.phase == 1 and seat == st.turn and not st.pending:
            text = self.bad.pop(0)
            self.expected.append(self.explain(table, seat, text))
            return text
        first: str = st.legal_actions(seat)[0].notation()
        return first

    @staticmethod
    def explain(table: Terminal, seat: int, text: str) -> str:
        """What the front end must say about ``text`` (computed from the rules, not the front end)."""
        hand = table.state.hand_codes(seat)  # type: ignore[attr-defined]
        lang = table.lang
        if text == "":
            return explain(MalformedAction("empty_choice", domain="tui"), lang)
        if text in ("99", "-9"):
            number = int(text.lstrip("-"))
            error = MalformedAction("no_such_card", domain="mb_tui", number=number, size=len(hand))
            return explain(error, lang)
        if text.startswith("xyzzy"):
            return explain(MalformedAction("bad_notation", domain="mille_bornes", text=text), lang)
        if "stop" in hand:  # seat 0 is in team 0: MBR-6, never one's own team
            return explain(IllegalAction("own_team", domain="mille_bornes"), lang)
        return explain(IllegalAction("card_not_in_hand", domain="mille_bornes", card="card.stop"), lang)


@pytest.mark.parametrize("lang,players,seed", [("eu", 2, 3), ("en", 3, 8)])
def test_a_whole_game_with_scripted_input(lang: str, players: int, seed: int) -> None:
    script = Script()
    table, out = table_for(players, 1, lang, seed, script=script)
    state: Any = table.run()
    text = out.getvalue()
    assert state.is_over and state.winners()
    assert not script.bad, "every bad input was tried"
    assert table.explained == script.expected  # each explained in the player's language, then re-asked
    assert len(set(table.explained)) == 5
    for message in table.explained:
        assert message in text.replace("\n", " ") or message.split()[0] in text
    # every finished leg's score sheet with every bonus, then the winner
    assert text.count(translate("mb_tui", "sheet_title", lang, leg=1)) == 1
    assert text.count(translate("mb_tui", "leg_total", lang)) == state.legs_played
    for item in ("distance", "safeties", "coups_fourres", "trip", "delayed_action", "safe_trip", "shut_out"):
        assert translate("mille_bornes", f"score.{item}", lang) in text
    winners = sorted(state.winners())
    said = (translate("tui", "winner", lang, name="ABC"[winners[0]]) if len(winners) == 1  # a lone winner
            else translate("tui", "winners", lang, names=", ".join("ABC"[s] for s in winners)))
    assert said in text
    assert number(max(state.totals), lang) in text.split(said)[1]
    # Basque by default with the sheet's card names; English card names in English
    assert translate("mille_bornes", "card.roll", lang) in text
    if lang == "eu":
        assert "semaforo berdea" in text and "Zure eskua:" in text


def test_the_human_sees_only_their_projection() -> None:
    """Every screen is built from ``GAME.observe(state, seat)``: the bot's hand never appears."""
    table, out = table_for(2, 1, "en", 5)
    seen: list[str] = []

    def spy(prompt: str) -> str:
        if table.asking is None:
            return ""
        screen = out.getvalue()[len("".join(seen)):]
        seen.append(screen)
        hand_line = next(line for line in reversed(screen.splitlines()) if line.startswith("Your hand:"))
        st: Any = table.state
        for code in set(st.hand_codes(1)) - set(st.hand_codes(0)):
            assert translate("mille_bornes", f"card.{code}", "en") not in hand_line
        first: str = st.legal_actions(0)[0].notation()
        return first

    table.input_fn = spy
    for _ in range(40):
        table.step()
    assert len(seen) >= 10


def decisions(table: Terminal) -> list[tuple[int | None, str | None]]:
    """Every decision put to a person: ``(seat, "turn" | "coup_fourre" | "extension")``."""
    return [(turn.viewer, turn.view["decision"]) for turn in table.asked]


def _window_on_team_0(humans: int, holds: bool) -> Terminal:
    """4 players, teams {0, 2} and {1, 3}, direction right: seat 3 stops team 0; seat 2 is next,
    seat 0 is in the window (MBR-10)."""
    table, _ = table_for(4, humans, "eu", 1)
    st: Any = table.state
    put(st, 0, "roll")
    set_hand(st, 3, "stop", "25", "25", "50", "50", "75", "75")
    set_hand(st, 0, *(["right_of_way"] if holds else ["roll"]), "25", "50", "75", "100", "repairs")
    turn(st, 3)
    st.apply(3, GAME.parse_action("hazard stop 0"))
    assert st.to_act() == (0, 2)
    return table


def test_a_lone_player_in_the_window_is_asked_only_when_holding_the_safety() -> None:
    table = _window_on_team_0(humans=1, holds=True)
    answers = iter(["2"])  # the menu: 1) do nothing 2) coup fourré
    table.input_fn = lambda prompt: next(answers)
    table.step()
    assert decisions(table) == [(0, "coup_fourre")]
    view = GAME.view(table.state, None)  # type: ignore[arg-type]
    assert "right_of_way" in view["tableaux"][0]["coups_fourres"]

    table = _window_on_team_0(humans=1, holds=False)
    table.input_fn = lambda prompt: pytest.fail("nobody may be asked")
    table.step()
    assert decisions(table) == [] and table.state.to_act() == (2,)


@pytest.mark.parametrize("holds", [True, False])
def test_hot_seat_asks_the_window_whether_or_not_the_safety_is_held(holds: bool) -> None:
    """With several people at the keyboard, being asked must not tell the others anything: the
    player in the window gets the keyboard and a question either way."""
    table = _window_on_team_0(humans=3, holds=holds)
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "" if table.asking is None else "1"  # hand-off, then "1) do nothing"

    table.input_fn = answer
    table.step()
    assert prompts[0] == translate("tui", "handoff", "eu", name="A")
    assert decisions(table) == [(0, "coup_fourre")]
    assert table.state.to_act() == (2,)


def test_hot_seat_game_to_the_end_hands_the_keyboard_over() -> None:
    """4 players, 3 people (seats 0, 1, 2) in French: every change of person at the keyboard
    is preceded by the hand-off prompt, and every window on a team with a person in it is asked."""
    table, out = table_for(4, 3, "fr", 21)
    log: list[tuple[str, int | None]] = []
    windows: list[int] = []
    original = table.tell_events

    def tell_events(events: list[Event]) -> None:
        for event in events:
            if event.kind == "window":
                windows.extend(s for s in event.data["pending"] if s in table.humans)
        original(events)

    def answer(prompt: str) -> str:
        log.append((prompt, table.asking))
        if table.asking is None:
            return ""
        first: str = table.state.legal_actions(table.asking)[0].notation()
        return first

    table.tell_events = tell_events  # type: ignore[method-assign,assignment]
    table.input_fn = answer
    state = table.run()
    assert state.is_over
    asked = [seat for prompt, seat in log if seat is not None]
    for i in range(1, len(log)):
        _, seat = log[i]
        previous = [s for _, s in log[:i] if s is not None]
        if seat is not None and previous and previous[-1] != seat:
            assert log[i - 1][0] == translate("tui", "handoff", "fr", name="ABC"[seat])
    assert len(set(asked)) == 3
    assert sum(1 for s, d in decisions(table) if d == "coup_fourre") == len(windows) > 0
    lone = len(state.winners()) == 1
    said = translate("tui", "winner" if lone else "winners", "fr", name="", names="").strip()
    assert said in out.getvalue()


def test_quitting_and_end_of_input_stop_the_game() -> None:
    table, out = table_for(2, 1, "es", 2)
    table.input_fn = lambda prompt: "q"
    state = table.run()
    assert not state.is_over and "¡Adiós!" in out.getvalue()

    def eof(prompt: str) -> str:
        raise EOFError

    table, out = table_for(2, 1, "es", 2)
    table.input_fn = eof
    assert not table.run().is_over and "¡Adiós!" in out.getvalue()


def test_a_hazard_needs_its_team_when_several_can_take_it() -> None:
    """3 players: a hazard by hand number alone is ambiguous when both opponents roll."""
    table, _ = table_for(3, 1, "en", 4)
    st: Any = table.state
    put(st, 1, "roll")
    put(st, 2, "roll")
    set_hand(st, 0, "accident", "25", "50", "75", "100", "roll", "repairs")
    turn(st, 0)
    seen = table.turn(0, st.legal_actions(0))

    def read(text: str) -> str:
        action = table.screen.read(text, seen)
        assert action is not None
        return action.notation()

    with pytest.raises(MalformedAction) as err:
        read("1")
    # Players are named by their seat's letter, never by the notation's team id (which counts from 0).
    assert (err.value.code, err.value.domain, err.value.params["teams"]) == ("which_team", "mb_tui", "B, C")
    assert read("1 C") == read("1 c") == "hazard accident 2"
    with pytest.raises(MalformedAction) as err:
        read("1 F")  # no seat F at a table of three
    assert err.value.code == "which_team"
    assert read("-1") == "discard accident"
    assert read("2") == "play 25"
    assert read("6") == "play roll"
    assert read("7") == "remedy repairs"
    assert table.screen.read("remedy repairs", seen) is None  # notation: read by the driver


def test_a_hazard_names_either_player_of_the_pair_it_attacks() -> None:
    """4 players in teams (MBR-1: {A, C} and {B, D}): “1 B” and “1 D” attack the same team, and the
    tableau table names teams by their players, not by the notation's team id."""
    table, _ = table_for(4, 1, "en", 4)
    st: Any = table.state
    assert st.teams == ((0, 2), (1, 3))
    put(st, 1, "roll")
    set_hand(st, 0, "accident", "25", "50", "75", "100", "roll", "repairs")
    turn(st, 0)
    seen = table.turn(0, st.legal_actions(0))
    for text in ("1 B", "1 D", "1"):
        action = table.screen.read(text, seen)
        assert action is not None and action.notation() == "hazard accident 1", text
    assert table.screen.team_label(seen.view, 1) == "B, D"  # type: ignore[attr-defined]


def test_no_line_tells_what_another_seat_drew_or_holds() -> None:
    """News come from ``GAME.project_event`` for the person's seat, told by ``describe_event``: the
    person's own draws name the card; the bot's draws never do (their projection has no card)."""
    table, out = table_for(2, 1, "en", 6)
    own: list[tuple[str, str | None]] = []
    others: list[tuple[str, str | None]] = []
    original = table.tell_events

    def tell_events(events: list[Event]) -> None:
        for event in events:
            if event.kind == "draw" and event.data["source"] == "pile":
                seen = GAME.project_event(event, 0)
                assert seen is not None
                message = GAME.describe_event(seen, 0)
                line = table.tell(message, 0) if message is not None else None
                if event.data["seat"] == 0:
                    own.append((event.data["card"], line))
                else:
                    assert "card" not in seen
                    others.append((event.data["card"], line))
        original(events)

    table.tell_events = tell_events  # type: ignore[method-assign,assignment]
    for _ in range(300):
        if table.state.is_over:
            break
        table.step()
    text = out.getvalue()
    assert len(others) > 20 and own
    for card, line in own:
        assert line is not None and line in text and translate("mille_bornes", f"card.{card}", "en") in line
    for card, line in others:
        assert line is None or translate("mille_bornes", f"card.{card}", "en") not in line


@pytest.mark.parametrize("answer,target", [("1", 1000), ("2", None)])
def test_the_extension_is_asked_when_exactly_700_is_completed(answer: str, target: int | None) -> None:
    """MBR-12: “segituko dut” → the target becomes 1000 for everyone; no → the leg ends (sheet shown)."""
    table, out = table_for(2, 1, "eu", 12)
    st: Any = table.state
    put(st, 0, "roll", "200", "200", "100", "100", "75")
    set_hand(st, 0, "25", "100", "50", "75", "50", "roll", "stop")
    turn(st, 0)
    answers = iter(["1", answer, ""])  # card 1 (25 km → 700), then the extension menu, then Enter
    table.input_fn = lambda prompt: next(answers)
    table.step()
    assert decisions(table) == [(0, "turn")]
    table.step()
    assert decisions(table) == [(0, "turn"), (0, "extension")]
    text = out.getvalue()
    assert f"1) {render(GAME.describe_action(GAME.parse_action('extend yes')), 'eu')}" in text
    if target is not None:
        assert st.target == target and st.legs_played == 0
    else:
        assert st.legs_played == 1 and translate("mb_tui", "sheet_title", "eu", leg=1) in text


def at_first_play(answers: list[str]) -> Callable[[Terminal, str], str]:
    """A script that types ``answers`` (consumed) at the first play of the turn player (MBR-5),
    then quits."""
    def script(table: Terminal, prompt: str) -> str:
        if table.asking is None:
            return ""
        st: Any = table.state
        if answers and st.phase == 1 and table.asking == st.turn and not st.pending:
            return answers.pop(0)
        return "q"
    return script


@pytest.mark.parametrize(("lang", "not_understood"), [
    ("eu", "Ez da ulertu idatzi duzuna: “kaixo”"), ("en", "What you typed could not be understood: “kaixo”"),
    ("es", "No se ha entendido lo que has escrito: «kaixo»"),
    ("fr", "Ce que vous avez tapé n’a pas été compris\u00a0: «\u00a0kaixo\u00a0»")])
def test_a_line_that_is_no_move_says_so_and_how_to_choose(lang: str, not_understood: str) -> None:
    """A line the game cannot read at the first play (MBR-5: play or discard one card) is quoted as
    typed, said not understood, and followed by how to choose: a hand number, "-N" to discard, "?"
    for the legal moves; "?" then lists them, and a hand number plays."""
    answers = ["kaixo", "?"]
    script = at_first_play(answers)

    table, out = table_for(2, 1, lang, 3, script=script)
    table.run()
    assert not answers
    assert table.explained == [explain(MalformedAction("bad_notation", domain="mille_bornes", text="kaixo"),
                                       lang)]
    assert table.explained[0].startswith(not_understood)
    assert table.hints == [translate("mb_tui", "hint", lang)]
    assert "“?”" in table.hints[0] or "«?»" in table.hints[0] or "«\u00a0?\u00a0»" in table.hints[0]
    assert "-3" in table.hints[0]
    text = out.getvalue()
    said = text.index(table.hints[0].split()[0], text.index(not_understood.split(":")[0]))
    assert translate("tui", "legal", lang) in text[said:]  # "?" lists the legal moves


def test_the_legal_moves_are_listed_as_they_are_typed() -> None:
    """"?" at the first play (MBR-5: play or discard one card) lists each legal move as the person
    types it on this screen (a hand number, "-N" to discard), not the engine's notation; each line
    typed back is that very move."""
    answers = ["?"]
    script = at_first_play(answers)

    table, out = table_for(2, 1, "eu", 3, script=script)
    table.run()
    turn = table.asked[-1]
    listed = out.getvalue().split(translate("tui", "legal", "eu"))[1].splitlines()[1:1 + len(turn.legal)]
    hand = turn.view["hand"]
    for line, action in zip(listed, turn.legal, strict=True):
        typed, said = line.strip().split(" — ")
        assert typed.lstrip("-").split()[0].isdigit(), line  # "4", "-1", "6 B": never "play roll"
        assert hand[int(typed.lstrip("-").split()[0]) - 1] == action.notation().split()[1]
        read = table.screen.read(typed, turn)
        assert read is not None and read.notation() == action.notation()
        assert said == table.describe(action, 0)


@pytest.mark.parametrize(("lang", "wrong", "needed"), [
    ("eu", "Konponketa ez da semaforo gorria kartaren defentsa.",
     "Semaforo gorria dago zure piloan: lehenik dagokion defentsa-karta jarri behar duzu."),
    ("en", "Repairs is not the remedy for stop.", "Stop is on your battle pile: play its remedy first."),
])
def test_a_refusal_that_opens_with_a_card_opens_with_a_capital(lang: str, wrong: str, needed: str) -> None:
    """MBR-7 (a remedy answers its own hazard) and MBR-5 (no distance under a hazard): the sentence
    opens with the card's name, written in lower case inside sentences; it once began "konponketa ez
    da …" and "stop is on your battle pile"."""
    from mahai.tui.screen import Quit

    answers = iter(["1", "2", "q"])
    table, _ = table_for(2, 1, lang, 4)
    table.input_fn = lambda prompt: next(answers)
    st: Any = table.state
    put(st, 0, "roll")
    put(st, 0, "stop")
    set_hand(st, 0, "repairs", "25", "50", "75", "100", "roll", "gasoline")
    turn(st, 0)
    with pytest.raises(Quit):
        table.person_decides(table.turn(0, st.legal_actions(0)))
    assert table.explained == [wrong, needed]
