"""Each refusal of the authors' commands (`new`, `rule`, `edition new`, `cite`, `diff`) that a
command line can reach carries its registered code: the table's codes and params are worked out
from the refusing code (authoring/, editions/) and the project's content, not from the output."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import CONTENT, ROOT, edit, run_cli, tree_digest
from rulebook.commands import content
from rulebook.load.project import load_project
from rulebook.problem_codes import registry, say
from rulebook.problems import Refused

LANGUAGES = list(load_project(ROOT).project.languages)

# (command line, code of the refusal's last problem, params it must hold). rebus has edition 1.0
# of 2026-12-01 and the corrections, 1.0.1 of 2026-12-05, its latest (rules/rebus/editions.yaml).
CASES = [
    (["new", "game", "Bad_Id", "--name", "X"], "authoring.not-a-game-id", {}),
    (["new", "game", "rebus", "--name", "X"], "authoring.game-listed", {}),
    (["new", "game", "fr", "--name", "X"], "project.game-id-is-language", {"language": "fr"}),
    (["new", "game", "search", "--name", "X"], "project.game-id-is-site-page", {}),
    (["new", "game", "other", "--name", " X"], "authoring.name-needed", {}),
    (["new", "game", "other", "--name", "x" * 81], "authoring.name-too-long", {"limit": 80}),
    (["new", "game", "other", "--name", "<b>X</b>"], "text.markup-in-name", {"characters": ["<", ">"]}),
    (["new", "game", "other", "--name", "Bell\x07"], "text.control-character", {"codepoint": "0007", "position": 5}),
    (["new", "game", "other", "--name", "two\nlines"], "authoring.name-lines", {}),
    (["new", "language", "PL"], "authoring.not-a-language-code", {}),
    (["new", "language", "fr"], "authoring.language-listed", {"language": "fr"}),
    (["new", "language", "qqq"], "authoring.unknown-locale", {"language": "qqq"}),
    (["rule", "rename", "nope", "winner", "x"], "authoring.no-game-folder", {}),
    (["rule", "rename", "rebus", "nope", "x"], "authoring.no-rule-in-section", {}),
    (["rule", "rename", "rebus", "winner", "Winner"], "authoring.not-a-rule-id", {}),
    (["rule", "rename", "rebus", "winner", "calculator"], "authoring.reserved-anchor", {}),
    (["rule", "rename", "rebus", "winner", "bags"], "authoring.id-taken", {}),
    (["rule", "delete", "rebus", "nope"], "authoring.no-rule-anywhere", {}),
    # scoring_rules, 3 examples, 3 rulings and 3 coverage maps name it.
    (["rule", "delete", "rebis", "red-token"], "authoring.rule-still-named", {"count": 10}),
    (["edition", "new", "chess", "1.1"], "edition.unknown-game", {}),
    (["edition", "new", "rebus", "one"], "edition.not-a-version", {}),
    (["edition", "new", "rebus", "1.1", "--date", "2026-13-01"], "edition.not-a-date", {}),
    (["edition", "new", "rebus", "1.0"], "edition.exists", {"version": "1.0"}),
    (["edition", "new", "rebus", "0.9"], "edition.comes-before", {"version": "0.9", "latest": "1.0.1"}),
    (
        ["edition", "new", "rebus", "1.1", "--date", "2020-01-01"],
        "edition.date-before",
        {"date": "2020-01-01", "latest_date": "2026-12-05", "latest": "1.0.1"},
    ),
    (["cite", "chess", "1.1"], "edition.unknown-game", {}),
    (["cite", "rebus", "3.2", "--lang", "de"], "edition.unknown-language", {"languages": LANGUAGES}),
    (["cite", "rebus", "3.2", "--edition", "0.9"], "edition.unknown-cited-edition", {"editions": ["1.0", "1.0.1"]}),
    (["cite", "rebus", "9.9"], "edition.number-names-no-rule", {"version": "1.0.1"}),
    (["diff", "rebus", "1.0", "7.0"], "edition.unknown-edition", {}),
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy for every case: a refusal writes nothing (each case checks it)."""
    copy = tmp_path_factory.mktemp("refusals")
    for folder in CONTENT:
        shutil.copytree(ROOT / folder, copy / folder)
    return copy


