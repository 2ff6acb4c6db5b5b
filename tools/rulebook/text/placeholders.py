"""Placeholders: how rule text quotes numbers from game data, formatted for each language.

A placeholder names a fact as `{group.name}`. Numbers are formatted by Babel for the language
(1.5 is "1,5" in French), and a list of numbers becomes that language's "or" list. A plural choice
(`{{group.name|one=…|other=…}}`, text/plural_choice.py) becomes the form for the fact's value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from babel.lists import format_list

from rulebook.text import plural_choice
from rulebook.text.locale_numbers import grouped

PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)\}")
# A digit written in text outside any placeholder: a number that does not come from game data.
_BARE_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_DIGIT = re.compile(r"\d")


def names(text: str) -> list[str]:
    """The placeholder names in a text, in order.

    >>> names("A {scoring.full_hand_bonus} point bonus for all {components.hand_cards} cards.")
    ['scoring.full_hand_bonus', 'components.hand_cards']
    """
    return PLACEHOLDER.findall(text)


def bare_numbers(text: str) -> Iterator[tuple[int, str]]:
    """Numbers written as digits outside placeholders, with their offset.

    >>> list(bare_numbers("up to {play.hand_limit} or 13 cards"))
    [(27, '13')]
    """
    if not _DIGIT.search(text):
        return  # most texts: no digit, in a placeholder's name or out of one
    blanked = PLACEHOLDER.sub(lambda m: " " * len(m.group(0)), text)
    for match in _BARE_NUMBER.finditer(blanked):
        yield match.start(), match.group(0)


def lookup(facts: Mapping[str, Any], name: str) -> Any:
    """The fact a placeholder names, or KeyError.

    >>> lookup({"scoring": {"card_points": 3}}, "scoring.card_points")
    3
    """
    value: Any = facts
    for part in name.split("."):
        if not isinstance(value, Mapping) or part not in value:
            raise KeyError(name)
        value = value[part]
    if isinstance(value, Mapping):
        raise KeyError(name)
    return value


def format_value(value: Any, language: str) -> str:
    """A fact as the language writes it.

    >>> format_value(1.5, "fr"), format_value(1.5, "en")
    ('1,5', '1.5')
    >>> format_value([1, 2, 3], "en"), format_value([1, 2, 3], "fr"), format_value([1, 2, 3], "cs")
    ('1, 2, or 3', '1, 2 ou 3', '1, 2 nebo 3')
    """
    if isinstance(value, bool):
        raise TypeError("facts are numbers, strings or lists of numbers")
    if isinstance(value, int | float):
        return _decimal(value, language)
    if isinstance(value, list):
        return format_list([format_value(item, language) for item in value], style="or", locale=language)
    return str(value)


@lru_cache(maxsize=4096, typed=True)  # typed: 1 and 1.0 are different facts
def _decimal(value: float, language: str) -> str:
    """Babel parses its locale and pattern again on every call; a rule book quotes few numbers."""
    return grouped(value, language)


def fill(text: str, facts: Mapping[str, Any], language: str) -> str:
    """Replace every placeholder with its formatted fact. Unknown names stay visible.

    >>> fill("{scoring.card_points} times the tiles", {"scoring": {"card_points": 3}}, "en")
    '3 times the tiles'
    """

    def replace(match: re.Match[str]) -> str:
        try:
            return format_value(lookup(facts, match.group(1)), language)
        except KeyError:
            return match.group(0)

    if "{{" in text:
        text = _choose_forms(text, facts, language)
    return PLACEHOLDER.sub(replace, text)


def _choose_forms(text: str, facts: Mapping[str, Any], language: str) -> str:
    """Each plural choice replaced by its form for the fact's value; one that cannot choose (which
    `rulebook check` reports) stays as written.

    >>> _choose_forms("{{a.n|one=kámen|few=kameny|other=kamenů}}", {"a": {"n": 3}}, "cs")
    'kameny'
    """
    parts, end = [], 0
    for choice in plural_choice.choices(text):
        try:
            value = lookup(facts, choice.name) if choice.name else None
        except KeyError:
            value = None
        numeric = isinstance(value, int | float) and not isinstance(value, bool)
        form = plural_choice.pick(choice, value, language) if numeric else None
        parts += [text[end : choice.offset], choice.written if form is None else form]
        end = choice.offset + len(choice.written)
    return "".join([*parts, text[end:]])
