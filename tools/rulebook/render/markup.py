"""Making YAML text safe to put into Markdown: it may use Markdown, never HTML or attributes."""

from __future__ import annotations

import html
import re


def safe_markdown(text: str) -> str:
    """Text from YAML, ready to embed in a Markdown page.

    `<` cannot open a tag and braces cannot open an attribute list (`{: onclick=...}`).

    >>> safe_markdown('<script>alert(1)</script> and {: onclick="x" }')
    '&lt;script>alert(1)&lt;/script> and \\\\{: onclick="x" \\\\}'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("{", "\\{").replace("}", "\\}")


def attribute(value: str) -> str:
    """A value for an HTML attribute that we write into Markdown ourselves.

    Markdown's inline patterns run inside raw HTML tags too (a `[y](z)` in a title would become a
    nested link that breaks the tag), so its syntax characters become character references,
    which a browser decodes and Markdown leaves alone.

    >>> attribute('say "hi" <b> [y](z) *w*')
    'say &quot;hi&quot; &lt;b&gt; &#91;y&#93;&#40;z&#41; &#42;w&#42;'
    """
    escaped = html.escape(value, quote=False).replace('"', "&quot;")
    return "".join(f"&#{ord(char)};" if char in _ATTRIBUTE_SYNTAX else char for char in escaped)


# Markdown's syntax, and the single quote (decimal: Python-Markdown mangles hex references here).
_ATTRIBUTE_SYNTAX = frozenset("\\`*_{}[]()!|#+-'")


# Python-Markdown's backslash-escapable characters (its ESCAPED_CHARS, with `tables`'s |) that mean
# something anywhere in a line; `(`, `)` and `!` only do after a `[`, which is escaped.
_INLINE_SYNTAX = frozenset("\\`*_{}[]|")
# What opens a block at the start of a line: a heading, a list item, "1." of an ordered list.
_BLOCK_OPENER = re.compile(r"[#+\-]|\d+\.")


def literal(text: str) -> str:
    """A name or reading that is plain text on one line: shown as written, never read as Markdown or HTML.

    >>> literal("Rebis<img src=x onerror=alert(1)>")
    'Rebis&lt;img src=x onerror=alert(1)&gt;'
    >>> literal("[x](javascript:alert(1)) & *y*"), literal("REBUS 4.2"), literal("1. # x")
    ('\\\\[x\\\\](javascript:alert(1)) &amp; \\\\*y\\\\*', 'REBUS 4.2', '1\\\\. # x')
    """
    escaped = "".join(f"\\{char}" if char in _INLINE_SYNTAX else char for char in html.escape(text, quote=False))
    escaped = " ".join(escaped.split("\n"))
    opener = _BLOCK_OPENER.match(escaped)
    if opener:
        end = opener.end()
        escaped = escaped[: end - 1] + "\\" + escaped[end - 1 :]
    return escaped
