"""A persistent cache of pure work on content: parsed and schema-checked documents, the problems of
a game, a schema's own validity. It lives in `.cache/rulebook/` under the project (git-ignored).

Every entry is keyed by the SHA-256 of everything the work read, together with the toolkit's own
source code, so an entry can never be stale: an edit to a file, a schema or the toolkit gives a new
key, and the old entry is simply never asked for again. `RULEBOOK_CACHE=0` turns the cache off (the
benchmark's cold runs, and tests that must see the work done).

Entries are data, never code: JSON written and read by a closed codec per kind (rulebook.cache.codecs),
so that no bytes in the folder can make loading run anything. The folder is inside the project,
where a contributor could commit an entry (`git add -f`), so every entry is also signed with
HMAC-SHA256 under a secret that never lives in the project: `rulebook/secret` in the user's cache
folder (`$XDG_CACHE_HOME` or `~/.cache`), made on first use, readable by the user only, and not used
when it would lie inside the project (such as `XDG_CACHE_HOME=.cache`), where the site or a commit
could publish it. An entry that is not signed by this user's secret, or that does not decode as
exactly what its codec writes (truncated, forged, from another format), is a miss: the work is done
again and the entry written anew. Without a secret there is no cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import sys
import sysconfig
from collections.abc import Hashable, Iterable
from functools import cache
from pathlib import Path
from typing import Generic

from rulebook.cache.codecs import Codec, Value
from rulebook.files.disk import own_folder, resolved_within, write_atomic_bytes
from rulebook.files.states import State, tree_state

CACHE_FOLDER = Path(".cache/rulebook")
_PACKAGE = Path(__file__).parent


def enabled() -> bool:
    return os.environ.get("RULEBOOK_CACHE", "1") != "0"


class Remembered(Generic[Value]):
    """Pure work remembered in this process under a key that holds everything it depends on, while
    the persistent cache is on (`RULEBOOK_CACHE=0`: done every time, as in mutation runs and cold
    timings). Every copy of a project holds the same files, and `rulebook serve` re-checks after
    each edit. At most `limit` entries; then all are forgotten at once."""

    def __init__(self, limit: int):
        self.limit = limit
        self.entries: dict[Hashable, Value] = {}

    def get(self, key: Hashable) -> Value | None:
        return self.entries.get(key) if enabled() else None

    def put(self, key: Hashable, value: Value) -> None:
        if not enabled():
            return
        if len(self.entries) >= self.limit:
            self.entries.clear()
        self.entries[key] = value

    def clear(self) -> None:
        self.entries.clear()


def _secret_path() -> Path:
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "rulebook" / "secret"


@cache
def _secret(path: Path, root: Path) -> bytes | None:
    """This user's signing key at `path`; None when it can be neither read nor made, or when it
    would be inside the project at `root`, which a site build or a commit could publish."""
    if resolved_within(path, root) is not None:  # anywhere inside, hidden folders included
        return None
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


# Each folder's digest in this process, by the state of its files: `rulebook serve` keys every
# game's problems by its folder after each edit, and only the edited one need be read again.
_FOLDER_DIGESTS: dict[tuple[str, tuple[str, ...]], tuple[State, bytes]] = {}


def folder_digest(folder: Path, *, remembered: bool = False, leaving_out: tuple[str, ...] = ()) -> bytes:
    """Every file under a folder, names and bytes, but those named in `leaving_out` (paths relative
    to the folder). `remembered`, in a process that reads the same folders again (`rulebook serve`):
    read again only when a file under it changed."""
    if not remembered:
        return _folder_digest(folder, leaving_out)
    state = tree_state(folder)
    kept = _FOLDER_DIGESTS.get((str(folder), leaving_out))
    if kept is not None and kept[0] == state:
        return kept[1]
    digest = _folder_digest(folder, leaving_out)
    _FOLDER_DIGESTS[(str(folder), leaving_out)] = (state, digest)
    return digest


def _folder_digest(folder: Path, leaving_out: tuple[str, ...] = ()) -> bytes:
    digest = hashlib.sha256()
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            if path.is_file() and name not in leaving_out:
                digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape"))
                digest.update(file_digest(path))
    return digest.digest()


class DiskCache(Generic[Value]):
    """Entries of one kind of work, one signed JSON file each, read and written by `codec`. A write
    that fails (a read-only checkout) and an entry that cannot be read are both misses: the cache
    only ever saves time."""

    def __init__(self, root: Path, kind: str, codec: Codec[Value]):
        self.folder = root / CACHE_FOLDER / kind
        self.kind, self.codec = kind, codec
        self.secret = _secret(_secret_path(), root) if enabled() else None
        if self.secret is not None:
            own_folder(self.folder, root)  # a committed `.cache` link: LinkedFolder, nothing written

    def get(self, key: str) -> Value | None:
        if self.secret is None:
            return None
        try:
            entry = (self.folder / key[:2] / key).read_bytes()
        except OSError:
            return None
        signature, payload = entry[:32], entry[32:]
        if not hmac.compare_digest(signature, _signature(self.secret, key, payload)):
            return None  # not written by this user's toolkit: never decoded
        try:
            kind, version, value = json.loads(payload.decode("utf-8", "surrogatepass"))
            if kind != self.kind or type(version) is not int or version != self.codec.version:
                return None
            return self.codec.decode(value)
        except (ValueError, TypeError, LookupError, RecursionError):  # not what the codec writes: a miss
            return None

    def holds(self, key: str) -> bool:
        """Whether there is an entry for `key`, unread: whether it is good is `get`'s to say."""
        return self.secret is not None and (self.folder / key[:2] / key).is_file()

    def put(self, key: str, value: Value) -> None:
        if self.secret is None:
            return
        try:
            # Compact, and UTF-8 as it is: Czech and French text would double as \u escapes. A lone
            # surrogate (YAML's "\ud800") passes through as its three bytes and comes back.
            data = [self.kind, self.codec.version, self.codec.encode(value)]
            text = json.dumps(data, ensure_ascii=False, check_circular=False, separators=(",", ":"))
            payload = text.encode("utf-8", "surrogatepass")
        except (ValueError, TypeError, RecursionError):  # a number too long to write: not kept
            return
        with contextlib.suppress(OSError):
            write_atomic_bytes(self.folder / key[:2] / key, _signature(self.secret, key, payload) + payload)
