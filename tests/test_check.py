"""`rulebook check` on broken copies of the translated fixture (fixture_games.py: alpha, scored, and beta, in
en, fr and cs): one kind of problem each.

Each case breaks one file, then expects exit code 1 (0 for a warning), one message at the exact
`file:line:col` of the break, and every file left byte for byte as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import locate, run_cli, tree_digest
from fixture_games import with_glossary
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


# alpha's English rule.winner, and its French section.overview and rule.players (fixture_games.TRANSLATIONS).
WINNER = (
    "  rule.winner:\n"
    "    text: After {scoring.rounds} rounds, each player adds up the points they scored; the highest total wins.\n"
)
FR_OVERVIEW = "  section.overview:\n    text: Aperçu\n"
FR_PLAYERS = "    text: Le jeu se joue de {players.min} à {players.max} joueurs.\n"

BREAKS = [
    Break(
        "duplicate key",
        "rules/alpha/en.yaml",
        WINNER,
        WINNER + "    text: Lowest score wins.\n",
        "text: Lowest",
        "yaml.duplicate-key",
        {"first": "{line_before}"},
    ),
    Break(
        "unknown key",
        "rules/alpha/fr.yaml",
        FR_PLAYERS,
        FR_PLAYERS + "    colour: bleu\n",
        "colour",
        "schema.additionalProperties",
        {"key": "colour"},
    ),
    Break(
        "unknown top-level key in game data",
        "rules/alpha/game.yaml",
        'name: "Alpha"\n',
        'name: "Alpha"\nplayers: 4\n',
        "players: 4",
        "schema.additionalProperties",
        {"key": "players"},
    ),
    Break(
        "id only in a translation",
        "rules/alpha/fr.yaml",
        FR_OVERVIEW,
        '  rule.extra:\n    text: Texte.\n    source: "71bcbbbe19ba"\n    status: draft\n' + FR_OVERVIEW,
        "rule.extra",
        "unit.nothing-to-translate",
        {"file": "en.yaml"},
    ),
    Break(
        "placeholder naming no fact",
        "rules/alpha/en.yaml",
        "for {players.min} to {players.max} players.",
        "for {players.mni} to {players.max} players.",
        "The game is for",
        "text.unknown-placeholder",
        {"facts_file": "alpha/game.yaml"},
    ),
    Break(
        "translation dropping a placeholder",
        "rules/alpha/fr.yaml",
        "de {players.min} à",
        "de deux à",
        "Le jeu se joue",
        "text.placeholders-differ",
        {},
    ),
    Break(
        "number written out",
        "rules/alpha/en.yaml",
        "the highest total wins.",
        "the highest total (13) wins.",
        "After {scoring.rounds}",
        "text.number-written-out",
        {},
    ),
    Break(
        "object-constructing tag",
        "rules/alpha/en.yaml",
        WINNER.splitlines()[1].strip(),
        'text: !!python/object/apply:os.system ["echo pwned"]',
        "!!python",
        "yaml.tag",
        {},
    ),
    Break(
        "script in text",
        "rules/alpha/en.yaml",
        "the highest total wins.",
        "the highest total <script>alert(1)</script> wins.",
        "After {scoring.rounds}",
        "text.raw-html",
        {},
    ),
    Break(
        "raw HTML attribute trick",
        "rules/beta/cs.yaml",
        "text: Hru hrají",
        'text: <img src=x onerror="alert()"> Hru hrají',
        "<img",
        "text.raw-html",
        {},
    ),
    Break(
        "alias",
        "rules/alpha/en.yaml",
        WINNER,
        WINNER.replace("  rule.winner:\n", "  rule.winner: &w\n") + "  extra: *w\n",
        "*w",
        "yaml.alias",
        {},
    ),
    Break(
        "wrong type in game data",
        "rules/beta/game.yaml",
        "max: 4",
        "max: [a]",
        "a]",
        "schema.type",
        {"expected": "number"},
    ),
    Break(
        "wrong kind of fact",
        "rules/beta/game.yaml",
        "max: 4",
        "max: {a: 1}",
        "{a: 1}",
        "schema.oneOf",
        {"alternatives": ["a number", "a text", "a list of numbers"]},
    ),
    Break(
        "game id differing from its folder",
        "rules/alpha/game.yaml",
        "id: alpha\n",
        "id: alpha-two\nscoring: alpha\n",
        "alpha-two",
        "id.folder-mismatch",
        {},
    ),
    Break(
        "rule id used twice",
        "rules/alpha/game.yaml",
        "rules: [players, winner]",
        "rules: [players, winner, players]",
        "players]",
        "id.duplicate-anchor",
        {},
    ),
    Break(
        "missing translation is reported, not fatal",
        "rules/alpha/cs.yaml",
        "  rule.winner:\n",
        "  rule.winner-gone:\n",
        "units:",
        "unit.untranslated",
        {"language": "cs"},
        code=0,
    ),
]


@pytest.mark.parametrize("case", BREAKS, ids=[case.name for case in BREAKS])
def test_broken_copy_is_reported_at_its_place(case: Break, translated_project: Path, capsys) -> None:
    path = translated_project / case.file
    text = path.read_text(encoding="utf-8")
    assert text.count(case.old) == 1, "the case must break exactly one place"
    broken = text.replace(case.old, case.new)
    if case.name == "missing translation is reported, not fatal":
        broken = _drop_unit(broken, "rule.winner-gone")
    path.write_text(broken, encoding="utf-8")
    before = tree_digest(translated_project)

    code, out, err = run_cli(capsys, "--root", str(translated_project), "check", "--json")

    line, col = locate(broken, case.marker)
    params = dict(case.params)
    if params.get("first") == "{line_before}":  # "first at line N": where the original key stands
        params["first"] = locate(broken, case.old.splitlines()[-1])[0]
    expected = {"file": case.file, "line": line, "col": col, "code": case.problem, "params": params}
    reported = [{key: problem[key] for key in expected} for problem in json.loads(out)["problems"]]
    assert code == case.code, out
    assert expected in reported, f"{expected}\n---\n{reported}"
    assert "Traceback" not in out + err
    assert tree_digest(translated_project) == before, "check must not modify any file"


def _drop_unit(text: str, unit_id: str) -> str:
    """Remove one unit block (its key line and the more indented lines after it)."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {unit_id}:"))
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "".join(lines[:start] + lines[end:])


