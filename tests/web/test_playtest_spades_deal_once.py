"""The fresh-clone play test of session 9, Spades (Basque, phone 390x844): every player's deal read
twice over in the log, "Indartsua 3: bere kartak begiratu ditu." and then "Indartsua 3: 13 karta
hartu ditu." (s4-A-leave-dialog-phone.png). A seat that may bid blind nil looks at its cards first
(SPR-6): the ``look`` event and the ``hand`` event after it each had a line. The ``hand`` line says
it alone now ("Indartsua 3: 13 karta hartu ditu."; the viewer's own line names its cards, which
only the viewer's projection holds), in every language.

The play test of session 15 (390x844, Basque): while the player was asked for their bid, the dealer,
who bids last, said "eskaintzen…" (bidding…) too, as every seat yet to bid did. Only the seat whose
turn it is says it (SPR-4)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from mahai.i18n import translate
from tests.web.server import Server, move_once, seat_page

pytestmark = pytest.mark.web


# The line the look had before ("{player} looked at their cards.")
LOOKED = {"eu": "bere kartak begiratu ditu.", "en": "looked at their cards.", "es": "ha mirado sus cartas.",
          "fr": "a regardé ses cartes."}


@pytest.mark.parametrize("lang", ["eu", "en", "es", "fr"])
def test_each_players_cards_are_told_once(server: Server, browser: Any, lang: str) -> None:
    made = server.create("spades", ["person", "bot:random", "bot:random", "bot:random"],
                         options={"length": "single_hand"})
    with seat_page(server, browser, made, lang=lang) as page:
        page.evaluate("""() => { const m = structuredClone(window.mahaiLast);
          m.view.phase = 'bid'; m.view.bids = [null, null, null, null]; m.view.turn = 2;
          window.mahaiRender(m); }""")
        bidding = page.eval_on_selector_all(
            ".plate", "els => els.filter((p) => p.querySelector('.chip.muted')).map((p) => p.dataset.seat)")
        assert bidding == ["2"], bidding
        page.evaluate("window.mahaiRender(window.mahaiLast)")
        rng = random.Random(2)
        for _ in range(40):  # through the bidding: every seat has looked at its cards
            if page.evaluate("window.mahaiLast.view.phase") == "play":
                break
            if not move_once(page, rng, prefer=("look", "bid")):
                page.wait_for_timeout(100)
        assert page.evaluate("window.mahaiLast.view.phase") == "play"
        lines = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
        looked = LOOKED[lang]
        picked = translate("spades", "{player} picked up {count} card.", lang, player="@", count=13)
        picked = picked.split("@")[-1]
        assert not [line for line in lines if line.endswith(looked)], lines
        told = Counter(line.split(picked)[0] for line in lines if line.endswith(picked))
        assert len(told) == 3 and set(told.values()) == {1}, lines  # each other seat, once
        mine = translate("spades", "You picked up your cards: {cards}.", lang, cards="@").split("@")[0]
        assert sum(line.startswith(mine) for line in lines) == 1, lines
