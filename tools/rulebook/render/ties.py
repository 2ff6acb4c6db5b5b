"""Ties: the no-break space that keeps a one-letter word on the line of the word after it.

Czech typography does not leave a one-letter preposition or conjunction (k, s, v, z, o, u, i) at
the end of a line. The words are a language's typography (rules/project.yaml `typography`,
`tie_to_next_word`); the data keeps plain spaces, and the pages get U+00A0 as they are written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

NO_BREAK_SPACE = "\u00a0"
# A code span is shown as typed: its spaces stay spaces.
_CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)


@cache
def _tie_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """One of the words, as a whole word, in either case, then one plain space before a word.

    Only spaces: a line break may open a list item or a block, and a tie there would join it to the line before.
    """
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"(?<![\w\\&#.'’])((?:{alternatives})) (?=\S)", re.IGNORECASE)


def tie_words(markdown_text: str, words: Iterable[str]) -> str:
    """Markdown text with each listed word tied to the next word, outside code spans.

    >>> tie_words("Hráč s nejvyšším skóre v tahu i `v kódu` zůstává. V pytlíku", ("s", "v", "i"))
    'Hráč s\\xa0nejvyšším skóre v\\xa0tahu i\\xa0`v kódu` zůstává. V\\xa0pytlíku'
    >>> tie_words("*k* hráči, [v pravidle](#v-tahu) a vitamin s", ("k", "v", "s"))
    '*k* hráči, [v\\xa0pravidle](#v-tahu) a vitamin s'
    """
    words = tuple(words)
    if not words:
        return markdown_text
    code = [span.span() for span in _CODE_SPAN.finditer(markdown_text)]

    def tie(match: re.Match[str]) -> str:
        inside = any(start <= match.start() < end for start, end in code)
        return match.group() if inside else match.group(1) + NO_BREAK_SPACE

    return _tie_pattern(words).sub(tie, markdown_text)
