"""The generated Markdown pages in docs/, written once for a build: by `mkdocs build` through the
plugin, or by `rulebook build` in the parent before its parts start, so that no part renders them
again (each part finds them on disk through the persistent cache, by digest)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from rulebook.cache.codecs import PAGE_DIGESTS
from rulebook.cache.store import DiskCache, digest_of, file_digest, folder_digest
from rulebook.files.disk import own_folder, write_if_changed
from rulebook.markup.escaping import GENERATED_MARK
from rulebook.model import Project
from rulebook.render.pages import render_pages
from rulebook.validate.check import CONTENT_FOLDERS


def write_generated_pages(root: Path, docs: Path, project: Project) -> bool:
    """Every page of `project` in `docs`, each written only when its text changed, and every
    generated page no longer rendered removed. True when the pages had to be rendered; False when
    the cache knew them all to be in place already."""
    for language in project.languages:  # not through a committed link: LinkedFolder, nothing written
        own_folder(docs / language, root)
    rendered = DiskCache(root, "pages", PAGE_DIGESTS)
    inputs = [folder_digest(root / folder) for folder in CONTENT_FOLDERS]
    key = digest_of(["pages", str(root.resolve()), str(docs.resolve()), *inputs])
    known: dict[str, bytes] | None = rendered.get(key)
    fresh = known is None or not all(file_digest(docs / path) == digest for path, digest in known.items())
    if not fresh:
        assert known is not None
        written = {docs / path for path in known}
    else:
        written, pages = set(), {}
        for page in render_pages(project):
            write_if_changed(docs / page.path, page.text)
            written.add(docs / page.path)
            pages[page.path] = hashlib.sha256(page.text.encode("utf-8")).digest()
        rendered.put(key, pages)
    # A page whose game was removed must not linger: delete generated files we did not write.
    for language in project.languages:
        for stale in (docs / language).glob("**/*.md"):
            if stale not in written and GENERATED_MARK in stale.read_text(encoding="utf-8"):
                stale.unlink()
    return fresh
