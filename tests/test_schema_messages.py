"""The schema check's messages, one per kind of violation (issue 17): our own words around a short
excerpt, at the place of the value (or of the key, for a key that is not allowed).

Each case is a small schema and a YAML document that breaks it in one way; the expected line is
worked out from the module's rules: `path: <what is wrong>`, the value quoted as a message quotes it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.documents.schema import schema_problems
from rulebook.located.document import parse_document

NUMBER = {"type": "number"}
INTEGER = {"type": "integer"}


def _reported(tmp_path: Path, schema: dict, yaml: str) -> list[str]:
    schema_file = tmp_path / "schemas" / "case.schema.json"
    schema_file.parent.mkdir(exist_ok=True)
    schema_file.write_text(json.dumps({"type": "object", **schema}), encoding="utf-8")
    return [str(problem) for problem in schema_problems(parse_document(yaml.encode(), "case.yaml"), schema_file)]


CASES = [
    # An unknown key beside a known one: only the unknown one, at the key.
    (
        {"properties": {"known": NUMBER}, "additionalProperties": False},
        "known: 1\nstray: 2\n",
        ["case.yaml:2:1: stray: unknown key 'stray'"],
    ),
    (
        {"propertyNames": {"pattern": "^[a-z]+$"}},
        "ok: 1\nBad: 2\n",
        ["case.yaml:2:1: Bad: key 'Bad' is not allowed here ('Bad' does not match '^[a-z]+$')"],
    ),
    # Only an integer expected and a float given says why: counts are whole.
    (
        {"properties": {"n": INTEGER}},
        "n: 2.5\n",
        ["case.yaml:1:4: n: 2.5 is not of type 'integer' (a count is a whole number)"],
    ),
    ({"properties": {"n": INTEGER}}, "n: two\n", ["case.yaml:1:4: n: 'two' is not of type 'integer'"]),
    ({"properties": {"s": {"type": "string"}}}, "s: 2.5\n", ["case.yaml:1:4: s: 2.5 is not of type 'string'"]),
    ({"properties": {"c": {"enum": ["a", "b"]}}}, "c: x\n", ["case.yaml:1:4: c: 'x' is not one of ['a', 'b']"]),
    ({"properties": {"c": {"const": "a"}}}, "c: x\n", ["case.yaml:1:4: c: 'x' is not 'a'"]),
    (
        {"properties": {"l": {"type": "array", "minItems": 2}}},
        "l: [1]\n",
        ["case.yaml:1:4: l: 1 item, but at least 2"],
    ),
    (
        {"properties": {"w": {"type": "string", "maxLength": 3}}},
        "w: abcde\n",
        ["case.yaml:1:4: w: 5 characters, but at most 3"],
    ),
    # The keys that are missing, each once (jsonschema reports each apart), and not one that is there.
    ({"required": ["a", "b"]}, "a: 1\n", ["case.yaml:1:1: (document): 'b' is required"]),
    ({"required": ["a", "b", "c", "d"]}, "c: 1\n", ["case.yaml:1:1: (document): 'a', 'b' and 'd' are required"]),
    (
        {"properties": {"p": {"type": "string", "pattern": "^[a-z]$"}}},
        "p: X\n",
        ["case.yaml:1:4: p: 'X' does not match '^[a-z]$'"],
    ),
    (
        {"properties": {"u": {"type": "array", "uniqueItems": True}}},
        "u: [1, 1]\n",
        ["case.yaml:1:4: u: has the same item twice"],
    ),
    # Valid under two alternatives of a oneOf, then under three.
    (
        {"properties": {"v": {"oneOf": [NUMBER, INTEGER]}}},
        "v: 1\n",
        ["case.yaml:1:4: v: expected a number or an integer, not both"],
    ),
    (
        {"properties": {"v": {"oneOf": [NUMBER, INTEGER, {"minimum": 0}]}}},
        "v: 1\n",
        ["case.yaml:1:4: v: expected a number, an integer or a value, not several"],
    ),
    # Valid under none: each alternative in words, an array by its items' type, a titled one by its title.
    (
        {"properties": {"v": {"anyOf": [NUMBER, {"type": "array", "items": NUMBER}, {"type": "object"}]}}},
        "v: x\n",
        ["case.yaml:1:4: v: expected a number, a list of numbers or an object; got 'x'"],
    ),
    (
        {
            "properties": {
                "v": {"oneOf": [{"type": "array"}, {"title": "a ruling id", "type": "string", "pattern": "^r"}]}
            }
        },
        "v: 7\n",
        ["case.yaml:1:4: v: expected a list of values or a ruling id; got 7"],
    ),
    (
        {"properties": {"v": {"anyOf": [{"type": "boolean"}, INTEGER]}}},
        "v: x\n",
        ["case.yaml:1:4: v: expected a boolean or an integer; got 'x'"],
    ),
]


@pytest.mark.parametrize(("schema", "yaml", "expected"), CASES, ids=[case[1].strip() for case in CASES])
def test_each_kind_of_violation_is_said_in_words_at_its_place(
    tmp_path: Path, schema: dict, yaml: str, expected: list[str]
) -> None:
    assert _reported(tmp_path, schema, yaml) == expected


def _coded(tmp_path: Path, schema: dict, yaml: str) -> list[tuple[str, tuple, dict]]:
    schema_file = tmp_path / "schemas" / "case.schema.json"
    schema_file.parent.mkdir(exist_ok=True)
    schema_file.write_text(json.dumps({"type": "object", **schema}), encoding="utf-8")
    found = schema_problems(parse_document(yaml.encode(), "case.yaml"), schema_file)
    return [(problem.code, problem.path, dict(problem.params)) for problem in found]


# The contract shared with calculator.js (notes of issue 25): code, path and params, worked out
# from the schema and the document; a string of the input is never a param, but for a key, cut.
CODED = [
    (
        {"properties": {"n": {"type": "integer", "minimum": 2}}},
        "n: 1\n",
        [("schema.minimum", ("n",), {"limit": 2, "value": 1})],
    ),
    (
        {"properties": {"n": {"exclusiveMaximum": 3}}},
        "n: 3.5\n",
        [("schema.exclusiveMaximum", ("n",), {"limit": 3, "value": 3.5})],
    ),
    ({"properties": {"w": {"maxLength": 3}}}, "w: éèêë\n", [("schema.maxLength", ("w",), {"limit": 3, "count": 4})]),
    ({"properties": {"l": {"minItems": 2}}}, "l: [x]\n", [("schema.minItems", ("l",), {"limit": 2, "count": 1})]),
    ({"properties": {"n": INTEGER}}, "n: two\n", [("schema.type", ("n",), {"expected": "integer"})]),
    ({"properties": {"c": {"enum": ["a", "b"]}}}, "c: x\n", [("schema.enum", ("c",), {"expected": ["a", "b"]})]),
    ({"required": ["a", "b", "c"]}, "b: 1\n", [("schema.required", (), {"missing": ["a", "c"]})]),
    ({"properties": {"p": {"pattern": "^x"}}}, "p: y\n", [("schema.pattern", ("p",), {"pattern": "^x"})]),
    ({"properties": {"u": {"uniqueItems": True}}}, "u: [1, 1]\n", [("schema.uniqueItems", ("u",), {})]),
    (
        {"properties": {"v": {"oneOf": [NUMBER, {"type": "string"}]}}},
        "v: [1]\n",
        [("schema.oneOf", ("v",), {"alternatives": ["a number", "a string"]})],
    ),
    (
        {"additionalProperties": False},
        "a: 1\n" + "k" * 100 + ": 2\n",
        [
            ("schema.additionalProperties", ("a",), {"key": "a"}),
            ("schema.additionalProperties", ("k" * 100,), {"key": "k" * 79 + "…"}),
        ],
    ),
    ({"propertyNames": {"maxLength": 2}}, "abc: 1\n", [("schema.propertyNames", ("abc",), {"key": "abc"})]),
    ({"properties": {"m": {"multipleOf": 2}}}, "m: 3\n", [("schema.other", ("m",), {"keyword": "multipleOf"})]),
]


@pytest.mark.parametrize(("schema", "yaml", "expected"), CODED, ids=[case[2][0][0] for case in CODED])
def test_each_violation_has_its_code_path_and_params(tmp_path: Path, schema: dict, yaml: str, expected: list) -> None:
    assert _coded(tmp_path, schema, yaml) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # `,` where a value belongs: line 2, after two spaces, `"type":` and a space.
        ('{\n  "type": ,\n}', "schemas/case.schema.json:2:11: the schema cannot be used: Expecting value"),
        # JSON, but 5 is no type: the meta-schema refuses it, and the file has no line to point at.
        (
            '{"type": 5}',
            "schemas/case.schema.json:1:1: the schema cannot be used: 5 is not valid under any of the given schemas",
        ),
        # A `$ref` to nowhere passes the meta-schema and failed only when a document reached it:
        # `make fuzz` ended `check` in exit 3 on `"$ref": "#maybe"` (an anchor), a pointer and an address.
        (
            '{\n  "properties": {\n    "a": {"$ref": "#maybe"}\n  }\n}',
            "schemas/case.schema.json:3:19: the schema cannot be used: $ref '#maybe' leads nowhere",
        ),
        (
            '{"$defs": {},\n "$ref": "#/$defs/gone"}',
            "schemas/case.schema.json:2:10: the schema cannot be used: $ref '#/$defs/gone' leads nowhere",
        ),
        (
            '{\n"$ref": "https://example.invalid/other.json"}',
            "schemas/case.schema.json:2:9: the schema cannot be used: "
            "$ref 'https://example.invalid/other.json' leads nowhere",
        ),
        # A keyword given twice: JSON readers keep the last silently, so the first seemed to apply.
        (
            '{\n  "type": "object",\n  "type": "string"\n}',
            "schemas/case.schema.json:3:3: the schema cannot be used: duplicate key 'type'",
        ),
    ],
)  # fmt: skip
def test_a_broken_schema_is_one_problem_at_its_file_not_a_crash(tmp_path: Path, text: str, expected: str) -> None:
    """Found by `make fuzz` (issue 48): a damaged score.schema.json ended `check` in exit 3."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "project.yaml").write_text("games: []\n", encoding="utf-8")
    schema_file = tmp_path / "schemas" / "case.schema.json"
    schema_file.parent.mkdir()
    schema_file.write_bytes(text.encode())
    problems = schema_problems(parse_document(b"a: 1\n", "case.yaml"), schema_file)
    assert [str(problem) for problem in problems] == [expected]
    assert problems[0].code == "schema.unusable"
