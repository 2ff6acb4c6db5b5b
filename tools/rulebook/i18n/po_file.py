"""PO files on disk, through Babel: written so that msgfmt, polib and translate-toolkit read them,
and read back strictly, so that a translator's file is taken as they meant it or refused with its
line number.
"""

from __future__ import annotations

import codecs
import gettext
import re
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser, generate_po, normalize

from rulebook.i18n.refused import refusal_at
from rulebook.located.limits import MAX_PO_BYTES, read_bounded
from rulebook.located.load_error import LoadError
from rulebook.problem_codes import Message as Said
from rulebook.problems import Refused, cut

# ---- writing ------------------------------------------------------------------------------------


def po_bytes(catalog: Catalog) -> bytes:
    """The catalog as a PO file (UTF-8), with every `#| msgid` a valid PO string.

    Babel formats the previous msgid like a comment and wraps it at 76 columns, which cuts a quoted
    string in two (msgfmt: "end-of-line within string"). So Babel writes the entries without it,
    and the previous msgid goes in before each entry's msgctxt, as msgmerge writes it.
    """
    messages = list(catalog)  # the header first, then the entries, in the order Babel writes them (obsolete last)
    previous = [_previous_lines(message) for message in messages]
    out: list[str] = []
    index = 0
    for line in generate_po(catalog, width=0, include_previous=False, omit_header=False):
        if index < len(previous) and previous[index] and line.startswith(("msgctxt ", "msgid ")):
            out += previous[index]
            previous[index] = []
        out.append(line)
        if line == "\n":  # Babel ends every entry with an empty line
            index += 1
    if any(previous):  # the entries and Babel's output went out of step: a Babel change, not content
        raise RuntimeError("PO writer: a previous msgid could not be placed")
    return "".join(out).encode("utf-8")


def _previous_lines(message: Message) -> list[str]:
    if not message.previous_id:
        return []
    return previous_msgid_lines(message.previous_id[0], message.context)  # Babel keeps it as a list


def previous_msgid_lines(text: str, context: str | None = None) -> list[str]:
    """`#| msgctxt` and `#| msgid` lines for an English a translation was made from, as msgmerge
    writes them (its `#| msgctxt` names the entry the translation came from: here always its own)."""
    # width=0: one PO string per line of the text, never wrapped inside a string.
    first, *rest = normalize(text, width=0).split("\n")
    previous_context = [f"#| msgctxt {normalize(context, width=0)}\n"] if context is not None else []
    return [*previous_context, f"#| msgid {first}\n", *(f"#| {line}\n" for line in rest)]


# ---- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One entry as the file has it, duplicates included (a Catalog keeps only one of them)."""

    context: str | None
    msgid: str | tuple[str, ...]
    string: str | tuple[str, ...]
    fuzzy: bool
    line: int  # of its msgid, 1-based
    string_lines: tuple[int, ...] = ()  # of each msgstr (msgstr[0], msgstr[1], ...), 1-based
    references: tuple[tuple[str, int | None], ...] = ()  # its `#:` lines: where the English is
    notes: tuple[str, ...] = ()  # its `#.` lines: what the export told the translator
    # Each msgstr keyword in file order, with its line: its [index], None for a plain `msgstr`
    # (msgfmt's checks of the entry's shape: i18n/msgfmt/forms.py).
    keywords: tuple[tuple[int | None, int], ...] = ()
    flags: tuple[str, ...] = ()  # its `#,` flags: fuzzy, python-format, ...

    @property
    def plural(self) -> bool:
        return not isinstance(self.msgid, str) or not isinstance(self.string, str)


@dataclass(frozen=True)
class PoFile:
    catalog: Catalog  # the header: Project-Id-Version, Language, Plural-Forms
    entries: list[Entry]  # every entry but the header, in file order
    language: str  # the Language header's language, without its territory ("fr" for fr_FR, fr-FR)
    text: str = ""  # the whole file, decoded: `update` keeps every line it does not change
    header: Entry | None = None  # the header entry (msgid ""), with its lines; None when the file has none


# At most this many plural forms: gettext's languages have 1 to 6 (Arabic). A catalog's Plural-Forms
# sizes a list for every plural entry as it is read, so a huge nplurals must be refused first.
MAX_PLURALS = 6
# A gettext plural rule is C; kept to these characters, it is also JavaScript that computes the same
# (the calculator runs it in the browser: render/calculator.py).
PLURAL_RULE = re.compile(r"^[n0-9\s()?:<>=!&|%+\-*/]+$")


# Babel's words for a plural entry with more msgstr's than nplurals: the whole file is refused, unless
# its reader counts each entry's forms itself (the UI catalogs, at the line msgfmt names: i18n/msgfmt/).
_MORE_FORMS = "msg has more translations than num_plurals of catalog"


