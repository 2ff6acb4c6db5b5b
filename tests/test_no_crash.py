"""Issue 11, each failure as it was reported: an internal error (exit 3), invalid JSON, a float
taken as a count, a message a referee cannot read, output that grows with the input, and content
that `check` passed but the build crashed on.

The project is the translated fixture (fixture_games.py): `rulebook score alpha` reads a situation of
each player's points, round by round (rules/alpha/score.schema.json: `players`, each an array of
whole numbers; 3 rounds), and says a player's total as "Ann, total: 3 + 2 + 4 = 9 → 9 points". The
refusals of the project's own games are read from their scoring cases (rules/<game>/scoring-cases.json,
whatever the games are)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURE_LANGUAGES, ROOT, edit, run_cli
from fixture_games import copy_small_project
from harness import strict_json
from rulebook.located.document import format_path
from scoring_cases import game_cases, scored_games


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture, which these tests read and score but do not change."""
    return copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("no-crash") / "project", translated=True)


def rulebook(root: Path) -> list[str]:
    return [sys.executable, "-m", "rulebook.cli", "--root", str(root)]


@pytest.fixture
def score(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project: Path):
    """`rulebook score GAME situation.yaml`, run where the file is, as a referee would."""
    monkeypatch.chdir(tmp_path)

    def run(document: str | bytes, *options: str, game: str = "alpha", root: Path = project) -> tuple[int, str, str]:
        (tmp_path / "situation.yaml").write_bytes(document if isinstance(document, bytes) else document.encode())
        return run_cli(capsys, "--root", str(root), "score", game, "situation.yaml", *options)

    return run


def test_an_integer_of_4400_digits_is_refused_with_its_place(score) -> None:
    # "players: {Ann: [" is 16 characters: the number starts at column 17.
    code, _, err = score("players: {Ann: [" + "9" * 4400 + "]}\n")
    assert code == 2
    assert err.startswith("situation.yaml:1:17: a number of 4,400 characters is too long")


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("!!float", "situation.yaml:1:1: '' is not a valid !!float"),  # found by make fuzz: an IndexError
        ("!!int ''", "situation.yaml:1:1: '' is not a valid !!int"),
        ("players: !!bool maybe", "situation.yaml:1:10: 'maybe' is not a valid !!bool"),
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


SITUATION = "players: {Ann: [3, 2, 4], Bob: [5, 1, 2]}\n"  # Ann 9, Bob 8: Ann wins


def test_a_closed_pipe_is_no_crash_and_keeps_the_exit_code(project: Path) -> None:
    """`| true` closes the pipe before rulebook writes: the write fails with EPIPE."""
    command = " ".join(rulebook(project)) + " score alpha - | true"
    result = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"], input=SITUATION, capture_output=True, text=True
    )
    assert (result.returncode, result.stderr) == (0, "")


def test_check_through_head_keeps_the_check_verdict(project: Path) -> None:
    command = " ".join(rulebook(project)) + " check 2>&1 | head -c 0"  # the summary goes to stderr
    result = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_a_full_disk_is_a_refusal_not_a_success(project: Path) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*rulebook(project), "score", "alpha", "-"], input=SITUATION, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert result.returncode == 2
    assert result.stderr == "rulebook: cannot write the output: No space left on device\n"


def test_json_never_holds_infinity_or_nan(score) -> None:
    # '{"players":{"Ann":[' is 19 characters: the number is at column 20.
    code, out, _ = score('{"players":{"Ann":[1.7976931348623157e+308]}}', "--json")
    assert code == 2
    assert [problem["message"] for problem in strict_json(out)["problems"]] == [
        "situation.yaml:1:20: players.Ann[0]: 1.7976931348623157e+308 is not of type 'integer' "
        "(a count is a whole number)"
    ]


@pytest.mark.parametrize("points", ["2.0", "!!float 1", "1e2", "true", ".inf"])
def test_a_float_or_a_boolean_is_no_count(score, points: str) -> None:
    code, out, err = score(f"players: {{Ann: [{points}]}}\n")
    assert (code, out) == (2, "")
    assert "players.Ann[0]: " in err and "is not of type 'integer'" in err


