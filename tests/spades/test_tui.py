"""Spades in the terminal (the generic driver with the Spades screen), driven by scripted input
through whole matches (4 and 2 players, hot-seat), with illegal input explained in the player's
language (SPR-6 blind nil before the cards are shown, SPR-8 following suit, SPR-10…12 sheets)."""

from __future__ import annotations

import io
import random
import re
import string
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from mahai.cli import app
from mahai.games.spades import GAME, BlindNil
from mahai.games.spades.cards import card_text, cards_of
from mahai.i18n import LANGUAGES, catalog, translate
from mahai.tui.driver import Terminal
from mahai.tui.spades import SpadesScreen
from tests.spades.policy import choose


class Script:
    """Answers every prompt like a person would, from what the engine says is
    legal; the first time it plays, it first tries a card it does not hold and
    a revoke when it can, then a legal card."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table: Terminal | None = None
        self.prompts: list[tuple[str, str]] = []  # (prompt, output printed before it)
        self.tried: set[str] = set()
        self.pending: list[str] = []
        self.out: io.StringIO | None = None
        self.mark = 0

    def __call__(self, prompt: str) -> str:
        assert self.table is not None and self.out is not None
        text = self.out.getvalue()
        self.prompts.append((prompt, text[self.mark:]))
        self.mark = len(text)
        if self.pending:
            return self.pending.pop(0)
        state: Any = self.table.state
        (seat,) = state.to_act()
        if "Enter" in prompt or "Intro" in prompt or "Entrée" in prompt:
            return ""
        hand = state.hands[seat]
        planned = choose(state, seat, self.rng)
        if state.phase == "bid":
            if not state.looked[seat]:
                return "blind" if planned == BlindNil() else "look"
            bid = str(planned.tricks)  # type: ignore[union-attr]
            if "range" not in self.tried:
                self.tried.add("range")
                self.pending.append(bid)
                return "14"
            return bid
        if state.phase == "exchange":
            return " ".join(card_text(c) for c in cards_of(hand)[:state.options.blind_nil_exchange])
        if state.phase == "draw":
            return self.rng.choice(["k", "d", "keep"])
        legal = [a.card for a in state.legal_actions(seat)]
        choice = card_text(planned.card)  # type: ignore[union-attr]
        if "not_in_hand" not in self.tried:
            self.tried.add("not_in_hand")
            stranger = next(c for c in range(52) if not hand >> c & 1)
            self.pending.append(choice)
            return card_text(stranger)
        illegal = [c for c in cards_of(hand) if c not in legal]
        if state.trick and illegal and "revoke" not in self.tried:
            self.tried.add("revoke")
            self.pending.append(choice)
            return card_text(illegal[0]).lower()
        return choice


def run_match(players: int, humans: int, seed: int, lang: str,
              **overrides: str) -> tuple[Terminal, Script]:
    options = GAME.options("two_player" if players == 2 else "standard", **overrides)
    out = io.StringIO()
    script = Script(seed)
    table = Terminal(GAME, options, players, humans, seed, lang=lang, bots=["random"],
                     console=Console(file=out, width=120, color_system=None), input_fn=script)
    script.table, script.out = table, out
    table.run()
    return table, script


@pytest.mark.parametrize(("players", "humans", "lang"),
                         [(4, 1, "en"), (2, 1, "eu"), (4, 4, "fr"), (2, 2, "es")])
def test_whole_match_with_scripted_input(players: int, humans: int, lang: str) -> None:
    table, script = run_match(players, humans, 3, lang, target="200" if players == 4 else "300",
                              loss_floor="-200")
    state: Any = table.state
    assert state.is_over
    output = script.out.getvalue()  # type: ignore[union-attr]
    # the match result and a score sheet per hand, in the chosen language
    winners = sorted(state.winners())
    name = table.screen.seat_name
    said = (translate("tui", "winner", lang, name=name(winners[0])) if len(winners) == 1
            else translate("tui", "winners", lang, names=", ".join(name(s) for s in winners)))
    assert said in output
    assert str(max(state.points)) in output.split(said)[1]
    for hand in range(1, state.hand_no + 1):
        assert translate("spades_tui", "tui.hand_score", lang, hand=hand) in output
    # illegal input was explained in the player's language and asked again
    assert translate("spades", "card_not_in_hand", lang).split("{")[0] in output
    if "revoke" in script.tried:
        assert translate("spades", "must_follow_suit", lang).split("{")[0] in output
    if players == 4:
        assert translate("spades", "bid_out_of_range", lang).split("{")[0] in output


def test_hot_seat_hides_each_hand_until_enter() -> None:
    table, script = run_match(4, 2, 8, "en", target="200", loss_floor="-200")
    your_hand = translate("spades_tui", "tui.your_hand", "en")
    handovers = [i for i, (p, _) in enumerate(script.prompts) if "press Enter" in p]
    assert handovers
    for i in handovers:
        # nothing printed between the previous person's move and this hand-over shows a hand
        assert your_hand not in script.prompts[i][1]
    # score sheets are shown on a person's screen (after the hand-over), not wiped by it
    assert table.state.hand_no > 1  # type: ignore[attr-defined]
    sheet = translate("spades_tui", "tui.hand_score", "en", hand=1)
    assert any(sheet in shown and "press Enter" not in prompt for prompt, shown in script.prompts)
    # every person's screen shows that person's seat in its prompt
    assert any(p.startswith("[North]") for p, _ in script.prompts)
    assert any(p.startswith("[East]") for p, _ in script.prompts)
    assert not any(p.startswith("[South]") or p.startswith("[West]") for p, _ in script.prompts)


def test_blind_nil_offered_before_the_hand_is_shown() -> None:
    out = io.StringIO()
    answers = iter(["", "q"])
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    table = Terminal(GAME, GAME.options(), 4, 4, 5, lang="en", console=Console(file=out, width=120),
                     input_fn=answer)
    table.run()
    text = out.getvalue()
    assert translate("spades_tui", "tui.ask_blind", "en") in prompts[-1]
    assert translate("spades_tui", "tui.hand_hidden", "en") in text
    assert translate("spades_tui", "tui.your_hand", "en") not in text


def test_cli_play_and_simulate() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "spades", "--players", "4", "--humans", "0", "--seed", "4", "--lang",
                                 "en", "--bots", "random", "--option", "target=200", "--option",
                                 "loss_floor=-200"])
    assert result.exit_code == 0, result.output
    assert "Winners: " in result.output and "Scores: North " in result.output
    result = runner.invoke(app, ["simulate", "spades", "--games", "3", "--players", "2", "--bots",
                                 "random,random", "--json", "--option", "max_hands=50"])
    assert result.exit_code == 0, result.output
    assert '"games": 3' in result.output
    result = runner.invoke(app, ["play", "spades", "--option", "nope=1"])
    assert result.exit_code == 2


SCREEN = Path(__file__).resolve().parents[2] / "mahai" / "tui" / "spades.py"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_screen_string_is_in_all_four_catalogs() -> None:
    """The screen's strings (domain ``spades_tui``), with the same placeholders as in English."""
    keys = set(re.findall(r'"(tui\.[a-z_.]+)"', SCREEN.read_text(encoding="utf-8")))
    keys |= {f"tui.seat.{s}" for s in range(4)}
    assert len(keys) > 25
    english = catalog("spades_tui", "en")
    for lang in LANGUAGES:
        cat = catalog("spades_tui", lang)
        assert set(cat) == set(english), lang
        for key in keys:
            assert cat.get(key), f"{lang}: no text for {key}"
            assert placeholders(cat[key]) == placeholders(english[key]), (lang, key)


