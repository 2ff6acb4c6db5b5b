"""Making YAML text safe to put into Markdown: it may use Markdown, never HTML or attributes."""

from __future__ import annotations

import html


def safe_markdown(text: str) -> str:
    """Text from YAML, ready to embed in a Markdown page.

    `<` cannot open a tag and braces cannot open an attribute list (`{: onclick=...}`).

    >>> safe_markdown('<script>alert(1)</script> and {: onclick="x" }')
    '&lt;script>alert(1)&lt;/script> and \\\\{: onclick="x" \\\\}'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("{", "\\{").replace("}", "\\}")


def attribute(value: str) -> str:
    """A value for an HTML attribute that we write ourselves.

    >>> attribute('say "hi" <b>')
    'say &quot;hi&quot; &lt;b&gt;'
    """
    return html.escape(value, quote=True)
