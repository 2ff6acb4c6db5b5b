"""rules/search-words.yaml (issue 28): the words search knows of each language beyond the rules',
checked by `rulebook check` like every content file, and sent to the browser with each language's
index (the ranking they give is measured in tests/browser/test_search_ranking.py). The check's
refusals are planted in a words file of the small project's (WORDS), not in the repository's."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring import unused_language
from conftest import edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.render.search import FOLDED_FIELD, FOLDING_ATTRIBUTE, WORDS_ATTRIBUTE, search_words, split_index

FILE = "rules/search-words.yaml"
# The small project's search words: what each test below changes, and otherwise nothing to refuse.
WORDS = """\
# yaml-language-server: $schema=../schemas/search-words.schema.json
languages:
  en:
    question_words: [who, how]
    synonyms:
      - [tie, tied, tiebreak]
  fr:
    question_words: [qui, combien]
    elisions: [qu, d]
    synonyms:
      - [égalité, ex aequo]
      - [commencer, commence, débuter]
  cs:
    question_words: [kdo, kolik]
    synonyms:
      - [remíza, shoda]
"""


@pytest.fixture
def words_project(small_project: Path, capsys) -> Path:
    """The small project with WORDS as its search words, which the check passes."""
    (small_project / FILE).write_text(WORDS, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check")
    assert code == 0 and FILE not in out, out
    return small_project


def test_check_names_a_language_the_project_does_not_have(words_project: Path, capsys) -> None:
    other = unused_language(lunr=False)
    text = edit(words_project, FILE, "  cs:\n    question_words:", f"  {other}:\n    question_words:")
    line, col = locate(text, f"{other}:")
    code, out, err = run_cli(capsys, "--root", str(words_project), "check")
    assert code == 1
    languages = ", ".join(load_project(words_project).project.languages)
    assert f"{FILE}:{line}:{col}: languages.{other}: not one of the project's languages ({languages})" in out
    assert "Traceback" not in out + err


def test_check_refuses_a_synonym_that_is_also_a_question_word(words_project: Path, capsys) -> None:
    # Search drops "combien" before it looks for synonyms: as a synonym it would never be used.
    text = edit(words_project, FILE, "[commencer, commence,", "[commencer, Combien,")
    line, col = locate(text, "Combien")
    code, out, _ = run_cli(capsys, "--root", str(words_project), "check")
    assert code == 1
    assert f"{FILE}:{line}:{col}: languages.fr.synonyms[1][1]: 'Combien' is also a question word" in out


def test_check_refuses_a_word_in_two_groups_of_synonyms_accents_aside(words_project: Path, capsys) -> None:
    text = edit(words_project, FILE, "[commencer, commence,", "[commencer, egalite,")
    line, col = locate(text, "egalite,")
    code, out, _ = run_cli(capsys, "--root", str(words_project), "check")
    assert code == 1
    assert f"{FILE}:{line}:{col}: languages.fr.synonyms[1][1]: 'egalite' is already in group 0" in out


def test_check_refuses_markup_and_digits_in_a_word_with_its_place(words_project: Path, capsys) -> None:
    text = edit(words_project, FILE, "[tie, tied,", "['<b>tie</b>', tied,")
    line, _ = locate(text, "<b>tie")
    code, out, err = run_cli(capsys, "--root", str(words_project), "check")
    assert code == 1
    assert f"{FILE}:{line}:" in out and "<b>tie</b>" in out
    assert "Traceback" not in out + err


def test_the_repository_file_passes_the_check(capsys) -> None:
    code, out, _ = run_cli(capsys, "check")
    assert FILE not in out
    assert code == 0


def test_each_language_index_carries_its_own_words_folded_as_queries_are() -> None:
    words = {
        "languages": {
            "fr": {"question_words": ["Où"], "elisions": ["qu"], "synonyms": [["Égalité", "ex  aequo"]]},
            "cs": {"synonyms": [["remíza", "shoda"]]},
        }
    }
    index = {"config": {"lang": ["en"], "fields": {"title": {"boost": 1000.0}}}, "docs": []}
    parts = split_index(index, ["en", "fr", "cs"], frozenset({"fr"}), words)
    french = parts["fr"]["config"]["fields"][FOLDED_FIELD][WORDS_ATTRIBUTE]
    assert (french["language"], french["ask"]) == ("fr", ["ou"])
    # The elisions travel with the folding the glossary filter shares (text/folding.py).
    assert parts["fr"]["config"]["fields"][FOLDED_FIELD][FOLDING_ATTRIBUTE]["elisions"] == ["qu"]
    assert french["same"] == [["egalite", "ex aequo"]]
    assert parts["cs"]["config"]["fields"][FOLDED_FIELD][WORDS_ATTRIBUTE]["same"] == [["remiza", "shoda"]]
    # English has no entry: no words, and nothing breaks.
    english = parts["en"]["config"]["fields"][FOLDED_FIELD][WORDS_ATTRIBUTE]
    assert (english["ask"], english["same"]) == ([], [])


def test_without_the_file_the_game_names_still_scope_a_query() -> None:
    """Issue 49: a game named in a query scopes it through the games' own names, not a word list;
    without rules/search-words.yaml the index declares no words but still the games."""
    index = {"config": {"lang": ["en"], "fields": {}}, "docs": []}
    games = {"beta-two/": "Beta Two!", "alpha/": "Alpha"}
    field = split_index(index, ["en"], games=games)["en"]["config"]["fields"][FOLDED_FIELD]
    declared = field[WORDS_ATTRIBUTE]
    assert (declared["ask"], declared["same"]) == ([], [])
    assert declared["games"] == [["beta two", "beta-two/"], ["alpha", "alpha/"]]
    assert field[FOLDING_ATTRIBUTE]["ligatures"]["œ"] == "oe"  # the folding still goes, ligatures and all


def test_the_glossary_ranks_below_the_rules_through_a_factor_below_one() -> None:
    prefix, factor = search_words({}, "en")["glossary"]
    assert prefix == "glossary/" and 0 < factor < 1
