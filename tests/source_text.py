"""Comparing source sentences with rule text, for the coverage test and the map generator."""

from __future__ import annotations

import re
import unicodedata

_NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
}
_PUNCTUATION = re.compile(r"[^\w\s]+")


def normalize(text: str) -> str:
    """Words only: case, quotes, punctuation, spacing and English number words do not matter.

    >>> normalize("Use all “two” tiles — “I saw”!")
    'use all 2 tiles i saw'
    """
    text = unicodedata.normalize("NFC", text).lower().replace("’", "'")
    words = _PUNCTUATION.sub(" ", text.replace("'", "")).split()
    return " ".join(_NUMBER_WORDS.get(word, word) for word in words)


def squash(text: str) -> str:
    """Whitespace folded, for finding a quote verbatim in a source file."""
    return " ".join(text.split())
