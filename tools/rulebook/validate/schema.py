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
    problems = []
    errors = validator(schema_file).iter_errors(document.data)
    for error in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
        problems.extend(_describe(document, error))
    return problems


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
        return [document.problem((*path, key), f"{format_path((*path, key))}: key '{key}' is not allowed "
                                                 f"here ({error.message})", key=True)]
    if error.validator == "oneOf" and error.context:
        # Name the closest alternative rather than jsonschema's "is not valid under any of".
        best = min(error.context, key=lambda e: len(e.absolute_path))
        return [document.problem(path, f"{format_path(path)}: {best.message}")]
    return [document.problem(path, f"{format_path(path)}: {error.message}")]