def test_json_is_printed_for_oversized_input_and_unknown_game(score, capsys, project: Path) -> None:
    code, out, _ = score("# " + "x" * (1024 * 1024) + "\n", "--json")
    assert code == 2
    (too_large,) = strict_json(out)["problems"]
    assert "larger than 1 MiB" in too_large["message"] and too_large["code"] == "score.too-large"
    code, out, _ = run_cli(capsys, "--root", str(project), "score", "chess", "-", "--json")
    assert code == 2
    assert strict_json(out)["problems"] == [
        {
            "code": "score.no-game",
            "path": [],
            "params": {},
            "message": "rulebook score: no game 'chess' (no rules/chess/game.yaml)",
        }
    ]
    code, out, _ = run_cli(capsys, "--root", str(project), "score", "--json")
    assert code == 2
    assert "the following arguments are required: GAME" in strict_json(out)["problems"][0]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{}", "situation.yaml:1:1: (document): 'players' is required"),
        ("players: {}\n", "situation.yaml:1:10: players: 0 keys, but at least 1"),
        (
            # The key starts at column 27, after '{"players": {"Ann": [1]}, '.
            '{"players": {"Ann": [1]}, "a\\nb: fake": 1}',
            "situation.yaml:1:27: ['a\\nb: fake']: unknown key 'a\\nb: fake'",
        ),
        ('players: "\\x01"\x01\n', "situation.yaml:1:16: YAML error: control characters are not allowed"),
    ],
    ids=["empty mapping", "no player", "newline in a key", "reader error"],
)
def test_messages_a_referee_can_read(score, document: str, message: str) -> None:
    code, _, err = score(document)
    assert code == 2
    assert err.splitlines() == [message]


@pytest.mark.slow  # large inputs through every command: make test, not make test-fast
def test_output_does_not_grow_with_the_input(score) -> None:
    """Before: 1 MB of unknown keys under a 20,000-character name printed 1.4 GB in 12 s. Here 70,000
    rounds that are no whole number, under a player of that name: each problem's path holds the name."""
    lines = ["players:", f"  ? {'P' * 20_000}", "  :"]
    lines += [f"    - x{index}" for index in range(70_000)]
    # The output's size is what this guards; its speed belongs to `make bench`, not to a timed test.
    code, out, err = score("\n".join(lines) + "\n", "--json")
    assert code == 2
    shown = err.splitlines()
    # 70,000 points of the wrong type: 50 shown, 69,950 counted.
    assert len(shown) == 51 and shown[-1] == "… and 69950 more"
    assert all("is not of type 'integer'" in line for line in shown[:-1]), shown[0]
    assert max(map(len, shown)) < 400  # a path, a message and a quoted key or value at most
    printed = strict_json(out)
    assert (len(printed["problems"]), printed["more"]) == (50, 69950)


def test_an_impossible_situation_is_refused(score) -> None:
    """alpha's one refusal: Ann scores 4 rounds of the game's 3, at her points (column 16)."""
    code, out, err = score("players: {Ann: [1, 1, 1, 1], Bob: [2]}\n")
    assert (code, out) == (2, "")
    assert err.splitlines() == ["situation.yaml:1:16: players.Ann: 4 rounds scored, but the game has only 3"]


# The impossible situations the project's own games refuse, as their scoring cases record them.
REFUSED = [case for game in scored_games() for case in game_cases(game) if case.refused]


@pytest.mark.parametrize("case", REFUSED, ids=[case.id for case in REFUSED])
def test_impossible_situations_of_the_games_are_refused(case, score) -> None:
    """Nothing on stdout, exit 2, and each refusal said on stderr at its place in the situation."""
    code, out, err = score(json.dumps(case.situation), game=case.game, root=ROOT)
    assert (code, out) == (2, "")
    said = err.splitlines()
    for problem in case.refused:
        where = f": {format_path(tuple(problem['path']))}: "
        assert any(line.startswith("situation.yaml:") and where in line for line in said), err


