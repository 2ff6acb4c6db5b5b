"""`rulebook rule rename` and `rulebook rule delete`: one command changes every file that names the
rule (or none), keeps each translation's state and every other byte, and leaves `check` clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from authoring import fail_one_write
from conftest import edit, locate, run_cli, tree_digest
from rulebook.model import source_hash

REBUS = ("rules/rebus/game.yaml", "rules/rebus/en.yaml", "rules/rebus/fr.yaml", "rules/rebus/cs.yaml")
COVERAGE = "rules/rebus/sources/000_1e571b27f5b0f623.coverage.yaml"  # maps a sentence to rule.winner
SEARCH_WORDS = "rules/search-words.yaml"  # players' questions for rebus/#winner in each language


def check(root: Path, capsys) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, out.splitlines()


def status(root: Path, capsys) -> dict:
    code, out, _ = run_cli(capsys, "--root", str(root), "status", "--json")
    assert code == 0
    return json.loads(out)


def test_rename_changes_the_id_everywhere_and_nothing_else(project_copy: Path, capsys) -> None:
    before = {name: (project_copy / name).read_text(encoding="utf-8") for name in (*REBUS, COVERAGE, SEARCH_WORDS)}
    assert before[SEARCH_WORDS].count("rebus/#winner:") == 3
    states = json.dumps(status(project_copy, capsys)).replace("rule.winner", "rule.highest-score")

    code, out, err = run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebus", "winner", "highest-score")

    assert (code, err) == (0, "")
    assert out.splitlines() == [*REBUS, COVERAGE, SEARCH_WORDS, "rules/rebus/editions.yaml"]
    # The history records the rename after the latest edition (the corrections, 1.0.1), so that
    # citations of 1.0 and 1.0.1 follow it.
    history = (project_copy / "rules/rebus/editions.yaml").read_text(encoding="utf-8")
    assert history.endswith('renamed:\n  - {from: winner, to: highest-score, after: "1.0.1"}\n')
    for name in (*REBUS, COVERAGE, SEARCH_WORDS):
        after = (project_copy / name).read_text(encoding="utf-8")
        # Every line is as it was but where the id stood: comments, folding and quotes kept.
        expected = before[name].replace("rule.winner:", "rule.highest-score:")
        expected = expected.replace("rebus/#winner:", "rebus/#highest-score:")
        if name.endswith("game.yaml"):
            expected = expected.replace("[winner]", "[highest-score]").replace(", winner]", ", highest-score]")
        assert after == expected, name
    # Six places in game.yaml: its section, scoring_rules, the card's tie, a ruling, two examples.
    game = (project_copy / REBUS[0]).read_text(encoding="utf-8")
    assert game.count("highest-score") == 6 and "winner]" not in game
    # Each translation is as current as it was: the same counts, under the new id.
    assert json.dumps(status(project_copy, capsys)) == states
    assert check(project_copy, capsys) == (0, [])


def test_rename_follows_links_to_the_rule_and_keeps_their_translations_current(project_copy: Path, capsys) -> None:
    english_old = "Separate the tiles into the {components.bags} bags according to color ([who wins](#winner))."
    english_new = english_old.replace("#winner", "#highest-score")
    edit(
        project_copy,
        "rules/rebus/en.yaml",
        "text: Separate the tiles into the {components.bags} bags according to color.",
        f"text: {english_old}",
    )
    for language, old in (("fr", "selon leur couleur."), ("cs", "other=pytlíků}}.")):
        text = edit(project_copy, f"rules/rebus/{language}.yaml", old, old[:-1] + " ([vítěz](#winner)).")
        start = text.index("  rule.bags:")
        hash_at = text.index("source: ", start) + len('source: "')
        text = text[:hash_at] + source_hash(english_old) + text[hash_at + 12 :]
        (project_copy / f"rules/rebus/{language}.yaml").write_text(text, encoding="utf-8")
    # Another game's page links to it too; its translations, publishers' texts, are outdated by that.
    edit(project_copy, "rules/rebis/en.yaml", "no hand limit.", "no hand limit (unlike [REBUS](../rebus/#winner)).")
    checked = check(project_copy, capsys)
    assert checked[0] == 0 and len(checked[1]) == 2
    states = json.dumps(status(project_copy, capsys)).replace("rule.winner", "rule.highest-score")

    assert run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebus", "winner", "highest-score")[0] == 0

    assert f"text: {english_new}\n" in (project_copy / "rules/rebus/en.yaml").read_text(encoding="utf-8")
    for language in ("fr", "cs"):
        text = (project_copy / f"rules/rebus/{language}.yaml").read_text(encoding="utf-8")
        assert "(#highest-score))." in text and "#winner" not in text
        assert f'source: "{source_hash(english_new)}"' in text
    assert "(unlike [REBUS](../rebus/#highest-score))." in (project_copy / "rules/rebis/en.yaml").read_text(
        encoding="utf-8"
    )
    assert json.dumps(status(project_copy, capsys)) == states  # rule.bags is still translated in both
    assert check(project_copy, capsys) == checked  # the same two warnings, nothing new


HOUSE_RULE = "  house-rule:\n"


def add_house_rule(root: Path) -> None:
    """A rule an author adds to REBUS's last section, translated in both languages."""
    edit(root, "rules/rebus/game.yaml", "rules: [end-of-play, winner]", "rules: [end-of-play, house-rule, winner]")
    english = "Agree on house rules before the first turn."
    edit(root, "rules/rebus/en.yaml", "  rule.winner:\n", f"  rule.house-rule:\n    text: {english}\n  rule.winner:\n")
    for language, text in (("fr", "Mettez-vous d’accord avant le premier tour."), ("cs", "Dohodněte se před tahem.")):
        edit(
            root,
            f"rules/rebus/{language}.yaml",
            "  rule.winner:\n",
            f'  rule.house-rule:\n    text: {text}\n    source: "{source_hash(english)}"\n    status: draft\n'
            "  rule.winner:\n",
        )


