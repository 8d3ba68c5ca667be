"""No catalog keeps a sentence that nothing says any more: translators read every message of a
catalog (four languages), and a dead one is work for nothing and a false lead when a wording is
looked for. DenboraZup's catalog kept 28 from its first terminal (replaced by the generic
driver) until session 14.

A message whose id is a sentence (it has a space) must appear in the code: as a Python string
constant (the parser joins implicitly concatenated literals, as ``_m("Hand {hand} scored: "
"…")`` writes them) or inside a web file (JavaScript, HTML). Ids that are codes ("card.25",
"choice_{name}_{v}") are built by the code and are not checked here."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.i18n.style import ROOT, _read, catalog_files

CODE = (ROOT / "mahai", ROOT / "examples")  # the examples' plug-in (Nim) has catalogs too
WEB_SUFFIXES = (".js", ".html")


def said_in_code(roots: tuple[Path, ...] = CODE) -> tuple[frozenset[str], str]:
    """(every Python string constant under ``roots``, the web files' text joined)."""
    constants: set[str] = set()
    web: list[str] = []
    for path in (p for root in roots for p in root.rglob("*")):
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            constants.update(node.value for node in ast.walk(tree)
                             if isinstance(node, ast.Constant) and isinstance(node.value, str))
        elif path.suffix in WEB_SUFFIXES:
            web.append(path.read_text(encoding="utf-8"))
    return frozenset(constants), "\n".join(web)


def unused(msgids: list[str], constants: frozenset[str], web: str) -> list[str]:
    """The sentences among ``msgids`` that neither a constant nor a web file says."""
    return [m for m in msgids if " " in m and m not in constants and m not in web]


def test_a_sentence_no_code_says_is_found() -> None:
    constants, web = frozenset({"Hand {hand} scored.", "x"}), 'say(t("Your turn."))'
    assert unused(["Hand {hand} scored.", "Your turn.", "Game stopped.", "card.25"],
                  constants, web) == ["Game stopped."]


def test_every_sentence_of_every_catalog_is_said_by_the_code() -> None:
    constants, web = said_in_code()
    found = []
    for domain, lang, path in catalog_files():
        if lang != "en" or path is None:
            continue
        msgids = [msgid for msgid, _, _, _ in _read(path, lang)]
        found += [f"{domain}: {m!r}" for m in unused(msgids, constants, web)]
    assert not found, "messages nothing says (remove them from the four catalogs):\n" + "\n".join(found)
