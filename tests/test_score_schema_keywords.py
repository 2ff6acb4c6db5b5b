"""A game's score.schema.json uses only the keywords the page's calculator checks (issue 50): the
shared validator in website/theme/assets/javascripts/calculator.js passes over any other, so the page
would score what `rulebook score` refuses. `rulebook check` refuses such a keyword at its line and
field path (score.schema-keyword); schemas/score-input.schema.json lists the ones it implements."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT, run_cli
from rulebook.located.document import parse_document
from rulebook.validate.score_schema import META_SCHEMA, unchecked_keywords

THEME_SCRIPT = ROOT / "tools" / "rulebook" / "website" / "theme" / "assets" / "javascripts" / "calculator.js"
# What the calculator's `validate` reads, counted by hand from it; the rest are words for people.
IMPLEMENTED = {
    "$ref", "type", "enum", "const", "minItems", "maxItems", "minProperties", "maxProperties", "minLength",
    "maxLength", "required", "properties", "additionalProperties", "propertyNames", "items", "oneOf",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
}  # fmt: skip
ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "examples", "default", "$defs"}


def _meta() -> dict:
    return json.loads((ROOT / META_SCHEMA).read_text(encoding="utf-8"))


def _validator() -> Draft202012Validator:
    return Draft202012Validator(_meta())


def test_the_meta_schema_allows_what_the_calculator_implements_and_no_more() -> None:
    allowed = set(_meta()["$defs"]["schema"]["properties"])
    assert allowed == IMPLEMENTED | ANNOTATIONS
    script = THEME_SCRIPT.read_text(encoding="utf-8")
    for keyword in IMPLEMENTED:  # each is read by the validator, by name
        assert re.search(rf'(keyword === "{re.escape(keyword)}"|\b{re.escape(keyword)}: )', script), keyword


@pytest.mark.parametrize("schema", sorted(ROOT.glob("rules/*/score.schema.json")), ids=lambda path: path.parent.name)
def test_every_game_schema_keeps_to_the_calculator_keywords(schema: Path) -> None:
    document = parse_document(schema.read_bytes(), schema.name)
    assert unchecked_keywords(document, _validator()) == []


def _problems(text: str) -> list[tuple[int, int, str, str]]:
    document = parse_document(text.encode("utf-8"), "score.schema.json")
    return [
        (problem.line, problem.col, problem.code, problem.message)
        for problem in unchecked_keywords(document, _validator())
    ]


def test_a_pattern_is_refused_at_its_key_with_its_path() -> None:
    text = '{\n  "type": "object",\n  "properties": {\n    "name": {"type": "string", "pattern": "^a"}\n  }\n}\n'
    ((line, col, code, message),) = _problems(text)
    assert (line, col, code) == (4, 32, "score.schema-keyword")  # the key "pattern" starts at column 32
    assert message.startswith("properties.name.pattern: the page's calculator does not check 'pattern' here")


def test_shapes_the_calculator_cannot_read_are_refused_too() -> None:
    # A list in an enum (compared with ===), a tuple of items, a $ref to another file, a pattern in a
    # schema under additionalProperties (an anyOf of the meta-schema), and a property named "pattern",
    # which is a name and no keyword.
    text = json.dumps(
        {
            "properties": {
                "a": {"enum": [[1]]},
                "b": {"items": [{"type": "integer"}]},
                "c": {"$ref": "other.json#/x"},
                "d": {"additionalProperties": {"pattern": "x"}},
                "pattern": {"type": "string"},
            }
        },
        indent=1,
    )
    fields = sorted(message.split(": ", 1)[0] for _line, _col, _code, message in _problems(text))
    assert fields == [
        "properties.a.enum[0]",
        "properties.b.items",
        "properties.c['$ref']",
        "properties.d.additionalProperties.pattern",
    ]


def test_check_refuses_an_unchecked_keyword_in_a_game(small_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    schema = small_project / "rules" / "alpha" / "score.schema.json"
    text = schema.read_text(encoding="utf-8")
    assert text.count('"minimum": 0') == 1
    schema.write_text(text.replace('"minimum": 0', '"minimum": 0, "multipleOf": 2'), encoding="utf-8")
    code, out, _err = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1
    found = [problem for problem in json.loads(out)["problems"] if problem["code"] == "score.schema-keyword"]
    assert [(problem["file"], problem["path"]) for problem in found] == [
        ("rules/alpha/score.schema.json", ["properties", "players", "additionalProperties", "items", "multipleOf"])
    ]


@pytest.mark.parametrize(
    ("meta", "reason"),
    [
        ("null", "None is not of type 'object', 'boolean'"),  # found by make fuzz: exit 3
        ('{"$ref": "#/$defs/nowhere"}', "leads nowhere"),
    ],
    ids=["null", "dangling $ref"],
)
def test_a_damaged_meta_schema_is_said_at_its_file(small_project: Path, capsys, meta: str, reason: str) -> None:
    (small_project / META_SCHEMA).write_text(meta, encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1, err
    found = [problem for problem in json.loads(out)["problems"] if problem["file"] == META_SCHEMA.as_posix()]
    assert found and {problem["code"] for problem in found} == {"schema.unusable"}, found
    assert reason in found[0]["message"], found
