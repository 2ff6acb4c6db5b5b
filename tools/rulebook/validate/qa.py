"""Translation QA, the classes of check that pofilter and Weblate run, on the translations we wrote
(a publisher's own text in its language is left as it is): numbers, Markdown, closing punctuation,
typography (as rules/project.yaml sets it per language) and terminology."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from rulebook import placeholders, plural_choice
from rulebook.i18n.basis import basis
from rulebook.model import Game, Glossary, Project, Status, Term, Typography, Unit, Words
from rulebook.problems import Problem

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_LINK = re.compile(r"\]\(")
_CLOSERS = "\"'”“’»«)*_ \u00a0\u202f"
_ENDINGS = {".": "full stop", ":": "colon", "?": "question mark", "!": "exclamation mark", "…": "ellipsis"}
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
        for unit_id, unit in words.units.items():
            if unit.status is Status.ORIGINAL:
                continue
            # Compared with the English it was made from: an English edit makes it outdated, not wrong.
            made_from = basis(project, text_set, unit)
            source = made_from.english
            alone = _forbidden_terms(terms, language, unit) + _markdown_balance(unit) + _whitespace(unit)
            if language in project.typography:
                alone += typography_messages(project.typography[language], language, unit.text)
            compared = []
            if source is not None:
                compared = list(_missing_terms(terms, language, source, unit, names))
                compared += _numbers(source, unit) + _markdown_links(source, unit) + _punctuation(source, unit)
            where = ("units", unit_id, "text")
            problems += [words.document.problem(where, f"units.{unit_id}.text: {message}") for message in alone]
            problems += [
                words.document.problem(where, f"units.{unit_id}.text: {message}", severity=made_from.severity)
                for message in compared
            ]
    return problems


def _numbers(source: Unit, unit: Unit) -> list[str]:
    """Every number written in the English is written in the translation too."""

    present = _number_values(unit.text)
    return [
        f"the English says {n:g}, the translation does not" for n in _number_values(source.text) if n not in present
    ]


@lru_cache(maxsize=65536)  # an English text is compared with each of its translations
def _number_values(text: str) -> tuple[float, ...]:
    bare = placeholders.PLACEHOLDER.sub(" ", text)
    return tuple(float(n.replace(",", ".")) for n in _NUMBER.findall(bare))


def _markdown_balance(unit: Unit) -> list[str]:
    messages = []
    text = unit.text
    strong = text.count("**")
    single = text.replace("**", "").count("*")
    if strong % 2 or single % 2:
        messages.append("unbalanced Markdown emphasis (* or **)")
    if text.count("`") % 2:
        messages.append("unbalanced Markdown code (`)")
    if text.count("[") != text.count("]") or text.count("(") < len(_LINK.findall(text)):
        messages.append("unbalanced Markdown link brackets")
    return messages


def _markdown_links(source: Unit, unit: Unit) -> list[str]:
    if len(_LINK.findall(unit.text)) == len(_LINK.findall(source.text)):
        return []
    english, translated = len(_LINK.findall(source.text)), len(_LINK.findall(unit.text))
    return [f"{english} Markdown link(s) in the English, {translated} in the translation"]


def _whitespace(unit: Unit) -> list[str]:
    """A space, tab or line break at either end: a translation tool's slip, invisible in the editor."""
    return ["starts or ends with whitespace (a space, tab or line break)"] if unit.text != unit.text.strip() else []


def _ending(text: str) -> str | None:
    last = text.rstrip(_CLOSERS)[-1:] if text.rstrip(_CLOSERS) else ""
    return last if last in _ENDINGS else None


def _punctuation(source: Unit, unit: Unit) -> list[str]:
    """The translation ends as the English does: with the same closing punctuation, or none."""
    wanted, found = _ending(source.text), _ending(unit.text)
    if wanted == found:
        return []
    said = _ENDINGS.get(wanted, "no closing punctuation") if wanted else "no closing punctuation"
    has = _ENDINGS.get(found, "none") if found else "none"
    return [f"the English ends with {said}, the translation with {has}"]


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
    """What breaks the language's typography in a text: the QA of translations, and the test that
    holds the generated pages to the same rules."""
    messages = []
    name = _language_name(language)
    if rules.no_break_space_before:
        for match in _space_before(rules.no_break_space_before).finditer(text):
            mark = match.group(1) or match.group(2)
            messages.append(f"{name} typography: a no-break space (U+00A0 or U+202F) goes before '{mark}'")
    if rules.narrow_no_break_space_before:
        for match in _wide_space_before(rules.narrow_no_break_space_before).finditer(text):
            mark = match.group(1)
            messages.append(
                f"{name} typography: the space before '{mark}' is the narrow no-break space (U+202F), not U+00A0"
            )
    if rules.no_break_space_inside_guillemets and (_AFTER_OPEN.search(text) or _BEFORE_CLOSE.search(text)):
        messages.append(f"{name} typography: « and » take a no-break space inside")
    if rules.quotes and _STRAIGHT_QUOTE.search(_CODE_SPAN.sub("", text)):
        start, end = rules.quotes
        messages.append(f'{name} typography: straight quotes ("); quote with {start}…{end}')
    return sorted(set(messages))


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
        words.document.problem(("units", unit_id, "text"), f"units.{unit_id}.text: {message}")
        for unit_id, unit in words.units.items()
        for message in _forbidden_terms(terms, words.language, unit)
    ]


def _forbidden_terms(terms: list[Term], language: str, unit: Unit) -> list[str]:
    translated = placeholders.PLACEHOLDER.sub(" ", plural_choice.spelled_out(unit.text))
    return [
        f"terminology: '{form}…' is not used for '{term.id}'; say {_list(term.preferred.get(language, term.english))}"
        for term in terms
        for form in term.forbidden.get(language, ())
        if _pattern((form,)).search(translated)
    ]


def _missing_terms(terms: list[Term], language: str, source: Unit, unit: Unit, names: re.Pattern[str]) -> Iterator[str]:
    """A term of the English that the translation does not render. A game's name ("Go") is a
    name, not the term it resembles."""
    if not terms:
        return
    english = names.sub(" ", placeholders.PLACEHOLDER.sub(" ", plural_choice.spelled_out(source.text)))
    translated = placeholders.PLACEHOLDER.sub(" ", plural_choice.spelled_out(unit.text))
    for term in terms:
        if _pattern(term.english).search(english) and not _pattern(term.preferred[language]).search(translated):
            yield f"terminology: the English has '{term.id}', the translation none of {_list(term.preferred[language])}"


def _list(forms: tuple[str, ...]) -> str:
    return ", ".join(f"'{form}…'" for form in forms)
