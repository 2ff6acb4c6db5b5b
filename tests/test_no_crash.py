"""Issue 11, each failure as it was reported: an internal error (exit 3), invalid JSON, a float
taken as a count, a message a referee cannot read, output that grows with the input, and content
that `check` passed but the build crashed on."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, edit, run_cli
from harness import strict_json
from rulebook.load.project import load_project

RULEBOOK = [sys.executable, "-m", "rulebook.cli", "--root", str(ROOT)]


@pytest.fixture
def score(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """`rulebook score GAME situation.yaml`, run where the file is, as a referee would."""
    monkeypatch.chdir(tmp_path)

    def run(document: str | bytes, *options: str, game: str = "rebus") -> tuple[int, str, str]:
        (tmp_path / "situation.yaml").write_bytes(document if isinstance(document, bytes) else document.encode())
        return run_cli(capsys, "--root", str(ROOT), "score", game, "situation.yaml", *options)

    return run


def test_an_integer_of_4400_digits_is_refused_with_its_place(score) -> None:
    code, _, err = score("turn: {rebuses: [{tiles: " + "9" * 4400 + "}], tiles_placed: 9}\n")
    assert code == 2
    assert err.startswith("situation.yaml:1:26: a number of 4,400 characters is too long")


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("!!float", "situation.yaml:1:1: '' is not a valid !!float"),  # found by make fuzz: an IndexError
        ("!!int ''", "situation.yaml:1:1: '' is not a valid !!int"),
        ("turn: !!bool maybe", "situation.yaml:1:7: 'maybe' is not a valid !!bool"),
    ],
)
def test_a_tagged_scalar_that_is_no_value_is_refused(score, document: str, message: str) -> None:
    code, _, err = score(document)
    assert (code, err.splitlines()) == (2, [message])


@pytest.mark.parametrize(
    "document",
    ["[" * 500 + "]" * 500, "a:\n" + "".join("  " * depth + "-\n" for depth in range(1, 600))],
    ids=["flow", "block"],
)
def test_nesting_500_deep_is_refused_with_its_line(score, document: str) -> None:
    code, _, err = score(document)
    assert code == 2
    assert "nested more than 64 levels deep" in err
    assert err.count("\n") == 1 and err.startswith("situation.yaml:")


def test_nesting_too_deep_in_two_branches_is_said_once(score) -> None:
    # Found by make fuzz: the command said it at each branch, the page's calculator once. The first
    # node past 64 levels is inside the outer list and 64 of the first branch's: its 65th "[", column 66.
    branch = "[" * 70 + "1" + "]" * 70
    code, _, err = score(f"[{branch}, {branch}]")
    message = "nested more than 64 levels deep: no document of this project needs that"
    assert (code, err.splitlines()) == (2, [f"situation.yaml:1:66: {message}"])


def test_a_closed_pipe_is_no_crash_and_keeps_the_exit_code() -> None:
    """`| true` closes the pipe before rulebook writes: the write fails with EPIPE."""
    situation = "final:\n  Ann: {score: 10, tiles_left: 1}\n"
    command = " ".join(RULEBOOK) + " score rebus - | true"
    result = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"], input=situation, capture_output=True, text=True
    )
    assert (result.returncode, result.stderr) == (0, "")


def test_check_through_head_keeps_the_check_verdict() -> None:
    command = " ".join(RULEBOOK) + " check 2>&1 | head -c 0"  # the summary goes to stderr
    result = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_a_full_disk_is_a_refusal_not_a_success() -> None:
    situation = "final:\n  Ann: {score: 10, tiles_left: 1}\n"
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*RULEBOOK, "score", "rebus", "-"], input=situation, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert result.returncode == 2
    assert result.stderr == "rulebook: cannot write the output: No space left on device\n"


def test_json_never_holds_infinity_or_nan(score) -> None:
    code, out, _ = score('{"turn":{"rebuses":[{"tiles":1.7976931348623157e+308}],"tiles_placed":9}}', "--json")
    assert code == 2
    assert [problem["message"] for problem in strict_json(out)["problems"]] == [
        "situation.yaml:1:30: turn.rebuses[0].tiles: 1.7976931348623157e+308 is not of type 'integer' "
        "(a count is a whole number)"
    ]


@pytest.mark.parametrize("tiles", ["2.0", "!!float 1", "1e2", "true", ".inf"])
def test_a_float_or_a_boolean_is_no_count(score, tiles: str) -> None:
    code, out, err = score(f"turn: {{rebuses: [{{tiles: {tiles}}}], tiles_placed: 1}}\n")
    assert (code, out) == (2, "")
    assert "turn.rebuses[0].tiles: " in err and "is not of type 'integer'" in err


def test_json_is_printed_for_oversized_input_and_unknown_game(score, capsys) -> None:
    code, out, _ = score("# " + "x" * (1024 * 1024) + "\n", "--json")
    assert code == 2
    (too_large,) = strict_json(out)["problems"]
    assert "larger than 1 MiB" in too_large["message"] and too_large["code"] == "score.too-large"
    code, out, _ = run_cli(capsys, "--root", str(ROOT), "score", "chess", "-", "--json")
    assert code == 2
    assert strict_json(out)["problems"] == [
        {
            "code": "score.no-game",
            "path": [],
            "params": {},
            "message": "rulebook score: no game 'chess' (no rules/chess/game.yaml)",
        }
    ]
    code, out, _ = run_cli(capsys, "--root", str(ROOT), "score", "--json")
    assert code == 2
    assert "the following arguments are required: GAME" in strict_json(out)["problems"][0]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{}", "situation.yaml:1:1: (document): expected one turn (turn) or the final scores (final); got {}"),
        (
            "turn: {rebuses: [{tiles: 1}], tiles_placed: 1}\nfinal: {Ann: {score: 1, tiles_left: 0}}\n",
            "situation.yaml:1:1: (document): expected one turn (turn) or the final scores (final), not both",
        ),
        (
            '{"turn": {"rebuses": [{"tiles": 1}], "tiles_placed": 1, "a\\nb: fake": 1}}',
            "situation.yaml:1:57: turn['a\\nb: fake']: unknown key 'a\\nb: fake'",
        ),
        ('turn: "\\x01"\x01\n', "situation.yaml:1:13: YAML error: control characters are not allowed"),
    ],
    ids=["empty mapping", "turn and final", "newline in a key", "reader error"],
)
def test_messages_a_referee_can_read(score, document: str, message: str) -> None:
    code, _, err = score(document)
    assert code == 2
    assert err.splitlines() == [message]


@pytest.mark.slow  # large inputs through every command: make test, not make test-fast
def test_output_does_not_grow_with_the_input(score) -> None:
    """Before: 1 MB of unknown keys under a 20,000-character name printed 1.4 GB in 12 s."""
    lines = ["final:", f"  ? {'P' * 20_000}", "  : score: 1", "    tiles_left: 0"]
    lines += [f"    x{index}: 0" for index in range(70_000)]
    # The output's size is what this guards; its speed belongs to `make bench`, not to a timed test.
    code, out, err = score("\n".join(lines) + "\n", "--json")
    assert code == 2
    shown = err.splitlines()
    # 70,000 unknown keys and a name over 80 characters: 50 shown, 69,951 counted.
    assert len(shown) == 51 and shown[-1] == "… and 69951 more"
    assert max(map(len, shown)) < 400  # a path, a message and a quoted key or value at most
    printed = strict_json(out)
    assert (len(printed["problems"]), printed["more"]) == (50, 69951)


# The impossible situations of issue 11 and others found in the rules; each names its rule.
IMPOSSIBLE = [
    (
        "REBUS 1.4 first-turn: one tile covers the centre dot",
        "turn: {rebuses: [{tiles: 3, new_bonus: [center, center]}], tiles_placed: 3}\n",
        "turn.rebuses[0].new_bonus: the board has one center dot",
    ),
    (
        "REBUS 1.4 and 1.5: the tiles placed form the rebuses",
        "turn: {rebuses: [{tiles: 2}], tiles_placed: 5}\n",
        "turn.tiles_placed: fewer tiles in the rebuses (2) than tiles placed (5)",
    ),
    (
        "REBUS 1.4 first-turn: the centre is covered on an empty board, by one rebus",
        "turn: {rebuses: [{tiles: 4, new_bonus: [center]}, {tiles: 3}], tiles_placed: 4}\n",
        "that turn forms one rebus",
    ),
    (
        "REBUS 1.4 first-turn: the centre's rebus holds only the tiles placed",
        "turn: {rebuses: [{tiles: 5, new_bonus: [center]}], tiles_placed: 3}\n",
        "its rebus holds only the tiles placed (3), not 5",
    ),
    (
        "REBUS 3.3 several-rebuses: a rebus is one row or one column",
        "turn: {rebuses: [{tiles: 2}, {tiles: 2}, {tiles: 2}], tiles_placed: 1}\n",
        "more rebuses (3) than twice the tiles placed (1)",
    ),
    (
        "Rebis 2.1 and 2.3: a shelf stays between 0 and 13",
        "players: {Ann: {hand: 0, shelves: [{points: [14, -5]}]}}\n",
        "players.Ann.shelves[0].points[0]: a card worth 14: no shelf can take it",
    ),
    (
        "Rebis 3.1 closing-shelf: one face-down card closes a shelf",
        "players: {Ann: {hand: 0, shelves: [{points: [5], face_down: 2}]}}\n",
        "players.Ann.shelves[0].face_down: 2 is greater than the maximum of 1",
    ),
]


@pytest.mark.parametrize(("rule", "document", "message"), IMPOSSIBLE, ids=[case[0] for case in IMPOSSIBLE])
def test_impossible_situations_are_refused(score, rule: str, document: str, message: str) -> None:
    game = "rebis" if rule.startswith("Rebis") else "rebus"
    code, out, err = score(document, game=game)
    assert (code, out) == (2, "")
    assert message in err, err


def _copy_with(tmp_path: Path, file: str = "", old: str = "", new: str = "") -> Path:
    for folder in ("rules", "glossary", "schemas", "locales", "docs"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("en", "fr", "cs"))
    shutil.copy(ROOT / "mkdocs.yml", tmp_path)
    if file:
        edit(tmp_path, file, old, new)
    return tmp_path


# The project's languages as its manifest lists them, and the same with a code Babel does not know.
LANGUAGES = list(load_project(ROOT).project.languages)
LISTED = f"[{', '.join(LANGUAGES)}]"

BROKEN_CONTENT = [
    ("rules/rebus/game.yaml", "tile_points: 3", "tile_points: three", "facts.scoring.tile_points: 'three' is not"),
    ("rules/rebus/game.yaml", "tile_points: 3", "tile_points: [3, 4]", "facts.scoring.tile_points: [3, 4] is not"),
    ("rules/rebus/game.yaml", "    bags: 3\n", "    bags: " + "[" * 500 + "]" * 500 + "\n", "nested more than 64"),
    (
        "rules/project.yaml",
        LISTED,
        LISTED.replace("]", ", qq]"),
        f"languages[{len(LANGUAGES)}]: 'qq' is no language that Babel knows",
    ),
    ("rules/rebus/cs.yaml", "language: cs", "language: fr", "language: 'fr' does not match the file name 'cs.yaml'"),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), BROKEN_CONTENT, ids=[c[2][:20] for c in BROKEN_CONTENT])
def test_check_reports_what_crashed_it_or_went_unseen(tmp_path: Path, capsys, file, old, new, message) -> None:
    root = _copy_with(tmp_path, file, old, new)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert any(line.startswith(file) and message in line for line in out.splitlines()), out


def test_a_words_file_that_is_a_folder_is_an_error(tmp_path: Path, capsys) -> None:
    root = _copy_with(tmp_path)
    (root / "rules/rebis/fr.yaml").unlink()
    (root / "rules/rebis/fr.yaml").mkdir()
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert "rules/rebis/fr.yaml: not a readable file" in out


def test_a_link_out_of_the_project_is_refused_unread(tmp_path: Path, capsys) -> None:
    root = _copy_with(tmp_path)
    secret = tmp_path.parent / f"{tmp_path.name}-secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n" * 50, encoding="utf-8")
    (root / "rules/rebus/en.yaml").unlink()
    (root / "rules/rebus/en.yaml").symlink_to(secret)
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert "rules/rebus/en.yaml: a link to a file outside the project: refused unread" in out
    assert "root:x" not in out + err


@pytest.mark.slow  # builds a site
@pytest.mark.parametrize("case", [BROKEN_CONTENT[0], BROKEN_CONTENT[3]], ids=["fact of a wrong type", "unknown locale"])
def test_the_build_stops_cleanly_on_what_crashed_it(tmp_path: Path, case) -> None:
    file, old, new, _ = case
    root = _copy_with(tmp_path, file, old, new)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = Path(sys.executable).with_name("mkdocs")
    result = subprocess.run(
        [str(mkdocs), "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 1
    assert "rulebook: the content has errors" in result.stderr
    assert "Traceback" not in result.stderr


def test_score_json_survives_odd_names(score) -> None:
    document = json.dumps({"players": {"\U0001f600 Ann": [1], "Bob\u202e": [2]}})
    code, out, _ = score(document, "--json", game="oh-my-word")
    assert code == 0
    assert strict_json(out)["scores"] == {"\U0001f600 Ann": 1, "Bob\u202e": 2}


def test_a_name_with_a_line_break_stays_on_its_line(score) -> None:
    code, out, _ = score('{"players": {"Ann\\nWinner: Bob": [1], "Bob": [2]}}', game="oh-my-word")
    assert code == 0
    assert out.splitlines() == [
        "Ann\\nWinner: Bob: 1 → 1 bad luck point",
        "Bob: 2 → 2 bad luck points",
        "Winner: Ann\\nWinner: Bob",
    ]


def test_no_problem_line_echoes_a_whole_text(tmp_path: Path, capsys) -> None:
    """Whatever a check quotes from a unit's text, its line stays short."""
    root = _copy_with(tmp_path, "rules/rebus/en.yaml", "Highest score wins.", f"Highest score {'1' * 5000} wins.")
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert 0 < max(map(len, out.splitlines())) <= 600
