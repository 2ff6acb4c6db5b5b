"""The built site's search, split per language (issue 17): each language's index holds that
language's pages and no other, in that language's words, with the entries counted by hand from
game.yaml; judged on the real build, not on the splitting function alone."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

# Every page that is searched, per language (the quick-reference cards are not: their quotes of the
# rules would outrank the rules; nor are the quizzes: a question wants the rule, not the question
# that tests it; nor is the home page, the site's title over a list of games), relative to the
# language's root; each game's change list is, by its introduction alone.
PAGES = {
    "rebus/",
    "rebis/",
    "oh-my-word/",
    "glossary/",
    "status/",
    *(f"{game}/changes/" for game in ("rebus", "rebis", "oh-my-word")),
}
# A game page's entries: the page, its numbered sections, each of their rules (game.yaml), the
# referee notes, each of their rulings and the sources. A rule and a ruling have an entry of their
# own (render/rule_entries.py).
SECTIONS = {
    "rebus/": {
        "play": ["bags", "starting-player", "drawing", "first-turn", "next-turns"],
        "forming": [
            "plausible-sentences",
            "single-words",
            "adding-on",
            "no-lists",
            "proper-nouns",
            "changed-meaning",
            "changing-tiles",
            "empty-bag",
        ],
        "scoring": ["basic-score", "bonus-squares", "several-rebuses", "all-tiles-bonus", "unplayed-tiles"],
        "ending": ["end-of-play", "winner"],
        "glossary": ["glossary-guide"],
    },
    "rebis/": {
        "overview": ["aim"],
        "turn": ["own-shelf", "hand-limit", "other-shelf", "negative-draw"],
        "closing": ["closing-shelf", "closing-other-shelf"],
        "tokens": ["placing-tokens", "multipliers", "golden-tokens"],
        "end": ["game-end", "red-token", "final-score"],
        "zero": ["zero-expansion"],
    },
}
RULINGS = {
    "rebus/": ["rebus-score", "multipliers", "squares-compound", "covered-earlier", "all-tiles-bonus", "end-of-game"],
    "rebis/": [
        "shelf-limit",
        "shelf-value",
        "never-negative",
        "token-values",
        "red-token",
        "red-token-tie",
        "red-token-placement",
        "winners",
    ],
}
# Words of one entry in each language, as the YAML of each language says them (the Czech one-letter
# word tied to the next, as the pages write it: render/ties.py).
REBIS_OVERVIEW = {"en": "1. About the game", "fr": "1. À propos du jeu", "cs": "1. O\u00a0hře"}
FOLDERS = {"en": "", "fr": "fr", "cs": "cs"}


@pytest.fixture(scope="module")
def indexes(clean_site: Path) -> dict[str, list[dict]]:
    return {
        language: json.loads((clean_site / folder / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
        for language, folder in FOLDERS.items()
    }


@pytest.mark.parametrize("language", FOLDERS)
def test_each_language_searches_its_own_pages_and_no_other(indexes, language: str) -> None:
    locations = [doc["location"] for doc in indexes[language]]
    assert {location.split("#")[0] for location in locations} == PAGES
    assert not any(location.startswith(("fr/", "cs/", "en/", "/")) for location in locations)


@pytest.mark.parametrize("language", FOLDERS)
def test_a_game_page_has_an_entry_for_the_page_each_section_each_rule_the_notes_and_the_sources(
    indexes, language: str
) -> None:
    per_page = Counter(doc["location"].split("#")[0] for doc in indexes[language])
    for page, sections in SECTIONS.items():
        anchors = [doc["location"].split("#")[1] for doc in indexes[language] if doc["location"].startswith(page + "#")]
        rules = [rule for section_rules in sections.values() for rule in section_rules]
        rulings = [f"ruling-{ruling}" for ruling in RULINGS[page]]
        assert set(anchors) == {page[:-1], *sections, *rules, "referee-notes", *rulings, "sources"}, (page, anchors)
        assert per_page[page] == 1 + len(anchors) == 1 + len(set(anchors))


@pytest.mark.parametrize("language", FOLDERS)
def test_a_rule_entry_is_cited_and_holds_its_own_text_not_its_neighbours(indexes, language: str) -> None:
    """REBUS 2.8 answers "draw pile empty" on its own: its entry starts with its number, and the
    rule before it (2.7, on changing tiles) is in an entry of its own."""
    entry = next(doc for doc in indexes[language] if doc["location"] == "rebus/#empty-bag")
    assert entry["title"] == "REBUS 2.8"
    assert entry["text"].startswith("<p>2.8 ")
    assert "2.7" not in entry["text"] and "2.8" not in next(
        doc["text"] for doc in indexes[language] if doc["location"] == "rebus/#changing-tiles"
    )
    section = next(doc for doc in indexes[language] if doc["location"] == "rebus/#forming")
    assert "2.1" not in section["text"] and section["title"].startswith("2. ")


# The question and the start of the answer of Rebis's first ruling, in each language's YAML.
SHELF_LIMIT = {
    "en": ("Does the limit of 13 count cards, or the weight of the books?", "<p>The weight: "),
    "fr": ("La limite de 13 compte-t-elle les cartes, ou le poids des livres\u202f?", "<p>Le poids\u00a0: "),
    "cs": ("Počítá se mez 13 v\u00a0kartách, nebo v\u00a0hmotnosti knih?", "<p>V\u00a0hmotnosti: "),
}


@pytest.mark.parametrize("language", FOLDERS)
def test_a_ruling_entry_is_titled_with_its_question_and_holds_its_answer_not_the_next(indexes, language) -> None:
    """The referee notes were one entry with every ruling's words; the notes keep their introduction."""
    entries = {doc["location"]: doc for doc in indexes[language]}
    question, answer = SHELF_LIMIT[language]
    ruling = entries["rebis/#ruling-shelf-limit"]
    assert (ruling["title"], ruling["text"][: len(answer)]) == (question, answer)
    assert entries["rebis/#ruling-shelf-value"]["title"] not in ruling["text"]
    assert "13" not in entries["rebis/#referee-notes"]["text"]