class _RecordingParser(PoFileParser):
    """Babel's parser, noting every live entry with its lines before the catalog merges duplicates,
    and refusing a Plural-Forms header it could not use as soon as the header is read."""

    def __init__(self, catalog: Catalog, shown: str, plural_forms_line: int, forms_counted_later: bool) -> None:
        super().__init__(catalog, abort_invalid=True)
        self.forms_counted_later = forms_counted_later
        self.entries: list[Entry] = []
        self.shown, self.plural_forms_line = shown, plural_forms_line  # for the refusal
        self.string_lines: dict[int, int] = {}  # msgstr index → its line, for the entry being read
        self.keywords: list[tuple[int | None, int]] = []  # each msgstr's index as written, and its line

    def _process_keyword_line(self, lineno, line, obsolete=False) -> None:
        if line.startswith("msgstr"):
            index = line.partition(" ")[0].partition("[")[2].rstrip("]")
            self.string_lines[int(index) if index.isdigit() else 0] = lineno + 1
            self.keywords.append((int(index) if index.isdigit() else None, lineno + 1))
        super()._process_keyword_line(lineno, line, obsolete)

    def _invalid_pofile(self, line, lineno, msg) -> None:
        if msg == _MORE_FORMS and self.forms_counted_later:
            return
        super()._invalid_pofile(line, lineno, msg)

    def _add_message(self) -> None:
        header = not self.obsolete and len(self.messages) == 1 and self.messages[0].denormalize() == ""
        lines, self.string_lines = self.string_lines, {}
        keywords, self.keywords = tuple(self.keywords), []
        if self.obsolete:  # a `#~` entry: kept for the translator's memory, never imported
            super()._add_message()
            return
        msgids = tuple(m.denormalize() for m in self.messages)
        strings = tuple(t.denormalize() for _, t in sorted(self.translations, key=lambda pair: pair[0]))
        self.entries.append(
            Entry(
                context=self.context.denormalize() if self.context else None,
                msgid=msgids[0] if len(msgids) == 1 else msgids,
                string=strings[0] if len(msgids) == 1 and len(strings) == 1 else strings,
                fuzzy="fuzzy" in (flag.strip() for flag in self.flags),
                line=self.offset + 1,
                string_lines=tuple(line for _, line in sorted(lines.items())),
                references=tuple(self.locations),
                notes=tuple(self.auto_comments),
                keywords=keywords,
                flags=tuple(flag.strip() for flag in self.flags),
            )
        )
        super()._add_message()
        if header:
            problem = plural_forms_problem(self.catalog)
            if problem:
                raise Refused([refusal_at(self.shown, self.plural_forms_line, problem)])


def plural_forms_problem(catalog: Catalog) -> Said | None:
    """What makes a catalog's Plural-Forms unusable: too many forms, or a rule that gettext (which
    Babel's translations use) cannot evaluate or the calculator's JavaScript would read otherwise.

    >>> plural_forms_problem(Catalog(locale="cs"))
    >>> catalog = Catalog(locale="fr")
    >>> catalog.mime_headers = [("Plural-Forms", "nplurals=999999999; plural=n;")]
    >>> print(plural_forms_problem(catalog))
    Plural-Forms: nplurals=999999999 is not 1 to 6
    """
    count, rule = catalog.num_plurals, catalog.plural_expr.strip().rstrip(";").strip()
    if not 1 <= count <= MAX_PLURALS:
        return Said("catalog.plural-count", {"count": count, "limit": MAX_PLURALS})
    shown = {"rule": repr(rule[:60])}
    if not PLURAL_RULE.match(rule):
        return Said("catalog.plural-rule", {}, shown)
    if re.search(r"\d{10}", rule):  # JavaScript's numbers are exact up to 2**53; Python's have no end
        return Said("catalog.plural-large-number", {}, shown)
    try:
        plural = gettext.c2py(rule)
        forms = {plural(n) for n in range(1001)}  # msgfmt -c tries n = 0 to 1000
    except (ValueError, ArithmeticError, RecursionError):
        return Said("catalog.plural-not-evaluable", {}, shown)
    if not forms <= set(range(count)):
        return Said("catalog.plural-past-count", {"count": count}, shown)
    return None


# Babel's reader forgives a stray word after a string or a missing quote, and keeps mangled text;
# a translator's file is read only when every line has the shape of PO.
_PO_STRING = r'"(?:[^"\\]|\\.)*"'
_PO_LINE = re.compile(
    rf"^(?:\s*|#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+{_PO_STRING}\s*|\s*{_PO_STRING}\s*)$"
)
SHOWN_LINES = 10  # a file that is not PO at all would otherwise list every line

_CHARSET = re.compile(rb"^\"Content-Type:[^\"]*charset=([^\s\";\\]+)", re.MULTILINE | re.IGNORECASE)


