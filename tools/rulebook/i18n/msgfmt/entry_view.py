"""An entry as msgfmt's checks see it: its forms, the line of each, the string its msgstr's are
compared with, and whether the checks of a translation apply to it at all."""

from __future__ import annotations

from rulebook.i18n.po_file import Entry
from rulebook.problems import excerpt


def forms(entry: Entry) -> tuple[str, ...]:
    """Its msgstr, or its msgstr[0], msgstr[1], ... in the order of their indexes."""
    return entry.string if isinstance(entry.string, tuple) else (entry.string,)


def has_plural(entry: Entry) -> bool:
    """Whether it has a msgid_plural."""
    return isinstance(entry.msgid, tuple)


def compared_with(entry: Entry) -> str:
    """What its translations are checked against: the msgid_plural when there is one, as msgfmt does."""
    return entry.msgid[-1] if isinstance(entry.msgid, tuple) else entry.msgid


def translated(entry: Entry) -> bool:
    """msgfmt checks a translation only when its msgstr (msgstr[0]) is not empty and it is not
    fuzzy: an untranslated or fuzzy entry is left out of the .mo, and the English is said."""
    return bool(forms(entry)[0]) and not entry.fuzzy


def form_line(entry: Entry, index: int) -> int:
    """The line of msgstr[index]; the entry's first msgstr line for a form it lacks."""
    lines = entry.string_lines or (entry.line,)
    return lines[index] if index < len(lines) else first_string_line(entry)


def first_string_line(entry: Entry) -> int:
    """The line msgfmt names an entry by: its first msgstr."""
    return min(entry.string_lines or (entry.line,))


def form_name(entry: Entry, index: int) -> str:
    return f"msgstr[{index}]" if has_plural(entry) else "msgstr"


def field(entry: Entry, name: str) -> str:
    """What a problem is about: `msgstr[2] of msgid '{n} point'`."""
    msgid = entry.msgid if isinstance(entry.msgid, str) else entry.msgid[0]
    return f"{name} of msgid {excerpt(msgid, 40)}"
