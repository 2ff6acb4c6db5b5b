"""A game's input schema (rules/<game>/score.schema.json) in the keywords the page's calculator checks.

The command validates a situation with jsonschema; the page's calculator with its own small
validator (website/theme/assets/javascripts/calculator.js, `validate`), which passes over any keyword
it does not know. A `pattern` in the schema would have the command refuse what the page scores.
schemas/score-input.schema.json lists the keywords the calculator implements, and the shapes it
reads them in; each game's schema is held to it here, every breach at its line and field path.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.documents.schema import checked_validator, unresolvable
from rulebook.files.scorers import input_schema
from rulebook.located.document import Document, LoadError, format_path, read_document
from rulebook.model import Game, Project
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, display_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

META_SCHEMA = Path("schemas") / "score-input.schema.json"
CODE = "score.schema-keyword"
# Keys whose values are names, not keywords: a property called "pattern" is no keyword.
_NAMES = ("properties", "$defs")


def score_schema_problems(project: Project, game: Game) -> list[Problem]:
    """The game's input schema against the calculator's keywords; nothing for a game without a
    scorer, or whose schema is unreadable (scoring it says so at the schema's line)."""
    if not game.scored or game.scoring != game.id:
        return []  # a game that borrows another's scorer: that game's check reads the schema
    path = input_schema(project.root, game.scoring)
    if not path.is_file():
        return []
    meta = checked_validator(project.root / META_SCHEMA)
    if isinstance(meta, Problem):
        return [meta]  # a damaged meta-schema checks nothing: said at its file, not passed over
    try:
        document = read_document(path, display_path(path, project.root))
    except (LoadError, OSError, ValueError):
        return []
    from referencing.exceptions import Unresolvable

    try:
        return unchecked_keywords(document, meta)
    except Unresolvable as dangling:  # a `$ref` of the meta-schema that leads nowhere
        return [unresolvable(project.root / META_SCHEMA, dangling)]


def unchecked_keywords(document: Document, meta: Draft202012Validator) -> list[Problem]:
    """Each place of the schema that the calculator would not check, as jsonschema finds them
    against the meta-schema."""
    problems = []
    for error in meta.iter_errors(document.data):
        for path in _places(error):
            keyword = _keyword_of(path)
            message = Message(CODE, {}, {"keyword": cut(str(keyword)), "field": format_path(path)})
            problems.append(document.problem(path, message, key=path[-1:] == (keyword,)))
    return sorted(set(problems))


def _places(error: ValidationError) -> Iterator[tuple[str | int, ...]]:
    """The schema paths the error is about: each key the meta-schema does not allow, or, under an
    `anyOf`, what the alternative that reads an object finds (never only "not a boolean")."""
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = error.schema.get("properties", {})
        for key in error.instance:
            if key not in allowed:
                yield (*path, key)
        return
    deeper = [inner for inner in error.context or [] if inner.validator != "type"]
    if deeper:
        for inner in deeper:
            yield from _places(inner)
        return
    yield path


def _keyword_of(path: tuple[str | int, ...]) -> str | int:
    """The keyword a place is under: the last key of the path that names no property.

    >>> _keyword_of(("properties", "turn", "pattern")), _keyword_of(("properties", "turn", "enum", 0))
    ('pattern', 'enum')
    >>> _keyword_of(("properties", "pattern"))
    'properties'
    """
    for index in range(len(path) - 1, -1, -1):
        step = path[index]
        if isinstance(step, str) and not (index and path[index - 1] in _NAMES):
            return step
    return "(document)"
