"""Every file or none, for real (issue 48): each command that writes several files is made to fail
at each of its files in turn, the disk full (ENOSPC) or the file over the size limit (EFBIG), and
must leave every file of the project byte for byte as it was, say which file it could not write and
why, exit 2, and leave no temporary file.

The fault is injected under the code (the file descriptor the write opens, as
tests/test_atomic_writes.py does), and it lasts: a file that cannot be written now cannot be
written back a moment later either, which is what made the old rollback fail. The files each
command writes are learned from a run on another copy, and checked against what it printed.
"""

from __future__ import annotations

import errno
import os
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import polib
import pytest

from conftest import ROOT, copy_content, edit, run_cli, tree_digest
from rulebook.cli import main
from test_rule_commands import add_house_rule

# What tempfile.mkstemp names a temporary file beside its target: `.{name}.{8 random}.tmp`.
_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")


def _target(fd: int) -> Path | None:
    """The file that the temporary file open on `fd` is written for; None for the toolkit's cache."""
    opened = Path(os.readlink(f"/proc/self/fd/{fd}"))
    if ".cache" in opened.parts:
        return None
    match = _TEMPORARY.match(opened.name)
    return opened.parent / match["name"] if match else opened


class _Failing:
    """A stream that writes half of what it is given, then fails as the kernel does: no file name."""

    def __init__(self, stream, code: int) -> None:
        self._stream, self._code = stream, code

    def write(self, data: bytes) -> int:
        self._stream.write(data[: len(data) // 2])
        self._stream.flush()
        raise OSError(self._code, os.strerror(self._code))

    def __getattr__(self, name: str):
        return getattr(self._stream, name)

    def __enter__(self) -> _Failing:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stream.close()


def _watch_writes(monkeypatch: pytest.MonkeyPatch, failing: Callable[[Path], int | None]) -> list[Path]:
    """Every write of a project file from now on is recorded (its target, in order); a write of a
    target for which `failing` gives an errno fails with it, each time it is tried."""
    real_fdopen, seen = os.fdopen, []

    def fdopen(fd: int, mode: str = "r", *args, **kwargs):
        stream = real_fdopen(fd, mode, *args, **kwargs)
        target = _target(fd) if "w" in mode or "a" in mode else None
        if target is None:
            return stream
        seen.append(target)
        code = failing(target)
        return stream if code is None else _Failing(stream, code)

    monkeypatch.setattr(os, "fdopen", fdopen)
    return seen


# Each command: a setup on a copy of the project that gives it work to do, and its arguments.
def _rename(root: Path) -> list[str]:
    return ["rule", "rename", "rebus", "drawing", "pulling"]  # the issue's own case


def _delete(root: Path) -> list[str]:
    add_house_rule(root)
    return ["rule", "delete", "rebus", "house-rule"]


def _edition(root: Path) -> list[str]:
    english = (root / "rules/rebus/en.yaml").read_text(encoding="utf-8")
    said = re.search(r"  rule\.winner:\n    text: (.*)\n", english)
    assert said is not None
    edit(root, "rules/rebus/en.yaml", said.group(0), f"  rule.winner:\n    text: {said.group(1)} Ties share.\n")
    # Dated not before the project's latest edition, the corrections 1.0.1 of 2026-12-05.
    return ["edition", "new", "rebus", "1.1", "--date", "2026-12-05", "--summary", "Ties share the win."]


def _retranslated(root: Path) -> Path:
    """po/ as `i18n export` writes it, with the French summary of rebis translated anew, as a
    translator sends it back."""
    for language in ("fr", "cs"):
        assert main(["--root", str(root), "i18n", "export", language]) == 0
    po = root / "po" / "rebis.fr.po"
    catalog = polib.pofile(str(po))
    entry = next(entry for entry in catalog if entry.msgctxt == "summary")
    entry.msgstr = "Un jeu de cartes d’étagères de livres et de jetons de mélange."
    catalog.save(str(po))
    return po


def _import(root: Path) -> list[str]:
    return ["i18n", "import", str(_retranslated(root))]


def _sync(root: Path) -> list[str]:
    _retranslated(root)
    return ["i18n", "sync"]


def _new_game(root: Path) -> list[str]:
    return ["new", "game", "late", "--name", "Late", "--scoring"]


# (name, setup, the fewest files it writes, worked out from what the command does)
COMMANDS = [
    ("rule rename", _rename, 3),  # game.yaml and the three words files at least
    ("rule delete", _delete, 4),  # game.yaml and the three words files
    ("edition new", _edition, 3),  # en.yaml (the summary), the snapshot, editions.yaml
    ("i18n import", _import, 1),  # rules/rebis/fr.yaml
    ("i18n sync", _sync, 2),  # rules/rebis/fr.yaml and po/rebis.fr.po at least
    ("new game", _new_game, 4),  # game.yaml, the words files, project.yaml, the scorer
]


def _folders(root: Path) -> list[str]:
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_dir() and ".cache" not in path.relative_to(root).parts
    )


def _temporaries(root: Path) -> list[str]:
    return [path.as_posix() for path in root.rglob("*") if _TEMPORARY.match(path.name) and ".cache" not in path.parts]


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EFBIG], ids=["ENOSPC", "EFBIG"])
@pytest.mark.parametrize(("name", "setup", "fewest"), COMMANDS, ids=[command[0] for command in COMMANDS])
def test_a_write_failing_at_any_file_changes_no_file(
    name: str, setup, fewest: int, code: int, tmp_path: Path, warm_cache: Path, capsys, monkeypatch
) -> None:
    probe = copy_content(tmp_path / "probe", warm_cache)
    arguments = setup(probe)
    capsys.readouterr()
    with monkeypatch.context() as watching:
        seen = _watch_writes(watching, lambda _: None)
        status, out, err = run_cli(capsys, "--root", str(probe), *arguments)
    assert status == 0, err
    targets = list(dict.fromkeys(path.relative_to(probe).as_posix() for path in seen))
    assert len(targets) >= fewest, targets
    if name not in ("i18n import", "i18n sync"):  # these print a summary, not the files
        assert sorted(out.splitlines()) == sorted(targets)

    root = copy_content(tmp_path / "project", warm_cache)
    setup(root)
    capsys.readouterr()
    before, folders = tree_digest(root), _folders(root)
    said: dict[str, tuple[int, str, str]] = {}
    left: dict[str, list[str]] = {}
    for target in targets:
        with monkeypatch.context() as failing:
            tried = _watch_writes(failing, lambda path, target=target: code if path == root / target else None)
            status, out, err = run_cli(capsys, "--root", str(root), *arguments)
        assert root / target in tried, f"{name}: {target} was not written"
        after = tree_digest(root)
        changed = sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
        if changed or _folders(root) != folders:
            left[target] = changed or ["a folder"]
            break  # the next cases would start from a changed project
        said[target] = (status, out, err)
    # What the files hold first, then what the command says of it.
    assert left == {}, f"{name}: a write failing at this file left these changed: {left}"
    for target, (status, out, err) in said.items():
        assert status == 2, f"{name}, {target}: {out}{err}"
        assert "Traceback" not in err and "internal error" not in err
        line = f"rulebook {name}: cannot write {target}: {os.strerror(code)}; no file was changed"
        assert line in err.splitlines(), f"{name}, {target}: {err}"


