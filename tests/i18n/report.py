"""Writes the work list of catalog style violations as Markdown (``docs/i18n-violations.md``):

    .venv/bin/python -m tests.i18n.report > docs/i18n-violations.md

The counts per catalog and check, then every violation with the suggested fix of
:mod:`tests.i18n.fixes`, then the findings that no catalog edit can fix."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict

from tests.i18n.fixes import FIXES
from tests.i18n.style import CHECKS, ROOT, Violation, all_violations, catalog_files, entries

BEYOND = """\
## Beyond the catalogs

Findings of the review (and of this pass) that a catalog edit cannot fix; each names the file to
change. They are not part of the test.

- **Typed answers in English.** `tui.ask_blind` asks for “[blind/look]” and `tui.ask_draw` for
  “[k/d]” (keep/discard) in every language: `mahai/tui/spades.py` should accept the initials of the
  player's language (eu *i*tsua/*b*egiratu, *g*orde/*b*aztertu; es *c*iegas/*m*irar,
  *q*uedar/*d*escartar; fr *a*veugle/*r*egarder, *g*arder/*d*éfausser) and the catalogs name them.
  DenboraZup already does so (“b/e (bai/ez)” in Basque, “y/n” in English).
- **Record notation in messages.** “bid 3, play QS, pass 2H …” (Spades) and “take 2” (Nim) are the
  notation the command line reads: quote them as literal input (fixes above), or let the parser take
  Basque verbs.
- **Option help in the code.** The English of `option.edition`, `option.direction`,
  `option.coup_fourre_closes` and `option.short_trip` is each field's `metadata["help"]` in
  `mahai/games/mille_bornes/`: change it there as well as in the `en` catalog (no codes, “(eu)”,
  “(draw)”, “trip_by_players”). `option.fast_game` (“Fast game.”) only repeats its label: say what
  the fast game changes (`docs/rules/mille-bornes.md`, “Fast game”: a hazard may be answered at once,
  out of turn, with its remedy; on one's turn any number of cards may be discarded, drawing back to
  six).
- **The viewer in the third person.** `mb_tui` `window` (“{seat} jokalariak … jarri dio”) and the
  Spades terminal's `tui.you` = “(zu)” appended to a seat name: when the seat is the viewer's, the
  terminal should use a “you” msgid (“Zure bikoteari eraso diote”, `ask_window` exists) instead of
  “Ipar (zu) jokalariak”.
- **Codes and ids in the web page.** The lobby lists spectated tables as
  “`${tb.title} · ${tb.edition_title} · ${tb.id}`” (`mahai/server/static/js/lobby.js`): no table id
  on screen. Edition titles must come from the catalogs (`edition_*`), never the edition code.
- **Option names in errors.** `core` `bad_option_value` and `unknown_option` fill `{option}` with the
  raw field name (the review: “game_target aukerarentzako”): where a form sent the value (the web),
  the code should pass the option's translated label (`option_label.<game>.<name>`, in `web`); on
  the command line, where the name is what the player typed, quote it (“game_target”).
- **Done in the polish pass** (no longer findings): plural forms through the catalogs
  (`msgid_plural`, the `Plural-Forms` header, the count parameter `n`/`count`/`players`, the
  `plural` check); a lone Mille Bornes player is named, never “{n}. bikotea”; seats and slots count
  from 1 on every screen and in `mahai replay --seat`, and the notation's own 0-based numbers are
  said to be so.
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ") if text else "∅"


def _commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %cs"], capture_output=True,
                             text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


COUNT = re.compile(r"\{(n|count|left|cards|size)\} [a-z]+s\b")
PLURAL_VERB = re.compile(r"\b(dira|ditu|dituzu|dituzte|ditugu|zaizkio|zaizkizu|zaizkie|dizkio|dizkiozu|"
                         r"dizkizu|ditzake|ditzakezu|daude|dituen|diren)\b")


def plural_candidates() -> list[tuple[str, str, str]]:
    """(domain, msgid, Basque) of the count-bearing sentences whose Basque verb is plural."""
    out = []
    for domain, lang, path in catalog_files():
        if lang != "eu" or path is None:
            continue
        for entry in entries(domain, lang, path):
            if any(COUNT.search(e) for e in entry.english) and PLURAL_VERB.search(entry.strings[0]):
                out.append((domain, entry.msgid, entry.strings[0]))
    return out


def render(found: list[Violation]) -> str:
    """The Markdown work list for ``found``."""
    lines = [
        "# Catalog style: the work list",
        "",
        f"The violations `tests/i18n/test_catalog_style.py` finds in the catalogs of main ({_commit()}), "
        "with a suggested fix for each. Checks and exceptions: `tests/i18n/style.py`; terms: "
        "`docs/glossary.md`. Regenerate with `.venv/bin/python -m tests.i18n.report > "
        "docs/i18n-violations.md` (the fixes are in `tests/i18n/fixes.py`).",
        "",
        "## Counts",
        "",
        "| catalog | " + " | ".join(CHECKS) + " | total |",
        "|---|" + "---:|" * (len(CHECKS) + 1),
    ]
    per_file: dict[str, Counter[str]] = defaultdict(Counter)
    for v in found:
        per_file[v.file][v.check] += 1
    for file in sorted(per_file):
        c = per_file[file]
        cells = " | ".join(str(c[k] or "") for k in CHECKS)
        lines.append(f"| `{file}` | {cells} | {sum(c.values())} |")
    total = Counter(v.check for v in found)
    lines.append("| **all** | " + " | ".join(f"**{total[k]}**" for k in CHECKS) + f" | **{len(found)}** |")
    lines += ["", "A catalog that is not listed has no violation.", "", "## Violations", ""]
    grouped: dict[str, dict[tuple[str, str], list[Violation]]] = defaultdict(lambda: defaultdict(list))
    for v in found:
        grouped[v.file][(v.msgid, v.msgstr)].append(v)
    for file in sorted(grouped):
        lines += [f"### `{file}`", "", "| msgid | msgstr | check: finding | suggested fix |",
                  "|---|---|---|---|"]
        for (msgid, msgstr), vs in grouped[file].items():
            first = vs[0]
            fix = FIXES.get((first.domain, first.lang, msgid), "")
            findings = "<br>".join(f"**{v.check}**: {v.detail}" for v in vs)
            fixed = _cell(fix) if fix else ""
            lines.append(f"| `{_cell(msgid)}` | {_cell(msgstr)} | {_cell(findings)} | {fixed} |")
        lines.append("")
    lines.append(BEYOND)
    lines += ["### Count-bearing sentences with a plural Basque verb", "",
              "Sentences with a count before a noun whose Basque verb is plural and that are no plural "
              "entry (the `plural` check covers the counts `n`, `count` and `players`; these name "
              "theirs otherwise): check that the count can never be one.", "",
              "| domain | msgid | eu |", "|---|---|---|"]
    lines += [f"| {d} | `{_cell(m)}` | {_cell(s)} |" for d, m, s in plural_candidates()]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Print the work list."""
    sys.stdout.write(render(all_violations()))


if __name__ == "__main__":
    main()
