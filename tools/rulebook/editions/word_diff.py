"""A word-level diff of two texts (difflib on word tokens, whitespace kept with its word)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

_TOKENS = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Piece:
    kind: str  # "same", "ins" or "del"
    text: str


def word_diff(old: str, new: str) -> list[Piece]:
    """The pieces that turn `old` into `new`, word by word.

    >>> [(p.kind, p.text) for p in word_diff("Roll two dice.", "Roll three dice.")]
    [('same', 'Roll '), ('del', 'two '), ('ins', 'three '), ('same', 'dice.')]
    """
    before, after = _TOKENS.findall(old), _TOKENS.findall(new)
    pieces = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(Piece("same", "".join(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(Piece("del", "".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(Piece("ins", "".join(after[j1:j2])))
    return pieces


def marked(pieces: list[Piece], escape: Callable[[str], str]) -> str:
    """The diff as HTML: `<del>` and `<ins>` around what changed, every text escaped by `escape`.

    >>> import html
    >>> marked(word_diff("a <b>", "a c"), html.escape)
    'a <del>&lt;b&gt;</del><ins>c</ins>'
    """
    tags = {"ins": ("<ins>", "</ins>"), "del": ("<del>", "</del>"), "same": ("", "")}
    out = []
    for piece in pieces:
        start, end = tags[piece.kind]
        # The space after a changed word stays outside the mark: it reads as a gap, not a change.
        core = piece.text.rstrip()
        out.append(f"{start}{escape(core)}{end}{escape(piece.text[len(core) :])}" if core else escape(piece.text))
    return "".join(out)


def terminal(pieces: list[Piece]) -> str:
    """The diff for a terminal, marked as wdiff marks it: [-removed-]{+added+}.

    >>> terminal(word_diff("Roll two dice.", "Roll three dice."))
    'Roll [-two-] {+three+} dice.'
    """
    marks = {"ins": ("{+", "+}"), "del": ("[-", "-]"), "same": ("", "")}
    out = []
    for piece in pieces:
        start, end = marks[piece.kind]
        core = piece.text.rstrip()
        out.append(f"{start}{core}{end}{piece.text[len(core) :]}" if core else piece.text)
    return "".join(out)
