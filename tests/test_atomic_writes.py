"""Fault injection for every writer (issue 17): the disk fills halfway through a write, or the
rename that publishes it fails. The file being replaced must stay byte for byte as it was, no
temporary file may be left beside it, and a command says which file it could not write, exit 2,
with no traceback.

The fault is injected under the code (the file descriptor that `write_atomic` opens, `os.replace`),
not by replacing `write_atomic`, so that a writer that writes in place fails these tests too.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import BinaryIO

import pytest

from conftest import run_cli, tree_digest
from rulebook.files import disk as files

ORIGINAL = b"units:\n  summary:\n    text: The original, which must survive.\n"
NEW = "units:\n" + "  x:\n    text: a new text long enough to be written in more than one piece.\n" * 2000


class HalfWritten:
    """A stream that writes the first half of what it is given, then finds the disk full."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream

    def write(self, data: bytes) -> int:
        self._stream.write(data[: len(data) // 2])
        self._stream.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as the kernel says it: no file name

    def __getattr__(self, name: str):
        return getattr(self._stream, name)

    def __enter__(self) -> HalfWritten:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stream.close()


@pytest.fixture
def disk_fills_midway(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return fill_the_disk(monkeypatch)


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, every file written fails halfway; returns the names of the files it tried."""
    real_fdopen, real_open, tried = os.fdopen, Path.open, []

    def fdopen(fd: int, mode: str = "r", *args, **kwargs):
        stream = real_fdopen(fd, mode, *args, **kwargs)
        if "w" in mode or "a" in mode:
            tried.append(os.readlink(f"/proc/self/fd/{fd}"))
            return HalfWritten(stream)
        return stream

    def path_open(self: Path, mode: str = "r", *args, **kwargs):  # Path.write_text/write_bytes go here
        stream = real_open(self, mode, *args, **kwargs)
        if "w" in mode or "a" in mode:
            tried.append(str(self))
            return HalfWritten(stream)
        return stream

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.setattr(Path, "open", path_open)
    return tried


def test_write_atomic_keeps_the_original_when_the_disk_fills(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "fr.yaml"
    target.write_bytes(ORIGINAL)
    disk_fills_midway = fill_the_disk(monkeypatch)
    with pytest.raises(OSError) as raised:
        files.write_atomic(target, NEW)
    assert disk_fills_midway, "the write must go through a file it opens"
    assert target.read_bytes() == ORIGINAL
    assert sorted(path.name for path in tmp_path.iterdir()) == ["fr.yaml"], "a temporary file was left behind"
    # A command can then say which file it could not write.
    assert (raised.value.errno, raised.value.filename) == (errno.ENOSPC, str(target))


def test_a_new_file_is_not_left_half_written(tmp_path: Path, disk_fills_midway: list[str]) -> None:
    with pytest.raises(OSError):
        files.write_atomic(tmp_path / "new.po", NEW)
    assert list(tmp_path.iterdir()) == []


def test_the_new_text_is_complete_before_it_replaces_the_original(tmp_path: Path, monkeypatch) -> None:
    """The rename publishes a finished file: at that moment the original is untouched and the
    temporary file holds every byte. When the rename fails, the temporary file goes."""
    target = tmp_path / "fr.yaml"
    target.write_bytes(ORIGINAL)
    seen: list[tuple[bytes, bytes]] = []

    def failing_replace(source: str, destination: str) -> None:
        seen.append((Path(destination).read_bytes(), Path(source).read_bytes()))
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV), source, destination)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError):
        files.write_atomic(target, NEW)
    assert seen == [(ORIGINAL, NEW.encode("utf-8"))], "the file must be published by one rename of a full copy"
    assert target.read_bytes() == ORIGINAL
    assert sorted(path.name for path in tmp_path.iterdir()) == ["fr.yaml"]


def test_an_existing_file_keeps_its_mode_and_a_new_one_is_readable_by_all(tmp_path: Path) -> None:
    kept, new = tmp_path / "kept.yaml", tmp_path / "new.yaml"
    kept.write_bytes(ORIGINAL)
    kept.chmod(0o600)
    files.write_atomic(kept, "a")
    files.write_atomic(new, "b")
    assert (kept.stat().st_mode & 0o777, new.stat().st_mode & 0o777) == (0o600, 0o644)
    assert (kept.read_text(encoding="utf-8"), new.read_text(encoding="utf-8")) == ("a", "b")


def test_write_if_changed_leaves_an_unchanged_file_alone(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "page.md"
    target.write_bytes(ORIGINAL)
    disk_fills_midway = fill_the_disk(monkeypatch)
    assert files.write_if_changed(target, ORIGINAL.decode("utf-8")) is False
    assert disk_fills_midway == []


# Each command that writes, with a fault while it writes: (name, the setup that leaves one file for
# it to write, its arguments, the file it names in its message), run on the translated small project
# (fixture_games.py), whose French of alpha is all drafts.
def _exported(capsys, root: Path) -> Path:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "alpha", "-o", str(root))
    assert code == 0, err
    return root / "alpha.fr.po"


def _translated(capsys, root: Path) -> Path:
    """A French PO file with one entry retranslated, as a translator sends it back."""
    import polib

    po = _exported(capsys, root)
    catalog = polib.pofile(str(po))
    entry = next(entry for entry in catalog if entry.msgctxt == "summary")
    entry.msgstr = "Un jeu de {players.min} à {players.max} joueurs, aux règles encore en chantier."
    catalog.save(str(po))
    return po


def _lacking_an_entry(capsys, root: Path) -> Path:
    """An exported French PO file without its summary entry, which `update` adds (a file already
    up to date is not written at all)."""
    import polib

    po = _exported(capsys, root)
    catalog = polib.pofile(str(po))
    catalog.remove(next(entry for entry in catalog if entry.msgctxt == "summary"))
    catalog.save(str(po))
    return po


def _reviewed(capsys, root: Path) -> Path:
    """An exported French PO file whose entries a reviewer has approved (no fuzzy flags)."""
    import polib

    po = _exported(capsys, root)
    catalog = polib.pofile(str(po))
    for entry in catalog:
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    catalog.save(str(po))
    return po


COMMANDS = [
    ("i18n import", _translated, lambda po: ["i18n", "import", str(po)], "rules/alpha/fr.yaml"),
    ("i18n review", _reviewed, lambda po: ["i18n", "review", str(po)], "rules/alpha/fr.yaml"),
    ("i18n update", _lacking_an_entry, lambda po: ["i18n", "update", str(po)], "alpha.fr.po"),
    (
        "i18n export",
        _lacking_an_entry,  # an export writes only a file that changes
        lambda po: ["i18n", "export", "fr", "--game", "alpha", "-o", str(po.parent)],
        "alpha.fr.po",
    ),
    ("i18n terms", _exported, lambda po: ["i18n", "terms", "fr", "-o", str(po.parent)], "terms.fr.tbx"),
]


@pytest.mark.parametrize(("name", "prepare", "arguments", "named"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_command_whose_write_fails_changes_nothing_and_says_why(
    name: str, prepare, arguments, named: str, translated_project: Path, capsys, monkeypatch
) -> None:
    root = translated_project
    po = prepare(capsys, root)
    before = tree_digest(root)
    tried = fill_the_disk(monkeypatch)

    code, out, err = run_cli(capsys, "--root", str(root), *arguments(po))

    assert tried, f"{name} wrote nothing: the case does not exercise its write"
    assert code == 2, out + err
    assert "Traceback" not in out + err and "internal error" not in err
    assert f"rulebook {name}: cannot write " in err and "No space left on device" in err, err
    assert "cannot write None" not in err, "the message must name the file"
    assert f"{named}: No space left on device" in err, err
    assert tree_digest(root) == before, "a file was changed, or a temporary file was left behind"


def test_a_new_game_whose_write_fails_leaves_no_trace(small_project: Path, capsys, disk_fills_midway) -> None:
    before = tree_digest(small_project)
    code, out, err = run_cli(capsys, "--root", str(small_project), "new", "game", "late", "--name", "Late")
    assert disk_fills_midway
    assert code == 2, out + err
    assert "Traceback" not in out + err and "No space left on device" in err and "no file was changed" in err
    assert tree_digest(small_project) == before
    assert not (small_project / "rules" / "late").exists()
