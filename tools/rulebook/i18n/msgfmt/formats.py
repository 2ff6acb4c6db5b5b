"""msgfmt's --check-format: in an entry flagged as a format string, each translation takes the
msgid's arguments (the msgid_plural's, for a plural entry), of the same types. Checked only where
the msgid itself is a valid format string of its language, as msgfmt does.

The placeholders of every UI string are also judged by i18n/catalog_text.py, flagged or not, and
more strictly (the same `{…}` exactly, in every form); a form it refused is not judged here again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulebook.i18n.msgfmt.c_printf import c_printf
from rulebook.i18n.msgfmt.directives import Arguments, Invalid, mismatch
from rulebook.i18n.msgfmt.entry_view import compared_with, forms, has_plural, translated
from rulebook.i18n.msgfmt.python_brace import python_brace
from rulebook.i18n.msgfmt.python_percent import python_percent
from rulebook.i18n.po_file import Entry
from rulebook.problem_codes import Message
from rulebook.problems import cut

# Each flag msgfmt checks (and its `possible-` form), with the language's name, its reader, and
# whether every form takes all the unnamed arguments (Python's `%` with a tuple fails otherwise).
LANGUAGES: dict[str, tuple[str, Callable[[str], Arguments], bool]] = {
    "c-format": ("C", c_printf, False),
    "python-format": ("Python", python_percent, True),
    "python-brace-format": ("Python brace", python_brace, False),
}


def format_problems(entry: Entry, often: tuple[bool, ...] | None) -> Iterator[tuple[int, Message]]:
    """(form index, problem) for each translation whose arguments do not fit; `often` says which
    forms the plural rule chooses for many n (plural_use.py)."""
    if not translated(entry):
        return
    for flag, (language, read, all_unnamed) in LANGUAGES.items():
        if flag not in entry.flags and f"possible-{flag}" not in entry.flags:
            continue
        try:
            wanted = read(compared_with(entry))
        except Invalid:
            continue
        texts = forms(entry)
        for index, text in enumerate(texts):
            try:
                found = read(text)
            except Invalid as invalid:
                yield index, Message("catalog.format-invalid", {"language": language}, {"reason": cut(str(invalid))})
                continue
            strict = not has_plural(entry) or len(texts) == 1 or bool(often and index < len(often) and often[index])
            problem = mismatch(wanted, found, strict, all_unnamed=all_unnamed)
            if problem is not None:
                yield index, problem
