"""The documents a user or a contributor reads stay true: the README is short and starts with the
two commands, every `make` target it names exists, and every relative link and every repository
path quoted in README.md, CONTRIBUTING.md, guide/ and dev/ points at something that exists.

Links and code are read from what Python-Markdown renders, never from patterns over the source."""

from __future__ import annotations

import ast
import shlex
import subprocess
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import markdown
import pytest

import rulebook
from conftest import ROOT

README = ROOT / "README.md"
PACKAGE = Path(rulebook.__file__).parent
README_MOST_LINES = 150
DOCUMENTS = sorted([README, ROOT / "CONTRIBUTING.md", *(ROOT / "guide").glob("*.md"), *(ROOT / "dev").glob("*.md")])
# Where a quoted path may be relative to: the repository, the package, the tests.
PATH_BASES = (ROOT, ROOT / "tools" / "rulebook", ROOT / "tests")
# The names the guides give what a command would create (`rulebook new game my-game`, `new language pl`).
EXAMPLE_NAMES = ("my-game", "pl")


@dataclass
class Rendered(HTMLParser):
    """A Markdown document as its renderer sees it: link targets, heading ids and code texts."""

    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    code: list[str] = field(default_factory=list)
    _code_depth: int = 0

    def __post_init__(self) -> None:
        super().__init__()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag == "code":
            self._code_depth += 1
            self.code.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "code":
            self._code_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._code_depth:
            self.code[-1] += data


def rendered(text: str) -> Rendered:
    html = markdown.markdown(text, extensions=["fenced_code", "tables", "toc"])
    reader = Rendered()
    reader.feed(html)
    reader.close()
    return reader


def headings_of(document: Path) -> set[str]:
    return rendered(document.read_text(encoding="utf-8")).ids


def broken_links(document: Path) -> list[str]:
    """Each relative link of the document whose file, or whose #anchor in a Markdown file, is missing."""
    problems = []
    reader = rendered(document.read_text(encoding="utf-8"))
    for href in reader.links:
        target = urlsplit(href)
        if target.scheme or target.netloc:
            continue
        path = (document.parent / unquote(target.path)).resolve() if target.path else document
        if not path.exists():
            problems.append(f"{document.name}: {href}: no such file")
        elif target.fragment and path.suffix == ".md" and target.fragment not in headings_of(path):
            problems.append(f"{document.name}: {href}: no such heading")
    return problems


def quoted_paths(document: Path) -> list[str]:
    """Code texts that name a path of the repository: a word with a slash whose first part is a
    folder or file of the repository, the package or the tests (`rules/<game>/game.yaml`,
    `render/search.py`), not a site address, a command line or an absolute path."""
    first_parts = {entry.name for base in PATH_BASES for entry in base.iterdir()}
    paths = []
    for text in rendered(document.read_text(encoding="utf-8")).code:
        if "\n" in text or " " in text.strip():
            continue
        word = text.strip().rstrip(".,;:").partition("::")[0]  # a pytest node id names its file
        if "/" in word and word.split("/")[0] in first_parts and "#" not in word:
            paths.append(word)
    return paths


def exists(path: str) -> bool:
    """A path with `<placeholders>`, `…` or an example name stands for any name in their place."""
    pattern = "/".join("*" if part in EXAMPLE_NAMES else part for part in path.rstrip("/").split("/"))
    for placeholder_start in ("<", "…"):
        while placeholder_start in pattern:
            start = pattern.index(placeholder_start)
            end = pattern.find(">", start) + 1 if placeholder_start == "<" else start + 1
            pattern = pattern[:start] + "*" + pattern[end:]
    return any(any(base.glob(pattern)) for base in PATH_BASES)


def ignored(paths: list[str]) -> set[str]:
    """The paths git ignores: what a build or a run writes (site/, bench/, .cache/…), not the repository's."""
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", "--stdin"],
        cwd=ROOT,
        input="\n".join(paths),
        capture_output=True,
        text=True,
        check=False,
    )
    return set(result.stdout.split())


def make_targets(document: Path) -> set[str]:
    """Every `make TARGET` in the document's code, inline or in a block."""
    targets = set()
    for text in rendered(document.read_text(encoding="utf-8")).code:
        for line in text.splitlines():
            words = shlex.split(line, comments=True)
            targets |= {words[i + 1] for i, word in enumerate(words[:-1]) if word == "make" and "=" not in words[i + 1]}
    return targets


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines; move details to guide/ or dev/"


