"""`rulebook score`: the documented inputs, bad input with exit code 2, and safe loading.

The game is the fixture's alpha (conftest.make_small_project): each player's points over 3 rounds add up
and the highest total wins; a player may score in no more rounds than the game has (score.too-many-rounds).
Made here (make_scoring_project): alpha's second refusal, a round's points outside 0 to 6
(fixture_games.scoring_round_points), and its input schema (score.schema.json) given a maximum of 50 points
a round and an optional variant, short or standard, which the scorer does not read.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import made_once, make_small_project, run_cli
from fixture_games import quiet, scoring_round_points
from rulebook.documents.schema import schema_problems
from rulebook.located.document import Document, parse_document
from rulebook.scoring import situation
from rulebook.website.path_caches import clear_path_caches


def make_scoring_project(root: Path) -> None:
    make_small_project(root)
    scoring_round_points(root)
    path = root / "rules/alpha/score.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["players"]["additionalProperties"]["items"]["maximum"] = 50
    schema["properties"]["variant"] = {"enum": ["short", "standard"], "description": "Which rules are played."}
    path.write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
    clear_path_caches()  # the schema as make_small_project's check compiled it is forgotten, as `serve` does
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This module's project, made once a run; no test changes it."""
    return made_once(tmp_path_factory, "scoring-project", make_scoring_project)


@pytest.fixture
def score_root(root: Path) -> Path:
    """conftest's `score` scores in this module's project."""
    return root


# Expected values worked out by hand from alpha's rules: each player's points added up, the highest
# total wins, a tie is shared and needs a tiebreaker.
def test_alpha_as_documented(score) -> None:
    document = "players:\n  Ann: [3, 2, 4]\n  Bob: [5, 1, 2]\n"
    code, out, _ = score("alpha", document, "--json")
    assert code == 0
    assert json.loads(out) == {"scores": {"Ann": 3 + 2 + 4, "Bob": 5 + 1 + 2}, "winners": ["Ann"], "tiebreak": False}


def test_alpha_with_one_round_and_none(score) -> None:
    document = "players: {Ann: [5], Bob: [], Cy: [0, 0]}\n"
    code, out, _ = score("alpha", document, "--json")
    result = json.loads(out)
    assert (code, result["scores"], result["winners"]) == (0, {"Ann": 5, "Bob": 0, "Cy": 0}, ["Ann"])


def test_alpha_tie_as_documented(score) -> None:
    document = "players:\n  Ann: [1, 2, 3]\n  Bob: [6]\n"
    code, out, _ = score("alpha", document, "--json")
    result = json.loads(out)
    assert code == 0
    assert (result["scores"], result["winners"], result["tiebreak"]) == ({"Ann": 6, "Bob": 6}, ["Ann", "Bob"], True)


def test_alpha_at_the_edges_of_its_facts(score) -> None:
    # 3 rounds each (scoring.rounds), the lowest and the highest points a round scores (0 and 6), and a
    # variant the scorer does not read.
    document = "variant: short\nplayers: {Ann: [0, 6, 6], Bob: [6, 6, 0], Cy: [0, 0, 0]}\n"
    code, out, _ = score("alpha", document, "--json")
    result = json.loads(out)
    assert code == 0
    assert result["scores"] == {"Ann": 12, "Bob": 12, "Cy": 0}
    assert (result["winners"], result["tiebreak"]) == (["Ann", "Bob"], True)


def test_alpha_as_documented_reads_json_too(score) -> None:
    document = json.dumps({"variant": "standard", "players": {"Ann": [2, 2], "Bob": [1, 4, 0], "Cy": []}})
    code, out, _ = score("alpha", document, "--json")
    result = json.loads(out)
    assert code == 0
    # Ann 2 + 2 = 4, Bob 1 + 4 + 0 = 5, Cy none: 0.
    assert result["scores"] == {"Ann": 4, "Bob": 5, "Cy": 0}
    assert (result["winners"], result["tiebreak"]) == (["Bob"], False)


