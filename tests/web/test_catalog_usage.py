"""Every msgid of the web catalogs is used, and every string the client asks for is there.

The web catalog (``mahai/locale/<lang>/LC_MESSAGES/web.po``) serves the static client
(``t("...")`` in ``mahai/server/static``) and the server (reason codes, seat and bot names):
a msgid nothing asks for is dead text that translators keep up for nothing ("{side}: this
hand" and "{side}: total" outlived the score sheet that showed them). Keys built at run time
are checked against what builds them: ``bot.<name>`` (a bot of some game), ``game.<name>``,
``about.<game>``, ``edition_about.<game>.<edition>`` and ``option_label.<game>.<option>`` (an
installed game's own, used only while the game's catalog does not carry the key itself:
:mod:`mahai.server.lobby` asks the game's catalog first), ``mb.kind.<kind>`` (the Mille
Bornes card kinds, ``static/games/mille_bornes.js``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahai.bots import bot_names
from mahai.bots.levels import ALIASES
from mahai.core.game import option_specs
from mahai.games import available_games, get_game
from mahai.i18n import LANGUAGES, catalog

SERVER = Path(__file__).resolve().parents[2] / "mahai" / "server"
STATIC = SERVER / "static"
MB_KINDS = ("distance", "hazard", "remedy", "safety")


def client_sources() -> str:
    """The static client's scripts and pages."""
    return "\n".join(p.read_text() for p in sorted([*STATIC.rglob("*.js"), *STATIC.rglob("*.html")]))


def server_sources() -> str:
    """The server's Python modules (reason codes, ``translate("web", …)``)."""
    return "\n".join(p.read_text() for p in sorted(SERVER.glob("*.py")))


def quoted(msgid: str, source: str) -> bool:
    """Whether ``msgid`` appears in ``source`` as a whole string literal ('…', "…" or `…`)."""
    esc = msgid.replace("\\", "\\\\").replace('"', '\\"')
    return any(q + m + q in source for q in ('"', "'", "`") for m in {msgid, esc})


def built_at_run_time(msgid: str, lang: str) -> bool:
    """Whether ``msgid`` is a key the client or the server builds from a game's names (and
    the game's own catalog, asked first, does not carry it)."""
    games = available_games()
    parts = msgid.split(".")
    head = parts[0]
    if head == "bot" and len(parts) == 2:
        bots = {b for g in games for b in bot_names(g)} | set(ALIASES)
        return parts[1] in bots and not any(msgid in catalog(g, lang) for g in games)
    if head in ("game", "about") and len(parts) == 2:
        own = f"game.{parts[1]}" if head == "game" else "about"
        return parts[1] in games and own not in catalog(parts[1], lang)
    if head == "edition_about" and len(parts) == 3 and parts[1] in games:
        return parts[2] in get_game(parts[1]).editions and \
            f"edition_about.{parts[2]}" not in catalog(parts[1], lang)
    if head == "option_label" and len(parts) == 3 and parts[1] in games:
        game = get_game(parts[1])
        names = {s.name for s in option_specs(next(iter(game.editions.values())))}
        return parts[2] in names and f"option_label.{parts[2]}" not in catalog(parts[1], lang)
    if msgid.startswith("mb.kind."):
        return parts[2] in MB_KINDS and "`mb.kind.${" in client_sources()
    return False


def test_the_usage_scan_sees_literals_and_built_keys() -> None:
    client, server = client_sources(), server_sources()
    assert quoted("Your turn.", client) and quoted("bad_token", server) and not quoted("Your turn", client)
    assert built_at_run_time("bot.random", "eu") and built_at_run_time("mb.kind.hazard", "eu")
    assert not built_at_run_time("bot.nobody", "eu") and not built_at_run_time("{side}: total", "eu")
    # Spades names its options in its own catalog: the web's old labels were dead
    assert not built_at_run_time("option_label.spades.target", "eu")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_web_msgid_is_used(lang: str) -> None:
    """Each msgid of ``web.po`` is a string literal of the client or the server, or a key
    they build (module docstring); the catalog header ("") aside."""
    client, server = client_sources(), server_sources()
    unused = sorted(m for m in catalog("web", lang) if m and not quoted(m, client) and not quoted(m, server)
                    and not built_at_run_time(m, lang))
    assert not unused, f"{lang}: msgids nothing uses: {unused}"


def test_every_client_string_has_a_msgid() -> None:
    """Every ``t("…")`` (and ``ui.t("…")``) of the client is a msgid of the web catalog in
    every language (the other direction of :func:`test_every_web_msgid_is_used`)."""
    asked = set()
    for path in [*STATIC.rglob("*.js")]:
        asked |= {m.replace('\\"', '"') for m in re.findall(r'\bt\("((?:[^"\\]|\\.)+)"', path.read_text())}
    assert "Your turn." in asked
    for lang in LANGUAGES:
        missing = sorted(asked - set(catalog("web", lang)))
        assert not missing, f"{lang}: {missing}"


# A translated word, then a colon the client adds: `t("bags"), `: ${n}``, `${t("contract")}: `;
# a name and a bare colon after it: `ui.name(ui.seatName(s), ":")`.
GLUED_COLON = re.compile(r't\("[^"]+"(?:, *\{[^}]*\})?\)(?:\}|, *[`"])\s*:'
                         r'|\.name\((?:[^()]|\([^()]*\))*, *":"\)')


def test_no_colon_is_glued_to_a_translated_word() -> None:
    """French writes a space before a colon ("Plis : 0"): the Spades scores said "sacs: 0" and
    "contrat: 16", as the client put ": " after the catalog's word (the play test of session 13,
    in French), and so did Spades' "Reçues", DenboraZup's rating and Mille Bornes' empty piles. A
    label and its value are one catalog message ("bags: {n}": "sacs : {n}"); the colon after a
    name in Spades' summary is the catalog's ("{side}:": "Vous : 4", not "Vous: 4")."""
    glued = GLUED_COLON.findall(client_sources())
    assert not glued, glued
