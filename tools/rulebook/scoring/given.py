"""What a situation gives, in the words of the game's calculator form: the quiz shows a worked
example's input this way, so that a reader sees the situation without its answer.

A game's scorer says it with `given(document, facts)`, a list of `Given`, or None for an input it
has no words for (that example stays out of the quiz). Labels are UI strings (`form_word`), said
in the page's language; values are numbers, or a UI string when `word` is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Given:
    """One field of a situation: `label` (with `params`), under a group such as a player or a
    part of the table (`group`, with `group_params`), and its value."""

    label: str
    value: int | str
    params: Mapping[str, Any] = field(default_factory=dict)
    group: str | None = None
    group_params: Mapping[str, Any] = field(default_factory=dict)
    word: bool = False  # the value is a UI string to translate, not a number

    def english(self) -> str:
        """The field as one line of English.

        >>> Given("Cards in hand", 5, group="Player {n}", group_params={"n": 1}).english()
        'Player 1 · Cards in hand: 5'
        """
        label = self.label.format(**self.params)
        if self.group is not None:
            label = f"{self.group.format(**self.group_params)} · {label}"
        return f"{label}: {self.value}"