def test_readable_breakdown_by_default(score) -> None:
    code, out, _ = score("alpha", "players: {Ann: [3, 2, 4], Bob: [5], Cy: [1]}\n")
    assert code == 0
    assert out.splitlines() == [
        "Ann, total: 3 + 2 + 4 = 9 → 9 points",
        "Bob, total: 5 → 5 points",
        "Cy, total: 1 → 1 point",
        "Winner: Ann",
    ]


BAD_INPUT = [
    (
        "points below 0",
        "alpha",
        "players:\n  Ann: [2, -1]\n",
        "situation.yaml:2:12: players.Ann[1]: -1 is less than the minimum of 0",
    ),
    (
        "word for a number",
        "alpha",
        "players: {Ann: [four]}\n",
        "situation.yaml:1:17: players.Ann[0]: 'four' is not of type 'integer'",
    ),
    (
        "unknown variant",
        "alpha",
        "variant: long\nplayers: {Ann: [1]}\n",
        "situation.yaml:1:10: variant: 'long' is not one of ['short', 'standard']",
    ),
    (
        "more than 3 rounds",
        "alpha",
        "players:\n  Ann: [1, 1, 1, 1]\n",
        "situation.yaml:2:8: players.Ann: 4 rounds scored, but the game has only 3",
    ),
    (
        "more than 50 points",
        "alpha",
        "players: {Ann: [51]}\n",
        "situation.yaml:1:17: players.Ann[0]: 51 is greater than the maximum of 50",
    ),
    (
        "7 points in a round",
        "alpha",
        "players: {Ann: [7]}\n",
        "situation.yaml:1:17: players.Ann[0]: a round scores 0, 1, 2, 3, 4, 5 or 6, not 7",
    ),
    (
        "more than 3 rounds as a block list",
        "alpha",
        "players:\n  Bob: [1]\n  Ann:\n  - 1\n  - 1\n  - 1\n  - 1\n  - 1\n",
        "situation.yaml:4:3: players.Ann: 5 rounds scored, but the game has only 3",
    ),
    (
        "points that are not a list",
        "alpha",
        "players:\n  Ann: 5\n",
        "situation.yaml:2:8: players.Ann: 5 is not of type 'array'",
    ),
    (
        "points outside the rounds' values",
        "alpha",
        "players:\n  Ann: [2, 9]\n",
        "players.Ann[1]: a round scores 0, 1, 2, 3, 4, 5 or 6, not 9",
    ),
    ("empty document", "alpha", "", "situation.yaml:1:1: the document is empty: describe a situation to score"),
    ("comments only", "alpha", "# nothing\n", "the document is empty"),
    ("a list, not a mapping", "alpha", "- 1\n", "the document must be a mapping"),
    (
        "unknown field",
        "alpha",
        "players: {Ann: [1]}\nbonus: 5\n",
        "bonus: unknown key 'bonus'",
    ),
    ("syntax error", "alpha", "players: {Ann: [\n", "situation.yaml:2:1: YAML syntax error"),
    (
        "object tag",
        "alpha",
        "players: !!python/object/apply:os.system [echo]\n",
        "situation.yaml:1:10: YAML tag '!!python/object/apply:os.system' is not allowed",
    ),
    ("alias", "alpha", "players:\n  Ann: &a [1]\n  Bob: *a\n", "situation.yaml:3:8: alias '*a' is not allowed"),
    ("invalid UTF-8", "alpha", "players: caf\udce9\n", "invalid UTF-8"),
]


@pytest.mark.parametrize("case", BAD_INPUT, ids=[case[0] for case in BAD_INPUT])
def test_bad_input_exits_2_with_a_located_message(capsys, tmp_path: Path, root: Path, case) -> None:
    _, game, document, expected = case
    path = tmp_path / "situation.yaml"
    path.write_bytes(document.encode("utf-8", "surrogateescape"))
    code, out, err = run_cli(capsys, "--root", str(root), "score", game, str(path))
    assert code == 2
    assert out == ""
    assert any(expected in line for line in err.splitlines()), err
    assert "Traceback" not in err


