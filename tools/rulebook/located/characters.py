"""Characters no text needs, refused wherever text comes in: C0 and C1 controls and bidi controls.

Layering: in located/, beside the bounds of a text (limits.py), knowing nothing of the content;
validate/safety.py refuses them in every document, i18n/ in PO files and UI catalogs
(tests/test_layers.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from rulebook.problem_codes import Message

# Bidirectional embeddings, overrides and isolates reorder what a reader sees ("Trojan Source").
_BIDI_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
# Every character the loop below can refuse: Unicode's Cc category is exactly U+0000-U+001F and
# U+007F-U+009F (a stable set), plus the bidi controls. One search clears a clean text at C speed.
SUSPECT_CHARACTER = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def character_dangers(text: str) -> Iterator[Message]:
    r"""Characters no text needs: C0 and C1 controls (a newline excepted) and bidi controls.

    >>> list(character_dangers("fine\nline")), [str(found) for found in character_dangers("a\x01b")]
    ([], ['the control character U+0001 at character 2 is not allowed'])
    >>> print(*character_dangers("x\u202ey"))
    the bidi control U+202E (RIGHT-TO-LEFT OVERRIDE) at character 2 reorders what readers see; remove it
    """
    if not SUSPECT_CHARACTER.search(text):
        return
    for position, char in enumerate(text, 1):
        if char in _BIDI_CONTROLS:
            name = unicodedata.name(char, "")
            yield Message("text.bidi-control", {"codepoint": f"{ord(char):04X}", "name": name, "position": position})
        elif char != "\n" and unicodedata.category(char) == "Cc":
            yield Message("text.control-character", {"codepoint": f"{ord(char):04X}", "position": position})
