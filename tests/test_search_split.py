"""The built site's search, split per language (issue 17): each language's index holds that
language's pages and no other, in that language's words, with the entries counted by hand from
game.yaml; judged on the real build, not on the splitting function alone. The site is the translated
fixture's (fixture_games.py: alpha and beta in en, fr and cs) with the project's glossary given to
alpha, and two rulings of alpha's, translated, that its example cites (RULINGS)."""

from __future__ import annotations

import datetime
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from conftest import build_site, edit, made_once
from fixture_games import copy_small_project, translate_units, with_glossary, written_date
from hostile import read_yaml

# Every test reads the site this module builds (split_site): marked by hand, as conftest's SITE_FIXTURES
# does not name it.
pytestmark = pytest.mark.slow

# alpha's rulings, on its rule winner, in each language: (question, answer, why).
RULINGS = {
    "empty-round": {
        "en": (
            "Does a round in which a player scores no points count?",
            "Yes, it is one of the rounds.",
            "The rules count rounds.",
        ),
        "fr": (
            "Une manche sans aucun point compte-t-elle ?",
            "Oui, c’est une des manches.",
            "Les règles comptent les manches.",
        ),
        "cs": (
            "Počítá se kolo, ve kterém hráč nezíská žádný bod?",
            "Ano, je to jedno z kol.",
            "Pravidla počítají kola.",
        ),
    },
    "shared-win": {
        "en": (
            "Who wins when two players have the same highest total?",
            "Both of them win.",
            "The rules name no tie-break.",
        ),
        "fr": (
            "Qui gagne quand deux joueurs ont le même plus haut total ?",
            "Tous les deux.",
            "Les règles ne départagent pas.",
        ),
        "cs": (
            "Kdo vyhraje, když mají dva hráči stejný nejvyšší součet?",
            "Vyhrají oba.",
            "Pravidla nerozhodují remízu.",
        ),
    },
}


def ruling_units(language: str) -> dict[str, str]:
    return {
        f"ruling.{ruling}.{part}": text
        for ruling, words in RULINGS.items()
        for part, text in zip(("question", "answer", "why"), words[language], strict=True)
    }


@pytest.fixture(scope="module")
def split_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the fixture project (project/ beside it), built once a run with the repository's mkdocs.yml."""

    def make(folder: Path) -> None:
        root = copy_small_project(tmp_path_factory, folder / "project", site=True, translated=True)
        with_glossary(root, "alpha")
        edit(
            root,
            "rules/alpha/game.yaml",
            "    rules: [winner]\n    input:",
            "    rules: [winner]\n    rulings: [empty-round, shared-win]\n    input:",
        )
        game = root / "rules/alpha/game.yaml"
        listed = "".join(f"  - id: {ruling}\n    rules: [winner]\n" for ruling in RULINGS)
        game.write_text(game.read_text(encoding="utf-8") + "rulings:\n" + listed, encoding="utf-8")
        words = root / "rules/alpha/en.yaml"
        added = "".join(f"  {unit}:\n    text: {json.dumps(text)}\n" for unit, text in ruling_units("en").items())
        words.write_text(words.read_text(encoding="utf-8") + added, encoding="utf-8")
        for language in ("fr", "cs"):
            translate_units(root, "alpha", language, ruling_units(language))
        build_site(root, folder / "site")

    return made_once(tmp_path_factory, "search-split-site", make) / "site"


# Every page that is searched, per language (the quick-reference cards are not: their quotes of the
# rules would outrank the rules; nor are the quizzes: a question wants the rule, not the question
# that tests it; nor is the home page, the site's title over a list of games), relative to the
# language's root; each game's change list is, by its introduction alone.
PAGES = {"alpha/", "beta/", "glossary/", "status/", "alpha/changes/", "beta/changes/"}
# A game page's entries: the page, its numbered sections, each of their rules (game.yaml), the
# referee notes, each of their rulings and the sources. A rule and a ruling have an entry of their
# own (render/rule_entries.py).
SECTIONS = {"alpha/": {"overview": ["players", "winner"]}}
# Words of one entry in each language, as the YAML of each language says them.
ALPHA_OVERVIEW = {"en": "1. Overview", "fr": "1. Aperçu", "cs": "1. Přehled"}
FOLDERS = {"en": "", "fr": "fr", "cs": "cs"}


