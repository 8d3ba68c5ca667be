"""Long player names never break in the middle of a word: on the seat plates, the score
sheets (the side lines, the folded sheet, the pause after a hand or leg, the final scores)
and the players list, a name either wraps between its words or, when one word is wider than
its place, ends in an ellipsis with the whole name in a tooltip (``title``); no name runs past
the screen's edge, and the page never scrolls sideways (a sentence that names a seat, in the
log or the seat panel, breaks a word wider than its line). Checked in a real browser at
360 × 740 (the narrower phone) and 1280 × 800 for Spades, Mille Bornes and DenboraZup, from
mid-game, paused and finished states rendered with 24-character names (the server's limit,
:data:`mahai.server.lobby.NAME_LENGTH`). The plates cut "Bartolome|ogoikoetxe|andia" into three;
24 W's ran the players list, Spades' score line and "Your name at the table" past a phone's edge
(the play test of session 14)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahai.games import available_games, get_game
from mahai.server.text import card_labels, legal_json, sentence
from tests.web.server import FAST, Server

pytestmark = pytest.mark.web

# 24 characters each: one word longer than any plate is wide, several words, and the widest word
# (24 W's: it ran the players list, Spades' score line and the page past a 360 px phone's edge)
WIDE = "W" * 24
NAMES = {0: "zu", 1: "Bartolomeogoikoetxeandia", 2: "Maria Antonietta Zubizar", 3: WIDE}
WORDS = sorted({w for n in list(NAMES.values())[1:] for w in n.split() if len(w) >= 8})
CASES = {"spades": ("standard", 4, {"length": "single_hand"}), "mille_bornes": ("eu", 3, {"game_target": 1}),
         "denborazup": ("multi", 3, {})}
SIZES = [(360, 740), (1280, 800)]

# Every occurrence of `words` in the page's visible text: broken over two lines (a word cut in
# the middle, unless it is wider than its element's whole line and the element breaks such
# words), wider than a box that clips it without an ellipsis and a title naming it, or showing
# past the screen's edge; and a page wider than the screen (it scrolls sideways).
CHECK = r"""words => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    if (el.closest('[hidden], details:not([open]) > :not(summary), script, style, option')) continue;
    for (const word of words) {
      let at = node.data.indexOf(word);
      while (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const where = `${word} in <${el.tagName.toLowerCase()} class="${el.className}">`;
        const lines = new Set(rects.map((r) => Math.round(r.top / 4)));
        // a sentence may break a word wider than its whole line (it could fit no line), never another
        let line = el;
        while (line.parentElement && getComputedStyle(line).display === 'inline') line = line.parentElement;
        const wide = rects.reduce((w, r) => w + r.width, 0) > line.clientWidth + 1;
        if (lines.size > 1 && !(wide && getComputedStyle(el).overflowWrap === 'anywhere')) {
          out.push(`${where}: cut over ${lines.size} lines`);
        }
        const box = range.getBoundingClientRect();
        // what shows of it (inside every box that clips it) stays on the screen
        let [left, right] = [box.left, box.right];
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX === 'visible') continue;
          const r = a.getBoundingClientRect();
          [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
        }
        const width = document.documentElement.clientWidth;
        if (right > width + 1 || left < -1) {
          out.push(`${where}: past the edge (${Math.round(left)}–${Math.round(right)} of ${width} px)`);
        }
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          const cs = getComputedStyle(a);
          if (!['hidden', 'clip'].includes(cs.overflowX)) continue;
          const r = a.getBoundingClientRect();
          if (box.right > r.right + 1 || box.left < r.left - 1) {
            const titled = el.closest('[title]');
            if (cs.textOverflow !== 'ellipsis' || !titled || !titled.title.includes(word)) {
              const by = `<${a.tagName.toLowerCase()} class="${a.className}">`;
              out.push(`${where}: clipped by ${by} without an ellipsis and a title`);
            }
          }
          break;
        }
        at = node.data.indexOf(word, at + word.length);
      }
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    out.push(`the page scrolls sideways (${page.scrollWidth} px wide on a ${page.clientWidth} px screen)`);
  }
  return out;
}"""


def messages(game_name: str, edition: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Seat 0's state messages (as :func:`mahai.server.tables.snapshot` builds them, in Basque,
    seats named :data:`NAMES`): some moves in, the pause after a hand or leg, the game over."""
    game = get_game(game_name)
    opts = game.options(edition, **options) if options else game.options(edition)
    names = {s: NAMES[s] for s in range(players)}

    def msg(state: Any, **extra: Any) -> dict[str, Any]:
        view = game.view(state, 0)
        return {"type": "state", "seat": 0, "version": state.version, "view": view,
                "legal": legal_json(game, state.legal_actions(0), "eu", names) if not state.is_over else [],
                "names": {str(k): v for k, v in names.items()}, "labels": card_labels(game, view, "eu"),
                "to_act": list(state.to_act()), "over": False, "winners": [], "hold": None,
                "turn_left": None, "table": {"seats": [{"seat": s, "kind": "bot" if s else "person",
                                                       "bot": "random" if s else None, "online": True}
                                                      for s in range(players)], "turn_seconds": None},
                **extra}

    state = game.new(opts, players, 7)
    rng = random.Random(7)
    out = []
    for step in range(20000):
        if state.is_over:
            break
        if step == 12:
            out.append(msg(state))
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.is_over and out
    final = msg(state, over=True, winners=sorted(state.winners()))
    pause = msg(state, legal=[], to_act=[], hold={"waiting": [0], "version": state.version})
    return [*out, pause, final]


