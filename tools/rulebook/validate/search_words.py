"""Checks of rules/search-words.yaml beyond its schema: each language is one of the project's, no
word stands in two places where search would use only one of them, and each entry that questions
are listed for is one of a game's pages.

Search drops a question word from the query before it looks for synonyms, so a synonym that is
also a question word is never looked for; and a word in two groups of synonyms would join them.
Words are compared as search compares them: lower case, without accents.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rulebook.located.document import Document, format_path
from rulebook.model import Game
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut
from rulebook.text.folding import fold


def search_word_problems(
    languages: list[str], document: Document, games: Sequence[Game] = (), unread: Collection[str] = ()
) -> list[Problem]:
    """`unread`: the games with a folder that did not load; their own problems say why, and the
    questions listed for them are not judged."""
    problems = []
    entries = search_entries(games)
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
        for address in words.get("questions", {}):
            if address not in entries and address.partition("/")[0] not in unread:
                where = ("languages", language, "questions", address)
                message = Message("search.questions-for-no-entry", {}, {"address": cut(address)})
                problems.append(document.problem(where, message, key=True, field=format_path(where)))
    return problems


def search_entries(games: Sequence[Game]) -> set[str]:
    """The address of every entry search has on the games' pages: each section, each rule, the
    referee notes and each ruling (render/rule_entries.py gives each rule and ruling its own entry)."""
    entries = set()
    for game in games:
        anchors = {"referee-notes", *(f"ruling-{ruling.id}" for ruling in game.rulings)}
        # A renamed ruling's former address still reaches it (render/rule_entries.py).
        anchors |= {f"ruling-{old}" for ruling in game.rulings for old in ruling.formerly}
        for section in game.sections:
            anchors |= {section.id, *(rule.id for rule in section.rules)}
        entries |= {f"{game.id}/#{anchor}" for anchor in anchors}
    return entries


def _key(phrase: str) -> str:
    """A word or phrase as search compares it.

    >>> _key("Égalité"), _key("ex  aequo")
    ('egalite', 'ex aequo')
    """
    return " ".join(fold(phrase).casefold().split())
