"""Safe YAML documents that remember where every value came from.

PyYAML's composer gives nodes with marks; we build plain Python data from them ourselves so that
nothing is ever constructed from a tag, duplicate keys are refused instead of silently kept, and
aliases (the door to "billion laughs" documents) can be refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

from rulebook.located.limits import (
    MAX_MARKUP,
    MAX_NUMBER_LENGTH,
    MAX_YAML_BYTES,
    read_bounded,
    text_limit_dangers,
)
from rulebook.located.load_error import LoadError
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, excerpt, one_line

try:  # The C parser is several times faster; marks are the same.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - libyaml is part of the PyYAML wheels we pin
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

JsonPath = tuple[str | int, ...]

_CORE = "tag:yaml.org,2002:"
_STR = f"{_CORE}str"
_SCALAR_TAGS = {f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null")}
_DEFAULT_TAGS = {yaml.ScalarNode: _STR, yaml.SequenceNode: f"{_CORE}seq", yaml.MappingNode: f"{_CORE}map"}
# A string is its text; a date-like scalar stays the text that was written: JSON has no date type.
_TEXT_TAGS = {f"{_CORE}timestamp", f"{_CORE}str"}
_NUMBER_TAGS = {f"{_CORE}int", f"{_CORE}float"}
# What some YAML reader takes for a number: YAML 1.2's core schema, and YAML 1.1's `_` between
# digits, `0b`, `0o`, old octal `0777` and base 60 `1:30`. Loose (`1:99` too), since it only says
# whether a plain scalar over MAX_NUMBER_LENGTH, text to this loader, is refused as a number: a file
# this loader passes then never stalls or crashes another reader of it (mkdocs, ruamel.yaml).
_READ_AS_NUMBER = re.compile(r"[-+]?(?:0[xXoObB][0-9a-fA-F_]+|(?=\.?[0-9])[0-9_:]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?)")


class _CoreSchemaLoader(_Loader):  # type: ignore[misc,valid-type]
    """Plain scalars read as both YAML 1.2's core schema and YAML 1.1 read them, never as one
    of them alone: `no`, `on`, `yes` and `off` are words (a language code, an answer), `1:30` is
    a time of day, not 90 (base 60), `2024-05-01` is text, and so is `1e3` (a number to YAML 1.2
    alone, and a hash's digits to the YAML 1.1 writers that wrote it plain). A leading zero
    (`0777`, octal to YAML 1.1) is refused. Only `true`/`false`, `null`/`~`, and numbers that
    every reader reads alike are anything but strings."""

    yaml_implicit_resolvers: ClassVar[dict] = {}

    # The C parser calls these three for every node. PyYAML's own are general (path resolvers,
    # resolvers for any first character); with neither, these say the same for less
    # (tests/test_fast_paths.py compares them).
    def resolve(self, kind: type, value: Any, implicit: tuple[bool, bool]) -> str | None:
        if kind is yaml.ScalarNode and implicit[0]:
            for tag, pattern in self.yaml_implicit_resolvers.get(value[:1], ()):
                if pattern.match(value):
                    return tag
        return _DEFAULT_TAGS.get(kind)

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass  # no path resolvers to follow

    def ascend_resolver(self) -> None:
        pass


for _tag, _pattern, _first in (
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("int", r"^(?:[-+]?[0-9]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "float",
        r"^(?:[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("merge", r"^(?:<<)$", "<"),  # refused by name below, rather than taken as the key "<<"
):
    _CoreSchemaLoader.add_implicit_resolver(f"{_CORE}{_tag}", re.compile(_pattern), list(_first))


class _JsonNumbersLoader(_CoreSchemaLoader):
    """The same, but an exponent without a point (`1e+30`, `1E5`) is a number, as JSON and YAML 1.2
    read it. For what a reader hands in to be scored (often JSON, as the page's calculator sends it),
    never for the content: PyYAML, a YAML 1.1 writer, writes a hash such as `1234e5678` unquoted."""

    yaml_implicit_resolvers: ClassVar[dict] = {
        first: list(resolvers) for first, resolvers in _CoreSchemaLoader.yaml_implicit_resolvers.items()
    }


_JsonNumbersLoader.add_implicit_resolver(
    f"{_CORE}float", re.compile(r"^[-+]?[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+$"), list("-+0123456789")
)
# Deeper than any real document (content files nest about 6 levels): refused before Python's
# recursion limit, or jsonschema's, is ever reached.
MAX_DEPTH = 64


__all__ = [
    "Document",
    "JsonPath",
    "LoadError",
    "core_value",
    "format_path",
    "long_numbers",
    "parse_bounded",
    "parse_document",
    "read_document",
]


@dataclass
class Document:
    """Plain data (dicts, lists, scalars) plus the 1-based line and column of each value and key.

    The positions are found when first asked for, by composing the text again: they are needed
    only to report a problem, and recording ~100 of them per unit for every file of a project
    cost as much as the YAML parse, and twice that again to hand them between processes."""

    file: str
    data: Any
    text: str | None = field(default=None, repr=False, compare=False)
    positions: tuple[dict[JsonPath, tuple[int, int]], dict[JsonPath, tuple[int, int]]] | None = field(
        default=None, repr=False, compare=False
    )
    # A part (`part`) finds its positions in the whole document, and only when asked for them too:
    # a worked example is a part of its game's file, scored whether or not a problem is found.
    within: tuple[Document, JsonPath] | None = field(default=None, repr=False, compare=False)

    @property
    def values(self) -> dict[JsonPath, tuple[int, int]]:
        return self._located()[0]

    @property
    def keys(self) -> dict[JsonPath, tuple[int, int]]:
        return self._located()[1]

    def _located(self) -> tuple[dict[JsonPath, tuple[int, int]], dict[JsonPath, tuple[int, int]]]:
        if self.positions is None and self.within is not None:
            whole, path = self.within
            size = len(path)
            values, keys = whole._located()
            self.positions = (
                {where[size:]: mark for where, mark in values.items() if where[:size] == path},
                {where[size:]: mark for where, mark in keys.items() if where[:size] == path},
            )
        elif self.positions is None:
            builder = _Builder(self.file, located=True)
            node = yaml.compose(self.text, Loader=_CoreSchemaLoader) if self.text is not None else None
            if node is not None:
                builder.build(node, ())
            self.positions = (builder.values, builder.keys)
        return self.positions

    def where(self, path: JsonPath, *, key: bool = False) -> tuple[int, int]:
        """Position of the value (or of its key) at `path`, else of its nearest known ancestor."""
        values, keys = self._located()
        if key and path in keys:
            return keys[path]
        for end in range(len(path), -1, -1):
            if path[:end] in values:
                return values[path[:end]]
        return (1, 1)

    def part(self, path: JsonPath) -> Document:
        """The sub-document at `path`, keeping its positions in this file."""
        data: Any = self.data
        for step in path:
            data = data[step]
        return Document(self.file, data, within=(self, path))

    def problem(self, path: JsonPath, message: str | Message, *, key: bool = False, **kwargs: Any) -> Problem:
        """A problem at the value (or key) at `path`; a coded message may name its `field`."""
        line, col = self.where(path, key=key)
        kwargs.setdefault("path", path)
        if isinstance(message, Message):
            return Problem.coded(self.file, line, col, message, **kwargs)
        field = kwargs.pop("field", None)
        return Problem(self.file, line, col, message if field is None else f"{field}: {message}", **kwargs)


def format_path(path: JsonPath) -> str:
    """`round.moves[0].points` style, the way people read a field path; a key that is not a plain
    word is quoted, escaped and cut like any value.

    >>> format_path(("round", "moves", 0, "points"))
    'round.moves[0].points'
    >>> format_path(("final", "Ann Lee", "score")), format_path(("", "a\\nb"))
    ("final['Ann Lee'].score", "['']['a\\\\nb']")
    >>> format_path(())
    '(document)'
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _PLAIN_KEY.match(part):
            text += f".{part}" if text else part
        else:
            text += f"[{excerpt(part)}]"
    return text or "(document)"


_PLAIN_KEY = re.compile(r"^[^\W\d][\w.-]{0,79}$")  # unit ids have dots: units.rule.bags.text


def read_document(path: Path, display: str) -> Document:
    """Read a YAML file safely. Raises LoadError with located problems; a file over the size
    bound is refused before it is parsed."""
    try:
        raw = read_bounded(path, MAX_YAML_BYTES, display)
    except OSError as error:
        unreadable = Message("file.unreadable", {}, {"reason": str(error.strerror)})
        raise LoadError([Problem.coded(display, 0, 0, unreadable)]) from None
    return parse_document(raw, display)


def parse_document(raw: bytes, display: str, *, json_numbers: bool = False) -> Document:
    """Parse YAML bytes into a Document (see read_document); with `json_numbers`, `1e5` is a
    number, as JSON reads it (_JsonNumbersLoader).

    >>> parse_document(b"a: 1\\nb: [x, y]\\n", "t.yaml").data
    {'a': 1, 'b': ['x', 'y']}
    >>> parse_document(b"a: 1\\na: 2\\n", "t.yaml")
    Traceback (most recent call last):
    rulebook.located.load_error.LoadError: t.yaml:2:1: duplicate key 'a' (first at line 1)
    >>> parse_document(b'{"a": 1e+30, "b": 2.5E5}', "t.json").data
    {'a': '1e+30', 'b': '2.5E5'}
    >>> parse_document(b'{"a": 1e+30, "b": 2.5E5, "c": 1e3x}', "t.json", json_numbers=True).data
    {'a': 1e+30, 'b': 250000.0, 'c': '1e3x'}
    """
    return parse_bounded(raw, display, json_numbers=json_numbers)[0]


def parse_bounded(raw: bytes, display: str, *, json_numbers: bool = False) -> tuple[Document, list[Problem]]:
    """parse_document, and every string and key of the document over the text bounds
    (located/limits.py's limit_problems), found while the data is built rather than by a second
    walk over it (tests/test_fast_paths.py compares them).

    >>> document, over = parse_bounded(b"a: '" + b"[" * 70 + b"'\\n", "t.yaml")
    >>> [problem.code for problem in over], document.data["a"][:3]
    (['text.too-much-markup'], '[[[')
    """
    text = _joined_surrogates(_decode(raw, display))
    try:
        node = yaml.compose(text, Loader=_JsonNumbersLoader if json_numbers else _CoreSchemaLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = {"problem": str(error.problem or error.context)}
        message = Message("yaml.syntax", {}, problem)
        opened = error.context_mark
        if error.context and opened and error.problem_mark and opened.line != error.problem_mark.line:
            where = {"line": opened.line + 1, "column": opened.column + 1}
            message = Message("yaml.unclosed", where, problem | {"context": str(error.context)})
        raise LoadError([Problem.coded(display, line, col, message)]) from None
    except yaml.reader.ReaderError as error:
        # The reader reports a character offset, and a two-line message; say it on one line.
        line, col = _position(text, error.position)
        unreadable = Message("yaml.unreadable", {}, {"reason": str(error.reason)})
        raise LoadError([Problem.coded(display, line, col, unreadable)]) from None
    except yaml.YAMLError as error:
        unreadable = Message("yaml.unreadable", {}, {"reason": one_line(str(error))})
        raise LoadError([Problem.coded(display, 1, 1, unreadable)]) from None
    # An alias needs an anchor, and an anchor an `&` in the text: without one, no node is seen twice.
    builder = _Builder(display, located=False, aliases="&" in text)
    data = builder.build(node, ()) if node is not None else None
    if builder.found_alias:
        builder.problems.extend(_alias_problems(text, display))
    if builder.problems:
        raise LoadError(builder.problems)
    return Document(display, data, text=text), builder.over_bounds


# JSON writes a character beyond U+FFFF as two escapes (a surrogate pair), which YAML readers refuse.
_SURROGATE_PAIR = re.compile(r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)


def _joined_surrogates(text: str) -> str:
    """JSON's `\\ud83d\\ude00` as YAML's `\\U0001f600`, so that any JSON document reads as YAML.

    >>> _joined_surrogates('{"name": "\\\\ud83d\\\\ude00"}')
    '{"name": "\\\\U0001f600"}'
    """
    if "\\u" not in text:
        return text

    def joined(match: re.Match[str]) -> str:
        high, low = int(match.group(2), 16), int(match.group(3), 16)
        return f"{match.group(1)}\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08x}"

    return _SURROGATE_PAIR.sub(joined, text)


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _decode(raw: bytes, display: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        byte = raw[error.start]
        message = Message("yaml.utf-8", {"byte": f"{byte:02x}"})
        raise LoadError([Problem.coded(display, line, col, message)]) from None


def _alias_problems(text: str, display: str) -> list[Problem]:
    """The composer hides where aliases stand; the token stream still knows."""
    return [
        Problem.coded(
            display,
            token.start_mark.line + 1,
            token.start_mark.column + 1,
            Message("yaml.alias", {}, {"name": str(token.value)}),
        )
        for token in yaml.scan(text, Loader=_Loader)
        if isinstance(token, yaml.AliasToken)
    ]


def long_numbers(text: str, display: str) -> list[Problem]:
    """Every number over MAX_NUMBER_LENGTH characters in a YAML text that another loader reads
    (mkdocs.yml: ruamel.yaml and MkDocs), at its line: a plain scalar some reader takes for a
    number, or one tagged `!!int` or `!!float`. Found in the token stream, before that loader
    turns anything into a number; nothing for a text that is no YAML, whose loader says why.

    >>> [str(problem) for problem in long_numbers("a: 0x" + "f" * 200 + "\\nb: '" + "1" * 200 + "'", "m.yml")]
    ['m.yml:1:4: a number of 202 characters is too long: a number may have at most 100, in any base']
    """
    problems, tag = [], ""
    try:
        for token in yaml.scan(text, Loader=_Loader):
            if isinstance(token, yaml.ScalarToken) and len(token.value) > MAX_NUMBER_LENGTH:
                tagged = tag.endswith(("int", "float"))
                if tagged or (token.plain and _READ_AS_NUMBER.fullmatch(token.value)):
                    too_long = Message("yaml.long-number", {"length": len(token.value), "limit": MAX_NUMBER_LENGTH})
                    mark = token.start_mark
                    problems.append(Problem.coded(display, mark.line + 1, mark.column + 1, too_long))
            tag = str(token.value[1]) if isinstance(token, yaml.TagToken) else ""
    except yaml.YAMLError:
        return problems
    return problems


class _Builder:
    """Turns a node graph into plain data, recording positions and refusing what is unsafe."""

    def __init__(self, display: str, *, located: bool, aliases: bool = True):
        self.display = display
        self.located = located  # records positions; the data and the problems are the same either way
        # Whether a node may be an alias (seen twice); False only when the text has no anchor.
        self.aliases = aliases
        self.values: dict[JsonPath, tuple[int, int]] = {}
        self.keys: dict[JsonPath, tuple[int, int]] = {}
        self.problems: list[Problem] = []
        # Strings and keys over the text bounds, as limit_problems finds them: not refused here.
        self.over_bounds: list[Problem] = []
        self._seen: set[int] = set()
        self.found_alias = False
        self._too_deep = False

    def _problem(self, node: yaml.Node, message: Message) -> None:
        mark = node.start_mark
        self.problems.append(Problem.coded(self.display, mark.line + 1, mark.column + 1, message))

    def _bounded(self, node: yaml.Node, path: JsonPath, text: str) -> None:
        """A string or key longer than the shortest one a bound can refuse: judged as limit_problems does."""
        mark = node.start_mark
        for message in text_limit_dangers(text):
            where = (self.display, mark.line + 1, mark.column + 1)
            self.over_bounds.append(Problem.coded(*where, message, field=format_path(path), path=path))

    def build(self, node: yaml.Node, path: JsonPath) -> Any:
        if self.located:
            self.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if len(path) > MAX_DEPTH:
            # Once, at the first place: every branch that goes too deep would say the same again
            # (and the calculator, which reads the same limit, says it once).
            if not self._too_deep:
                self._too_deep = True
                self._problem(node, Message("yaml.too-deep", {"limit": MAX_DEPTH}))
            return None
        # The composer shares one node between an anchor and its aliases, so a node seen twice is an
        # alias. Refusing them keeps an alias bomb from expanding here.
        if self.aliases:
            if id(node) in self._seen:
                self.found_alias = True  # located afterwards from the token stream
                return None
            self._seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            self._check_tag(node, f"{_CORE}seq")
            return [self.build(item, (*path, index)) for index, item in enumerate(node.value)]
        value = self._scalar(node)
        if isinstance(value, str) and len(value) > MAX_MARKUP:
            self._bounded(node, path, value)
        return value

    def _check_tag(self, node: yaml.Node, expected: str) -> bool:
        if node.tag == expected:
            return True
        tag = node.tag.replace(_CORE, "!!")
        self._problem(node, Message("yaml.tag", {}, {"tag": cut(one_line(tag))}))
        return False

    def _mapping(self, node: yaml.MappingNode, path: JsonPath) -> dict[str, Any] | None:
        if not self._check_tag(node, f"{_CORE}map"):
            return None
        result: dict[str, Any] = {}
        first: dict[str, yaml.Node] = {}
        # A plain string value (most of a words file) is taken here, as build() would take it.
        inline = not self.located and not self.aliases and len(path) < MAX_DEPTH
        for key_node, value_node in node.value:
            if key_node.tag == _STR and isinstance(key_node, yaml.ScalarNode):
                key = key_node.value  # what the checks below and _scalar come to for a string key
                if len(key) > MAX_NUMBER_LENGTH and self._long_number(key_node):
                    continue
            elif key_node.tag == f"{_CORE}merge":
                self._problem(key_node, Message("yaml.merge-key", {"merge": "<<"}))
                continue
            elif not isinstance(key_node, yaml.ScalarNode):
                self._problem(key_node, Message("yaml.complex-key"))
                continue
            else:
                key = self._scalar(key_node)
                if not isinstance(key, str):
                    key = key_node.value
            if key in first:
                first_line = first[key].start_mark.line + 1
                self._problem(key_node, Message("yaml.duplicate-key", {"first": first_line}, {"key": excerpt(key)}))
                continue
            first[key] = key_node
            if self.located:
                self.keys[(*path, key)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if len(key) > MAX_MARKUP:
                self._bounded(key_node, (*path, key), key)
            if inline and value_node.tag == _STR and isinstance(value_node, yaml.ScalarNode):
                value = value_node.value
                if len(value) > MAX_NUMBER_LENGTH and self._long_number(value_node):
                    value = None
                elif len(value) > MAX_MARKUP:
                    self._bounded(value_node, (*path, key), value)
                result[key] = value
            else:
                result[key] = self.build(value_node, (*path, key))
        return result

    def _long_number(self, node: yaml.ScalarNode) -> bool:
        """Whether the scalar is a number over MAX_NUMBER_LENGTH characters, which is refused here,
        before anything reads it as a number: tagged as one, or plain text that some YAML reader
        reads as one (_READ_AS_NUMBER). Called for scalars over the bound only."""
        if node.tag in _NUMBER_TAGS or (not node.style and _READ_AS_NUMBER.fullmatch(node.value)):
            self._problem(node, Message("yaml.long-number", {"length": len(node.value), "limit": MAX_NUMBER_LENGTH}))
            return True
        return False

    def _scalar(self, node: yaml.Node) -> Any:
        if len(node.value) > MAX_NUMBER_LENGTH and self._long_number(node):
            return None
        if node.tag in _TEXT_TAGS:  # strings (most of a words file) need no constructing
            return node.value
        if node.tag not in _SCALAR_TAGS:
            self._check_tag(node, _STR)
            return None
        try:
            return core_value(node.tag.removeprefix(_CORE), node.value)
        except ValueError as error:  # `!!bool maybe`, `!!int x`, `!!float` alone, `!!int 1_000`, 0777
            tag = node.tag.replace(_CORE, "!!")
            shown = {"value": excerpt(node.value)}
            if isinstance(error, ReadersDisagree):
                self._problem(node, Message("yaml.leading-zero", {"tag": tag, "number": error.number}, shown))
            else:
                self._problem(node, Message("yaml.bad-scalar", {"tag": tag}, shown))
            return None


class ReadersDisagree(ValueError):
    """A scalar that YAML 1.1 and 1.2 readers would read as different values; says what to write.
    No refusal of its own: `core_value` tells the builder so, and the builder reports the problem
    (yaml.leading-zero) in the LoadError it raises."""

    def __init__(self, message: str, number: int):
        super().__init__(message)
        self.number = number


_LEADING_ZERO = re.compile(r"^[-+]?0[0-9]")
# The core schema's integers, as the resolver above reads them; Python's int() reads more (`1_000`,
# ` 12 `, other scripts' digits), which an explicit `!!int` must not bring in.
_INT = re.compile(r"[-+]?[0-9]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")


def core_value(kind: str, text: str) -> bool | int | float | None:
    """A scalar's value under YAML 1.2's core schema (`kind` is its tag's name); ValueError when
    `text` is no such value, with what to write instead when YAML 1.1 would read it otherwise.

    >>> core_value("int", "90"), core_value("int", "0x1F"), core_value("float", "-.inf"), core_value("bool", "False")
    (90, 31, -inf, False)
    >>> core_value("int", "0777")
    Traceback (most recent call last):
    rulebook.located.document.ReadersDisagree: a leading zero is read as octal or as text by YAML 1.1 readers; write 777
    >>> core_value("int", "1_000")
    Traceback (most recent call last):
    ValueError
    """
    if kind == "null":
        if text in ("~", "null", "Null", "NULL", ""):
            return None
    elif kind == "bool":
        if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
            return text[0] in "tT"
    elif kind == "int" and _INT.fullmatch(text):
        if _LEADING_ZERO.match(text) and text.lstrip("+-").isdigit():
            raise ReadersDisagree(
                f"a leading zero is read as octal or as text by YAML 1.1 readers; write {int(text)}", int(text)
            )
        return int(text[2:], 16) if text.startswith("0x") else int(text)
    elif kind == "float":
        lowered = text.lower()
        if lowered in (".inf", "+.inf", "-.inf", ".nan"):
            return float(lowered.replace(".", ""))
        if _FLOAT.fullmatch(text):
            return float(text)
    raise ValueError()
