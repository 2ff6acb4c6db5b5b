"""C's printf format strings (`#, c-format`), read as msgfmt reads ISO C's: `%`, an optional
argument number `n$`, flags `-+ #0'I`, a width and a precision (`*` or `*n$` takes an int), a size
(hh h l ll q L j z t) and a conversion. Either every directive numbers its argument or none does;
numbered arguments leave none out. (msgfmt also knows <inttypes.h>'s `<PRId64>` macros, which a UI
catalog of this toolkit never meets: they are refused here as an unknown conversion.)
"""

from __future__ import annotations

import re

from rulebook.i18n.msgfmt.directives import Arguments, Invalid

_DIRECTIVE = re.compile(
    r"%(?:(?P<number>[1-9][0-9]*)\$)?[-+ #0'I]*"
    r"(?P<width>\*(?:(?P<width_number>[1-9][0-9]*)\$)?|[0-9]+)?"
    r"(?:\.(?P<precision>\*(?:(?P<precision_number>[1-9][0-9]*)\$)?|[0-9]*))?"
    r"(?P<size>hh|h|ll|l|q|L|j|z|t)?(?P<conversion>.?)",
    re.DOTALL,
)
_BASE = dict.fromkeys("di", "int") | dict.fromkeys("ouxX", "unsigned int") | dict.fromkeys("eEfFgGaA", "double")
_BASE |= {"c": "char", "s": "string", "p": "pointer", "n": "count"}


def c_printf(text: str) -> Arguments:
    """The arguments of a printf format string, by position; Invalid with the reason.

    >>> c_printf("%d of %lu: %.*s %%")
    Arguments(named={}, positional=('int', 'l unsigned int', 'int', 'string'))
    >>> c_printf("%2$s %1$d").positional
    ('int', 'string')
    >>> c_printf("%1$s %s")
    Traceback (most recent call last):
    ...
    rulebook.i18n.msgfmt.directives.Invalid: some directives number their arguments, some do not
    """
    numbered: dict[int, str] = {}
    unnumbered: list[str] = []
    at = 0
    while (at := text.find("%", at)) >= 0:
        match = _DIRECTIVE.match(text, at)
        at = match.end()
        conversion = match["conversion"]
        if conversion == "%":
            continue
        if conversion not in _BASE:
            reason = f"{conversion!r} is not a conversion" if conversion else "the string ends in a directive"
            raise Invalid(reason)
        taken = [(match["width_number"], "int")] if (match["width"] or "").startswith("*") else []
        taken += [(match["precision_number"], "int")] if (match["precision"] or "").startswith("*") else []
        taken.append((match["number"], _typed(match["size"], conversion)))
        for number, kind in taken:
            if number is None:
                unnumbered.append(kind)
            elif numbered.setdefault(int(number), kind) != kind:
                raise Invalid(f"argument {number} is taken as two types")
        if numbered and unnumbered:
            raise Invalid("some directives number their arguments, some do not")
    if not numbered:
        return Arguments(positional=tuple(unnumbered))
    missing = sorted(set(range(1, max(numbered) + 1)) - set(numbered))
    if missing:
        raise Invalid(f"argument {missing[0]} is left out, though a later one is used")
    return Arguments(positional=tuple(numbered[number] for number in sorted(numbered)))


def _typed(size: str | None, conversion: str) -> str:
    """The argument's C type with its size (`%ld` takes a long, not an int; `%lf` is `%f`)."""
    base = _BASE[conversion]
    if base == "double":
        return "long double" if size == "L" else base
    return f"{_SIZES.get(size, size)} {base}" if size else base


_SIZES = {"q": "ll", "L": "ll"}  # three spellings of long long
