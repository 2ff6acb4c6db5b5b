"""Property-based: `check`, `status`, `i18n import`, `i18n sync` and `edition new`, each on more
than 10,000 hostile inputs under `make fuzz` (issue 48, part 7), end in exit 0, 1 or 2 without a
traceback, and a refusal writes nothing.

Every input is made from a real file of a small project (tests/fuzz_workspace.py) damaged by
tests/fuzz_inputs.py's strategies, and each command runs in-process, a few hundredths of a second a
run. Each test is split by the kind of file it damages, so that pytest-xdist's workers share them.
"""

from __future__ import annotations

import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, made_once, make_small_project
from fuzz_inputs import DATES, SUMMARIES, VERSIONS, hostile_document, hostile_po
from fuzz_workspace import Workspace, make_fuzz_project
from harness import assert_invariants, budget, run

# Real files of the content, to stand in for a workspace file of the same kind.
REAL = {
    kind: tuple(path.read_text(encoding="utf-8") for path in sorted(ROOT.glob(pattern)))
    for kind, pattern in {
        "game.yaml": "rules/*/game.yaml",
        "words": "rules/*/[a-z][a-z].yaml",
        "editions.yaml": "rules/*/editions.yaml",
        "snapshot": "rules/*/editions/*.yaml",
        "coverage": "rules/*/sources/*.coverage.yaml",
        "schema": "schemas/*.json",
    }.items()
}


def real_files_like(key: str) -> tuple[str, ...]:
    name = key.rsplit("/", 1)[-1]
    if "/editions/" in key:
        return REAL["snapshot"]
    if name in ("game.yaml", "editions.yaml"):
        return REAL[name]
    if name.endswith(".coverage.yaml"):
        return REAL["coverage"]
    if name.endswith(".json"):
        return REAL["schema"]
    if len(name) == len("en.yaml"):
        return REAL["words"]
    return ()


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    small = made_once(tmp_path_factory, "small-project", make_small_project)
    pristine = made_once(tmp_path_factory, "fuzz-project", lambda folder: make_fuzz_project(folder, small))
    root = tmp_path_factory.mktemp("fuzz") / "project"
    shutil.copytree(pristine, root)
    return Workspace(root)


def content_keys(workspace: Workspace, group: str) -> list[str]:
    """The workspace's files that a group of inputs damages."""
    if group == "game":
        return workspace.keys("game.yaml", "score.schema.json", "facts.schema.json", ".coverage.yaml", under="rules/")
    if group == "words":
        return [key for key in workspace.keys(".yaml", under="rules/") if len(key.rsplit("/", 1)[-1]) == 7]
    if group == "editions":
        return workspace.keys("editions.yaml", under="rules/") + workspace.keys(".yaml", under="rules/alpha/editions/")
    return ["rules/project.yaml", "mkdocs.yml", *workspace.keys(".json", under="schemas/")]


@st.composite
def damaged_files(draw: st.DrawFn, workspace: Workspace, keys: list[str]) -> dict[str, bytes]:
    """One file of `keys` damaged, sometimes two, sometimes one deleted."""
    chosen = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=2, unique=True))
    damaged = {}
    for key in chosen:
        damaged[key] = draw(hostile_document(workspace.text(key), real_files_like(key), as_json=key.endswith(".json")))
    if draw(st.integers(0, 49)) == 0:
        damaged[draw(st.sampled_from(keys))] = b""  # b"" and then deleted: a file gone
    return damaged


def plant(workspace: Workspace, damaged: dict[str, bytes], delete_empty: bool) -> None:
    for key, data in damaged.items():
        if data or not delete_empty:
            workspace.write(key, data)
        else:
            (workspace.root / key).unlink()


GROUPS = ("game", "words", "editions", "project and site")
LANGUAGES = st.sampled_from(["en", "fr", "cs", "de", "", "FR", "../en", "\x00"])


