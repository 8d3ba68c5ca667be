"""The package deck's content (DZR-1, issue 12): four languages on every card, one tense per
language in the titles, sources that follow ``docs/deck.md``, and coverage of every century and
herrialde. The tense check is a small heuristic, not a parser: :func:`tense_problem` is tested on
wrong titles too, so it can fail.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from mahai.games.denborazup.deck import (
    BALANCE_GOALS,
    DECK_PATH,
    HERRIALDEAK,
    LANGUAGES,
    century,
    deck_balance,
    denied_host,
    load_deck,
    source_host,
)

real = pytest.mark.skipif(not DECK_PATH.exists(), reason="data/events.csv is not there")

# --- one tense per language ------------------------------------------------------
# Basque titles are in the past ("… sortu zuen", "… jaio zen"); English, Spanish and French
# titles are in the historical present ("founds", "funda", "fonde").

_EU_PAST = re.compile(r"\b(zen|ziren|zuen|zuten|zituen|zituzten|zion|zioten|zizkion|zizkioten|zien|zieten|"
                      r"zizkien|zizkieten|zitzaion|zitzaizkion|zitzaien|zegoen|zeuden|zeukan|zekien)\b")
_EU_PRESENT = re.compile(r"\b(da|dira|du|dute|ditu|dituzte|dio|diote|dizkio|zaio|zaizkio|dago|daude|dauka|"
                         r"daki|dugu|dut|naiz|gara)\b")
_EN_PAST = re.compile(r"\b(was|were|had|did|became|began|wrote|took|went|came|gave|sank|rose|fell|saw|ran|"
                      r"swore|drew|flew|grew|knew|threw|bore|spoke|broke|chose|froze|stole|woke|rode|drove|"
                      r"ate)\b", re.IGNORECASE)
_EN_PARTICIPLE = re.compile(r"\w+ed|won|led|made|built|held|sold|lost|brought|fought|taught|bought|caught|"
                            r"thought|left|sent|met|kept|paid|told|felt|beaten|born|torn|worn|sworn|drawn|"
                            r"shown|known|grown|thrown|given|taken|written|chosen|frozen|broken|spoken|"
                            r"stolen|risen|fallen|seen|done|gone", re.IGNORECASE)
_EN_AUXILIARIES = {"is", "are", "be", "been", "being", "gets", "get", "has", "have"}
_EN_NOT_VERBS = {"red", "hundred", "sacred", "bed", "shed", "speed", "seed", "feed", "need", "creed", "deed",
                 "breed", "indeed"}
_EN_ADJECTIVES = {"printed", "allied", "known", "chartered", "unified", "painted", "shared", "armed"}
_ES_PAST = re.compile(r"\b(\w+(?:ó|aron|ieron|yeron)|fue|fueron|hizo|hicieron|dijo|dijeron|tuvo|tuvieron|"
                      r"estuvo|pudo|puso|supo|vino|vinieron|quiso|trajo|era|eran|había|habían|estaba)\b",
                      re.IGNORECASE)
_FR_PAST = re.compile(r"\b(fut|furent|eut|eurent|naquit|mourut|devint|vint|vinrent|fit|firent|prit|prirent|"
                      r"\w+èrent)\b"
                      r"|\b(a|ont|avait|avaient|était|étaient)\s+(?:été\s+)?(?!lieu\b)\w+(?:é|ée|és|ées|i|ie|is|"
                      r"it|u|ue|us|ert|erte)\b"
                      r"|\best\s+(?:né|née|mort|morte|venu|venue|arrivé|arrivée|devenu|devenue|parti|partie|"
                      r"entré|entrée|allé|allée|resté|restée|tombé|tombée|passé|passée)\b", re.IGNORECASE)


def tense_problem(lang: str, title: str) -> str | None:
    """Why ``title`` (in ``lang``) breaks the deck's tense for that language, or None.

    eu: needs a past auxiliary and no present one; en: no simple past, and a past participle
    only after is/are/be/has (passive, perfect), before "by", or among a few adjectives
    ("printed", "known"); es: no preterite or imperfect; fr: no passé simple or composé.
    """
    if lang == "eu":
        if not _EU_PAST.search(title):
            return "no past auxiliary"
        present = _EU_PRESENT.search(title)
        return f"present auxiliary {present.group(0)!r}" if present else None
    if lang == "en":
        past = _EN_PAST.search(title)
        if past:
            return f"simple past {past.group(0)!r}"
        words = re.findall(r"[A-Za-z'-]+", title)
        for i, word in enumerate(words):
            lower = word.lower()
            if (not _EN_PARTICIPLE.fullmatch(word) or word[0].isupper() or lower in _EN_NOT_VERBS
                    or lower in _EN_ADJECTIVES):
                continue
            before = {w.lower() for w in words[max(0, i - 4):i]}
            after = words[i + 1].lower() if i + 1 < len(words) else ""
            if not before & _EN_AUXILIARIES and after != "by":
                return f"past form {word!r}"
        return None
    pattern = {"es": _ES_PAST, "fr": _FR_PAST}[lang]
    match = pattern.search(title)
    return f"past tense {match.group(0)!r}" if match else None


@pytest.mark.parametrize(("lang", "title"), [
    ("eu", "Athletic sortzen da Bilbon"),                # present
    ("eu", "Bilboko Guggenheim museoa irekitzen du"),    # present, transitive
    ("eu", "Bilboko Guggenheim museoaren irekiera"),     # no verb
    ("en", "The Guggenheim Museum opened in Bilbao"),
    ("en", "The king was crowned in Pamplona"),
    ("en", "Elcano completed the first voyage around the world"),
    ("es", "Se fundó el Athletic en Bilbao"),
    ("es", "Los vascones aniquilaron la retaguardia de Carlomagno"),
    ("es", "Fue coronado rey de Navarra"),
    ("fr", "Le roi a fondé la ville de Vitoria"),
    ("fr", "Ravel est né à Ciboure"),
    ("fr", "Sanche le Grand mourut à Pampelune"),
])
def test_tense_check_catches_the_other_tense(lang: str, title: str) -> None:
    assert tense_problem(lang, title) is not None


@pytest.mark.parametrize(("lang", "title"), [
    ("eu", "Athletic Club futbol-taldea sortu zen Bilbon"),
    ("eu", "Elkanok munduari lehen bira eman zion Victoria itsasontzian"),
    ("en", "The Condor Legion bombs Gernika"),
    ("en", "Etxepare publishes the first printed book in Basque"),
    ("en", "The first stone of the Plaza Nueva, designed by Olaguíbel, is laid"),
    ("es", "Nace en Bilbao el compositor Juan Crisóstomo Arriaga"),
    ("fr", "Le premier Jour du bertsolari a lieu à Donostia"),
    ("fr", "Ignace de Loyola est blessé au siège de Pampelune"),
])
def test_tense_check_accepts_the_deck_tense(lang: str, title: str) -> None:
    assert tense_problem(lang, title) is None


@real
def test_dzr1_every_title_keeps_its_language_tense() -> None:
    problems = [(e.id, lang, why) for e in load_deck(DECK_PATH) for lang, title in e.titles.items()
                if (why := tense_problem(lang, title))]
    assert problems == []


# --- four languages ----------------------------------------------------------------

_BASQUE_WORDS = re.compile(r"\b(eta|zen|zuen|zuten|zituen|ziren|baina|dira|da)\b")


@real
def test_dzr1_every_card_has_its_own_title_and_explanation_in_every_language() -> None:
    for e in load_deck(DECK_PATH):
        assert set(e.titles) == set(LANGUAGES) and set(e.explanations) == set(LANGUAGES), e.id
        assert all(e.titles[lang].strip() and e.explanations[lang].strip() for lang in LANGUAGES), e.id
        for lang in ("en", "es", "fr"):
            # a table in English, Spanish or French never shows the Basque text
            assert e.titles[lang] != e.titles["eu"], (e.id, lang)
            assert e.explanations[lang] != e.explanations["eu"], (e.id, lang)
            assert not _BASQUE_WORDS.search(e.explanations[lang]), (e.id, lang, e.explanations[lang])
    assert deck_balance(load_deck(DECK_PATH)).missing == {}


# --- sources -----------------------------------------------------------------------

@real
def test_every_source_is_https_on_an_allowed_host_and_none_is_wikipedia() -> None:
    deck = load_deck(DECK_PATH)
    assert [e.id for e in deck if not e.source_url.startswith("https://")] == []
    assert [(e.id, denied_host(e.source_url)) for e in deck if denied_host(e.source_url)] == []
    assert [e.id for e in deck if source_host(e.source_url).endswith("wikipedia.org")] == []
    # no single host carries the deck: the encyclopedia Auñamendi is the most cited, under a quarter
    hosts = Counter(source_host(e.source_url) for e in deck)
    assert hosts.most_common(1)[0][1] < len(deck) / 4


# --- coverage ------------------------------------------------------------------------

@real
def test_coverage_per_century_area_and_herrialde_meets_the_goals() -> None:
    deck = load_deck(DECK_PATH)
    balance = deck_balance(deck)
    assert balance.shortfalls() == []
    goals = BALANCE_GOALS
    assert len(deck) >= goals.min_events
    per_century = Counter(century(e.year) for e in deck)
    for number in range(goals.first_century, goals.last_century + 1):
        assert goals.min_per_century <= per_century[number] <= goals.max_century_share * len(deck), number
    assert per_century[9] + per_century[10] >= 4  # the gap between 824 and 1025 is filled
    assert min(e.year for e in deck) < 0        # prehistory and antiquity are there
    for name in goals.areas:
        assert balance.areas[name] >= goals.min_area_share * len(deck), name
    assert all(balance.regions.get(code, 0) >= 5 for code in HERRIALDEAK), balance.regions
    # Iparralde after 1800 (the review counted 9)
    assert sum(1 for e in deck if e.year > 1800 and e.regions[0] in
               ("lapurdi", "nafarroa-beherea", "zuberoa", "iparralde")) >= 15


@real
def test_dzr1_stars_are_about_one_in_ten_and_spread() -> None:
    balance = deck_balance(load_deck(DECK_PATH))
    assert 0.08 <= balance.stars / balance.events <= 0.14
    assert len(balance.star_eras) == 6 and len(balance.star_categories) >= 6
    assert {"sport", "society"} <= set(balance.star_categories)


# --- the review's findings (shared/reviews/basque-and-deck-2026-12.md) -------------------

@real
def test_review_findings_stay_fixed() -> None:
    cards = {e.id: e for e in load_deck(DECK_PATH)}
    printed = {"eu": "inprimatu", "en": "printed", "es": "impres", "fr": "imprimé"}
    for card_id in ("etxepare-book", "larramendi-grammar"):   # the first *printed* book and grammar
        assert all(printed[lang] in cards[card_id].titles[lang] for lang in LANGUAGES), card_id
    assert "ploughshares" in cards["reja-san-millan"].explanation("en")      # a tribute, not tithes
    assert "hamarren" not in cards["reja-san-millan"].explanation("eu")
    assert cards["benjamin-tudela"].precision == "approx"
    assert cards["bayonne-cathedral"].year == 1258                           # the fire, not 1213
    assert "oldest written records" in cards["whale-bayonne"].explanation("en")
    assert "Oh Eun-sun" in cards["pasaban-zortzimilakoak"].explanation("en")  # "first woman" disputed
    assert "agintaldi" not in cards["bayonne-french"].explanation("eu")
    assert "three centuries" not in cards["bayonne-french"].titles["en"]
    spanish = " ".join(t for e in cards.values() for t in (e.titles["es"], e.explanation("es")))
    assert "Lapurdi" not in spanish and "Zuberoa" not in spanish and "Labort" in spanish
    basque = " ".join(t for e in cards.values() for t in (e.title_eu, e.explanation("eu")))
    for slip in ("Behe Nafarroa", "Comptos Ganbera", "auto-da-fe", "garezur zati", "zaldi margoak",
                 "autonomia estatutua", "futbol taldea", "hizkuntza eremu"):
        assert slip not in basque, slip
