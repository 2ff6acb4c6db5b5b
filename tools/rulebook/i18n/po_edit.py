"""A PO file written again as an edit of the one already there: only the entries whose content
changed are rewritten, so that a commit of `po/` shows what changed and nothing else.

`rulebook i18n export` and `i18n sync` build each file from the YAML. When the folder already holds
the file (as Weblate or a PO editor last saved it), every entry whose content is the same keeps its
bytes: its wrapping, its translator comments (`# …`), other tools' flags, its place. The header
keeps other tools' fields (Last-Translator, a Language-Team address, X-Generator) and its dates,
unless the English changed (POT-Creation-Date, as msgmerge copies the template's) or a translation
did (PO-Revision-Date). An entry whose content changed is written as the export writes it, with the
old entry's translator comments and other tools' flags, wrapped at the file's own width. A unit that
is gone becomes an obsolete `#~` entry when it was translated, as msgmerge does; the file's
obsolete entries are kept, unless their unit is back. A file with nothing to change is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from babel.messages.pofile import escape, unescape
from translate.storage.pypo import PoWrapper, escapeforpo

from rulebook.i18n.plural_forms import same_plural_forms
from rulebook.i18n.po_blocks import Block, split_blocks

# Flags the export decides; any other flag on an entry (Weblate's `read-only`, a translator's own)
# belongs to whoever set it and stays.
OWN_FLAGS = frozenset({"fuzzy", "python-brace-format", "no-python-brace-format"})
# Header fields the export decides; every other field stays as the file has it.
OWN_FIELDS = ("Project-Id-Version", "Language", "Plural-Forms")
GETTEXT_WIDTH = 79  # msgmerge's and msgcat's page width, and the widest line Weblate writes


@dataclass(frozen=True)
class _Part:
    """One part of an entry: its translator comments, its `#.` notes, its references, its flags,
    or one of its strings (msgctxt, msgid, msgstr[1], `#| msgid`…), with the lines that write it."""

    kind: str  # "#", "#.", "#:", "#,", or a keyword ("msgstr[1]", "#| msgid")
    value: object  # what it says: the string (unescaped), the flags, the comment lines
    lines: list[str]


@dataclass(frozen=True)
class _Entry:
    block: Block
    parts: dict[str, _Part]  # by kind, in the entry's order
    key: tuple[str, str] | None  # (msgctxt, "") or ("", msgid); None for a block that holds no entry

    @property
    def translated(self) -> bool:
        return any(part.value for kind, part in self.parts.items() if kind.startswith("msgstr"))

    def said(self, kinds: tuple[str, ...]) -> dict[str, object]:
        """What the parts of these kinds say (by kind prefix), flags limited to the export's own."""
        said = {
            kind: (frozenset(part.value) & OWN_FLAGS if kind == "#," else part.value)  # type: ignore[arg-type]
            for kind, part in self.parts.items()
            if kind.startswith(kinds)
        }
        if not said.get("#,", True):  # only other tools' flags: none of the export's
            del said["#,"]
        return said


_ENGLISH = ("msgctxt", "msgid", "#|", "#:")  # changes with the English (the template's side)
_TRANSLATION = ("msgstr", "#,")  # changes with the translation
_NOTES = ("#.",)


