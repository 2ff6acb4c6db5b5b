"""Issue 27: render/ turns the content model into Markdown and search entries without any site
engine, so that the engine can change under it. Only website/ imports MkDocs, Material or
mkdocs-static-i18n."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import rulebook
from conftest import ROOT

ENGINES = ("mkdocs", "material", "mkdocs_static_i18n", "properdocs", "zensical")
PACKAGE = Path(rulebook.__file__).parent


def imported_names(module: Path) -> set[str]:
    """Every module a file imports, at any depth of its code (in functions too), as absolute names."""
    names = set()
    tree = ast.parse(module.read_text(encoding="utf-8"))
    # What `if TYPE_CHECKING:` imports is read by type checkers only, never loaded.
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: within rulebook
                parent = ".".join(("rulebook", *module.relative_to(PACKAGE).parent.parts))
                base = parent.rsplit(".", node.level - 1)[0] if node.level > 1 else parent
                names.add(f"{base}.{node.module}" if node.module else base)
            else:
                names.add(node.module or "")
    return names


def source_of(name: str) -> Path | None:
    """The file of a rulebook module, None for anything else."""
    if name != "rulebook" and not name.startswith("rulebook."):
        return None
    path = PACKAGE.parent.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def engine_imports(start: list[tuple[Path, str]]) -> tuple[list[str], int]:
    """Each import of an engine that the modules `start` reach through rulebook's own, with its
    chain; and how many modules the walk read."""
    seen: dict[Path, str] = {}
    waiting = list(start)
    found = []
    while waiting:
        path, chain = waiting.pop()
        if path in seen:
            continue
        seen[path] = chain
        for name in imported_names(path):
            if name.split(".")[0] in ENGINES:
                found.append(f"{chain} imports {name}")
            if (source := source_of(name)) is not None:
                waiting.append((source, f"{chain} → {name}"))
    return found, len(seen)


def test_render_imports_no_engine_at_any_depth() -> None:
    """render/'s modules and every rulebook module they reach, walked through their import statements."""
    modules = sorted((PACKAGE / "render").glob("*.py"))
    found, read = engine_imports([(path, "rulebook.render." + path.stem) for path in modules])
    assert read > len(modules)  # the walk went past render/ itself
    assert not found, found


def test_the_after_step_imports_no_engine_at_any_depth() -> None:
    """`rulebook finish` (website/finish.py) runs where no engine is installed, after any engine's
    build (issue 51); the theme's folders are found without importing one. The plugin's own
    modules (plugin.py, internals.py) do import MkDocs: the walk must see that, or it proves nothing."""
    modules = ["finish", "theme_folders"]
    found, read = engine_imports([(PACKAGE / "website" / f"{name}.py", f"rulebook.website.{name}") for name in modules])
    assert read > 10
    assert not found, found
    assert engine_imports([(PACKAGE / "website" / "plugin.py", "rulebook.website.plugin")])[0]


def test_rendering_the_site_loads_no_engine() -> None:
    """What the walk above reads, done: every page and the search helpers in a fresh process,
    and no engine module is loaded after."""
    code = """
import sys
from pathlib import Path
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages
from rulebook.render.search import split_index, lunr_languages
pages = list(render_pages(load_project(Path(sys.argv[1])).project))
assert len(pages) > 10, len(pages)
assert any("glossary" in page.path for page in pages)
loaded = sorted(name for name in sys.modules if name.split(".")[0] in sys.argv[2:])
print(loaded)
"""
    result = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), *ENGINES], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
