"""A number as a language writes it (1 000 000 in French), whatever its number of digits."""

from __future__ import annotations

import decimal

from babel.numbers import format_decimal


def grouped(value: float, language: str) -> str:
    """Babel rounds in the current decimal context, 28 digits, and refuses a longer integer: the
    context is made as wide as the number, so that 10**30, which a YAML file may hold, is written
    out whole.

    >>> grouped(10**30, "en")
    '1,000,000,000,000,000,000,000,000,000,000'
    >>> grouped(-1234, "en"), grouped(1.5, "cs")
    ('-1,234', '1,5')
    """
    digits = len(str(abs(value))) if isinstance(value, int) else 310  # a float has at most 309 digits
    with decimal.localcontext() as context:
        context.prec = max(context.prec, digits + 10)
        return format_decimal(value, locale=language)