def test_alias_bomb_is_refused_quickly(capsys, tmp_path: Path, root: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 12)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(root), "score", "alpha", str(path))
    assert code == 2
    assert "alias '*a0' is not allowed" in err


def test_documents_over_one_mebibyte_are_refused_unread(capsys, tmp_path: Path, root: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("# " + "x" * (1024 * 1024) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(root), "score", "alpha", str(path))
    assert (code, out) == (2, "")
    assert "larger than 1 MiB" in err


def test_stdin_and_json_errors_through_the_installed_command(root: Path) -> None:
    command = [sys.executable, "-m", "rulebook.cli", "--root", str(root), "score", "alpha", "-", "--json"]
    # Ann 2, Bob 1 + 1 = 2: a tie.
    good = subprocess.run(command, input="players: {Ann: [2], Bob: [1, 1]}\n", capture_output=True, text=True)
    assert good.returncode == 0
    assert json.loads(good.stdout)["tiebreak"] is True
    bad = subprocess.run(command, input="players: {Ann: [x]}\n", capture_output=True, text=True)
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["error"] is True
    assert "<stdin>:1:17: players.Ann[0]: 'x' is not of type 'integer'" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_unknown_game_and_example(capsys, root: Path) -> None:
    assert run_cli(capsys, "--root", str(root), "score", "chess", "-")[0] == 2
    code, _, err = run_cli(capsys, "--root", str(root), "score", "alpha", "--example", "nope")
    assert code == 2 and "has no example 'nope'" in err


def test_score_does_not_import_mkdocs_or_babel(root: Path) -> None:
    probe = (
        "import sys, io\n"
        "from rulebook.cli import main\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b'players: {Ann: [1]}'))\n"
        f"code = main(['--root', {str(root)!r}, 'score', 'alpha', '-'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('mkdocs', 'babel', 'material'))\n"
        "print(code, heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().splitlines()[-1] == "0 []"


# A worked example's schema check is remembered on disk (`rulebook score --example`, situation.py):
# the cache is on here, with a signing key outside the project, whatever the run's RULEBOOK_CACHE.
@pytest.fixture
def cached(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The calls to the schema check that are not answered by the cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("home-cache")))
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    calls: list[object] = []

    def counted(document, schema):
        calls.append(document.data)
        return schema_problems(document, schema)

    monkeypatch.setattr(situation, "schema_problems", counted)
    return calls


@pytest.fixture
def project(root: Path, tmp_path: Path) -> Path:
    """A copy of this module's project, whose cache a test may fill."""
    return shutil.copytree(root, tmp_path / "project")


def _codes(document: Document, root: Path) -> list[tuple[str, list]]:
    """The refusal's codes and paths, or [] when the situation scores."""
    facts = yaml.safe_load((root / "rules/alpha/game.yaml").read_text(encoding="utf-8"))["facts"]
    try:
        situation.score_situation(document, "alpha", facts, root, remember=True)
    except situation.Invalid as invalid:
        return [(meaning["code"], meaning["path"]) for meaning in invalid.meanings]
    return []


def test_a_remembered_schema_check_answers_for_the_same_document_only(cached, project: Path) -> None:
    no_player = parse_document(b"players: {}\n", "a.yaml")  # minProperties 1
    refused = [("schema.minProperties", ["players"])]
    assert _codes(no_player, project) == refused
    assert _codes(no_player, project) == refused
    assert len(cached) == 1, "the second check is the remembered one"
    # Another document is checked, not answered with the first one's problems.
    valid = parse_document(b"players:\n  Ann: [2]\n", "b.yaml")
    assert _codes(valid, project) == []
    assert len(cached) == 2


def test_a_document_the_cache_cannot_write_is_checked_all_the_same(cached, project: Path) -> None:
    # 5000 digits: more than Python writes as JSON (ValueError), so it is checked without the cache.
    data = {"players": {"Ann": [2]}, "extra": 10**5000}
    document = Document("big.yaml", data, text=None, positions=({}, {}))
    assert _codes(document, project) == [("schema.additionalProperties", ["extra"])]
    assert len(cached) == 1
