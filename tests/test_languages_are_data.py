"""Languages are a list in data: the toolkit's code names no language of the content, and what is
particular to a language (French typography) is set in rules/project.yaml (issue 16). The code is
read as it is; the typography's checks run on the translated fixture (alpha and beta in en/fr/cs,
fixture_games.py) given the project's own typography (with_typography)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, run_cli
from fixture_games import translate_units, with_typography
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


# The project's own Czech typography (rules/project.yaml), as with_typography gives it to the fixture.
CZECH = "  cs: {quotes: [„, “], tie_to_next_word: [k, s, v, z, o, u, i]}\n"
# Two Czech units given a colon with a plain space before it, as a translator types them (translate_units).
COLONED = {
    ("alpha", "example.highest-total"): "Ann získá 3, 2 a 4: celkem 9 bodů; Bob 5, 1 a 2: celkem 8 bodů. Vyhrává Ann.",
    ("beta", "section.overview"): "Přehled: hráči",
}


@pytest.fixture
def typeset(translated_project: Path) -> Path:
    """The translated fixture with the project's own typography per language (with_typography)."""
    return with_typography(translated_project)


def test_typography_follows_the_project_file(typeset: Path, capsys) -> None:
    """Czech gets the no-break-space checks when the project file asks for them, not before: each
    Czech unit with a colon after a plain space is named at its text, and nothing else."""
    for (game, unit), text in COLONED.items():
        translate_units(typeset, game, "cs", {unit: text})
    code, out, _ = run_cli(capsys, "--root", str(typeset), "check")
    assert code == 0 and "Czech typography" not in out
    edit(typeset, "rules/project.yaml", CZECH, CZECH.replace("]}", '], no_break_space_before: ":"}'))
    code, out, _ = run_cli(capsys, "--root", str(typeset), "check")
    czech = [line for line in out.splitlines() if "Czech typography" in line]
    expected = []
    for (game, unit), text in COLONED.items():
        file = f"rules/{game}/cs.yaml"
        line, column = locate((typeset / file).read_text(encoding="utf-8"), f"text: '{text}'")
        expected.append(
            f"{file}:{line}:{column + len('text: ')}: units.{unit}.text: Czech typography: "
            "a no-break space (U+00A0 or U+202F) goes before ':'"
        )
    assert code == 1
    assert czech == expected


def test_typography_of_a_language_the_project_lacks_is_refused(typeset: Path, capsys) -> None:
    text = edit(typeset, "rules/project.yaml", "typography:\n", 'typography:\n  de: {no_break_space_before: "!"}\n')
    line, column = locate(text, "de:")
    code, out, _ = run_cli(capsys, "--root", str(typeset), "check")
    assert code == 1
    assert f"rules/project.yaml:{line}:{column + len('de: ')}: typography.de: not one of the project's languages" in out


# Czech's entry made one the schema refuses, in place of the project's (so that no duplicate key is the fault).
@pytest.mark.parametrize(
    ("value", "marker", "said"),
    [
        ('{no_break_space_before: "a"}', '"a"', "typography.cs.no_break_space_before: 'a' does not match '^[:;!?]+$'"),
        ("{}", "{}", "typography.cs: 0 keys, but at least 1"),
        ("{spaces: true}", "spaces", "typography.cs.spaces: unknown key 'spaces'"),
    ],
)
def test_typography_values_follow_the_schema(typeset: Path, capsys, value: str, marker: str, said: str) -> None:
    text = edit(typeset, "rules/project.yaml", CZECH, f"  cs: {value}\n")
    line, column = locate(text, f"  cs: {value}")
    column += len("  cs: ") + value.index(marker)
    code, out, _ = run_cli(capsys, "--root", str(typeset), "check")
    assert code == 1
    assert f"rules/project.yaml:{line}:{column}: {said}" in out.splitlines(), out