def test_invalid_utf8_is_located(translated_project: Path, capsys) -> None:
    path = translated_project / "rules/beta/fr.yaml"
    raw = path.read_bytes()
    offset = raw.index(b"Le jeu se joue")
    path.write_bytes(raw[:offset] + b"\xff" + raw[offset:])
    line = raw.count(b"\n", 0, offset) + 1
    col = offset - (raw.rfind(b"\n", 0, offset) + 1) + 1
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check", "--json")
    assert code == 1
    found = [(p["file"], p["line"], p["col"], p["code"], p["params"]) for p in json.loads(out)["problems"]]
    assert ("rules/beta/fr.yaml", line, col, "yaml.utf-8", {"byte": "ff"}) in found


def test_syntax_error_names_where_the_unclosed_bracket_opened(translated_project: Path, capsys) -> None:
    path = translated_project / "rules/beta/en.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("  rule.players:\n") == 1
    broken = text.replace("  rule.players:\n", "  rule.players: [\n")
    path.write_text(broken, encoding="utf-8")
    line, col = locate(broken, "[\n")
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check", "--json")
    assert code == 1
    problems = json.loads(out)["problems"]
    assert [(p["file"], p["code"], p["params"]) for p in problems] == [
        ("rules/beta/en.yaml", "yaml.unclosed", {"line": line, "column": col})
    ]  # a file that cannot be read is not also reported as missing (unit.no-source-file)


