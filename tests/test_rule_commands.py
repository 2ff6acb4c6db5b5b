"""`rulebook rule rename` and `rulebook rule delete`: one command changes every file that names the
rule (or none), keeps each translation's state and every other byte, and leaves `check` clean.

The game is the fixture's alpha, translated (fixture_games.py), with its editions 1.0.1 and 1.0.2
(record_corrections: a section turn of 2.1 draw, 2.2 pass and 2.3 discard, the referee note
shared-win on winner and its worked example tie, every unit translated into French and Czech),
alpha's source mapped to rule.winner (add_winner_source_map) and players' questions for alpha's
winner in each language (SEARCH_WORDS_TEXT): a project that `check` passes without a word.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from authoring import fail_one_write
from conftest import edit, locate, made_once, run_cli, tree_digest
from fixture_games import (
    ALPHA_TURN_SUMMARY,
    CORRECTIONS_SUMMARY,
    WINNER_SOURCE_MAP,
    add_winner_source_map,
    copy_small_project,
    quiet,
    record_corrections,
)
from rulebook.model import source_hash

ALPHA = ("rules/alpha/game.yaml", "rules/alpha/en.yaml", "rules/alpha/fr.yaml", "rules/alpha/cs.yaml")
COVERAGE = WINNER_SOURCE_MAP  # maps alpha's one sentence to rule.winner
SEARCH_WORDS = "rules/search-words.yaml"  # players' questions for alpha/#winner in each language
SEARCH_WORDS_TEXT = """\
# yaml-language-server: $schema=../schemas/search-words.schema.json
languages:
  en:
    questions:
      alpha/#players: ["how many can play"]
      alpha/#winner: ["who wins", "how do you win"]
  fr:
    questions:
      alpha/#winner: ["qui gagne"]
  cs:
    questions:
      alpha/#winner: ["kdo vyhraje"]
"""
# The summaries of alpha's editions 1.0.1 and 1.0.2 that record_corrections leaves untranslated.
SUMMARIES = {
    "cs": {"edition.1-0-1": "Tah a poznámka rozhodčího ke shodě.", "edition.1-0-2": "Opravy: poznámka ke shodě."},
    "fr": {"edition.1-0-2": "Corrections : la note d’arbitrage sur les égalités.".replace(" :", "\u00a0:")},
}
ENGLISH_SUMMARIES = {"edition.1-0-1": ALPHA_TURN_SUMMARY, "edition.1-0-2": CORRECTIONS_SUMMARY}


def make_project(root: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    copy_small_project(tmp_path_factory, root, translated=True)
    record_corrections(root)
    for language, units in SUMMARIES.items():
        words = root / f"rules/alpha/{language}.yaml"
        added = "".join(
            f'  {unit}:\n    text: "{text}"\n    source: "{source_hash(ENGLISH_SUMMARIES[unit])}"\n    status: draft\n'
            for unit, text in units.items()
        )
        words.write_text(words.read_text(encoding="utf-8") + added, encoding="utf-8")
    add_winner_source_map(root)
    (root / SEARCH_WORDS).write_text(SEARCH_WORDS_TEXT, encoding="utf-8")
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


@pytest.fixture
def project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of this module's project (made once a run), safe to break."""
    made = made_once(tmp_path_factory, "rule-commands-project", lambda root: make_project(root, tmp_path_factory))
    return shutil.copytree(made, tmp_path / "project")


def check(root: Path, capsys) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, out.splitlines()


def status(root: Path, capsys) -> dict:
    code, out, _ = run_cli(capsys, "--root", str(root), "status", "--json")
    assert code == 0
    return json.loads(out)


def test_the_project_checks_without_a_word(project: Path, capsys) -> None:
    assert check(project, capsys) == (0, [])


