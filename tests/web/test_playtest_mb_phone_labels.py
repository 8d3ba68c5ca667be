"""The fresh-clone play test of session 20, Mille Bornes on a phone (390 × 844): "Draw pile: 81"
broke onto two lines under the draw pile in English, and the extension's answer broke "Segituko
dut: 1.000 km-ra / arte", a word alone on its second line (MBR-9's question). The pile's name and
count keep one line; a button's label that must break breaks after its colon, each half whole,
in the four languages, at 360 and 390 px. (The seventh hand card laid over the sixth only while
the drawn card flew in: once settled the seven stand side by side, test_mb_phone_compact.)"""

from __future__ import annotations

from typing import Any

import pytest

from mahai.i18n import LANGUAGES
from tests.web.server import Server, seat_page
from tests.web.test_table_page import reach

pytestmark = pytest.mark.web

# The line (its top, rounded) of each word of an element's text, the words in order.
LINES = """(el) => {
  const out = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
      const tops = [...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top));
      out.push([m[0], Math.min(...tops), new Set(tops).size]);
    }
  }
  return out;
}"""


def extension_message(lang: str) -> dict[str, Any]:
    """Seat 0's message when it completed the trip and is asked about the extension, in ``lang``."""
    from mahai.games import get_game
    from mahai.server.text import card_labels, legal_json

    msg = reach("mille_bornes", "eu", 2,
                lambda g, s: 0 in s.to_act() and g.view(s, 0).get("decision") == "extension")
    game = get_game("mille_bornes")
    state_legal = [e["action"] for e in msg["legal"]]
    assert {"extend yes", "extend no"} <= set(state_legal), state_legal
    # the labels in the page's language (reach writes them in Basque)
    names = {0: "zu", 1: "Ane"}
    msg["legal"] = [dict(e, label=legal_json(game, [game.parse_action(e["action"])], lang, names)[0]["label"])
                    for e in msg["legal"]]
    msg["labels"] = card_labels(game, msg["view"], lang)
    return msg


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_pile_and_the_extension_answers_break_at_sensible_places(server: Server, browser: Any,
                                                                         lang: str) -> None:
    made = server.create("mille_bornes", ["person", "person"], edition="eu")
    msg = extension_message(lang)
    with seat_page(server, browser, made, lang=lang) as page:
        for width, height in ((390, 844), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("m => window.mahaiRender(m)", msg)
            page.wait_for_selector("#extension [data-action='extend no']")
            words = page.eval_on_selector("[data-place='deck'] .pile-name", LINES)
            assert len({top for _, top, _ in words}) == 1, (width, words)  # "Draw pile: 81", one line
            for action in ("extend yes", "extend no"):
                words = page.eval_on_selector(f"#extension [data-action='{action}']", LINES)
                assert all(n == 1 for _, _, n in words), (width, words)  # no word cut
                colon = next(i for i, (w, _, _) in enumerate(words) if w.endswith(":"))
                before, after = words[:colon + 1], words[colon + 1:]
                # at most two lines, the break (if any) right after the colon
                lines = (len({t for _, t, _ in before}), len({t for _, t, _ in after}))
                assert lines == (1, 1), (width, words)
                label = next(e["label"] for e in msg["legal"] if e["action"] == action)
                assert page.get_attribute(f"#extension [data-action='{action}']", "aria-label") == label
                shown = page.inner_text(f"#extension [data-action='{action}']")
                assert " ".join(shown.split()) == " ".join(label.split()), (shown, label)
