"""What the server says to one viewer: sentences, action labels, card names.

The client never parses notation nor builds a sentence: every projected event
carries its sentence (``text``), every legal action its label, and the state its
card names, all rendered here in the connection's language from the game's
messages (:meth:`~mahai.core.Game.describe_event` of the *projected* event,
:meth:`~mahai.core.Game.describe_action`) with :func:`mahai.i18n.render`.

Seats are named for the viewer (:func:`seat_names`): "you" for the viewer's
own seat, a bot by its level ("Ausazkoa"; "Ausazkoa 3", with its seat number,
when another bot of the table has the same level), a person without a name
"Seat N". Since a sentence is made from the projected event alone, it can name
only what the projection shows (``tests/web/test_leaks.py`` checks it).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from mahai.bots.levels import ALIASES, level_help
from mahai.core import Action, ActionFamily, Event, Game
from mahai.i18n import LANGUAGES, catalog, render, translate
from mahai.server.store import SeatRow

Names = Mapping[int, str]


def seat_name(seat: int, lang: str) -> str:
    """``"Seat N"`` (1-based) in ``lang``."""
    return translate("web", "Seat {n}", lang, n=seat + 1)


def bot_name(game: Game[Any, Any], bot: str, lang: str) -> str:
    """A bot's display name: msgid ``bot.<name>`` of the game's catalog, else
    of ``web``, else the name itself."""
    msgid = f"bot.{bot}"
    for domain in (game.name, "web"):
        text = translate(domain, msgid, lang)
        if text != msgid:
            return text
    return bot


def bot_help(game: Game[Any, Any], bot: str, lang: str) -> str | None:
    """What a bot level is, in one sentence (the lobby says it under the seats): msgid
    ``bot.<name>.help`` of the game's catalog, else of ``bots`` (an alias as its level:
    :func:`mahai.bots.levels.level_help`); None for a bot no catalog describes."""
    msgid = f"bot.{bot}.help"
    text = translate(game.name, msgid, lang)
    if text != msgid:
        return text
    text = level_help(bot, lang)
    return None if text.startswith("bot.") else text


def seat_names(game: Game[Any, Any], seats: Iterable[SeatRow], viewer: int | None,
               lang: str) -> dict[int, str]:
    """How ``viewer`` sees each seat named, in ``lang``: ``"you"`` for its own
    seat; a bot seat by its level's name (:func:`bot_name`, an alias by its level's:
    :data:`mahai.bots.levels.ALIASES`), capitalised, followed by its seat number
    (1-based) when another bot seat of the table has a level of the same name
    ("Ausazkoa 2", "Ausazkoa 3", as the lobby names bots); a person seat ``"Seat N"``
    (every game alike: Spades' three random bots were "2. eserlekua" and so on,
    DenboraZup's one "Ausazkoa")."""
    rows = list(seats)
    levels: dict[int, str] = {}
    for s in rows:
        if s.kind == "bot" and s.bot is not None:
            name = bot_name(game, ALIASES.get(s.bot, s.bot), lang)
            levels[s.seat] = name[:1].upper() + name[1:]
    twins = Counter(levels.values())
    out: dict[int, str] = {}
    for s in rows:
        if s.seat == viewer:
            out[s.seat] = translate("web", "you", lang)
        elif s.seat in levels:
            level = levels[s.seat]
            out[s.seat] = level if twins[level] == 1 else f"{level} {s.seat + 1}"
        else:
            out[s.seat] = seat_name(s.seat, lang)
    return out


def level_named(game: Game[Any, Any], seat: SeatRow) -> bool:
    """Whether a bot seat's stored name is only its automatic level name in some language,
    as the lobby stored it before it sent none for an untyped bot name: "Ausazkoa" or
    "Ausazkoa 3" (capitalised :func:`bot_name` of the seat's bot or of its alias's level,
    alone or with its 1-based seat number) in eu, en, es or fr. Such a name is shown in the
    viewer's language, as :func:`seat_names` names an unnamed bot; a name typed for a bot,
    and a person's name on a seat a bot plays while they are away, are kept as they are."""
    if seat.kind != "bot" or seat.away or not seat.name or seat.bot is None:
        return False
    for lang in LANGUAGES:
        for bot in {seat.bot, ALIASES.get(seat.bot, seat.bot)}:
            name = bot_name(game, bot, lang)
            level = name[:1].upper() + name[1:]
            if seat.name in (level, f"{level} {seat.seat + 1}"):
                return True
    return False


# Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, their
# presentation forms, and the right-to-left scripts of the supplementary planes.
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
FSI, PDI = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """``name`` set apart from the sentence around it, between FIRST STRONG ISOLATE and POP
    DIRECTIONAL ISOLATE (Unicode's bidirectional algorithm, UAX #9), when it holds a
    right-to-left letter; any other name as it is (so the log's sentences of other names keep
    their bytes). Without it the log's "…; سارة: 25 (total 25)." showed as "…; 25 :سارة (total
    25).": a number after an Arabic or Hebrew name ran into it.

    >>> isolated("Ane"), isolated("سارة") == FSI + "سارة" + PDI
    ('Ane', True)
    """
    return f"{FSI}{name}{PDI}" if _RTL.search(name) and not name.startswith(FSI) else name


def _namer(names: Names, lang: str) -> Callable[[int], str]:
    return lambda seat: isolated(names.get(seat) or seat_name(seat, lang))


def sentence(game: Game[Any, Any], seen: Mapping[str, Any], viewer: int | None, lang: str,
             names: Names) -> str | None:
    """The sentence of a *projected* event for ``viewer`` (first letter
    capitalised), or None if the game has nothing to say about it."""
    message = game.describe_event(seen, viewer)
    if message is None:
        return None
    text = render(message, lang, _namer(names, lang))
    at = 1 if text.startswith(FSI) else 0  # a sentence that starts with an isolated name
    return text[:at] + text[at:at + 1].upper() + text[at + 1:]


def events_json(game: Game[Any, Any], events: Iterable[tuple[int, Event]], viewer: int | None,
                lang: str, names: Names) -> list[dict[str, Any]]:
    """Each event as ``viewer`` may see it (:meth:`Game.project_event`, as sent to a reader
    of ``lang``: :meth:`Game.wire_event`), with its ``version`` and its sentence ``text`` (str
    or None, made from the whole projected event); hidden ones dropped."""
    out = []
    for version, event in events:
        seen = game.project_event(event, viewer)
        if seen is not None:
            text = sentence(game, seen, viewer, lang, names)
            out.append({**game.wire_event(seen, lang), "version": version, "text": text})
    return out


def action_label(game: Game[Any, Any], action: Action, lang: str, names: Names) -> str:
    """The button text of ``action`` (:meth:`Game.describe_action`) in ``lang``."""
    return render(game.describe_action(action), lang, _namer(names, lang))


def legal_json(game: Game[Any, Any], actions: Iterable[Action], lang: str,
               names: Names) -> list[dict[str, Any]]:
    """``[{"action": notation, "label": text}]``: the notation is an opaque id
    the client sends back; the label is what it shows. Actions alike but for one number
    (:meth:`Game.wire_legal`) come as one entry ``{"action", "label", "each": [n...],
    "shown": k}``, its notation and label with ``{n}`` where each number goes (plus ``k`` in
    the label): table.js makes one entry of each (:func:`expand_legal` here)."""
    out: list[dict[str, Any]] = []
    for a in game.wire_legal(list(actions)):
        if isinstance(a, ActionFamily):
            out.append({"action": a.notation, "label": render(a.label, lang, _namer(names, lang)),
                        "each": list(a.numbers), "shown": a.shown})
        else:
            out.append({"action": a.notation(), "label": action_label(game, a, lang, names)})
    return out


def expand_legal(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """:func:`legal_json`'s entries one per action, as table.js reads them (``expandLegal``)."""
    out: list[dict[str, str]] = []
    for e in entries:
        if "each" not in e:
            out.append({"action": e["action"], "label": e["label"]})
            continue
        out.extend({"action": e["action"].replace("{n}", str(n)),
                    "label": e["label"].replace("{n}", str(n + e["shown"]))} for n in e["each"])
    return out


def _strings(value: Any) -> list[str]:
    """Every string in ``value`` (nested dicts' values, lists, tuples), in order."""
    out: list[str] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(reversed(v.values()))
        elif isinstance(v, list | tuple):
            stack.extend(reversed(v))
    return out


@functools.lru_cache(maxsize=64)
def _card_msgids(game: str, lang: str) -> frozenset[str]:
    """The msgids of ``game``'s catalogs in English and ``lang`` (built once: the
    catalogs do not change while the server runs)."""
    return frozenset(catalog(game, "en").keys() | catalog(game, lang).keys())


def card_labels(game: Game[Any, Any], view: Any, lang: str) -> dict[str, str]:
    """The name, in ``lang``, of every card code the view shows: each string
    ``s`` of ``view`` for which the game's catalog has msgid ``card.<s>`` (the
    message its ``describe_*`` nest for a card). Only strings of the view
    itself are looked up, so nothing the viewer may not see is named."""
    known = _card_msgids(game.name, lang)
    out: dict[str, str] = {}
    for s in _strings(view):
        if s not in out and f"card.{s}" in known:
            out[s] = translate(game.name, f"card.{s}", lang)
    return out
