"""The registry of problem codes: each kind of problem has a stable code (`yaml.duplicate-key`,
`schema.minimum`, `text.raw-html`) and English words, from which its message is rendered in any
language through the UI catalogs (locales/*/messages.po; `make messages` extracts the words).

A message is rendered from two mappings: `params`, JSON values that are part of the code's
contract (`rulebook check --json` prints them; calculator.js compares them), and `quoted`,
excerpts of the input (escaped and cut already) that the words show but the contract leaves out,
since strings from the input are hostile and unbounded. `quoted["field"]`, the field's path as
people read it, is said before the words: `units.rule.x.text: raw HTML is not allowed …`.

The registrations live in rulebook/problem_codes/words.py, one line each (dev/problem-codes.md lists them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulebook.problems import Problem

# A code: lowercase, dotted, `<layer>.<kebab-name>`; schema codes keep jsonschema's keyword
# (`schema.exclusiveMinimum`), as the contract with calculator.js says.
CODE_PATTERN = re.compile(r"^[a-z][a-z0-9]*(\.[a-z][a-zA-Z0-9]*(-[a-z0-9]+)*)+$")

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


@dataclass(frozen=True)
class Code:
    """One kind of problem: its code, its English words (a pair when they have plural forms) and
    the names its words use."""

    name: str
    words: str | tuple[str, str]
    params: tuple[str, ...] = ()  # JSON values, part of the contract
    quoted: tuple[str, ...] = ()  # excerpts of the input, for the words only
    count: str | None = None  # the param whose number (or list's length) chooses a plural form
    joined: str | None = "and"  # how a list param is said: "a, b and c" / "a, b or c"; None: as a literal
    literal: tuple[str, ...] = ()  # params shown as written in Python ('integer', ['a', 'b'])
    grouped: bool = True  # whole numbers with the language's digit grouping (5,001; 5 001)
    translated: tuple[str, ...] = ()  # quotes that are registered words (N_), said in the language

    @property
    def layer(self) -> str:
        return self.name.split(".", 1)[0]


CODES: dict[str, Code] = {}


def register(name: str, words: str | tuple[str, str], **details: Any) -> Code:
    if not CODE_PATTERN.match(name):
        raise ValueError(f"{name!r} is no code: <layer>.<kebab-name>")
    if name in CODES:
        raise ValueError(f"{name!r} is registered twice")
    code = Code(name, words, **details)
    CODES[name] = code
    return code


def registry() -> dict[str, Code]:
    """Every registered code (importing the words registers them)."""
    import rulebook.problem_codes.words  # noqa: F401

    return CODES


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def say(
    code: str,
    params: Mapping[str, Any],
    quoted: Mapping[str, str] | None = None,
    *,
    gettext: Gettext = str,
    ngettext: Ngettext = _english_plural,
    language: str = "en",
) -> str:
    """The message of a coded problem, in the language of `gettext` (English by default).

    >>> say("schema.minimum", {"limit": 2, "value": 1}, {"field": "a"})
    'a: 1 is less than the minimum of 2'
    >>> say("schema.required", {"missing": ["id", "name"]}, {"field": "(document)"})
    "(document): 'id' and 'name' are required"
    """
    entry = registry()[code]
    quoted = quoted or {}
    english = _said(entry, params, quoted, str, _english_plural, "en")
    if gettext is str:
        return english
    try:
        return _said(entry, params, quoted, gettext, ngettext, language)
    except (KeyError, IndexError, ValueError):  # a translation with a placeholder of its own: say the English
        return english


def _said(
    entry: Code,
    params: Mapping[str, Any],
    quoted: Mapping[str, str],
    gettext: Gettext,
    ngettext: Ngettext,
    language: str,
) -> str:
    if isinstance(entry.words, tuple):
        counted = params[entry.count] if entry.count else 1
        template = ngettext(*entry.words, len(counted) if isinstance(counted, list) else counted)
    else:
        template = gettext(entry.words)
    values = {name: _shown(entry, name, params[name], gettext, language) for name in entry.params}
    values |= {name: quoted[name] for name in entry.quoted}
    # A translated quote is itself words with the quotes as placeholders ("got {value}").
    values |= {name: gettext(quoted[name]).format(**quoted) if quoted[name] else "" for name in entry.translated}
    text = template.format(**values)
    if "field" not in quoted:
        return text
    # "{field}: {problem}", the language's way (French: a no-break space before the colon); the
    # calculator says its refusals with the same words.
    try:
        return gettext(FIELD).format(field=quoted["field"], problem=text)
    except (KeyError, IndexError, ValueError):
        return f"{quoted['field']}: {text}"


def _shown(entry: Code, name: str, value: Any, gettext: Gettext, language: str) -> str:
    if isinstance(value, list) and entry.joined is not None:
        items = [_shown(entry, name, item, gettext, language) for item in value]
        return joined(items, entry.joined, gettext)
    if name in entry.literal:  # values of the project's own schemas, not of the input
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and entry.grouped:
        from rulebook.text.locale_numbers import grouped

        return grouped(value, language)
    return str(value)


def said_in(problem: Problem, gettext: Gettext, ngettext: Ngettext, language: str) -> str:
    """A problem's message in a language; one without a registered code keeps its English."""
    if problem.code not in registry():
        return problem.message
    return say(problem.code, problem.params, problem.quoted, gettext=gettext, ngettext=ngettext, language=language)


