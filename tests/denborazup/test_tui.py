"""DenboraZup in the terminal (the generic driver with the DenboraZup screen: scripted whole games,
simultaneous decisions behind hot-seat hand-overs, DZR-5) and the ``mahai`` commands for DenboraZup."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from mahai.cli import app
from mahai.i18n import translate
from mahai.tui.driver import Terminal, replay
from tests.denborazup.helpers import MINI, mini_game

G = mini_game()
runner = CliRunner()


class LogConsole(Console):
    """A recording console that also notes when the screen is cleared."""

    def __init__(self, log: list[str]) -> None:
        super().__init__(record=True, width=120, force_terminal=False)
        self.entries = log

    def clear(self, home: bool = True) -> None:
        self.entries.append("CLEAR")


def auto_player(term_ref: list[Terminal], log: list[str], mistakes: bool = True) -> Any:
    """An input function answering like a person from what the terminal shows; every few
    prompts it first types something wrong (the terminal must explain and ask again)."""
    count = [0]

    def answer(prompt: str) -> str:
        log.append(prompt)
        count[0] += 1
        term = term_ref[0]
        state: Any = term.state
        seat = term.asking
        if seat is None:  # a hand-over: press Enter
            return ""
        if mistakes and count[0] % 7 == 0 and "Enter" not in prompt:
            return "zzz 99"
        phase = state.phase
        if phase == "flip":
            return ""
        if phase == "decide":
            if count[0] % 5 == 0 and state.mode != "solo":
                return "p"
            hand = state.hands[seat]
            ref = state.cards[state.reference].year
            fits = [i for i, c in enumerate(hand, start=1)
                    if (state.cards[c].year >= ref) == (state.coin == "up") or state.cards[c].year == ref]
            # mostly a card that fits (the test peeks at the dates), sometimes any card
            card = fits[0] if fits and count[0] % 4 else 1 + count[0] % len(hand)
            call = " !" if len(hand) == 2 else ""
            if state.mode == "long":
                slots = list(state._slots())
                return f"{card} {slots[count[0] % len(slots)] + 1}{call}"  # slots are shown from 1
            return f"{card}{call}"
        if phase == "vote":
            return "b"
        if phase == "star":
            return f"e {1 + (seat + 1) % state.players}"
        return "1"

    return answer


def run_game(mode: str, players: int, humans: int, seed: int, lang: str = "eu",
             mistakes: bool = True) -> tuple[Terminal, list[str], str]:
    log: list[str] = []
    ref: list[Terminal] = []
    console = LogConsole(log)
    term = Terminal(G, G.options(mode=mode), players, humans, seed, lang=lang, bots=["medium"],
                    console=console, input_fn=auto_player(ref, log, mistakes))
    ref.append(term)
    term.run()
    return term, log, console.export_text()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solo_game_to_the_end_with_rating(seed: int) -> None:
    term, log, out = run_game("solo", 1, 1, seed)
    state: Any = term.state
    assert state.is_over
    rating = state.rating()
    assert rating is not None and f"Erabilitako kartak: {state.used[0]} — {rating}" in out
    # the result is the rating: a solo game has no winner (it said "Irabazi duzu!", "Garaipena: Zu")
    assert translate("tui", "you_won", "eu") not in out
    assert translate("tui", "winners", "eu", names="Zu") not in out
    assert translate("tui", "winner", "eu", name="Zu") not in out
    assert "Zure eskua (gertakariak, datarik gabe)" in out and "Txanpona" in out
    assert "Ez da ulertu idatzi duzuna" in out or "ez dago zure eskuan" in out  # the mistakes were explained


def test_the_replay_of_a_solo_game_ends_on_its_rating() -> None:
    """DZR-12: replayed, a solo game ends as it did in play, on its cards used and rating (the
    end event's line), without "Irabazi duzu!" and "Irabazleak: Zu" under it."""
    term, _, _ = run_game("solo", 1, 1, 1, mistakes=False)
    console = Console(record=True, width=200)
    state: Any = replay(G, term.record, viewer=0, lang="eu", console=console)
    out = console.export_text()
    assert state.is_over and str(state.used[0]) in out.splitlines()[-1]
    assert translate("tui", "you_won", "eu") not in out and translate("tui", "you_lost", "eu") not in out
    assert translate("tui", "winners", "eu", names="Zu") not in out
    assert translate("tui", "winner", "eu", name="Zu") not in out


@pytest.mark.parametrize(("mode", "players", "seed"), [("multi", 3, 1), ("multi", 4, 2), ("long", 3, 3)])
def test_multi_game_against_bots_to_the_end(mode: str, players: int, seed: int) -> None:
    term, log, out = run_game(mode, players, 1, seed, lang="en")
    assert term.state.is_over
    winners = sorted(term.state.winners())
    said = (translate("tui", "winner", "en", name="ABCD"[winners[0]]) if len(winners) == 1  # no list of one
            else translate("tui", "winners", "en", names=", ".join("ABCD"[s] for s in winners)))
    assert said in out and "Reveal" in out and "Cards left" in out
    assert len(winners) != 1 or "Winners:" not in out
    if mode == "long":
        assert "Timeline" in out
        assert "[1] " in out and "[0]" not in out  # slots are numbered from 1, as people count


def test_the_basque_coin_line_names_another_seat_once() -> None:
    """DZR-5 (the coin): Basque names a seat by apposition, "{player} jokalariak bota duen
    txanponak …"; the terminal's seats were "2. jokalaria", which made "2. jokalaria jokalariak"."""
    _, _, out = run_game("multi", 3, 1, 1, mistakes=False)
    assert re.search(r"\d+\. txanda: [BC] jokalariak bota duen txanponak", out), out
    assert "jokalaria jokalari" not in out


def test_hot_seat_clears_the_screen_around_each_secret_choice() -> None:
    term, log, out = run_game("multi", 3, 2, seed=4, lang="en", mistakes=False)
    assert term.state.is_over
    asks = [i for i, line in enumerate(log) if line.startswith("Pass the keyboard to ")]
    assert len(asks) >= 4
    for i in asks:
        assert log[i - 1] == "CLEAR"  # the screen is cleared before a hand is shown
        assert log[i + 1] == "CLEAR"  # and after the hand-over prompt, before the next person's table
    # after each secret choice the screen is cleared again before the next person is asked
    choice_prompts = [i for i, line in enumerate(log) if "card number" in line]
    assert choice_prompts
    for i in choice_prompts:
        assert log[i + 1] == "CLEAR"


def test_cli_solo_game_with_plain_input() -> None:
    result = runner.invoke(app, ["play", "denborazup", "--edition", "solo", "--seed", "5", "--lang", "en"],
                           input="\n1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "Cards used:" in result.output


def test_cli_rejects_bad_options() -> None:
    result = runner.invoke(app, ["play", "denborazup", "--players", "9"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["play", "denborazup", "--edition", "short"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["play", "denborazup", "--edition", "solo", "--players", "2"])
    assert result.exit_code == 2  # DZR-12: solo is one player


def test_cli_simulate_json() -> None:
    result = runner.invoke(app, ["simulate", "denborazup", "--games", "6", "--players", "3", "--bots",
                                 "expert,medium,easy", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert data["games"] == 6 and set(data["bots"]) == {"expert", "medium", "easy"}
    assert data["means"]["rounds"] > 0


def test_cli_chronology_is_in_date_order() -> None:
    result = runner.invoke(app, ["denborazup", "chronology", "--deck", str(MINI), "--lang", "eu"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("K.a. 14.000") < out.index("K.a. 75") < out.index("778") < out.index("2021")
    assert "Euskal Herriko historiaren kronograma" in out


def test_cli_check_deck_names_the_line(tmp_path: Any) -> None:
    bad = tmp_path / "bad.csv"
    lines = MINI.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace(",-75,", ",0,")
    bad.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["denborazup", "check-deck", str(bad), "--lang", "en"])
    assert result.exit_code == 1
    assert "Line 4: there is no year 0" in result.output
    result = runner.invoke(app, ["denborazup", "check-deck", str(MINI)])
    assert result.exit_code == 0 and "48" in result.output


def test_cli_check_deck_prints_the_balance_and_refuses_a_denied_source(tmp_path: Any) -> None:
    """Issue 12: check-deck reports the balance table (per century, area, category, stars)
    in the reader's language, and a source on the denied host list fails the check."""
    result = runner.invoke(app, ["denborazup", "check-deck", str(MINI), "--lang", "en"])
    assert result.exit_code == 0, result.output
    for heading in ("Balance of the deck", "Century", "Area", "Category", "Stars by era",
                    "Stars by category"):
        assert heading in result.output
    assert "Refused" not in result.output and "refused" not in result.output
    lines = MINI.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    row = lines[1].split(",")
    at = header.index("source_url")
    row[at] = "https://www.scribd.com/document/1/a-copy"
    lines[1] = ",".join(row)
    bad = tmp_path / "denied.csv"
    bad.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["denborazup", "check-deck", str(bad), "--lang", "en"])
    assert result.exit_code == 1
    assert "The source is refused (a mirror, blog or document dump)" in result.output


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_a_number_out_of_range_says_what_to_pick_and_a_line_not_understood_says_so(lang: str) -> None:
    """Long mode (DZR-5 placing in a slot of one's own timeline): a card number past the hand and a
    slot past the timeline are each refused with the range to pick from (they once read as not
    understood: “Ez da ulertzen: “9 1””); a line that is no move says it was not understood, quoted as
    typed, and "?" is offered; the state does not change."""
    bad = ["9 1", "1 99", "1 x y"]
    seen: list[tuple[int, int, int]] = []

    def answer(prompt: str) -> str:
        term = ref[0]
        state: Any = term.state
        if term.asking is None:
            return ""
        if state.phase == "decide" and term.asking == 0 and bad:
            seen.append((len(state.hands[0]), len(term.turn(0, ()).view["timeline"]), state.version))
            return bad.pop(0)
        if state.phase == "flip":
            return ""
        return "q"

    ref: list[Terminal] = []
    term = Terminal(G, G.options(mode="long"), 3, 1, 2, lang=lang, bots=["medium"], input_fn=answer,
                    console=Console(width=120, record=True, force_terminal=False))
    ref.append(term)
    term.run()
    assert not bad and len(set(seen)) == 1  # asked again, nothing changed
    hand, timeline, _ = seen[0]
    assert term.explained == [
        translate("dz_tui", "no_such_card", lang, number=9, size=hand),
        translate("dz_tui", "no_such_slot", lang, number=99, size=timeline + 1),
        translate("denborazup", "bad_notation", lang, text="1 x y")]
    assert term.explained[2] == {"eu": "Ez da ulertu idatzi duzuna: “1 x y”.",
                                 "en": "What you typed could not be understood: “1 x y”.",
                                 "es": "No se ha entendido lo que has escrito: «1 x y».",
                                 "fr": "Ce que vous avez tapé n’a pas été compris\u00a0: "
                                       "«\u00a01 x y\u00a0»."}[lang]
    assert term.hints == [translate("tui", "hint", lang)]


def test_the_legal_moves_are_listed_as_they_are_typed() -> None:
    """"?" in a long game's decision (DZR-5: place a card of the hand in a slot, or pass) lists each
    move as it is typed here (card number, slot as the timeline shows it, "p"), never the card's
    handle; each line typed back is that very move."""
    answers = ["?"]

    def answer(prompt: str) -> str:
        term = ref[0]
        state: Any = term.state
        if term.asking is None or state.phase == "flip":
            return ""
        if state.phase == "decide" and term.asking == 0 and answers:
            return answers.pop(0)
        return "q"

    ref: list[Terminal] = []
    console = Console(width=200, record=True, force_terminal=False)
    term = Terminal(G, G.options(mode="long"), 3, 1, 2, lang="en", bots=["medium"], input_fn=answer,
                    console=console)
    ref.append(term)
    term.run()
    turn = term.asked[-1]
    listed = console.export_text().split("Legal moves:")[1].splitlines()[1:1 + len(turn.legal)]
    assert listed and len(listed) == len(turn.legal)
    for line, action in zip(listed, turn.legal, strict=True):
        typed = line.strip().split(" — ")[0]
        assert "place" not in typed and (typed == "p" or typed.split()[0].isdigit()), line
        read = term.screen.read(typed, turn)
        assert read is not None and read.notation() == action.notation()


def test_a_slot_is_named_as_the_timeline_shows_it() -> None:
    """Long mode (DZR-5: the coin says on which side of the reference a card goes): the timeline is
    shown with slots from [1]; a slot typed on the wrong side is refused naming the slot typed (it
    once said "Slot 0" for "1 1"), and "?" describes each placing with the slot it is typed with."""
    answers: list[str] = []
    wrong: list[int] = []

    def answer(prompt: str) -> str:
        term = ref[0]
        state: Any = term.state
        if term.asking is None or state.phase == "flip":
            return ""
        if state.phase == "decide" and term.asking == 0 and not wrong:
            legal = {a.notation().split()[-1] for a in state.legal_actions(0)
                     if a.notation().startswith("place")}
            wrong.append(next(s for s in range(len(state.timeline) + 1) if str(s) not in legal) + 1)
            answers.extend([f"1 {wrong[0]}", "?"])
        return answers.pop(0) if answers else "q"

    ref: list[Terminal] = []
    console = Console(width=300, record=True, force_terminal=False)
    term = Terminal(G, G.options(mode="long"), 3, 1, 2, lang="en", bots=["medium"], input_fn=answer,
                    console=console)
    ref.append(term)
    term.run()
    coin = translate("denborazup", term.state.coin, "en")  # type: ignore[attr-defined]
    assert term.explained == [f"Slot {wrong[0]} is not on the coin’s side ({coin})."]
    listed = console.export_text().split("Legal moves:")[1].splitlines()[1:]
    places = [line.strip() for line in listed if " in slot " in line]
    assert places
    for line in places:
        typed, said = line.split(" — ")
        assert said.endswith(f" in slot {typed.split()[1]}"), line
