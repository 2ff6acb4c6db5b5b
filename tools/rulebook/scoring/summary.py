"""A breakdown as `rulebook score` prints it, in any language: each step, then the winners and the
red token's fate. The words are the catalog's (N_): the page's calculator says the same ones, and
English without a catalog is what the command always printed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulebook.problems import one_line
from rulebook.scoring.outcome import N_, PLAYER, Line

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]

# TRANSLATORS: one line of `rulebook score`'s breakdown: a step ("Player 1") and its computation.
STEP = N_("{step}: {computation}")
TIEBREAK = N_("{winners} (a tiebreaker is needed)")
# TRANSLATORS: a game with a red token: who received the red token at the end, and where it went.
RED_TOKEN = N_("Red token")
# TRANSLATORS: the red token's receiver, then the player and the number of the shelf it went on.
RED_TOKEN_PLACED = N_("{player}, on {owner}'s shelf {n}")
# TRANSLATORS: a game with a red token: nobody received the red token, as the highest results are tied.
RED_TOKEN_NOBODY = N_("nobody (tied)")


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def label_words(line: Line, gettext: Gettext = str, ngettext: Ngettext = _english_plural) -> str:
    """The line's label template in the catalog's words; a player's name as a label is a name, not
    words to translate."""
    if line.code == PLAYER:
        return "{player}"
    if isinstance(line.label, tuple):
        return ngettext(*line.label, line.params["n"])
    return gettext(line.label)


def step_parts(line: Line, gettext: Gettext = str, ngettext: Ngettext = _english_plural) -> tuple[str, str]:
    """The step's label and its computation, each as the page's table shows them; the page's
    calculator says them the same way (window.rulebook.words.step).

    >>> from rulebook.scoring.outcome import Step
    >>> step_parts(Line("turn", "Turn {n}", (Step("×", (3, 3), 9),), {"n": 1}))
    ('Turn 1', '3 × 3 = 9')
    """
    computation = line.formula
    if line.result is not None:
        (singular, plural), n = line.result
        computation += f" → {ngettext(singular, plural, n).format(n=n)}"
    return label_words(line, gettext, ngettext).format(**line.params), computation


def step_text(line: Line, gettext: Gettext = str, ngettext: Ngettext = _english_plural) -> str:
    """One step on one line.

    >>> from rulebook.scoring.outcome import Step
    >>> step_text(Line("turn", "Turn {n}", (Step("×", (3, 3), 9),), {"n": 1}))
    'Turn 1: 3 × 3 = 9'
    """
    label, computation = step_parts(line, gettext, ngettext)
    text = gettext(STEP).format(step=label, computation=computation)
    return one_line(text)  # a player's name must not start a line of its own


def summary_lines(values: Mapping[str, Any], gettext: Gettext = str, ngettext: Ngettext = _english_plural) -> list[str]:
    """The winners, and in a game with a red token who received the red token and where it went.

    >>> summary_lines({"winners": ["Ann", "Bob"], "tiebreak": True})
    ['Winners: Ann, Bob (a tiebreaker is needed)']
    >>> summary_lines({"winners": ["Ann"], "red_token_to": "Bob", "red_token_shelf": {"player": "Bob", "shelf": 2}})
    ['Winner: Ann', "Red token: Bob, on Bob's shelf 2"]
    >>> summary_lines({"winners": ["Ann"], "red_token_to": None, "red_token_shelf": None})
    ['Winner: Ann', 'Red token: nobody (tied)']
    """
    winners = [one_line(name) for name in values["winners"]]
    names = ", ".join(winners)
    if values.get("tiebreak"):
        names = gettext(TIEBREAK).format(winners=names)
    lines = [gettext(STEP).format(step=ngettext("Winner", "Winners", len(winners)), computation=names)]
    if "red_token_to" in values:
        lines.append(gettext(STEP).format(step=gettext(RED_TOKEN), computation=red_token_text(values, gettext)))
    return lines


def red_token_text(values: Mapping[str, Any], gettext: Gettext = str) -> str:
    """Who received the red token, and on whose shelf it went; nobody when the results tie."""
    receiver, placed = values.get("red_token_to"), values.get("red_token_shelf")
    if receiver is None:
        return gettext(RED_TOKEN_NOBODY)
    if not placed:
        return one_line(receiver)
    return gettext(RED_TOKEN_PLACED).format(
        player=one_line(receiver), owner=one_line(placed["player"]), n=placed["shelf"]
    )
