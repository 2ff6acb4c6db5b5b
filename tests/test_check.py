"""`rulebook check` on broken copies of the real files: one kind of problem each.

Each case breaks one file, then expects exit code 1 (0 for a warning), one message at the exact
`file:line:col` of the break, and every file left byte for byte as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT, locate, run_cli, tree_digest
from rulebook.load.project import forget_read_files


@dataclass(frozen=True)
class Break:
    name: str
    file: str
    old: str
    new: str
    marker: str  # text inside `new` where the problem is located
    message: str
    code: int = 1


WINNER = "  rule.winner:\n    text: Highest score wins.\n"
FR_BAGS = "  rule.bags:\n    text: Répartissez les tuiles dans les {components.bags} sacs selon leur couleur.\n"

BREAKS = [
    Break(
        "duplicate key",
        "rules/rebus/en.yaml",
        WINNER,
        WINNER + "    text: Lowest score wins.\n",
        "text: Lowest",
        "duplicate key 'text' (first at line {line_before})",
    ),
    Break(
        "unknown key",
        "rules/rebus/fr.yaml",
        FR_BAGS,
        FR_BAGS + "    colour: bleu\n",
        "colour",
        "units.rule.bags.colour: unknown key 'colour'",
    ),
    Break(
        "unknown top-level key in game data",
        "rules/rebus/game.yaml",
        "name: REBUS\n",
        "name: REBUS\nplayers: 4\n",
        "players",
        "players: unknown key 'players'",
    ),
    Break(
        "id only in a translation",
        "rules/rebus/fr.yaml",
        FR_BAGS,
        FR_BAGS + "    source: 8b431258bc48\n    status: draft\n  rule.extra:\n    text: Texte.\n",
        "rule.extra",
        "units.rule.extra: not in en.yaml, so there is nothing it can translate; "
        "`rulebook rule delete rebus extra` removes it from every language",
    ),
    Break(
        "placeholder naming no fact",
        "rules/rebus/en.yaml",
        "{components.bags} bags",
        "{components.bagz} bags",
        "Separate the tiles",
        "units.rule.bags.text: placeholder {components.bagz} names no fact in rebus/game.yaml",
    ),
    Break(
        "translation dropping a placeholder",
        "rules/rebus/fr.yaml",
        "les {components.bags} sacs",
        "les trois sacs",
        "Répartissez",
        "units.rule.bags.text: placeholders (none) differ from the English {components.bags}",
    ),
    Break(
        "number written out",
        "rules/rebus/en.yaml",
        "Highest score wins.",
        "Highest score (13) wins.",
        "Highest",
        "units.rule.winner.text: the number 13 is written out; quote it from game.yaml with a placeholder",
    ),
    Break(
        "object-constructing tag",
        "rules/rebus/en.yaml",
        "text: Highest score wins.",
        'text: !!python/object/apply:os.system ["echo pwned"]',
        "!!python",
        "YAML tag '!!python/object/apply:os.system' is not allowed: tags are never constructed",
    ),
    Break(
        "script in text",
        "rules/rebus/en.yaml",
        "Highest score wins.",
        "Highest score <script>alert(1)</script> wins.",
        "Highest",
        "units.rule.winner.text: raw HTML is not allowed in text: '<script>'",
    ),
    Break(
        "raw HTML attribute trick",
        "rules/rebis/cs.yaml",
        "Ve hře Rebis neexistuje",
        '<img src=x onerror="alert()"> Ve hře Rebis neexistuje',
        "<img",
        "units.rule.hand-limit.text: raw HTML is not allowed in text: '<img src=x onerror=\"alert()\">'",
    ),
    Break(
        "alias",
        "rules/rebus/en.yaml",
        WINNER,
        "  rule.winner: &w\n    text: Highest score wins.\n  extra: *w\n",
        "*w",
        "alias '*w' is not allowed: write the value out",
    ),
    Break(
        "wrong type in game data",
        "rules/rebus/game.yaml",
        "tile_points: 3",
        "tile_points: [a]",
        "a]",
        "facts.scoring.tile_points[0]: 'a' is not of type 'number'",
    ),
    Break(
        "wrong kind of fact",
        "rules/rebus/game.yaml",
        "tile_points: 3",
        "tile_points: {a: 1}",
        "{a: 1}",
        "facts.scoring.tile_points: expected a number, a text or a list of numbers; got {'a': 1}",
    ),
    Break(
        "game id differing from its folder",
        "rules/rebis/game.yaml",
        "id: rebis\n",
        "id: rebis-two\nscoring: rebis\n",
        "rebis-two",
        "id: 'rebis-two' must equal the folder name 'rebis'",
    ),
    Break(
        "rule id used twice",
        "rules/oh-my-word/game.yaml",
        "rules: [own-tokens,",
        "rules: [receive-bag,",
        "receive-bag, change",
        "rule id 'receive-bag' is already used by a rule; ids are anchors and must be unique in a game",
    ),
    Break(
        "missing translation is reported, not fatal",
        "rules/rebus/cs.yaml",
        "  rule.winner:\n",
        "  rule.winner-gone:\n",
        "units:",
        "warning: units: 'rule.winner' has no cs translation yet",
        code=0,
    ),
]


@pytest.mark.parametrize("case", BREAKS, ids=[case.name for case in BREAKS])
def test_broken_copy_is_reported_at_its_place(case: Break, project_copy: Path, capsys) -> None:
    path = project_copy / case.file
    text = path.read_text(encoding="utf-8")
    assert text.count(case.old) == 1, "the case must break exactly one place"
    broken = text.replace(case.old, case.new)
    if case.name == "missing translation is reported, not fatal":
        broken = _drop_unit(broken, "rule.winner-gone")
    path.write_text(broken, encoding="utf-8")
    before = tree_digest(project_copy)

    code, out, err = run_cli(capsys, "--root", str(project_copy), "check")

    line, col = locate(broken, case.marker)
    message = case.message
    if "{line_before}" in message:  # "first at line N": where the original key stands
        message = message.format(line_before=locate(broken, case.old.splitlines()[-1])[0])
    expected = f"{case.file}:{line}:{col}: {message}"
    assert code == case.code, out
    assert any(reported.startswith(expected) for reported in out.splitlines()), f"{expected}\n---\n{out}"
    assert "Traceback" not in out + err
    assert tree_digest(project_copy) == before, "check must not modify any file"


def _drop_unit(text: str, unit_id: str) -> str:
    """Remove one unit block (its key line and the more indented lines after it)."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {unit_id}:"))
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "".join(lines[:start] + lines[end:])