def edited_po(old: str, new: str, *, template: bool = False) -> str:
    """`new` (the export's text) as an edit of `old` (the file's text): `old` itself when nothing
    that the export decides differs."""
    old_blocks, new_blocks = split_blocks(old), split_blocks(new)
    if not old_blocks or not new_blocks or not _is_header(old_blocks[0]) or not _is_header(new_blocks[0]):
        return new  # not a file the export could have written: written whole
    width = wrap_width(old)
    newline = "\r\n" if "\r\n" in old else "\n"
    olds = [_entry(block) for block in old_blocks[1:]]
    news = {entry.key: entry for entry in map(_entry, new_blocks[1:]) if entry.key is not None}
    order = list(news)
    kept: list[tuple[tuple[str, str] | None, list[str]]] = []
    gone: list[list[str]] = []
    present: set[tuple[str, str]] = set()
    english_changed = translation_changed = False
    for entry in olds:
        if entry.block.obsolete and entry.key is not None:
            if entry.key not in news:  # an obsolete entry whose unit is back gives way to it
                kept.append((None, entry.block.lines))
        elif entry.key is None or entry.key in present:
            kept.append((None, entry.block.lines))
        elif entry.key not in news:
            english_changed = True
            translation_changed |= entry.translated
            if entry.translated and not template:
                gone.append(entry.block.made_obsolete())
        else:
            fresh = news[entry.key]
            present.add(entry.key)
            kinds = (*_ENGLISH, *_TRANSLATION, *_NOTES)
            if entry.said(kinds) == fresh.said(kinds):
                kept.append((entry.key, entry.block.lines))
                continue
            english_changed |= entry.said(_ENGLISH) != fresh.said(_ENGLISH)
            translation_changed |= entry.said(_TRANSLATION) != fresh.said(_TRANSLATION)
            kept.append((entry.key, _changed(entry, fresh, width)))
    for key in order:
        if key not in present:
            english_changed = True
            _insert_after_predecessor(kept, key, _changed(None, news[key], width), order)
    header = edited_header(old_blocks[0], new_blocks[0], english_changed, translation_changed)
    if header is old_blocks[0].lines and not english_changed and not translation_changed and _as_is(kept, olds):
        return old
    original = [block.lines for block in old_blocks]
    return joined([header, *(lines for _, lines in kept), *gone], original, newline)


def _as_is(kept: list[tuple[object, list[str]]], olds: list[_Entry]) -> bool:
    """Whether every block is the file's own, in the file's order, none left out."""
    if len(kept) != len(olds):
        return False
    return all(lines is entry.block.lines for (_, lines), entry in zip(kept, olds, strict=True))


def _is_header(block: Block) -> bool:
    """The entry with the empty msgid (and no msgctxt), which holds the file's fields."""
    keywords = [line.split(" ", 1)[0] for line in block.lines if line.startswith("msg")]
    return 'msgid ""' in (line.rstrip() for line in block.lines) and "msgctxt" not in keywords


def _entry(block: Block) -> _Entry:
    if block.obsolete:
        live = Block(block.start, block.revived())
        return _Entry(block, {}, _entry(live).key)
    parts = _parts(block.lines)
    if "msgid" not in parts:
        return _Entry(block, parts, None)
    context = parts["msgctxt"].value if "msgctxt" in parts else None
    key = (str(context), "") if context is not None else ("", str(parts["msgid"].value))
    return _Entry(block, parts, key)


def _parts(lines: list[str]) -> dict[str, _Part]:
    """An entry's lines cut into its parts (the blank lines after it left out)."""
    parts: dict[str, _Part] = {}
    for line in lines:
        if not line.strip():
            continue
        string_prefix = "#| " if line.startswith("#|") else ""
        body = line[2:].strip() if string_prefix else line.strip()
        last = next(reversed(parts.values()), None)
        if body.startswith('"') and last is not None and last.kind.startswith((string_prefix + "msg").strip()):
            value = str(last.value) + unescape(body)
            parts[last.kind] = _Part(last.kind, value, [*last.lines, line])
        elif body.startswith(_KEYWORDS) and '"' in body:
            keyword, _, quoted = body.partition(" ")
            kind = string_prefix + keyword
            parts[kind] = _Part(kind, unescape(quoted.strip()), [line])
        else:
            kind = line[:2] if line.startswith(("#.", "#:", "#,")) else "#"
            previous = parts.get(kind)
            kept = previous.lines if previous else []
            parts[kind] = _Part(kind, _comment_value(kind, [*kept, line]), [*kept, line])
    return parts


def _comment_value(kind: str, lines: list[str]) -> object:
    """What comment lines say. Notes and references are compared without their whitespace: a tool
    that wraps them (polib does) has not changed them."""
    if kind == "#,":
        return _flag_list(lines)
    if kind in ("#.", "#:"):
        return "".join("".join(line[2:] for line in lines).split())
    return tuple(line.rstrip() for line in lines)


