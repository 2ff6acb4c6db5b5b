"""The site kept up to date in one long-lived process: `rulebook serve`'s incremental build.

A full build runs once (as `mkdocs build` does, languages and all) while a recorder plugin keeps
what MkDocs computed for each language: its files, navigation and Jinja environment. After an
edit, the content is loaded and checked again, only the pages the edited file can change are
rendered again (website/affected.py), and of those only the ones whose Markdown changed are built
again, each in its language, through every plugin's page events as in a full build. Their search
entries replace the old ones in their language's index. Whatever cannot be placed this way (a
page's title, which every page's navigation shows; a page added or removed; mkdocs.yml, the
theme, a schema or a UI catalog) rebuilds the whole site instead. Content with errors leaves the
last good site in place: the problems are logged, with file:line:col, and nothing is written.
Each refresh first empties the caches keyed by a path alone (rulebook/website/path_caches.py), so that an
edited schema or mkdocs.yml is read again. Layering: website/, above every package it runs.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from mkdocs import utils
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files, InclusionLevel
from mkdocs.structure.nav import Navigation

from rulebook.files.disk import write_if_changed
from rulebook.files.scorers import BROWSER_SCORER, FACTS_SCHEMA, INPUT_SCHEMA, SCORER
from rulebook.render.pages import page_renderers, render_pages
from rulebook.render.rule_entries import current_addresses, rule_anchors, ruling_anchors
from rulebook.render.search import language_of, lunr_languages, split_index
from rulebook.website.affected import affected_pages
from rulebook.website.internals import (
    build_page,
    current_language,
    populate_page,
    search_index_json,
    set_current_language,
)
from rulebook.website.path_caches import clear_path_caches
from rulebook.website.plugin import CONTENT_FOLDERS, THEME_DIR, RulebookPlugin, content_fingerprint
from rulebook.website.precache import (
    precached_files,
    read_precache_list,
    updated_files,
    write_precache_list,
)

log = logging.getLogger("mkdocs.plugins.rulebook.live")
RECORDER = "rulebook-live-recorder"
# Content whose every effect the page builds can place; anything else rebuilds the whole site.
PAGE_LEVEL_FOLDERS = ("rules", "glossary")
SITE_LEVEL_FILES = ("rules/project.yaml",)
GAME_CODE_FILES = frozenset({SCORER, INPUT_SCHEMA, FACTS_SCHEMA, BROWSER_SCORER})


@dataclass
class LanguageBuild:
    """What MkDocs computed for one language, kept to build its pages again."""

    files: Files
    nav: Navigation
    env: jinja2.Environment | None = None
    titles: dict[str, str | None] = field(default_factory=dict)  # src_uri → the title the navigation shows


class _Recorder(BasePlugin):
    """Keeps each language build's files, navigation and environment, after every other plugin."""

    def __init__(self, builds: dict[str, LanguageBuild]) -> None:
        super().__init__()
        self.builds = builds

    @staticmethod
    def _language(config: MkDocsConfig) -> str:
        return current_language(config) or ""

    @event_priority(-1000)
    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        self.builds[self._language(config)] = LanguageBuild(files, nav)
        return nav

    @event_priority(-1000)
    def on_env(self, env: jinja2.Environment, config: MkDocsConfig, files: Files) -> jinja2.Environment:
        self.builds[self._language(config)].env = env
        return env


@dataclass
class Refresh:
    """What one refresh did: `full`, `pages`, `unchanged` or `kept` (errors: the last good site stays)."""

    outcome: str
    pages: list[str] = field(default_factory=list)  # src_uri of each page built again
    seconds: float = 0.0