@pytest.mark.fuzz
@pytest.mark.parametrize("group", GROUPS)
def test_check_and_status_never_crash(workspace: Workspace, group: str) -> None:
    """`check` (with --json or --lang) and then `status` (with its options) on damaged content; check
    writes nothing but its cache."""
    keys = content_keys(workspace, group)
    root = str(workspace.root)

    @settings(max_examples=budget(30, 2_600))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        damaged = data.draw(damaged_files(workspace, keys))
        try:  # planted inside: a draw that Hypothesis stops midway must not leave the damage behind
            plant(workspace, damaged, delete_empty=True)
            as_json = data.draw(st.booleans())
            language = data.draw(st.one_of(st.none(), LANGUAGES))
            options = [*(["--json"] if as_json else []), *(["--lang", language] if language is not None else [])]
            result = run("check", ["--root", root, "check", *options])
            assert_invariants(result, json_wanted=as_json)
            assert set(workspace.changed()) <= set(damaged), "check must not write"
            status_options = data.draw(
                st.lists(
                    st.one_of(
                        st.just(["--json"]),
                        LANGUAGES.map(lambda language: ["--lang", language]),
                        st.sampled_from(["0", "100", "50.5", "-1", "101", "nan", "1e999", "x"]).map(
                            lambda percent: ["--fail-under", percent]
                        ),
                    ),
                    max_size=3,
                )
            )
            argv = [option for pair in status_options for option in pair]
            status = run("status", ["--root", root, "status", *argv])
            assert_invariants(status, json_wanted="--json" in argv and status.code != 2)
        finally:
            workspace.restore()

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("language", ["fr", "cs"])
def test_import_never_crashes_and_a_refusal_writes_nothing(
    workspace: Workspace, language: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """`i18n import` of a damaged PO file of the project, sometimes under another name."""
    keys = workspace.keys(f".{language}.po", under="po/")
    outside = tmp_path_factory.mktemp("import")

    @settings(max_examples=budget(30, 5_200))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        key = data.draw(st.sampled_from(keys))
        name = data.draw(
            st.sampled_from([key.rsplit("/", 1)[-1]] * 6 + ["alpha.de.po", "gamma.fr.po", "alpha.po", "x", ".po"])
        )
        po = outside / name
        po.write_bytes(data.draw(hostile_po(workspace.text(key))))
        try:
            result = run("i18n import", ["--root", str(workspace.root), "i18n", "import", str(po)])
            assert_invariants(result)
            if result.code != 0:
                assert workspace.changed() == [], "a refused import must change no file"
        finally:
            po.unlink()
            workspace.restore()

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("group", ["content", "po"])
def test_sync_never_crashes_and_a_refusal_writes_nothing(workspace: Workspace, group: str) -> None:
    """`i18n sync` after damage to the YAML it exports or to the PO files it keeps in step."""
    if group == "po":
        keys = workspace.keys(".po", ".pot", under="po/")
    else:
        keys = [key for part in ("game", "words", "editions") for key in content_keys(workspace, part)]
        keys.append("rules/project.yaml")

    @settings(max_examples=budget(30, 5_200))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        key = data.draw(st.sampled_from(keys))
        if group == "po":
            damaged = {key: data.draw(hostile_po(workspace.text(key)))}
        else:
            damaged = data.draw(damaged_files(workspace, [key]))
        try:
            plant(workspace, damaged, delete_empty=False)
            result = run("i18n sync", ["--root", str(workspace.root), "i18n", "sync"])
            assert_invariants(result)
            if result.code == 2:
                assert set(workspace.changed()) <= set(damaged), "a refused sync must change no file"
        finally:
            workspace.restore()

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("group", ["arguments", "content"])
def test_edition_new_never_crashes_and_a_refusal_writes_nothing(workspace: Workspace, group: str) -> None:
    """`edition new` with hostile arguments, or ordinary ones on damaged content of the game."""
    keys = [key for part in ("game", "words", "editions") for key in content_keys(workspace, part)]

    @settings(max_examples=budget(30, 5_200))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        damaged: dict[str, bytes] = {}
        if group == "content":
            damaged = data.draw(damaged_files(workspace, keys))
            game = data.draw(st.sampled_from(["alpha", "beta"]))
            argv = [game, data.draw(st.sampled_from(["1.1", "2.0"])), "--summary", "Clearer scoring."]
        else:
            game = data.draw(st.sampled_from(["alpha", "beta", "gamma", "", "../alpha", "ALPHA", "alpha\x00"]))
            argv = [game, data.draw(VERSIONS)]
            for option, values in (("--date", DATES), ("--effective", DATES), ("--summary", SUMMARIES)):
                if data.draw(st.integers(0, 3)) > 0:
                    argv += [option, data.draw(values)]
        try:
            plant(workspace, damaged, delete_empty=True)
            result = run("edition new", ["--root", str(workspace.root), "edition", "new", *argv])
            assert_invariants(result)
            if result.code != 0:
                assert set(workspace.changed()) <= set(damaged), "a refused edition must change no file"
        finally:
            workspace.restore()

    check()