def read_po_file(path: Path, shown: str, *, forms_counted_later: bool = False) -> PoFile:
    """Read a translator's PO file, or refuse it naming the file and line; a file over the size
    bound is refused before it is parsed. A plural entry with more forms than nplurals is refused
    with the file, unless the caller counts each entry's forms (forms_counted_later)."""
    try:
        raw = read_bounded(path, MAX_PO_BYTES, shown)
    except OSError as error:
        reason = {"reason": error.strerror or type(error).__name__}
        raise Refused([refusal_at(shown, 0, Said("catalog.unreadable", {}, reason))]) from None
    except LoadError as error:
        raise Refused(error.problems) from None
    text = _decode(raw, shown)
    lines = text.splitlines()
    bad = [number for number, line in enumerate(lines, 1) if not _PO_LINE.match(line)]
    if bad:
        problems = [
            refusal_at(shown, n, Said("catalog.bad-line", {}, {"line": repr(lines[n - 1][:60])}))
            for n in bad[:SHOWN_LINES]
        ]
        if len(bad) > SHOWN_LINES:
            problems.append(refusal_at(shown, 0, Said("catalog.more-bad-lines", {"count": len(bad) - SHOWN_LINES})))
        raise Refused(problems)
    catalog = Catalog()
    parser = _RecordingParser(catalog, shown, _line_of(lines, "Plural-Forms:"), forms_counted_later)
    try:
        parser.parse(StringIO(text))
    except PoFileError as error:  # Babel counts lines from 0, and ends its message with " on <that count>"
        said = Said("catalog.syntax", {}, {"reason": cut(str(error).removesuffix(f" on {error.lineno}"))})
        raise Refused([refusal_at(shown, error.lineno + 1, said)]) from None
    except ValueError as error:
        raise Refused([refusal_at(shown, 0, Said("catalog.syntax", {}, {"reason": cut(str(error))}))]) from None
    except AttributeError:  # Babel's reading of a header date that runs on to the next line (" \n")
        said = Said("catalog.syntax", {}, {"reason": "a date of the header cannot be read"})
        raise Refused([refusal_at(shown, _line_of(lines, "POT-Creation-Date:"), said)]) from None
    entries = [entry for entry in parser.entries if entry.msgid != ""]
    _refuse_duplicates(entries, shown)
    language = catalog.locale.language if catalog.locale else _declared(text, "Language")
    header = next((entry for entry in parser.entries if entry.msgid == "" and entry.context is None), None)
    return PoFile(catalog, entries, language, text, header)


def _decode(raw: bytes, shown: str) -> str:
    """The file's text as UTF-8, the one charset taken (UTF-8 when the header declares none).

    Another charset is refused at its header line, even one Python decodes: UTF-7 spells `<script>`
    as `+ADw-script+AD4-`, hiding text from a reviewer who reads the bytes, and `rot13` is no text
    encoding at all."""
    declared = _CHARSET.search(raw)
    if declared is not None:
        name = declared.group(1).decode("ascii", "replace")  # a name in other bytes is unknown, not a crash
        line = raw[: declared.start()].count(b"\n") + 1
        try:
            codec = codecs.lookup(name).name
        except (LookupError, ValueError):  # ValueError: a NUL in the name
            unknown = Said("catalog.unknown-charset", {}, {"charset": cut(repr(name))})
            raise Refused([refusal_at(shown, line, unknown)]) from None
        if codec != "utf-8":
            raise Refused([refusal_at(shown, line, Said("catalog.other-charset", {}, {"charset": cut(repr(name))}))])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise Refused([refusal_at(shown, line, Said("catalog.utf-8", {"byte": f"{raw[error.start]:02x}"}))]) from None
    return text.removeprefix("\ufeff")


def _line_of(lines: list[str], field: str) -> int:
    """The line of a header field (1-based), or 1 when the header does not have it."""
    return next((number for number, line in enumerate(lines, 1) if line.lstrip('"').startswith(field)), 1)


def _declared(text: str, field: str) -> str:
    match = re.search(rf'^"{field}:\s*([^\\"]*)', text, re.MULTILINE)
    return match.group(1).strip() if match else ""


def _refuse_duplicates(entries: list[Entry], shown: str) -> None:
    seen: dict[tuple, int] = {}
    problems = []
    for entry in entries:
        key = (entry.context, entry.msgid if entry.context is None else None)
        if key in seen:
            name = f"msgctxt '{cut(entry.context)}'" if entry.context is not None else f"msgid {entry.msgid!r:.60}"
            said = Said("catalog.duplicate-entry", {"first": seen[key]}, {"entry": name})
            problems.append(refusal_at(shown, entry.line, said))
        else:
            seen[key] = entry.line
    if problems:
        raise Refused(problems)
