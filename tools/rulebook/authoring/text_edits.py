"""A YAML file edited where its values stand, every other byte kept (folding, flow lists, quotes,
comments): a round trip through ruamel re-wraps what it did not understand, so an id or a unit is
changed in the text itself, at the line and column the reader found it.

Each edit says what it does to the data too; the new text must read back as exactly that data,
or the edit is refused and nothing is written.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.files.disk import inside_project, outside_project
from rulebook.located.document import Document, JsonPath, LoadError, format_path, parse_document, read_document
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, cut, display_path, one_line


@dataclass
class TextEdits:
    path: Path
    document: Document
    expected: Any  # the data the edited text must read as
    spans: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, replacement) offsets

    @classmethod
    def read(cls, root: Path, path: Path) -> TextEdits:
        display = display_path(path, root)
        if not inside_project(path, root):
            raise Refused([outside_project(display)])
        try:
            document = read_document(path, display)
        except LoadError as error:
            unreadable = Message("authoring.unreadable-file", {}, {"file": cut(one_line(display))})
            raise Refused([*error.problems, Problem.coded("", 0, 0, unreadable)]) from None
        return cls(path, document, copy.deepcopy(document.data))

    @property
    def text(self) -> str:
        return self.document.text or ""

    @property
    def changed(self) -> bool:
        return bool(self.spans)

    def offset(self, line: int, col: int) -> int:
        """The 1-based line and column as an offset into the text."""
        start = 0
        for _ in range(line - 1):
            start = self.text.index("\n", start) + 1
        return start + col - 1

    def replace_scalar(self, path: JsonPath, old: str, new: str, *, key: bool = False) -> None:
        """The plain or quoted scalar `old` at `path` (its key, with `key`) becomes `new`, quoted as it was."""
        positions = self.document.keys if key else self.document.values
        start = self.offset(*positions[path])
        for quote in ("", "'", '"'):
            written = f"{quote}{old}{quote}"
            if self.text.startswith(written, start):
                self.spans.append((start + len(quote), start + len(quote) + len(old), new))
                return
        raise self._cannot(path)

    def replace_text(self, start: int, end: int, new: str) -> None:
        self.spans.append((start, end, new))

    def remove_item(self, path: JsonPath, item: str) -> None:
        """The id `item`, an entry of a list (block or flow), with its line or its comma."""
        start = self.offset(*self.document.values[path])
        line_start = self.text.rfind("\n", 0, start) + 1
        line_end = self.text.find("\n", start)
        line_end = len(self.text) if line_end < 0 else line_end + 1
        if self.text[line_start:start].strip() == "-":  # a block entry: its whole line
            rest = self.text[start:line_end].split("#", 1)[0].strip()
            if rest.strip("'\"") != item:
                raise self._cannot(path)
            self.spans.append((line_start, line_end, ""))
            return
        end = start + len(item) + (self.text[start] in "'\"") * 2
        after = self.text[end:line_end].lstrip(" ")
        if after.startswith(","):  # not the last: the item, its comma and the spaces after it
            end = end + (len(self.text[end:line_end]) - len(after)) + 1
            while self.text[end : end + 1] == " ":
                end += 1
        else:  # the last: the comma and spaces before it
            comma = self.text.rfind(",", line_start, start)
            if comma < 0:
                raise self._cannot(path)
            start = comma
        self.spans.append((start, end, ""))

    def remove_entry(self, path: JsonPath) -> None:
        """A key of a block mapping with everything under it; comments just above the next key stay."""
        line, col = self.document.keys[path]
        start = self.offset(line, 1)
        lines = self.text[start:].splitlines(keepends=True)
        kept = 1
        for index, text in enumerate(lines[1:], 1):
            stripped = text.strip()
            if stripped and not stripped.startswith("#") and len(text) - len(text.lstrip(" ")) < col:
                break
            if stripped and not stripped.startswith("#"):
                kept = index + 1
        self.spans.append((start, start + sum(map(len, lines[:kept])), ""))

    def result(self) -> str:
        """The edited text, read back and found to be the data expected; Refused otherwise."""
        text = self.text
        spans = sorted(self.spans, reverse=True)
        for (_, end, _), (next_start, _, _) in zip(spans[1:], spans, strict=False):
            if end > next_start:
                raise Refused.at(self.document.file, Message("authoring.edits-overlap"))
        for start, end, new in spans:
            text = text[:start] + new + text[end:]
        try:
            data = parse_document(text.encode("utf-8"), self.document.file).data
        except LoadError:
            data = None
        if data != self.expected:
            raise Refused.at(self.document.file, Message("authoring.not-editable"))
        return text

    def _cannot(self, path: JsonPath) -> Refused:
        line, col = self.document.where(path)
        place = Message("authoring.not-written-as-expected", {}, {"place": cut(format_path(path))})
        return Refused.at(self.document.file, place, line=line, col=col)
