"""Every file or none, for real (issue 48): each command that writes several files is made to fail
at each of its files in turn, the disk full (ENOSPC) or the file over the size limit (EFBIG), and
must leave every file of the project byte for byte as it was, say which file it could not write and
why, exit 2, and leave no temporary file.

The fault is injected under the code (the file descriptor the write opens, as
tests/test_atomic_writes.py does), and it lasts: a file that cannot be written now cannot be
written back a moment later either, which is what made the old rollback fail. The files each
command writes are learned from a run on another copy, and checked against what it printed.

The project is the translated small project (fixture_games.py, `_project`): alpha's rule.winner is
also in its coverage map (add_winner_source_map) and in rules/search-words.yaml (SEARCH_WORDS), and
alpha has its edition 1.0, so that renaming it writes seven files in four folders.
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

from conftest import ROOT, edit, run_cli, tree_digest
from fixture_games import WINNER, add_winner_source_map, copy_small_project
from rulebook.cli import main
from rulebook.model import source_hash

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


# Players' questions for alpha's rule.winner: rule rename and rule delete keep rules/search-words.yaml in step.
SEARCH_WORDS = """\
# yaml-language-server: $schema=../schemas/search-words.schema.json
languages:
  en:
    questions:
      alpha/#winner: ["who wins", "how many rounds are there"]
"""


def _project(tmp_path_factory: pytest.TempPathFactory, target: Path) -> Path:
    """A copy at target of the translated small project, with alpha's coverage map and players' questions."""
    root = copy_small_project(tmp_path_factory, target, translated=True)
    add_winner_source_map(root)
    (root / "rules/search-words.yaml").write_text(SEARCH_WORDS, encoding="utf-8")
    return root


# Each command: a setup on a copy of the project that gives it work to do, and its arguments.
def _rename(root: Path) -> list[str]:
    return ["rule", "rename", "alpha", "winner", "best"]


def add_house_rule(root: Path) -> None:
    """A rule an author adds to alpha's one section, between its two, translated in both languages."""
    edit(root, "rules/alpha/game.yaml", "rules: [players, winner]", "rules: [players, house-rule, winner]")
    english = "Agree on house rules before the first round."
    edit(root, "rules/alpha/en.yaml", "  rule.winner:\n", f"  rule.house-rule:\n    text: {english}\n  rule.winner:\n")
    for language, text in (("fr", "Mettez-vous d’accord avant la première manche."), ("cs", "Dohodněte se před hrou.")):
        edit(
            root,
            f"rules/alpha/{language}.yaml",
            "  rule.winner:\n",
            f'  rule.house-rule:\n    text: {text}\n    source: "{source_hash(english)}"\n    status: draft\n'
            "  rule.winner:\n",
        )


def _delete(root: Path) -> list[str]:
    add_house_rule(root)
    return ["rule", "delete", "alpha", "house-rule"]


def _edition(root: Path) -> list[str]:
    edit(root, "rules/alpha/en.yaml", f"text: {WINNER}\n", f"text: {WINNER} Ties share.\n")
    # Dated the day of alpha's latest edition, 1.0 (the day the fixture was made): not before it.
    editions = (root / "rules/alpha/editions.yaml").read_text(encoding="utf-8")
    (date,) = re.findall(r'^    date: "(\d{4}-\d\d-\d\d)"$', editions, flags=re.MULTILINE)
    return ["edition", "new", "alpha", "1.1", "--date", date, "--summary", "Ties share the win."]


def _retranslated(root: Path) -> Path:
    """po/ as `i18n export` writes it, with the French summary of beta translated anew, as a
    translator sends it back."""
    for language in ("fr", "cs"):
        assert main(["--root", str(root), "i18n", "export", language]) == 0
    po = root / "po" / "beta.fr.po"
    catalog = polib.pofile(str(po))
    entry = next(entry for entry in catalog if entry.msgctxt == "summary")
    entry.msgstr = "Un jeu de {players.min} à {players.max} joueurs, aux règles encore en chantier."
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
    ("rule rename", _rename, 7),  # game.yaml, the three words files, the coverage map, search-words, editions.yaml
    ("rule delete", _delete, 4),  # game.yaml and the three words files
    ("edition new", _edition, 3),  # en.yaml (the summary), the snapshot, editions.yaml
    ("i18n import", _import, 1),  # rules/beta/fr.yaml
    ("i18n sync", _sync, 2),  # rules/beta/fr.yaml and po/beta.fr.po at least
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
    name: str, setup, fewest: int, code: int, tmp_path: Path, tmp_path_factory, capsys, monkeypatch
) -> None:
    probe = _project(tmp_path_factory, tmp_path / "probe")
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

    root = _project(tmp_path_factory, tmp_path / "project")
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


def test_a_file_size_limit_changes_no_file(tmp_path: Path, tmp_path_factory) -> None:
    """The issue's reproduction, as it was run: `(ulimit -f 40; rulebook rule rename GAME RULE NEW)`,
    here with rules/search-words.yaml made longer than 40 KiB (a comment) and alpha's files far under
    it. The kernel itself refuses the write of the one file over 40 KiB, the sixth of the seven."""
    root = _project(tmp_path_factory, tmp_path / "project")
    search_words = root / "rules/search-words.yaml"
    search_words.write_text("# a long note\n" * 4000 + SEARCH_WORDS, encoding="utf-8")  # 56,000 bytes and more
    before = tree_digest(root)
    alpha = max(path.stat().st_size for path in (root / "rules/alpha").rglob("*.yaml"))
    assert search_words.stat().st_size > 40 * 1024 > alpha, "the limit must fall on one file"

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (40 * 1024, 40 * 1024))

    environment = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    done = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(root), *_rename(root)],
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


def test_a_rename_failing_midway_says_which_files_it_changed(tmp_path: Path, tmp_path_factory, capsys, monkeypatch):
    """Every file is staged, then renamed into place; a rename needs no space, but a folder's
    permissions may still refuse it. The files renamed before are then said by name, and only they
    changed: the others, the failing one first, are as they were, with no temporary file left."""
    from rulebook.files import plan

    root = _project(tmp_path_factory, tmp_path / "project")
    capsys.readouterr()  # what making the fixture said, if this test made it
    before = tree_digest(root)
    real_replace, renamed = os.replace, []

    def replace(source: str, destination: str) -> None:
        if ".cache" in Path(destination).parts:  # the toolkit's cache, which this copy starts without
            real_replace(source, destination)
            return
        if len(renamed) == 2:  # the third file: rules/alpha/fr.yaml
            raise OSError(errno.EACCES, os.strerror(errno.EACCES), source, destination)
        real_replace(source, destination)
        renamed.append(destination)

    monkeypatch.setattr(plan.os, "replace", replace)
    code, out, err = run_cli(capsys, "--root", str(root), "rule", "rename", "alpha", "winner", "highest-score")

    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "rulebook rule rename: cannot write rules/alpha/fr.yaml: Permission denied; 2 file(s) changed, 5 not:",
        "  changed: rules/alpha/game.yaml",
        "  changed: rules/alpha/en.yaml",
        "  not changed: rules/alpha/fr.yaml",
        "  not changed: rules/alpha/cs.yaml",
        "  not changed: rules/alpha/sources/original.coverage.yaml",
        "  not changed: rules/search-words.yaml",
        "  not changed: rules/alpha/editions.yaml",
    ]
    after = tree_digest(root)
    assert sorted(path for path in before if before[path] != after.get(path)) == [
        "rules/alpha/en.yaml",
        "rules/alpha/game.yaml",
    ]
    assert after.keys() == before.keys(), "a temporary file was left, or a file removed"