@pytest.fixture(scope="module")
def indexes(split_site: Path) -> dict[str, list[dict]]:
    return {
        language: json.loads((split_site / folder / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
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
        rulings = [f"ruling-{ruling}" for ruling in RULINGS]
        assert set(anchors) == {page[:-1], *sections, *rules, "referee-notes", *rulings, "sources"}, (page, anchors)
        assert per_page[page] == 1 + len(anchors) == 1 + len(set(anchors))


@pytest.mark.parametrize("language", FOLDERS)
def test_a_rule_entry_is_cited_and_holds_its_own_text_not_its_neighbours(indexes, language: str) -> None:
    """alpha 1.2 answers "who wins" on its own: its entry starts with its number, and the rule before
    it (1.1, on the players) is in an entry of its own."""
    entry = next(doc for doc in indexes[language] if doc["location"] == "alpha/#winner")
    assert entry["title"] == "Alpha 1.2"
    assert entry["text"].startswith("<p>1.2 ")
    assert "1.1" not in entry["text"] and "1.2" not in next(
        doc["text"] for doc in indexes[language] if doc["location"] == "alpha/#players"
    )
    section = next(doc for doc in indexes[language] if doc["location"] == "alpha/#overview")
    assert "1.1" not in section["text"] and section["title"].startswith("1. ")


@pytest.mark.parametrize("language", FOLDERS)
def test_a_ruling_entry_is_titled_with_its_question_and_holds_its_answer_not_the_next(indexes, language) -> None:
    """The referee notes were one entry with every ruling's words; the notes keep their introduction."""
    entries = {doc["location"]: doc for doc in indexes[language]}
    question, answer, _ = RULINGS["empty-round"][language]
    ruling = entries["alpha/#ruling-empty-round"]
    assert (ruling["title"], ruling["text"][: len(answer) + 3]) == (question, f"<p>{answer}")
    assert entries["alpha/#ruling-shared-win"]["title"] not in ruling["text"]
    notes = entries["alpha/#referee-notes"]["text"]
    assert not any(words[language][1] in notes for words in RULINGS.values())


@pytest.mark.parametrize("language", FOLDERS)
def test_no_worked_example_is_searched(indexes, language: str) -> None:
    """A rule's worked example named the words of other rules, and a question about those found the
    example's rule; the example is reached through its rule (alpha's names Ann and Bob)."""
    texts = " ".join(doc["text"] for doc in indexes[language])
    assert "Ann" not in texts and "Bob" not in texts


def test_the_entries_are_in_the_language_of_their_index(indexes) -> None:
    for language, title in ALPHA_OVERVIEW.items():
        entry = next(doc for doc in indexes[language] if doc["location"] == "alpha/#overview")
        assert entry["title"] == title
    czech = " ".join(doc["text"] for doc in indexes["cs"])
    english = " ".join(doc["text"] for doc in indexes["en"])
    assert "hráč" in czech and "hráč" not in english
    assert "the highest total wins" in english and "the highest total wins" not in czech


# The home page's heading in each language, as its anchor (the title without accents, in lower case).
HOME_ANCHORS = {"en": "#board-game-rules", "fr": "#regles-de-jeux-de-societe", "cs": "#pravidla-deskovych-her"}
# The glossary page's title, as its anchor: the glossary's words name alpha (with_glossary), and
# count the symbols of symbols.yaml.
GLOSSARY_ANCHORS = {
    "en": "glossary/#glossary-of-the-{}-alpha-symbols",
    "fr": "glossary/#glossaire-des-{}-symboles-alpha",
    "cs": "glossary/#slovnicek-{}-symbolu-hry-alpha",
}


def test_the_three_indexes_have_the_same_entries_for_the_same_structure(indexes, split_site: Path) -> None:
    """Every language has every game page and section (a missing translation is shown in English);
    only headings without an id of their own (the page titles, the status page's) take anchors from
    their words."""
    games = {
        language: sorted(doc["location"] for doc in docs if doc["location"].split("#")[0] in ("alpha/", "beta/"))
        for language, docs in indexes.items()
    }
    assert games["en"] == games["fr"] == games["cs"]
    # The status page is each language's own: the source's has a section per translation, a
    # translation's its own errata to translate (once a game has a later edition), outdated and missing.
    counts = [sum(not doc["location"].startswith("status/") for doc in indexes[language]) for language in FOLDERS]
    assert len(set(counts)) == 1, counts
    symbols = len(read_yaml(split_site.parent / "project/glossary/symbols.yaml")["symbols"])
    for language, anchor in HOME_ANCHORS.items():
        locations = {doc["location"] for doc in indexes[language]}
        assert GLOSSARY_ANCHORS[language].format(symbols) in locations and anchor not in locations, language


def furniture(split_site: Path) -> dict[str, list[str]]:
    """A game page's edition line and the draft notice of a page translated by the project, as the
    built pages say them (issue 49: « Édition 1.0 · 1 décembre 2026 » came up as an answer): alpha's
    edition 1.0 is dated the day the fixture was made."""
    history = (split_site.parent / "project/rules/alpha/editions.yaml").read_text(encoding="utf-8")
    found = re.search(r'date: "([\d-]+)"', history)
    assert found is not None
    day = datetime.date.fromisoformat(found.group(1))
    return {
        "en": ["Edition 1.0", written_date("en", day.isoformat())],
        "fr": ["Édition 1.0", written_date("fr", day.isoformat()), "Traduction provisoire"],
        "cs": ["Vydání 1.0", written_date("cs", day.isoformat()), "Pracovní překlad"],
    }


@pytest.mark.parametrize("language", FOLDERS)
def test_the_pages_furniture_is_not_searched(indexes, split_site: Path, language: str) -> None:
    """Edition lines, a change list's editions and old numbers, the draft notice and the site's title
    are about the pages, not answers: none is in the index, and each game's change list keeps its
    introduction only."""
    words = furniture(split_site)[language]
    page = (split_site / FOLDERS[language] / "alpha" / "index.html").read_text(encoding="utf-8")
    assert all(said in page for said in words), [said for said in words if said not in page]  # on the page
    for doc in indexes[language]:
        assert not any(said in doc["title"] + doc["text"] for said in words), doc["location"]
    changes = sorted(doc["location"] for doc in indexes[language] if "/changes/#" in doc["location"])
    assert len(changes) == 2 and not any(anchor in changes[0] for anchor in ("#old-numbers", "#edition-")), changes