@pytest.mark.parametrize("game", list(CASES))
def test_long_names_are_never_cut_mid_word(server: Server, browser: Any, game: str) -> None:
    if game not in available_games():
        pytest.skip(f"{game} is not installed")
    edition, players, options = CASES[game]
    # the table's own names (the seat panel's "Your name at the table", the log's sentences): the
    # widest word the server takes at seat 0, the others' as the rendered messages name them
    seats = [{"kind": "person", "name": WIDE if s == 0 else NAMES[s]} for s in range(players)]
    made = server.post("/api/tables", {"game": game, "edition": edition, "options": options, "lang": "eu",
                                       "seats": seats})
    shown = messages(game, edition, players, options)
    problems: list[str] = []
    for width, height in SIZES:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        try:
            page.add_init_script(FAST + "localStorage.setItem('mahai.lang', 'eu');"
                                 f"localStorage.setItem('mahai.named.{made['id']}', '1');")
            page.goto(server.url + made["links"]["0"])
            page.wait_for_function("window.mahaiLast !== undefined")
            for i, msg in enumerate(shown):
                page.evaluate("m => window.mahaiRender(m)", msg)
                page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
                page.wait_for_timeout(50)
                kind = (["mid-game"] * (len(shown) - 2) + ["pause", "game over"])[i]
                problems += [f"{width}px, {kind}: {p}" for p in page.evaluate(CHECK, WORDS)]
            assert not errors, errors
        finally:
            ctx.close()
    assert not problems, "\n".join(dict.fromkeys(problems))


# Right-to-left names (Arabic, Hebrew: one with a number, as bots are numbered) beside left-to-right ones.
RTL_NAMES = {0: "zu", 1: "سارة", 2: "דנה 2", 3: "Ane"}
FSI, PDI = "\u2068", "\u2069"  # FIRST STRONG ISOLATE, POP DIRECTIONAL ISOLATE (UAX #9)


def test_a_log_sentence_sets_a_right_to_left_name_apart() -> None:
    """The play test of session 13: in the log, "Hand 1 scored: you 60 (total 60); سارة: 25
    (total 25)." showed as "…; 25 :سارة (total 25)." (Unicode's bidirectional algorithm runs the
    number into an Arabic or Hebrew name before it). The server's sentences set such a name apart
    (mahai.server.text.isolated: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), and leave
    other names as they are."""
    game = get_game("spades")
    state = game.new(game.options("standard", length="single_hand"), 4, 3)
    names = dict(RTL_NAMES)
    said: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
    rng = random.Random(3)
    while not state.is_over and not all(said.values()):
        seat = rng.choice(state.to_act())
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            seen = game.project_event(event, None)
            text = sentence(game, seen, None, "en", names) if seen is not None else None
            for s, name in names.items():
                if text and name in text:
                    said[s].append(text)
    assert said[1] and all(f"{FSI}سارة{PDI}" in t for t in said[1]), said[1]
    assert said[2] and all(f"{FSI}דנה 2{PDI}" in t for t in said[2]), said[2]
    assert said[3] and not any(FSI in t or PDI in t for t in said[3]), said[3]
