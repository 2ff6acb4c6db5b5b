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

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, LiteralScalarString

from rulebook.files.yaml_quoting import quote_misread

try:  # libyaml's parser, when PyYAML was built with it: the cut is found in C
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader  # type: ignore[assignment]

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
    """The file's text with the changes applied; new units go where English order puts them.

    Only the changed units are read and written by ruamel.yaml, each in a document of its own that
    nests it as the file does; every other line is kept as it is. ruamel's round trip of a whole
    file took 0.1 s for a game's French, 0.5 s for the glossary's. A file whose layout this does not
    know (units in flow style, anchors, tags) goes through ruamel whole: `_apply_whole`, which
    gives the same text (tests/test_words_file.py)."""
    blocks = unit_blocks(original)
    if blocks is None:
        return _apply_whole(original, changes, order)
    head, units, tail = blocks
    for change in changes:
        index = next((i for i, (unit_id, _) in enumerate(units) if unit_id == change.unit_id), None)
        if index is not None:
            units[index] = (change.unit_id, _rewritten(units[index][1], change))
            continue
        before = order[: order.index(change.unit_id)] if change.unit_id in order else order
        keys = [unit_id for unit_id, _ in units]
        position = max((keys.index(key) + 1 for key in before if key in keys), default=len(keys))
        units.insert(position, (change.unit_id, _rewritten(None, change)))
    return head + "".join(block for _, block in units) + tail


_NEST = "units:\n"  # a unit's block is read and written inside this, as the file nests it


def _rewritten(block: str | None, change: Change) -> str:
    """A unit's lines with the change applied (a new unit's when `block` is None)."""
    round_trip = _yaml()
    if block is None:
        data = CommentedMap({"units": CommentedMap({change.unit_id: None})})
    else:
        data = round_trip.load(_NEST + block)
    data["units"][change.unit_id] = _changed(data["units"][change.unit_id], change)
    out = StringIO()
    round_trip.dump(quote_misread(data), out)
    return out.getvalue().removeprefix(_NEST)


# Line breaks other than "\n" that YAML or str.splitlines count: a file with one is written whole.
_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def unit_blocks(text: str) -> tuple[str, list[tuple[str, str]], str] | None:
    """The file cut into what precedes its units, each unit's lines (its key line, its value, and
    the comments and blank lines up to the next unit) and what follows them; None when the file is
    not laid out as `units:` at the margin with block-style plain keys indented by two, each starting
    its line, and no anchors, aliases or explicit tags (then it is written whole)."""
    if any(mark in text for mark in _OTHER_BREAKS) or not text.endswith("\n"):
        return None  # the lines below are cut at "\n" alone; ruamel ends the file with one
    try:
        for event in pyyaml.parse(text, Loader=SafeLoader):
            if isinstance(event, pyyaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                return None
            if isinstance(event, pyyaml.ScalarEvent) and event.implicit == (False, False):
                return None  # an explicit tag
            if isinstance(event, (pyyaml.MappingStartEvent, pyyaml.SequenceStartEvent)) and not event.implicit:
                return None
        root = pyyaml.compose(text, Loader=SafeLoader)
    except pyyaml.YAMLError:
        return None
    if not isinstance(root, pyyaml.MappingNode) or root.flow_style:
        return None
    pairs = root.value
    found = next((i for i, (key, _) in enumerate(pairs) if key.value == "units"), None)
    units = pairs[found][1] if found is not None else None
    if not isinstance(units, pyyaml.MappingNode) or units.flow_style or not units.value:
        return None
    lines = text.splitlines(keepends=True)
    column = 2  # where a rewritten unit's key goes, under `units:` at the margin, as ruamel writes it
    if pairs[found][0].start_mark.column != 0:
        return None
    starts = []
    for key, _ in units.value:
        line = key.start_mark.line
        if not isinstance(key, pyyaml.ScalarNode) or key.style or key.start_mark.column != column:
            return None
        if lines[line][:column].strip():  # something else before the key on its line
            return None
        starts.append(line)
    if len({key.value for key, _ in units.value}) != len(units.value):
        return None  # a key twice: ruamel refuses the file
    following = [key.start_mark.line for key, _ in pairs[found + 1 :]]
    bounds = [*starts, following[0] if following else len(lines)]
    blocks = [(key.value, "".join(lines[bounds[i] : bounds[i + 1]])) for i, (key, _) in enumerate(units.value)]
    return "".join(lines[: starts[0]]), blocks, "".join(lines[bounds[-1] :])


def _apply_whole(original: str, changes: list[Change], order: list[str]) -> str:
    """apply_changes through ruamel.yaml's round trip of the whole file."""
    yaml = _yaml()
    data = yaml.load(original)
    units: CommentedMap = data["units"]
    for change in changes:
        if change.unit_id in units:
            units[change.unit_id] = _changed(units[change.unit_id], change)
            continue
        before = order[: order.index(change.unit_id)] if change.unit_id in order else order
        keys = list(units)
        position = max((keys.index(key) + 1 for key in before if key in units), default=len(keys))
        units.insert(position, change.unit_id, _changed(None, change))
    out = StringIO()
    yaml.dump(quote_misread(data), out)
    return out.getvalue()


def _changed(unit: CommentedMap | None, change: Change) -> CommentedMap:
    """The unit with the change applied; a new unit (a draft unless the change says) when `unit` is None."""
    new = unit is None
    unit = CommentedMap() if new else unit
    unit["text"] = _scalar(change.text)
    unit["source"] = DoubleQuotedScalarString(change.source)
    _record_facts(unit, change.facts)
    if new or change.status is not None:
        unit["status"] = change.status or "draft"
    if change.needs_work:
        unit["needs_work"] = True
    elif change.needs_work is False:
        unit.pop("needs_work", None)
    return unit


def _record_facts(unit: CommentedMap, facts: dict[str, Any] | None) -> None:
    """`facts` beside `source`, on one line (`facts: {setup.cards_per_player: 3}`); none when nothing is quoted."""
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