def test_rename_changes_the_id_everywhere_and_nothing_else(project: Path, capsys) -> None:
    before = {name: (project / name).read_text(encoding="utf-8") for name in (*ALPHA, COVERAGE, SEARCH_WORDS)}
    assert before[SEARCH_WORDS].count("alpha/#winner:") == 3
    states = json.dumps(status(project, capsys)).replace("rule.winner", "rule.highest-score")

    code, out, err = run_cli(capsys, "--root", str(project), "rule", "rename", "alpha", "winner", "highest-score")

    assert (code, err) == (0, "")
    assert out.splitlines() == [*ALPHA, COVERAGE, SEARCH_WORDS, "rules/alpha/editions.yaml"]
    # The history records the rename after the latest edition (the corrections, 1.0.2), so that
    # citations of 1.0, 1.0.1 and 1.0.2 follow it.
    history = (project / "rules/alpha/editions.yaml").read_text(encoding="utf-8")
    assert history.endswith('renamed:\n  - {from: winner, to: highest-score, after: "1.0.2"}\n')
    for name in (*ALPHA, COVERAGE, SEARCH_WORDS):
        after = (project / name).read_text(encoding="utf-8")
        # Every line is as it was but where the id stood: comments, folding and quotes kept.
        expected = before[name].replace("rule.winner:", "rule.highest-score:")
        expected = expected.replace("alpha/#winner:", "alpha/#highest-score:")
        if name.endswith("game.yaml"):
            expected = expected.replace("[winner]", "[highest-score]").replace(", winner]", ", highest-score]")
        assert after == expected, name
    # Five places in game.yaml: its section, scoring_rules, the two examples, the ruling.
    game = (project / ALPHA[0]).read_text(encoding="utf-8")
    assert game.count("highest-score") == 5 and "winner]" not in game
    # Each translation is as current as it was: the same counts, under the new id.
    assert json.dumps(status(project, capsys)) == states
    assert check(project, capsys) == (0, [])


def _relink(root: Path, file: str, old: str, new: str, english: str) -> None:
    """A translation's text changed from old to new, its source hash made that of the English given."""
    text = edit(root, file, old, new)
    start = text.index(new)
    hash_at = text.index("source: ", start) + len('source: "')
    text = text[:hash_at] + source_hash(english) + text[hash_at + 12 :]
    (root / file).write_text(text, encoding="utf-8")


def test_rename_follows_links_to_the_rule_and_keeps_their_translations_current(project: Path, capsys) -> None:
    english_old = "Draw two cards ([who wins](#winner))."
    english_new = english_old.replace("#winner", "#highest-score")
    edit(project, "rules/alpha/en.yaml", '"Draw two cards."', f'"{english_old}"')
    for language, old, new in (
        ("fr", "Piochez deux cartes.", "Piochez deux cartes ([vainqueur](#winner))."),
        ("cs", "Vezměte si dvě karty.", "Vezměte si dvě karty ([vítěz](#winner))."),
    ):
        _relink(project, f"rules/alpha/{language}.yaml", old, new, english_old)
    # Another game's page links to it too; its translations, publishers' texts, are outdated by that.
    edit(
        project,
        "rules/beta/en.yaml",
        "{players.max} players.",
        "{players.max} players (unlike [Alpha](../alpha/#winner)).",
    )
    checked = check(project, capsys)
    assert checked[0] == 0 and len(checked[1]) == 2  # beta's rule.players, outdated in French and in Czech
    assert all("rules/beta/" in line and "units.rule.players: outdated" in line for line in checked[1])
    states = json.dumps(status(project, capsys)).replace("rule.winner", "rule.highest-score")

    assert run_cli(capsys, "--root", str(project), "rule", "rename", "alpha", "winner", "highest-score")[0] == 0

    assert f'text: "{english_new}"\n' in (project / "rules/alpha/en.yaml").read_text(encoding="utf-8")
    for language in ("fr", "cs"):
        text = (project / f"rules/alpha/{language}.yaml").read_text(encoding="utf-8")
        assert "(#highest-score))." in text and "#winner" not in text
        assert f'source: "{source_hash(english_new)}"' in text
    beta = (project / "rules/beta/en.yaml").read_text(encoding="utf-8")
    assert "(unlike [Alpha](../alpha/#highest-score))." in beta
    assert json.dumps(status(project, capsys)) == states  # rule.draw is still translated in both
    assert check(project, capsys) == checked  # the same two warnings, nothing new


HOUSE_RULE = "  house-rule:\n"


def add_house_rule(root: Path) -> None:
    """A rule an author adds to alpha's last section, between pass and discard, translated in both languages."""
    edit(root, "rules/alpha/game.yaml", "rules: [draw, pass, discard]", "rules: [draw, pass, house-rule, discard]")
    english = "Agree on house rules before the first turn."
    edit(
        root, "rules/alpha/en.yaml", "  rule.discard:\n", f"  rule.house-rule:\n    text: {english}\n  rule.discard:\n"
    )
    for language, text in (("fr", "Mettez-vous d’accord avant le premier tour."), ("cs", "Dohodněte se před tahem.")):
        edit(
            root,
            f"rules/alpha/{language}.yaml",
            "  rule.discard:\n",
            f'  rule.house-rule:\n    text: {text}\n    source: "{source_hash(english)}"\n    status: draft\n'
            "  rule.discard:\n",
        )


