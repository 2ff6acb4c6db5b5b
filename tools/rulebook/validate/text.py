"""Checks of the text itself: placeholders, numbers written out, and markup that is not allowed."""

from __future__ import annotations

from collections.abc import Iterator

from rulebook.cache.store import Remembered
from rulebook.i18n.basis import basis
from rulebook.model import Game, Glossary, Project, Status, Unit
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Severity, cut
from rulebook.text import placeholders, plural_choice
from rulebook.validate.safety import text_dangers


def text_problems(project: Project, game: Game | Glossary) -> list[Problem]:
    problems = []
    context = repr((game.facts, game.facts_file))  # what a unit's messages depend on besides its texts
    for language, words in game.words.items():
        for unit_id, unit in words.units.items():
            where = ("units", unit_id, "text")
            if language == project.source_language:
                english, severity = None, Severity.ERROR
            else:
                # Compared with the English it was made from (an English edit makes it outdated, not wrong).
                made_from = basis(project, game, unit)
                english, severity = made_from.english, made_from.severity
            key = (
                context,
                unit.id.startswith(_NUMBERS_JUDGED_ELSEWHERE),
                unit.text,
                unit.status,
                english and english.text,
                severity,
            )
            messages = _JUDGED.get(key)
            if messages is None:
                messages = _unit_messages(game, unit, english, severity)
                _JUDGED.put(key, messages)
            for message, severity_of in messages.items():
                field = f"units.{unit_id}.text"
                problems.append(words.document.problem(where, message, field=field, severity=severity_of))
    return problems


# Each unit's messages in this process, by its texts and its text set's facts, while the persistent
# cache is on: a re-check after an edit (`rulebook serve`, and every test's copy of the content)
# rendered every unit of the edited game and of the glossary with Python-Markdown again.
_JUDGED: Remembered[dict[Message, Severity]] = Remembered(100_000)
# Units whose numbers other checks judge (captions, glossary symbols): translation_messages.
_NUMBERS_JUDGED_ELSEWHERE = ("example.", "symbol.")


def _unit_messages(
    game: Game | Glossary, unit: Unit, english: Unit | None, severity: Severity
) -> dict[Message, Severity]:
    """A unit's messages with their severity: those it has on its own are errors; those that only
    comparing it with an English it was not made from finds take that basis's severity."""
    if english is None:
        return {message: Severity.ERROR for message in translation_messages(game, unit, None)}
    found = list(translation_messages(game, unit, english))
    alone = set(found if severity is Severity.ERROR else translation_messages(game, unit, None))
    return {message: Severity.ERROR if message in alone else severity for message in found}


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
    if not unit.id.startswith(_NUMBERS_JUDGED_ELSEWHERE):
        for _, number in placeholders.bare_numbers(unit.text):
            yield Message("text.number-written-out", {}, {"number": cut(number)})
    if english is not None:
        wanted = placeholders.names(english.text)
        # A publisher's own text may spell a number out ("une carte"); it may not add one.
        lenient = unit.status is Status.ORIGINAL and set(used) <= set(wanted)
        if sorted(used) != sorted(wanted) and not lenient:
            yield Message("text.placeholders-differ", {}, {"used": cut(_braced(used)), "wanted": cut(_braced(wanted))})
    # Judged with its placeholders filled: a string fact brings its text along.
    try:
        # Every form of a plural choice, not only the one the current value picks: a fact can change.
        filled = placeholders.fill(plural_choice.spelled_out(unit.text), game.facts, "en")
    except (KeyError, ValueError, TypeError):
        filled = unit.text  # a placeholder naming no fact is reported above
    yield from text_dangers(unit.text, filled)


def _braced(names: list[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(names)) or "(none)"
