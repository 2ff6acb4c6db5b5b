"""The offline copy's list: every file the service worker (theme/sw.js) caches, with the SHA-256 of
its bytes, and the build id that names the worker's cache.

The build id is a digest of that list, so it changes with any file's name or bytes, and the one-process
and split builds (which write the same files) share it. It is written twice: into precache.json, for
people and tools, and into the site's sw.js, which the worker reads. A new build thus changes the
worker script itself, which is what makes a browser install the new worker; and the list the worker
trusts is in its own script, which no page script can change (anything in Cache Storage, it can).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from rulebook.cache.store import file_digest
from rulebook.files.disk import resolved_within, write_if_changed
from rulebook.website.site_files import HEADERS_FILE

CACHE_PREFIX = "rulebook-site-"  # the worker's cache is this and the build id
SERVICE_WORKER = "sw.js"
PRECACHE_FILE = "precache.json"

# Not needed offline: source maps, compressed duplicates, the sitemaps, lunr's segmenters for Chinese
# and Thai, the list itself, and the worker script (the browser keeps that; it holds the build id).
# Nor `_headers`, which hosts do not serve: listed, it would fail the worker's install.
_NOT_CACHED = {".map", ".gz"}
_NOT_CACHED_NAMES = {"sitemap.xml", PRECACHE_FILE, SERVICE_WORKER, "tinyseg.js", "wordcut.js", HEADERS_FILE}

# The line of theme/sw.js that the build fills in, stamped again by a later merge.
_WORKER_LINE = re.compile(r"^const PRECACHE = .*;$", re.MULTILINE)


def precached_files(site: Path) -> dict[str, str]:
    """Each URL the worker caches, relative to the site's root, with the SHA-256 (hex) of its bytes.
    A page is listed by its folder URL, which is what a reader's browser asks for."""
    files = {}
    for path in sorted(site.rglob("*")):
        url = precached_url(site, path)
        if url is not None:
            files[url] = file_digest(path).hex()
    return files


def precached_url(site: Path, path: Path) -> str | None:
    """The URL under which the worker caches the file at `path`; None for a file it leaves out."""
    if not path.is_file() or path.suffix in _NOT_CACHED or path.name in _NOT_CACHED_NAMES:
        return None
    if resolved_within(path, site) is None:  # a link leaving the site: never the site's to offer
        return None
    relative = path.relative_to(site).as_posix()
    if path.name == "index.html":
        relative = relative.removesuffix("index.html") or "./"
    return relative


def updated_files(site: Path, files: dict[str, str], written: list[Path]) -> dict[str, str] | None:
    """`files` (as precached_files gave them) after the files at `written` were written again: only
    those are read (`rulebook serve`, which rewrites a few pages of thousands). None when one of them
    is not listed yet, whose place in the list only precached_files knows."""
    updated = dict(files)
    for path in written:
        url = precached_url(site, path)
        if url is None:
            continue
        if url not in updated:
            return None
        updated[url] = file_digest(path).hex()
    return updated


def build_id(files: dict[str, str]) -> str:
    """16 hex digits of the SHA-256 of the list: every URL and its file's digest.

    >>> build_id({"./": "ab"}) == build_id({"./": "ab"}) != build_id({"./": "ac"}) != build_id({"/": "ab"})
    True
    """
    listed = json.dumps(files, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(listed.encode("utf-8")).hexdigest()[:16]


def read_precache_list(site: Path) -> dict[str, str] | None:
    """The list precache.json holds, as write_precache_list wrote it; None when there is none."""
    try:
        return dict(json.loads((site / PRECACHE_FILE).read_text(encoding="utf-8"))["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_precache_list(site: Path, files: dict[str, str] | None = None) -> str:
    """precache.json, and the same list in the site's sw.js; returns the build id. `files`: the list
    when the caller has it (updated_files), else precached_files reads the site. A worker without
    the line to fill is refused before either file is written."""
    files = precached_files(site) if files is None else files
    precache = {"build": build_id(files), "files": files}
    worker = site / SERVICE_WORKER
    script = worker.read_text(encoding="utf-8") if worker.is_file() else None
    if script is not None and not _WORKER_LINE.search(script):
        raise ValueError(f"{worker}: no line `const PRECACHE = …;` to write the build's list into")
    write_if_changed(site / PRECACHE_FILE, json.dumps(precache, indent=0))
    if script is not None:
        # ASCII JSON is a JavaScript literal as it is; a function replacement, so no backslash is read.
        line = f"const PRECACHE = {json.dumps(precache, separators=(',', ':'))};"
        write_if_changed(worker, _WORKER_LINE.sub(lambda _: line, script, count=1))
    return precache["build"]