def test_delete_removes_the_rule_from_every_file(project: Path, capsys) -> None:
    original = tree_digest(project)
    add_house_rule(project)
    assert check(project, capsys) == (0, [])

    code, out, _ = run_cli(capsys, "--root", str(project), "rule", "delete", "alpha", "house-rule")

    assert code == 0 and out.splitlines() == list(ALPHA)
    assert tree_digest(project) == original  # byte for byte the files before the rule was added
    assert check(project, capsys) == (0, [])


@pytest.mark.parametrize("english_too", [False, True], ids=["from game.yaml", "from game.yaml and en.yaml"])
def test_delete_finishes_a_deletion_begun_by_hand(project: Path, capsys, english_too: bool) -> None:
    original = tree_digest(project)
    add_house_rule(project)
    edit(project, "rules/alpha/game.yaml", "house-rule, ", "")
    if english_too:
        edit(
            project,
            "rules/alpha/en.yaml",
            "  rule.house-rule:\n    text: Agree on house rules before the first turn.\n",
            "",
        )
    code, lines = check(project, capsys)
    assert code == 1
    hint = "`rulebook rule delete alpha house-rule` removes it from every language"
    for file in ("fr.yaml", "cs.yaml") if english_too else ("en.yaml",):
        line, col = locate((project / "rules/alpha" / file).read_text(encoding="utf-8"), "rule.house-rule:")
        said = (
            "not in en.yaml, so there is nothing it can translate"
            if english_too
            else "no such section or rule in game.yaml"
        )
        assert f"rules/alpha/{file}:{line}:{col}: units.rule.house-rule: {said}; {hint}" in lines

    assert run_cli(capsys, "--root", str(project), "rule", "delete", "alpha", "house-rule")[0] == 0

    assert tree_digest(project) == original
    assert check(project, capsys) == (0, [])


def test_delete_refuses_while_the_rule_is_named_and_says_where(project: Path, capsys) -> None:
    before = tree_digest(project)

    code, out, err = run_cli(capsys, "--root", str(project), "rule", "delete", "alpha", "winner")

    assert (code, out) == (2, "")
    game = (project / "rules/alpha/game.yaml").read_text(encoding="utf-8")
    lines = err.splitlines()
    scoring = game.index("scoring_rules: [winner]") + len("scoring_rules: [")
    line, col = game.count("\n", 0, scoring) + 1, scoring - game.rfind("\n", 0, scoring)
    assert f"rules/alpha/game.yaml:{line}:{col}: scoring_rules[0] names rule 'winner'" in lines
    coverage = (project / COVERAGE).read_text(encoding="utf-8")
    line, col = locate(coverage, "rule.winner:")
    assert f"{COVERAGE}:{line}:{col}: the source's sentences are mapped to rule.winner" in lines
    # scoring_rules, 2 examples (highest-total, tie), the ruling shared-win and the coverage map.
    assert lines[-1] == (
        "rulebook rule delete: rule 'winner' is still named in 5 places above; change them first; nothing was written"
    )
    assert len(lines) == 6
    assert tree_digest(project) == before


