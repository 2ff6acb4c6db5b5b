"""The sources' coverage maps against both sides (issue 46): every quote of a map is in its source
text and nothing of the source is unaccounted for; and every unit of the publisher's text still
carries the sentences its map gives it.

A unit is the publisher's text when it is `original` and not `translated_from` another language
(model.Status): rewording it changes what the publisher wrote, so `rulebook check` reports it at the
unit's text, unless the map records why (an entry's `carried_as` with its `why`, or the sentence
moved to `not_rules` with its `why`). Our own words (a translation, a draft) may be reworded freely.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from rulebook.files.disk import inside_project
from rulebook.located.document import Document, JsonPath
from rulebook.located.limits import MAX_YAML_BYTES, read_bounded
from rulebook.located.load_error import LoadError
from rulebook.model import Game, Project, Status, Unit, Words
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, display_path, excerpt
from rulebook.text.placeholders import fill

_NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
}
_PUNCTUATION = re.compile(r"[^\w\s]+")
_LETTER = re.compile(r"[^\W\d_]")


def normalize(text: str) -> str:
    """Words only: case, quotes, punctuation, spacing and English number words do not matter, so
    that a placeholder's "2" carries the source's "two".

    >>> normalize("Use all “two” tiles — “I saw”!")
    'use all 2 tiles i saw'
    """
    text = unicodedata.normalize("NFC", text).lower().replace("’", "'")
    words = _PUNCTUATION.sub(" ", text.replace("'", "")).split()
    return " ".join(_NUMBER_WORDS.get(word, word) for word in words)


def words_of(text: str) -> str:
    """The words compared: normalized, and every number one mark. English rule text quotes every
    number from a fact (`check` refuses a digit typed in it), so a number differs only where a fact
    was changed, which is no rewording (a changed fact outdates the translations that quote it).

    >>> words_of("Draw three tiles, 2 or 10.") == words_of("Draw 4 tiles, 5 or 6.")
    True
    """
    return " ".join("#" if word.isdecimal() else word for word in normalize(text).split())


def squash(text: str) -> str:
    """Whitespace folded, for finding a quote verbatim in a source text.

    >>> squash(" a\\n  b ")
    'a b'
    """
    return " ".join(text.split())


def is_publishers(unit: Unit) -> bool:
    """Whether a unit is the publisher's own text, not words of ours."""
    return unit.status is Status.ORIGINAL and unit.translated_from is None


def coverage_problems(project: Project, game: Game) -> list[Problem]:
    """Every problem of the game's coverage maps that passed their schema."""
    maps = {document.file: document for document in game.coverage}
    problems: list[Problem] = []
    for language, source in game.sources.items():
        document = maps.get(display_path(source.with_suffix(".coverage.yaml"), project.root))
        if document is None or document.data["language"] != language:
            continue
        problems += _source_problems(project.root, source, document)
        words = game.words.get(language)
        if words is not None:  # a missing or unreadable words file is reported by its own check
            problems += _unit_problems(game, words, document)
    return problems


def _quotes(document: Document) -> list[tuple[JsonPath, str, str]]:
    """Each quote of the map: (its path in the map, the sentence as the source has it, the wording
    the unit carries), the units' first, then what is not a rule."""
    found: list[tuple[JsonPath, str, str]] = []
    for unit_id, entries in document.data["units"].items():
        for index, entry in enumerate(entries):
            path: JsonPath = ("units", unit_id, index)
            if isinstance(entry, str):
                found.append((path, entry, entry))
            else:
                found.append(((*path, "quote"), entry["quote"], entry["carried_as"]))
    for index, item in enumerate(document.data["not_rules"]):
        found.append((("not_rules", index, "text"), item["text"], item["text"]))
    return found


def _source_problems(root: Path, source: Path, document: Document) -> list[Problem]:
    """Each quote found in the source once, and no sentence of the source left over."""
    shown = display_path(source, root)
    if document.data["source"] != source.name:
        named = {"file": cut(shown), "named": excerpt(document.data["source"])}
        return [document.problem(("source",), Message("source.names-another", {}, named))]
    text = _read(root, source, shown)
    if isinstance(text, Problem):
        return [text]
    leftover = squash(text)
    problems = []
    for path, quote, _ in _quotes(document):
        sentence = squash(quote)
        if sentence not in leftover:
            missing = {"quote": excerpt(quote), "file": cut(shown)}
            problems.append(document.problem(path, Message("source.not-in-source", {}, missing)))
            continue
        leftover = leftover.replace(sentence, "\n", 1)  # squashed, the text has no line break of its own
    fragments = [fragment.strip() for fragment in leftover.split("\n") if _LETTER.search(fragment)]
    if fragments:
        left = {"file": cut(shown), "text": excerpt(" … ".join(fragments))}
        problems.append(document.problem(("source",), Message("source.left-over", {}, left)))
    return problems


def _read(root: Path, source: Path, shown: str) -> str | Problem:
    """The source text, read as every content file is: inside the project and within the bound."""
    unreadable = Problem.coded(shown, 0, 0, Message("source.unreadable", {}, {"file": cut(shown)}))
    if not inside_project(source, root) or not source.is_file():
        return unreadable  # a missing one is also id.no-source-file, at game.yaml's `sources`
    try:
        return read_bounded(source, MAX_YAML_BYTES, shown).decode("utf-8")
    except LoadError as error:
        return error.problems[0]
    except (OSError, UnicodeDecodeError):
        return unreadable


def _unit_problems(game: Game, words: Words, document: Document) -> list[Problem]:
    """Each unit the map names exists, and the publisher's still carries its sentences."""
    problems = []
    for unit_id, entries in document.data["units"].items():
        unit = words.units.get(unit_id)
        if unit is None:
            unknown = {"unit": excerpt(unit_id), "file": cut(words.document.file)}
            problems.append(document.problem(("units", unit_id), Message("source.unknown-unit", {}, unknown), key=True))
            continue
        if not is_publishers(unit):
            continue
        carried = f" {words_of(fill(unit.text, game.facts, words.language))} "
        for index, entry in enumerate(entries):
            quote, wording = (entry, entry) if isinstance(entry, str) else (entry["quote"], entry["carried_as"])
            if f" {words_of(wording)} " in carried:
                continue
            line, _ = document.where(("units", unit_id, index))
            lost = {"unit": excerpt(unit_id), "quote": excerpt(quote), "map": cut(document.file)}
            message = Message("source.not-carried", {"line": line}, lost)
            problems.append(words.document.problem(("units", unit_id, "text"), message))
    return problems