def refusal_of(monkeypatch: pytest.MonkeyPatch, capsys, root: Path, args: list[str]) -> tuple[int, Refused]:
    """The command's exit code and the refusal it printed, caught at the shared printer."""
    caught: list[Refused] = []
    report = content.report_refusal

    def spy(what: str, refusal: Refused, json_wanted: bool = False) -> int:
        caught.append(refusal)
        return report(what, refusal, json_wanted)

    monkeypatch.setattr(content, "report_refusal", spy)
    code, out, err = run_cli(capsys, "--root", str(root), *args)
    assert len(caught) == 1, out + err
    return code, caught[0]


@pytest.mark.parametrize(("args", "code", "params"), CASES, ids=[" ".join(case[0])[:50] for case in CASES])
def test_each_refusal_carries_its_registered_code(monkeypatch, capsys, root: Path, args, code, params) -> None:
    before = tree_digest(root)
    status, refusal = refusal_of(monkeypatch, capsys, root, args)
    assert status == 2
    last = refusal.problems[-1]
    assert last.code == code and last.code in registry()
    assert {name: last.params[name] for name in params} == params
    for problem in refusal.problems:
        assert problem.code in registry(), problem
        assert say(problem.code, problem.params, problem.quoted) == problem.message
    assert tree_digest(root) == before


def test_the_places_that_still_name_a_rule_are_coded_each(monkeypatch, capsys, root: Path) -> None:
    _, refusal = refusal_of(monkeypatch, capsys, root, ["rule", "delete", "rebis", "red-token"])
    places = [problem.code for problem in refusal.problems[:-1]]
    # scoring_rules, 3 examples and 3 rulings in game.yaml; 3 coverage maps.
    assert places.count("authoring.rule-named") == 7
    assert places.count("authoring.rule-mapped") == 3
    assert all(problem.file and problem.line for problem in refusal.problems[:-1])


def test_an_existing_game_folder_is_refused_with_its_code(monkeypatch, capsys, project_copy: Path) -> None:
    (project_copy / "rules" / "draft").mkdir()
    _, refusal = refusal_of(monkeypatch, capsys, project_copy, ["new", "game", "draft", "--name", "Draft"])
    assert [problem.code for problem in refusal.problems] == ["authoring.game-folder-exists"]


def test_a_summary_is_asked_for_and_checked_with_its_code(monkeypatch, capsys, project_copy: Path) -> None:
    edit(project_copy, "rules/rebus/en.yaml", "    text: Highest score wins.\n", "    text: The highest score wins.\n")
    new = ["edition", "new", "rebus", "1.1", "--date", "2026-12-05"]  # the corrections' day
    for extra, code, field in (
        ((), "edition.summary-needed", None),
        (("--summary", "<b>x</b>"), "text.raw-html", "--summary"),
        (("--summary", "[x](javascript:void)"), "text.link-scheme", "--summary"),  # validate/safety.py
    ):
        _, refusal = refusal_of(monkeypatch, capsys, project_copy, [*new, *extra])
        assert [(problem.code, problem.quoted.get("field")) for problem in refusal.problems] == [(code, field)]


def test_a_refusal_under_json_is_one_object_with_the_printed_line(monkeypatch, capsys, root: Path) -> None:
    import json

    code, out, err = run_cli(capsys, "--root", str(root), "cite", "chess", "1.1", "--json")
    assert code == 2
    assert json.loads(out) == {"error": True, "problems": err.splitlines()}
    assert err.splitlines() == ["rulebook cite: no game 'chess' in rules/project.yaml"]
