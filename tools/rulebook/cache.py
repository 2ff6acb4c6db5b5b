"""A persistent cache of pure work on content: parsed and schema-checked documents, the problems of
a game, a schema's own validity. It lives in `.cache/rulebook/` under the project (git-ignored).

Every entry is keyed by the SHA-256 of everything the work read, together with the toolkit's own
source code, so an entry can never be stale: an edit to a file, a schema or the toolkit gives a new
key, and the old entry is simply never asked for again. `RULEBOOK_CACHE=0` turns the cache off (the
benchmark's cold runs, and tests that must see the work done).

Entries are pickles, and loading a pickle runs code. The folder is inside the project, where a
contributor could commit one (`git add -f`), so every entry is signed with HMAC-SHA256 under a
secret that never lives in the project: `rulebook/secret` in the user's cache folder
(`$XDG_CACHE_HOME` or `~/.cache`), made on first use, readable by the user only. An entry whose
signature does not match is a miss and is never unpickled; without a secret there is no cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import pickle
import sys
import sysconfig
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from rulebook.files import write_atomic_bytes

CACHE_FOLDER = Path(".cache/rulebook")
_PACKAGE = Path(__file__).parent


def enabled() -> bool:
    return os.environ.get("RULEBOOK_CACHE", "1") != "0"


@cache
def _secret() -> bytes | None:
    """This user's signing key, outside every project; None when it can be neither read nor made."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(home) / "rulebook" / "secret"
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(handle, "wb") as stream:
                stream.write(os.urandom(32))
        secret = path.read_bytes()
        if len(secret) == 32:
            return secret
    return None


def _signature(secret: bytes, key: str, payload: bytes) -> bytes:
    return hmac.new(secret, key.encode() + b"\0" + payload, hashlib.sha256).digest()


@cache
def toolkit_digest() -> bytes:
    """The toolkit's source code and the versions of Python and of every installed package (the
    names of their metadata folders), hashed once per process: a new version never reads an old entry."""
    digest = hashlib.sha256(sys.version.encode())
    try:
        installed = sorted(name for name in os.listdir(sysconfig.get_paths()["purelib"]) if name.endswith("-info"))
    except OSError:
        installed = []
    digest.update("\n".join(installed).encode())
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.digest()


def digest_of(parts: Iterable[bytes | str]) -> str:
    """One hex key for a sequence of parts; each part is length-prefixed, so no two sequences meet."""
    digest = hashlib.sha256(toolkit_digest())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def file_digest(path: Path) -> bytes:
    """The SHA-256 of a file's bytes; of nothing when it cannot be read (the work then reports why)."""
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return b""


def folder_digest(folder: Path) -> bytes:
    """Every file under a folder, names and bytes."""
    digest = hashlib.sha256()
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape"))
                digest.update(file_digest(path))
    return digest.digest()


class DiskCache:
    """Entries of one kind of work, one pickle file each. A write that fails (a read-only checkout)
    and an entry that cannot be read are both misses: the cache only ever saves time."""

    def __init__(self, root: Path, kind: str):
        self.folder = root / CACHE_FOLDER / kind

    def get(self, key: str) -> Any | None:
        secret = _secret()
        if not enabled() or secret is None:
            return None
        try:
            entry = (self.folder / key[:2] / key).read_bytes()
        except OSError:
            return None
        signature, payload = entry[:32], entry[32:]
        if not hmac.compare_digest(signature, _signature(secret, key, payload)):
            return None  # not written by this user's toolkit: never unpickled
        try:
            return pickle.loads(payload)
        except Exception:  # from an incompatible Python: a miss
            return None

    def put(self, key: str, value: Any) -> None:
        secret = _secret()
        if not enabled() or secret is None:
            return
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        with contextlib.suppress(OSError):
            write_atomic_bytes(self.folder / key[:2] / key, _signature(secret, key, payload) + payload)