def test_delete_removes_the_rule_from_every_file(project_copy: Path, capsys) -> None:
    original = tree_digest(project_copy)
    add_house_rule(project_copy)
    assert check(project_copy, capsys) == (0, [])

    code, out, _ = run_cli(capsys, "--root", str(project_copy), "rule", "delete", "rebus", "house-rule")

    assert code == 0 and out.splitlines() == list(REBUS)
    assert tree_digest(project_copy) == original  # byte for byte the files before the rule was added
    assert check(project_copy, capsys) == (0, [])


@pytest.mark.parametrize("english_too", [False, True], ids=["from game.yaml", "from game.yaml and en.yaml"])
def test_delete_finishes_a_deletion_begun_by_hand(project_copy: Path, capsys, english_too: bool) -> None:
    original = tree_digest(project_copy)
    add_house_rule(project_copy)
    edit(project_copy, "rules/rebus/game.yaml", "house-rule, ", "")
    if english_too:
        edit(
            project_copy,
            "rules/rebus/en.yaml",
            "  rule.house-rule:\n    text: Agree on house rules before the first turn.\n",
            "",
        )
    code, lines = check(project_copy, capsys)
    assert code == 1
    hint = "`rulebook rule delete rebus house-rule` removes it from every language"
    for file in ("fr.yaml", "cs.yaml") if english_too else ("en.yaml",):
        line, col = locate((project_copy / "rules/rebus" / file).read_text(encoding="utf-8"), "rule.house-rule:")
        said = (
            "not in en.yaml, so there is nothing it can translate"
            if english_too
            else "no such section or rule in game.yaml"
        )
        assert f"rules/rebus/{file}:{line}:{col}: units.rule.house-rule: {said}; {hint}" in lines

    assert run_cli(capsys, "--root", str(project_copy), "rule", "delete", "rebus", "house-rule")[0] == 0

    assert tree_digest(project_copy) == original
    assert check(project_copy, capsys) == (0, [])


def test_delete_refuses_while_the_rule_is_named_and_says_where(project_copy: Path, capsys) -> None:
    before = tree_digest(project_copy)

    code, out, err = run_cli(capsys, "--root", str(project_copy), "rule", "delete", "rebis", "red-token")

    assert (code, out) == (2, "")
    game = (project_copy / "rules/rebis/game.yaml").read_text(encoding="utf-8")
    scoring = game.index("scoring_rules:")
    offset = game.index("red-token", scoring)
    line, col = game.count("\n", 0, offset) + 1, offset - game.rfind("\n", 0, offset)
    lines = err.splitlines()
    assert f"rules/rebis/game.yaml:{line}:{col}: scoring_rules[3] names rule 'red-token'" in lines
    coverage = (project_copy / "rules/rebis/sources/004_849fa0cfb2ddf21d.coverage.yaml").read_text(encoding="utf-8")
    line, col = locate(coverage, "rule.red-token:")
    assert (
        f"rules/rebis/sources/004_849fa0cfb2ddf21d.coverage.yaml:{line}:{col}: "
        "the source's sentences are mapped to rule.red-token"
    ) in lines
    # scoring_rules, 3 examples, 3 rulings and 3 coverage maps.
    assert lines[-1] == (
        "rulebook rule delete: rule 'red-token' is still named in 10 places above; "
        "change them first; nothing was written"
    )
    assert tree_digest(project_copy) == before


