"""Python's `str.format` strings (`#, python-brace-format`), read as msgfmt reads them: each
replacement field takes the argument its name starts with (`{total.value}` takes `total`), by name,
without a type; `{{` and `}}` are literal braces.
"""

from __future__ import annotations

import re
import string

from rulebook.i18n.msgfmt.directives import Arguments, Invalid

_FORMATTER = string.Formatter()
_ARGUMENT = re.compile(r"[^.\[]*")


def python_brace(text: str) -> Arguments:
    """The named arguments of a `str.format` string; Invalid with the reason.

    >>> python_brace("{n} of {total.value:>3} {{literal}}")
    Arguments(named={'n': None, 'total': None}, positional=())
    >>> python_brace("Step {")
    Traceback (most recent call last):
    ...
    rulebook.i18n.msgfmt.directives.Invalid: Single '{' encountered in format string
    """
    named: dict[str, str | None] = {}
    try:
        fields = [(name, spec) for _literal, name, spec, _conversion in _FORMATTER.parse(text) if name is not None]
    except ValueError as error:
        raise Invalid(str(error)) from None
    while fields:
        name, spec = fields.pop(0)
        argument = _ARGUMENT.match(name).group()
        if not argument:
            raise Invalid("a replacement field without an argument name")  # msgfmt numbers none for `{}`
        named[argument] = None
        if spec and "{" in spec:  # a nested field: `{value:{width}}`
            try:
                fields += [(inner, s) for _l, inner, s, _c in _FORMATTER.parse(spec) if inner is not None]
            except ValueError as error:
                raise Invalid(str(error)) from None
    return Arguments(named)
