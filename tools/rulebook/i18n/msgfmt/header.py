"""msgfmt's --check-header: the header entry (msgid "") is there, has every field gettext's
manual asks for, none left at the template's default ("PACKAGE VERSION", "charset=CHARSET"), and
a Plural-Forms with nplurals and plural when any translation has plural forms.

msgfmt only warns of a missing or default field; `rulebook check` has no warnings, and refuses it.
Whether nplurals and plural can be used is judged as the file is read (po_file.plural_forms_problem).
"""

from __future__ import annotations

from collections.abc import Iterator

from rulebook.i18n.po_file import Entry
from rulebook.problem_codes import Message

# The fields msgfmt asks for, each with the default a template (`msginit`'s input) gives it.
FIELDS: dict[str, str | None] = {
    "Project-Id-Version": "PACKAGE VERSION",
    "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE",
    "Last-Translator": "FULL NAME <EMAIL@ADDRESS>",
    "Language-Team": "LANGUAGE <LL@li.org>",
    "MIME-Version": None,
    "Content-Type": "text/plain; charset=CHARSET",
    "Content-Transfer-Encoding": "ENCODING",
    "Language": "",
}


def header_problems(header: Entry | None, lines: list[str]) -> Iterator[tuple[int, Message]]:
    """(line, problem) for the header; `lines` are the file's, to name a field's own line.

    >>> header = Entry(None, "", "Language: cs\\nContent-Type: text/plain; charset=CHARSET\\n", False, 1, (2,))
    >>> found = header_problems(header, ["", "", '"Content-Type: x'])
    >>> [(line, m.quoted["name"]) for line, m in found if m.code == "catalog.header-field-default"]
    [(3, 'Content-Type')]
    """
    if header is None:
        yield 0, Message("catalog.no-header")
        return
    at = min(header.string_lines or (header.line,))
    text = header.string if isinstance(header.string, str) else header.string[0]
    values = {}
    for line in text.split("\n"):
        name, colon, value = line.partition(":")
        if colon and name in FIELDS and name not in values:
            values[name] = value.removeprefix(" ")
    for name, default in FIELDS.items():
        if name not in values:
            yield at, Message("catalog.header-field-missing", {}, {"name": name})
        elif default is not None and values[name] == default:
            yield _field_line(lines, name, at), Message("catalog.header-field-default", {}, {"name": name})


def plural_forms_declared(header: Entry | None) -> bool:
    """Whether the header says both nplurals= and plural=, which gettext needs to choose a form."""
    text = header.string if header is not None and isinstance(header.string, str) else ""
    return "nplurals=" in text and "plural=" in text.replace("nplurals=", "")


def _field_line(lines: list[str], name: str, at: int) -> int:
    """The line of the header's field, from the msgstr's line on; `at` when it is not on its own."""
    for number in range(at, len(lines) + 1):
        if lines[number - 1].lstrip().lstrip('"').startswith(f"{name}:"):
            return number
        if number > at and not lines[number - 1].lstrip().startswith('"'):
            break
    return at
