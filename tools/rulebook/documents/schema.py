"""JSON Schema validation of documents, with errors located at `file:line:col`.

Types are strict: an integer is never a float (`2.0`) nor a boolean, and a number is finite, so
counts stay whole and `--json` output stays valid JSON. Each problem's code is `schema.<keyword>`
with the params of the contract (`said`); messages are our own words (rulebook/problem_codes/words.py)
around short excerpts of the input: jsonschema's own messages quote whole instances, however large.

A plain schema (words files: strings, objects, patterns, no numbers) is first tried through a
compiled fastjsonschema validator, a hundred times faster; a document it accepts has no problems.
It is never looser than jsonschema here (its patterns' `$` means the very end, and it is used only
for keywords that both treat alike), and whatever it refuses goes through jsonschema, whose
errors are the ones reported.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.cache.codecs import PASSED
from rulebook.cache.store import DiskCache, digest_of

if TYPE_CHECKING:  # jsonschema is imported when a document is first validated: `rulebook score`
    from jsonschema import Draft202012Validator  # of a known situation does without it
    from jsonschema.exceptions import ValidationError
from rulebook.located.document import Document, JsonPath, format_path, parse_document
from rulebook.located.load_error import LoadError
from rulebook.problem_codes import Message
from rulebook.problem_codes.words import GOT, NOT_BOTH, NOT_SEVERAL, WHOLE_NUMBER, YES_NO
from rulebook.problems import Problem, cut, display_path, excerpt


def _is_integer(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def _is_number(_checker: Any, instance: Any) -> bool:
    return _is_integer(_checker, instance) or (isinstance(instance, float) and math.isfinite(instance))


@cache
def _strict_validator_class() -> type[Draft202012Validator]:
    from jsonschema import Draft202012Validator, validators

    return validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many({"integer": _is_integer, "number": _is_number}),
    )


@cache
def validator(schema_file: Path) -> Draft202012Validator:
    raw = schema_file.read_bytes()
    schema = _schema_json(raw)
    # Checking a schema against the meta-schema takes longer than most validations: a schema that
    # passed once is remembered on disk by its bytes (rulebook score runs once per call).
    checked = DiskCache(_project_of(schema_file), "schemas", PASSED)
    key = digest_of(["meta-schema", raw])
    if checked.get(key) is None:
        _check_schema(raw)
        checked.put(key, True)
    return _strict_validator_class()(schema)


@cache
def _check_schema(raw: bytes) -> None:
    """The schema checked against Draft 2020-12's meta-schema, as Draft202012Validator does; once a
    process for the same bytes (the same schemas in each copy of a project: 1,058 checks of 12
    schemas in `make test-fast`). A schema that fails raises each time: an exception is not cached."""
    _strict_validator_class().check_schema(_schema_json(raw))


def _schema_json(raw: bytes) -> Any:
    """The schema's JSON, refusing a key given twice: json.loads would keep the last one silently,
    and a keyword added above its twin would change nothing while it seemed to."""

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in pairs]
        for key in keys:
            if keys.count(key) > 1:
                raise ValueError(f"duplicate key {key!r}")
        return dict(pairs)

    return json.loads(raw, object_pairs_hook=unique)


def _project_of(schema_file: Path) -> Path:
    """The project whose cache remembers the schema: schemas/ holds the toolkit's kinds of file,
    rules/<game>/ a game's input schema."""
    for folder in schema_file.parents:
        if (folder / "rules" / "project.yaml").is_file():
            return folder
    return schema_file.parent.parent


# Keywords that fastjsonschema checks as jsonschema does, or more strictly. Numbers stay out: our
# integers refuse 2.0 and our numbers refuse NaN, which fastjsonschema accepts.
_FAST_KEYWORDS = frozenset(
    {"$schema", "$id", "title", "description", "type", "properties", "additionalProperties", "required"}
    | {"propertyNames", "pattern", "minLength", "maxLength", "enum", "items", "minItems", "maxItems"}
)
_FAST_TYPES = frozenset({"object", "array", "string", "boolean", "null"})


def _is_plain(schema: Any) -> bool:
    """True when every part of the schema uses only what the fast path treats as jsonschema does."""
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict) or not _FAST_KEYWORDS.issuperset(schema):
        return False
    for keyword, value in schema.items():
        if keyword == "properties" and not (isinstance(value, dict) and all(map(_is_plain, value.values()))):
            return False
        if keyword in ("additionalProperties", "items", "propertyNames") and not _is_plain(value):
            return False
        if keyword == "type" and not _FAST_TYPES.issuperset([value] if isinstance(value, str) else value):
            return False
        if keyword == "enum" and not all(isinstance(item, str) for item in value):
            return False  # `True in [1]`: Python's equality is looser than JSON's
        if keyword == "pattern" and "$" in value[:-1]:
            return False  # fastjsonschema rewrites every `$`; only a final one means the end alike
    return True


