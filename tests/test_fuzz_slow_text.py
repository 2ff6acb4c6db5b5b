"""How long `rulebook check`, the build and `rulebook i18n import` take with the slowest texts
planted into the content, against the content alone, measured in the same run (issue 23, part 4).

`make fuzz` plants every pattern of tests/slow_text.py at three sizes (the largest text the
bounds of located/limits.py accept, 50,000 characters, 1 MB) and a 50 MB text, one at a time, and
prints per command the slowest text with its time: no text may add more than 10 s. `make test`
runs one small case, untimed, to keep this code working; tests/test_text_limits.py proves there
that each pattern is refused, with its place.

The content is the project's whole (rules/project.yaml, whatever it lists), not a fixture: a text's cost
may grow with what else the project holds (a check that compares it with every other text), and the
allowance is for the project as it is. The text is planted in its first game, in place of that game's
first section heading (one plain line in every file), and imported in its second language.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import escape

from harness import FUZZING, SLOW_TEXT_ROWS
from hostile import copy_project
from rulebook.load.project import load_project
from rulebook.located import limits
from slow_text import LENGTH_ONLY, SLOW_PATTERNS

EXTRA_ALLOWED = 10.0  # seconds a text may add to a command
TIMEOUT = 600  # seconds: a command still running then has failed by far


def at_the_bounds(name: str) -> str:
    """The largest text of a pattern that the bounds accept: as much of the pattern as the markup
    bound allows, then plain words up to the length bound."""
    text = SLOW_PATTERNS[name](limits.MAX_TEXT_LENGTH)
    if name not in LENGTH_ONLY:
        text = _markup_prefix(text, limits.MAX_MARKUP)
    filler = SLOW_PATTERNS["plain text"](limits.MAX_TEXT_LENGTH)
    return (text + " " + filler)[: limits.MAX_TEXT_LENGTH]


def _markup_prefix(text: str, most: int) -> str:
    count = 0
    for position, char in enumerate(text):
        count += char in limits.MARKUP_CHARACTERS
        if count > most:
            return text[:position]
    return text


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    fact: str | None = None  # a string fact `{slow.text}` the text quotes, planted in game.yaml


# The schema's longest string fact, with as much markup as a string may hold; quoted by as many
# placeholders as a text may hold, it fills a text over both bounds.
SLOW_FACT = "[" * limits.MAX_MARKUP + "a" * (200 - limits.MAX_MARKUP)
FILLED = Case("string facts filling a text", " ".join(["{slow.text}"] * limits.MAX_MARKUP), SLOW_FACT)


def worst_cases() -> list[Case]:
    cases = []
    for name, pattern in SLOW_PATTERNS.items():
        cases.append(Case(f"{name}, at the bounds", at_the_bounds(name)))
        cases.append(Case(f"{name}, 50,000 characters", pattern(50_000)))
        cases.append(Case(f"{name}, 1 MB", pattern(1_000_000)))
    cases.append(Case("plain text, 50 MB", SLOW_PATTERNS["plain text"](50_000_000)))
    return [*cases, FILLED]


SMOKE = [Case("run of [, 50,000 characters", SLOW_PATTERNS["run of ["](50_000)), FILLED]


@dataclass(frozen=True)
class Place:
    """Where the text is planted: a game's files, and a unit of its words whose text is one plain line."""

    game: str
    source: str  # the project's first language: the words planted in
    target: str  # its second: the PO file exported and imported
    unit: str

    @property
    def words(self) -> str:
        return f"rules/{self.game}/{self.source}.yaml"

    @property
    def facts(self) -> str:
        return f"rules/{self.game}/game.yaml"


def place_in(root: Path) -> Place:
    """The project's first game, and the first section of its game.yaml whose heading is one plain line."""
    project = load_project(root).project
    assert project is not None and len(project.languages) >= 2
    game = project.games[0]
    source = (root / "rules" / game.id / f"{project.source_language}.yaml").read_text(encoding="utf-8")
    one_line = [
        section.id
        for section in game.sections
        if re.search(rf"^  section\.{re.escape(section.id)}:\n    text: [^\n]+\n(?!     )", source, re.MULTILINE)
    ]
    assert one_line, game.id
    return Place(game.id, project.source_language, project.languages[1], f"section.{one_line[0]}")