# One break in each of three files of both games: an HTML tag in alpha's English, a status no words
# file knows in beta's French, an unknown top-level key (or a second `language`) in alpha's Czech.
def _break_three_files(root: Path, czech: str) -> None:
    for file, old, new in [
        ("rules/alpha/en.yaml", "the highest total wins.", "the highest total <b>wins</b>."),
        ("rules/beta/fr.yaml", "status: draft", "status: drafty"),
        ("rules/alpha/cs.yaml", "language: cs", f"language: cs\n{czech}"),
    ]:
        path = root / file
        text = path.read_text(encoding="utf-8")
        assert old in text, (file, old)
        path.write_text(text.replace(old, new), encoding="utf-8")


def test_every_problem_is_reported_in_one_run(translated_project: Path, capsys) -> None:
    _break_three_files(translated_project, "extra: 1")
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check")
    assert code == 1
    # (The English edit also makes rule.winner's translations outdated: warnings, not errors.)
    assert {line.split(":")[0] for line in out.splitlines() if ": warning: " not in line} == {
        "rules/alpha/en.yaml",
        "rules/beta/fr.yaml",
        "rules/alpha/cs.yaml",
    }


def test_reading_on_every_core_finds_the_same_problems(translated_project: Path, monkeypatch) -> None:
    import rulebook.documents.reader as loading
    import rulebook.validate.check as checking
    from rulebook.validate.check import check_project

    _break_three_files(translated_project, "language: cs")
    monkeypatch.setattr(loading, "PARALLEL_FROM", 1)  # reading on every core
    monkeypatch.setattr(checking, "PARALLEL_FROM", 1)  # and checking each game on every core
    monkeypatch.setenv("RULEBOOK_CACHE", "0")  # both runs do all the work
    forget_read_files()
    _, in_parallel = check_project(translated_project, parallel=True)
    forget_read_files()
    _, in_sequence = check_project(translated_project, parallel=False)
    assert in_parallel == in_sequence
    broken = {"rules/alpha/en.yaml", "rules/beta/fr.yaml", "rules/alpha/cs.yaml"}
    assert {problem.file for problem in in_sequence} >= broken


def test_a_re_check_in_the_same_process_follows_the_facts_that_texts_quote(translated_project: Path, capsys) -> None:
    """The text checks remember each unit's messages in a process (`rulebook serve` re-checks after
    every edit): a fact that a placeholder names, removed, is reported at once."""
    assert run_cli(capsys, "--root", str(translated_project), "check")[0] == 0
    game = translated_project / "rules/alpha/game.yaml"
    clean = game.read_text(encoding="utf-8")
    assert clean.count("    min: 2\n") == 1
    game.write_text(clean.replace("    min: 2\n", "    least: 2\n"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check", "--json")
    found = {(problem["file"], problem["code"]) for problem in json.loads(out)["problems"]}
    assert code == 1 and ("rules/alpha/en.yaml", "text.unknown-placeholder") in found, out  # {players.min}
    game.write_text(clean, encoding="utf-8")
    assert run_cli(capsys, "--root", str(translated_project), "check")[0] == 0


@pytest.mark.parametrize("checks", [qa, text], ids=["qa", "text"])
def test_with_the_cache_off_every_unit_is_judged_again(translated_project: Path, capsys, monkeypatch, checks) -> None:
    """RULEBOOK_CACHE=0 (mutation runs, cold timings) means no remembered work, a unit's messages
    included: every unit is judged again, though this process judged it a moment ago. The project is
    the translated fixture with the project's glossary (with_glossary), so glossary units are judged too."""
    with_glossary(translated_project)
    assert run_cli(capsys, "--root", str(translated_project), "check")[0] == 0
    judged = []
    real = checks._unit_messages
    monkeypatch.setattr(checks, "_unit_messages", lambda *args: judged.append(args[1].id) or real(*args))
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    assert run_cli(capsys, "--root", str(translated_project), "check")[0] == 0
    # Every translated unit of alpha (fixture_games.TRANSLATIONS), and the glossary's page title.
    alpha = {"summary", "edition.1-0", "section.overview", "rule.players", "rule.winner", "example.highest-total"}
    assert alpha | {"page.title"} <= set(judged)
