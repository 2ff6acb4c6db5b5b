"""Bounds on the size of what contributors write, so that no text makes a command slow.

Python-Markdown is superlinear on runs of some constructs (8,000 `[` in one text took 15-33 s to
render, 50,000 `<` more than two minutes), and YAML parsing of a 50 MB file is slow in itself. So
every file is refused before it is parsed when it is larger than any real one could be, and every
text before anything renders it when it is longer, or holds more Markdown markup, than any real
text comes near. Under these bounds the worst text renders in a fraction of a second
(`make fuzz` measures it: tests/test_fuzz_slow_text.py); nesting (lists, quotes) is bounded by
the length and the markup count too.

The real content's largest files and texts, measured when the bounds were set: a words file of
39,968 bytes (glossary/fr.yaml), an exported PO file of 98,228 bytes (glossary.fr.po), a text of
500 characters and one with 13 markup characters. Each bound is about ten times that (five for
the markup).

A number is bounded by its length as written, before it is a number: Python reads a thousand hex
digits in a moment, but cannot write the result as decimal digits (past 4,300 of them, a
ValueError), and a YAML 1.1 reader multiplies out a sexagesimal `1:2:3:…` of any length. The
longest number of the real content has 7 characters (`1000000`, a schema's maximum), the longest a
JSON writer makes for a float about 24 (`-1.2345678901234567e-308`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.located.load_error import LoadError
from rulebook.problem_codes import Message
from rulebook.problems import Problem

if TYPE_CHECKING:  # located/document.py reads files through this module
    from rulebook.located.document import Document, JsonPath

MAX_YAML_BYTES = 512 * 1024  # a content file (YAML): rules/, glossary/
MAX_PO_BYTES = 1024 * 1024  # a translator's PO file, which holds the English beside each translation
MAX_TEXT_LENGTH = 5_000  # characters in one string: a unit's text, a name, a fact, a key
MAX_MARKUP = 64  # Markdown markup characters in one string
MAX_NUMBER_LENGTH = 100  # characters of a number as written, in any base: 10**100 is still quick to print
# The characters that open the constructs Python-Markdown is slow on when they are many: links and
# images (`[`, which `![` and `[a](` start with), raw HTML and autolinks (`<`), entities (`&`),
# attribute lists and placeholders (`{`), code (`` ` ``), emphasis (`*`, `_`), quotes (`>`),
# escapes (`\`) and tables (`|`).
MARKUP_CHARACTERS = "[<&{`*_>\\|"
_MARKUP = re.compile("[" + re.escape(MARKUP_CHARACTERS) + "]")


def read_bounded(path: Path, limit: int, display: str) -> bytes:
    """A file's bytes, refused (LoadError, file.too-large at `display`) when there are more than
    `limit`, before reading them all. Raises OSError as reading does."""
    with path.open("rb") as stream:
        raw = stream.read(limit + 1)
    if len(raw) > limit:
        too_large = Message("file.too-large", {"limit": limit, "size": _size(limit)})
        raise LoadError([Problem.coded(display, 0, 0, too_large)])
    return raw


def _size(limit: int) -> str:
    """
    >>> _size(512 * 1024), _size(1024 * 1024)
    ('512 KiB', '1 MiB')
    """
    return f"{limit // (1024 * 1024)} MiB" if limit % (1024 * 1024) == 0 else f"{limit // 1024} KiB"


def text_limit_dangers(text: str, *, filled: bool = False) -> Iterator[Message]:
    """What makes a text too long or too heavy in markup to be rendered; linear in its length.

    >>> list(text_limit_dangers("A *tile* game, with [a link](#x)."))
    []
    >>> print(*text_limit_dangers("x" * 5001))
    5,001 characters: a text may have at most 5,000
    >>> print(*text_limit_dangers("[" * 70 + "<"))
    71 Markdown markup characters (70 of '['): a text may hold at most 64 of [ < & { ` * _ > \\ |
    """
    prefix = "text.filled-" if filled else "text."
    if len(text) > MAX_TEXT_LENGTH:
        yield Message(f"{prefix}too-long", {"length": len(text), "limit": MAX_TEXT_LENGTH})
    if len(text) <= MAX_MARKUP:
        return  # most strings: too short to hold too much markup
    found = _MARKUP.findall(text)
    if len(found) > MAX_MARKUP:
        total, (most, count) = len(found), Counter(found).most_common(1)[0]
        listed = " ".join(MARKUP_CHARACTERS)
        found_markup = {"total": total, "count": count, "most": most, "limit": MAX_MARKUP, "characters": listed}
        yield Message(f"{prefix}too-much-markup", found_markup)


def filled_limit_dangers(filled: str) -> Iterator[Message]:
    """A text within the bounds can pass them once its placeholders are filled: each may quote a
    string fact of 200 characters, markup included. Judged before anything renders the filled text.

    >>> print(*filled_limit_dangers("[" * 100))
    with its placeholders filled, 100 Markdown markup characters (100 of '['): a text may hold at most 64 of \
[ < & { ` * _ > \\ |
    """
    return text_limit_dangers(filled, filled=True)


def limit_problems(document: Document) -> list[Problem]:
    """Every string and key of a document over the bounds, at its line and column."""
    from rulebook.located.document import format_path

    return [
        document.problem(path, message, key=is_key, field=format_path(path))
        for path, text, is_key in strings(document.data)
        for message in text_limit_dangers(text)
    ]


def strings(data: Any, path: JsonPath = ()) -> Iterator[tuple[JsonPath, str, bool]]:
    """Every string value and key with its path, and whether it is a key. (validate/safety.py has a
    walker too, but importing it loads Markdown, which `rulebook score` reads files without.)"""
    if isinstance(data, str):
        yield path, data, False
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str):
                yield (*path, key), key, True
            yield from strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from strings(value, (*path, index))
