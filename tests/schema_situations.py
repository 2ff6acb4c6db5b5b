"""Hypothesis strategies for any game's situations, drawn from its input schema
(rules/<game>/score.schema.json) and its scoring cases, so that the property and differential tests
reach a new game as `rulebook new game` writes it, with no strategy written for it.

A game's schema holds only the keywords the page's calculator checks (schemas/score-input.schema.json,
`rulebook check` refuses any other), so this reads those alone. Each leaf ranges a step past the
schema's bounds, in half the documents drawn (an integer one below its minimum and one above its
maximum, a word that is none of an enum's, a list one item longer than allowed, up to a small size,
and a fifth of the leaves values of another type); the other half keep within it. Names are the
ones that have broken quoting, positions or ordering somewhere. The scoring cases and worked
examples (tests/scoring_cases.py) come in whole: they reach every refusal of the rules, which
random numbers seldom do.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import strategies as st

from conftest import ROOT
from rulebook.files.scorers import input_schema
from scoring_cases import game_cases

NAMES = [
    "Ann",
    "Bob",
    "Cy",
    "Émile",
    "Žofie",
    "Zoé's",
    'say "hi"',
    "Ann Lee",
    "42",
    "7",
    "__proto__",
    "a.b-c",
    "🎲 dice",
    "x" * 81,
    "",
    "ok\n",
    "tab\there",
    "\u202eevil",
    "\u2028line",
    "é" * 50,
]
ODD: list[Any] = [None, True, 1.5, -2.5, 1e-05, "3", "", [], {}, [1], {"x": 1}, 1_000_001, -1, 10**30, float("nan")]
MOST_ITEMS = 6  # lists and maps stay small: what a referee types, and fast to score thousands of
MOST_DEPTH = 12  # no game's schema nests deeper; a `$ref` that loops stops here


@cache
def game_schema(game: str) -> dict[str, Any]:
    return json.loads(input_schema(ROOT, game).read_text(encoding="utf-8"))


def _resolved(schema: Any, root: dict[str, Any]) -> Any:
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#/"):
        target: Any = root
        for step in schema["$ref"][2:].split("/"):
            target = target[step.replace("~1", "/").replace("~0", "~")]
        schema = {**target, **{key: value for key, value in schema.items() if key != "$ref"}}
    return schema


def _leaf(strategy: st.SearchStrategy, lax: bool) -> st.SearchStrategy:
    """The strategy's values; in a lax document, now and then a value of the wrong type or far out
    of bounds."""
    return st.one_of(*[strategy] * 4, st.sampled_from(ODD)) if lax else strategy


def _integers(schema: dict[str, Any], lax: bool) -> st.SearchStrategy:
    """Within the bounds; in a lax document, one step past either now and then."""
    low = int(schema.get("minimum", schema.get("exclusiveMinimum", -1_000)))
    high = int(schema.get("maximum", schema.get("exclusiveMaximum", 1_000)))
    low, high = (low + 1 if "exclusiveMinimum" in schema else low), (high - 1 if "exclusiveMaximum" in schema else high)
    within = st.integers(low, high)
    return st.one_of(within, within, within, st.sampled_from([low - 1, high + 1])) if lax else within


def _strings(schema: dict[str, Any], lax: bool) -> st.SearchStrategy:
    shortest, longest = schema.get("minLength", 0), schema.get("maxLength", 80)
    if lax:
        shortest, longest = max(shortest - 1, 0), longest + 1
    fitting = [name for name in NAMES if shortest <= len(name) <= longest]
    return st.one_of(st.sampled_from(fitting), st.text(min_size=shortest, max_size=min(longest, 100)))


def _sizes(schema: dict[str, Any], low: str, high: str, lax: bool) -> tuple[int, int]:
    shortest = schema.get(low, 0)
    most = min(schema.get(high, MOST_ITEMS), MOST_ITEMS)
    if lax:
        shortest, most = max(shortest - 1, 0), most + 1
    return shortest, max(most, shortest)


def _object(schema: dict[str, Any], root: dict[str, Any], depth: int, lax: bool) -> st.SearchStrategy:
    properties = schema.get("properties", {})
    required = [key for key in schema.get("required", []) if key in properties]
    fixed = st.fixed_dictionaries(
        {key: from_schema(properties[key], root, depth + 1, lax) for key in required},
        optional={
            key: from_schema(value, root, depth + 1, lax) for key, value in properties.items() if key not in required
        },
    )
    more = schema.get("additionalProperties", True)
    if not isinstance(more, dict):
        return fixed
    names = _strings(_resolved(schema.get("propertyNames", {}), root), lax)
    shortest, most = _sizes(schema, "minProperties", "maxProperties", lax)
    extra = st.dictionaries(names, from_schema(more, root, depth + 1, lax), min_size=shortest, max_size=most)
    return st.builds(lambda named, others: {**others, **named}, fixed, extra)


def _joined(base: dict[str, Any], alternative: Any, alternatives: list[Any], lax: bool) -> dict[str, Any]:
    """One alternative of a `oneOf` with the keywords beside it. Within bounds, without the keys the
    other alternatives require: a document that met two would meet no `oneOf`."""
    alternative = alternative if isinstance(alternative, dict) else {}
    required = [*base.get("required", []), *alternative.get("required", [])]
    joined = {**base, **alternative, **({"required": required} if required else {})}
    if not lax and isinstance(joined.get("properties"), dict):
        others = {key for other in alternatives if isinstance(other, dict) for key in other.get("required", [])}
        left_out = others - set(required)
        joined["properties"] = {key: value for key, value in joined["properties"].items() if key not in left_out}
    return joined


def from_schema(schema: Any, root: dict[str, Any], depth: int = 0, lax: bool = False) -> st.SearchStrategy:
    """Documents of the schema's form; lax, a step past it too."""
    schema = _resolved(schema, root)
    if not isinstance(schema, dict) or depth > MOST_DEPTH:
        return st.sampled_from(ODD)
    if "const" in schema:
        return _leaf(st.just(schema["const"]), lax)
    if "enum" in schema:
        return _leaf(st.sampled_from([*schema["enum"], *(["none of these"] if lax else [])]), lax)
    if "oneOf" in schema:  # each alternative with the keywords beside it (often `required` alone)
        base = {key: value for key, value in schema.items() if key != "oneOf"}
        alternatives = [_joined(base, alternative, schema["oneOf"], lax) for alternative in schema["oneOf"]]
        return st.one_of([from_schema(alternative, root, depth + 1, lax) for alternative in alternatives])
    kinds = schema.get("type", ["object", "array", "integer", "string"])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    found = []
    for kind in kinds:
        if kind == "object":
            found.append(_object(schema, root, depth, lax))
        elif kind == "array":
            shortest, most = _sizes(schema, "minItems", "maxItems", lax)
            items = from_schema(schema.get("items", {}), root, depth + 1, lax)
            found.append(st.lists(items, min_size=shortest, max_size=most))
        elif kind == "integer":
            found.append(_leaf(_integers(schema, lax), lax))
        elif kind == "number":
            found.append(_leaf(st.one_of(_integers(schema, lax), st.floats(-1e6, 1e6)), lax))
        elif kind == "string":
            found.append(_leaf(_strings(schema, lax), lax))
        elif kind == "boolean":
            found.append(_leaf(st.booleans(), lax))
        elif kind == "null":
            found.append(st.none())
    return st.one_of(found) if found else st.sampled_from(ODD)


def situations(game: str) -> st.SearchStrategy:
    """The game's situations: its cases and worked examples whole, or drawn from its schema, within
    its bounds or a step past them."""
    schema = game_schema(game)
    cases = [case.situation for case in game_cases(game)]
    drawn = st.one_of(from_schema(schema, schema), from_schema(schema, schema, lax=True))
    return st.one_of(st.sampled_from(cases), drawn, drawn) if cases else drawn
