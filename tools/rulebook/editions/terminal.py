"""Text made safe for a terminal: what `rulebook diff` and `rulebook cite` print comes from
snapshots and words files, which are hostile until checked, and a terminal obeys what it is sent.

A control character (C0 and C1, DEL, a newline or carriage return among them) can move the cursor,
rewrite a line already printed, retitle the window or hide text; a bidi control or mark reorders
what the reader sees ("Trojan Source"); a line or paragraph separator breaks a line some terminals
show as one. Each is shown as a visible escape instead, in Python's spelling (`\\x1b`, `\\u202e`),
so what was printed can be told from what the text holds.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Unicode's Cc category (U+0000-U+001F, U+007F-U+009F); the bidi embeddings, overrides and isolates
# located/characters.py refuses, and the marks (ALM, LRM, RLM) that steer them; the line and paragraph separators.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


# The controls a reader knows by their letter; every other one by its code.
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def terminal_safe(text: str) -> str:
    r"""The text with every character a terminal would obey, or that reorders a line, escaped.

    >>> terminal_safe("Roll \x1b[2Jtwo\r dice\u202e.")
    'Roll \\x1b[2Jtwo\\r dice\\u202e.'
    >>> terminal_safe("Première ligne\nseconde, «\u00a0ok\u00a0»")
    'Première ligne\\nseconde, «\xa0ok\xa0»'
    """
    return UNSAFE.sub(_escape, text)


def terminal_json(data: Any) -> str:
    r"""One line of JSON that keeps every text whole and is safe for a terminal: `json.dumps` with
    ensure_ascii=False escapes C0 controls but writes C1 and bidi controls raw; here they are JSON
    escapes too (they can stand only inside a string), so a JSON reader reads the same data.

    >>> terminal_json({"text": "a\x9b2Jb\u202ec"})
    '{"text": "a\\u009b2Jb\\u202ec"}'
    >>> json.loads(terminal_json({"text": "a\x9b2Jb\u202ec"})) == {"text": "a\x9b2Jb\u202ec"}
    True
    """
    return UNSAFE.sub(lambda match: f"\\u{ord(match.group(0)):04x}", json.dumps(data, ensure_ascii=False))
