"""The terminal driver (:class:`mahai.tui.driver.Terminal`) on the toy game Peek (hidden cards,
simultaneous bets, a seat that must wait) and on Spades: turn order with ``must_wait``, hot-seat
hand-over, news named for the viewer, quitting, explain-and-retry in Basque, records."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from mahai.bots import RandomBot
from mahai.core import GameRecord, MahaiError, MalformedAction
from mahai.games.mille_bornes import GAME as MILLE_BORNES
from mahai.games.spades import GAME as SPADES
from mahai.i18n import explain, translate
from mahai.sim import MAX_MOVES, make_bots
from mahai.tui.driver import Terminal
from tests.terminal.peek import CARDS, GAME, PeekState

Answer = Callable[[Terminal, str], str]


class LogConsole(Console):
    """A console whose output and screen clears are logged in order: ``("out", text)`` and
    ``("clear", "")``; prompts are logged by the input function as ``("ask", prompt)``."""

    def __init__(self, log: list[tuple[str, str]]) -> None:
        self.buffer = io.StringIO()
        super().__init__(file=self.buffer, width=120, color_system=None)
        self.entries = log

    def _flush(self) -> None:
        text = self.buffer.getvalue()
        if text:
            self.entries.append(("out", text))
            self.buffer.seek(0)
            self.buffer.truncate()

    def clear(self, home: bool = True) -> None:
        self._flush()
        self.entries.append(("clear", ""))

    def note(self, prompt: str) -> None:
        self._flush()
        self.entries.append(("ask", prompt))


def run(table: Terminal) -> Any:
    """Play the table to its end; the log then holds everything printed."""
    state = table.run()
    assert isinstance(table.console, LogConsole)
    table.console._flush()
    return state


def peek_table(humans: int, answer: Answer, players: int = 3, seed: int = 5, lang: str = "en",
               **kwargs: Any) -> tuple[Terminal, list[tuple[str, str]]]:
    log: list[tuple[str, str]] = []
    console = LogConsole(log)
    holder: list[Terminal] = []

    def input_fn(prompt: str) -> str:
        console.note(prompt)
        return answer(holder[0], prompt)

    table = Terminal(GAME, GAME.options(), players, humans, seed, lang=lang, bots=["random"],
                     console=console, input_fn=input_fn, **kwargs)
    holder.append(table)
    return table, log


def bet_two(table: Terminal, prompt: str) -> str:
    return "" if table.asking is None else "bet 2"


def test_a_seat_that_must_wait_is_asked_after_the_bots() -> None:
    """Seat 0 is first in ``to_act()`` but must wait while seats 1 and 2 may still bet."""
    seen: list[dict[int, int]] = []

    def answer(table: Terminal, prompt: str) -> str:
        state: Any = table.state
        seen.append(dict(state.bets))
        return "bet 1"

    table, _ = peek_table(1, answer)
    assert table.state.to_act()[0] == 0
    table.run()
    assert table.state.is_over
    assert len(seen) == 1 and set(seen[0]) == {1, 2}


def test_without_must_wait_the_first_seat_is_asked_first() -> None:
    """The control of the test above: the same table with a state that never waits."""
    seen: list[dict[int, int]] = []

    def answer(table: Terminal, prompt: str) -> str:
        state: Any = table.state
        seen.append(dict(state.bets))
        return "bet 1"

    table, _ = peek_table(1, answer)
    table.state.must_wait = lambda seat: False  # type: ignore[method-assign]
    table.run()
    assert seen == [{}]


def segments(log: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """The log cut at each screen clear."""
    out: list[list[tuple[str, str]]] = [[]]
    for entry in log:
        if entry[0] == "clear":
            out.append([])
        else:
            out[-1].append(entry)
    return out


def test_hot_seat_hands_over_before_each_hidden_card() -> None:
    """Three people, simultaneous bets: each is asked in turn (seat 0 last: it must wait); the
    screen is cleared and the person must press Enter before their card is shown; a person's
    screen shows their own card and no other; news name seats, never "you"."""
    table, log = peek_table(3, bet_two)
    state: Any = table.state
    run(table)
    assert state.is_over
    asked = [turn.viewer for turn in table.asked]
    assert asked == [1, 2, 0]
    prompts = [text for kind, text in log if kind == "ask"]
    handoffs = [translate("tui", "handoff", "en", name="ABC"[s]) for s in (1, 2, 0)]
    assert [p for p in prompts if p.startswith("Pass the keyboard")] == handoffs
    for i, (kind, text) in enumerate(log):
        if kind == "ask" and text in handoffs:
            assert log[i - 1] == ("clear", "") and log[i + 1] == ("clear", "")
    cards = [CARDS[c] for c in state.cards]
    parts = segments(log)
    people = 0
    for segment in parts[:-1]:
        asks = [text for kind, text in segment if kind == "ask"]
        shown = "".join(text for kind, text in segment if kind == "out")
        if asks and re.match(r"\[[ABC]\]", asks[0]):
            people += 1
            seat = "ABC".index(asks[0][1])
            assert f"{'ABC'[seat]}: the {cards[seat]}." in shown  # the person's own news
            assert [c for c in cards if c in shown] == [cards[seat]]
            assert "you" not in shown
        else:  # the welcome, a hand-over prompt alone on a cleared screen
            assert not any(c in shown for c in cards)
    assert people == 3
    assert "Cards: " in "".join(text for kind, text in parts[-1] if kind == "out")  # the end, for all


def test_one_person_sees_news_as_they_happen_named_you_in_basque() -> None:
    table, log = peek_table(1, lambda t, p: "bet 3", lang="eu")
    state: Any = table.state
    run(table)
    text = "".join(t for kind, t in log if kind == "out")
    assert f"zu: the {CARDS[state.cards[0]]}." in text  # the viewer's own deal, named "zu"
    assert "B: a hidden card." in text and "B has bet." in text
    assert "zu bet 3." in text
    for seat in (1, 2):  # until the reveal, nobody else's card
        assert text.index(CARDS[state.cards[seat]]) > text.index("Cards: ")
    assert translate("tui", "you_won" if 0 in state.winners() else "you_lost", "eu") in text


def test_watching_bots_prints_the_spectators_news() -> None:
    table, log = peek_table(0, lambda t, p: pytest.fail("nobody is asked"))
    run(table)
    text = "".join(t for kind, t in log if kind == "out")
    assert "A: a hidden card." in text and "C has bet." in text
    before = text.split("Cards: ")[0]
    state: Any = table.state
    assert not any(CARDS[c] in before for c in state.cards)  # no card before the reveal


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_bots_alone_are_stopped_after_max_moves_and_say_so(lang: str) -> None:
    """With nobody at the keyboard the game stops after ``max_moves`` moves (``mahai play
    --humans 0``: random DenboraZup bots played on for ever, DZR-6, and their record with them);
    its record ends there, and ``mahai replay`` tells it to that move."""
    table, log = peek_table(0, lambda t, p: pytest.fail("nobody is asked"), lang=lang, max_moves=2)
    state = run(table)
    assert not state.is_over and len(table.record.actions) == 2
    text = "".join(t for kind, t in log if kind == "out")
    assert " ".join(translate("tui", "stopped", lang, moves="2").split()) in " ".join(text.split())
    assert Terminal(GAME, GAME.options(), 3, 0, 5, bots=["random"]).max_moves == MAX_MOVES
    people, _ = peek_table(1, bet_two, max_moves=1)  # a person's game is never stopped
    assert run(people).is_over


@pytest.mark.parametrize(("word", "lang", "bye"), [("q", "en", "Goodbye!"), ("quit", "es", "¡Adiós!"),
                                                   ("irten", "eu", "Agur!"),
                                                   (None, "fr", "Au revoir\u202f!")])
def test_quitting_and_the_end_of_input_stop_the_game(word: str | None, lang: str, bye: str) -> None:
    def answer(table: Terminal, prompt: str) -> str:
        if word is None:
            raise EOFError
        return word

    table, log = peek_table(1, answer, lang=lang)
    state = run(table)
    assert not state.is_over and state.version == 2  # the two bots bet, the person did not
    assert ("out", bye + "\n") in log
    assert translate("tui", "bye", lang) == bye


def test_an_illegal_move_is_explained_in_basque_and_asked_again() -> None:
    """Spades, one person, in Basque: a bid out of range (SPR-5), a line that is no move and an
    empty line are each explained and asked again, the state unchanged; then a legal bid."""
    answers = iter(["look", "14", "xyzzy", "", "3", "q"])
    prompts: list[str] = []
    versions: list[int] = []
    expected: list[str] = []
    holder: list[Terminal] = []

    def answer(prompt: str) -> str:
        table = holder[0]
        prompts.append(prompt)
        versions.append(table.state.version)
        text = next(answers)
        if text in ("14", "xyzzy"):  # what the rules say, from a copy of the state
            notation = "xyzzy" if text == "xyzzy" else f"bid {text}"
            with pytest.raises(MahaiError) as err:
                table.state.clone().apply(0, SPADES.parse_action(notation))
            expected.append(explain(err.value, "eu"))
        return text

    table = Terminal(SPADES, SPADES.options(), 4, 1, 11, lang="eu", bots=["random"], input_fn=answer,
                     console=Console(file=io.StringIO(), width=120))
    holder.append(table)
    table.run()
    expected.append(explain(MalformedAction("empty_choice", domain="tui"), "eu"))
    assert table.explained == expected
    assert expected[0] == translate("spades", "bid_out_of_range", "eu", bid=14, max=13) != translate(
        "spades", "bid_out_of_range", "en", bid=14, max=13)
    assert expected[2] == "Idatzi aukera bat."
    bid = prompts.index(prompts[1])
    assert prompts[bid:bid + 4] == [prompts[1]] * 4  # the same question, asked again after each refusal
    assert len(set(versions[bid:bid + 4])) == 1  # and the state did not change
    assert (0, "bid 3") in table.record.actions


def test_a_menu_number_out_of_range_is_explained() -> None:
    from mahai.games import get_game

    nim = get_game("nim")
    answers = iter(["", "7", "?", "q"])  # Enter at the hand-over, then a menu number out of range
    out = io.StringIO()
    table = Terminal(nim, nim.options(), 2, 2, 3, lang="en", console=Console(file=out, width=120),
                     input_fn=lambda prompt: next(answers))
    table.run()
    assert table.explained == ["There is no choice 7: pick 1 to 3."]
    text = out.getvalue()
    assert "Legal moves:" in text and "  take 3" in text


def test_the_record_is_written_as_play_goes_and_replays_to_the_same_views(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    on_disk: list[list[tuple[int, str]]] = []

    def answer(table: Terminal, prompt: str) -> str:
        if path.exists():
            on_disk.append(GameRecord.load(path).actions)
        return "bet 2"

    table, _ = peek_table(1, answer, record=path)
    table.run()
    assert on_disk == [table.record.actions[:2]]  # the bots' moves were on disk before the person's turn
    loaded = GameRecord.load(path)
    assert loaded == table.record and len(loaded.actions) == 3
    final = loaded.final_state(GAME)
    for viewer in (None, 0, 1, 2):
        assert GAME.view(final, viewer) == GAME.view(table.state, viewer)  # type: ignore[arg-type]


def test_a_spades_record_written_by_the_terminal_replays_to_the_same_views(tmp_path: Path) -> None:
    path = tmp_path / "spades.json"
    table = Terminal(SPADES, SPADES.options("standard", target="200", loss_floor="-200"), 4, 0, 8,
                     bots=["random"], record=path, console=Console(file=io.StringIO()))
    table.run()
    assert table.state.is_over
    final = GameRecord.load(path).final_state(SPADES)
    for viewer in (None, 0, 1, 2, 3):
        assert SPADES.view(final, viewer) == SPADES.view(table.state, viewer)  # type: ignore[arg-type]


def test_bots_are_seeded_the_same_way_everywhere() -> None:
    """One helper: the terminal's bots are :func:`mahai.sim.make_bots` of the game's seed, a
    bot list is dealt to the bot seats in turn, and no bot's generator is the game's own."""
    table = Terminal(MILLE_BORNES, MILLE_BORNES.options(), 4, 1, 42, bots=["heuristic", "random"],
                     console=Console(file=io.StringIO()))
    assert table.bot_names == {1: "heuristic", 2: "random", 3: "heuristic"}
    again = make_bots("mille_bornes", table.bot_names, 42)
    for seat, bot in table.bots.items():
        assert type(bot) is type(again[seat]) and bot.rng.getstate() == again[seat].rng.getstate()
    assert isinstance(table.bots[2], RandomBot)
    draws = {seat: bot.rng.random() for seat, bot in make_bots("mille_bornes", table.bot_names, 42).items()}
    assert len(set(draws.values())) == 3
    assert random.Random(42).random() not in draws.values()
    assert make_bots("mille_bornes", {0: "random"}, 43)[0].rng.getstate() != again[2].rng.getstate()


def test_peek_state_is_the_toy_it_claims() -> None:
    state: PeekState = GAME.new(GAME.options(), 3, 1)
    assert state.to_act() == (0, 1, 2) and state.must_wait(0) and not state.must_wait(1)
    assert len(set(state.cards)) == 3


def test_the_record_file_exists_from_the_start(tmp_path: Path) -> None:
    """Quitting before any move still leaves a record that loads (and replays to the set-up)."""
    path = tmp_path / "nim.json"
    from mahai.games import get_game

    nim = get_game("nim")
    table = Terminal(nim, nim.options(), 2, 2, 1, input_fn=lambda prompt: "q", record=path,
                     console=Console(file=io.StringIO()))
    table.run()
    loaded = GameRecord.load(path)
    assert loaded.actions == [] and loaded.game == "nim" and loaded.seed == 1
    assert nim.view(loaded.final_state(nim), None) == nim.view(table.state, None)


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])  # English writes the phase "play" as typed
def test_the_players_own_words_are_quoted_as_typed_not_translated(lang: str) -> None:
    """Spades (SPR-5 bids, SPR-8 plays): "play" alone is no move; the refusal quotes “play” as
    typed in every language. The Spades catalog has a word for "play" (the phase of the game), and the
    explanation once showed it in place of what was typed (“jokoa” ez da Spades jokaldi bat)."""
    answers = iter(["look", "play", "q"])
    table = Terminal(SPADES, SPADES.options(), 4, 1, 11, lang=lang, bots=["random"],
                     input_fn=lambda prompt: next(answers), console=Console(file=io.StringIO(), width=120))
    table.run()
    assert translate("spades", "play", lang) != "play"  # the word the sentence must not use
    with pytest.raises(MalformedAction) as err:
        SPADES.parse_action("play")
    assert table.explained == [explain(err.value, lang)]
    said = table.explained[0]
    assert "play" in said and translate("spades", "play", lang) not in said
    assert said.startswith({"eu": "“play” ez da Spades jokaldi bat", "es": "«play»",
                            "fr": "«\u00a0play\u00a0»"}[lang])


@pytest.mark.parametrize(("lang", "hint"), [
    ("eu", "Aukeratu zenbaki bat, 1 eta 3 artean, edo idatzi “?” egin daitezkeen jokaldi guztiak ikusteko."),
    ("en", "Pick a number from 1 to 3, or type “?” to see every legal move.")])
def test_a_line_the_game_cannot_read_is_followed_by_how_to_choose(lang: str, hint: str) -> None:
    """Nim (the plug-in toy: take one to three stones): a line that is no move is explained, then the
    menu's numbers and "?" are offered; a menu number out of range (the terminal's own refusal,
    which already says what to pick) and an illegal take (the rules') get no hint."""
    from mahai.games import get_game

    nim = get_game("nim")
    answers = iter(["", "kaixo", "7", "take 9", "q"])
    out = io.StringIO()
    table = Terminal(nim, nim.options(), 2, 2, 3, lang=lang, console=Console(file=out, width=200),
                     input_fn=lambda prompt: next(answers))
    table.run()
    assert len(table.explained) == 3 and "“kaixo”" in table.explained[0]
    assert table.hints == [hint]
    assert table.explained[0] + "\n" + hint + "\n" in out.getvalue()  # right after the explanation