def plant_in_words(root: Path, place: Place, text: str) -> None:
    """The text as the unit's source words, written as a JSON string (which YAML reads): other lines stay."""
    path = root / place.words
    original = path.read_text(encoding="utf-8")
    pattern = re.compile(rf"^(  {re.escape(place.unit)}:\n    text: ).*$", re.MULTILINE)
    assert len(pattern.findall(original)) == 1
    value = json.dumps(text, ensure_ascii=False)
    path.write_text(pattern.sub(lambda match: match.group(1) + value, original), encoding="utf-8")


def plant_fact(root: Path, place: Place, fact: str) -> None:
    path = root / place.facts
    original = path.read_text(encoding="utf-8")
    assert original.count("\nfacts:\n") == 1
    path.write_text(
        original.replace("\nfacts:\n", f"\nfacts:\n  slow:\n    text: {json.dumps(fact)}\n"), encoding="utf-8"
    )


def plant_in_po(po: Path, planted: Path, unit: str, text: str) -> None:
    """A copy of an exported PO file with the unit's msgstr replaced by the text."""
    lines = po.read_text(encoding="utf-8").split("\n")
    start = lines.index(f'msgctxt "{unit}"')
    msgstr = next(index for index in range(start, len(lines)) if lines[index].startswith("msgstr "))
    end = msgstr + 1
    while end < len(lines) and lines[end].startswith('"'):
        end += 1
    lines[msgstr:end] = [f"msgstr {escape(text)}"]
    planted.write_text("\n".join(lines), encoding="utf-8")


def seconds(argv: list[str], cwd: Path, *, must_pass: bool = False) -> float:
    """How long a command takes in a process of its own, the toolkit's cache off (the work itself).
    `must_pass`: the command must exit 0 (the content alone)."""
    env = {**os.environ, "RULEBOOK_CACHE": "0", "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    with contextlib.suppress(subprocess.TimeoutExpired):  # counted as the time it was given
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)
        assert not must_pass or done.returncode == 0, (argv, done.stdout[-2000:], done.stderr[-2000:])
    return time.perf_counter() - start


def commands(root: Path, po: Path) -> dict[str, list[str]]:
    rulebook = [sys.executable, "-m", "rulebook.cli", "--root", str(root)]
    return {
        "rulebook check": [*rulebook, "check"],
        "mkdocs build --strict": [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(root / "site")],
        "rulebook i18n import": [*rulebook, "i18n", "import", str(po)],
    }


@pytest.mark.fuzz
def test_no_text_adds_more_than_ten_seconds_to_a_command(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project", site=True)
    place = place_in(root)
    exported = tmp_path / "exported"
    rulebook = [sys.executable, "-m", "rulebook.cli", "--root", str(root)]
    export = ["i18n", "export", place.target, "--game", place.game, "-o", str(exported)]
    subprocess.run([*rulebook, *export], check=True)
    po, planted_po = exported / f"{place.game}.{place.target}.po", tmp_path / f"planted.{place.target}.po"
    # What a command may change, put back after each: the planted words and fact, an imported translation.
    translated = f"rules/{place.game}/{place.target}.yaml"
    kept = {path: path.read_bytes() for path in (root / place.words, root / place.facts, root / translated)}
    wanted = commands(root, po)
    if not FUZZING:  # a site build takes a minute: not in `make test`
        del wanted["mkdocs build --strict"]
    # The machine is shared: the better of two runs for the content alone, and for a slow text that
    # seems over the allowance.
    baseline = {command: min(seconds(argv, root, must_pass=True) for _ in range(2)) for command, argv in wanted.items()}
    wanted["rulebook i18n import"][-1] = str(planted_po)
    worst: dict[str, tuple[float, str]] = {}
    for case in worst_cases() if FUZZING else SMOKE:
        plant_in_po(po, planted_po, place.unit, case.text)
        for command, argv in wanted.items():
            for path, data in kept.items():
                path.write_bytes(data)
            if case.fact is not None:
                plant_fact(root, place, case.fact)
            if command != "rulebook i18n import":  # the import's text enters by the PO file alone
                plant_in_words(root, place, case.text)
            taken = seconds(argv, root)
            if taken - baseline[command] > EXTRA_ALLOWED:
                taken = min(taken, seconds(argv, root))
            if taken > worst.get(command, (-1.0, ""))[0]:
                worst[command] = (taken, case.name)
    SLOW_TEXT_ROWS.extend(
        (command, name, taken, baseline[command], taken - baseline[command]) for command, (taken, name) in worst.items()
    )
    assert set(worst) == set(baseline)
    if FUZZING:
        too_slow = {command: row for command, row in worst.items() if row[0] - baseline[command] > EXTRA_ALLOWED}
        assert not too_slow, too_slow
