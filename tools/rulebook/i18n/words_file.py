"""Writing translations back into a words YAML file, round-trip: comments, key order and every
untouched line stay exactly as they were (ruamel.yaml), and the result is checked before it is
written atomically."""

from __future__ import annotations

import json
import sys
import textwrap
from dataclasses import dataclass
from io import StringIO
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, LiteralScalarString

from rulebook.yaml_quoting import quote_misread

WRAP = 100  # the width our files are written at


@dataclass(frozen=True)
class Change:
    unit_id: str
    text: str
    source: str  # hash of the English it now translates
    status: str | None  # None: keep the unit's status
    needs_work: bool | None = None  # True: the translator marked it fuzzy; False: cleared; None: keep
    facts: dict[str, Any] | None = None  # the quoted facts' values it was made with; None: keep the unit's


def _yaml() -> YAML:
    yaml = YAML()  # round-trip mode
    yaml.preserve_quotes = True
    yaml.width = sys.maxsize  # never re-wrap what we did not touch, however long
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


KEY_LINE = len("    text: ")  # a one-line value follows this
BLOCK_INDENT = 6  # the lines of a block value start here


def _scalar(text: str) -> str:
    """A new text value in the style of our files: `|-` for several lines, `>-` for long ones."""
    if "\n" in text:
        return LiteralScalarString(text)
    if KEY_LINE + len(text) <= WRAP:
        return text
    folded = FoldedScalarString(text)
    lines = textwrap.wrap(text, width=WRAP - BLOCK_INDENT, break_long_words=False, break_on_hyphens=False)
    positions, offset = [], 0
    for line in lines[:-1]:
        offset += len(line)
        positions.append(offset)  # the space after this line becomes the fold
        offset += 1
    folded.fold_pos = positions
    if " ".join(lines) != text:  # wrapping would lose double spaces: keep one line instead
        return text
    return folded


def apply_changes(original: str, changes: list[Change], order: list[str]) -> str:
    """The file's text with the changes applied; new units go where English order puts them."""
    yaml = _yaml()
    data = yaml.load(original)
    units: CommentedMap = data["units"]
    for change in changes:
        if change.unit_id in units:
            unit = units[change.unit_id]
            unit["text"] = _scalar(change.text)
            unit["source"] = DoubleQuotedScalarString(change.source)
            _record_facts(unit, change.facts)
            if change.status is not None:
                unit["status"] = change.status
            if change.needs_work:
                unit["needs_work"] = True
            elif change.needs_work is False:
                unit.pop("needs_work", None)
            continue
        unit = CommentedMap()
        unit["text"] = _scalar(change.text)
        unit["source"] = DoubleQuotedScalarString(change.source)
        _record_facts(unit, change.facts)
        unit["status"] = change.status or "draft"
        if change.needs_work:
            unit["needs_work"] = True
        before = order[: order.index(change.unit_id)] if change.unit_id in order else order
        keys = list(units)
        position = max((keys.index(key) + 1 for key in before if key in units), default=len(keys))
        units.insert(position, change.unit_id, unit)
    out = StringIO()
    yaml.dump(quote_misread(data), out)
    return out.getvalue()


def _record_facts(unit: CommentedMap, facts: dict[str, Any] | None) -> None:
    """`facts` beside `source`, on one line (`facts: {setup.draw_per_bag: 3}`); none when nothing is quoted."""
    if facts is None:
        return
    if not facts:
        unit.pop("facts", None)
        return
    record = CommentedMap(json.loads(json.dumps(facts)))  # copies: a list shared by two units would be a YAML alias
    record.fa.set_flow_style()
    if "facts" in unit:
        unit["facts"] = record
    else:
        unit.insert(list(unit).index("source") + 1, "facts", record)


def set_sources(original: str, sources: dict[str, str]) -> str:
    """The file's text with only these units' `source` changed: their text stays as written."""
    yaml = _yaml()
    data = yaml.load(original)
    for unit_id, source in sources.items():
        data["units"][unit_id]["source"] = DoubleQuotedScalarString(source)
    out = StringIO()
    yaml.dump(quote_misread(data), out)
    return out.getvalue()
