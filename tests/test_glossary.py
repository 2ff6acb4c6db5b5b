"""The REBUS glossary: its checks on broken copies, and the data's own promises."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT, edit, locate, run_cli, tree_digest
from rulebook.icons import icon_file
from rulebook.load.project import load_project


def check(capsys, root: Path) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, [line for line in out.splitlines() if "warning:" not in line]


def test_the_real_glossary_keeps_the_rules_promise() -> None:
    project = load_project(ROOT).project
    glossary = project.glossary
    rebus = project.game("rebus")
    assert len(glossary.symbols) == rebus.facts["components"]["glossary_symbols"] == 76
    assert len({s.id for s in glossary.symbols}) == len({s.icon for s in glossary.symbols}) == 76
    assert all(icon_file(symbol.icon).is_file() for symbol in glossary.symbols)
    # The symbols that the rules themselves use.
    assert {"eye", "saw", "cup", "oar", "phone", "leaf"} <= {symbol.id for symbol in glossary.symbols}
    for language in project.languages:
        units = glossary.words[language].units
        for symbol in glossary.symbols:
            assert symbol.unit("name") in units and symbol.unit("description") in units, (language, symbol.id)
            if language != project.source_language:
                assert symbol.unit("readings") in units, (language, symbol.id)


def test_75_symbols_are_refused(project_copy: Path, capsys) -> None:
    path = project_copy / "glossary/symbols.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: cat\n")
    path.write_text(text[:start], encoding="utf-8")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "  - id: eye")
    assert code == 1
    assert (
        f"glossary/symbols.yaml:{line}:{col + 2}: symbols: 75 symbols, but the rules promise 76 "
        "(rebus/game.yaml: facts.components.glossary_symbols)" in problems
    )


def test_a_duplicate_id_is_refused(project_copy: Path, capsys) -> None:
    text = edit(project_copy, "glossary/symbols.yaml", "  - id: cat\n", "  - id: apple\n")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "apple\n    icon: material/cat")
    first = locate(text, "apple\n    icon: material/food-apple")[0]
    assert code == 1
    assert f"glossary/symbols.yaml:{line}:{col}: symbol id 'apple' is used twice (first at line {first})" in problems


def test_a_missing_icon_is_refused(project_copy: Path, capsys) -> None:
    text = edit(project_copy, "glossary/symbols.yaml", "icon: material/cat\n", "icon: material/cat-that-is-not\n")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "material/cat-that-is-not")
    assert code == 1
    assert any(
        p.startswith(
            f"glossary/symbols.yaml:{line}:{col}: icon 'material/cat-that-is-not' is not in the installed "
            "mkdocs-material"
        )
        for p in problems
    )


def test_an_example_with_an_unknown_symbol_is_refused(project_copy: Path, capsys) -> None:
    text = edit(project_copy, "glossary/symbols.yaml", "tiles: [cat, S, sleep]", "tiles: [cat, S, snooze]")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "snooze]")
    assert code == 1
    assert (
        f"glossary/symbols.yaml:{line}:{col}: example tile 'snooze' is neither a symbol of the glossary nor a "
        "single letter"
    ) in problems


def test_an_example_must_use_its_own_symbol_and_nothing_is_written(project_copy: Path, capsys) -> None:
    edit(project_copy, "glossary/symbols.yaml", "tiles: [cat, S, sleep]", "tiles: [baby, S, sleep]")
    before = tree_digest(project_copy)
    code, problems = check(capsys, project_copy)
    assert code == 1
    assert any(p.endswith("the example of 'cat' does not use 'cat'") for p in problems)
    assert tree_digest(project_copy) == before


def test_a_rule_illustration_with_an_unknown_symbol_is_refused(project_copy: Path, capsys) -> None:
    text = edit(project_copy, "rules/rebus/game.yaml", "tiles: [eye, saw]", "tiles: [eye, hacksaw]")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "hacksaw]")
    assert code == 1
    assert (
        f"rules/rebus/game.yaml:{line}:{col}: tile 'hacksaw' is neither a glossary symbol nor a single letter"
        in problems
    )
