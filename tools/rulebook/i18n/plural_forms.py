"""Plural-Forms headers compared by what they choose, not by how they are spelled.

Weblate, msginit, Babel and Poedit each write a language's rule their own way (Czech:
`(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2` or `(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)`); a file one
of them saved means the same as before when it has the same number of forms and picks the same
form for every count.
"""

from __future__ import annotations

import gettext
import re

# Counts a rule is compared on: every rule gettext's languages use repeats its pattern within 0..1000
# (the last digits decide, at most by hundreds), so agreeing there is agreeing everywhere.
COMPARED_COUNTS = range(1001)

_HEADER = re.compile(r"^\s*nplurals\s*=\s*(?P<count>\d+)\s*;\s*plural\s*=\s*(?P<rule>.+?)\s*;?\s*$", re.DOTALL)


def plural_choices(header: str) -> tuple[int, tuple[int, ...]] | None:
    """nplurals and the form chosen for each count, or None when the header is no gettext rule.

    >>> plural_choices("nplurals=2; plural=n > 1;")[1][:3]
    (0, 0, 1)
    >>> plural_choices("plural=n;") is None
    True
    """
    match = _HEADER.match(header)
    if match is None or len(match["count"]) > 2:
        return None
    try:
        rule = gettext.c2py(match["rule"])
        return int(match["count"]), tuple(rule(n) for n in COMPARED_COUNTS)
    except (ValueError, ArithmeticError, RecursionError):
        return None


def same_plural_forms(one: str, other: str) -> bool:
    """Whether two Plural-Forms headers mean the same: nplurals equal, and the same form for n in 0..1000.

    >>> same_plural_forms("nplurals=2; plural=(n > 1);", "nplurals=2; plural=n > 1;")
    True
    >>> same_plural_forms("nplurals=2; plural=(n > 1);", "nplurals=2; plural=(n != 1);")
    False
    >>> same_plural_forms("nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
    ...                   "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;")
    True
    """
    choices = plural_choices(one)
    return choices is not None and choices == plural_choices(other)