def test_the_readme_shows_make_serve_and_make_test_first() -> None:
    first_block = rendered(README.read_text(encoding="utf-8")).code[0]
    commands = [shlex.split(line, comments=True) for line in first_block.splitlines()]
    assert [words[:2] for words in commands[:2]] == [["make", "serve"], ["make", "test"]]


def test_every_make_target_the_readme_names_exists() -> None:
    targets = make_targets(README)
    # The tiers the README must tell users about, besides the two commands.
    assert {"serve", "test", "test-fast", "test-engines", "fuzz", "mutate", "bench", "print"} <= targets
    for target in sorted(targets):
        dry_run = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=False)
        assert dry_run.returncode == 0, f"README names `make {target}`: {dry_run.stderr.strip()}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file(document: Path) -> None:
    assert not broken_links(document)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_quoted_path_exists(document: Path) -> None:
    paths = quoted_paths(document)
    outputs = ignored(paths)
    missing = [path for path in paths if path not in outputs and not exists(path)]
    assert not missing, f"{document.name} quotes paths that are not in the repository: {missing}"


def test_the_checks_find_a_broken_link_a_lost_heading_and_a_stale_path(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Kept heading\n", encoding="utf-8")
    document = tmp_path / "doc.md"
    document.write_text(
        "[gone](missing.md), [lost](other.md#lost-heading), [kept](other.md#kept-heading), "
        "[outside](https://example.org/missing.md)\n\nSee `tools/rulebook/gone.py` and `rules/<game>/game.yaml`.\n",
        encoding="utf-8",
    )
    assert broken_links(document) == [
        "doc.md: missing.md: no such file",
        "doc.md: other.md#lost-heading: no such heading",
    ]
    assert quoted_paths(document) == ["tools/rulebook/gone.py", "rules/<game>/game.yaml"]
    assert not exists("tools/rulebook/gone.py")
    assert exists("rules/<game>/game.yaml")


def test_make_targets_are_read_from_code_only(tmp_path: Path) -> None:
    document = tmp_path / "doc.md"
    document.write_text(
        "To make sense of it, run `make fuzz`.\n\n```sh\nmake serve   # the site\nmake mutate PACKAGES=scoring\n```\n",
        encoding="utf-8",
    )
    assert make_targets(document) == {"fuzz", "serve", "mutate"}


def quoted_modules(package: Path) -> list[str]:
    """The files a package's docstring quotes as code: `plugin.py`, `theme/`, `rulebook.validate.check`."""
    docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    return [text for text in rendered(docstring).code if text.endswith((".py", "/")) and " " not in text]


def held(package: Path, name: str) -> bool:
    """A module named `cli.py` may also be a package of that name (`cli/`), as a split leaves it."""
    return (package / name).exists() or (name.endswith(".py") and (package / name[:-3] / "__init__.py").is_file())


@pytest.mark.parametrize(
    "package",
    [PACKAGE, *sorted(path.parent for path in PACKAGE.glob("*/__init__.py"))],
    ids=lambda path: path.relative_to(PACKAGE.parent).as_posix(),
)
def test_every_file_a_package_docstring_names_is_in_the_package(package: Path) -> None:
    """A package's docstring says what it holds; a module it names that was moved or renamed makes it false."""
    assert (package / "__init__.py").is_file()
    missing = [name for name in quoted_modules(package) if not held(package, name)]
    assert not missing, f"{package.name}/__init__.py names {missing}, which it does not hold"


def test_a_docstring_naming_a_module_that_is_gone_is_caught(tmp_path: Path) -> None:
    package = tmp_path / "kit"
    (package / "split").mkdir(parents=True)
    (package / "__init__.py").write_text('"""Holds `kept.py`, `split.py` and `gone.py`."""\n', encoding="utf-8")
    (package / "kept.py").write_text("", encoding="utf-8")
    (package / "split" / "__init__.py").write_text("", encoding="utf-8")
    assert quoted_modules(package) == ["kept.py", "split.py", "gone.py"]
    assert [name for name in quoted_modules(package) if not held(package, name)] == ["gone.py"]
