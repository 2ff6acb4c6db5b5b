"""The players' questions of the search tests, split once and for all into a development half and a
held-out half (issue 49). A question's half is fixed by the SHA-256 of its normalized text: odd →
held out. No one chooses which question lands where, and no change to the search can move one;
every weight and synonym is chosen on the development half only, and the held-out half tells what
a question nobody tuned for gets."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable

Question = tuple[str, str, str]  # language, question as typed, the section or rule that answers it


def normalized(question: str) -> str:
    """The question as the split sees it: Unicode-composed, case-folded, spaces collapsed; accents
    and punctuation kept, as the reader typed them.

    >>> normalized("  Qui  GAGNE ?")
    'qui gagne ?'
    >>> normalized("égalité") == normalized("e\\u0301galite\\u0301")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", question).casefold().split())


def is_held_out(question: str) -> bool:
    """Whether a question is in the held-out half: the last byte of the SHA-256 of its normalized
    UTF-8 text is odd. Worked out with coreutils: `printf 'score' | sha256sum` ends in f5 (odd),
    `printf 'timer' | sha256sum` in 34 (even).

    >>> is_held_out("Score"), is_held_out("timer")
    (True, False)
    """
    return hashlib.sha256(normalized(question).encode("utf-8")).digest()[-1] % 2 == 1


def split(questions: Iterable[Question]) -> tuple[list[Question], list[Question]]:
    """The development half and the held-out half, each in the given order."""
    development: list[Question] = []
    held_out: list[Question] = []
    for question in questions:
        (held_out if is_held_out(question[1]) else development).append(question)
    return development, held_out
