"""What the persistent cache (rulebook.cache.store) keeps: one small, closed codec per kind of entry,
between the toolkit's values and plain JSON data.

Decoding builds nothing but JSON's own types (dicts, lists, strings, numbers, booleans, null) and
the few named here (Document, Problem, tuples); it checks every field's exact type on the way and
raises EntryError on anything `encode` would not have written. So whatever an entry's bytes, reading
it runs no code: at worst it gives wrong data, which the cache's signature keeps out.

Documents are kept as their file name, data and text; their positions are found again from the text
when a problem needs one (Document.values), as for a freshly parsed file. Problems are compact
arrays: a file's entry holds one per missing translation, and a warm check decodes them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rulebook.located.document import Document, JsonPath
from rulebook.problems import Problem, Severity

Value = TypeVar("Value")

_SEVERITIES = {severity.value: severity for severity in Severity}


class EntryError(ValueError):
    """An entry is not what its codec writes: the cache counts it as a miss."""


@dataclass(frozen=True)
class Codec(Generic[Value]):
    """A kind of entry as JSON data; `version` changes whenever the encoding does."""

    version: int
    encode: Callable[[Value], Any]
    decode: Callable[[Any], Value]


def _exact(value: Any, kind: type) -> Any:
    """`value` if it is exactly of `kind` (True is no int here), else EntryError."""
    if type(value) is not kind:
        raise EntryError(f"expected {kind.__name__}, found {type(value).__name__}")
    return value


def _array(value: Any, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise EntryError("expected an array" + (f" of {length}" if length is not None else ""))
    return value


def _encode_problem(problem: Problem) -> list[Any]:
    path = None if problem.path is None else list(problem.path)
    fields = [problem.file, problem.line, problem.col, problem.message, problem.severity.value]
    # The quotes too: a coded problem is said again in another language (`check --lang`) from them.
    return [*fields, problem.code, dict(problem.params), path, dict(problem.quoted)]


def _decode_problem(value: Any) -> Problem:
    file, line, col, message, severity, code, params, path, quoted = _array(value, 9)
    if severity not in _SEVERITIES:
        raise EntryError(f"no severity {severity!r}")
    if type(params) is not dict:
        raise EntryError("params are not an object")
    if type(quoted) is not dict or not all(type(text) is str for text in quoted.values()):
        raise EntryError("quotes are not an object of strings")
    if path is not None and not all(type(step) in (str, int) for step in _array(path)):
        raise EntryError("a path step is neither a key nor an index")
    return Problem(
        _exact(file, str),
        _exact(line, int),
        _exact(col, int),
        _exact(message, str),
        _SEVERITIES[severity],
        _exact(code, str),
        params,
        None if path is None else tuple(path),
        quoted,
    )


def _encode_problems(problems: list[Problem]) -> list[list[Any]]:
    return [_encode_problem(problem) for problem in problems]


def _decode_problems(value: Any) -> list[Problem]:
    return [_decode_problem(item) for item in _array(value)]


def _encode_marks(marks: dict[JsonPath, tuple[int, int]]) -> list[list[Any]]:
    return [[line, col, *path] for path, (line, col) in marks.items()]


def _decode_marks(value: Any) -> dict[JsonPath, tuple[int, int]]:
    marks = {}
    for item in _array(value):
        line, col, *path = _array(item)
        if not all(type(step) in (str, int) for step in path):
            raise EntryError("a path step is neither a key nor an index")
        marks[tuple(path)] = (_exact(line, int), _exact(col, int))
    return marks


def encode_document(document: Document) -> list[Any]:
    """A document as [file, data, text, positions]: the positions only when there is no text to
    find them in again (a part of a document)."""
    positions = None
    if document.text is None:
        values, keys = document.values, document.keys  # a part finds them in its whole document
        positions = [_encode_marks(values), _encode_marks(keys)]
    return [document.file, document.data, document.text, positions]


def _decode_document(value: Any) -> Document:
    file, data, text, positions = _array(value, 4)
    if text is not None:
        _exact(text, str)
    located = None
    if positions is not None:
        values, keys = _array(positions, 2)
        located = (_decode_marks(values), _decode_marks(keys))
    # `data` is whatever JSON decoded: only dicts, lists, strings, numbers, booleans and null.
    return Document(_exact(file, str), data, text=text, positions=located)


def _encode_read(read: tuple[Document | None, list[Problem]]) -> list[Any]:
    document, problems = read
    return [None if document is None else encode_document(document), _encode_problems(problems)]


def _decode_read(value: Any) -> tuple[Document | None, list[Problem]]:
    document, problems = _array(value, 2)
    return (None if document is None else _decode_document(document)), _decode_problems(problems)


def _decode_passed(value: Any) -> bool:
    if value is not True:
        raise EntryError("a schema's entry says only that it passed")
    return True


def _decode_digests(value: Any) -> dict[str, bytes]:
    if type(value) is not dict:
        raise EntryError("expected an object")
    digests = {}
    for path, digest in value.items():
        digests[path] = bytes.fromhex(_exact(digest, str))  # a ValueError when it is not hex
        if len(digests[path]) != 32:
            raise EntryError("a SHA-256 digest has 32 bytes")
    return digests


# A file parsed and schema-checked (documents/reader.py): the document when it passed, and its problems.
READ: Codec[tuple[Document | None, list[Problem]]] = Codec(3, _encode_read, _decode_read)
# The problems of a text set (validate/check.py) or of a worked example's situation (scoring/situation.py).
PROBLEMS: Codec[list[Problem]] = Codec(3, _encode_problems, _decode_problems)
# A schema that passed the meta-schema (documents/schema.py).
PASSED: Codec[bool] = Codec(1, bool, _decode_passed)
# The site's generated pages, by path, with the SHA-256 of each (website/plugin.py).
PAGE_DIGESTS: Codec[dict[str, bytes]] = Codec(
    1, lambda pages: {path: digest.hex() for path, digest in pages.items()}, _decode_digests
)