def _flag_list(lines: list[str]) -> tuple[str, ...]:
    return tuple(flag.strip() for line in lines for flag in line[2:].split(",") if flag.strip())


def _changed(old: _Entry | None, fresh: _Entry, width: int) -> list[str]:
    """The export's entry, where it says something new, and the old entry's lines where it says
    the same; the old entry's translator comments and other tools' flags kept."""
    theirs = [flag for flag in (old.parts["#,"].value if old and "#," in old.parts else ()) if flag not in OWN_FLAGS]
    ours = fresh.parts["#,"].value if "#," in fresh.parts else ()
    flags = tuple(dict.fromkeys([*ours, *theirs]))  # type: ignore[misc]
    lines = [*old.parts["#"].lines] if old and "#" in old.parts else []
    flags_written = not flags
    for kind, part in fresh.parts.items():
        if kind in ("#", "#,"):
            continue
        if not flags_written and kind.startswith(("#|", "msg")):
            before = old.parts.get("#,") if old else None
            lines += before.lines if before and before.value == flags else [f"#, {', '.join(flags)}\n"]
            flags_written = True
        mine = old.parts.get(kind) if old else None
        lines += mine.lines if mine is not None and mine.value == part.value else _wrapped(part, width)
    return lines


def _insert_after_predecessor(kept: list[tuple[object, list[str]]], key: object, lines: list[str], order: list) -> None:
    """A new entry goes after the entry before it in the export's order, or first after the header."""
    earlier = set(order[: order.index(key)])
    positions = [index for index, (kept_key, _) in enumerate(kept) if kept_key in earlier]
    kept.insert(positions[-1] + 1 if positions else 0, (key, lines))


# ---- the header ---------------------------------------------------------------------------------


def edited_header(
    old: Block, new: Block, english_changed: bool, translation_changed: bool, *, fields: tuple[str, ...] = OWN_FIELDS
) -> list[str]:
    """The file's header with the export's own `fields`, and the dates that changed; its own lines
    (the same list) when none did."""
    old_fields, new_fields = header_fields(old.lines), header_fields(new.lines)
    wanted = {name: new_fields[name][0] for name in fields if name in new_fields}
    if english_changed and "POT-Creation-Date" in new_fields:
        wanted["POT-Creation-Date"] = new_fields["POT-Creation-Date"][0]
    if translation_changed and "PO-Revision-Date" in new_fields:
        wanted["PO-Revision-Date"] = new_fields["PO-Revision-Date"][0]
    changes = {name: value for name, value in wanted.items() if not _same(name, old_fields.get(name), value)}
    if not changes:
        return old.lines
    lines = list(old.lines)
    for name, value in sorted(changes.items(), key=lambda item: -old_fields.get(item[0], ("", (len(lines), 0)))[1][0]):
        line = f'"{escape(f"{name}: {value}")[1:-1]}\\n"\n'
        if name in old_fields:
            first, last = old_fields[name][1]
            lines[first : last + 1] = [line]
        else:
            end = max((span[1] for _, span in old_fields.values()), default=_msgstr_line(lines))
            lines.insert(end + 1, line)
            old_fields = header_fields(lines)
    return lines


def _same(name: str, field: tuple[str, object] | None, other: str) -> bool:
    if field is None:
        return False
    one = field[0]
    if name == "Language":  # fr_FR and fr-FR are French: the file's spelling stays
        return re.split(r"[_@-]", one.strip())[0].lower() == other.strip().lower()
    if name == "Plural-Forms":
        return same_plural_forms(one, other)
    return one.strip() == other.strip()


