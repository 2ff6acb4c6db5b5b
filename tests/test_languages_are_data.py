"""Languages are a list in data: the toolkit's code names no language of the content, and what is
particular to a language (French typography) is set in rules/project.yaml (issue 16)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT, edit, run_cli
from rulebook.load.project import load_project

TOOLS = ROOT / "tools" / "rulebook"
# The benchmark writes synthetic projects in languages of its own choosing: a list of codes is its data.
SYNTHETIC = TOOLS / "bench" / "synthetic.py"
TRANSLATIONS = load_project(ROOT).project.languages[1:]
NAMED = re.compile(r"\b(?:" + "|".join(TRANSLATIONS) + r")\b")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (their doctests are tests)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def strings_naming_a_translation(path: Path) -> list[tuple[int, str]]:
    """Every string in the code (comments and docstrings aside) that names a translation's code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        if NAMED.search(node.value)
    ]


def test_no_python_code_names_a_translation() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {value!r}"
        for path in sorted(TOOLS.rglob("*.py"))
        if path != SYNTHETIC
        for line, value in strings_naming_a_translation(path)
    ]
    assert found == []


def test_the_search_finds_a_language_in_code_and_not_in_docstrings(tmp_path: Path) -> None:
    code = TRANSLATIONS[0]
    sample = tmp_path / "sample.py"
    sample.write_text(f'"""Docstring: {code} is fine here."""\n\n# {code} too\nif x == "{code}":\n    pass\n')
    assert strings_naming_a_translation(sample) == [(4, code)]


def test_no_theme_file_names_a_translation() -> None:
    # lunr's language files are named for their language, as Material's own are (lunr.fr.min.js).
    theme = [
        path for path in sorted((TOOLS / "website" / "theme").rglob("*")) if path.is_file() and "lunr" not in path.parts
    ]
    assert theme
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in theme
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NAMED.search(line)
    ]
    assert found == []


def test_typography_follows_the_project_file(project_copy: Path, capsys) -> None:
    """Czech gets the no-break-space checks when the project file asks for them, not before."""
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 0 and "Czech typography" not in out
    edit(
        project_copy,
        "rules/project.yaml",
        "  cs: {quotes: [„, “], tie_to_next_word: [k, s, v, z, o, u, i]}\n",
        '  cs: {quotes: [„, “], tie_to_next_word: [k, s, v, z, o, u, i], no_break_space_before: ":"}\n',
    )
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    czech = [line for line in out.splitlines() if "Czech typography" in line]
    assert code == 1 and czech
    assert all(line.startswith(("rules/", "glossary/")) and "/cs.yaml:" in line for line in czech), czech
    assert all("goes before ':'" in line for line in czech)


def test_typography_of_a_language_the_project_lacks_is_refused(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/project.yaml", "typography:\n", 'typography:\n  de: {no_break_space_before: "!"}\n')
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert "rules/project.yaml:" in out and "typography.de: not one of the project's languages" in out


@pytest.mark.parametrize("value", ['{no_break_space_before: "a"}', "{}", "{spaces: true}"])
def test_typography_values_follow_the_schema(project_copy: Path, capsys, value: str) -> None:
    edit(project_copy, "rules/project.yaml", "typography:\n", f"typography:\n  cs: {value}\n")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1 and "rules/project.yaml:" in out, out