@pytest.mark.parametrize("language", FOLDERS)
def test_no_worked_example_is_searched(indexes, language: str) -> None:
    """A rule's worked example named the words of other rules (Rebis 4.2's gave the red token), and a
    question about those found the example's rule; the example is reached through its rule."""
    texts = " ".join(doc["text"] for doc in indexes[language])
    assert "Ann" not in texts and "Bob" not in texts


def test_the_entries_are_in_the_language_of_their_index(indexes) -> None:
    for language, title in REBIS_OVERVIEW.items():
        entry = next(doc for doc in indexes[language] if doc["location"] == "rebis/#overview")
        assert entry["title"] == title
    czech = " ".join(doc["text"] for doc in indexes["cs"])
    english = " ".join(doc["text"] for doc in indexes["en"])
    assert "hráč" in czech and "hráč" not in english
    assert "Highest score wins" in english and "Highest score wins" not in czech


# The home page's heading in each language, as its anchor (the title without accents, in lower case).
HOME_ANCHORS = {"en": "#board-game-rules", "fr": "#regles-de-jeux-de-societe", "cs": "#pravidla-deskovych-her"}
GLOSSARY_ANCHORS = {
    "en": "glossary/#glossary-of-the-76-rebus-symbols",
    "fr": "glossary/#glossaire-des-76-symboles-rebus",
    "cs": "glossary/#slovnicek-76-symbolu-hry-rebus",
}


def test_the_three_indexes_have_the_same_entries_for_the_same_structure(indexes) -> None:
    """Every language has every game page and section (a missing translation is shown in English);
    only headings without an id of their own (the page titles, the status page's) take anchors from
    their words."""
    games = {
        language: sorted(doc["location"] for doc in docs if doc["location"].split("#")[0] in SECTIONS)
        for language, docs in indexes.items()
    }
    assert games["en"] == games["fr"] == games["cs"]
    # The status page is each language's own: the source's has a section per translation, a
    # translation's its own errata to translate (once a game has a later edition), outdated and missing.
    counts = [sum(not doc["location"].startswith("status/") for doc in indexes[language]) for language in FOLDERS]
    assert len(set(counts)) == 1, counts
    for language, anchor in HOME_ANCHORS.items():
        locations = {doc["location"] for doc in indexes[language]}
        assert GLOSSARY_ANCHORS[language] in locations and anchor not in locations, language


# A game page's edition line and the draft notice of a page translated by the project, as the built
# pages say them (issue 49: « Édition 1.0 · 1 décembre 2026 » came up as an answer).
FURNITURE = {
    "en": ["Edition 1.0", "December 1, 2026"],
    "fr": ["Édition 1.0", "1 décembre 2026", "Traduction provisoire"],
    "cs": ["Vydání 1.0", "prosince 2026", "Pracovní překlad"],
}


@pytest.mark.parametrize("language", FOLDERS)
def test_the_pages_furniture_is_not_searched(indexes, language: str) -> None:
    """Edition lines, a change list's editions and old numbers, the draft notice and the site's title
    are about the pages, not answers: none is in the index, and each game's change list keeps its
    introduction only."""
    for doc in indexes[language]:
        assert not any(words in doc["title"] + doc["text"] for words in FURNITURE[language]), doc["location"]
    changes = sorted(doc["location"] for doc in indexes[language] if "/changes/#" in doc["location"])
    assert len(changes) == 3 and not any(anchor in changes[0] for anchor in ("#old-numbers", "#edition-")), changes
