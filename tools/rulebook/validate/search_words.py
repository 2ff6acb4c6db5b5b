"""Checks of rules/search-words.yaml beyond its schema: each language is one of the project's, and
no word stands in two places where search would use only one of them.

Search drops a question word from the query before it looks for synonyms, so a synonym that is
also a question word is never looked for; and a word in two groups of synonyms would join them.
Words are compared as search compares them: lower case, without accents.
"""

from __future__ import annotations

from rulebook.located.document import Document, format_path
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut
from rulebook.render.search import fold


def search_word_problems(languages: list[str], document: Document) -> list[Problem]:
    problems = []
    for language, words in document.data["languages"].items():
        if language not in languages:
            where = ("languages", language)
            unknown = Message("search.unknown-language", {"languages": languages}, {"listed": ", ".join(languages)})
            problems.append(document.problem(where, unknown, key=True, field=format_path(where)))
            continue
        asked = {_key(word) for word in words.get("question_words", [])}
        groups: dict[str, int] = {}
        for group_index, group in enumerate(words.get("synonyms", [])):
            for position, phrase in enumerate(group):
                where = ("languages", language, "synonyms", group_index, position)
                key = _key(phrase)
                shown = {"phrase": cut(phrase)}
                if key in asked:
                    message = Message("search.synonym-is-question-word", {}, shown)
                elif groups.get(key, group_index) != group_index:
                    message = Message("search.synonym-in-two-groups", {"group": groups[key]}, shown)
                else:
                    groups[key] = group_index
                    continue
                problems.append(document.problem(where, message, field=format_path(where)))
    return problems


def _key(phrase: str) -> str:
    """A word or phrase as search compares it.

    >>> _key("Égalité"), _key("ex  aequo")
    ('egalite', 'ex aequo')
    """
    return " ".join(fold(phrase).casefold().split())
