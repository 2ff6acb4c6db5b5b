"""Hypothesis strategies: plausible `rulebook score` situations per game, and mutations of any
document (types, bounds, nesting, unicode, key order, duplicates), serialized as YAML or JSON and
then, sometimes, damaged as text.

hypothesis-jsonschema cannot generate from our schemas with the pinned Hypothesis (its 0.23.1
calls an internal API that Hypothesis no longer has), so the plausible documents are written here,
inside the schemas' bounds, and the mutations take them out of bounds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import yaml
from hypothesis import strategies as st

NAMES = st.one_of(
    st.sampled_from(["Ann", "Bob", "Cy", "Dana", "Émile", "Žofie"]),
    st.text(min_size=1, max_size=12),
)

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


@st.composite
def rebus_situation(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.booleans()):
        players = draw(
            st.dictionaries(
                NAMES,
                st.fixed_dictionaries({"score": st.integers(0, 300), "tiles_left": st.integers(0, 9)}),
                min_size=1,
                max_size=5,
            )
        )
        return {"final": players}
    placed = draw(st.integers(1, 9))
    rebus = st.fixed_dictionaries(
        {"tiles": st.integers(1, 15)},
        optional={"new_bonus": st.lists(st.sampled_from(["blue", "red", "center"]), max_size=3)},
    )
    return {"turn": {"rebuses": draw(st.lists(rebus, min_size=1, max_size=4)), "tiles_placed": placed}}


@st.composite
def shelf_points(draw: st.DrawFn, limit: int = 13) -> list[int]:
    """Cards as played on one shelf: the sum stays between 0 and the limit after every card."""
    points, total = [], 0
    for _ in range(draw(st.integers(0, 4))):
        point = draw(st.integers(-total, limit - total))
        points.append(point)
        total += point
    return points


@st.composite
def rebis_situation(draw: st.DrawFn, min_players: int = 1, legal: bool = False) -> dict[str, Any]:
    """`legal`: only shelves the rules allow, and no red token placement (which is often refused)."""
    points = shelf_points() if legal else st.one_of(shelf_points(), st.lists(st.integers(-6, 13), max_size=4))
    shelf = st.fixed_dictionaries(
        {"points": points},
        optional={
            "face_down": st.integers(0, 1),
            "tokens": st.lists(st.sampled_from(["golden-dust", "gold"]), max_size=3),
        },
    )
    player = st.fixed_dictionaries({"hand": st.integers(0, 6), "shelves": st.lists(shelf, max_size=3)})
    players = draw(st.dictionaries(NAMES, player, min_size=min_players, max_size=4))
    document: dict[str, Any] = {"players": players}
    if draw(st.booleans()):
        multiplier = st.integers(0, 3)
        document["token_values"] = draw(
            st.fixed_dictionaries({}, optional={"golden-dust": multiplier, "gold": multiplier, "red": multiplier})
        )
    if not legal and draw(st.booleans()):
        who = draw(st.one_of(st.sampled_from(sorted(players)), NAMES))
        document["red_token_shelf"] = {"player": who, "shelf": draw(st.integers(1, 3))}
    return document


@st.composite
def oh_my_word_situation(draw: st.DrawFn) -> dict[str, Any]:
    tokens = st.lists(st.sampled_from([1, 2, 3]), max_size=9)
    document: dict[str, Any] = {"players": draw(st.dictionaries(NAMES, tokens, min_size=1, max_size=5))}
    if draw(st.booleans()):
        document["variant"] = draw(st.sampled_from(["standard", "simple"]))
    return document


SITUATIONS = {"rebus": rebus_situation(), "rebis": rebis_situation(), "oh-my-word": oh_my_word_situation()}


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