def test_shortcuts_become_notation() -> None:
    """``3``, ``nil``, ``blind``, ``look`` while bidding (SPR-5, SPR-6); ``QS`` in play; the
    cards of an exchange; ``k``/``d`` in the two-player deal (SPR-2)."""
    table = Terminal(GAME, GAME.options(), 4, 1, 5, lang="en", console=Console(file=io.StringIO()))
    screen = table.screen
    assert isinstance(screen, SpadesScreen)

    def turn(phase: str) -> Any:
        t = table.turn(0, ())
        object.__setattr__(t, "view", {**t.view, "phase": phase})
        return t

    assert screen.read("3", turn("bid")) == GAME.parse_action("bid 3")
    assert screen.read("nil", turn("bid")) == GAME.parse_action("bid nil")
    assert screen.read("blind", turn("bid")) == GAME.parse_action("bid blind_nil")
    assert screen.read("look", turn("bid")) == GAME.parse_action("look")
    assert screen.read("QS", turn("play")) == GAME.parse_action("play QS")
    assert screen.read("2H 9S 3C", turn("exchange")) == GAME.parse_action("pass 2H 9S 3C")
    assert screen.read("k", turn("draw")) == GAME.parse_action("keep")
    assert screen.read("d", turn("draw")) == GAME.parse_action("discard")
    assert screen.read("bid 4", turn("bid")) is None  # notation is read by the driver
    # each language's words, whatever the screen's language (the prompt names its own)
    assert screen.read("Gorde", turn("draw")) == GAME.parse_action("keep")
    assert screen.read("défausser", turn("draw")) == GAME.parse_action("discard")
    assert screen.read("itsu", turn("bid")) == GAME.parse_action("bid blind_nil")
    assert screen.read("mirar", turn("bid")) == GAME.parse_action("look")
    assert screen.read("gorde", turn("bid")) is None


