"""The msgstr's of an entry, as msgfmt reads them: a msgid_plural takes msgstr[0], msgstr[1], ...
in that order, and as many as the header's nplurals; an entry without one takes a plain msgstr.
A form that is missing would make gettext say the English for its n ("6 points" on a Czech page)."""

from __future__ import annotations

from collections.abc import Iterator

from rulebook.i18n.msgfmt.entry_view import first_string_line, forms, has_plural, translated
from rulebook.i18n.po_file import Entry
from rulebook.problem_codes import Message


def shape_problems(entry: Entry) -> Iterator[tuple[int, Message]]:
    """(line, problem) for msgstr keywords that do not fit the entry: checked in every entry,
    fuzzy or untranslated too, as msgfmt refuses them while it reads the file."""
    if not has_plural(entry):
        if any(index is not None for index, _line in entry.keywords):
            yield entry.line, Message("catalog.plural-without-msgid-plural")
        return
    for position, (index, line) in enumerate(entry.keywords):
        if index is None:
            yield line, Message("catalog.plain-msgstr-for-plural")
        elif index != position:
            yield line, Message("catalog.plural-index", {"index": index, "wanted": position})


def count_problem(entry: Entry, nplurals: int) -> tuple[int, Message] | None:
    """(line, problem) when a translated plural entry has another number of forms than nplurals."""
    if not has_plural(entry) or not translated(entry) or any(index is None for index, _line in entry.keywords):
        return None
    count = len(forms(entry))
    if count < nplurals:
        return first_string_line(entry), Message("catalog.missing-plural-form", {"found": count, "count": nplurals})
    if count > nplurals:
        return first_string_line(entry), Message("catalog.extra-plural-form", {"found": count, "count": nplurals})
    return None
