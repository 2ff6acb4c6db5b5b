"""Hypothesis strategies: mutations of any document (types, bounds, nesting, unicode, key order,
duplicates), serialized as YAML or JSON and then, sometimes, damaged as text. The documents they
start from are a game's situations (tests/schema_situations.py: hypothesis-jsonschema cannot
generate from our schemas with the pinned Hypothesis, its 0.23.1 calling an internal API that
Hypothesis no longer has, so that module reads the few keywords a game's input schema may use).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import yaml
from hypothesis import strategies as st

# Values that have broken parsers and scorers somewhere.
NASTY: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.0,
    2.0,
    1.5,
    -0.0,
    1e308,
    1.7976931348623157e308,
    float("nan"),
    float("inf"),
    float("-inf"),
    10**30,
    -(10**30),
    "",
    "three",
    "3",
    " ",
    "\n",
    "a\x00b",
    "\u202eevil",
    "\ud800",
    "é" * 300,
    [],
    {},
    [[[]]],
    {"x": 1},
    [1, 2, 3],
    {"turn": None},
    {"players": {}},
]
BOUNDARIES = [0, 1, 2, 8, 9, 10, 12, 13, 14, 24, 25, 26, 80, 81, 99, 100, 101, 1_000_000, 1_000_001, -13, -14]
TEXT_DAMAGE = [
    "!!float 1",
    "!!int x",
    "!!bool maybe",
    "!!python/object/apply:os.system [echo]",
    "&a [1]",
    "*a",
    ".nan",
    ".inf",
    "-.inf",
    "1e400",
    "0x1F",
    "0o17",
    "1_000",
    "9" * 4400,
    "[" * 70 + "]" * 70,
    "[" * 1200 + "]" * 1200,
    "{a: 1, a: 2}",
    "? [1, 2]\n: 3",
    "<<: {tiles: 1}",
    '"\\ud800"',
    '"\\u0000"',
    "2026-11-30",
    "~",
    "|-\n  text",
]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a document, the document itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _get(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {key: (_replaced(item, rest, new) if key == head else item) for key, item in value.items()}
    return [(_replaced(item, rest, new) if index == head else item) for index, item in enumerate(value)]


def _shuffled(value: Any, random: Any) -> Any:
    """The same document with every mapping's keys in another order."""
    if isinstance(value, dict):
        items = list(value.items())
        random.shuffle(items)
        return {key: _shuffled(item, random) for key, item in items}
    if isinstance(value, list):
        return [_shuffled(item, random) for item in value]
    return value


@st.composite
def mutated_value(draw: st.DrawFn, document: Any) -> Any:
    """The document with a few of its places changed: type, bound, nesting, key, size, order."""
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from(_paths(document)))
        old = _get(document, path)
        kind = draw(st.sampled_from(["nasty", "bound", "nest", "drop", "add", "rename", "grow", "shuffle", "number"]))
        if kind == "nasty":
            new = draw(st.sampled_from(NASTY))
        elif kind == "bound":
            new = draw(st.sampled_from(BOUNDARIES))
        elif kind == "nest":
            new = old
            for _ in range(draw(st.integers(1, 80))):
                new = [new]
        elif kind == "number":
            new = draw(st.one_of(st.integers(), st.floats(allow_nan=True, allow_infinity=True)))
        elif kind == "drop" and isinstance(old, dict) and old:
            new = {k: v for k, v in old.items() if k != draw(st.sampled_from(list(old)))}
        elif kind == "drop" and isinstance(old, list) and old:
            new = old[: draw(st.integers(0, len(old) - 1))]
        elif kind == "add" and isinstance(old, dict):
            new = {**old, draw(st.text(max_size=20)): draw(st.sampled_from(NASTY))}
        elif kind == "rename" and isinstance(old, dict) and old:
            victim = draw(st.sampled_from(list(old)))
            new = {(draw(st.text(max_size=20)) if k == victim else k): v for k, v in old.items()}
        elif kind == "grow" and isinstance(old, list) and old:
            new = old * draw(st.integers(2, 40))
        elif kind == "shuffle":
            new = _shuffled(old, draw(st.randoms(use_true_random=False)))
        else:
            new = draw(st.sampled_from(NASTY))
        document = _replaced(document, path, new)
    return document


@st.composite
def serialized(draw: st.DrawFn, document: Any) -> bytes:
    """The document as JSON, block YAML or flow YAML, sometimes damaged as text."""
    form = draw(st.sampled_from(["json", "yaml", "flow"]))
    if form == "json":
        text = json.dumps(document, ensure_ascii=draw(st.booleans()))
    else:
        try:
            text = yaml.safe_dump(document, allow_unicode=True, default_flow_style=form == "flow", sort_keys=False)
        except yaml.YAMLError:  # PyYAML cannot write a lone surrogate: JSON can
            text = json.dumps(document)
    if draw(st.integers(0, 3)) == 0:
        text = draw(damaged_text(text))
    return text.encode("utf-8", "surrogatepass")


@st.composite
def damaged_text(draw: st.DrawFn, text: str) -> str:
    """Text-level damage: a line repeated (duplicate keys), a value swapped for a YAML oddity, a cut,
    invalid UTF-8, a byte order mark, tabs, control characters."""
    lines = text.splitlines() or [""]
    index = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["repeat", "value", "cut", "insert", "bom", "control"]))
    if kind == "repeat":
        lines.insert(index, lines[index])
    elif kind == "value":
        head, colon, _ = lines[index].partition(": ")
        lines[index] = f"{head}{colon or ': '}{draw(st.sampled_from(TEXT_DAMAGE))}"
    elif kind == "cut":
        return text[: draw(st.integers(0, len(text)))]
    elif kind == "insert":
        lines.insert(index, draw(st.text(max_size=40)))
    elif kind == "bom":
        return "\ufeff" + text
    else:
        lines[index] += draw(st.sampled_from(["\x00", "\x1b[31m", "\t", "\r", "\u2028", "\udcff", "\x85"]))
    return "\n".join(lines) + "\n"


@st.composite
def score_input(draw: st.DrawFn, seeds: Sequence[Any]) -> bytes:
    """One of a game's situations (its scoring cases and worked examples), mutated and serialized:
    mostly wrong, sometimes right."""
    return draw(serialized(draw(mutated_value(draw(st.sampled_from(seeds))))))
