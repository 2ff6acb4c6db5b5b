"""What scoring returns: values for `--json`, and a breakdown a person can follow."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import Any

from rulebook.problems import one_line

JsonPath = tuple[str | int, ...]
Words = str | tuple[str, str]


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


Number = int | float


@dataclass(frozen=True)
class Named:
    """An operand that belongs to a player: "Ann 4" (a name is data, never words to translate)."""

    player: str
    value: Number


@dataclass(frozen=True)
class Step:
    """One operation of a breakdown line: `operator` over `operands`, giving `result`.

    The operators: "+", "−" (the first operand less the others), "×", "" (a lone number, or the
    operand a line adds: "+ 50" with "+"), and "highest" (the one player with the highest value, or
    nobody: None). An operand is a number, a `Step` without result ("2 × 3" inside "120 − 2 × 3"),
    or a `Named` one. In a line's steps each step after the first goes on from the one before: its
    first operand is the result so far, which the line does not write again.

    >>> Step("×", (9, 3), 27).value(), Step("−", (120, Step("×", (2, 3)))).value()
    (27, 114)
    >>> ann, bob = Named("Ann", 4), Named("Bob", 0)
    >>> Step("highest", (ann, bob)).value(), Step("highest", (ann, Named("Cy", 4))).value()
    ('Ann', None)
    """

    operator: str
    operands: tuple[Number | Step | Named, ...]
    result: Number | str | None = None

    def value(self) -> Number | str | None:
        """What the operation computes: a test holds every step's `result` to it."""
        numbers = [operand_value(operand) for operand in self.operands]
        if self.operator == "highest":
            values = [operand.value for operand in self.operands if isinstance(operand, Named)]
            leaders = [
                operand.player
                for operand in self.operands
                if isinstance(operand, Named) and operand.value == max(values)
            ]
            return leaders[0] if len(leaders) == 1 else None
        if self.operator == "×":
            return prod(numbers)
        if self.operator == "−":
            return numbers[0] - sum(numbers[1:])
        return sum(numbers)  # "+", and "" of a lone number


def operand_value(operand: Number | Step | Named) -> Any:
    if isinstance(operand, Step):
        return operand.value()
    if isinstance(operand, Named):
        return operand.value
    return operand


def signed_operand(operand: Number | Step | Named) -> str:
    if isinstance(operand, Step):
        return _joined(operand.operator, operand.operands)
    if isinstance(operand, Named):
        return f"{operand.player} {signed(operand.value)}"
    return signed(operand)


def _joined(operator: str, operands: Sequence[Number | Step | Named], continued: bool = False) -> str:
    """Operands with their operator between them; a negative number added is taken away ("5 − 2").
    A step that goes on from the result so far starts with its operator."""
    if operator == "highest":
        return ", ".join(map(signed_operand, operands))
    text = ""
    for index, operand in enumerate(operands):
        if index == 0 and not continued:
            text = signed_operand(operand)
        elif operator == "+" and isinstance(operand, int | float) and operand < 0:
            text += f" − {signed(-operand)}"
        else:
            text += f" {operator} {signed_operand(operand)}"
    return text.strip()


def formula_text(steps: Sequence[Step]) -> str:
    """A line's steps in signs and digits only, which every language writes alike.

    >>> formula_text([Step("×", (9, 3), 27), Step("×", (27, 2), 54)])
    '9 × 3 = 27 × 2 = 54'
    >>> formula_text([Step("+", (5, 3, -2), 6), Step("×", (6, 2, 3), 36)])
    '5 + 3 − 2 = 6 × 2 × 3 = 36'
    >>> formula_text([Step("+", (50,))]), formula_text([Step("", (-4,))]), formula_text([Step("+", ())])
    ('+ 50', '−4', '0')
    >>> formula_text([Step("−", (120, Step("×", (2, 3))), 114)])
    '120 − 2 × 3 = 114'
    >>> formula_text([Step("highest", (Named("Ann", 4), Named("Bob", 0)), "Ann")])
    'Ann 4, Bob 0 → Ann'
    """
    text = ""
    for index, step in enumerate(steps):
        if index == 0:
            if len(step.operands) == 1 and step.operator not in ("", "highest"):
                text = f"{step.operator} {signed_operand(step.operands[0])}"  # what a line adds: "+ 50"
            else:
                text = _joined(step.operator, step.operands) or "0"
        else:
            text += f" {_joined(step.operator, step.operands[1:], continued=True)}"
        if step.operator == "highest":
            text += f" → {step.result if step.result is not None else '—'}"
        elif step.result is not None:
            text += f" = {signed(step.result) if not isinstance(step.result, str) else step.result}"
    return text


