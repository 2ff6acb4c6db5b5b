"""Search per language, accents ignored: a post-processing of Material's one search index.

The i18n build writes one index for every language. We split it so that each language's pages
search only their own index, with its own stemmer where lunr has one, and declare the fields that
the browser fills as it indexes each entry (lunr.rb.min.js): the accent-folded form of each word
that has accents, so "hrac" finds "hráč" while "hráč" still does, and stemmed copies of the text
and title. The index carries each text once.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulebook.render.rule_entries import REFEREE_NOTES, RuleAnchors, split_by_rule, split_by_ruling
from rulebook.text.folding import fold, folding

FOLDED_FIELD = "folded"
# The text again, the only field that lunr stems (see lunr.rb.min.js): words keep matching by prefix
# as the reader types, and an inflected word finds its other forms through this field. Declared
# here; the browser makes each entry's copy as it indexes it (lunr.rb.min.js), so that the index
# does not carry the text twice.
STEMS_FIELD = "stems"
TITLE_STEMS_FIELD = "title_stems"
# The questions players ask that an entry answers, in their words (rules/search-words.yaml's
# `questions`): searched as the entry's text is, folded and stemmed with it, and never shown
# (Material shows an entry's title and text only). Players ask with words the rules do not use.
QUESTIONS_FIELD = "asks"
_WORD = re.compile(r"\w+")
_TAG = re.compile(r"<[^>]*>")
_LUNR_FILE = re.compile(r"lunr\.([a-z]{2,3})\.min\.js")
# What a reader searches for is a rule: the referee notes, the list of sources and the status page
# rank below the rules that also match. (Anchors and pages as the renderer writes them.) A ruling
# (render/rule_entries.py) is titled with its question, and a title weighs 1,000 times the text.
# Measured on the query set (tests/browser/test_search_ranking.py), which wants rules: rulings at
# 0.4, 0.05 and 0.01 took the places of the rules they concern (156, 169 and 178 of 211 questions
# found their rule in the first three), 0.001 gave 199. With this session's search words, of 254:
# 0.001 and 0.002 gave 246, 0.003 gave 244. At 0.002, a dispute ("do bonuses add up or multiply")
# shows its ruling next to its rule; at 0.001 the ruling was folded under its page.
SECONDARY = {"#referee-notes": 0.4, "#ruling-": 0.002, "#sources": 0.2, "status/": 0.3}
# Material's search keeps only the pipeline functions named here; the defaults of its English
# configuration drop the stemmer, so "égalités" found nothing in French.
PIPELINE = ["stemmer", "stopWordFilter", "trimmer"]
STEM_MATCHING = "rb"
# Rules rank above the glossary: a card's score is multiplied by this (lunr.rb.min.js), so that
# "tie" gives the tiebreaker before the Tie card, and "égalités" the rule before the Equals card
# (the stem of both is "égal"). A word the rules do not say still finds its card first ("ewe").
# Measured on the query set of tests/browser/test_search_ranking.py: 0.3 and 0.05 left cards first.
GLOSSARY_BELOW_RULES = ("glossary/", 0.01)
# The words of rules/search-words.yaml travel to the browser as an attribute of the folded field's
# declaration, which Material passes to lunr untouched (lunr.rb.min.js reads it there).
WORDS_ATTRIBUTE = "words"
# How words.js folds the language's words, index and queries alike (text/folding.py's `folding`),
# as the glossary filter does: sent the same way, whether or not the project has search words.
FOLDING_ATTRIBUTE = "folding"


def folded_words(*texts: str) -> str:
    """The folded form of every word that folding changes, each once, in order.

    >>> folded_words("<p>Le hráč a hráči</p>", "Hráč")
    'hrac hraci'
    """
    seen: dict[str, None] = {}
    for text in texts:
        lowered = _TAG.sub(" ", text).lower()
        folded = fold(lowered)
        if folded == lowered:
            continue  # nothing to fold: the common case, at the cost of one pass
        # Folding removes marks letter by letter, so words stay in step between the two texts.
        for word, plain in zip(_WORD.findall(lowered), _WORD.findall(folded), strict=False):
            if word != plain:
                seen.setdefault(plain)
    return " ".join(seen)


def _key(phrase: str) -> str:
    return " ".join(fold(phrase).lower().split())


def search_words(words: Mapping[str, Any], language: str, games: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the browser needs of one language's search words (rules/search-words.yaml), folded as
    the queries it compares them with; `games`: each game's page and name, which scope a query
    that names one (lunr.rb.min.js).

    >>> french = {"fr": {"question_words": ["Où"], "synonyms": [["égalité", "ex aequo"]]}}
    >>> for key, value in search_words({"languages": french}, "fr").items():
    ...     print(key, value)
    language fr
    ask ['ou']
    same [['egalite', 'ex aequo']]
    glossary ['glossary/', 0.01]
    games []
    >>> search_words({}, "en", {"go-fish/": "Go Fish!"})["games"]
    [['go fish', 'go-fish/']]
    """
    own = words.get("languages", {}).get(language, {})
    return {
        "language": language,
        "ask": [_key(word) for word in own.get("question_words", [])],
        "same": [[_key(phrase) for phrase in group] for group in own.get("synonyms", [])],
        "glossary": list(GLOSSARY_BELOW_RULES),
        "games": [[" ".join(_WORD.findall(_key(name))), page] for page, name in (games or {}).items()],
    }


