"""The toolkit's packages form layers: each imports only from the layers below it, so no two
packages import each other, however far round. The pipeline is CONTRIBUTING.md's: load → validate →
render.

The units are rulebook's top-level packages and modules (rulebook/load/, rulebook/model.py). The
imports are read from the source (ast), every one of them: at module level, inside functions (the
toolkit defers many imports so that `rulebook score` starts fast), under `if TYPE_CHECKING:` (a type
is a dependency too) and relative ones. The order, lowest first:

1. problems (a problem, and `Refused`, the one exception that carries problems), text (numbers,
   plural choices, placeholders, the folding of words), problem_codes (the codes, and their English
   words in problem_codes/words.py), files (read within the project, written atomically, planned
   writes, where a game's scorer lies), addresses (the site's address and reserved paths): words,
   files and paths, knowing nothing of the content;
2. located: files read into data that remembers each value's line and column, within bounds, and the
   characters no text may hold;
3. cache: the persistent cache of checked documents and problems;
4. documents: files read into documents checked against their schemas;
5. model: the content model (games, rules, words, units);
6. editions: a game's recorded editions, their snapshots and the changes between them;
7. load: the documents and each game's edition history read into the model;
8. scoring: a situation scored by its game's scorer, worked examples and assumptions;
9. i18n: translation state, PO files and the UI catalogs;
10. markup: what may reach a page, which validate refuses and render writes: escaping, anchors,
    link targets, the sanitizer, icons;
11. validate: every check a schema cannot make, and `rulebook check` (validate/check.py);
12. render: the content to Markdown pages, sanitized; the calculator's data, search;
13. translation: the translators' operations (export, update, import, review, sync), which check
    what they import as `rulebook check` does;
14. website: the MkDocs adapter and `rulebook serve`; then authoring (`new`, `rule`, `edition new`),
    artifacts (the print edition, the app's icons), bench, commands and cli, the command line.

No import goes up the list, and the units import each other in no cycle (graphlib).
"""

from __future__ import annotations

import ast
import graphlib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tools" / "rulebook"

LAYERS = (
    "problems",
    "text",
    "problem_codes",
    "files",
    "addresses",
    "located",
    "cache",
    "documents",
    "model",
    "editions",
    "load",
    "scoring",
    "i18n",
    "markup",
    "validate",
    "render",
    "translation",
    "website",
    "authoring",
    "artifacts",
    "bench",
    "commands",
    "cli",
)


@dataclass(frozen=True)
class Import:
    file: str  # relative to the package folder, as "load/project.py"
    line: int
    module: str  # what it imports, as "rulebook.model"

    @property
    def source(self) -> str:
        return unit_of_file(self.file)

    @property
    def target(self) -> str:
        return self.module.split(".")[1]


def unit_of_file(file: str) -> str:
    """`load/project.py` → `load`; `model.py` → `model`."""
    return file.split("/", 1)[0].removesuffix(".py")


def imports_of(package: Path) -> list[Import]:
    """Every import of a rulebook module by a module under `package`, wherever it stands."""
    found = []
    for path in sorted(package.rglob("*.py")):
        file = path.relative_to(package).as_posix()
        parts = ["rulebook", *file.removesuffix(".py").split("/")]
        if parts[-1] == "__init__":
            parts.pop()
        package_parts = parts if path.name == "__init__.py" else parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), file)):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # `from . import x`, `from ..load import reader`
                    base = ".".join(package_parts[: len(package_parts) - node.level + 1] + ([base] if base else []))
                # `from rulebook import placeholders` imports the module rulebook.text.placeholders.
                modules = [f"{base}.{alias.name}" for alias in node.names] if base == "rulebook" else [base]
            else:
                continue
            found += [Import(file, node.lineno, module) for module in modules if module.startswith("rulebook.")]
    return found


def between_units(imports: list[Import]) -> list[Import]:
    return [found for found in imports if found.source != found.target]


def cycle(imports: list[Import]) -> list[str] | None:
    """A cycle of units importing each other (graphlib finds it), or None."""
    graph: dict[str, set[str]] = defaultdict(set)
    for found in imports:
        graph[found.source].add(found.target)
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        return list(error.args[1])
    return None


def describe(found: Import) -> str:
    return f"rulebook/{found.file}:{found.line} imports {found.module} ({found.source} → {found.target})"


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return between_units(imports_of(PACKAGE))


def test_every_unit_has_its_layer() -> None:
    units = {
        unit_of_file(path.relative_to(PACKAGE).as_posix())
        for path in PACKAGE.glob("*")
        if path.suffix == ".py" or (path / "__init__.py").is_file()
    }
    units.discard("__init__")
    assert sorted(units - set(LAYERS)) == [], "place each new package or module in LAYERS (and the docstring)"
    assert sorted(set(LAYERS) - units) == []


def test_no_import_goes_up_the_layers(imports: list[Import]) -> None:
    level = {unit: index for index, unit in enumerate(LAYERS)}
    upward = [describe(found) for found in imports if level[found.target] > level[found.source]]
    assert upward == []


def test_no_units_import_each_other(imports: list[Import]) -> None:
    """No cycle in the graph of units, whatever LAYERS says: graphlib orders them all."""
    assert cycle(imports) is None


def test_contributing_lists_the_layers_in_their_order() -> None:
    """CONTRIBUTING's layout names the units lowest first, in LAYERS' order, under its pipeline's
    order (load → validate → render), which is the enforced one."""
    layout = (PACKAGE.parent.parent / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "## Layout: load → validate → render" in layout
    assert LAYERS.index("load") < LAYERS.index("validate") < LAYERS.index("render")
    tree = layout.split("\ntools/rulebook/", 1)[1].split("\ntests/", 1)[0]
    named = [line.split()[0] for line in tree.splitlines() if line[2:3] not in " "]  # not a continuation
    listed = [name.removesuffix("/").removesuffix(".py") for name in named]
    assert listed == list(LAYERS)


def test_the_walk_finds_deferred_typing_and_relative_imports(tmp_path: Path) -> None:
    """Each kind of import the toolkit writes makes a cycle the walk sees."""
    (tmp_path / "low").mkdir()
    (tmp_path / "low" / "__init__.py").write_text("")
    (tmp_path / "low" / "reader.py").write_text("from rulebook.high import page\n")
    (tmp_path / "high.py").write_text("def page():\n    from .low import reader\n")
    assert sorted(cycle(between_units(imports_of(tmp_path))) or []) == ["high", "high", "low"]
    (tmp_path / "high.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rulebook import low\n"
    )
    assert cycle(between_units(imports_of(tmp_path))) is not None
    (tmp_path / "high.py").write_text("import os\n")
    assert cycle(between_units(imports_of(tmp_path))) is None
    # The toolkit itself: model.py asks files/scorers.py, inside a method, whether a game is scored.
    found = between_units(imports_of(PACKAGE))
    assert any(i.file == "model.py" and i.module == "rulebook.files.scorers" for i in found)
