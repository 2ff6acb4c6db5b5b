"""Checks of the text itself: placeholders, numbers written out, and markup that is not allowed."""

from __future__ import annotations

from collections.abc import Iterator

from rulebook import placeholders, plural_choice
from rulebook.i18n.basis import basis
from rulebook.load.limits import filled_limit_dangers
from rulebook.model import Game, Glossary, Project, Status, Unit
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Severity, cut
from rulebook.validate.safety import character_dangers, markdown_dangers, raw_html_dangers


def text_problems(project: Project, game: Game | Glossary) -> list[Problem]:
    problems = []
    for language, words in game.words.items():
        for unit_id, unit in words.units.items():
            where = ("units", unit_id, "text")
            if language == project.source_language:
                messages = {message: Severity.ERROR for message in translation_messages(game, unit, None)}
            else:
                # Compared with the English it was made from (an English edit makes it outdated, not wrong).
                made_from = basis(project, game, unit)
                found = list(translation_messages(game, unit, made_from.english))
                alone = set(found if made_from.severity is Severity.ERROR else translation_messages(game, unit, None))
                messages = {message: Severity.ERROR if message in alone else made_from.severity for message in found}
            for message, severity in messages.items():
                field = f"units.{unit_id}.text"
                problems.append(words.document.problem(where, message, field=field, severity=severity))
    return problems


def translation_messages(game: Game | Glossary, unit: Unit, english: Unit | None) -> Iterator[Message]:
    """What is wrong with one unit's text, compared with its English when it is a translation."""
    used = placeholders.names(unit.text)
    for name in used:
        try:
            placeholders.lookup(game.facts, name)
        except KeyError:
            yield Message(
                "text.unknown-placeholder", {"facts_file": str(game.facts_file)}, {"placeholder": cut(f"{{{name}}}")}
            )
    # Captions quote computed numbers, and a glossary symbol may read as a number ("4" for "for"):
    # validate/examples.py and validate/glossary.py check those against what they must be.
    if not unit.id.startswith(("example.", "symbol.")):
        for _, number in placeholders.bare_numbers(unit.text):
            yield Message("text.number-written-out", {}, {"number": cut(number)})
    if english is not None:
        wanted = placeholders.names(english.text)
        # A publisher's own text may spell a number out ("une carte"); it may not add one.
        lenient = unit.status is Status.ORIGINAL and set(used) <= set(wanted)
        if sorted(used) != sorted(wanted) and not lenient:
            yield Message("text.placeholders-differ", {}, {"used": cut(_braced(used)), "wanted": cut(_braced(wanted))})
    yield from raw_html_dangers(unit.text)
    yield from character_dangers(unit.text)
    # Judged with its placeholders filled: a string fact brings its text along.
    try:
        # Every form of a plural choice, not only the one the current value picks: a fact can change.
        filled = placeholders.fill(plural_choice.spelled_out(unit.text), game.facts, "en")
    except (KeyError, ValueError, TypeError):
        filled = unit.text  # a placeholder naming no fact is reported above
    too_much = list(filled_limit_dangers(filled))
    yield from too_much
    if not too_much:  # Python-Markdown is slow on a text over the bounds: it is never rendered
        yield from markdown_dangers(filled)
    stray = placeholders.PLACEHOLDER.sub("", plural_choice.without_choices(unit.text))  # choices: plural_choices.py
    if "{" in stray or "}" in stray:
        yield Message("text.stray-brace", {"example": "{group.name}"})


def _braced(names: list[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(names)) or "(none)"
