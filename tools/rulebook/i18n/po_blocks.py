"""A PO file's text as blocks of lines, one per entry, exactly as the file has them.

`rulebook i18n update` changes only the entries whose English changed, as msgmerge does, and
copies every other block byte for byte: the translator's comments, other tools' header fields,
their line wrapping and the order of the entries stay as they were.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileParser, unescape

# Comment kinds gettext gives a meaning to; any other `#` line is a translator's comment.
_TOOL_COMMENTS = ("#.", "#:", "#,", "#|", "#~")


@dataclass(frozen=True)
class Block:
    start: int  # the line number of its first line, 1-based
    lines: list[str]  # with their line endings, and the blank lines that follow the entry

    @property
    def end(self) -> int:
        """The number of its last line."""
        return self.start + len(self.lines) - 1

    @property
    def obsolete(self) -> bool:
        """A `#~` entry: every line of it is a comment."""
        content = [line.strip() for line in self.lines if line.strip()]
        return any(line.startswith("#~") for line in content) and all(line.startswith("#") for line in content)

    def translator_comments(self) -> list[str]:
        return [line for line in self.lines if line.startswith("#") and not line.startswith(_TOOL_COMMENTS)]

    def starting(self, *prefixes: str) -> list[str]:
        return [line for line in self.lines if line.startswith(prefixes)]

    def msgstr_lines(self) -> list[str]:
        """From the first msgstr line to the last line of the entry (without the blank lines after it)."""
        first = next(index for index, line in enumerate(self.lines) if line.startswith("msgstr"))
        body = self.lines[first:]
        while body and not body[-1].strip():
            body.pop()
        return body

    def context(self) -> str | None:
        """Its msgctxt, as written on one line (as the export writes it)."""
        line = next((line for line in self.lines if line.startswith("msgctxt ")), None)
        return unescape(line.removeprefix("msgctxt ").strip()) if line else None

    def previous_msgid(self) -> str | None:
        """Its `#| msgid`, the English a fuzzy translation was made from."""
        lines = [line[2:].strip() for line in self.lines if line.startswith("#|")]
        if not any(line.startswith("msgid ") for line in lines):
            return None
        return parse_message([*lines, 'msgstr ""']).id

    def obsolete_message(self) -> Message | None:
        """What a `#~` entry holds, read back from its lines without the `#~`."""
        return parse_message([_revived(line) for line in self.lines])

    def revived(self) -> list[str]:
        """The lines of a `#~` entry made live again."""
        return [_revived(line) for line in self.lines]

    def made_obsolete(self) -> list[str]:
        """The entry as a `#~` one, as msgmerge writes it: the translator's comments and flags kept,
        the extracted comments and references (which belong to the English) left out."""
        out = []
        for line in self.lines:
            if line.startswith(("#.", "#:")):
                continue
            if line.startswith("#|"):
                out.append("#~|" + line[2:])
            elif line.startswith("#") or not line.strip():
                out.append(line)
            else:
                out.append("#~ " + line)
        return out


def _revived(line: str) -> str:
    if line.startswith("#~|"):
        return "#|" + line[3:]
    if line.startswith("#~"):
        return line[2:].lstrip(" ")
    return line


def parse_message(lines: list[str]) -> Message | None:
    """The one entry some PO lines hold, through Babel (None when they hold none)."""
    catalog = Catalog()
    PoFileParser(catalog, ignore_obsolete=False).parse(lines)
    messages = [message for message in catalog if message.id] + list(catalog.obsolete.values())
    return messages[0] if messages else None


def split_blocks(text: str) -> list[Block]:
    """The file's lines, cut where an entry begins: after a blank line, or at a comment or msgctxt
    or msgid that follows an entry's msgstr. Joined again they are the text, byte for byte."""
    blocks: list[Block] = []
    current: list[str] = []
    start, ended, after_msgstr = 1, False, False
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        stripped = line.strip()
        if not stripped:
            current.append(line)
            ended = bool(current)
            continue
        value = _value_line(stripped)
        if current and (ended or (after_msgstr and not value)):
            blocks.append(Block(start, current))
            current, start, ended, after_msgstr = [], number, False, False
        current.append(line)
        if value and not stripped.lstrip("#~ ").startswith('"'):
            after_msgstr = True
    if current:
        blocks.append(Block(start, current))
    return blocks


def _value_line(stripped: str) -> bool:
    """A msgstr line or a string continuing one (live or `#~`)."""
    body = stripped[2:].lstrip() if stripped.startswith("#~") else stripped
    return body.startswith(('"', "msgstr"))
