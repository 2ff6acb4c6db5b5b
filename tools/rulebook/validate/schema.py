"""JSON Schema validation of documents, with errors located at `file:line:col`."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from rulebook.load.document import Document, format_path
from rulebook.problems import Problem


@cache
def validator(schema_file: Path) -> Draft202012Validator:
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(document: Document, schema_file: Path) -> list[Problem]:
    """Every schema violation in the document, most specific first, one message each."""
    problems = [
        problem for error in validator(schema_file).iter_errors(document.data) for problem in _describe(document, error)
    ]
    return sorted(problems)  # in reading order: by line, then column


def _describe(document: Document, error: ValidationError) -> list[Problem]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        unknown = [key for key in error.instance if key not in known]
        return [
            document.problem((*path, key), f"{format_path((*path, key))}: unknown key '{key}'", key=True)
            for key in unknown
        ]
    if "propertyNames" in error.relative_schema_path:
        key = error.instance
        return [
            document.problem(
                (*path, key),
                f"{format_path((*path, key))}: key '{key}' is not allowed here ({error.message})",
                key=True,
            )
        ]
    if error.validator == "oneOf" and error.context:
        # An alternative that failed deeper inside the value names the exact place ("[0] is not a number").
        deepest = max(error.context, key=lambda e: len(e.absolute_path))
        if len(deepest.absolute_path) > len(path):
            return _describe(document, deepest)
        expected = ", ".join(_kind(alternative) for alternative in error.validator_value)
        expected = " or ".join(expected.rsplit(", ", 1))
        return [document.problem(path, f"{format_path(path)}: {error.instance!r} is not {expected}")]
    return [document.problem(path, f"{format_path(path)}: {error.message}")]


def _kind(schema: dict) -> str:
    """'a number', 'a list of numbers': a schema alternative in words."""
    kind = schema.get("type", "value")
    if kind == "array":
        return f"a list of {schema.get('items', {}).get('type', 'value')}s"
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"
