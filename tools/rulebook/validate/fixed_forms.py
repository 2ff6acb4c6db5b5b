"""A word whose form was fixed for a count that has changed since: "you take {cards} card", right
while the fact was 1, reads "you take 2 card" once it is 2, and Czech "vezmete si {cards} kartu"
reads "2 kartu".

A plural choice (`{{cards|one=kartu|few=karty|other=karet}}`) follows the value; a fixed word does
not. So a quoted number fact directly followed by a word is checked against the value the text was
written with: a translation records it (`facts`, i18n/fact_basis.py), and the English was written
with the value its current translations record (they translate this very English). When that value
and today's fall in different plural categories of the text's language (CLDR: Czech 1 one, 2 few,
5 other; French 1 one, 2 other; English 1 one, 2 other), the word may no longer agree: a warning,
like the outdated translation it usually comes with, so that a fact's erratum never blocks a
command. A multiplier (`×{token_values.star}`) counts nothing and is left out, and so is a text no
translation tells the value of.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from babel import Locale

from rulebook.model import Game, Glossary, Project, Unit, source_hash
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Severity, cut
from rulebook.text import placeholders, plural_choice
from rulebook.validate.plural_choices import inside_text

# What follows a placeholder: spaces (no-break ones too), then a word or a plural choice's `{{`.
_FOLLOWING = re.compile(r"[ \u00a0\u202f]+(?P<word>\{\{|[^\W\d_][\w’'-]*)")
_MULTIPLIER = "×"


def fixed_form_problems(project: Project, text_set: Game | Glossary) -> list[Problem]:
    english = text_set.words.get(project.source_language)
    if english is None:
        return []
    problems = []
    for language, words in text_set.words.items():
        for unit_id, unit in words.units.items():
            if "{" not in unit.text:
                continue  # quotes no fact: most units
            written_with = unit.facts if language != project.source_language else _english_basis(text_set, unit)
            if not written_with:
                continue
            for (start, end), message in fixed_form_messages(unit.text, text_set.facts, written_with, language):
                path = ("units", unit_id, "text")
                # At the placeholder and its word; at the value's start when a folded line splits them.
                line, col = inside_text(words.document, path, unit.text[start:end])
                problems.append(
                    Problem.coded(
                        words.document.file,
                        line,
                        col,
                        message,
                        field=".".join(path),
                        path=path,
                        severity=Severity.WARNING,
                    )
                )
    return problems


def _english_basis(text_set: Game | Glossary, unit: Unit) -> dict[str, Any]:
    """The values the English was written with, as its current translations recorded them."""
    current = source_hash(unit.text)
    recorded: dict[str, Any] = {}
    for words in text_set.words.values():
        translation = words.units.get(unit.id)
        if translation is not None and translation is not unit and translation.source == current:
            for name, value in (translation.facts or {}).items():
                recorded.setdefault(name, value)
    return recorded


def fixed_form_messages(
    text: str, facts: Mapping[str, Any], written_with: Mapping[str, Any], language: str
) -> Iterator[tuple[tuple[int, int], Message]]:
    """Each quoted count followed by a fixed word whose value's plural category changed, with where
    the placeholder starts and its word ends.

    >>> facts = {"play": {"cards": 2}}
    >>> [m.params for _, m in fixed_form_messages("vezmete si {play.cards} kartu", facts, {"play.cards": 1}, "cs")]
    [{'language': 'cs', 'before': 1, 'after': 2, 'was': 'one', 'now': 'few'}]
    >>> list(fixed_form_messages("vezmete si {play.cards} {{play.cards|one=kartu|few=karty|other=karet}}",
    ...     facts, {"play.cards": 1}, "cs"))
    []
    >>> list(fixed_form_messages("{play.cards} karty", {"play": {"cards": 4}}, {"play.cards": 2}, "cs"))  # few, few
    []
    """
    for match in placeholders.PLACEHOLDER.finditer(text):
        name = match.group(1)
        following = _FOLLOWING.match(text, match.end())
        if following is None or following["word"] == "{{" or text[: match.start()].endswith(_MULTIPLIER):
            continue
        before = written_with.get(name)
        try:
            after = placeholders.lookup(facts, name)
        except KeyError:
            continue  # `rulebook check` reports a placeholder that names no fact
        if not (_count(before) and _count(after)):
            continue
        was, now = plural_choice.category(before, language), plural_choice.category(after, language)
        if was == now:
            continue
        params = {"language": language, "before": before, "after": after, "was": was, "now": now}
        said = {
            "word": cut(following["word"]),
            "fact": cut(f"{{{name}}}"),
            "name": Locale.parse(language).english_name or language,
        }
        yield (match.start(), following.end()), Message("plural.fixed-form", params, said)


def _count(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
