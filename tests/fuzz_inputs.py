"""Hypothesis strategies for `make fuzz`'s commands (tests/test_fuzz_commands.py): hostile YAML,
JSON and PO texts made from real files, and the arguments of `edition new`.

Each strategy starts from a file as the toolkit writes it and damages it the ways an editor, a
merge, a translation tool or an attacker would: bytes flipped, values of the wrong type, integers
of thousands of digits in every base, nesting past any bound, controls and odd characters,
duplicate keys, a whole file from elsewhere; for PO files, broken headers (charsets, plural forms)
and entries with two msgstr, a lone msgid_plural, obsolete and previous entries.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from hypothesis import strategies as st

from mutations import TEXT_DAMAGE, damaged_text, mutated_value

# Characters that have broken readers: controls, format characters, separators, lone surrogates.
ODD_CHARACTERS = [
    "\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\r", "\x1b[2J", "\x7f", "\x85", "\x9b", "\xa0", "\u00ad",
    "\u200b", "\u200d", "\u2028", "\u2029", "\u202e", "\u2066", "\ufeff", "\ufffe", "\uffff", "\ud800", "\udcff",
    "\U0001f600", "\U000e0041", "é", "e\u0301", "İ", "ß", "ﬁ", "١٢٣", "١.٠", "𝟗",
]  # fmt: skip


@st.composite
def big_integer(draw: st.DrawFn) -> str:
    """An integer literal with many digits, in a base YAML 1.1 or 1.2 or JSON reads."""
    digits = draw(st.sampled_from([20, 29, 64, 300, 4_300, 5_000, 20_000]))
    form = draw(st.sampled_from(["decimal", "hex", "octal", "octal11", "binary", "underscores", "sexagesimal"]))
    sign = draw(st.sampled_from(["", "-", "+"]))
    if form == "hex":
        return f"{sign}0x{'F' * digits}"
    if form == "octal":
        return f"{sign}0o{'7' * digits}"
    if form == "octal11":
        return f"{sign}0{'7' * digits}"
    if form == "binary":
        return f"{sign}0b{'1' * digits}"
    if form == "underscores":
        return f"{sign}1{'_000' * (digits // 3)}"
    if form == "sexagesimal":
        return f"{sign}1{':59' * (digits // 2)}"
    return f"{sign}{'9' * digits}"


def nested(depth: int, kind: str) -> str:
    if kind == "flow list":
        return "[" * depth + "1" + "]" * depth
    if kind == "flow map":
        return "{a: " * depth + "1" + "}" * depth
    if kind == "block":
        return "\n" + "".join(f"{'  ' * (level + 1)}k{level}:\n" for level in range(depth)) + "  " * (depth + 1) + "x"
    return "\n" + "".join(f"{'  ' * (level + 1)}-\n" for level in range(depth)) + "  " * (depth + 1) + "- x"


DEEP = st.one_of(
    st.builds(
        nested, st.sampled_from([30, 63, 64, 65, 100, 1_000, 20_000]), st.sampled_from(["flow list", "flow map"])
    ),
    st.builds(nested, st.sampled_from([30, 64, 65, 200]), st.sampled_from(["block", "block list"])),
)  # a block's indentation grows as the square of its depth: 200 levels are 40,000 spaces
# Values to put in place of a scalar, as YAML text.
HOSTILE_SCALARS = st.one_of(
    st.sampled_from(TEXT_DAMAGE),
    big_integer(),
    DEEP,
    st.sampled_from(ODD_CHARACTERS).map(lambda character: json.dumps(f"a{character}b", ensure_ascii=False)),
    st.sampled_from(["null", "~", "true", "no", "on", "[]", "{}", "''", '""', "1.0", "1e3", "0x10", "2026-13-45"]),
    st.text(max_size=30).map(lambda text: json.dumps(text, ensure_ascii=False)),
)


def _replace_value(line: str, value: str) -> str:
    """The line with its value (what follows `key:` or `- `) replaced."""
    head, colon, _ = line.partition(": ")
    if colon:
        return f"{head}: {value}"
    indent = line[: len(line) - len(line.lstrip())]
    if line.lstrip().startswith("- "):
        return f"{indent}- {value}"
    return f"{line.rstrip(':')}: {value}"


@st.composite
def byte_damage(draw: st.DrawFn, data: bytes) -> bytes:
    """Bytes flipped, dropped, inserted or swapped for invalid UTF-8."""
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        kind = draw(st.sampled_from(["flip", "drop", "insert", "invalid"]))
        if kind == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "drop" and data:
            del data[at : at + draw(st.integers(1, 16))]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        else:
            data[at:at] = draw(
                st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\x00", b"\xe2\x80"])
            )
    return bytes(data)


def dumped(document: Any, as_json: bool) -> str:
    if as_json:
        return json.dumps(document, ensure_ascii=False, indent=2, default=str)
    try:
        return yaml.dump(document, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False, width=1000)
    except (yaml.YAMLError, ValueError, UnicodeEncodeError):  # a lone surrogate: JSON is YAML too
        return json.dumps(document, ensure_ascii=True, default=str)


@st.composite
def hostile_document(draw: st.DrawFn, original: str, others: tuple[str, ...] = (), as_json: bool = False) -> bytes:
    """A YAML or JSON file (`original`) damaged as text, as data or as bytes; sometimes another real
    file (`others`) stands in its place first."""
    text = original
    if others and draw(st.integers(0, 7)) == 0:
        text = draw(st.sampled_from(others))
    kind = draw(st.sampled_from(["text", "data", "line", "bytes", "whole"]))
    if kind == "data":
        try:
            document = yaml.load(text, Loader=yaml.CSafeLoader)
        except yaml.YAMLError:
            document = text
        text = dumped(draw(mutated_value(document)), as_json or draw(st.integers(0, 4)) == 0)
    elif kind == "line":
        lines = text.splitlines() or [""]
        for _ in range(draw(st.integers(1, 3))):
            index = draw(st.integers(0, len(lines) - 1))
            lines[index] = _replace_value(lines[index], draw(HOSTILE_SCALARS))
        text = "\n".join(lines) + "\n"
    elif kind == "whole":
        text = draw(
            st.sampled_from(
                ["", "\n", "# only a comment\n", "---\n", "--- 1\n--- 2\n", "[]\n", "null\n", "42\n", "- a\n- b\n",
                 "a: 1\na: 2\n", "\ufeff", "{}\n", "&a [*a]\n", "!!binary AAAA\n", text + "\n---\n" + text]
            )
        )  # fmt: skip
    elif kind == "text" or kind == "bytes":
        for _ in range(draw(st.integers(1, 3))):
            text = draw(damaged_text(text))
    data = text.encode("utf-8", "surrogatepass")
    if kind == "bytes" or draw(st.integers(0, 9)) == 0:
        data = draw(byte_damage(data))
    return data


# PO headers: charsets, plural forms and other lines a translation tool might write.
PO_HEADER_LINES = [
    "Content-Type: text/plain; charset=latin-1", "Content-Type: text/plain; charset=utf-16",
    "Content-Type: text/plain; charset=\\0", "Content-Type: text/plain; charset=\x00", "Content-Type: text/plain",
    "Content-Type: text/plain; charset=", "Content-Type: text/plain; charset=nope", "Content-Type: charset=UTF-8",
    "Content-Type: text/plain; charset=CHARSET", "Content-Type: text/plain; charset=utf-8; charset=ascii",
    "Content-Type: text/plain; charset=rot13", "Content-Type: text/plain; charset=idna",
    "Content-Type: text/plain; charset=zlib_codec", "Content-Type: text/plain; charset=hex",
    "Plural-Forms: nplurals=0; plural=0;", "Plural-Forms: nplurals=99999999999; plural=n;",
    "Plural-Forms: nplurals=2; plural=(n > ;", "Plural-Forms: nplurals=2; plural=__import__('os');",
    "Plural-Forms: nplurals=3; plural=n%0;", "Plural-Forms: garbage", "Language: ", "Language: xx_YY",
    "Language: ../../etc", "Language: fr\x00", "Language: cs", "Language: en", "POT-Creation-Date: yesterday",
    "PO-Revision-Date: 9999-99-99 99:99+9999", "MIME-Version: 2.0", "X-Generator: \u202eevil", "no colon here",
]  # fmt: skip

PO_ENTRIES = [
    'msgctxt "summary"\nmsgid "x"\nmsgstr "a"\nmsgstr "b"',
    'msgctxt "summary"\nmsgid "x"\nmsgid "y"\nmsgstr "a"',
    'msgctxt "summary"\nmsgid "x"\nmsgid_plural "xs"\nmsgstr[0] "a"\nmsgstr[1] "b"',
    'msgctxt "summary"\nmsgid "x"\nmsgstr[0] "a"',
    'msgctxt "summary"\nmsgid "x"\nmsgstr[99999999999999999999] "a"',
    'msgctxt "summary"\nmsgstr "a"',
    'msgid "x"\nmsgstr "a"',
    'msgctxt "summary"\nmsgctxt "rule.winner"\nmsgid "x"\nmsgstr "a"',
    '#~ msgctxt "summary"\n#~ msgid "x"\n#~ msgstr "a"',
    '#| msgctxt "summary"\n#| msgid "old"\nmsgctxt "summary"\nmsgid "x"\nmsgstr "a"',
    '#, fuzzy, python-format, no-wrap\nmsgctxt "summary"\nmsgid "x"\nmsgstr "a %s"',
    'msgctxt "summary"\nmsgid "x"\nmsgstr "unterminated',
    'msgctxt "summary"\nmsgid "x"\nmsgstr "\\x41\\777\\u00e9\\q"',
    'msgctxt "summary"\nmsgid "x"\nmsgstr ""\n"' + "a" * 70_000 + '"',
    "msgctxt\nmsgid\nmsgstr",
    'msgctxt "\x00"\nmsgid "\x00"\nmsgstr "\x00"',
    'domain "other"\nmsgid "x"\nmsgstr "y"',
]


@st.composite
def hostile_po(draw: st.DrawFn, original: str) -> bytes:
    """A PO file as `rulebook i18n export` wrote it, damaged: its header, its entries, its text, its
    bytes or its encoding."""
    lines = original.splitlines()
    header_end = next((index for index, line in enumerate(lines) if not line.strip()), len(lines))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(
            st.sampled_from(["header", "entry", "msgstr", "fuzzy", "drop", "repeat", "context", "text", "line"])
        )
        index = draw(st.integers(0, max(len(lines) - 1, 0)))
        if kind == "header":
            at = draw(st.integers(0, header_end))
            header = draw(st.one_of(st.sampled_from(PO_HEADER_LINES), st.text(max_size=40)))
            escaped = header.replace("\\", "\\\\").replace('"', '\\"') if draw(st.booleans()) else header
            lines.insert(at, f'"{escaped}\\n"')
        elif kind == "entry":
            lines[index:index] = ["", *draw(st.sampled_from(PO_ENTRIES)).splitlines(), ""]
        elif kind == "msgstr" and lines and lines[index].startswith("msgstr"):
            text = draw(
                st.one_of(
                    st.text(max_size=60),
                    st.sampled_from([*TEXT_DAMAGE, *ODD_CHARACTERS, "<b>x</b>", "{nope}", "{players.min", "%s", ""]),
                    big_integer(),
                )
            )
            escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            lines[index] = f'msgstr "{escaped}"'
        elif kind == "fuzzy":
            lines.insert(index, draw(st.sampled_from(["#, fuzzy", "#,", "#, fuzzy, fuzzy", "#~", "#|", "#.", "#:"])))
        elif kind == "drop" and lines:
            del lines[index]
        elif kind == "repeat" and lines:
            lines.insert(index, lines[index])
        elif kind == "context" and lines and lines[index].startswith("msgctxt"):
            context = draw(st.sampled_from(["rule.nope", "", "summary", "rule.winner", "edition.9-9", "x" * 300]))
            lines[index] = f'msgctxt "{context}"'
        elif kind == "line" and lines:
            lines[index] = lines[index] + draw(st.sampled_from(ODD_CHARACTERS))
        else:
            lines = draw(damaged_text("\n".join(lines))).splitlines()
        if not lines:
            lines = [""]
    text = "\n".join(lines) + "\n"
    encoding = draw(st.sampled_from(["utf-8"] * 8 + ["latin-1", "utf-16", "cp1250", "utf-8-sig"]))
    data = text.encode(encoding, "surrogatepass" if encoding.startswith("utf") else "replace")
    if draw(st.integers(0, 9)) == 0:
        data = draw(byte_damage(data))
    return data


# `edition new GAME VERSION [--date D] [--effective D] [--summary TEXT]`: the arguments.
VERSIONS = st.one_of(
    st.sampled_from(
        ["1.1", "2.0", "1.0", "0.9", "1.0.1", "10.0", "1.10", "01.1", "1.01", "1.1\n", "1.1 ", "1e3", "-1.1", "1",
         "1.", ".1", "", "1..1", "١.٢", "𝟏.𝟐", "1.1\x00", "1.1/../..", "99999999999999999999999.1",
         "1." + "9" * 5_000, "a" * 300, "1.1;rm", "1.1\u202e"]
    ),
    st.text(max_size=12),
)  # fmt: skip
DATES = st.one_of(
    st.sampled_from(
        ["2026-12-05", "2026-01-01", "2020-01-01", "2026-02-29", "2024-02-29", "2026-13-01", "2026-12-32",
         "9999-12-31", "0001-01-01", "0000-01-01", "2026-1-5", "2026-12-05\n", " 2026-12-05", "２０２６-１２-０１",
         "2026-12-05T00:00", "tomorrow", "", "20261205", "+2026-12-05", "2026-12-05\x00", "1" * 400]
    ),
    st.dates().map(str),
    st.text(max_size=12),
)  # fmt: skip
SUMMARIES = st.one_of(
    st.sampled_from(
        ["Fixes the scoring.", "", " ", "{players.min} players", "{nope}", "{", "}", "<script>x</script>",
         "[a](javascript:x)", "\x00", "a\nb", "\u202eevil", "é" * 5_000, "%s %d", "${HOME}", "`x`", "*" * 300]
    ),
    st.text(max_size=60),
)  # fmt: skip
