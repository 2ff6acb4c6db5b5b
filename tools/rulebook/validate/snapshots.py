"""A recorded edition's texts are text like any other (issue 46): a snapshot's file is hostile until
checked, and a new hash in editions.yaml is easy to write. Every string it holds (rule texts,
section titles, the English as written, and whatever else a snapshot comes to record) is judged by
what is judged of every unit's text, with the same codes, at its own line and column; every key by
what is judged of every key (control and bidi characters). `rulebook check` runs this where it reads
each game's history (validate/check.py), and `edition new`, `cite` and `diff` run only on content that
checks clean; editions/ sits below validate/ (tests/test_layers.py), so it does not call here.

Left out: what compares a unit with today's facts or today's English (a placeholder naming no fact,
a number written out, placeholders that differ). A snapshot records texts with their placeholders
filled, as readers saw them, and facts and English move on after an edition.
"""

from __future__ import annotations

from pathlib import Path

from rulebook.cache.store import Remembered
from rulebook.documents.reader import Reader
from rulebook.editions.history import History
from rulebook.editions.snapshot import snapshot_path
from rulebook.located.characters import character_dangers
from rulebook.located.document import Document, format_path
from rulebook.located.limits import strings
from rulebook.problems import Problem
from rulebook.text import placeholders, plural_choice
from rulebook.validate.safety import text_dangers

DATA = ("facts", "examples")
# By file and text, in this process: `rulebook check` and each command read the same snapshots.
_JUDGED: Remembered[list[Problem]] = Remembered(1_000)


def snapshot_problems(root: Path, history: History) -> list[Problem]:
    """What the snapshots' schema refuses, and every text in them that a unit could not hold (a
    missing snapshot is the history's problem: editions/history.py)."""
    reader = Reader(root)
    problems = []
    for edition in history.editions:
        path = snapshot_path(history.game_folder, edition.version)
        if path.is_file():
            document = reader.read(path, "snapshot.schema.json")
            problems += snapshot_text_problems(document) if document is not None else []
    return reader.problems + problems


def snapshot_text_problems(document: Document) -> list[Problem]:
    """Every string and key of a snapshot that a unit's text or a key could not hold, at its place."""
    key = (document.file, document.text) if document.text is not None else None
    found = _JUDGED.get(key) if key is not None else None
    if found is not None:
        return found
    found = []
    for path, text, is_key in strings(document.data):
        # Facts and examples are data (an example is its situation as JSON, braces and all), never
        # shown as Markdown: what is judged of them is what is judged of a key.
        data = is_key or path[0] in DATA
        messages = character_dangers(text) if data else text_dangers(text, _as_filled(text))
        found += [document.problem(path, message, key=is_key, field=format_path(path)) for message in messages]
    if key is not None:
        _JUDGED.put(key, found)
    return found


def _as_filled(text: str) -> str:
    """The text as Markdown would render it: a recorded text's placeholders are filled already, but
    the English as written keeps its own; a number stands in for each, as plain as a fact can be.

    >>> _as_filled("Score {scoring.points} {{scoring.points|one=point|other=points}}.")
    'Score 0 point points.'
    """
    return placeholders.PLACEHOLDER.sub("0", plural_choice.spelled_out(text))
