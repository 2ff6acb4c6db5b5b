"""The toolkit's packages form layers: each imports only from the layers below it, so no two
packages import each other, however far round.

The units are rulebook's top-level packages and modules (rulebook/load/, rulebook/model.py). The
imports are read from the source (ast), every one of them: at module level, inside functions (the
toolkit defers many imports so that `rulebook score` starts fast), under `if TYPE_CHECKING:` (a type
is a dependency too) and relative ones. The order, lowest first:

1. locale_numbers, problems, problem_codes (the codes, and their English words in
   problem_codes/words.py), characters, arguments, streams, files, file_states, site_paths, garbage,
   yaml_quoting, plural_choice, placeholders, site_address, plan: words, files and paths, knowing nothing of the
   content;
2. located: files read into data that remembers each value's line and column, within bounds;
3. cache_codecs, cache: the persistent cache of checked documents and problems;
4. scorers: where a game's scorer, input schema and browser scorer lie;
5. model: the content model (games, rules, words, units);
6. load: files to documents checked against their schemas, and documents to the model;
7. scoring: a situation scored by its game's scorer, worked examples and assumptions;
8. editions: a game's recorded editions, their snapshots and the changes between them;
9. i18n: translation state, PO files, the UI catalogs and the translators' operations;
10. render: the content to Markdown pages, sanitized; icons, the calculator's data, search;
11. validate: every check a schema cannot make; check: all of them over the project;
12. path_caches, website: the MkDocs adapter and `rulebook serve`; then authoring, edition, app_icons,
    bench, commands and cli, the command line.

An import that goes up the list is refused, unless it is one of KNOWN_UPWARD, each with the reason
it is still there; an entry that no longer matches an import is refused too, so the list only
shrinks.
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
    "locale_numbers",
    "problems",
    "problem_codes",
    "characters",
    "streams",
    "arguments",
    "files",
    "file_states",
    "site_paths",
    "garbage",
    "yaml_quoting",
    "plural_choice",
    "placeholders",
    "site_address",
    "plan",
    "located",
    "cache_codecs",
    "cache",
    "scorers",
    "model",
    "load",
    "scoring",
    "editions",
    "i18n",
    "render",
    "validate",
    "check",
    "path_caches",
    "website",
    "authoring",
    "edition",
    "app_icons",
    "bench",
    "commands",
    "cli",
)

# (the importing file, relative to rulebook/, and the module it imports): why it still goes up.
KNOWN_UPWARD: dict[tuple[str, str], str] = {
    ("load/project.py", "rulebook.editions.history"): (
        "each game's model lists its editions, read from editions.yaml through load/reader.py: "
        "until reading files (reader, schema) and building the model (project) are two packages, "
        "the history sits between the two halves of load/"
    ),
    ("i18n/importer.py", "rulebook.check"): (
        "`i18n import` (and sync, review and update, which import through it) refuses words that add "
        "an error to what `rulebook check` finds: i18n/ holds both the translation state that check "
        "reads and these operations, which belong above check"
    ),
    ("editions/record.py", "rulebook.validate.text"): (
        "`rulebook edition new` checks the English summary as `rulebook check` checks every unit; "
        "recording an edition is an operation above validate/, in a package whose history, "
        "snapshots and changes the renderer and i18n/ read"
    ),
}


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
                # `from rulebook import placeholders` imports the module rulebook.placeholders.
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
    upward = [found for found in imports if level[found.target] > level[found.source]]
    unexplained = [describe(found) for found in upward if (found.file, found.module) not in KNOWN_UPWARD]
    assert unexplained == []
    gone = sorted(set(KNOWN_UPWARD) - {(found.file, found.module) for found in upward})
    assert gone == [], "these imports no longer go up: take them off KNOWN_UPWARD"


def test_no_units_import_each_other(imports: list[Import]) -> None:
    remaining = [found for found in imports if (found.file, found.module) not in KNOWN_UPWARD]
    assert cycle(remaining) is None


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
    # The toolkit itself: model.py asks scorers.py, inside a method, whether a game is scored.
    found = between_units(imports_of(PACKAGE))
    assert any(i.file == "model.py" and i.module == "rulebook.scorers" for i in found)
