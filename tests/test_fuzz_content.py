"""Property-based: `rulebook check` on mutated content files never crashes, locates every problem
and writes nothing; content that it passes renders (the build's own work) and exports; `status`
never crashes either; `rulebook i18n import`
on mutated PO files never crashes, and a refused import changes no file (issue 11); `rulebook i18n
update` on them never crashes, keeps every translation, and changes nothing a second time (issue 24).

The import is driven through `main()` only, as a black box: it keeps working whatever the import
code becomes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CONTENT, ROOT
from harness import assert_invariants, assert_located, budget, restore, run, tree_state
from mutations import TEXT_DAMAGE, damaged_text, mutated_value
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages
from rulebook.validate.check import check_project

CONTENT_FILES = sorted(
    path.relative_to(ROOT).as_posix() for folder in ("rules", "glossary") for path in (ROOT / folder).rglob("*.yaml")
)
PLACE = "|".join(["rules/[^:]+", "glossary/[^:]+"])


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the content for the whole module: each example restores what it changed."""
    root = tmp_path_factory.mktemp("content")
    for folder in CONTENT:
        shutil.copytree(ROOT / folder, root / folder)
    return root


@st.composite
def mutated_content(draw: st.DrawFn, original: str) -> str:
    """A content file damaged as text, or as data and written back as YAML."""
    if draw(st.booleans()):
        text = original
        for _ in range(draw(st.integers(1, 3))):
            text = draw(damaged_text(text))
        return text
    data = yaml.safe_load(original)
    try:
        return yaml.safe_dump(draw(mutated_value(data)), allow_unicode=True, sort_keys=False)
    except yaml.YAMLError:  # a lone surrogate PyYAML cannot write: damage the text instead
        return draw(damaged_text(original))


@pytest.mark.fuzz
def test_check_never_crashes_on_mutated_content(copy: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Also `status`, and `i18n export` of content that check passes."""
    pristine = tree_state(copy)
    po_folder = tmp_path_factory.mktemp("exported")

    @settings(max_examples=budget(25, 800))
    @given(name=st.sampled_from(CONTENT_FILES), data=st.data())
    def check(name: str, data: st.DataObject) -> None:
        path = copy / name
        mutated = data.draw(mutated_content(path.read_text(encoding="utf-8")))
        path.write_bytes(mutated.encode("utf-8", "surrogatepass"))
        expected = tree_state(copy)
        try:
            result = run("check", ["--root", str(copy), "check"])
            assert_invariants(result, exit_codes=(0, 1))
            assert_located(result.out.splitlines(), PLACE)
            assert tree_state(copy) == expected, "check must not write"
            status = run("status", ["--root", str(copy), "status", "--json"])
            assert_invariants(status, json_wanted=status.code == 0)
            if result.code == 0:  # what the build does with content that check passes
                loaded, _ = check_project(copy)
                assert loaded.project is not None
                assert list(render_pages(loaded.project))
                export = run("i18n export", ["--root", str(copy), "i18n", "export", "cs", "-o", str(po_folder)])
                assert_invariants(export, exit_codes=(0,))
        finally:
            restore(copy, pristine)

    check()


@pytest.fixture(scope="module")
def exported(copy: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The PO file of the project's first game in its first translation, whatever they are."""
    project = load_project(ROOT).project
    game, language = project.games[0].id, project.languages[1]
    folder = tmp_path_factory.mktemp("po")
    result = run("i18n export", ["--root", str(copy), "i18n", "export", language, "--game", game, "-o", str(folder)])
    assert result.code == 0, result.err
    return folder / f"{game}.{language}.po"


@st.composite
def mutated_po(draw: st.DrawFn, original: str) -> str:
    """A PO file with broken lines, or with translations replaced by hostile text."""
    lines = original.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["msgstr", "fuzzy", "drop", "repeat", "damage", "context"]))
        if kind == "msgstr" and lines[index].startswith("msgstr"):
            text = draw(st.one_of(st.text(max_size=60), st.sampled_from([*TEXT_DAMAGE, "<b>x</b>", "{nope}", ""])))
            escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            lines[index] = f'msgstr "{escaped}"'
        elif kind == "fuzzy":
            lines.insert(index, "#, fuzzy")
        elif kind == "drop":
            del lines[index]
        elif kind == "repeat":
            lines.insert(index, lines[index])
        elif kind == "context" and lines[index].startswith("msgctxt"):
            lines[index] = f'msgctxt "{draw(st.sampled_from(["rule.nope", "", "summary", "rule.winner"]))}"'
        else:
            return draw(damaged_text("\n".join(lines)))
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


@pytest.mark.fuzz
def test_import_never_crashes_and_a_refusal_writes_nothing(copy: Path, exported: Path) -> None:
    pristine = tree_state(copy)
    original = exported.read_text(encoding="utf-8")
    po = exported.with_name(f"mutated.{exported.suffixes[-2].lstrip('.')}.po")

    @settings(max_examples=budget(10, 200))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        po.write_bytes(data.draw(mutated_po(original)).encode("utf-8", "surrogatepass"))
        try:
            result = run("i18n import", ["--root", str(copy), "i18n", "import", str(po)])
            assert_invariants(result)
            if result.code != 0:
                assert tree_state(copy) == pristine, "a refused import must change no file"
        finally:
            restore(copy, pristine)

    check()


@pytest.mark.fuzz
def test_update_never_crashes_drops_no_entry_and_a_second_run_changes_nothing(copy: Path, exported: Path) -> None:
    """`rulebook i18n update` on mutated PO files (issue 24): never a crash; a refusal leaves the file
    as it was; every translation the file had is still in it; and updating again changes no byte."""
    pristine = tree_state(copy)
    original = exported.read_text(encoding="utf-8")
    po = exported.with_name(f"updated.{exported.suffixes[-2].lstrip('.')}.po")

    @settings(max_examples=budget(10, 200))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        before = data.draw(mutated_po(original)).encode("utf-8", "surrogatepass")
        po.write_bytes(before)
        try:
            result = run("i18n update", ["--root", str(copy), "i18n", "update", str(po)])
            assert_invariants(result, exit_codes=(0, 2))
            if result.code != 0:
                assert po.read_bytes() == before, "a refused update must leave the file as it was"
                return
            after = po.read_bytes()
            assert _translations(before) <= _translations(after), "an update must keep every translation"
            again = run("i18n update", ["--root", str(copy), "i18n", "update", str(po)])
            assert again.code == 0, again.err
            assert po.read_bytes() == after, "a second update must change nothing"
        finally:
            restore(copy, pristine)

    check()


def _translations(data: bytes) -> set[tuple[str | None, object]]:
    """Every translated entry's (msgctxt, msgstr), live or obsolete, as Babel reads the file."""
    from io import BytesIO

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import PoFileParser

    catalog = Catalog()
    PoFileParser(catalog, ignore_obsolete=False).parse(BytesIO(data))
    return {(m.context, m.string) for m in [*catalog, *catalog.obsolete.values()] if m.id and m.string}
