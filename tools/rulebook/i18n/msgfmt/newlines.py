"""msgfmt's check of line breaks: the msgid, its msgid_plural and every msgstr all begin with a
line break or none does, and likewise at their end. (i18n/catalog_text.py refuses a line break in
a UI string anywhere; this check also catches a msgid that has one and a translation that lost it.)
"""

from __future__ import annotations

from collections.abc import Iterator

from rulebook.i18n.msgfmt.entry_view import forms, translated
from rulebook.i18n.po_file import Entry
from rulebook.problem_codes import Message


def newline_problems(entry: Entry) -> Iterator[tuple[int | None, Message]]:
    """(form index, problem) for each string that begins or ends otherwise than the msgid; the
    index is None for the msgid_plural."""
    if not translated(entry):
        return
    msgid = entry.msgid if isinstance(entry.msgid, str) else entry.msgid[0]
    others: list[tuple[int | None, str]] = [(None, entry.msgid[1])] if isinstance(entry.msgid, tuple) else []
    others += list(enumerate(forms(entry)))
    for code, test in (("catalog.newline-start", str.startswith), ("catalog.newline-end", str.endswith)):
        wanted = test(msgid, "\n")
        for index, text in others:
            if test(text, "\n") != wanted:
                yield index, Message(code)
