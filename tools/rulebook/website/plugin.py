"""`rulebook` MkDocs plugin: load → validate → render at build time, and per-language search.

Generated Markdown goes into the language folders of docs_dir (git-ignored), written only when
its content changed, so that `mkdocs serve` settles instead of rebuilding forever. Pages must be
real files: mkdocs-static-i18n crashes on in-memory generated files.
"""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from rulebook.check import check_project
from rulebook.files import write_if_changed
from rulebook.load.document import DocumentError, read_document
from rulebook.load.project import GLOSSARY_FILE, PROJECT_FILE
from rulebook.model import Project
from rulebook.render.pages import GENERATED_MARK, render_pages
from rulebook.render.search import split_index
from rulebook.website.config import RulebookConfig

log = logging.getLogger("mkdocs.plugins.rulebook")
THEME_DIR = Path(__file__).parent / "theme"
CONTENT_FOLDERS = ("rules", "glossary", "locales", "schemas")


def content_fingerprint(root: Path) -> tuple:
    """Every content file's path, size and modification time: cheap to take, and changed by any edit."""
    entries = []
    for folder in CONTENT_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                entries.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


class RulebookPlugin(BasePlugin[RulebookConfig]):
    def __init__(self) -> None:
        self.project: Project | None = None
        self._fingerprint: tuple = ()

    @property
    def root(self) -> Path:
        return Path(self.config.root) if self.config.root else self._config_dir

    @event_priority(100)  # before mkdocs-static-i18n reads the nav
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self._config_dir = Path(config.config_file_path).parent
        if config.nav is None:
            # The site's order is the project's: home, the games as rules/project.yaml lists them.
            try:
                games = read_document(self.root / PROJECT_FILE, str(PROJECT_FILE)).data["games"]
            except (DocumentError, KeyError, TypeError):
                games = None  # on_pre_build reports what is wrong with the file
            if isinstance(games, list) and games and all(isinstance(game, str) for game in games):
                glossary = ["glossary.md"] if (self.root / GLOSSARY_FILE).is_file() else []
                config.nav = ["index.md", *(f"{game}.md" for game in games), *glossary, "status.md"]
        if str(THEME_DIR) not in config.theme.dirs:
            # After a custom_dir, before the theme itself.
            position = 1 if config.theme.custom_dir else 0
            config.theme.dirs.insert(position, str(THEME_DIR))
        return config

    def on_pre_build(self, config: MkDocsConfig) -> None:
        # mkdocs-static-i18n runs one build per language in the same process: check and render once
        # for as long as no content file changed.
        fingerprint = content_fingerprint(self.root)
        if self.project is not None and fingerprint == self._fingerprint:
            return
        # Reading on every core forks, which is safe only while this is the process's one thread
        # (`mkdocs build`; `mkdocs serve` runs a file watcher and a server beside it).
        loaded, problems = check_project(self.root, parallel=threading.active_count() == 1)
        for problem in problems:
            # Missing translations are shown on the pages with a notice; they must not fail --strict.
            (log.error if problem.is_error else log.info)(str(problem))
        if loaded.project is None or any(problem.is_error for problem in problems):
            self.project = None
            raise PluginError("rulebook: the content has errors; `rulebook check` lists them")
        self.project, self._fingerprint = loaded.project, fingerprint
        docs = Path(config.docs_dir)
        written = set()
        for page in render_pages(self.project):
            write_if_changed(docs / page.path, page.text)
            written.add(docs / page.path)
        # A page whose game was removed must not linger: delete generated files we did not write.
        for language in self.project.languages:
            for stale in (docs / language).glob("**/*.md"):
                if stale not in written and GENERATED_MARK in stale.read_text(encoding="utf-8"):
                    stale.unlink()

    def on_serve(self, server: Any, config: MkDocsConfig, builder: Any) -> Any:
        for folder in CONTENT_FOLDERS:
            if (self.root / folder).is_dir():
                server.watch(str(self.root / folder))
        return server

    def on_page_context(self, context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict:
        # Pages of a non-default language search that language's own index (see theme/main.html).
        if self.project is not None:
            head = page.url.split("/", 1)[0]
            context["rulebook_language_root"] = f"{head}/" if head in self.project.languages[1:] else ""
        return context

    @event_priority(-100)  # after mkdocs-static-i18n has merged the languages into one index
    def on_post_build(self, config: MkDocsConfig) -> None:
        index_file = Path(config.site_dir) / "search" / "search_index.json"
        if self.project is None or not index_file.is_file():
            return
        index = json.loads(index_file.read_text(encoding="utf-8"))
        others = self.project.languages[1:]
        if others and not any(entry["location"].split("/", 1)[0] in others for entry in index["docs"]):
            # mkdocs-static-i18n calls this once per language; only its last call sees the merged index.
            return
        for language, part in split_index(index, self.project.languages).items():
            prefix = "" if language == self.project.source_language else language
            target = Path(config.site_dir) / prefix / "search" / "search_index.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
