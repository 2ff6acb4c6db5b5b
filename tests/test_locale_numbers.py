"""Numbers of more digits than Babel's 28 are written whole (found by `make fuzz`, issue 48: a fact
of 10**30 in game.yaml ended `check` in exit 3 when its message grouped the digits)."""

from __future__ import annotations

from rulebook.problem_codes import Message
from rulebook.text.locale_numbers import grouped
from rulebook.text.placeholders import format_value

THIRTY_ZEROS_FR = "1" + "\u202f000" * 10  # French groups by three with a narrow no-break space
THIRTY_ZEROS_EN = "1" + ",000" * 10


def test_an_integer_of_31_digits_is_grouped_whole() -> None:
    assert grouped(10**30, "fr") == THIRTY_ZEROS_FR
    assert grouped(-(10**30), "en") == "-" + THIRTY_ZEROS_EN


def test_a_fact_of_31_digits_is_quoted_whole() -> None:
    assert format_value([10**30, 2], "en") == f"{THIRTY_ZEROS_EN} or 2"


def test_a_bound_message_about_31_digits_is_said() -> None:
    said = str(Message("schema.maximum", {"limit": 20, "value": 10**30}, {}))
    assert said == f"{THIRTY_ZEROS_EN} is greater than the maximum of 20"