def language_of(location: str, languages: list[str]) -> tuple[str, str]:
    """Which language a search entry belongs to, and its location relative to that language's root.

    >>> language_of("fr/chess/#aim", ["en", "fr", "cs"]), language_of("chess/", ["en", "fr", "cs"])
    (('fr', 'chess/#aim'), ('en', 'chess/'))
    """
    head, _, rest = location.partition("/")
    if head in languages[1:]:
        return head, rest
    return languages[0], location


def split_index(
    index: dict[str, Any],
    languages: list[str],
    stemmed: frozenset[str] = frozenset(),
    words: Mapping[str, Any] | None = None,
    rules: RuleAnchors | None = None,
    games: Mapping[str, str] | None = None,
    rulings: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, dict[str, Any]]:
    """One index per language; the first language is the one at the site root. `stemmed` names the
    languages that have a lunr language file (Material's, or one of ours): they search with its
    stemmer and stop words; the others with none, rather than with English rules. `words`: the data
    of rules/search-words.yaml, if the project has it (its questions go to their entries); `rules`:
    each game page's rules, which get an entry each (render/rule_entries.py); `games`: each game's
    page and name, for `words`; `rulings`: each game page's rulings, which get an entry each."""
    result = {}
    for language in languages:
        config = copy.deepcopy(index["config"])
        # "rb" is our pseudo-language (theme/assets/javascripts/lunr/min/lunr.rb.min.js): whole
        # words are matched by their stem as the reader types.
        config["lang"] = [language if language in stemmed else "en", STEM_MATCHING]
        config["pipeline"] = PIPELINE if language in stemmed or language == "en" else []
        config["fields"][FOLDED_FIELD] = {"boost": 1.0, FOLDING_ATTRIBUTE: folding(words, language)}
        # Sent without a words file too: the game names, from the games' data, scope a query.
        config["fields"][FOLDED_FIELD][WORDS_ATTRIBUTE] = search_words(words or {}, language, games)
        config["fields"][STEMS_FIELD] = {"boost": 0.5}
        config["fields"][TITLE_STEMS_FIELD] = {"boost": 50.0}  # a title still outweighs the text
        config["fields"][QUESTIONS_FIELD] = {"boost": 1.0}  # as the text: 0.5 and 2 did no better
        result[language] = {"config": config, "docs": []}
    for entry in index["docs"]:
        language, location = language_of(entry["location"], languages)
        entry = {**entry, "location": location}
        page, _, section = location.partition("#")
        section_rules = rules.get(page, {}).get(section) if rules is not None else None
        if section_rules:
            parts = split_by_rule(entry, section_rules)
        elif section == REFEREE_NOTES and rulings is not None and rulings.get(page):
            parts = split_by_ruling(entry, rulings[page])
        else:
            parts = [entry]
        for part in parts:
            boost = next((value for name, value in SECONDARY.items() if name in part["location"]), None)
            if boost is not None:
                part["boost"] = boost
        result[language]["docs"] += parts
    for language, part in result.items():
        asked = (words or {}).get("languages", {}).get(language, {}).get("questions", {})
        for entry in part["docs"]:
            if entry["location"] in asked:
                entry[QUESTIONS_FIELD] = " ".join(asked[entry["location"]])
    return result


def lunr_languages(theme_dirs: Sequence[str]) -> frozenset[str]:
    """The languages with a lunr language file in the theme folders (the site's are
    website.plugin.site_lunr_languages: the engine's theme is the website's business)."""
    found = {"en"}
    for folder in theme_dirs:
        lunr = Path(folder) / "assets" / "javascripts" / "lunr" / "min"
        found |= {match[1] for path in lunr.glob("lunr.*.min.js") if (match := _LUNR_FILE.fullmatch(path.name))}
    return frozenset(found - {STEM_MATCHING})  # our pseudo-language is no language
