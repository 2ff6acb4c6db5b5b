"""YAML config files edited in place: comments, quotes, flow lists and tags (mkdocs.yml's
`!!python/name:`) come back exactly as they were; nothing is ever constructed from a tag."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from rulebook.files.disk import inside_project, outside_project
from rulebook.files.yaml_quoting import quote_misread
from rulebook.located.document import long_numbers
from rulebook.problem_codes import Message
from rulebook.problems import Refused, cut, one_line

CHECK = "`rulebook check`"  # what says what is wrong with a file this module refuses to edit


def _yaml() -> YAML:
    yaml = YAML()  # round-trip: unknown tags become tagged nodes, never objects
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a line we did not touch
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def read(root: Path, relative: Path) -> Any:
    """A file of the project, read for editing; refused when it is a link leaving the project."""
    path = root / relative
    if not inside_project(path, root):
        raise Refused([outside_project(relative.as_posix())])
    return load(path.read_text(encoding="utf-8"), relative.as_posix())


def load(text: str, name: str) -> Any:
    numbers = long_numbers(text, name)  # refused before ruamel.yaml reads them as numbers
    if numbers:
        raise Refused(numbers)
    try:
        return _yaml().load(text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        reason = cut(one_line(str(getattr(error, "problem", None) or error)))
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise Refused.at(name, Message("authoring.not-yaml", {}, {"reason": reason}), line=line, col=col) from None


def dump(data: Any) -> str:
    stream = StringIO()
    _yaml().dump(quote_misread(data), stream)
    return stream.getvalue()


def sequence(data: Any, key: str, name: str) -> list:
    """The list under `key`, to read and append to; Refused when the file has none, or an empty one."""
    value = data.get(key) if isinstance(data, dict) else None
    if not isinstance(value, list) or not value:
        raise Refused.at(name, Message("authoring.no-list", {"key": key}, {"listed": f"`{key}`", "command": CHECK}))
    return value
