"""A UI catalog (`locales/<lang>/LC_MESSAGES/messages.po`) as every reader of it gets it: pages,
the palette, the calculator, refusals, exports and `rulebook check`.

It is read only from inside the project (a symbolic link as the catalog is refused unread, and so is
a path whose folders lead outside), strictly as a translator's PO file (UTF-8, PO lines, a usable
Plural-Forms: rulebook.i18n.po_file), and judged as msgfmt -c --check-format judges it
(i18n/msgfmt/) and each translation by i18n/catalog_text.py. A
translation with a problem is never used: its msgid (the English) is said instead, so that even a
build that skipped the check cannot print it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog

from rulebook.cache.store import Remembered
from rulebook.cache.store import enabled as cache_enabled
from rulebook.files.disk import inside_project
from rulebook.i18n.catalog_text import message_dangers
from rulebook.i18n.msgfmt import msgfmt_problems
from rulebook.i18n.po_file import Entry, Refused, read_po_file
from rulebook.located.limits import MAX_PO_BYTES
from rulebook.problem_codes import Message
from rulebook.problems import Problem, display_path, excerpt

DOMAIN = "messages"


def catalog_path(root: Path, language: str) -> Path:
    return root / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True, eq=False)  # compared by identity: a cache key for what is made from it
class UiCatalog:
    shown: str  # the path as messages name it
    header: Catalog | None  # Plural-Forms and the other headers; None when the file was refused whole
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def usable(self) -> Iterator[Entry]:
        """The translated entries without a problem, in file order."""
        refused = {problem.line for problem in self.problems}
        for entry in self.entries:
            translated = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if all(translated) and not refused.intersection({entry.line, *entry.string_lines}):
                yield entry


def read_ui_catalog(root: Path, language: str) -> UiCatalog | None:
    """The language's catalog with its problems, or None when the project has none. Read again only
    when the file changed (a long-running `rulebook serve` sees a translator's edit)."""
    path = catalog_path(root, language)
    try:
        stat = path.lstat()
    except OSError:
        return None
    return _read(root, language, (stat.st_ino, stat.st_mtime_ns, stat.st_size))


@lru_cache(maxsize=64)
def _read(root: Path, language: str, _state: tuple[int, int, int]) -> UiCatalog:
    path = catalog_path(root, language)
    shown = display_path(path, root)
    unread = unreadable(path, root)
    if unread:
        return UiCatalog(shown, None, problems=[Problem.coded(shown, 0, 0, unread)])
    digest = _digest(path) if cache_enabled() else None  # RULEBOOK_CACHE=0: judged every time
    judged = _JUDGED.get((shown, digest)) if digest is not None else None
    if judged is None:
        judged = _judged(path, shown)
        if digest is not None and _digest(path) == digest:  # not edited while it was read
            _JUDGED.put((shown, digest), judged)
    return judged


# Catalogs judged in this process, by their name in messages and their bytes, while the persistent
# cache is on: every copy of a project (a test's, a benchmark's) holds the same catalogs, which took
# 85 ms each to read and judge.
_JUDGED: Remembered[UiCatalog] = Remembered(32)


def forget_catalogs() -> None:
    """Forget every catalog this process read: what a new process knows (for tests that stand for one)."""
    _read.cache_clear()
    _JUDGED.clear()


def catalog_digest(root: Path, language: str) -> bytes | None:
    """The SHA-256 of the language's catalog, which is all that its problems depend on, with its name;
    None when there is none, or when it is refused unread (a link, a folder, a file over the bound)."""
    path = catalog_path(root, language)
    return None if unreadable(path, root) is not None else _digest(path)


def _digest(path: Path) -> bytes | None:
    """The SHA-256 of a catalog's bytes; None for one over the size bound (read_po_file refuses it)."""
    try:
        if path.stat().st_size > MAX_PO_BYTES:
            return None
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return None


def _judged(path: Path, shown: str) -> UiCatalog:
    try:
        po = read_po_file(path, shown, forms_counted_later=True)
    except Refused as refused:  # `rulebook check` names a line's first column
        problems = [replace(problem, col=1 if problem.line else 0) for problem in refused.problems]
        return UiCatalog(shown, None, problems=problems)
    problems: list[Problem] = []
    for entry in po.entries:
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        lines = entry.string_lines or (entry.line,) * len(forms)
        for index, (text, line) in enumerate(zip(forms, lines, strict=False)):
            if not text:
                continue  # not translated yet: the English is said
            which = f"msgstr[{index}]" if entry.plural else "msgstr"
            msgid = entry.msgid if isinstance(entry.msgid, str) else entry.msgid[0]
            field = f"{which} of msgid {excerpt(msgid, 40)}"
            problems += [
                Problem.coded(shown, line, 1, danger, field=field) for danger in message_dangers(entry.msgid, text)
            ]
    problems += msgfmt_problems(po, shown, judged_lines={problem.line for problem in problems})
    return UiCatalog(shown, po.catalog, po.entries, problems)


def unreadable(path: Path, root: Path) -> Message | None:
    """Why a file of locales/ must not be opened: a link to /etc/passwd must not have its lines
    quoted into a build log, nor a FIFO hang the build. Any symbolic link as the file itself is
    refused (a translator's file has no reason to be one); a folder on its path may be a link
    that stays inside the project."""
    if path.is_symlink():
        return Message("catalog.symbolic-link")
    if not inside_project(path, root):
        return Message("catalog.outside-project")
    if not path.is_file():
        return Message("catalog.not-a-file")
    return None


def catalog_problems(root: Path, languages: list[str]) -> list[Problem]:
    """Every problem of the project's UI catalogs, for `rulebook check` and the build."""
    problems: list[Problem] = []
    for language in languages:
        catalog = read_ui_catalog(root, language)
        if catalog is not None:
            problems += catalog.problems
    return problems
