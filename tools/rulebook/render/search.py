"""Search per language, accents ignored: a post-processing of Material's one search index.

The i18n build writes one index for every language. We split it so that each language's pages
search only their own index, and give every entry an extra field holding the accent-folded
form of each word that has accents, so "hrac" finds "hráč" while "hráč" still does.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from functools import cache
from importlib import resources
from typing import Any

FOLDED_FIELD = "folded"
# Letters that Unicode does not decompose into a base letter and a mark.
_LIGATURES = str.maketrans(
    {
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
)
_WORD = re.compile(r"\w+")
# The combining marks of the scripts a rulebook uses (Latin, Greek, Cyrillic and their combining
# blocks), as one character class: a regular expression is far faster than a loop over characters.
_MARK_BLOCKS = (range(0x300, 0x2000), range(0x20D0, 0x2100), range(0xFE20, 0xFE30))
_MARKS = re.compile(
    "[" + "".join(chr(c) for block in _MARK_BLOCKS for c in block if unicodedata.combining(chr(c))) + "]"
)
_TAG = re.compile(r"<[^>]*>")
_LUNR_FILE = re.compile(r"lunr\.([a-z]{2,3})\.min\.js")


@cache
def lunr_languages() -> frozenset[str]:
    """The languages Material ships lunr stemmers and stop words for (its lunr.<code>.min.js files);
    the others search with no stemming or language stop words."""
    try:
        folder = resources.files("material") / "templates" / "assets" / "javascripts" / "lunr" / "min"
        names = [entry.name for entry in folder.iterdir()]
    except (ModuleNotFoundError, OSError):
        return frozenset()
    return frozenset(match[1] for name in names if (match := _LUNR_FILE.fullmatch(name)))


def fold(text: str) -> str:
    """Text without accents.

    >>> fold("Hráč položí étagère, cœur")
    'Hrac polozi etagere, coeur'
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    if decomposed.isascii():
        return decomposed
    return _MARKS.sub("", decomposed)


def folded_words(*texts: str) -> str:
    """The folded form of every word that folding changes, each once, in order.

    >>> folded_words("<p>Le hráč a hráči</p>", "Hráč")
    'hrac hraci'
    """
    seen: dict[str, None] = {}
    for text in texts:
        lowered = _TAG.sub(" ", text).lower()
        folded = fold(lowered)
        if folded == lowered:
            continue  # nothing to fold: the common case, at the cost of one pass
        # Folding removes marks letter by letter, so words stay in step between the two texts.
        for word, plain in zip(_WORD.findall(lowered), _WORD.findall(folded), strict=False):
            if word != plain:
                seen.setdefault(plain)
    return " ".join(seen)


def language_of(location: str, languages: list[str]) -> tuple[str, str]:
    """Which language a search entry belongs to, and its location relative to that language's root.

    >>> language_of("fr/rebis/#aim", ["en", "fr", "cs"]), language_of("rebis/", ["en", "fr", "cs"])
    (('fr', 'rebis/#aim'), ('en', 'rebis/'))
    """
    head, _, rest = location.partition("/")
    if head in languages[1:]:
        return head, rest
    return languages[0], location


def split_index(index: dict[str, Any], languages: list[str]) -> dict[str, dict[str, Any]]:
    """One index per language; the first language is the one at the site root."""
    result = {}
    for language in languages:
        config = copy.deepcopy(index["config"])
        config["lang"] = [language if language in lunr_languages() else "en"]
        config["fields"][FOLDED_FIELD] = {"boost": 1.0}
        result[language] = {"config": config, "docs": []}
    for entry in index["docs"]:
        language, location = language_of(entry["location"], languages)
        entry = {**entry, "location": location}
        entry[FOLDED_FIELD] = folded_words(entry.get("title", ""), entry.get("text", ""))
        result[language]["docs"].append(entry)
    return result