@cache
def fast_validator(schema_file: Path) -> Callable[[Any], Any] | None:
    """A compiled validator for a plain schema, None for any other."""
    schema = _schema_json(schema_file.read_bytes())
    if not _is_plain(schema):
        return None
    import fastjsonschema

    return fastjsonschema.compile(schema)


def schema_problems(document: Document, schema_file: Path, at: JsonPath = ()) -> list[Problem]:
    """Every schema violation in the document, most specific first, one message each; or, when the
    schema itself is broken (not JSON, not a schema), one problem at the schema's file.

    `at` validates one part of the document alone (a game's `facts`, by its scorer's schema), its
    problems named by their whole path in the file."""
    from jsonschema.exceptions import SchemaError

    try:
        full = validator(schema_file)  # the schema itself is checked, whichever path validates
        fast = fast_validator(schema_file)
    except (OSError, ValueError, RecursionError, SchemaError) as broken:  # JSONDecodeError is a ValueError
        return [_unusable(schema_file, broken)]
    value = document.part(at).data if at else document.data
    if fast is not None:
        from fastjsonschema import JsonSchemaException

        try:
            fast(value)
            return []
        except JsonSchemaException:
            pass  # jsonschema says what is wrong, and decides
    from referencing.exceptions import Unresolvable

    try:  # a `$ref` is followed only when a document reaches it: the meta-schema cannot see it dangle
        errors = list(full.iter_errors(value))
    except Unresolvable as dangling:
        return [_dangling(schema_file, dangling)]
    for error in errors:  # the part's paths from the document's root; nested errors read their parent's
        error.path.extendleft(reversed(at))
    # A value of the wrong type is not also out of bounds: `1e308 is not an integer` says it all.
    mistyped = {tuple(error.absolute_path) for error in errors if error.validator == "type"}
    problems = [
        problem
        for error in errors
        if not (error.validator in _BOUNDS and tuple(error.absolute_path) in mistyped)
        for problem in _describe(document, error)
    ]
    return sorted(set(problems))  # in reading order: by line, then column


def checked_validator(schema_file: Path) -> Draft202012Validator | Problem:
    """The schema's validator, or the problem that makes it unusable, at the schema's file: for a
    schema that validates other schemas (schemas/score-input.schema.json), which no document names."""
    from jsonschema.exceptions import SchemaError

    try:
        return validator(schema_file)
    except (OSError, ValueError, RecursionError, SchemaError) as broken:
        return _unusable(schema_file, broken)


def unresolvable(schema_file: Path, dangling: Exception) -> Problem:
    """A `$ref` of the schema that leads nowhere, found while validating: at the `$ref`'s line."""
    return _dangling(schema_file, dangling)


def _unusable(schema_file: Path, broken: Exception) -> Problem:
    """A damaged schema named at its line, where the JSON reader knows it; a key given twice at the
    line the YAML reader (JSON is YAML) finds it."""
    line, col = (broken.lineno, broken.colno) if isinstance(broken, json.JSONDecodeError) else (1, 1)
    reason = getattr(broken, "msg", None) or getattr(broken, "message", None) or str(broken) or type(broken).__name__
    shown = display_path(schema_file, _project_of(schema_file))
    if str(broken).startswith("duplicate key"):
        try:
            parse_document(schema_file.read_bytes(), shown)
        except LoadError as twice:
            line, col = twice.problems[0].line, twice.problems[0].col
        except OSError:
            pass
    return Problem.coded(shown, line, col, Message("schema.unusable", {}, {"reason": cut(str(reason))}))


def _dangling(schema_file: Path, dangling: Exception) -> Problem:
    """A `$ref` (or `$dynamicRef`) that leads nowhere, named at its first use in the schema. The
    referencing library's error (jsonschema wraps it, keeping it as the cause) names the anchor, the
    JSON pointer or the address that was not found, not the `$ref` as written."""
    cause = dangling.__cause__ or dangling
    anchor, ref = getattr(cause, "anchor", None), str(getattr(cause, "ref", ""))
    wanted = f"#{anchor}" if anchor is not None else f"#{ref}" if ref.startswith("/") else ref
    shown = display_path(schema_file, _project_of(schema_file))
    message = Message("schema.unusable", {}, {"reason": cut(f"$ref {wanted!r} leads nowhere")})
    try:
        schema = parse_document(schema_file.read_bytes(), shown)
    except (OSError, LoadError):
        return Problem.coded(shown, 1, 1, message)
    path = _first_reference(schema.data, wanted, ())
    return schema.problem(path, message) if path is not None else Problem.coded(shown, 1, 1, message)