def test_invalid_utf8_is_located(project_copy: Path, capsys) -> None:
    path = project_copy / "rules/rebis/fr.yaml"
    raw = path.read_bytes()
    offset = raw.index(b"Dans Rebis, il n")
    path.write_bytes(raw[:offset] + b"\xff" + raw[offset:])
    line = raw.count(b"\n", 0, offset) + 1
    col = offset - (raw.rfind(b"\n", 0, offset) + 1) + 1
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert f"rules/rebis/fr.yaml:{line}:{col}: invalid UTF-8: byte 0xff" in out


def test_syntax_error_names_where_the_unclosed_bracket_opened(project_copy: Path, capsys) -> None:
    path = project_copy / "rules/rebis/en.yaml"
    broken = path.read_text(encoding="utf-8").replace("  rule.hand-limit:\n", "  rule.hand-limit: [\n")
    path.write_text(broken, encoding="utf-8")
    line, col = locate(broken, "[\n")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert out.startswith("rules/rebis/en.yaml:")
    assert (
        f"YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence that starts "
        f"at line {line}, column {col})" in out
    )
    # A file that cannot be read is not also reported as missing.
    assert "no en.yaml" not in out


def test_every_problem_is_reported_in_one_run(project_copy: Path, capsys) -> None:
    for file, old, new in [
        ("rules/rebus/en.yaml", "Highest score wins.", "Highest score <b>wins</b>."),
        ("rules/rebis/en.yaml", "status: draft", "status: drafty"),
        ("rules/oh-my-word/cs.yaml", "language: cs", "language: cs\nextra: 1"),
    ]:
        path = project_copy / file
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    # (The English edit also makes rule.winner's translations outdated: warnings, not errors.)
    assert {line.split(":")[0] for line in out.splitlines() if ": warning: " not in line} == {
        "rules/rebus/en.yaml",
        "rules/rebis/en.yaml",
        "rules/oh-my-word/cs.yaml",
    }


def test_the_real_content_is_clean(capsys) -> None:
    code, out, err = run_cli(capsys, "--root", str(ROOT), "check")
    assert (code, out) == (0, "")
    assert err.startswith("0 error(s), 0 warning(s)")


def test_reading_on_every_core_finds_the_same_problems(project_copy: Path, monkeypatch) -> None:
    import rulebook.check as checking
    import rulebook.load.reader as loading
    from rulebook.check import check_project

    for file, old, new in [
        ("rules/rebus/en.yaml", "Highest score wins.", "Highest score <b>wins</b>."),
        ("rules/rebis/fr.yaml", "language: fr", "language: fr\nextra: 1"),
        ("rules/oh-my-word/cs.yaml", "language: cs", "language: cs\nlanguage: cs"),
    ]:
        path = project_copy / file
        path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(loading, "PARALLEL_FROM", 1)  # reading on every core
    monkeypatch.setattr(checking, "PARALLEL_FROM", 1)  # and checking each game on every core
    monkeypatch.setenv("RULEBOOK_CACHE", "0")  # both runs do all the work
    forget_read_files()
    _, in_parallel = check_project(project_copy, parallel=True)
    forget_read_files()
    _, in_sequence = check_project(project_copy, parallel=False)
    assert in_parallel == in_sequence
    assert len(in_sequence) >= 3
