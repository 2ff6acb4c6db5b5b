"""msgfmt's verdict on a UI catalog, reached in Python: what `msgfmt -c --check-format` refuses
(and what it warns of), `rulebook check` refuses at the line msgfmt names, and a translation so
refused is never used. tests/test_msgfmt_verdicts.py holds our verdicts against msgfmt's own.

The checks, each in its module:
- the header: there, its fields filled in, Plural-Forms when a translation has plural forms
  (header.py); nplurals and the plural rule themselves are judged as the file is read
  (po_file.plural_forms_problem: a number of forms, an expression, its values for n = 0 to 1000);
- each entry's msgstr's: msgstr[0], msgstr[1], ... after a msgid_plural, a plain msgstr after a
  msgid alone, and as many forms as nplurals (forms.py);
- line breaks at the start and end of the msgid, msgid_plural and msgstr's agree (newlines.py);
- the arguments of c-format, python-format and python-brace-format strings (formats.py);
- a message defined twice, or a line that is not PO (such as a `domain` directive), are refused as
  the file is read (po_file.py).
"""

from __future__ import annotations

from rulebook.i18n.msgfmt.entry_view import field, form_line, form_name, has_plural, translated
from rulebook.i18n.msgfmt.formats import format_problems
from rulebook.i18n.msgfmt.forms import count_problem, shape_problems
from rulebook.i18n.msgfmt.header import header_problems, plural_forms_declared
from rulebook.i18n.msgfmt.newlines import newline_problems
from rulebook.i18n.msgfmt.plural_use import often_chosen
from rulebook.i18n.po_file import PoFile
from rulebook.problem_codes import Message
from rulebook.problems import Problem

__all__ = ["msgfmt_problems"]


def msgfmt_problems(po: PoFile, shown: str, judged_lines: set[int] = frozenset()) -> list[Problem]:
    """Every problem msgfmt's checks find in a catalog, each at its line. A format string on one of
    `judged_lines` is not judged again: i18n/catalog_text.py has said what is wrong with it."""
    lines = po.text.splitlines()
    problems = [Problem.coded(shown, line, 1 if line else 0, said) for line, said in header_problems(po.header, lines)]
    declared = plural_forms_declared(po.header)
    plurals = [entry for entry in po.entries if has_plural(entry) and translated(entry)]
    if plurals and not declared:
        at = min(po.header.string_lines) if po.header is not None and po.header.string_lines else 0
        problems.append(Problem.coded(shown, at, 1 if at else 0, Message("catalog.no-plural-forms")))
    often = often_chosen(po.catalog, declared)
    for entry in po.entries:
        shape = list(shape_problems(entry))
        problems += [Problem.coded(shown, line, 1, said, field=field(entry, "msgstr")) for line, said in shape]
        if shape:  # its forms are not what they seem: msgfmt reads no further
            continue
        counted = count_problem(entry, po.catalog.num_plurals) if declared else None
        if counted is not None:
            problems.append(Problem.coded(shown, counted[0], 1, counted[1], field=field(entry, "msgstr")))
        for index, said in newline_problems(entry):
            name = "msgid_plural" if index is None else form_name(entry, index)
            line = form_line(entry, 0 if index is None else index)
            problems.append(Problem.coded(shown, line, 1, said, field=field(entry, name)))
        for index, said in format_problems(entry, often):
            line = form_line(entry, index)
            if line not in judged_lines:
                problems.append(Problem.coded(shown, line, 1, said, field=field(entry, form_name(entry, index))))
    return problems
