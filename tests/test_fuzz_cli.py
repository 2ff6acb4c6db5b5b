"""Property-based: any command line, with any stdin, ends in exit 0, 1 or 2 without a traceback,
and `--json` always prints one JSON object (issue 11)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CONTENT, ROOT
from harness import assert_invariants, budget, run

GAMES = sorted(path.parent.name for path in (ROOT / "rules").glob("*/game.yaml"))  # the project's, whatever they are
WORDS = [
    "score", *GAMES, "chess", "-", "--json", "--example", "i-saw", "nope", "check",
    "status", "--lang", "cs", "qq", "--fail-under", "95", "nan", "-1e999", "i18n", "export", "import", "--game",
    "glossary", "-o", "--root", ".", "..", "/", "/dev/null", "/etc/passwd", "/nonexistent", "\x00", "a" * 300,
    "x/" * 3000, "--help", "-h", "--", "--json=1", "\udcff",
]  # fmt: skip


ARGUMENT = st.text(max_size=20)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy to run in: an export writes PO files, and the repository must stay as it is."""
    root = tmp_path_factory.mktemp("cli")
    for folder in CONTENT:
        shutil.copytree(ROOT / folder, root / folder)
    return root


@pytest.mark.fuzz
def test_any_command_line(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)

    @settings(max_examples=budget(100, 5_000))
    @given(argv=st.lists(st.one_of(st.sampled_from(WORDS), ARGUMENT), max_size=6), stdin=st.binary(max_size=200))
    def check(argv: list[str], stdin: bytes) -> None:
        if "import" in argv:  # a PO file named on the command line could change the copy; not this test's job
            return
        result = run("(any command line)", argv, stdin)
        # --json asks for one JSON object, refusals included; help (and `--`, after which --json is a file
        # name) are the exceptions.
        plain = {"-h", "--help", "--"} & set(argv)
        assert_invariants(result, json_wanted="--json" in argv and not plain)

    check()
