"""PO files on disk, through Babel: written so that msgfmt, polib and translate-toolkit read them,
and read back strictly, so that a translator's file is taken as they meant it or refused with its
line number.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser, generate_po, normalize


class Refused(Exception):
    """A PO file cannot be taken; nothing was written. Each problem names the file and line."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


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
    return previous_msgid_lines(message.previous_id[0])  # Babel's Message keeps it as a list


def previous_msgid_lines(text: str) -> list[str]:
    """`#| msgid` lines for an English a translation was made from, as msgmerge writes them."""
    # width=0: one PO string per line of the text, never wrapped inside a string.
    first, *rest = normalize(text, width=0).split("\n")
    return [f"#| msgid {first}\n", *(f"#| {line}\n" for line in rest)]


# ---- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One entry as the file has it, duplicates included (a Catalog keeps only one of them)."""

    context: str | None
    msgid: str | tuple[str, ...]
    string: str | tuple[str, ...]
    fuzzy: bool
    line: int  # of its msgid, 1-based
    references: tuple[tuple[str, int | None], ...] = ()  # its `#:` lines: where the English is

    @property
    def plural(self) -> bool:
        return not isinstance(self.msgid, str) or not isinstance(self.string, str)


@dataclass(frozen=True)
class PoFile:
    catalog: Catalog  # the header: Project-Id-Version, Language, Plural-Forms
    entries: list[Entry]  # every entry but the header, in file order
    language: str  # the Language header's language, without its territory ("fr" for fr_FR, fr-FR)
    text: str = ""  # the whole file, decoded: `update` keeps every line it does not change


class _RecordingParser(PoFileParser):
    """Babel's parser, noting every live entry with its line before the catalog merges duplicates."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog, abort_invalid=True)
        self.entries: list[Entry] = []

    def _add_message(self) -> None:
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
                references=tuple(self.locations),
            )
        )
        super()._add_message()


# Babel's reader forgives a stray word after a string or a missing quote, and keeps mangled text;
# a translator's file is read only when every line has the shape of PO.
_PO_STRING = r'"(?:[^"\\]|\\.)*"'
_PO_LINE = re.compile(
    rf"^(?:\s*|#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+{_PO_STRING}\s*|\s*{_PO_STRING}\s*)$"
)
SHOWN_LINES = 10  # a file that is not PO at all would otherwise list every line

_CHARSET = re.compile(rb"^\"Content-Type:[^\"]*charset=([^\s\";\\]+)", re.MULTILINE | re.IGNORECASE)


def read_po_file(path: Path, shown: str) -> PoFile:
    """Read a translator's PO file, or refuse it naming the file and line."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise Refused([f"{shown}: cannot read: {error.strerror}"]) from None
    text = _decode(raw, shown)
    lines = text.splitlines()
    bad = [number for number, line in enumerate(lines, 1) if not _PO_LINE.match(line)]
    if bad:
        problems = [f"{shown}:{n}: not a valid PO line: {lines[n - 1][:60]!r}" for n in bad[:SHOWN_LINES]]
        if len(bad) > SHOWN_LINES:
            problems.append(f"{shown}: and {len(bad) - SHOWN_LINES} more lines that are not valid PO")
        raise Refused(problems)
    catalog = Catalog()
    parser = _RecordingParser(catalog)
    try:
        parser.parse(StringIO(text))
    except PoFileError as error:  # Babel counts lines from 0, and ends its message with " on <that count>"
        message = str(error).removesuffix(f" on {error.lineno}")
        raise Refused([f"{shown}:{error.lineno + 1}: not a valid PO file: {message}"]) from None
    except ValueError as error:
        raise Refused([f"{shown}: not a valid PO file: {error}"]) from None
    entries = [entry for entry in parser.entries if entry.msgid != ""]
    _refuse_duplicates(entries, shown)
    language = catalog.locale.language if catalog.locale else _declared(text, "Language")
    return PoFile(catalog, entries, language, text)


def _decode(raw: bytes, shown: str) -> str:
    """The file's text in the charset its header declares (UTF-8 when it declares none)."""
    codec, name = "utf-8", "utf-8"
    declared = _CHARSET.search(raw)
    if declared is not None:
        name = declared.group(1).decode("ascii", "replace")  # a name in other bytes is unknown, not a crash
        line = raw[: declared.start()].count(b"\n") + 1
        try:
            codec = codecs.lookup(name).name
        except LookupError:
            raise Refused([f"{shown}:{line}: unknown charset {name!r}; save the file as UTF-8"]) from None
        if codec != "utf-8" and not raw.isascii() and _is_utf8(raw):
            # A single-byte charset reads any bytes, so UTF-8 declared as ISO-8859-2 would be taken as
            # mojibake ("Ä\x8DtvrtĂ˝"). Real ISO-8859-x text almost never forms valid UTF-8 sequences.
            wrong = f"the file is UTF-8 but declares charset {name}; declare charset=UTF-8 and import again"
            raise Refused([f"{shown}:{line}: {wrong}"])
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise Refused([f"{shown}:{line}: not valid {name}: byte 0x{raw[error.start]:02x}"]) from None
    return text.removeprefix("\ufeff")


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _declared(text: str, field: str) -> str:
    match = re.search(rf'^"{field}:\s*([^\\"]*)', text, re.MULTILINE)
    return match.group(1).strip() if match else ""


def _refuse_duplicates(entries: list[Entry], shown: str) -> None:
    seen: dict[tuple, int] = {}
    problems = []
    for entry in entries:
        key = (entry.context, entry.msgid if entry.context is None else None)
        if key in seen:
            name = f"msgctxt '{entry.context}'" if entry.context is not None else f"msgid {entry.msgid!r:.60}"
            problems.append(f"{shown}:{entry.line}: a second entry with {name} (the first is at line {seen[key]})")
        else:
            seen[key] = entry.line
    if problems:
        raise Refused(problems)
