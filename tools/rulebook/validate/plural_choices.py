"""Plural choices (`{{group.name|one=…|other=…}}`, rulebook/text/plural_choice.py) name a number fact and
give exactly the forms the language's numbers take, so that the site always has the right one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from babel import Locale

from rulebook.located.document import Document
from rulebook.model import Game, Glossary, Project
from rulebook.problem_codes import Message
from rulebook.problem_codes.translation_words import DECIMAL_NUMBERS, WHOLE_NUMBERS
from rulebook.problems import Problem, cut
from rulebook.text import placeholders, plural_choice


def plural_choice_problems(project: Project, text_set: Game | Glossary) -> list[Problem]:
    problems = []
    for language, words in text_set.words.items():
        for unit_id, unit in words.units.items():
            if "{{" not in unit.text:
                continue
            for choice, message in choice_messages(unit.text, text_set.facts, language):
                line, col = inside_text(words.document, ("units", unit_id, "text"), choice.written)
                path = ("units", unit_id, "text")
                problems.append(Problem.coded(words.document.file, line, col, message, field=".".join(path), path=path))
    return problems


def choice_messages(text: str, facts: dict[str, Any], language: str) -> Iterator[tuple[plural_choice.Choice, Message]]:
    """What is wrong with each plural choice of a text in a language.

    >>> facts = {"setup": {"draws": 3, "names": "x", "list": [1, 2]}}
    >>> [str(m) for _, m in choice_messages("{{setup.draws|one=a|other=b}}", facts, "cs")]
    ['plural choice on {setup.draws} gives one, other; Czech whole numbers take one, few, other']
    """
    for choice in plural_choice.choices(text):
        if choice.name is None:
            written = choice.written if len(choice.written) <= 60 else choice.written[:57] + "…"
            yield choice, Message("plural.syntax", {"syntax": plural_choice.SYNTAX}, {"written": written})
            continue
        fact = {"fact": cut(f"{{{choice.name}}}")}
        try:
            value = placeholders.lookup(facts, choice.name)
        except KeyError:
            yield choice, Message("plural.unknown-fact", {}, fact)
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            yield choice, Message("plural.not-a-number", {}, fact)
            continue
        whole = isinstance(value, int)
        wanted = plural_choice.categories(language, whole)
        if tuple(category for category in plural_choice.CATEGORIES if category in choice.forms) != wanted:
            said = {
                "forms": cut(", ".join(choice.forms)),
                "name": Locale.parse(language).english_name or language,
                "kind": WHOLE_NUMBERS if whole else DECIMAL_NUMBERS,
                "wanted": ", ".join(wanted),
            }
            params = {"language": language, "whole": whole, "categories": list(wanted)}
            yield choice, Message("plural.wrong-forms", params, fact | said)


def inside_text(document: Document, path: tuple[str, ...], written: str) -> tuple[int, int]:
    """The line and column of `written` inside the text value at `path`: where the value starts when
    the file's text is not at hand or a folded line splits it."""
    line, col = document.where(path)
    if document.text is None:
        return line, col
    lines = document.text.split("\n")
    start = sum(len(text) + 1 for text in lines[: line - 1]) + col - 1
    found = document.text.find(written, start)
    if found < 0:
        return line, col
    before = document.text[:found]
    return before.count("\n") + 1, found - (before.rfind("\n") + 1) + 1
