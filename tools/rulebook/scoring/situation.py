"""Scoring a situation document: schema first, then the game's own refusals, as located problems.

Shared by `rulebook score` and by the worked examples, so both refuse the same things the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulebook.cache.codecs import PROBLEMS, encode_document
from rulebook.cache.store import DiskCache, digest_of
from rulebook.documents.schema import schema_problems
from rulebook.files.scorers import input_schema, scorer
from rulebook.located.document import Document, format_path
from rulebook.problem_codes import Message
from rulebook.problems import Problem
from rulebook.problems import Refused as Refusal  # the toolkit's; Refused here is the game scorer's
from rulebook.scoring.outcome import JsonPath, Outcome, Reason, Refused


class Invalid(Refusal):
    """The situation cannot be scored; `problems` say where and why, in English. A refusal by the
    game's rules also keeps its `reasons`, which a page says in its own language. `meanings` are
    the problems as data, one each: {"code", "path", "params"} (`rulebook score --json`, and what
    the browser's scorer gives)."""

    def __init__(
        self,
        problems: list[Problem],
        reasons: list[tuple[JsonPath, Reason | str]] | None = None,
        meanings: list[dict[str, Any]] | None = None,
    ):
        super().__init__(problems)
        self.reasons = reasons or []
        self.meanings = meanings if meanings is not None else [problem_meaning(problem) for problem in problems]

    def __str__(self) -> str:
        return "; ".join(map(str, self.problems))


# The refusals of a document that is no situation at all, before its schema is read (their words
# are registered in rulebook/problem_codes/site_words.py).
EMPTY = "score.empty-document"
NOT_A_MAPPING = "score.not-a-mapping"


def problem_meaning(problem: Problem) -> dict[str, Any]:
    """A problem as data: its code, the path of its field and its params (a schema problem carries
    them: rulebook.documents.schema)."""
    path = getattr(problem, "path", None)
    return {
        "code": getattr(problem, "code", ""),
        "path": list(path) if path is not None else [],
        "params": dict(getattr(problem, "params", {})),
    }


def reason_meaning(path: JsonPath, reason: Reason | str) -> dict[str, Any]:
    """A game's refusal as data; a plain string (a scorer that gives no Reason) has no code."""
    if isinstance(reason, Reason):
        return {"code": reason.code, "path": list(path), "params": dict(reason.params)}
    return {"code": "", "path": list(path), "params": {}}


def _refusal(document: Document, path: JsonPath, reason: Reason | str, say: Callable[[Reason | str], str]) -> Problem:
    """A game's refusal as a problem with the game's own code (its REFUSALS, rules/<game>/scoring.py)."""
    meaning = reason_meaning(path, reason)
    return document.problem(path, f"{format_path(path)}: {say(reason)}", code=meaning["code"], params=meaning["params"])


def _schema_problems(document: Document, schema: Path, root: Path) -> list[Problem]:
    """The situation's schema problems, remembered on disk by the digest of the schema and of the
    document with its positions: a worked example scored before (`rulebook score --example`) is not
    validated again, and jsonschema is not even imported. Only examples are remembered: a referee's
    situations are new each time, and the tests' generated ones would fill the cache for nothing."""
    try:
        material = [schema.read_bytes(), json.dumps(encode_document(document))]
    except (OSError, ValueError, RecursionError):  # a number too long to write
        return schema_problems(document, schema)
    known = DiskCache(root, "situations", PROBLEMS)
    key = digest_of(["situation", *material])
    found = known.get(key)
    if found is None:
        found = schema_problems(document, schema)
        known.put(key, found)
    return found


def score_situation(
    document: Document,
    game_id: str,
    facts: dict[str, Any],
    root: Path,
    say: Callable[[Reason | str], str] = str,
    remember: bool = False,
) -> Outcome:
    """The situation's outcome, or Invalid; `say` words the game's refusals (rulebook.i18n.refusals);
    `remember` keeps its schema check in the persistent cache (a worked example)."""
    if document.data is None:
        raise Invalid([document.problem((), Message(EMPTY))])
    if not isinstance(document.data, dict):
        raise Invalid([document.problem((), Message(NOT_A_MAPPING))])
    schema = input_schema(root, game_id)
    problems = _schema_problems(document, schema, root) if remember else schema_problems(document, schema)
    if problems:
        raise Invalid(problems)
    try:
        return scorer(root, game_id).evaluate(document.data, facts)
    except Refused as refused:
        raise Invalid(
            [_refusal(document, path, reason, say) for path, reason in refused.problems],
            refused.problems,
            [reason_meaning(path, reason) for path, reason in refused.problems],
        ) from None