def test_a_file_size_limit_changes_no_file(tmp_path: Path, warm_cache: Path) -> None:
    """The issue's reproduction, as it was run: `(ulimit -f 40; rulebook rule rename rebus drawing
    pulling)`. The kernel itself refuses the write of the one file over 40 KiB."""
    root = copy_content(tmp_path, warm_cache)
    before = tree_digest(root)
    rebus = max(path.stat().st_size for path in (root / "rules/rebus").rglob("*.yaml"))
    assert (root / "rules/search-words.yaml").stat().st_size > 40 * 1024 > rebus, "the limit must fall on one file"

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (40 * 1024, 40 * 1024))

    environment = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    done = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(root), "rule", "rename", "rebus", "drawing", "pulling"],
        capture_output=True,
        text=True,
        env=environment,
        preexec_fn=limited,
        timeout=120,
        check=False,
    )
    assert tree_digest(root) == before
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        "rulebook rule rename: cannot write rules/search-words.yaml: File too large; no file was changed"
    ]


def test_a_rename_failing_midway_says_which_files_it_changed(project_copy: Path, capsys, monkeypatch) -> None:
    """Every file is staged, then renamed into place; a rename needs no space, but a folder's
    permissions may still refuse it. The files renamed before are then said by name, and only they
    changed: the others, the failing one first, are as they were, with no temporary file left."""
    from rulebook.files import plan

    before = tree_digest(project_copy)
    real_replace, renamed = os.replace, []

    def replace(source: str, destination: str) -> None:
        if len(renamed) == 2:  # the third file: rules/rebus/fr.yaml
            raise OSError(errno.EACCES, os.strerror(errno.EACCES), source, destination)
        real_replace(source, destination)
        renamed.append(destination)

    monkeypatch.setattr(plan.os, "replace", replace)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebus", "winner", "highest-score")

    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "rulebook rule rename: cannot write rules/rebus/fr.yaml: Permission denied; 2 file(s) changed, 5 not:",
        "  changed: rules/rebus/game.yaml",
        "  changed: rules/rebus/en.yaml",
        "  not changed: rules/rebus/fr.yaml",
        "  not changed: rules/rebus/cs.yaml",
        "  not changed: rules/rebus/sources/000_1e571b27f5b0f623.coverage.yaml",
        "  not changed: rules/search-words.yaml",
        "  not changed: rules/rebus/editions.yaml",
    ]
    after = tree_digest(project_copy)
    assert sorted(path for path in before if before[path] != after.get(path)) == [
        "rules/rebus/en.yaml",
        "rules/rebus/game.yaml",
    ]
    assert after.keys() == before.keys(), "a temporary file was left, or a file removed"
