"""`rulebook build`: the site built by several processes, each building some of the languages, then
merged into one site. Once the content is checked, each language's pages are independent.

mkdocs-static-i18n builds the default language first and then every other language inside that
first build's on_post_build. A part keeps that whole sequence, so every page, switcher and
navigation is computed exactly as in a single build, and only skips the nested builds of the
languages it leaves to other parts. Every part builds the default language (it is the first build,
which the others hang on); the first part keeps it.

The merge: the first part's site, then each other part's language folders (`<language>/`, with
their own search index, sitemaps and 404 page), then the service worker's list of files, which
names every file of the merged site. The same merge joins parts built on different machines (a CI
matrix): `rulebook build --languages de,fr --site part-1`, then `rulebook merge site part-0 part-1`.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rulebook.model import Project
from rulebook.website.precache import write_precache_list
from rulebook.website.site_files import SITEMAP_ENTRY, SITEMAP_LOC, copy_sitemaps

PART_FILE = "rulebook-part.json"  # what a part built, for the merge; removed from the merged site


def site_languages(config_file: Path) -> list[str]:
    """The locales of the i18n plugin, the default one first."""
    from mkdocs.config import load_config

    config = load_config(str(config_file))
    i18n = config.plugins["i18n"].config
    languages = [language.locale for language in i18n.languages if language.build]
    default = next(language.locale for language in i18n.languages if language.default)
    return [default, *(language for language in languages if language != default)]


def configured_address(config_file: Path) -> str | None:
    """The config's site_url, as MkDocs reads it (an `!ENV` tag included)."""
    from mkdocs.config import load_config

    return load_config(str(config_file)).site_url


def write_pages(root: Path, config_file: Path, project: Project) -> bool:
    """The generated pages written once, before the parts start: each part's plugin then finds
    them in place (website/generated_pages.py) instead of every part rendering every page. Done
    only when the config's plugin reads `root`'s content; False when it reads another's."""
    from mkdocs.config import load_config

    from rulebook.website.generated_pages import write_generated_pages

    config = load_config(str(config_file))
    plugin = config.plugins.get("rulebook")
    reads = Path(plugin.config.root) if plugin is not None and plugin.config.root else config_file.parent
    if plugin is None or reads.resolve() != root.resolve():
        return False
    write_generated_pages(root, Path(config.docs_dir), project)
    return True


def shares(languages: list[str], parts: int) -> list[list[str]]:
    """Languages per part, the default (first) one in the first part. Every part also builds the
    default language, so the first part, which keeps it, takes one language fewer than its share.

    >>> shares(["en", "de", "es", "it", "nl"], 2)
    [['en', 'de', 'es'], ['it', 'nl']]
    >>> shares(["en", "fr", "cs"], 4)
    [['en', 'fr'], ['cs']]
    """
    others = languages[1:]
    parts = max(1, min(parts, len(others)))
    sizes = [len(others) // parts + (index < len(others) % parts) for index in range(parts)]
    split, start = [], 0
    for size in sizes:
        split.append(others[start : start + size])
        start += size
    return [[languages[0], *split[0]], *split[1:]]


def build_part(config_file: Path, site: Path, languages: list[str], strict: bool, site_url: str | None = None) -> None:
    """One part, in this process: a whole mkdocs build that skips the other languages' builds.
    `site_url`, when given, replaces the config's (rulebook/addresses/site_url.py)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from rulebook.website.internals import only_languages

    overrides = {"strict": True} if strict else {}
    config = load_config(str(config_file), site_dir=str(site), site_url=site_url, **overrides)
    i18n = config.plugins["i18n"]
    try:
        config.plugins.on_startup(command="build", dirty=False)
        with only_languages(config, languages):
            build(config)
    finally:
        config.plugins.on_shutdown()
    every = [i18n.default_language, *(code for code in i18n.build_languages if code != i18n.default_language)]
    described = {"languages": languages, "site": every, "site_url": config.site_url}
    (site / PART_FILE).write_text(json.dumps(described), encoding="utf-8")


def merge(site: Path, parts: list[Path], default_language: str, *, move: bool = False) -> None:
    """The parts' sites as one: the part with the default language first, then each part's languages.
    `move` takes the parts' folders instead of copying them (a rename each, when the parts are
    thrown away after, as `rulebook build` does)."""
    place = shutil.move if move else shutil.copytree
    described = [(part, json.loads((part / PART_FILE).read_text(encoding="utf-8"))["languages"]) for part in parts]
    described.sort(key=lambda item: default_language not in item[1])
    if not described or default_language not in described[0][1]:
        raise ValueError(f"no part built the default language {default_language!r}")
    sitemaps = [(part / "sitemap.xml").read_text(encoding="utf-8") for part, _ in described]
    if site.exists():
        shutil.rmtree(site)
    place(described[0][0], site)
    for part, languages in described[1:]:
        for language in languages:
            if language == default_language:
                continue
            shutil.rmtree(site / language, ignore_errors=True)
            place(part / language, site / language)
    described_site = json.loads((site / PART_FILE).read_text(encoding="utf-8"))
    (site / PART_FILE).unlink()
    _write_sitemap(site, sitemaps, described_site["site"])
    copy_sitemaps(site, described_site.get("site_url"))
    write_precache_list(site)


_ALTERNATE = re.compile(r'hreflang="([^"]+)" href="([^"]+)"')


def _url_language(block: str) -> str:
    """The language of a sitemap entry: the alternate whose address is the entry's own."""
    loc = SITEMAP_LOC.search(block)
    own = loc.group(1) if loc else ""
    return next((language for language, href in _ALTERNATE.findall(block) if href == own), "")