def _copy_with(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, file: str = "", old: str = "", new: str = ""
) -> Path:
    """A copy of the translated fixture with what a build reads besides, and one edit."""
    root = copy_small_project(tmp_path_factory, tmp_path / "project", site=True, translated=True)
    if file:
        edit(root, file, old, new)
    return root


# The fixture's languages as its manifest lists them, and the same with a code Babel does not know.
LANGUAGES = list(FIXTURE_LANGUAGES)
LISTED = f"[{', '.join(LANGUAGES)}]"

BROKEN_CONTENT = [
    ("rules/alpha/game.yaml", "rounds: 3", "rounds: three", "facts.scoring.rounds: 'three' is not"),
    ("rules/alpha/game.yaml", "rounds: 3", "rounds: [3, 4]", "facts.scoring.rounds: [3, 4] is not"),
    ("rules/alpha/game.yaml", "    max: 4\n", "    max: " + "[" * 500 + "]" * 500 + "\n", "nested more than 64"),
    (
        "rules/project.yaml",
        LISTED,
        LISTED.replace("]", ", qq]"),
        f"languages[{len(LANGUAGES)}]: 'qq' is no language that Babel knows",
    ),
    ("rules/alpha/cs.yaml", "language: cs", "language: fr", "language: 'fr' does not match the file name 'cs.yaml'"),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), BROKEN_CONTENT, ids=[c[2][:20] for c in BROKEN_CONTENT])
def test_check_reports_what_crashed_it_or_went_unseen(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys, file, old, new, message
) -> None:
    root = _copy_with(tmp_path_factory, tmp_path, file, old, new)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert any(line.startswith(file) and message in line for line in out.splitlines()), out


def test_a_words_file_that_is_a_folder_is_an_error(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = _copy_with(tmp_path_factory, tmp_path)
    (root / "rules/beta/fr.yaml").unlink()
    (root / "rules/beta/fr.yaml").mkdir()
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert "rules/beta/fr.yaml: not a readable file" in out


def test_a_link_out_of_the_project_is_refused_unread(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = _copy_with(tmp_path_factory, tmp_path)
    secret = tmp_path.parent / f"{tmp_path.name}-secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n" * 50, encoding="utf-8")
    (root / "rules/alpha/en.yaml").unlink()
    (root / "rules/alpha/en.yaml").symlink_to(secret)
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert "rules/alpha/en.yaml: a link to a file outside the project: refused unread" in out
    assert "root:x" not in out + err


@pytest.mark.slow  # builds a site
@pytest.mark.parametrize("case", [BROKEN_CONTENT[0], BROKEN_CONTENT[3]], ids=["fact of a wrong type", "unknown locale"])
def test_the_build_stops_cleanly_on_what_crashed_it(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, case
) -> None:
    file, old, new, _ = case
    root = _copy_with(tmp_path_factory, tmp_path, file, old, new)
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
    code, out, _ = score(document, "--json")
    assert code == 0
    assert strict_json(out)["scores"] == {"\U0001f600 Ann": 1, "Bob\u202e": 2}


def test_a_name_with_a_line_break_stays_on_its_line(score) -> None:
    """Each of one round: its points alone, no sum; Ann's 2 beat Bob's 1."""
    code, out, _ = score('{"players": {"Ann\\nWinner: Bob": [2], "Bob": [1]}}')
    assert code == 0
    assert out.splitlines() == [
        "Ann\\nWinner: Bob, total: 2 → 2 points",
        "Bob, total: 1 → 1 point",
        "Winner: Ann\\nWinner: Bob",
    ]


def test_no_problem_line_echoes_a_whole_text(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys) -> None:
    """Whatever a check quotes from a unit's text, its line stays short."""
    root = _copy_with(
        tmp_path_factory,
        tmp_path,
        "rules/alpha/en.yaml",
        "the highest total wins.",
        f"the highest total {'1' * 5000} wins.",
    )
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert 0 < max(map(len, out.splitlines())) <= 600