def test_jokers_are_shown_in_the_hand_and_in_tricks() -> None:
    """SPR-14: the jokers are cards of their own (``BJ``, ``LJ``), shown first in the hand."""
    from mahai.tui.spades import card_label

    assert card_label("BJ").plain == "BJ★" and card_label("QH").plain == "Q♥"
    out = io.StringIO()
    table = Terminal(GAME, GAME.options("jokers_and_deuces"), 4, 1, 5, lang="en",
                     console=Console(file=out, width=120))
    screen = table.screen
    assert isinstance(screen, SpadesScreen)
    screen.show_hand(table.console, ["LJ", "AS", "BJ", "3H"])
    shown = out.getvalue()
    assert "BJ★ LJ★" in shown and "A" in shown and "3" in shown


def test_the_legal_moves_are_listed_as_they_are_typed() -> None:
    """"?" when bidding (SPR-5) and when playing (SPR-8) lists each legal move as the prompt asks
    for it (``3``, ``nil``, ``QS``), not the notation ("bid 3", "play QS"); each line typed back is
    that very move."""
    out = io.StringIO()
    seen: list[Any] = []

    def answer(prompt: str) -> str:
        state: Any = table.state
        if table.asking is None:
            return ""
        if state.phase == "bid" and not state.looked[table.asking]:
            return "look"
        if len(seen) < 2 and state.phase in ("bid", "play") and (not seen or seen[-1][0] != state.phase):
            seen.append((state.phase, out.tell()))
            return "?"
        if state.phase == "bid":
            return "3"
        return "q" if state.phase == "play" else "look"

    table = Terminal(GAME, GAME.options(), 4, 1, 11, lang="en", bots=["random"], input_fn=answer,
                     console=Console(file=out, width=120, color_system=None))
    table.run()
    assert [phase for phase, _ in seen] == ["bid", "play"]
    text = out.getvalue()
    for (phase, at), turn in zip(seen, [t for t in table.asked if t.view["phase"] in ("bid", "play")][-2:],
                                  strict=True):
        listed = text[at:].split("Legal moves:")[1].splitlines()[1:1 + len(turn.legal)]
        assert len(listed) == len(turn.legal)
        for line, action in zip(listed, turn.legal, strict=True):
            typed = line.strip().split(" — ")[0]
            assert not typed.startswith(("bid ", "play ")), line
            read = table.screen.read(typed, turn)
            assert read is not None and read.notation() == action.notation(), phase


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_screen_shows_each_sides_tricks_toward_its_contract(lang: str) -> None:
    """As the web table does (session 19), the terminal says during the play each side's tricks
    toward its contract, "Tricks / contract — North–South 4 / 7", the bags of this hand once there
    are some, and each nil's state, "nil (no trick yet)" or "nil (failed)" (SPR-5, SPR-6, SPR-10,
    SPR-11); checked against the engine's scoring of the hand as it stands, and the same on every
    seat's screen (public facts only)."""
    from mahai.games.spades.scoring import score_values

    state: Any = GAME.new(GAME.options(), 4, 7)
    rng = random.Random(7)
    bids = {0: "bid nil", 1: "bid blind_nil", 2: "bid 4", 3: "bid 3"}
    seen = set()

    def t(key: str, **params: Any) -> str:
        return translate("spades_tui", key, lang, **params)

    while state.hand_no == 1:
        seat = state.to_act()[0]
        by_text = {a.notation(): a for a in state.legal_actions(seat)}
        if state.phase == "bid":
            state.apply(seat, by_text.get(bids[seat]) or by_text["look"])
            continue
        state.apply(seat, rng.choice(list(by_text.values())))
        if state.phase != "play" or state.trick:
            continue
        shown = set()
        for viewer in range(4):
            out = io.StringIO()
            table = Terminal(GAME, GAME.options(), 4, 1, 7, lang=lang,
                             console=Console(file=out, width=200, color_system=None))
            table.state = state
            table.screen.show(table.console, table.turn(viewer, ()))
            lines = out.getvalue().splitlines()
            (line,) = [x for x in lines if x.startswith(t("tui.toward") + " — ")]
            (said,) = [x for x in lines if x.startswith(t("tui.bids") + " — ")]
            shown.add((line, said))
        assert len(shown) == 1, shown  # every seat's screen says the same
        for seats in ((0, 2), (1, 3)):
            values = score_values([state.bids[s] for s in seats], [state.blind[s] for s in seats],
                                  [state.tricks_won[s] for s in seats], 0, 0, state.options)
            name = table.screen.side_name(seats)  # type: ignore[attr-defined]
            assert f"{name} {values[1]} / {values[0]}" in line, (line, values)
            bags = t("tui.hand_bags", bags=values[4])
            assert (f"{values[0]}, {bags}" in line) == (values[4] > 0), (line, values)
            seen.add(("bags", values[4] > 0))
        for seat, nil in ((0, "tui.nil"), (1, "tui.blind_nil")):
            state_key = "tui.nil_failed" if state.tricks_won[seat] else "tui.nil_open"
            assert f"{table.screen.seat_name(seat)}: {t(state_key, nil=t(nil))}" in said, said
            seen.add(("failed", bool(state.tricks_won[seat])))
    assert seen >= {("bags", False), ("bags", True), ("failed", False), ("failed", True)}, seen
