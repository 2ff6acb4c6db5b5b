"""Each refusal of the authors' commands (`new`, `rule`, `edition new`, `cite`, `diff`) that a
command line can reach carries its registered code: the table's codes and params are worked out
from the refusing code (authoring/, editions/) and the project's content, not from the output. The
project is the small one (fixture_games.py), alpha's source mapped to rule.winner."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import FIXTURE_LANGUAGES, edit, run_cli, tree_digest
from fixture_games import add_winner_source_map, copy_small_project
from rulebook.commands import content
from rulebook.problem_codes import registry, say
from rulebook.problems import Refused

LANGUAGES = list(FIXTURE_LANGUAGES)  # the small project's


# (command line, code of the refusal's last problem, params it must hold). alpha has one edition,
# 1.0, of the day `rulebook new game` made it (rules/alpha/editions.yaml); its rule winner is named by
# scoring_rules, its one worked example and its source's coverage map.
CASES = [
    (["new", "game", "Bad_Id", "--name", "X"], "authoring.not-a-game-id", {}),
    (["new", "game", "alpha", "--name", "X"], "authoring.game-listed", {}),
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
    (["rule", "rename", "alpha", "nope", "x"], "authoring.no-rule-in-section", {}),
    (["rule", "rename", "alpha", "winner", "Winner"], "authoring.not-a-rule-id", {}),
    (["rule", "rename", "alpha", "winner", "calculator"], "authoring.reserved-anchor", {}),
    (["rule", "rename", "alpha", "winner", "players"], "authoring.id-taken", {}),
    (["rule", "delete", "alpha", "nope"], "authoring.no-rule-anywhere", {}),
    # scoring_rules, the example and the coverage map name it.
    (["rule", "delete", "alpha", "winner"], "authoring.rule-still-named", {"count": 3}),
    (["edition", "new", "chess", "1.1"], "edition.unknown-game", {}),
    (["edition", "new", "alpha", "one"], "edition.not-a-version", {}),
    (["edition", "new", "alpha", "1.1", "--date", "2026-13-01"], "edition.not-a-date", {}),
    (["edition", "new", "alpha", "1.0"], "edition.exists", {"version": "1.0"}),
    (["edition", "new", "alpha", "0.9"], "edition.comes-before", {"version": "0.9", "latest": "1.0"}),
    (
        ["edition", "new", "alpha", "1.1", "--date", "2020-01-01"],
        "edition.date-before",
        {"date": "2020-01-01", "latest_date": "FIRST_EDITION_DATE", "latest": "1.0"},
    ),
    (["cite", "chess", "1.1"], "edition.unknown-game", {}),
    (["cite", "alpha", "1.2", "--lang", "de"], "edition.unknown-language", {"languages": LANGUAGES}),
    (["cite", "alpha", "1.2", "--edition", "0.9"], "edition.unknown-cited-edition", {"editions": ["1.0"]}),
    (["cite", "alpha", "9.9"], "edition.number-names-no-rule", {"version": "1.0"}),
    (["diff", "alpha", "1.0", "7.0"], "edition.unknown-edition", {}),
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy for every case: a refusal writes nothing (each case checks it)."""
    copy = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("refusals") / "small")
    return add_winner_source_map(copy)


def first_edition_date(root: Path) -> str:
    """The date alpha's editions.yaml records for 1.0, its one edition: the day the project was made."""
    editions = yaml.safe_load((root / "rules/alpha/editions.yaml").read_text(encoding="utf-8"))["editions"]
    assert [edition["version"] for edition in editions] == ["1.0"]
    return editions[0]["date"]


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
    params = {
        name: first_edition_date(root) if value == "FIRST_EDITION_DATE" else value for name, value in params.items()
    }
    assert {name: last.params[name] for name in params} == params
    for problem in refusal.problems:
        assert problem.code in registry(), problem
        assert say(problem.code, problem.params, problem.quoted) == problem.message
    assert tree_digest(root) == before


def test_the_places_that_still_name_a_rule_are_coded_each(monkeypatch, capsys, root: Path) -> None:
    _, refusal = refusal_of(monkeypatch, capsys, root, ["rule", "delete", "alpha", "winner"])
    places = [problem.code for problem in refusal.problems[:-1]]
    # scoring_rules and the example in game.yaml; the coverage map.
    assert places.count("authoring.rule-named") == 2
    assert places.count("authoring.rule-mapped") == 1
    assert all(problem.file and problem.line for problem in refusal.problems[:-1])


def test_an_existing_game_folder_is_refused_with_its_code(monkeypatch, capsys, small_project: Path) -> None:
    (small_project / "rules" / "draft").mkdir()
    _, refusal = refusal_of(monkeypatch, capsys, small_project, ["new", "game", "draft", "--name", "Draft"])
    assert [problem.code for problem in refusal.problems] == ["authoring.game-folder-exists"]


def test_a_summary_is_asked_for_and_checked_with_its_code(monkeypatch, capsys, small_project: Path) -> None:
    edit(small_project, "rules/alpha/en.yaml", "the highest total wins.\n", "the highest total of all wins.\n")
    new = ["edition", "new", "alpha", "1.1", "--date", first_edition_date(small_project)]  # 1.0's day
    for extra, code, field in (
        ((), "edition.summary-needed", None),
        (("--summary", "<b>x</b>"), "text.raw-html", "--summary"),
        (("--summary", "[x](javascript:void)"), "text.link-scheme", "--summary"),  # validate/safety.py
    ):
        _, refusal = refusal_of(monkeypatch, capsys, small_project, [*new, *extra])
        assert [(problem.code, problem.quoted.get("field")) for problem in refusal.problems] == [(code, field)]


def test_a_refusal_under_json_is_one_object_with_the_printed_line(monkeypatch, capsys, root: Path) -> None:
    import json

    code, out, err = run_cli(capsys, "--root", str(root), "cite", "chess", "1.1", "--json")
    assert code == 2
    assert json.loads(out) == {"error": True, "problems": err.splitlines()}
    assert err.splitlines() == ["rulebook cite: no game 'chess' in rules/project.yaml"]
