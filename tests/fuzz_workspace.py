"""A small project that `make fuzz` runs each command in, thousands of times (tests/test_fuzz_commands.py).

The project is conftest's small project (alpha, with a scorer and a worked example, and beta, made by
`rulebook new game`), with French translations imported from a PO file, the PO files that
`rulebook i18n sync` writes, and the site's mkdocs.yml: every kind of file the commands read, at
a tenth of the content's cost per run (`i18n sync` of the content takes 0.45 s, of this 0.04 s).
One copy serves every example of a test: an example writes its input, runs the command, and
`restore` puts back only what changed, found by each file's size and time of change.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from conftest import ROOT
from rulebook.cli import main
from rulebook.documents.schema import fast_validator, validator

# What the toolkit reads once a process, by path: a command runs once a process, but ten thousand
# inputs share this one, and a damaged schema must not outlive its input.
READ_ONCE_A_PROCESS = (validator, fast_validator)


def make_fuzz_project(root: Path, small: Path) -> None:
    """The small project, translated into French in part, with po/ and mkdocs.yml."""
    shutil.copytree(small, root, dirs_exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    quiet = contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO())
    with quiet[0], quiet[1]:
        exported = root.parent / f"{root.name}-exported"
        assert main(["--root", str(root), "i18n", "export", "fr", "--game", "alpha", "-o", str(exported)]) == 0
        po = exported / "alpha.fr.po"
        with po.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if message.id and message.context != "example.highest-total":  # one unit left to translate
                message.string = f"« {message.id} »"
        with po.open("wb") as file:
            write_po(file, catalog, width=100)
        assert main(["--root", str(root), "i18n", "import", str(po)]) == 0
        assert main(["--root", str(root), "i18n", "sync"]) == 0
        assert main(["--root", str(root), "check"]) in (0, 1)  # fills the cache: warnings are fine
    shutil.rmtree(exported)


def _signature(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_size, status.st_mtime_ns


class Workspace:
    """A project folder and what it held at the start: `restore` makes it so again."""

    def __init__(self, root: Path):
        self.root = root
        self.files: dict[str, bytes] = {}
        self.signatures: dict[str, tuple[int, int]] = {}
        for path in self._walk():
            key = path.relative_to(root).as_posix()
            self.files[key] = path.read_bytes()
            self.signatures[key] = _signature(path)

    def _walk(self) -> list[Path]:
        found = []
        for folder, directories, names in os.walk(self.root):
            directories.sort()
            found += [Path(folder, name) for name in sorted(names)]
        return found

    def text(self, key: str) -> str:
        return self.files[key].decode("utf-8")

    def keys(self, *suffixes: str, under: str = "") -> list[str]:
        return sorted(key for key in self.files if key.endswith(suffixes) and key.startswith(under))

    def write(self, key: str, data: bytes) -> None:
        path = self.root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def changed(self) -> list[str]:
        """The files not as they were at the start, new and gone ones included; the cache's entries
        (.cache/, which every run may add to) are not the project's content."""
        now = {path.relative_to(self.root).as_posix(): path for path in self._walk()}
        content = [key for key in now if not key.startswith(".cache/")]
        changed = [key for key in content if key not in self.files or now[key].read_bytes() != self.files[key]]
        return changed + [key for key in self.files if key not in now and not key.startswith(".cache/")]

    def restore(self) -> None:
        """Every file back as it was, by its bytes; new files removed (new cache entries too, so that
        ten thousand inputs do not fill the disk), new folders left empty and then removed; and
        what the process remembers of the files forgotten."""
        for remembered in READ_ONCE_A_PROCESS:
            remembered.cache_clear()
        seen = set()
        for path in self._walk():
            key = path.relative_to(self.root).as_posix()
            seen.add(key)
            if key not in self.files:
                path.unlink()
            elif _signature(path) != self.signatures[key]:
                path.write_bytes(self.files[key])
                self.signatures[key] = _signature(path)
        for key in self.files.keys() - seen:
            self.write(key, self.files[key])
            self.signatures[key] = _signature(self.root / key)
        for folder, directories, names in os.walk(self.root, topdown=False):
            if not directories and not names and Path(folder) != self.root:
                with contextlib.suppress(OSError):
                    Path(folder).rmdir()
