"""The split of the players' questions (tests/search_questions.py, issue 49): fixed by a hash, so
that no one chooses which questions measure; and the words attached to the rules hold no copy of a
held-out question, which would let the held-out half measure the words file instead of the search."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from browser.test_search_ranking import QUERIES
from rulebook.load.project import load_project
from search_questions import is_held_out, near_copy, split, words_of

ROOT = Path(__file__).resolve().parents[1]


def test_a_question_falls_in_the_half_its_hash_says_whatever_its_case_and_spaces() -> None:
    # By hand: `printf 'qui commence' | sha256sum` ends in 0x23 (odd), `printf 'tiebreaker' | sha256sum` in 0xec.
    assert is_held_out("qui commence") and is_held_out("  Qui   COMMENCE")
    assert not is_held_out("tiebreaker")


def test_each_half_holds_at_least_thirty_questions_in_each_language() -> None:
    development, held_out = split(QUERIES)
    assert len(development) + len(held_out) == len(QUERIES)
    for half in (development, held_out):
        counts = Counter(language for language, _, _ in half)
        assert set(counts) == {"en", "fr", "cs"} and min(counts.values()) >= 30, counts


def test_no_question_attached_to_a_rule_copies_a_held_out_question() -> None:
    project = load_project(ROOT).project
    names = frozenset(word for game in project.games for word in words_of(game.name, frozenset()))
    words = project.search_words.data
    _, held_out = split(QUERIES)
    copies = [
        (language, entry, attached, question)
        for language, part in words["languages"].items()
        for entry, questions in part.get("questions", {}).items()
        for attached in questions
        for held_language, question, _ in held_out
        if held_language == language and near_copy(question, attached, names)
    ]
    assert not copies, copies