def test_delete_refuses_while_a_text_links_to_the_rule(project: Path, capsys) -> None:
    add_house_rule(project)
    text = edit(
        project,
        "rules/alpha/en.yaml",
        "text: The game is for {players.min} to {players.max} players.",
        "text: The game is for {players.min} to {players.max} players ([see](#house-rule)).",
    )
    before = tree_digest(project)
    code, _, err = run_cli(capsys, "--root", str(project), "rule", "delete", "alpha", "house-rule")
    assert code == 2
    line, col = locate(text, "The game is for {players.min} to {players.max} players (")
    assert f"rules/alpha/en.yaml:{line}:{col}: units.rule.players.text links to rule 'house-rule'" in err.splitlines()
    assert tree_digest(project) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("rename", "nope", "winner", "x"),
            "rulebook rule rename: no game 'nope': no folder of that name under rules/ holds a game.yaml",
        ),
        (
            ("rename", "../alpha", "winner", "x"),
            "rulebook rule rename: no game '../alpha': no folder of that name under rules/ holds a game.yaml",
        ),
        (
            ("rename", "alpha", "nope", "x"),
            "rulebook rule rename: rules/alpha/game.yaml: no rule 'nope' in any section",
        ),
        (
            ("rename", "alpha", "winner", "Winner"),
            "rulebook rule rename: 'Winner' is not a rule id: lowercase letters and digits in words joined by '-'",
        ),
        (
            ("rename", "alpha", "winner", "w" * 65),  # the schema's maxLength is 64
            f"rulebook rule rename: '{'w' * 65}' is not a rule id: lowercase letters and digits in words joined by '-'",
        ),
        (
            ("rename", "alpha", "winner", "players"),
            "rulebook rule rename: rules/alpha/game.yaml: 'players' is already an id of the game; choose another",
        ),
        (
            ("rename", "alpha", "winner", "turn"),  # a section's id
            "rulebook rule rename: rules/alpha/game.yaml: 'turn' is already an id of the game; choose another",
        ),
        (
            ("rename", "alpha", "winner", "calculator"),
            "rulebook rule rename: 'calculator' is an anchor the page itself uses; choose another id",
        ),
        (
            ("delete", "alpha", "nope"),
            "rulebook rule delete: rules/alpha: no rule 'nope' in game.yaml nor in any words file",
        ),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(project: Path, capsys, args, message) -> None:
    before = tree_digest(project)
    code, out, err = run_cli(capsys, "--root", str(project), "rule", *args)
    assert (code, out, err.splitlines()) == (2, "", [message])
    assert tree_digest(project) == before


@pytest.mark.parametrize(
    ("command", "failing"),
    [(("rename", "alpha", "winner", "highest-score"), 3), (("delete", "alpha", "house-rule"), 4)],
)
def test_a_write_failing_midway_leaves_every_file_as_it_was(
    project: Path, capsys, monkeypatch, command: tuple[str, ...], failing: int
) -> None:
    add_house_rule(project)
    before = tree_digest(project)
    asked = fail_one_write(monkeypatch, lambda path, count: count == failing, 28, "No space left on device")

    code, out, err = run_cli(capsys, "--root", str(project), "rule", *command)

    assert [path.relative_to(project).as_posix() for path in asked] == list(ALPHA[:failing])
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"rulebook rule {command[0]}: cannot write {ALPHA[failing - 1]}: No space left on device; no file was changed"
    ]
    assert tree_digest(project) == before


def test_delete_refuses_to_leave_a_section_without_rules(project: Path, capsys) -> None:
    game = edit(project, "rules/alpha/game.yaml", "sections:\n", "sections:\n  - id: house\n    rules: [house-rule]\n")
    edit(
        project,
        "rules/alpha/en.yaml",
        "  section.overview:\n",
        "  section.house:\n    text: House rules\n"
        "  rule.house-rule:\n    text: Agree on them first.\n"
        "  section.overview:\n",
    )
    assert check(project, capsys)[0] == 0
    before = tree_digest(project)
    code, _, err = run_cli(capsys, "--root", str(project), "rule", "delete", "alpha", "house-rule")
    assert code == 2
    line, col = locate(game, "house-rule]")
    assert err.splitlines() == [
        f"rulebook rule delete: rules/alpha/game.yaml:{line}:{col}: rule 'house-rule' is the only rule of section "
        "'house'; a section needs one: delete or edit the section by hand"
    ]
    assert tree_digest(project) == before


def test_an_id_that_named_another_rule_in_an_edition_is_refused(project: Path, capsys) -> None:
    """1.0.1's alpha 2.1 is draw (a rule that 1.0 did not have): once renamed, its old id leads to it;
    giving that id to alpha 2.2 would send every citation and link of 1.0.1's 2.1 to another rule.
    Renaming back is allowed."""
    assert run_cli(capsys, "--root", str(project), "rule", "rename", "alpha", "draw", "draw-cards")[0] == 0
    before = tree_digest(project)
    code, _, err = run_cli(capsys, "--root", str(project), "rule", "rename", "alpha", "pass", "draw")
    assert code == 2
    assert "'draw' was another rule's id in edition 1.0.1" in err and "rules/alpha/editions.yaml" in err
    assert tree_digest(project) == before
    assert run_cli(capsys, "--root", str(project), "rule", "rename", "alpha", "draw-cards", "draw")[0] == 0
    cited = run_cli(capsys, "--root", str(project), "cite", "alpha", "2.1", "--edition", "1.0.1", "--json")[1]
    assert '"current_id": "draw"' in cited
