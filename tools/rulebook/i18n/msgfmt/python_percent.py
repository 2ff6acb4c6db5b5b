"""Python's `%` format strings (`#, python-format`), read as msgfmt reads them: a directive is `%`,
an optional `(name)` (its parentheses balanced), flags `-+ #0`, a width (`*` takes an argument),
a precision, a size `h l L`, and a conversion. Named and unnamed directives do not mix: the first
take a mapping, the second a tuple.
"""

from __future__ import annotations

from rulebook.i18n.msgfmt.directives import ANY, Arguments, Invalid

_TYPES = {"c": "char", "s": "string", "r": "string"} | dict.fromkeys("iduoxX", "int") | dict.fromkeys("eEfgG", "float")
_MIXED = "it refers to arguments both by name and without one"


def python_percent(text: str) -> Arguments:
    """The arguments of a `%` format string; Invalid with msgfmt's reason.

    >>> python_percent("%(n)d of %(total).1f %%")
    Arguments(named={'n': 'int', 'total': 'float'}, positional=())
    >>> python_percent("%*d %.0s")
    Arguments(named={}, positional=('int', 'int', 'any'))
    >>> python_percent("100 %")
    Traceback (most recent call last):
    ...
    rulebook.i18n.msgfmt.directives.Invalid: the string ends in the middle of a directive
    """
    named: dict[str, str | None] = {}
    positional: list[str | None] = []
    at, end = 0, len(text)
    while (at := text.find("%", at) + 1) > 0:
        name = None
        if at < end and text[at] == "(":
            at, name = _name(text, at + 1)
        while at < end and text[at] in "-+ #0":
            at += 1
        widths = []
        if at < end and text[at] == "*":
            widths.append("int")
            at += 1
        while at < end and text[at].isdigit():
            at += 1
        zero = False
        if at < end and text[at] == ".":
            at += 1
            if at < end and text[at] == "*":
                widths.append("int")
                at += 1
            elif at < end and text[at].isdigit():
                start = at
                while at < end and text[at].isdigit():
                    at += 1
                zero = set(text[start:at]) == {"0"}
        if widths and named:
            raise Invalid(_MIXED)
        positional += widths
        if at < end and text[at] in "hlL":
            at += 1
        if at >= end:
            raise Invalid("the string ends in the middle of a directive")
        conversion = text[at]
        at += 1
        if conversion == "%":
            continue
        if conversion not in _TYPES:
            raise Invalid(f"{conversion!r} is not a conversion")
        kind = ANY if zero and conversion in "sr" else _TYPES[conversion]
        if name is not None:
            if positional:
                raise Invalid(_MIXED)
            before = named.get(name, ANY)
            if ANY not in (before, kind) and before != kind:
                raise Invalid(f"it refers to the argument {name!r} in incompatible ways")
            named[name] = kind if before == ANY else before
        else:
            if named:
                raise Invalid(_MIXED)
            positional.append(kind)
    return Arguments(named, tuple(positional))


def _name(text: str, at: int) -> tuple[int, str]:
    """Past a `(name)` whose `(` is before `at`: where the directive goes on, and the name."""
    depth, start = 0, at
    while at < len(text):
        if text[at] == "(":
            depth += 1
        elif text[at] == ")":
            if depth == 0:
                return at + 1, text[start:at]
            depth -= 1
        at += 1
    raise Invalid("the string ends in the middle of a directive")
