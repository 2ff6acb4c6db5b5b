"""The players' questions of the search tests, split once and for all into a development half and a
held-out half (issue 49). A question's half is fixed by the SHA-256 of its normalized text: odd →
held out. No one chooses which question lands where, and no change to the search can move one;
every weight and synonym is chosen on the development half only, and the held-out half tells what
a question nobody tuned for gets.

The questions are the content's: each page's are in its folder (rules/<game>/search-questions.yaml,
glossary/search-questions.yaml), for every game of rules/project.yaml, and this module names none.
A file's `fresh` list is apart: a blind set that is measured, never split nor tuned to."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

import yaml

Question = tuple[str, str, str]  # language, question as typed, the section or rule that answers it
QUESTIONS_FILE = "search-questions.yaml"


def question_files(root: Path) -> list[tuple[str, Path]]:
    """Each page that has questions (every game of rules/project.yaml, then the glossary) with its
    file: the page's id is its address on the site."""
    from rulebook.files.scorers import game_folder
    from rulebook.load.project import load_project

    project = load_project(root).project
    pages = [(game.id, game_folder(root, game.id)) for game in project.games]
    if project.glossary is not None:
        pages.append((project.glossary.id, project.glossary.folder))
    return [(page, folder / QUESTIONS_FILE) for page, folder in pages if (folder / QUESTIONS_FILE).is_file()]


def page_questions(path: Path, page: str, source_language: str) -> list[Question]:
    """A page's questions, every set in the file's order, each with the address of its answer as
    the site spells it ("/fr/my-game/#winner")."""
    sets = yaml.safe_load(path.read_text(encoding="utf-8"))["sets"]
    found = []
    for questions in sets.values():
        for entry in questions:
            root = "/" if entry["lang"] == source_language else f"/{entry['lang']}/"
            found.append((entry["lang"], entry["q"], f"{root}{page}/#{entry['wanted']}"))
    return found


def project_questions(root: Path) -> list[Question]:
    """Every page's questions, page by page in the project's order."""
    from rulebook.load.project import load_project

    source = load_project(root).project.source_language
    return [question for page, path in question_files(root) for question in page_questions(path, page, source)]


FreshQuestion = tuple[str, str, list[str]]  # language, question, the addresses that answer it


def fresh_questions(root: Path) -> list[tuple[str, FreshQuestion]]:
    """Issue 49's frozen blind set: each page's `fresh` list, page by page in the project's order, with
    the page whose file holds it. It is in no set of `sets`, so project_questions never reads it, and
    each answer is the address as the site spells it ("page#id" → "/fr/page/#id")."""
    from rulebook.load.project import load_project

    source = load_project(root).project.source_language
    found = []
    for page, path in question_files(root):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")).get("fresh", []):
            prefix = "/" if entry["lang"] == source else f"/{entry['lang']}/"
            wanted = [prefix + answer.replace("#", "/#", 1) for answer in entry["answers"]]
            found.append((page, (entry["lang"], entry["q"], wanted)))
    return found


def normalized(question: str) -> str:
    """The question as the split sees it: Unicode-composed, case-folded, spaces collapsed; accents
    and punctuation kept, as the reader typed them.

    >>> normalized("  Qui  GAGNE ?")
    'qui gagne ?'
    >>> normalized("égalité") == normalized("e\\u0301galite\\u0301")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", question).casefold().split())


def is_held_out(question: str) -> bool:
    """Whether a question is in the held-out half: the last byte of the SHA-256 of its normalized
    UTF-8 text is odd. Worked out with coreutils: `printf 'score' | sha256sum` ends in f5 (odd),
    `printf 'timer' | sha256sum` in 34 (even).

    >>> is_held_out("Score"), is_held_out("timer")
    (True, False)
    """
    return hashlib.sha256(normalized(question).encode("utf-8")).digest()[-1] % 2 == 1


def split(questions: Iterable[Question]) -> tuple[list[Question], list[Question]]:
    """The development half and the held-out half, each in the given order."""
    development: list[Question] = []
    held_out: list[Question] = []
    for question in questions:
        (held_out if is_held_out(question[1]) else development).append(question)
    return development, held_out


def words_of(question: str, names: frozenset[str]) -> list[str]:
    decomposed = unicodedata.normalize("NFKD", question.casefold())
    plain = "".join(letter for letter in decomposed if not unicodedata.combining(letter))
    return [word for word in re.findall(r"[^\W\d_]+", plain) if not any(_names(word, name) for name in names)]


def _names(word: str, name: str) -> bool:
    """A word of a game's name, also with a case ending ("alphách" of "Alpha"), as the search reads it."""
    return word == name or (len(name) >= 4 and word.startswith(name) and len(word) - len(name) <= 2)


def _edits(first: list[str], second: list[str]) -> int:
    """Levenshtein distance counted in words."""
    row = list(range(len(second) + 1))
    for i, word in enumerate(first, 1):
        previous, row[0] = row[0], i
        for j, other in enumerate(second, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (word != other))
    return row[-1]


def near_copy(question: str, other: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether two questions are the same, or the same but for one word added, dropped or changed
    where both have three words or more; compared
    without accents, case, punctuation, numbers and the words of the game names in `names` (a
    game named in a query only scopes it).

    >>> near_copy("kolik kamínků si vezmu", "Kolik kaminku si vzit?")
    True
    >>> near_copy("who goes first in alpha", "who goes first", frozenset({"alpha"}))
    True
    >>> near_copy("what does the reverse tile do", "where does the reverse tile go")
    False
    >>> near_copy("bonus for using all 9 tiles", "bonus for using all tiles")
    True
    >>> near_copy("remíza v alphách", "remíza", frozenset({"alpha"})), near_copy("who wins", "who starts")
    (False, False)
    >>> near_copy("remíza v alphách", "remíza v", frozenset({"alpha"}))  # "alphách": Alpha with a case ending
    True
    """
    first, second = words_of(question, names), words_of(other, names)
    edits = _edits(first, second)
    # One word apart is a copy only in a question of three words or more: "who wins" is not "who starts".
    return edits == 0 or (edits == 1 and min(len(first), len(second)) >= 3)
