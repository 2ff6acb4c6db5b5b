"""`rulebook i18n minor GAME UNIT_ID`: an English edit that does not change the meaning (a typo).

The translations that were current against the previous English (their `source` is its hash and
the facts they quote kept their values) are stamped with the new English's hash, so they stay
current; a translation that was already outdated stays outdated, and a fact's changed value still
outdates. The previous English is the unit's last different text in git history. The record is
the change of `source` in the words files, committed with the message this prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulebook.files.plan import Plan
from rulebook.i18n.fact_basis import fact_changes
from rulebook.i18n.history import unit_texts_in_history
from rulebook.i18n.refused import not_a_translation, refusal_at
from rulebook.i18n.words_file import set_sources
from rulebook.model import Game, Glossary, Project, source_hash
from rulebook.problem_codes import Message
from rulebook.problems import Refused, cut, display_path, excerpt
from rulebook.text import placeholders


@dataclass
class Minor:
    previous: str  # hash of the English the translations were current against
    current: str  # hash of the English now
    stamped: dict[str, Path] = field(default_factory=dict)  # language → the file given the new hash
    left: dict[str, str] = field(default_factory=dict)  # language → why its translation was not touched


def minor_edit(project: Project, text_set_id: str, unit_id: str, languages: list[str] | None) -> Minor:
    """Stamp the translations of one unit with its new English; every file is written or none."""
    text_set = _text_set(project, text_set_id)
    english_words = text_set.words.get(project.source_language)
    if english_words is None or unit_id not in english_words.units:
        no_unit = Message("i18n.no-english-unit", {}, {"text_set": cut(text_set.id), "unit": excerpt(unit_id)})
        raise Refused([refusal_at("", 0, no_unit)])
    english = english_words.units[unit_id].text
    wanted = _languages(project, languages)
    previous = _previous_english(project, text_set, unit_id, english)
    result = Minor(source_hash(previous), source_hash(english))
    files: dict[Path, str] = {}
    numbers_changed = _numbers(previous) != _numbers(english)
    for language in wanted:
        words = text_set.words.get(language)
        unit = words.units.get(unit_id) if words else None
        if unit is None:
            result.left[language] = "no translation"
        elif numbers_changed and unit.source == result.previous:
            # A new number is a new meaning (an erratum's result in a caption): the translator must follow it.
            result.left[language] = "the English's numbers changed, so the edit is not minor: it stays outdated"
        elif unit.source == result.current:
            result.left[language] = "already current"
        elif unit.source != result.previous:
            result.left[language] = "outdated before this edit: it stays outdated"
        elif changes := fact_changes(unit, english, text_set.facts):
            result.left[language] = f"outdated: {changes[0]}"
        else:
            assert words is not None
            path = project.root / words.document.file
            files[path] = set_sources(path.read_text(encoding="utf-8"), {unit_id: result.current})
            result.stamped[language] = path
    writes = Plan(project.root)  # every language's file, or none
    for path, text in files.items():
        writes.put(path, text)
    writes.apply()
    return result


def _numbers(text: str) -> list[str]:
    """The numbers a text writes in digits, outside its placeholders, in order.

    >>> _numbers("6 × 2 = 12, up to {play.limit}"), _numbers("Six times two")
    (['6', '2', '12'], [])
    """
    return [number for _, number in placeholders.bare_numbers(text)]


def commit_message(project: Project, text_set_id: str, unit_id: str, minor: Minor) -> str:
    files = ", ".join(display_path(path, project.root) for path in minor.stamped.values())
    return (
        f"{text_set_id}: minor English edit of {unit_id} ({minor.previous} → {minor.current}), "
        f"meaning unchanged; translations kept current: {files or 'none'}"
    )


def _text_set(project: Project, text_set_id: str) -> Game | Glossary:
    for text_set in project.text_sets():
        if text_set.id == text_set_id:
            return text_set
    names = ", ".join(text_set.id for text_set in project.text_sets())
    said = {"text_set": excerpt(text_set_id), "names": cut(names)}
    raise Refused([refusal_at("", 0, Message("i18n.unknown-text-set", {}, said))])


def _languages(project: Project, languages: list[str] | None) -> list[str]:
    translations = project.languages[1:]
    unknown = [language for language in languages or () if language not in translations]
    if unknown:
        raise Refused([refusal_at("", 0, not_a_translation(unknown[0], translations))])
    return languages or translations


def _previous_english(project: Project, text_set: Game | Glossary, unit_id: str, english: str) -> str:
    english_file = text_set.words[project.source_language].document.file
    for text in unit_texts_in_history(project.root, english_file, unit_id):
        if text != english:
            return text
    raise Refused([refusal_at(english_file, 0, Message("i18n.no-earlier-english", {}, {"unit": excerpt(unit_id)}))])