def _write_sitemap(site: Path, texts: list[str], order: list[str]) -> None:
    """The root sitemap as a single build writes it: every language's entries, in build order.
    Each part's sitemap lists the languages it built (mkdocs-static-i18n lists the pages built so far)."""
    first = texts[0]
    blocks = list(SITEMAP_ENTRY.finditer(first))
    header, footer = first[: blocks[0].start()], first[blocks[-1].end() :]
    separator = first[blocks[0].end() : blocks[1].start()] if len(blocks) > 1 else "\n"
    by_language: dict[str, list[str]] = {}
    for text in texts:
        for match in SITEMAP_ENTRY.finditer(text):
            by_language.setdefault(_url_language(match.group(0)), [])
            entries = by_language[_url_language(match.group(0))]
            if match.group(0) not in entries:
                entries.append(match.group(0))
    entries = [entry for language in order for entry in by_language.get(language, [])]
    text = header + separator.join(entries) + footer
    (site / "sitemap.xml").write_text(text, encoding="utf-8")
    # As MkDocs writes it: gzip, with the build's timestamp (kept from the first part's copy).
    compressed = site / "sitemap.xml.gz"
    stamp = int.from_bytes(compressed.read_bytes()[4:8], "little") if compressed.is_file() else 0
    with (
        open(compressed, "wb") as raw,
        gzip.GzipFile(fileobj=raw, filename=str(compressed), mode="wb", mtime=stamp) as gz,
    ):
        gz.write(text.encode("utf-8"))


PARTS_PREFIX = ".rulebook-parts-"  # + the building process's id: a folder of parts beside the site
_PARTS_OWNER = re.compile(rf"^{re.escape(PARTS_PREFIX)}(\d+)-")


def build_in_parallel(
    root: Path, config_file: Path, site: Path, jobs: int, strict: bool, site_url: str | None = None
) -> int:
    """Every part in its own process at once, then the merge; the exit code of the first that failed.
    The parts are built beside the site (the merge renames them into it) in a folder removed however
    the build ends: done, failed, interrupted (SIGINT) or stopped (SIGTERM). One killed outright
    (SIGKILL, a lost machine) leaves it behind; the next build removes it."""
    languages = site_languages(config_file)
    split = shares(languages, jobs)
    site.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(site.parent)
    folder = Path(tempfile.mkdtemp(prefix=f"{PARTS_PREFIX}{os.getpid()}-", dir=site.parent))
    processes: list[subprocess.Popen] = []
    try:
        with _stopped_by_sigterm():
            parts = [folder / f"part-{index}" for index in range(len(split))]
            for part, share in zip(parts, split, strict=True):
                processes.append(_start_part(root, config_file, part, share, strict, site_url))
            codes = [process.wait() for process in processes]
            failed = next((code for code in codes if code), 0)
            if failed:
                return failed
            merge(site, parts, languages[0], move=True)
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    logging.getLogger("mkdocs").info("rulebook: built %s in %d parts into %s", ", ".join(languages), len(split), site)
    return 0


def _start_part(
    root: Path, config_file: Path, part: Path, share: list[str], strict: bool, site_url: str | None
) -> subprocess.Popen:
    command = [
        "--root",
        str(root),
        "build",
        "-f",
        str(config_file),
        "--site",
        str(part),
        "--languages",
        ",".join(share),
        *(["--site-url", site_url] if site_url else []),
    ]
    return subprocess.Popen(
        [sys.executable, "-m", "rulebook.cli", *command, *(["--strict"] if strict else [])],
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def remove_stale_parts(folder: Path) -> list[Path]:
    """The folders of parts under `folder` whose build is over (its process is gone), removed:
    a build killed outright leaves its parts (188 MB for a large site) behind. A running build's
    are left alone."""
    removed = []
    for parts in folder.glob(f"{PARTS_PREFIX}*"):
        owner = _PARTS_OWNER.match(parts.name)
        if parts.is_dir() and not parts.is_symlink() and not (owner and _running(int(owner.group(1)))):
            shutil.rmtree(parts, ignore_errors=True)
            removed.append(parts)
    return removed


def _running(pid: int) -> bool:
    """Whether process `pid` exists: signal 0 asks without sending anything."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # another user's process
        return True
    return True


@contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM (a CI job cancelled, `kill`) ends the build as Ctrl-C does: through every `finally`,
    which stops the parts and removes their folder. Python's default would end it on the spot."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)
