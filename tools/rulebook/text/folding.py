"""Words as the glossary filter and search both see them: one folding, written once here.

The browser folds with words.js, on a page (the glossary filter) and in the search worker (the index
and the queries, lunr.rb.min.js). Both learn the same data from this module: the letters Unicode does
not decompose, the apostrophes, and the language's elisions (rules/search-words.yaml `elisions`), so
that "l'oeil", "l’œil" and "œil" are one word to both. `split` is the same folding in Python, for
the tests that hold the two to each other.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import Any

# Letters that Unicode does not decompose into a base letter and a mark.
LIGATURES = {
    "œ": "oe",
    "Œ": "OE",
    "æ": "ae",
    "Æ": "AE",
    "ß": "ss",
    "ł": "l",
    "Ł": "L",
    "ø": "o",
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
}
# What readers type for an apostrophe: straight, typographic, the modifier letter, the opening quote
# and the accents a keyboard puts there. One of them is the other to both the filter and search.
APOSTROPHES = "'’ʼ‘`´"
_APOSTROPHE = str.maketrans(dict.fromkeys(APOSTROPHES, "'"))
_LIGATURE = str.maketrans(LIGATURES)
_NOT_WORD = re.compile(r"[\W_]+")


def folding(words: Mapping[str, Any] | None, language: str) -> dict[str, Any]:
    """What words.js folds a language's words with: its elisions (folded, longest first, as its
    pattern tries them), the ligatures and the apostrophes.

    >>> data = folding({"languages": {"fr": {"elisions": ["L", "qu", "lorsqu"]}}}, "fr")
    >>> data["language"], data["elisions"], data["ligatures"]["œ"], data["apostrophes"]
    ('fr', ['lorsqu', 'qu', 'l'], 'oe', "'’ʼ‘`´")
    >>> folding(None, "en")["elisions"]
    []
    """
    own = (words or {}).get("languages", {}).get(language, {})
    elisions = {_plain(word) for word in own.get("elisions", [])}
    return {
        "language": language,
        "elisions": sorted(elisions, key=lambda word: (-len(word), word)),
        "ligatures": LIGATURES,
        "apostrophes": APOSTROPHES,
    }


def folding_json(data: Mapping[str, Any]) -> str:
    """`data` as JSON that is safe inside <script type="application/json"> (theme/main.html)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# The combining marks of the scripts a rulebook uses (Latin, Greek, Cyrillic and their combining
# blocks), as one character class: a regular expression is far faster than a loop over characters.
_MARK_BLOCKS = (range(0x300, 0x2000), range(0x20D0, 0x2100), range(0xFE20, 0xFE30))
_MARKS = re.compile(
    "[" + "".join(chr(c) for block in _MARK_BLOCKS for c in block if unicodedata.combining(chr(c))) + "]"
)


def fold(text: str) -> str:
    """Text without accents, its ligatures spelt out: the one folding of the search index, the
    search words, the glossary filter and words.js.

    >>> fold("Hráč položí étagère, cœur")
    'Hrac polozi etagere, coeur'
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURE))
    if decomposed.isascii():
        return decomposed
    return _MARKS.sub("", decomposed)


def _plain(text: str) -> str:
    return fold(text).lower()


def unelided(text: str, data: Mapping[str, Any]) -> str:
    """`text` in lower case, with one apostrophe for all, and without the language's elided words
    before a word ("l’étoile" is "étoile"); accents kept, for a stemmer that reads them.

    >>> french = folding({"languages": {"fr": {"elisions": ["l", "d", "qu"]}}}, "fr")
    >>> unelided("L’Œil d´abeille, qu'à aujourd’hui", french)
    "œil abeille, à aujourd'hui"
    """
    lowered = text.lower().translate(_APOSTROPHE)
    if not data["elisions"]:
        return lowered
    pattern = _elision_pattern(tuple(data["elisions"]))
    return pattern.sub(r"\1", lowered)


@cache
def _elision_pattern(elisions: tuple[str, ...]) -> re.Pattern[str]:
    # An elided word starts a word and ends at its apostrophe, and a word follows: "qu'" alone stays.
    return re.compile(r"(^|[\W_])(?:" + "|".join(map(re.escape, elisions)) + r")'(?=[^\W_])")


def split(text: str, data: Mapping[str, Any]) -> list[str]:
    """The folded words of `text`, in order, as words.js's `split` gives them: no elided word, no
    accents, split at anything that is not a letter or a digit.

    >>> french = folding({"languages": {"fr": {"elisions": ["l", "d", "qu"]}}}, "fr")
    >>> split("L'œil, l’Étoile ; d´abeille, qu’", french)
    ['oeil', 'etoile', 'abeille', 'qu']
    """
    return [word for word in _NOT_WORD.split(_plain(unelided(text, data))) if word]
