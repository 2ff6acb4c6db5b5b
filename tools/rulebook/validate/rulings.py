"""What a schema cannot say about rulings and the examples that rest on them:

- an example names every ruling it rests on: each ruling that the rulings it names presume
  (`presumes`, followed to the end), so that the page's "Rests on" is complete;
- a ruling marked `restates` does not narrow its rules: its answer, in any language, uses none of
  that language's limiting words (rules/project.yaml `limiting_words`) unless one of its rules does;
- a ruling's quotes (between the language's quotation marks, in its answer and its why) are its
  rules' own words: each part between ellipses is found in the text of one of its rules, in any
  of the project's languages;
- a ruling's or an example's former ids (`formerly`) are no ids in use.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rulebook.model import Example, Game, Project, Ruling
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Severity, cut
from rulebook.text import placeholders

ELLIPSIS = "…"


def ruling_problems(project: Project, game: Game) -> list[Problem]:
    return [
        *_unnamed(game),
        *_narrowing(project, game),
        *_misquotes(project, game),
        *_former_ids(game),
    ]


def presumed(game: Game, ruling_ids: tuple[str, ...]) -> dict[str, str]:
    """Each ruling that the named ones presume, followed to the end, with the one that presumes it.

    A ruling presumed by a named one is the example's ground too: "nobody receives the red token on
    a tie" rests on how the result that ties is counted."""
    by_id = {ruling.id: ruling for ruling in game.rulings}
    found: dict[str, str] = {}
    todo = list(ruling_ids)
    while todo:
        ruling = by_id.get(todo.pop())
        if ruling is None:
            continue
        for other in ruling.presumes:
            if other not in found and other not in ruling_ids:
                found[other] = ruling.id
                todo.append(other)
    return found


def _unnamed(game: Game) -> Iterator[Problem]:
    known = {ruling.id for ruling in game.rulings}
    for example in game.examples:
        for ruling_id, presumer in presumed(game, example.rulings).items():
            if ruling_id in known:
                quoted = {"id": cut(example.id), "ruling": cut(ruling_id), "presumer": cut(presumer)}
                message = Message("example.ruling-not-named", {}, quoted)
                yield game.document.problem(_rulings_path(example), message, field=f"examples[{example.index}].rulings")


def _rulings_path(example: Example) -> tuple[str | int, ...]:
    return ("examples", example.index, "rulings") if example.rulings else ("examples", example.index, "id")


def _rule_texts(game: Game, ruling: Ruling, language: str) -> list[str]:
    """The texts of the ruling's rules in one language, each with its numbers as a reader sees them
    (a publisher's original may spell out a number that the English quotes by placeholder)."""
    words = game.words.get(language)
    if words is None:
        return []
    texts = (words.units.get(f"rule.{rule_id}") for rule_id in ruling.rules)
    return [placeholders.fill(unit.text, game.facts, language) for unit in texts if unit is not None]


def _severity(project: Project, language: str) -> Severity:
    """An error in the source language; a warning in a translation, which follows the English in
    its translator's own time (an erratum never stops the export they need to follow it)."""
    return Severity.ERROR if language == project.source_language else Severity.WARNING


def limiting_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """A language's limiting words, each a stem at the start of a word, several words in a row.

    >>> pattern = limiting_pattern(("only", "as long as"))
    >>> [match.group(0) for match in pattern.finditer("Only when, as  long as it lasts; commonly")]
    ['Only', 'as  long as']
    """
    forms = [r"\s+".join(rf"{re.escape(stem)}\w*" for stem in word.lower().split()) for word in words]
    return re.compile(rf"(?<!\w)(?:{'|'.join(forms)})", re.IGNORECASE) if forms else re.compile(r"(?!)")


def _narrowing(project: Project, game: Game) -> Iterator[Problem]:
    for ruling in game.rulings:
        if not ruling.restates:
            continue
        for language, words in game.words.items():
            pattern = limiting_pattern(project.limiting_words.get(language, ()))
            answer = words.units.get(ruling.unit_ids[1])
            if answer is None:
                continue
            # The rules' own limits may be said again: the check is for a limit the rules lack.
            if any(pattern.search(text) for text in _rule_texts(game, ruling, language)):
                continue
            found = pattern.search(answer.text)
            if found:
                message = Message("ruling.restates-narrows", {}, {"id": cut(ruling.id), "word": cut(found.group(0))})
                path = ("units", ruling.unit_ids[1], "text")
                field = f"units.{ruling.unit_ids[1]}.text"
                yield words.document.problem(path, message, field=field, severity=_severity(project, language))


def quotes(text: str, marks: tuple[str, str]) -> list[str]:
    """The quoted passages of a text, each cut at its ellipses, trimmed of spaces and end marks.

    >>> quotes("They say “double … if blue”, and “Highest score wins.”", ("“", "”"))
    ['double', 'if blue', 'Highest score wins']
    """
    opening, closing = (re.escape(mark) for mark in marks)
    parts = []
    for quoted in re.findall(rf"{opening}(.*?){closing}", text, re.DOTALL):
        for part in quoted.split(ELLIPSIS):
            part = part.strip().strip(" \u00a0\u202f.,;:!?").strip()
            if part:
                parts.append(part)
    return parts


def _said(part: str, texts: list[str]) -> bool:
    def plain(text: str) -> str:
        # A publisher's straight apostrophe and our typographic one are the same letter of a quote.
        text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("'", "’")
        return " ".join(text.split()).casefold()

    return any(plain(part) in plain(text) for text in texts)


def _misquotes(project: Project, game: Game) -> Iterator[Problem]:
    for ruling in game.rulings:
        for language, words in game.words.items():
            typography = project.typography.get(language)
            marks = typography.page_quotes if typography is not None else ("“", "”")
            # A ruling may compare the languages' texts ("only the Czech says 13 karet"): a quote is
            # the words of one of its rules in any language. With a rule's words missing in a language
            # (their own checks say so), there is nothing whole to compare with.
            texts = [text for other in project.languages for text in _rule_texts(game, ruling, other)]
            if len(texts) < len(project.languages) * len(ruling.rules):
                continue
            for unit_id in ruling.unit_ids[1:]:
                unit = words.units.get(unit_id)
                if unit is None:
                    continue
                for part in quotes(placeholders.fill(unit.text, game.facts, language), marks):
                    if not _said(part, texts):
                        quoted = {"id": cut(ruling.id), "quote": cut(part), "rules": cut(", ".join(ruling.rules))}
                        message = Message("ruling.quote-not-in-rule", {}, quoted)
                        path = ("units", unit_id, "text")
                        severity = _severity(project, language)
                        yield words.document.problem(path, message, field=f"units.{unit_id}.text", severity=severity)


def _former_ids(game: Game) -> Iterator[Problem]:
    for kind, items in (("examples", game.examples), ("rulings", game.rulings)):
        in_use = {item.id for item in items}
        for index, item in enumerate(items):
            for position, old in enumerate(item.formerly):
                if old in in_use:
                    message = Message("id.formerly-in-use", {}, {"id": cut(item.id), "old": cut(old)})
                    yield game.document.problem((kind, index, "formerly", position), message)