class LiveSite:
    """A site in `site_dir`, built in full once, then refreshed edit by edit."""

    def __init__(
        self, config_file: Path, site_dir: Path, serve_url: str = "http://127.0.0.1:8000/", *, strict: bool = False
    ) -> None:
        self.strict = strict
        self.config_file = config_file.resolve()
        self.site_dir = site_dir.resolve()
        self.serve_url = serve_url
        self.config: MkDocsConfig
        self.builds: dict[str, LanguageBuild] = {}
        self._content: dict[str, tuple[int, int]] = {}  # content file → size, mtime of the last good build
        self._site_files: dict[str, tuple[int, int]] = {}
        self._indexes: dict[str, dict[str, Any]] = {}  # language → its search index: config, entries per page
        self._page_paths: set[str] = set()  # every generated page, as render_pages names them
        self._stemmed: frozenset[str] = frozenset()  # the languages lunr stems (render/search.py)
        self._precached: dict[str, str] | None = None  # the offline list: URL → digest (precache.py)
        self._written: list[Path] = []  # the site's files the current refresh wrote again

    @property
    def plugin(self) -> RulebookPlugin:
        return self.config.plugins["rulebook"]

    @property
    def root(self) -> Path:
        return self.plugin.root

    def _load_config(self) -> MkDocsConfig:
        config = load_config(str(self.config_file), site_dir=str(self.site_dir), strict=self.strict or None)
        config.site_url = self.serve_url  # as `mkdocs serve` does
        config.plugins.on_startup(command="serve", dirty=False)
        return config

    # The full build --------------------------------------------------------------------------

    def full_build(self) -> Refresh:
        """Everything from scratch, with a new config (as `mkdocs serve` rebuilds)."""
        started = time.perf_counter()
        config = self._load_config()
        builds: dict[str, LanguageBuild] = {}
        config.plugins[RECORDER] = _Recorder(builds)
        try:
            build(config, serve_url=self.serve_url)
        except BaseException:
            self._site_files = {}  # stopped halfway, perhaps after cleaning the site: the next refresh is full
            raise
        self.config, self.builds = config, builds
        content = self._content_state(self.plugin.fingerprint)  # as the build read it
        for language in builds.values():
            language.titles = {file.src_uri: file.page.title for file in self._pages(language) if file.page}
        self._content, self._site_files = content, self._site_state()
        assert self.plugin.project is not None
        self._page_paths = {path for path, _ in page_renderers(self.plugin.project)}
        self._read_indexes()
        self._stemmed = lunr_languages(config.theme.dirs)
        self._precached = read_precache_list(self.site_dir)
        return Refresh("full", seconds=time.perf_counter() - started)

    def _read_indexes(self) -> None:
        """Each language's search index as the full build wrote it, its entries grouped by page."""
        self._indexes = {}
        for language, recorded in self.builds.items():
            index = json.loads(self._index_file(language).read_text(encoding="utf-8"))
            pages: dict[str, list[dict[str, Any]]] = {
                self._relative(file.page.url): [] for file in self._pages(recorded)
            }
            for entry in index["docs"]:
                pages.setdefault(entry["location"].split("#", 1)[0], []).append(entry)
            self._indexes[language] = {"config": index["config"], "pages": pages}

    # A refresh -------------------------------------------------------------------------------

    def refresh(self) -> Refresh:
        """Bring the site up to date with the files on disk."""
        started = time.perf_counter()
        clear_path_caches()  # an edited schema or mkdocs.yml is read again, as by a new process
        try:
            result = self._refresh()
        except (PluginError, Abort) as error:  # the problems are logged; the site stays as it was
            log.error("%s; the site shows the last good content", error)
            result = Refresh("kept")
        result.seconds = time.perf_counter() - started
        return result

    def _refresh(self) -> Refresh:
        if self._site_state() != self._site_files or "i18n" not in self.config.plugins:
            return self.full_build()  # (without mkdocs-static-i18n, no language build was recorded)
        fingerprint = content_fingerprint(self.root)
        now = self._content_state(fingerprint)
        changed = sorted(path for path in now.keys() | self._content.keys() if now.get(path) != self._content.get(path))
        if not changed:
            return Refresh("unchanged")
        if set(now) != set(self._content) or any(not self._page_level(path) for path in changed):
            return self.full_build()
        before = self.plugin.project
        project = self.plugin.load_checked(fingerprint)  # raises PluginError when the content has errors
        if {path for path, _ in page_renderers(project)} != self._page_paths:
            return self.full_build()  # a page added or removed: every navigation changes
        wanted = affected_pages(project, self.root, [self.root / path for path in changed], before)
        docs = Path(self.config.docs_dir)
        written = [
            page.path
            for page in render_pages(project, None if wanted is None else wanted.__contains__)
            if write_if_changed(docs / page.path, page.text)
        ]
        self._written = []
        built = self._build_pages(written)
        if built is None:
            return self.full_build()
        if built:  # the offline list holds every file's digest: the worker must see the new pages
            self._write_precache_list()
        self._content = now
        return Refresh("pages" if built else "unchanged", pages=built)

    def _build_pages(self, changed: list[str]) -> list[str] | None:
        """Build the changed pages again in each language that has them; None when a title changed."""
        built = []
        with _warnings_counted(self.strict):
            for language, recorded in self.builds.items():
                files = [file for file in self._pages(recorded) if file.src_uri in changed]
                if not files:
                    continue
                config = self._for_language(language)
                for file in files:
                    populate_page(file.page, config, recorded.files)
                    if file.page.title != recorded.titles.get(file.src_uri):
                        return None  # every page of the language shows it in its navigation
                documentation = recorded.files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
                assert recorded.env is not None
                for file in files:
                    build_page(file.page, config, documentation, recorded.nav, recorded.env)
                    built.append(file.src_uri)
                    self._written.append(Path(file.abs_dest_path))
                # As a full build does: every link to an anchor, now that some pages have new ones.
                for file in documentation:
                    file.page.validate_anchor_links(files=recorded.files, log_level=config.validation.links.anchors)
                # Material's own indexer made the rebuilt pages' entries, as in a full build.
                raw = json.loads(search_index_json(config))
                self._replace_entries(language, raw, [file.page.url for file in files])
        return built

    def _for_language(self, language: str) -> MkDocsConfig:
        """The shared config as mkdocs-static-i18n sets it up for building `language`."""
        set_current_language(self.config, language)
        # Its on_config adds its sitemap folder to the theme's at every call: keep the list as the
        # full build left it, or it would grow by one at every refresh.
        theme_dirs = list(self.config.theme.dirs)
        config = self.config.plugins.on_config(self.config)
        config.theme.dirs[:] = theme_dirs
        return config

    def _replace_entries(self, language: str, raw: dict[str, Any], urls: list[str]) -> None:
        project = self.plugin.project
        languages = project.languages if project else [language]
        rules = rule_anchors(project) if project else None
        words = project.search_words.data if project and project.search_words is not None else None
        words = current_addresses(words, project) if project else words  # as the full build (plugin.py)
        rulings = ruling_anchors(project) if project else None
        games = {f"{game.id}/": game.name for game in project.games} if project else None
        part = split_index(raw, languages, self._stemmed, words=words, rules=rules, games=games, rulings=rulings)[
            language
        ]
        pages = self._indexes[language]["pages"]
        for url in urls:
            pages[self._relative(url)] = []
        for entry in part["docs"]:
            pages[entry["location"].split("#", 1)[0]].append(entry)
        index = {
            "config": self._indexes[language]["config"],
            "docs": [e for entries in pages.values() for e in entries],
        }
        text = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
        utils.write_file(text.encode("utf-8"), str(self._index_file(language)))
        self._written.append(self._index_file(language))

    def _write_precache_list(self) -> None:
        """The offline list with the digests of the files this refresh wrote, the others' kept:
        reading every file of the site again (thousands) cost seconds a refresh."""
        site = Path(self.config.site_dir)
        kept = None if self._precached is None else updated_files(site, self._precached, self._written)
        self._precached = precached_files(site) if kept is None else kept
        write_precache_list(site, self._precached)

    def watched(self) -> list[Path]:
        """What the server watches: the content folders, mkdocs.yml and the hand-written files of
        docs/, not the pages generated into its language folders (each write would start another
        refresh, which would find nothing to do but reload the browsers again)."""
        folders = [self.root / folder for folder in CONTENT_FOLDERS if (self.root / folder).is_dir()]
        docs = [path for path in Path(self.config.docs_dir).iterdir() if path.name not in self.builds]
        return [*folders, *docs, self.config_file]

    # Where things are ------------------------------------------------------------------------

    def _relative(self, url: str) -> str:
        """A page's URL relative to its language's root, as its language's search index has it."""
        languages = list(self.builds)
        return language_of(url, languages)[1]

    def _index_file(self, language: str) -> Path:
        source = next(iter(self.builds))  # mkdocs-static-i18n builds the default language first
        return self.site_dir / ("" if language == source else language) / "search" / "search_index.json"

    @staticmethod
    def _pages(recorded: LanguageBuild) -> list[Any]:
        return list(recorded.files.documentation_pages(inclusion=InclusionLevel.is_in_serve))

    @staticmethod
    def _page_level(path: str) -> bool:
        # A game's scorer, input or facts schema, or calculator script is code and data of every page of the
        # game and of the site's files (rules/<game>/calculator.js): a full build, as for a schema.
        game_code = path.rsplit("/", 1)[-1] in GAME_CODE_FILES
        return path.split("/", 1)[0] in PAGE_LEVEL_FOLDERS and path not in SITE_LEVEL_FILES and not game_code

    def _content_state(self, fingerprint: tuple) -> dict[str, tuple[int, int]]:
        """Each content file, relative to the project, with its size and modification time."""
        prefix = f"{self.root}{os.sep}"  # the fingerprint's paths are the root's joined with theirs

        def relative(path: str) -> str:
            return path[len(prefix) :] if path.startswith(prefix) else Path(path).relative_to(self.root).as_posix()

        return {relative(path): (size, mtime) for path, size, mtime in fingerprint}

    def _site_state(self) -> dict[str, tuple[int, int]]:
        """What only a full build places: mkdocs.yml, hand-written files in docs/, the theme, the
        schemas and the UI catalogs."""
        paths = [self.config_file]
        docs = Path(self.config.docs_dir)
        # Not the generated language folders: the page builds place what changes there.
        folders = [path for path in docs.iterdir() if path.name not in self.builds]
        folders += [THEME_DIR, self.root / "schemas", self.root / "locales"]
        for folder in folders:
            paths += [folder] if folder.is_file() else [path for path in folder.rglob("*") if path.is_file()]
        state = {}
        for path in paths:
            stat = path.stat()
            state[str(path)] = (stat.st_size, stat.st_mtime_ns)
        return state


@contextmanager
def _warnings_counted(strict: bool) -> Iterator[None]:
    """As a full build under --strict: a warning fails the refresh (the page shows it, the log says it)."""
    counter = utils.CountHandler()
    counter.setLevel(logging.WARNING)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(counter)
    try:
        yield
    finally:
        logger.removeHandler(counter)
    if strict and (counts := counter.get_counts()):
        raise Abort("Aborted with " + ", ".join(f"{n} {level.lower()}s" for level, n in counts) + " in strict mode!")


def on_change(site: LiveSite) -> Callable[[], None]:
    """The server's builder: one refresh, logged with what it did."""

    def rebuild() -> None:
        result = site.refresh()
        detail = f": {', '.join(result.pages)}" if result.pages else ""
        log.info("refresh (%s) in %.2f s%s", result.outcome, result.seconds, detail)

    return rebuild