def header_fields(lines: list[str]) -> dict[str, tuple[str, tuple[int, int]]]:
    r"""Each field of a header's msgstr: its value, and the first and last of the lines it spans.

    >>> lines = ['msgstr ""\n', '"Language: fr\\n"\n', '"Language-Team: French <https://"\n', '"x/>\\n"\n']
    >>> header_fields(['msgid ""\n', *lines])
    {'Language': ('fr', (2, 2)), 'Language-Team': ('French <https://x/>', (3, 4))}
    """
    fields: dict[str, tuple[str, tuple[int, int]]] = {}
    start = _msgstr_line(lines)
    if start < 0:
        return fields
    text, first = "", None
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if index == start:
            stripped = stripped.removeprefix("msgstr").strip()
            if stripped == '""':
                continue
        if not stripped.startswith('"'):
            break
        if first is None:
            first = index
        text += unescape(stripped)
        if text.endswith("\n"):
            name, colon, value = text.rstrip("\n").partition(":")
            if colon and text.strip():
                fields.setdefault(name.strip(), (value.strip(), (first, index)))
            text, first = "", None
    return fields


def _msgstr_line(lines: list[str]) -> int:
    return next((index for index, line in enumerate(lines) if line.startswith("msgstr")), -1)


# ---- wrapping -----------------------------------------------------------------------------------


_KEYWORDS = ("msgctxt", "msgid_plural", "msgid", "msgstr")


def wrap_width(text: str) -> int:
    """The width the file's strings were wrapped at (0: not wrapped): the widest line of a string
    that a tool cut where the text has no newline, gettext's 79 for any width close to it."""
    widths = [
        len(line.rstrip("\r\n"))
        for block in split_blocks(text)[1:]
        if not block.obsolete
        for part in _parts(block.lines).values()
        if part.kind.lstrip("#| ").startswith(_KEYWORDS) and _cut(part.lines)
        for line in part.lines
    ]
    if not widths:
        return 0
    width = max(widths)  # gettext's width is the widest line it writes
    return GETTEXT_WIDTH if GETTEXT_WIDTH - 8 <= width <= GETTEXT_WIDTH else width


def _cut(lines: list[str]) -> bool:
    """Whether a string's lines were cut by a wrapping tool: a line before the last that does not
    end at a newline of the text (and is not the empty first line msgmerge writes)."""
    return any(not line.rstrip().endswith(('\\n"', ' ""')) for line in lines[:-1])


def wrapped_lines(lines: list[str], width: int) -> list[str]:
    """An entry's lines with every string wrapped at `width` (as they are for width 0)."""
    return [line for part in _parts(lines).values() for line in _wrapped(part, width)]


def _wrapped(part: _Part, width: int) -> list[str]:
    """A string part wrapped at `width`: cut where translate-toolkit cuts (Weblate's library, which
    follows gettext), no line wider than `width` as msgmerge writes them, the keyword's line empty
    when the string takes more than one. Other parts, and every part of a file that is not wrapped,
    as the export wrote them."""
    if width <= 0 or not part.kind.lstrip("#| ").startswith(_KEYWORDS):
        return part.lines
    prefix = "#| " if part.kind.startswith("#|") else ""
    escaped = escapeforpo(str(part.value))
    alone = f'{part.kind} "{escaped}"'
    pieces = PoWrapper(width - len(prefix) - 2).wrap(escaped)  # its width leaves out the quotes
    if len(pieces) <= 1 and len(alone) <= width:
        return [alone + "\n"]
    return [f'{part.kind} ""\n', *(f'{prefix}"{piece}"\n' for piece in pieces)]


def joined(blocks: list[list[str]], original: list[list[str]], newline: str) -> str:
    """The blocks as one text. The file's own blocks are copied as they are; a block written anew
    gets the file's line endings and a blank line before it and after it."""
    out: list[str] = []
    previous_made = False
    for lines in blocks:
        if not lines:
            continue
        made = not any(lines is own for own in original)
        if out and out[-1].strip() and (made or previous_made):
            out[-1] = out[-1] if out[-1].endswith("\n") else out[-1] + newline
            out.append(newline)
        out += [line.rstrip("\r\n") + newline if made else line for line in lines]
        previous_made = made
    return "".join(out)
