"""The mark each exported entry carries of the translation the YAML had when it was written
(`#. synced: <hash>`), so that `rulebook i18n sync` can tell which side changed a unit since:
the PO file (a translator, through Weblate or a PO editor), the YAML (an author), or both.

Weblate keeps `#.` comments as they are; msgmerge replaces them with the template's, which has no
mark. An entry without one is judged by the mark the file's git history last recorded for it
(i18n/mark_history.py); with none there either, a text that differs from the YAML's is refused by
name: which side changed it cannot be told.
"""

from __future__ import annotations

from rulebook.model import source_hash

PREFIX = "synced: "


def synced_note(text: str) -> str:
    """The `#.` comment for a translation as the export writes it (an empty one for none).

    >>> synced_note("")
    'synced: e3b0c44298fc'
    """
    return PREFIX + source_hash(text)


def synced_hash(notes: tuple[str, ...]) -> str | None:
    """The hash an entry's `#.` comments record, or None when they record none.

    >>> synced_hash(("Rule 1.1 of a game", "synced: e3b0c44298fc"))
    'e3b0c44298fc'
    """
    return next((note.removeprefix(PREFIX).strip() for note in notes if note.startswith(PREFIX)), None)
