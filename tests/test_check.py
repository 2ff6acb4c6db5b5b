"""`rulebook check` on broken copies of the real files: one kind of problem each.

Each case breaks one file, then expects exit code 1 (0 for a warning), one message at the exact
`file:line:col` of the break, and every file left byte for byte as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import locate, run_cli, tree_digest
from rulebook.load.project import forget_read_files
from rulebook.validate import qa, text


@dataclass(frozen=True)
class Break:
    name: str
    file: str
    old: str
    new: str
    marker: str  # text inside `new` where the problem is located
    problem: str  # its code (rulebook/problem_codes/words.py)
    params: dict  # and its params, worked out from the break
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
        "yaml.duplicate-key",
        {"first": "{line_before}"},
    ),
    Break(
        "unknown key",
        "rules/rebus/fr.yaml",
        FR_BAGS,
        FR_BAGS + "    colour: bleu\n",
        "colour",
        "schema.additionalProperties",
        {"key": "colour"},
    ),
    Break(
        "unknown top-level key in game data",
        "rules/rebus/game.yaml",
        "name: REBUS\n",
        "name: REBUS\nplayers: 4\n",
        "players",
        "schema.additionalProperties",
        {"key": "players"},
    ),
    Break(
        "id only in a translation",
        "rules/rebus/fr.yaml",
        FR_BAGS,
        FR_BAGS + "    source: 8b431258bc48\n    status: draft\n  rule.extra:\n    text: Texte.\n",
        "rule.extra",
        "unit.nothing-to-translate",
        {"file": "en.yaml"},
    ),
    Break(
        "placeholder naming no fact",
        "rules/rebus/en.yaml",
        "{components.bags} bags",
        "{components.bagz} bags",
        "Separate the tiles",
        "text.unknown-placeholder",
        {"facts_file": "rebus/game.yaml"},
    ),
    Break(
        "translation dropping a placeholder",
        "rules/rebus/fr.yaml",
        "les {components.bags} sacs",
        "les trois sacs",
        "Répartissez",
        "text.placeholders-differ",
        {},
    ),
    Break(
        "number written out",
        "rules/rebus/en.yaml",
        "Highest score wins.",
        "Highest score (13) wins.",
        "Highest",
        "text.number-written-out",
        {},
    ),
    Break(
        "object-constructing tag",
        "rules/rebus/en.yaml",
        "text: Highest score wins.",
        'text: !!python/object/apply:os.system ["echo pwned"]',
        "!!python",
        "yaml.tag",
        {},
    ),
    Break(
        "script in text",
        "rules/rebus/en.yaml",
        "Highest score wins.",
        "Highest score <script>alert(1)</script> wins.",
        "Highest",
        "text.raw-html",
        {},
    ),
    Break(
        "raw HTML attribute trick",
        "rules/rebis/cs.yaml",
        "Ve hře Rebis neexistuje",
        '<img src=x onerror="alert()"> Ve hře Rebis neexistuje',
        "<img",
        "text.raw-html",
        {},
    ),
    Break(
        "alias",
        "rules/rebus/en.yaml",
        WINNER,
        "  rule.winner: &w\n    text: Highest score wins.\n  extra: *w\n",
        "*w",
        "yaml.alias",
        {},
    ),
    Break(
        "wrong type in game data",
        "rules/rebus/game.yaml",
        "tile_points: 3",
        "tile_points: [a]",
        "a]",
        "schema.type",
        {"expected": "number"},
    ),
    Break(
        "wrong kind of fact",
        "rules/rebus/game.yaml",
        "tile_points: 3",
        "tile_points: {a: 1}",
        "{a: 1}",
        "schema.oneOf",
        {"alternatives": ["a number", "a text", "a list of numbers"]},
    ),
    Break(
        "game id differing from its folder",
        "rules/rebis/game.yaml",
        "id: rebis\n",
        "id: rebis-two\nscoring: rebis\n",
        "rebis-two",
        "id.folder-mismatch",
        {},
    ),
    Break(
        "rule id used twice",
        "rules/oh-my-word/game.yaml",
        "rules: [own-tokens,",
        "rules: [receive-bag,",
        "receive-bag, change",
        "id.duplicate-anchor",
        {},
    ),
    Break(
        "missing translation is reported, not fatal",
        "rules/rebus/cs.yaml",
        "  rule.winner:\n",
        "  rule.winner-gone:\n",
        "units:",
        "unit.untranslated",
        {"language": "cs"},
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

    code, out, err = run_cli(capsys, "--root", str(project_copy), "check", "--json")

    line, col = locate(broken, case.marker)
    params = dict(case.params)
    if params.get("first") == "{line_before}":  # "first at line N": where the original key stands
        params["first"] = locate(broken, case.old.splitlines()[-1])[0]
    expected = {"file": case.file, "line": line, "col": col, "code": case.problem, "params": params}
    reported = [{key: problem[key] for key in expected} for problem in json.loads(out)["problems"]]
    assert code == case.code, out
    assert expected in reported, f"{expected}\n---\n{reported}"
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
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
    assert code == 1
    found = [(p["file"], p["line"], p["col"], p["code"], p["params"]) for p in json.loads(out)["problems"]]
    assert ("rules/rebis/fr.yaml", line, col, "yaml.utf-8", {"byte": "ff"}) in found


def test_syntax_error_names_where_the_unclosed_bracket_opened(project_copy: Path, capsys) -> None:
    path = project_copy / "rules/rebis/en.yaml"
    broken = path.read_text(encoding="utf-8").replace("  rule.hand-limit:\n", "  rule.hand-limit: [\n")
    path.write_text(broken, encoding="utf-8")
    line, col = locate(broken, "[\n")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
    assert code == 1
    problems = json.loads(out)["problems"]
    assert [(p["file"], p["code"], p["params"]) for p in problems] == [
        ("rules/rebis/en.yaml", "yaml.unclosed", {"line": line, "column": col})
    ]  # a file that cannot be read is not also reported as missing (unit.no-source-file)


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


def test_reading_on_every_core_finds_the_same_problems(project_copy: Path, monkeypatch) -> None:
    import rulebook.documents.reader as loading
    import rulebook.validate.check as checking
    from rulebook.validate.check import check_project

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


def test_a_re_check_in_the_same_process_follows_the_facts_that_texts_quote(project_copy: Path, capsys) -> None:
    """The text checks remember each unit's messages in a process (`rulebook serve` re-checks after
    every edit): a fact that a placeholder names, removed, is reported at once."""
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
    game = project_copy / "rules/rebus/game.yaml"
    clean = game.read_text(encoding="utf-8")
    assert clean.count("    bags: 3\n") == 1
    game.write_text(clean.replace("    bags: 3\n", "    sacks: 3\n"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
    found = {(problem["file"], problem["code"]) for problem in json.loads(out)["problems"]}
    assert code == 1 and ("rules/rebus/en.yaml", "text.unknown-placeholder") in found, out  # {components.bags}
    game.write_text(clean, encoding="utf-8")
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0


@pytest.mark.parametrize("checks", [qa, text], ids=["qa", "text"])
def test_with_the_cache_off_every_unit_is_judged_again(project_copy: Path, capsys, monkeypatch, checks) -> None:
    """RULEBOOK_CACHE=0 (mutation runs, cold timings) means no remembered work, a unit's messages
    included: every unit is judged again, though this process judged it a moment ago."""
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
    judged = []
    real = checks._unit_messages
    monkeypatch.setattr(checks, "_unit_messages", lambda *args: judged.append(args[1].id) or real(*args))
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
    assert {"rule.bags", "symbol.eye.description"} <= set(judged)
