"""A game's facts checked against its scorer's own schema (rules/<scorer>/facts.schema.json): the
numbers a scorer computes with are whole, and within the bounds its rules allow, before it runs.

game.schema.json says what any fact may be (a number, a text, a list of numbers), and knows no game;
each scorer says which facts it needs and of what kind. A game scored by another game's functions
(`scoring:`) gives that scorer's facts.
"""

from __future__ import annotations

from pathlib import Path

from rulebook.cache.codecs import PROBLEMS
from rulebook.cache.store import DiskCache, digest_of, file_digest
from rulebook.documents.schema import schema_problems
from rulebook.files.disk import inside_project, outside_project
from rulebook.files.scorers import facts_schema
from rulebook.located.document import Document
from rulebook.problems import Problem, display_path

FACTS = ("facts",)


def facts_problems(root: Path, game: Document) -> list[Problem]:
    """Every fact of a schema-checked game.yaml that its scorer's schema refuses, at its line; none
    when the game has no scorer or its scorer states no schema. A schema that is a link out of the
    project is one problem at its path: never read, and its game never scored unchecked."""
    schema_file = facts_schema(root, game.data.get("scoring", game.data["id"]))
    if schema_file is None:
        return []
    if not inside_project(schema_file, root):
        return [outside_project(display_path(schema_file, root))]
    # Remembered on disk by both files' bytes, as the reader remembers a file's own check: so
    # `rulebook score` of an unchanged game neither imports jsonschema nor validates (0.10 s against 0.21 s).
    disk = DiskCache(root, "facts", PROBLEMS)
    key = digest_of(["facts", game.file, file_digest(root / game.file), file_digest(schema_file)])
    remembered = disk.get(key) if disk.secret is not None else None
    if remembered is not None:
        return remembered
    found = schema_problems(game, schema_file, FACTS)
    if disk.secret is not None:
        disk.put(key, found)
    return found
