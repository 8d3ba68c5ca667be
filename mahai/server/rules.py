"""The "How to play" pages: each game's rules written for players, per language.

The text of a page is an HTML fragment, ``static/rules/<game>/<lang>.html`` (a plug-in
game ships its own as ``<package>/rules/<lang>.html``, beside its ``locale``),
written from the rule specifications (``docs/rules/``, rule ids MBR-, SPR-,
DZR-); :func:`rules_page` wraps it in a page in that language, with links to
the other languages and back to the lobby. A language without its own text
falls back to Basque, then English. The pages are reference material for
before and during play; none of them holds hidden information (the DenboraZup
chronology, the answer key during a game, is a separate learning page that
the table never links to).
"""

from __future__ import annotations

import html
from pathlib import Path

from mahai.i18n import DEFAULT_LANGUAGE, LANGUAGES, plugin_locale_dirs, translate

RULES = Path(__file__).resolve().parent / "static" / "rules"
LANGUAGE_NAMES = {"eu": "Euskara", "en": "English", "es": "Español", "fr": "Français"}


def rules_dirs(game: str) -> list[Path]:
    """Where the fragments of ``game`` may be: Mahai's own ``static/rules/<game>``, then an
    installed plug-in game's ``rules`` directory beside its ``locale`` (the package of the entry
    point, e.g. ``mahai_nim/rules/<lang>.html``; :func:`mahai.i18n.plugin_locale_dirs`)."""
    return [RULES / game, *(base.parent / "rules" for base in plugin_locale_dirs(game))]


def rules_file(game: str, lang: str) -> Path | None:
    """The fragment of ``game`` in ``lang`` (else Basque, else English), or None."""
    if not game.replace("_", "").isalnum():
        return None
    dirs = rules_dirs(game)
    for candidate in (lang, DEFAULT_LANGUAGE, "en"):
        for base in dirs:
            path = base / f"{candidate}.html"
            if path.is_file():
                return path
    return None


def has_rules(game: str) -> bool:
    """Whether Mahai has a "How to play" page for ``game``."""
    return rules_file(game, DEFAULT_LANGUAGE) is not None


def rules_page(game: str, title: str, lang: str) -> str | None:
    """The whole page of ``game`` (display name ``title``) in ``lang``, or None
    when there is no text for the game."""
    path = rules_file(game, lang)
    if path is None:
        return None
    shown = path.stem
    heading = translate("web", "How to play {game}", shown, game=title)
    others = " · ".join(
        f'<a href="/rules/{game}?lang={code}" hreflang="{code}" lang="{code}"'
        + (' aria-current="page"' if code == shown else "") + f">{LANGUAGE_NAMES[code]}</a>"
        for code in LANGUAGES)
    back = translate("web", "Back to the lobby", shown)
    langs = translate("web", "Language", shown)
    return f"""<!doctype html>
<html lang="{shown}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(heading)} — Mahai</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/css/mahai.css">
<link rel="stylesheet" href="/static/css/lobby.css">
</head>
<body class="rules-page">
<header class="top"><p class="brand"><a href="/">Mahai</a></p>
<nav aria-label="{html.escape(langs)}" class="langs">{others}</nav></header>
<main id="rules" class="rules">
<h1>{html.escape(heading)}</h1>
{path.read_text(encoding="utf-8")}
<p><a href="/">{html.escape(back)}</a></p>
</main>
</body>
</html>
"""
