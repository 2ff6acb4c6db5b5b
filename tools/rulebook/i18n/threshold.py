"""`rulebook status --fail-under PERCENT`: a share compared exactly, never through floats.

A float makes 99.1666… print as "99.2" and 99.2 itself inexact; a Fraction of the counts and of
the decimal the user typed compares exactly, and the message shows enough digits to see why.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from rulebook.i18n.state import Tally
from rulebook.problems import excerpt


def percent_argument(text: str) -> Fraction:
    """An argparse type: a decimal from 0 to 100; nan, inf and anything else is a usage error.

    >>> percent_argument("99.2"), percent_argument("100")
    (Fraction(496, 5), Fraction(100, 1))
    """
    try:
        if "/" in text:  # Fraction reads "1/3", which no decimal writes
            raise ValueError(text)
        value = Fraction(text.strip())  # refuses nan and inf: no Fraction has those values
    except ValueError:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a percentage (a number from 0 to 100)") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a percentage from 0 to 100")
    return value


def share(tally: Tally) -> Fraction:
    """The exact percentage of units up to date (100 when there is nothing to translate)."""
    return Fraction(100 * tally.translated, tally.total) if tally.total else Fraction(100)


def shown_under(value: Fraction, threshold: Fraction) -> str:
    """`value`, cut (never rounded up) to one decimal more than `threshold` needs, so that it
    reads as under it: 99.1666… against 99.2 is "99.16", not "99.2".

    >>> shown_under(Fraction(2380, 24), Fraction("99.2")), shown_under(Fraction(196, 2), Fraction(99))
    ('99.16', '98.0')
    """
    places = _decimal_places(threshold) + 1
    scaled = value.numerator * 10**places // value.denominator
    whole, part = divmod(scaled, 10**places)
    return f"{whole}.{part:0{places}d}"


def shown(threshold: Fraction) -> str:
    """The threshold as a decimal, exactly as typed in value: 99.2 is "99.2", 95 is "95".

    >>> shown(Fraction("99.20")), shown(Fraction("1e2"))
    ('99.2', '100')
    """
    places = _decimal_places(threshold)
    if not places:
        return str(threshold.numerator // threshold.denominator)
    whole, part = divmod(threshold.numerator * 10**places // threshold.denominator, 10**places)
    return f"{whole}.{part:0{places}d}"


def _decimal_places(value: Fraction) -> int:
    """How many decimals write `value` exactly (a decimal the user typed always has an end)."""
    places = 0
    while (value * 10**places).denominator != 1:
        places += 1
    return places