def as_json(problem: Problem, message: str | None = None) -> dict[str, Any]:
    """A problem as `rulebook check --json` prints it."""
    return {
        "file": problem.file,
        "line": problem.line,
        "col": problem.col,
        "severity": problem.severity.value,
        "code": problem.code,
        "path": None if problem.path is None else list(problem.path),
        "params": dict(problem.params),
        "message": problem.message if message is None else message,
    }


def joined(items: list[str], conjunction: str, gettext: Gettext = str) -> str:
    """'a, b and c' or 'a, b or c', with the conjunction of the language.

    >>> joined(["'a'", "'b'", "'c'"], "and"), joined(["x"], "or")
    ("'a', 'b' and 'c'", 'x')
    """
    if len(items) < 2:
        return "".join(items)
    english = _CONJUNCTIONS[conjunction]
    try:
        return gettext(english).format(items=", ".join(items[:-1]), last=items[-1])
    except (KeyError, IndexError, ValueError):
        return english.format(items=", ".join(items[:-1]), last=items[-1])


def table() -> str:
    """The registry as dev/problem-codes.md lists it: code, English words and params, by layer."""
    rows = ["| code | English words | params |", "| --- | --- | --- |"]
    for name, code in registry().items():
        words = code.words[-1] if isinstance(code.words, tuple) else code.words
        params = ", ".join(f"`{param}`" for param in code.params) or "—"
        rows.append(f"| `{name}` | {words.replace('|', chr(92) + '|')} | {params} |")
    return "\n".join(rows)


def N_(message: str) -> str:
    """Mark words for extraction (`make messages`); they are translated when a message is said."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark words with plural forms for extraction (`pybabel extract -k Nn_:1,2`)."""
    return singular, plural


# TRANSLATORS: the end of a list, as in "a, b and c"; {items} is all but the last.
_AND = N_("{items} and {last}")
# TRANSLATORS: the end of a list of alternatives, as in "a number, a string or a list".
_OR = N_("{items} or {last}")
_CONJUNCTIONS = {"and": _AND, "or": _OR}
# TRANSLATORS: a refusal in the calculator's list of refusals: {field} names the field, {problem} says why.
FIELD = N_("{field}: {problem}")


@dataclass(frozen=True, eq=False)
class Message:
    """A coded message before it is placed in a file: what a check finds in one text."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    quoted: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return say(self.code, self.params, self.quoted)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.code, str(self)) == (other.code, str(other))

    def __hash__(self) -> int:
        return hash((self.code, str(self)))

    def __repr__(self) -> str:
        return f"<{self.code}: {self}>"
