"""Reading one file of the project: parsed and schema-checked, remembered by file state in this
process and by content digest on disk (rulebook.cache.store), and read on every core for many files.

Kept apart from the content model, so that `rulebook score` reads a game's file without it.
"""

from __future__ import annotations

import os
from pathlib import Path

from rulebook.cache.codecs import READ
from rulebook.cache.store import DiskCache, Remembered, digest_of, file_digest
from rulebook.documents.garbage import frozen_for_fork
from rulebook.documents.schema import schema_problems
from rulebook.files.disk import inside_project, outside_project
from rulebook.located.document import Document, parse_bounded, read_document
from rulebook.located.limits import MAX_YAML_BYTES, limit_problems, read_bounded
from rulebook.located.load_error import LoadError
from rulebook.problems import Problem, display_path

__all__ = ["GLOSSARY_FILE", "PROJECT_FILE", "SEARCH_WORDS_FILE", "TERMS_FILE", "Reader", "read_checked"]

PROJECT_FILE = Path("rules/project.yaml")
GLOSSARY_FILE = Path("glossary/symbols.yaml")
TERMS_FILE = Path("glossary/terms.yaml")
SEARCH_WORDS_FILE = Path("rules/search-words.yaml")


# Parsed and schema-checked documents of this process, by file state. `mkdocs serve` checks the
# whole project again after every edit; an unchanged file is then neither parsed nor validated again.
_READ_CACHE: dict[tuple, tuple[Document | None, list[Problem]]] = {}
_READ_CACHE_LIMIT = 50_000


# The same, by content: every copy of a project (a test's, a benchmark size's) holds the same files,
# and decoding a document from the disk cache took 11 ms a load for the 27 files of the content.
# Documents are never changed once read, so copies may share them as one path's readers do.
_BY_CONTENT: Remembered[tuple[Document | None, list[Problem]]] = Remembered(4_096)


def _state(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


# Above this many files, `rulebook check` parses and validates them on every core first.
PARALLEL_FROM = 200


def _key(root: Path, path: Path, schema_file: Path) -> tuple | None:
    try:
        return (str(root), str(path), *_state(path), str(schema_file), *_state(schema_file))
    except OSError:
        return None


def _read_fresh(root: Path, path: Path, schema_file: Path) -> tuple[Document | None, list[Problem]]:
    """Parse and schema-check one file: the expensive part of loading, and independent per file.
    The result is kept on disk by the digest of the file and its schema, for the next process.

    A file over the size bound is refused unparsed, and one with a string over the text bounds
    is left out like a file the schema refuses: nothing renders that string, or even reads it."""
    display = display_path(path, root)
    try:
        raw = read_bounded(path, MAX_YAML_BYTES, display)
    except OSError:
        raw = None
    except LoadError as error:
        return None, error.problems
    disk = DiskCache(root, "documents", READ)
    key = digest_of([display, raw or b"", file_digest(schema_file)]) if raw is not None else None
    if key is not None and disk.secret is not None:
        remembered = _BY_CONTENT.get(key)
        if remembered is not None:
            if not disk.holds(key):  # another copy of the file: its project's cache is filled as ever
                disk.put(key, remembered)
            return remembered
        remembered = disk.get(key)
        if remembered is not None:
            _BY_CONTENT.put(key, remembered)
            return remembered
    try:
        if raw is None:
            document = read_document(path, display)
            over = limit_problems(document)
        else:
            document, over = parse_bounded(raw, display)  # the same problems as limit_problems
        found = over or schema_problems(document, schema_file)
        result = (None if found else document), found
    except LoadError as error:  # kept too: a file that cannot be parsed replaces a bad entry
        result = None, error.problems
    if key is not None and disk.secret is not None:
        disk.put(key, result)
        _BY_CONTENT.put(key, result)
    return result


class Reader:
    def __init__(self, root: Path):
        self.root = root
        self.problems: list[Problem] = []

    def read(self, path: Path, schema: str) -> Document | None:
        if not inside_project(path, self.root):
            self.problems.append(outside_project(display_path(path, self.root)))
            return None
        schema_file = self.root / "schemas" / schema
        key = _key(self.root, path, schema_file)
        if key is not None and key in _READ_CACHE:
            document, found = _READ_CACHE[key]
        else:
            document, found = _read_fresh(self.root, path, schema_file)
            if key is not None:
                if len(_READ_CACHE) >= _READ_CACHE_LIMIT:
                    _READ_CACHE.clear()
                _READ_CACHE[key] = (document, found)
        self.problems.extend(found)
        return document

    def prefetch(self, jobs: list[tuple[Path, str]]) -> None:
        """Read many files on every core at once, into the cache that `read` then finds them in.
        Only for a single-threaded process such as the `rulebook` command: it forks."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        wanted = [(path, self.root / "schemas" / schema) for path, schema in jobs]
        keys = [_key(self.root, path, schema_file) for path, schema_file in wanted]
        todo = [(job, key) for job, key in zip(wanted, keys, strict=True) if key is not None and key not in _READ_CACHE]
        workers = os.cpu_count() or 1
        if len(todo) < PARALLEL_FROM or workers < 2:
            return
        with frozen_for_fork(), ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            results = pool.map(_read_job, [(self.root, *job) for job, _ in todo], chunksize=16)
            for (_, key), result in zip(todo, results, strict=True):
                _READ_CACHE[key] = result


def read_checked(root: Path, path: Path, schema: str) -> tuple[Document | None, list[Problem]]:
    """One file, parsed and schema-checked (None and its problems when it fails); remembered by
    file state like every file of the project, so a long-running process reads it once."""
    reader = Reader(root)
    document = reader.read(path, schema)
    return document, reader.problems


def _read_job(job: tuple[Path, Path, Path]) -> tuple[Document | None, list[Problem]]:
    return _read_fresh(*job)
