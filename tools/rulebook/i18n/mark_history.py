"""The `#. synced:` marks a PO file had, found again in its git history.

A file can lose its marks and still be a translator's: msgmerge replaces every `#.` comment with the
template's, and the template has none. The newest committed version of the file that records a
mark for an entry then tells `rulebook i18n sync` which text both sides last agreed on, so that an
author's YAML edit is not reverted to the file's older text.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po

from rulebook.i18n.history import HISTORY_DEPTH, git_output
from rulebook.i18n.po_file import Entry
from rulebook.i18n.sync_mark import synced_hash
from rulebook.located.limits import MAX_PO_BYTES


def synced_bases(root: Path, path: Path, entries: list[Entry]) -> dict[str, str]:
    """msgctxt → the synced hash of each entry: its own mark, or for an entry that lost it (a
    msgmerge run) the mark of the newest committed version of the file that had one."""
    bases = {str(entry.context): mark for entry in entries if (mark := synced_hash(entry.notes)) is not None}
    unmarked = {str(entry.context) for entry in entries if entry.context is not None} - bases.keys()
    return {**marks_in_history(root, path, unmarked), **bases} if unmarked else bases


def marks_in_history(root: Path, path: Path, contexts: set[str]) -> dict[str, str]:
    """msgctxt → the synced hash that the newest committed version of the file with a mark for
    it records; an entry never marked, a file outside the project or a project without git: none."""
    try:
        relative = path.resolve().relative_to(root.resolve()).as_posix()
    except (OSError, ValueError):
        return {}
    found: dict[str, str] = {}
    revisions = git_output(root, "log", "--format=%H", "-n", str(HISTORY_DEPTH), "--", relative).split()
    for revision in revisions:
        if not contexts - found.keys():
            break
        for context, mark in _marks(git_output(root, "show", f"{revision}:{relative}")).items():
            if context in contexts:
                found.setdefault(context, mark)
    return found


def _marks(content: str) -> dict[str, str]:
    """msgctxt → synced hash, for every entry of one version that has both; none for a version
    that cannot be read (a conflict left in it, a file over the bound)."""
    if not content or len(content.encode("utf-8")) > MAX_PO_BYTES:
        return {}
    try:
        catalog = read_po(StringIO(content))
    except (PoFileError, ValueError, LookupError):  # an old version is evidence at best: one unread is none
        return {}
    marks = {}
    for message in catalog:
        mark = synced_hash(tuple(message.auto_comments))
        if message.context and mark:
            marks[message.context] = mark
    return marks
