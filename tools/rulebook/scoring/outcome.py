"""What scoring returns: values for `--json`, and a breakdown a person can follow."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebook.problems import one_line

JsonPath = tuple[str | int, ...]


def N_(message: str) -> str:
    """Mark a UI string for extraction; the page renderer translates it."""
    return message


def form_word(message: str) -> str:
    """Mark a word of a game's calculator form (`pybabel extract -k form_word`); the page says it in
    its language, under the key its calculator.js reads (a scorer's FORM_WORDS)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a UI string with plural forms (`pybabel extract -k Nn_:1,2`)."""
    return singular, plural


@dataclass(frozen=True)
class Line:
    """One step of a breakdown: a label (a UI string with {fields}) and arithmetic in signs only."""

    label: str
    formula: str
    params: Mapping[str, Any] = field(default_factory=dict)
    # The line's result in words with plural forms: ("{n} point", "{n} points") and n.
    result: tuple[tuple[str, str], int] | None = None

    def english(self) -> str:
        text = f"{self.label.format(**self.params)}: {self.formula}"
        if self.result is not None:
            (singular, plural), n = self.result
            text += f" → {(singular if n == 1 else plural).format(n=n)}"
        return one_line(text)  # a player's name must not start a line of its own


@dataclass
class Outcome:
    values: dict[str, Any]
    lines: list[Line]


Words = str | tuple[str, str]


@dataclass(frozen=True)
class Reason:
    """Why a situation is refused: a stable `code` (`score.<kebab-name>`, declared in the game's
    scoring.py) and JSON-able `params`, which are the refusal's meaning (`rulebook score --json` and
    the browser's scorer give these); and words any language can say: English as a string, and
    through a catalog on a page (`say`). A message with plural forms (Nn_) chooses one by params["n"],
    and a list is written the language's way. Params never hold a text of the input: it is hostile
    and unbounded, and the form names the field it came from anyway.

    >>> one = "{n} tile placed, but a player holds only {rack}"
    >>> placed = Nn_(one, "{n} tiles placed, but a player holds only {rack}")
    >>> str(Reason(placed, {"n": 10, "rack": 9}))
    '10 tiles placed, but a player holds only 9'
    >>> str(Reason(N_("a bad luck token is worth {values}, not {value}"), {"values": [1, 2, 3], "value": 4}))
    'a bad luck token is worth 1, 2 or 3, not 4'
    """

    words: Words
    params: Mapping[str, Any] = field(default_factory=dict)
    code: str = ""

    def say(
        self,
        gettext: Callable[[str], str],
        ngettext: Callable[[str, str, int], str],
        list_words: Callable[[list[Any]], str],
    ) -> str:
        words = self.words
        template = ngettext(*words, self.params["n"]) if isinstance(words, tuple) else gettext(words)
        values = {key: list_words(value) if isinstance(value, list) else value for key, value in self.params.items()}
        return template.format(**values)

    def __str__(self) -> str:
        return self.say(lambda message: message, lambda one, many, n: one if n == 1 else many, _or_list)


def _or_list(values: list[Any]) -> str:
    """A list as the English refusals write it: "1, 2 or 3"."""
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])


def refusal(declared: Mapping[str, Words], code: str, **params: Any) -> Reason:
    """The game's refusal `code` (a key of its scoring.py's REFUSALS), said in the words declared for it.

    >>> str(refusal({"score.x": N_("{n} is too many")}, "score.x", n=3))
    '3 is too many'
    """
    return Reason(declared[code], params, code)


class Refused(Exception):
    """The situation is not a legal one; each problem names the field it concerns."""

    # A plain string is English only (a new game's template writes them; Reason says them in any language).
    def __init__(self, problems: Sequence[tuple[JsonPath, Reason | str]]):
        super().__init__("; ".join(str(reason) for _, reason in problems))
        self.problems = list(problems)


def signed(number: int | float) -> str:
    """A number as a formula shows it, with a true minus sign.

    >>> signed(-2), signed(3)
    ('−2', '3')
    """
    return f"−{-number}" if number < 0 else f"{number}"


def best(scores: Mapping[str, int | float], *, lowest: bool = False) -> list[str]:
    """Every player with the best score, in input order; ties give several.

    >>> best({"Ann": 5, "Bob": 7, "Cy": 7})
    ['Bob', 'Cy']
    >>> best({"Ann": 5, "Bob": 7, "Cy": 5}, lowest=True)
    ['Ann', 'Cy']
    >>> best({})
    []
    """
    if not scores:
        return []
    target = min(scores.values()) if lowest else max(scores.values())
    return [player for player, score in scores.items() if score == target]