def _operand_meaning(operand: Number | Step | Named) -> Any:
    if isinstance(operand, Step):
        return step_meaning(operand)
    if isinstance(operand, Named):
        return {"player": operand.player, "value": operand.value}
    return operand


def step_meaning(step: Step) -> dict[str, Any]:
    """A step as data, as a game's calculator.js gives it."""
    return {
        "operator": step.operator,
        "operands": [_operand_meaning(operand) for operand in step.operands],
        "result": step.result,
    }


# The label of a line that is a player's name alone: a name, never words to translate.
PLAYER = "player"
SHARED_LINE_WORDS: dict[str, Words] = {PLAYER: "{player}"}


@dataclass(frozen=True)
class Line:
    """One line of a breakdown, as data: its `code` (a key of the scorer's LINE_WORDS, whose words
    are its label, a UI string with {fields} said with `params`), its arithmetic (`steps`), the id of
    the rule it applies (`rule`), and its result in words with plural forms (`result`, a code of
    LINE_WORDS and n). Python and each game's calculator.js give the same data; the command, the
    pages and the calculator say it through the same catalog strings."""

    code: str
    label: Words
    steps: tuple[Step, ...]
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    result_code: str = ""
    # The result's words with plural forms: ("{n} point", "{n} points") and n.
    result: tuple[tuple[str, str], int] | None = None

    @property
    def formula(self) -> str:
        return formula_text(self.steps)

    def english(self) -> str:
        label = self.label if isinstance(self.label, str) else self.label[0]
        text = f"{label.format(**self.params)}: {self.formula}"
        if self.result is not None:
            (singular, plural), n = self.result
            text += f" → {(singular if n == 1 else plural).format(n=n)}"
        return one_line(text)  # a player's name must not start a line of its own

    def meaning(self) -> dict[str, Any]:
        """The line as data: what a game's calculator.js gives for it, and the page says."""
        result = {"code": self.result_code, "n": self.result[1]} if self.result is not None else None
        return {
            "code": self.code,
            "params": dict(self.params),
            "steps": [step_meaning(step) for step in self.steps],
            "rule": self.rule,
            "result": result,
        }


def line(
    declared: Mapping[str, Words],
    code: str,
    steps: Sequence[Step],
    *,
    rule: str = "",
    result: tuple[str, int] | None = None,
    **params: Any,
) -> Line:
    """A breakdown line of the scorer's `code` (a key of its LINE_WORDS, or "player"), its result
    a code of LINE_WORDS with plural forms and its n.

    >>> words = {"round": N_("Round {n}"), "points": Nn_("{n} point", "{n} points")}
    >>> line(words, "round", [Step("×", (4, 3), 12)], rule="round-score", result=("points", 12), n=1).english()
    'Round 1: 4 × 3 = 12 → 12 points'
    """
    words = {**SHARED_LINE_WORDS, **declared}
    unit = None
    if result is not None:
        plural = words[result[0]]
        unit = (plural if isinstance(plural, tuple) else (plural, plural), result[1])
    return Line(code, words[code], tuple(steps), params, rule, result[0] if result else "", unit)


@dataclass
class Outcome:
    values: dict[str, Any]
    lines: list[Line]


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