def test_delete_refuses_while_a_text_links_to_the_rule(project_copy: Path, capsys) -> None:
    add_house_rule(project_copy)
    text = edit(
        project_copy,
        "rules/rebus/en.yaml",
        "text: Highest score wins.",
        "text: Highest score wins ([see](#house-rule)).",
    )
    before = tree_digest(project_copy)
    code, _, err = run_cli(capsys, "--root", str(project_copy), "rule", "delete", "rebus", "house-rule")
    assert code == 2
    line, col = locate(text, "Highest score wins (")
    assert f"rules/rebus/en.yaml:{line}:{col}: units.rule.winner.text links to rule 'house-rule'" in err.splitlines()
    assert tree_digest(project_copy) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("rename", "nope", "winner", "x"),
            "rulebook rule rename: no game 'nope': no folder of that name under rules/ holds a game.yaml",
        ),
        (
            ("rename", "../rebus", "winner", "x"),
            "rulebook rule rename: no game '../rebus': no folder of that name under rules/ holds a game.yaml",
        ),
        (
            ("rename", "rebus", "nope", "x"),
            "rulebook rule rename: rules/rebus/game.yaml: no rule 'nope' in any section",
        ),
        (
            ("rename", "rebus", "winner", "Winner"),
            "rulebook rule rename: 'Winner' is not a rule id: lowercase letters and digits in words joined by '-'",
        ),
        (
            ("rename", "rebus", "winner", "w" * 65),  # the schema's maxLength is 64
            f"rulebook rule rename: '{'w' * 65}' is not a rule id: lowercase letters and digits in words joined by '-'",
        ),
        (
            ("rename", "rebus", "winner", "bags"),
            "rulebook rule rename: rules/rebus/game.yaml: 'bags' is already an id of the game; choose another",
        ),
        (
            ("rename", "rebus", "winner", "calculator"),
            "rulebook rule rename: 'calculator' is an anchor the page itself uses; choose another id",
        ),
        (
            ("delete", "rebus", "nope"),
            "rulebook rule delete: rules/rebus: no rule 'nope' in game.yaml nor in any words file",
        ),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(project_copy: Path, capsys, args, message) -> None:
    before = tree_digest(project_copy)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "rule", *args)
    assert (code, out, err.splitlines()) == (2, "", [message])
    assert tree_digest(project_copy) == before


@pytest.mark.parametrize(
    ("command", "failing"),
    [(("rename", "rebus", "winner", "highest-score"), 3), (("delete", "rebus", "house-rule"), 4)],
)
def test_a_write_failing_midway_leaves_every_file_as_it_was(
    project_copy: Path, capsys, monkeypatch, command: tuple[str, ...], failing: int
) -> None:
    add_house_rule(project_copy)
    before = tree_digest(project_copy)
    asked = fail_one_write(monkeypatch, lambda path, count: count == failing, 28, "No space left on device")

    code, out, err = run_cli(capsys, "--root", str(project_copy), "rule", *command)

    assert [path.relative_to(project_copy).as_posix() for path in asked] == list(REBUS[:failing])
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"rulebook rule {command[0]}: cannot write {REBUS[failing - 1]}: No space left on device; no file was changed"
    ]
    assert tree_digest(project_copy) == before


def test_delete_refuses_to_leave_a_section_without_rules(project_copy: Path, capsys) -> None:
    game = edit(
        project_copy, "rules/rebus/game.yaml", "sections:\n", "sections:\n  - id: house\n    rules: [house-rule]\n"
    )
    edit(
        project_copy,
        "rules/rebus/en.yaml",
        "  section.play:\n",
        "  section.house:\n    text: House rules\n"
        "  rule.house-rule:\n    text: Agree on them first.\n"
        "  section.play:\n",
    )
    assert check(project_copy, capsys)[0] == 0
    before = tree_digest(project_copy)
    code, _, err = run_cli(capsys, "--root", str(project_copy), "rule", "delete", "rebus", "house-rule")
    assert code == 2
    line, col = locate(game, "house-rule]")
    assert err.splitlines() == [
        f"rulebook rule delete: rules/rebus/game.yaml:{line}:{col}: rule 'house-rule' is the only rule of section "
        "'house'; a section needs one: delete or edit the section by hand"
    ]
    assert tree_digest(project_copy) == before


def test_an_id_that_named_another_rule_in_an_edition_is_refused(project_copy: Path, capsys) -> None:
    """1.0's Rebis 2.1 is own-shelf: once renamed, its old id leads to it; giving that id to Rebis 2.2
    would send every citation and link of 1.0's 2.1 to another rule. Renaming back is allowed."""
    assert run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebis", "own-shelf", "your-shelf")[0] == 0
    before = tree_digest(project_copy)
    code, _, err = run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebis", "hand-limit", "own-shelf")
    assert code == 2
    assert "'own-shelf' was another rule's id in edition 1.0" in err and "rules/rebis/editions.yaml" in err
    assert tree_digest(project_copy) == before
    assert run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebis", "your-shelf", "own-shelf")[0] == 0
    cited = run_cli(capsys, "--root", str(project_copy), "cite", "rebis", "2.1", "--edition", "1.0", "--json")[1]
    assert '"current_id": "own-shelf"' in cited
