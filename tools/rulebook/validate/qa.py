"""Translation QA, the classes of check that pofilter and Weblate run, on the translations we wrote
(a publisher's own text in its language is left as it is): numbers, Markdown, closing punctuation,
typography (as rules/project.yaml sets it per language) and terminology."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from rulebook.cache.store import Remembered
from rulebook.i18n.basis import Basis, basis
from rulebook.model import Game, Glossary, Project, Status, Term, Typography, Unit, Words
from rulebook.problem_codes import Message
from rulebook.problem_codes.translation_words import (
    COLON,
    ELLIPSIS,
    EXCLAMATION_MARK,
    FULL_STOP,
    NO_CLOSING,
    NO_ENDING,
    QUESTION_MARK,
)
from rulebook.problems import Problem, Severity, cut
from rulebook.text import placeholders, plural_choice

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_LINK = re.compile(r"\]\(")
_CLOSERS = "\"'”“’»«)*_ \u00a0\u202f"
_ENDINGS = {".": FULL_STOP, ":": COLON, "?": QUESTION_MARK, "!": EXCLAMATION_MARK, "…": ELLIPSIS}
# A no-break space (U+00A0) or a narrow one (U+202F), where a language's typography wants one.
_NO_BREAK = "\u00a0\u202f"
_AFTER_OPEN = re.compile(r"«(?![" + _NO_BREAK + r"])")
_BEFORE_CLOSE = re.compile(r"(?<![" + _NO_BREAK + r"])»")
# A straight double quote where the language has quotation marks of its own; code spans keep theirs.
_STRAIGHT_QUOTE = re.compile(r'"')
_CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)


def qa_problems(project: Project, text_set: Game | Glossary) -> list[Problem]:
    english = text_set.words.get(project.source_language)
    if english is None:
        return []
    problems = []
    names = _names_pattern(tuple(game.name for game in project.games))
    for language, words in text_set.words.items():
        if language == project.source_language:
            problems += _source_terms(project, words)
            continue
        terms = [term for term in project.terms if language in term.preferred]
        forbidding = [term for term in terms if term.forbidden.get(language)]  # the others find nothing
        typography = project.typography.get(language)
        context = repr((language, terms, typography, names.pattern))  # all that a unit's messages depend on
        for unit_id, unit in words.units.items():
            if unit.status is Status.ORIGINAL:
                continue
            # Compared with the English it was made from: an English edit makes it outdated, not wrong.
            made_from = basis(project, text_set, unit)
            source = made_from.english
            key = (context, unit.text, None if source is None else source.text)
            judged = _JUDGED.get(key)
            if judged is None:
                judged = _unit_messages(language, unit, source, terms, forbidding, typography, names)
                _JUDGED.put(key, judged)
            alone, compared = judged
            where, field = ("units", unit_id, "text"), f"units.{unit_id}.text"
            problems += [words.document.problem(where, message, field=field) for message in alone]
            today = english.units.get(unit_id)
            problems += [
                words.document.problem(where, message, field=field, severity=_severity(message, made_from, today))
                for message in compared
            ]
    return problems


def _severity(message: Message, made_from: Basis, today: Unit | None) -> Severity:
    """How grave a difference from the English the translation was made from is. A number that
    English said and today's English no longer says is one the translator may already have
    followed the English away from (an erratum's new result in a caption): the translation is
    outdated, a warning, and the translator is not kept from updating it (issue 46)."""
    if made_from.english is None or today is None or made_from.english.text == today.text:
        return made_from.severity
    if message.code == "qa.number-missing" and message.params["number"] not in _number_values(today.text):
        return Severity.WARNING
    return made_from.severity


# Each unit's messages in this process, by its text, its English and the language's terms,
# typography and game names, while the persistent cache is on: a re-check after an edit (`rulebook
# serve`, and every test's copy of the content) judged every unit of the edited game and of the
# glossary again, 16 and 23 ms.
_JUDGED: Remembered[tuple[list[Message], list[Message]]] = Remembered(100_000)


def _unit_messages(
    language: str,
    unit: Unit,
    source: Unit | None,
    terms: list[Term],
    forbidding: list[Term],
    typography: Typography | None,
    names: re.Pattern[str],
) -> tuple[list[Message], list[Message]]:
    """What QA says of a translation on its own, and compared with its English."""
    alone = _forbidden_terms(forbidding, language, unit) + _markdown_balance(unit) + _whitespace(unit)
    if typography is not None:
        alone += typography_dangers(typography, language, unit.text)
    compared = []
    if source is not None:
        compared = list(_missing_terms(terms, language, source, unit, names))
        compared += _numbers(source, unit) + _markdown_links(source, unit) + _punctuation(source, unit)
    return alone, compared


def _numbers(source: Unit, unit: Unit) -> list[Message]:
    """Every number written in the English is written in the translation too."""

    wanted = _number_values(source.text)
    if not wanted:
        return []  # most English texts: the translation's numbers need not be read
    present = _number_values(unit.text)
    return [
        Message("qa.number-missing", {"number": int(n) if n.is_integer() else n}) for n in wanted if n not in present
    ]


@lru_cache(maxsize=65536)  # an English text is compared with each of its translations
def _number_values(text: str) -> tuple[float, ...]:
    bare = placeholders.PLACEHOLDER.sub(" ", text)
    return tuple(float(n.replace(",", ".")) for n in _NUMBER.findall(bare))


def _markdown_balance(unit: Unit) -> list[Message]:
    messages = []
    text = unit.text
    strong = text.count("**")
    single = text.replace("**", "").count("*")
    if strong % 2 or single % 2:
        messages.append(Message("qa.unbalanced-emphasis"))
    if text.count("`") % 2:
        messages.append(Message("qa.unbalanced-code", {"mark": "`"}))
    if text.count("[") != text.count("]") or text.count("(") < len(_LINK.findall(text)):
        messages.append(Message("qa.unbalanced-link"))
    return messages


def _markdown_links(source: Unit, unit: Unit) -> list[Message]:
    if len(_LINK.findall(unit.text)) == len(_LINK.findall(source.text)):
        return []
    english, translated = len(_LINK.findall(source.text)), len(_LINK.findall(unit.text))
    return [Message("qa.links-differ", {"english": english, "translated": translated})]


def _whitespace(unit: Unit) -> list[Message]:
    """A space, tab or line break at either end: a translation tool's slip, invisible in the editor."""
    return [Message("qa.whitespace")] if unit.text != unit.text.strip() else []


def _ending(text: str) -> str | None:
    last = text.rstrip(_CLOSERS)[-1:] if text.rstrip(_CLOSERS) else ""
    return last if last in _ENDINGS else None


def _punctuation(source: Unit, unit: Unit) -> list[Message]:
    """The translation ends as the English does: with the same closing punctuation, or none."""
    wanted, found = _ending(source.text), _ending(unit.text)
    if wanted == found:
        return []
    said = _ENDINGS[wanted] if wanted else NO_CLOSING
    has = _ENDINGS[found] if found else NO_ENDING
    marks = {"wanted_mark": wanted, "found_mark": found}
    return [Message("qa.closing-punctuation", marks, {"wanted": said, "found": has})]


@cache
def _space_before(marks: str) -> re.Pattern[str]:
    """A mark with no no-break space before it: after another character, or after a plain space
    (a URL's "://" is not a colon of the text)."""
    marks = re.escape(marks)
    return re.compile(r"(?<=\S)(?<![" + _NO_BREAK + r"])([" + marks + r"])(?!//)|(?<=[ ])([" + marks + r"])")


@cache
def _wide_space_before(marks: str) -> re.Pattern[str]:
    """A mark after U+00A0 where the project chose U+202F for it."""
    return re.compile("\u00a0([" + re.escape(marks) + "])")


@cache
def _language_name(language: str) -> str:
    """The language's English name, from CLDR ("French"), for messages."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language).get_display_name("en") or language
    except (UnknownLocaleError, ValueError):
        return language


def typography_messages(rules: Typography, language: str, text: str) -> list[str]:
    """The English of `typography_dangers`: what the test of the generated pages compares."""
    return [str(message) for message in typography_dangers(rules, language, text)]


def typography_dangers(rules: Typography, language: str, text: str) -> list[Message]:
    """What breaks the language's typography in a text: the QA of translations, and the test that
    holds the generated pages to the same rules. Each kind of fault once per mark."""
    messages = []
    said = {"language": language}
    name = {"name": _language_name(language)}
    if rules.no_break_space_before:
        for match in _space_before(rules.no_break_space_before).finditer(text):
            mark = match.group(1) or match.group(2)
            messages.append(Message("qa.no-break-space", said | {"mark": mark}, name))
    if rules.narrow_no_break_space_before:
        for match in _wide_space_before(rules.narrow_no_break_space_before).finditer(text):
            messages.append(Message("qa.narrow-no-break-space", said | {"mark": match.group(1)}, name))
    if rules.no_break_space_inside_guillemets and (_AFTER_OPEN.search(text) or _BEFORE_CLOSE.search(text)):
        messages.append(Message("qa.guillemet-spaces", said, name))
    if rules.quotes and _STRAIGHT_QUOTE.search(_CODE_SPAN.sub("", text)):
        start, end = rules.quotes
        quotes = name | {"start": cut(start), "end": cut(end)}
        messages.append(Message("qa.straight-quotes", said | {"quote": '"'}, quotes))
    return sorted(set(messages), key=str)


@cache
def _pattern(forms: tuple[str, ...]) -> re.Pattern[str]:
    """One regular expression for a term's forms: each word a stem, the words in a row.

    >>> bool(_pattern(("žeton smůl",)).search("dva žetony smůly")), bool(_pattern(("polic",)).search("apolice"))
    (True, False)
    """
    words = [r"\s+".join(rf"{re.escape(stem)}\w*" for stem in form.lower().split()) for form in forms]
    return re.compile(rf"(?<!\w)(?:{'|'.join(words)})", re.IGNORECASE)


@cache
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """The games' names as whole words, matched as written: "Go" the name, not "go" the verb."""
    return re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b" if names else r"(?!)")


def _source_terms(project: Project, words: Words) -> list[Problem]:
    """The English avoids the words terms.yaml forbids it too (a player holds a hand, not a rack)."""
    terms = [term for term in project.terms if words.language in term.forbidden]
    return [
        words.document.problem(("units", unit_id, "text"), message, field=f"units.{unit_id}.text")
        for unit_id, unit in words.units.items()
        for message in _forbidden_terms(terms, words.language, unit)
    ]


def source_term_messages(project: Project, unit: Unit) -> list[Message]:
    """What `rulebook check` says of an English unit that uses a word terms.yaml forbids the
    English: for a text a command is about to write (`edition new --summary`)."""
    language = project.source_language
    return _forbidden_terms([term for term in project.terms if language in term.forbidden], language, unit)


def _forbidden_terms(terms: list[Term], language: str, unit: Unit) -> list[Message]:
    if not terms:
        return []  # nothing to look for: the text need not be spelled out
    translated = placeholders.PLACEHOLDER.sub(" ", plural_choice.spelled_out(unit.text))
    if not _pattern(tuple(form for term in terms for form in term.forbidden.get(language, ()))).search(translated):
        return []  # one search for every form at once: most texts hold none, and are then read once
    return [
        Message(
            "qa.forbidden-term",
            {"language": language},
            {"form": cut(form), "term": cut(term.id), "preferred": _list(term.preferred.get(language, term.english))},
        )
        for term in terms
        for form in term.forbidden.get(language, ())
        if _pattern((form,)).search(translated)
    ]


def _missing_terms(
    terms: list[Term], language: str, source: Unit, unit: Unit, names: re.Pattern[str]
) -> Iterator[Message]:
    """A term of the English that the translation does not render. A game's name ("Go") is a
    name, not the term it resembles."""
    if not terms:
        return
    english = names.sub(" ", placeholders.PLACEHOLDER.sub(" ", plural_choice.spelled_out(source.text)))
    if not _pattern(tuple(form for term in terms for form in term.english)).search(english):
        return  # no term of the English, found with one search for them all
    translated = placeholders.PLACEHOLDER.sub(" ", plural_choice.spelled_out(unit.text))
    for term in terms:
        if _pattern(term.english).search(english) and not _pattern(term.preferred[language]).search(translated):
            said = {"term": cut(term.id), "preferred": _list(term.preferred[language])}
            yield Message("qa.missing-term", {"language": language}, said)


def _list(forms: tuple[str, ...]) -> str:
    """The forms as the words quote them, cut: terms.yaml is written by contributors."""
    return cut(", ".join(f"'{form}…'" for form in forms))
