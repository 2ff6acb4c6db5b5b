"""A term's retired English forms (glossary/terms.yaml: `forbidden` under `en`, the forms a
translation check already refuses in the rules' text) are refused where the rules' text check does
not look: in the ids that readers see as anchors and in `rulebook score --example`, and in the
toolkit's own English messages (locales/messages.pot), refusals included.

An id is read as words: "two-full-racks" says "two full racks".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from rulebook.i18n.po_file import Refused, read_po_file
from rulebook.i18n.ui_catalog import unreadable
from rulebook.model import Game, Project, Term
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, display_path
from rulebook.validate.qa import _pattern as stem_pattern

TEMPLATE = Path("locales") / "messages.pot"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _retired(project: Project) -> list[tuple[Term, str]]:
    """Each English retired form with its term."""
    return [(term, form) for term in project.terms for form in term.forbidden.get(project.source_language, ())]


def _first_retired(retired: list[tuple[Term, str]], text: str) -> tuple[Term, str] | None:
    for term, form in retired:
        found = stem_pattern((form,)).search(text)
        if found:
            return term, found.group(0)
    return None


def retired_id_problems(project: Project, game: Game) -> Iterator[Problem]:
    retired = _retired(project)
    if not retired:
        return
    ids: list[tuple[tuple[str | int, ...], str]] = []
    for section_index, section in enumerate(game.sections):
        for rule_index, rule in enumerate(section.rules):
            ids.append((("sections", section_index, "rules", rule_index), rule.id))
    ids += [(("examples", example.index, "id"), example.id) for example in game.examples]
    ids += [(("rulings", index, "id"), ruling.id) for index, ruling in enumerate(game.rulings)]
    for path, item_id in ids:
        found = _first_retired(retired, item_id.replace("-", " "))
        if found is not None:
            message = Message("id.retired-term", {}, {"id": cut(item_id), "word": cut(found[1])})
            yield game.document.problem(path, message)


def retired_message_problems(project: Project) -> list[Problem]:
    """The toolkit's English messages, as the template of the UI catalogs holds them."""
    retired = _retired(project)
    path = project.root / TEMPLATE
    if not retired or not (path.exists() or path.is_symlink()):
        return []
    shown = display_path(path, project.root)
    # Opened as the catalogs are: never through a link, nor outside the project, nor a FIFO.
    unread = unreadable(path, project.root)
    if unread is not None:
        return [Problem.coded(shown, 0, 0, unread)]
    try:
        po = read_po_file(path, shown, forms_counted_later=True)
    except Refused as refused:
        return list(refused.problems)
    problems = []
    for entry in po.entries:
        for msgid in entry.msgid if isinstance(entry.msgid, tuple) else (entry.msgid,):
            # A placeholder's name ({rack}) is never shown: the value that replaces it is.
            found = _first_retired(retired, _PLACEHOLDER.sub(" ", msgid))
            if found is not None:
                term, word = found
                quoted = {"message": cut(msgid, 80), "word": cut(word), "term": cut(term.id)}
                problems.append(Problem.coded(shown, entry.line, 1, Message("catalog.retired-term", {}, quoted)))
                break
    return problems
