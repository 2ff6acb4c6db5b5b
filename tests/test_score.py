"""`rulebook score`: the documented inputs, bad input with exit code 2, and safe loading."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, run_cli
from rulebook.documents.schema import schema_problems
from rulebook.located.document import Document, parse_document
from rulebook.scoring import situation


# Expected values worked out by hand from the rules and the rulings (3 a tile, red ×3, blue ×2,
# centre ×2, +50 for all 9 tiles, −3 a tile left at the end).
def test_rebus_turn_as_documented(score) -> None:
    document = "turn:\n  rebuses:\n    - tiles: 9\n      new_bonus: [red]\n  tiles_placed: 9\n"
    code, out, _ = score("rebus", document, "--json")
    assert code == 0
    assert json.loads(out)["score"] == 9 * 3 * 3 + 50


def test_rebus_turn_of_several_rebuses(score) -> None:
    document = (
        "turn:\n  rebuses:\n    - {tiles: 5, new_bonus: [blue, blue]}\n    - {tiles: 3, new_bonus: [red]}\n"
        "  tiles_placed: 4\n"
    )
    code, out, _ = score("rebus", document, "--json")
    assert (code, json.loads(out)["score"]) == (0, 5 * 3 * 2 * 2 + 3 * 3 * 3)


def test_rebus_end_of_game_as_documented(score) -> None:
    document = "final:\n  Ann: {score: 120, tiles_left: 2}\n  Bob: {score: 98, tiles_left: 0}\n"
    code, out, _ = score("rebus", document, "--json")
    result = json.loads(out)
    assert code == 0
    assert (result["scores"], result["winners"]) == ({"Ann": 114, "Bob": 98}, ["Ann"])


def test_oh_my_word_as_documented(score) -> None:
    document = "variant: standard\nplayers: {Ann: [1, 3], Bob: [2], Cy: []}\n"
    code, out, _ = score("oh-my-word", document, "--json")
    result = json.loads(out)
    assert code == 0
    assert result["scores"] == {"Ann": 4, "Bob": 2, "Cy": 0}
    assert (result["winners"], result["tiebreak"]) == (["Cy"], False)


def test_rebis_as_documented_reads_json_too(score) -> None:
    document = json.dumps(
        {
            "token_values": {"golden-dust": 2, "gold": 3, "red": 0},
            "red_token_shelf": {"player": "Bob", "shelf": 2},
            "players": {
                "Ann": {"hand": 2, "shelves": [{"points": [5, 3, -2], "tokens": ["golden-dust", "gold"]}]},
                "Bob": {"hand": 0, "shelves": [{"points": [4]}, {"points": [6, 1], "tokens": ["gold"]}]},
            },
        }
    )
    code, out, _ = score("rebis", document, "--json")
    result = json.loads(out)
    assert code == 0
    # Ann: (5+3−2) × 2 × 3 = 36; her claim 2 + 2 = 4 beats Bob's 0, and she puts red (×0) on Bob's shelf 2.
    assert result["scores"] == {"Ann": 36, "Bob": 4 + 7 * 3 * 0}
    assert (result["red_token_to"], result["winners"]) == ("Ann", ["Ann"])


def test_readable_breakdown_by_default(score) -> None:
    code, out, _ = score("rebus", "turn: {rebuses: [{tiles: 9}], tiles_placed: 9}\n")
    assert code == 0
    assert out.splitlines() == ["Rebus 1: 9 × 3 = 27", "All 9 tiles placed: + 50", "Turn score: 27 + 50 = 77"]


BAD_INPUT = [
    (
        "tile count of 0",
        "rebus",
        "turn:\n  rebuses:\n    - tiles: 0\n  tiles_placed: 1\n",
        "situation.yaml:3:14: turn.rebuses[0].tiles: 0 is less than the minimum of 1",
    ),
    (
        "word for a number",
        "rebus",
        "turn:\n  rebuses: [{tiles: four}]\n  tiles_placed: 4\n",
        "situation.yaml:2:21: turn.rebuses[0].tiles: 'four' is not of type 'integer'",
    ),
    (
        "unknown square",
        "rebus",
        "turn:\n  rebuses: [{tiles: 4, new_bonus: [green]}]\n  tiles_placed: 4\n",
        "situation.yaml:2:36: turn.rebuses[0].new_bonus[0]: 'green' is not one of ['blue', 'red', 'center']",
    ),
    (
        "more than 9 tiles placed",
        "rebus",
        "turn:\n  rebuses: [{tiles: 10}]\n  tiles_placed: 10\n",
        "situation.yaml:3:17: turn.tiles_placed: 10 tiles placed, but a player holds only 9",
    ),
    (
        "token value of 4",
        "rebis",
        "token_values: {gold: 4}\nplayers: {Ann: {hand: 0, shelves: []}}\n",
        "situation.yaml:1:22: token_values.gold: 4 is greater than the maximum of 3",
    ),
    (
        "bad luck token of 4",
        "oh-my-word",
        "players: {Ann: [4]}\n",
        "situation.yaml:1:17: players.Ann[0]: a bad luck token is worth 1, 2 or 3, not 4",
    ),
    (
        "more than 25 bad luck tokens",
        "oh-my-word",
        "players:\n  Ann: [" + ", ".join(["1"] * 26) + "]\n",
        "situation.yaml:2:3: players: 26 bad luck tokens taken, but the game has only 25",
    ),
    (
        "shelf that is not a list",
        "rebis",
        "players:\n  Ann: {hand: 0, shelves: 5}\n",
        "situation.yaml:2:27: players.Ann.shelves: 5 is not of type 'array'",
    ),
    (
        "negative shelf",
        "rebis",
        "players:\n  Ann: {hand: 0, shelves: [{points: [2, -5]}]}\n",
        "players.Ann.shelves[0].points: the face-up cards sum to -3, and a shelf must never be negative",
    ),
    ("empty document", "rebus", "", "situation.yaml:1:1: the document is empty: describe a situation to score"),
    ("comments only", "rebus", "# nothing\n", "the document is empty"),
    ("a list, not a mapping", "rebus", "- 1\n", "the document must be a mapping"),
    (
        "unknown field",
        "rebus",
        "turn: {rebuses: [{tiles: 1}], tiles_placed: 1, bonus: 5}\n",
        "turn.bonus: unknown key 'bonus'",
    ),
    ("syntax error", "rebus", "turn: {rebuses: [\n", "situation.yaml:2:1: YAML syntax error"),
    (
        "object tag",
        "rebus",
        "turn: !!python/object/apply:os.system [echo]\n",
        "situation.yaml:1:7: YAML tag '!!python/object/apply:os.system' is not allowed",
    ),
    ("alias", "oh-my-word", "players:\n  Ann: &a [1]\n  Bob: *a\n", "situation.yaml:3:8: alias '*a' is not allowed"),
    ("invalid UTF-8", "rebus", "turn: caf\udce9\n", "invalid UTF-8"),
]


@pytest.mark.parametrize("case", BAD_INPUT, ids=[case[0] for case in BAD_INPUT])
def test_bad_input_exits_2_with_a_located_message(capsys, tmp_path: Path, case) -> None:
    _, game, document, expected = case
    path = tmp_path / "situation.yaml"
    path.write_bytes(document.encode("utf-8", "surrogateescape"))
    code, out, err = run_cli(capsys, "--root", str(ROOT), "score", game, str(path))
    assert code == 2
    assert out == ""
    assert any(expected in line for line in err.splitlines()), err
    assert "Traceback" not in err


def test_alias_bomb_is_refused_quickly(capsys, tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 12)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(ROOT), "score", "rebus", str(path))
    assert code == 2
    assert "alias '*a0' is not allowed" in err


def test_documents_over_one_mebibyte_are_refused_unread(capsys, tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("# " + "x" * (1024 * 1024) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(ROOT), "score", "rebus", str(path))
    assert (code, out) == (2, "")
    assert "larger than 1 MiB" in err


def test_stdin_and_json_errors_through_the_installed_command() -> None:
    command = [sys.executable, "-m", "rulebook.cli", "--root", str(ROOT), "score", "oh-my-word", "-", "--json"]
    good = subprocess.run(command, input="players: {Ann: [2], Bob: [1, 1]}\n", capture_output=True, text=True)
    assert good.returncode == 0
    assert json.loads(good.stdout)["tiebreak"] is True
    bad = subprocess.run(command, input="players: {Ann: [x]}\n", capture_output=True, text=True)
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["error"] is True
    assert "<stdin>:1:17: players.Ann[0]: 'x' is not of type 'integer'" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_unknown_game_and_example(capsys) -> None:
    assert run_cli(capsys, "--root", str(ROOT), "score", "chess", "-")[0] == 2
    code, _, err = run_cli(capsys, "--root", str(ROOT), "score", "rebus", "--example", "nope")
    assert code == 2 and "has no example 'nope'" in err


def test_score_does_not_import_mkdocs_or_babel() -> None:
    probe = (
        "import sys, io\n"
        "from rulebook.cli import main\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b'players: {Ann: [1]}'))\n"
        f"code = main(['--root', {str(ROOT)!r}, 'score', 'oh-my-word', '-'])\n"
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


REBUS_FACTS = yaml.safe_load((ROOT / "rules/rebus/game.yaml").read_text(encoding="utf-8"))["facts"]


def _codes(document: Document, root: Path) -> list[tuple[str, list]]:
    """The refusal's codes and paths, or [] when the situation scores."""
    try:
        situation.score_situation(document, "rebus", REBUS_FACTS, root, remember=True)
    except situation.Invalid as invalid:
        return [(meaning["code"], meaning["path"]) for meaning in invalid.meanings]
    return []


def test_a_remembered_schema_check_answers_for_the_same_document_only(cached, project_copy: Path) -> None:
    no_rebus = parse_document(b"turn:\n  rebuses: []\n  tiles_placed: 1\n", "a.yaml")  # minItems 1
    refused = [("schema.minItems", ["turn", "rebuses"])]
    assert _codes(no_rebus, project_copy) == refused
    assert _codes(no_rebus, project_copy) == refused
    assert len(cached) == 1, "the second check is the remembered one"
    # Another document is checked, not answered with the first one's problems.
    valid = parse_document(b"turn:\n  rebuses:\n    - tiles: 2\n  tiles_placed: 2\n", "b.yaml")
    assert _codes(valid, project_copy) == []
    assert len(cached) == 2


def test_a_document_the_cache_cannot_write_is_checked_all_the_same(cached, project_copy: Path) -> None:
    # 5000 digits: more than Python writes as JSON (ValueError), so it is checked without the cache.
    data = {"turn": {"rebuses": [{"tiles": 2}], "tiles_placed": 2, "extra": 10**5000}}
    document = Document("big.yaml", data, text=None, positions=({}, {}))
    assert _codes(document, project_copy) == [("schema.additionalProperties", ["turn", "extra"])]
    assert len(cached) == 1