def _first_reference(value: Any, wanted: str, path: tuple[Any, ...]) -> tuple[Any, ...] | None:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ("$ref", "$dynamicRef") and isinstance(inner, str) and inner.endswith(wanted):
                return (*path, key)
            found = _first_reference(inner, wanted, (*path, key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found = _first_reference(inner, wanted, (*path, index))
            if found is not None:
                return found
    return None


def _describe(document: Document, error: ValidationError) -> list[Problem]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        unknown = [key for key in error.instance if key not in known]
        return [
            document.problem(
                (*path, key),
                Message("schema.additionalProperties", _key_params(key), {"shown": excerpt(key)}),
                key=True,
                field=format_path((*path, key)),
            )
            for key in unknown
        ]
    if "propertyNames" in error.relative_schema_path:
        key = error.instance
        return [
            document.problem(
                (*path, key),
                Message("schema.propertyNames", _key_params(key), {"shown": excerpt(key), "why": str(said(error))}),
                key=True,
                field=format_path((*path, key)),
            )
        ]
    if error.validator in ("oneOf", "anyOf") and error.context:
        # An alternative that failed deeper inside the value names the exact place ("[0] is not a number");
        # best_match descends into the alternatives and stops where they tie.
        from jsonschema.exceptions import best_match

        closest = best_match([error])
        if closest is not error and len(closest.absolute_path) > len(path):
            return _describe(document, closest)
    return [document.problem(path, said(error), field=format_path(path))]


def _key_params(key: Any) -> dict[str, Any]:
    return {"key": cut(key) if isinstance(key, str) else key}


# Words YAML 1.1 took for booleans; the project reads YAML 1.2, where they are words (located/document.py).
_YAML_11_BOOLEANS = frozenset({"yes", "no", "on", "off", "y", "n"})
# The keywords whose problems have a code of their own, `schema.<keyword>`; any other is `schema.other`.
_CODED = frozenset({"type", "enum", "const", "required", "pattern", "uniqueItems", "oneOf", "anyOf"})


def said(error: ValidationError) -> Message:
    """What is wrong with the value: its code and params (the contract shared with calculator.js:
    numbers and booleans from the input, never its strings, which are hostile and unbounded), and
    at most a short excerpt of the value for the words."""
    keyword, expected, instance = error.validator, error.validator_value, error.instance
    shown = {"value": excerpt(instance)}
    if keyword in _BOUNDS:
        return Message(f"schema.{keyword}", {"limit": expected, "value": instance})
    if keyword in _SIZES:
        return Message(f"schema.{keyword}", {"limit": expected, "count": len(instance)})
    if keyword == "type":
        hint = ""
        if expected == "integer" and isinstance(instance, float):
            hint = WHOLE_NUMBER
        elif expected == "boolean" and str(instance).lower() in _YAML_11_BOOLEANS:
            hint = YES_NO
        return Message("schema.type", {"expected": expected}, shown | {"hint": hint})
    if keyword in ("enum", "const"):
        return Message(f"schema.{keyword}", {"expected": expected}, shown)
    if keyword == "required":
        # jsonschema reports each missing key apart, in the same words: all of them are named once.
        return Message("schema.required", {"missing": [name for name in expected if name not in instance]})
    if keyword == "pattern":
        return Message("schema.pattern", {"pattern": expected}, shown)
    if keyword in ("oneOf", "anyOf"):
        alternatives = {"alternatives": [_kind(alternative) for alternative in expected]}
        if keyword == "oneOf" and not error.context:  # valid under more than one alternative
            several = NOT_BOTH if len(expected) == 2 else NOT_SEVERAL
            return Message("schema.oneOf", alternatives, {"got": several, **shown})
        return Message(f"schema.{keyword}", alternatives, {"got": GOT, **shown})
    if keyword in _CODED:
        return Message(f"schema.{keyword}", {})
    return Message("schema.other", {"keyword": keyword}, shown)


_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_SIZES = frozenset({"minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength"})


def _kind(schema: dict) -> str:
    """'a number', 'a list of numbers': a schema alternative in words; its title when it has one."""
    if "title" in schema:
        return schema["title"]
    kind = schema.get("type", "value")
    if kind == "array":
        return f"a list of {schema.get('items', {}).get('type', 'value')}s"
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"
