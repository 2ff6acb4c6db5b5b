"""Checks of the text itself: placeholders, numbers written out, and markup that is not allowed."""

from __future__ import annotations

import re

from rulebook import placeholders
from rulebook.model import Game, Project, Status
from rulebook.problems import Problem

# Markdown is allowed, HTML is not: a tag, a comment or a processing instruction.
_HTML = re.compile(r"<\s*/?\s*[A-Za-z!?][^>]*>?")
_SCRIPT_URL = re.compile(r"\]\(\s*(?:javascript|data|vbscript):", re.IGNORECASE)


def text_problems(project: Project, game: Game) -> list[Problem]:
    problems = []
    english = game.words.get(project.source_language)
    for language, words in game.words.items():
        for unit_id, unit in words.units.items():
            at = ("units", unit_id, "text")

            def report(message: str, at: tuple = at) -> None:
                problems.append(words.document.problem(at, f"units.{unit_id}.text: {message}"))

            used = placeholders.names(unit.text)
            for name in used:
                try:
                    placeholders.lookup(game.facts, name)
                except KeyError:
                    report(f"placeholder {{{name}}} names no fact in {game.id}/game.yaml")
            for _, number in placeholders.bare_numbers(unit.text):
                report(f"the number {number} is written out; quote it from game.yaml with a placeholder")
            if english is not None and language != project.source_language and unit_id in english.units:
                wanted = sorted(placeholders.names(english.units[unit_id].text))
                # A publisher's own text may spell a number out ("une carte"); it may not add one.
                lenient = unit.status is Status.ORIGINAL and set(used) <= set(wanted)
                if sorted(used) != wanted and not lenient:
                    report(f"placeholders {_braced(used)} differ from the English {_braced(wanted)}")
            for match in _HTML.finditer(unit.text):
                report(f"raw HTML is not allowed in text: '{match.group(0)[:40]}'")
            if _SCRIPT_URL.search(unit.text):
                report("links may not use javascript:, data: or vbscript: addresses")
    return problems


def _braced(names: list[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(names)) or "(none)"
