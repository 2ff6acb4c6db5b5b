"""Plural choices: a text picks a word's form by the CLDR plural category of a number fact.

    vytáhne {setup.cards_per_player} {{setup.cards_per_player|one=kamínek|few=kamínky|other=kamínků}}

The number itself stays a `{group.name}` placeholder; the choice beside it names the same fact and
gives one form per category of the language (Czech: one, few, other; French: one, many, other;
English: one, other), which the site picks from the fact's value. The braces are doubled because
our PO entries are `python-brace-format`: there `{{` and `}}` are literal braces, so `msgfmt
--check` and Weblate's python-brace-format check see only the msgid's own placeholders and accept
the choice, where a `{name:…}` format spec or an ICU `{name, plural, …}` is refused by both.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from babel import Locale

# Any doubled-brace group is meant as a choice; what does not parse is reported, never shown raw.
CHOICE = re.compile(r"\{\{(?P<body>[^{}]*)\}\}")
_BODY = re.compile(r"(?P<name>[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)(?P<forms>(?:\|[a-z]+=[^|=]+)+)")
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's, in its order
SYNTAX = "{{group.name|one=…|other=…}}"


@dataclass(frozen=True)
class Choice:
    offset: int  # where the choice starts in its text
    written: str  # the choice as written, braces included
    name: str | None  # the fact it names; None when the choice does not parse
    forms: dict[str, str]  # category → form; empty when it does not parse


def choices(text: str) -> Iterator[Choice]:
    """The plural choices of a text, parsed.

    >>> [c.forms for c in choices("{n} {{a.n|one=den|few=dny|other=dní}}")]
    [{'one': 'den', 'few': 'dny', 'other': 'dní'}]
    >>> [c.name for c in choices("{{a.n one=den}} {{a.n|one=den|one=dny}}")]
    [None, None]
    """
    for match in CHOICE.finditer(text):
        body = _BODY.fullmatch(match["body"])
        forms: dict[str, str] = {}
        if body is not None:
            pairs = [part.split("=", 1) for part in body["forms"].split("|")[1:]]
            forms = dict(pairs)
            if len(forms) < len(pairs):  # a category given twice
                body, forms = None, {}
        yield Choice(match.start(), match.group(0), body["name"] if body else None, forms)


def without_choices(text: str) -> str:
    """The text with each choice blanked, for checks that look for stray braces.

    >>> without_choices("{n} {{a.n|one=x|other=y}}.")
    '{n}  .'
    """
    return CHOICE.sub(" ", text)


def spelled_out(text: str) -> str:
    """The text with each choice replaced by all its forms, for checks of the words (terminology).

    >>> spelled_out("{n} {{a.n|one=žeton|other=žetonů}} smůly")
    '{n} žeton žetonů smůly'
    """
    return CHOICE.sub(lambda match: " ".join(next(choices(match.group(0))).forms.values()) or " ", text)


@cache
def categories(language: str, whole: bool) -> tuple[str, ...]:
    """The CLDR categories a number takes in a language: for whole numbers, those some integer
    reaches (Czech `many` is for decimals only; French `many` is for 1 000 000 and such); for
    decimals, every category of the language.

    >>> categories("cs", True), categories("cs", False), categories("fr", True), categories("en", True)
    (('one', 'few', 'other'), ('one', 'few', 'many', 'other'), ('one', 'many', 'other'), ('one', 'other'))
    """
    rule = Locale.parse(language).plural_form
    samples = [*range(1001), *(10**k for k in range(4, 13))]  # CLDR's integer rules look at most at i % 1000000
    found = {rule(n) for n in samples} if whole else {*rule.tags, "other"}
    return tuple(category for category in CATEGORIES if category in found)


def category(value: float, language: str) -> str:
    """The CLDR plural category of a number in a language.

    >>> category(1, "cs"), category(3, "cs"), category(5, "cs"), category(1.5, "cs"), category(0, "fr")
    ('one', 'few', 'other', 'many', 'one')

    A fact of .nan or .inf (make fuzz, issue 48: Babel's int(nan) was exit 3) takes the general form:

    >>> category(float("nan"), "cs"), category(float("inf"), "fr")
    ('other', 'other')
    """
    if isinstance(value, float) and not math.isfinite(value):
        return "other"
    return Locale.parse(language).plural_form(value)


def pick(choice: Choice, value: float, language: str) -> str | None:
    """The form a choice gives for a value; None when it has none for that category."""
    return choice.forms.get(category(value, language))
