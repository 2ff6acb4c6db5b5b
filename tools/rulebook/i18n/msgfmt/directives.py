"""The arguments a format string takes, as msgfmt's --check-format reads them, and what it calls
a translation's arguments that do not fit its msgid's.

A format string is either refused (`Invalid`, with msgfmt's reason) or read into `Arguments`: by
name (Python's `%(name)s`, `{name}`) or by position (`%s`, C's `%d`, `%2$s`), each with a type
(None where the language has none to compare). The parsers are python_percent.py, python_brace.py
and c_printf.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.problem_codes import Message
from rulebook.problems import cut

ANY = "any"  # Python's `%.0s` takes an argument of any type: fits any type where msgfmt is lenient


class Invalid(ValueError):
    """Not a valid format string of its language; the message is the reason."""


@dataclass(frozen=True)
class Arguments:
    named: dict[str, str | None] = field(default_factory=dict)  # name → type
    positional: tuple[str | None, ...] = ()  # the types of arguments 1, 2, ...


def mismatch(wanted: Arguments, found: Arguments, strict: bool, *, all_unnamed: bool = False) -> Message | None:
    """Why a translation's arguments (found) do not fit its msgid's (wanted), or None. Strict: the
    same arguments; otherwise (a plural form used for a few n only) it may leave some out, but
    not an unnamed one where `all_unnamed` (Python's `%` with a tuple).

    >>> mismatch(Arguments(positional=("int",)), Arguments(positional=("str",)), True).code
    'catalog.format-type'
    >>> mismatch(Arguments({"n": None, "total": None}), Arguments({"n": None}), False) is None
    True
    """
    if (wanted.named and found.positional) or (wanted.positional and found.named):  # a mapping, a tuple
        return Message("catalog.format-kinds")
    for name in sorted(found.named):
        if name not in wanted.named:
            return Message("catalog.format-unknown-argument", {}, {"argument": cut(name)})
    if strict:
        for name in sorted(wanted.named):
            if name not in found.named:
                return Message("catalog.format-missing-argument", {}, {"argument": cut(name)})
    for name, kind in sorted(found.named.items()):
        if not _same(wanted.named[name], kind, strict):
            return Message("catalog.format-type", {}, {"argument": cut(name)})
    counts = len(wanted.positional), len(found.positional)
    if counts[0] != counts[1] if strict or all_unnamed else counts[1] > counts[0]:
        return Message("catalog.format-count", {"wanted": counts[0], "found": counts[1]})
    for number, (want, kind) in enumerate(zip(wanted.positional, found.positional, strict=False), 1):
        if not _same(want, kind, strict):
            return Message("catalog.format-type", {}, {"argument": str(number)})
    return None


def _same(wanted: str | None, found: str | None, strict: bool) -> bool:
    return wanted == found or (not strict and ANY in (wanted, found))
