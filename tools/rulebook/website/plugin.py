"""`rulebook` MkDocs plugin: load → validate → render at build time, and per-language search.

Generated Markdown goes into the language folders of docs_dir (git-ignored), written only when
its content changed, so that `mkdocs serve` settles instead of rebuilding forever. Pages must be
real files: mkdocs-static-i18n crashes on in-memory generated files.
"""

from __future__ import annotations

import logging
import os
import threading
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import FileSystemBytecodeCache
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from rulebook.addresses.site_url import printed_address
from rulebook.files.disk import inside_project, outside_project
from rulebook.load.project import GLOSSARY_FILE, PROJECT_FILE
from rulebook.located.document import LoadError, read_document
from rulebook.markup.escaping import escaped_once
from rulebook.model import Project
from rulebook.problems import one_line
from rulebook.render import markdown_extension
from rulebook.render.engine_config import LANGUAGE_NAMES, SITE_NAMES
from rulebook.render.navigation import site_navigation
from rulebook.render.search import lunr_languages
from rulebook.validate.check import CONTENT_FOLDERS, check_project
from rulebook.validate.site_config import loaded_config_problems
from rulebook.website.config import RulebookConfig
from rulebook.website.finish import SEARCH_INDEX, finish_site
from rulebook.website.generated_pages import write_generated_pages
from rulebook.website.interface import interface_words, localize_theme
from rulebook.website.internals import building_other_languages, current_language, material_theme_dir
from rulebook.website.page_scripts import PageAddress, page_language, page_scripts
from rulebook.website.policy import SitePolicy
from rulebook.website.site_files import write_not_found_pages
from rulebook.website.theme_folders import THEME_DIR

log = logging.getLogger("mkdocs.plugins.rulebook")


@cache
def template_cache() -> FileSystemBytecodeCache:
    """Where Jinja keeps the compiled templates, across builds: a folder of the user's own in the
    temporary folder, each template checked against the digest of its source, so an edited one is
    compiled again. Each language's build has an environment of its own, which compiled Material's
    templates again: a median build of the site took 6.4 s without it and 5.4 s with it."""
    return FileSystemBytecodeCache()


def site_lunr_languages() -> frozenset[str]:
    """The languages with a lunr language file in the site's theme folders as the plugin sets them
    up: ours, then Material's."""
    return lunr_languages([str(THEME_DIR), str(material_theme_dir())])


def content_fingerprint(root: Path) -> tuple:
    """Every content file's path, size and modification time: cheap to take, and changed by any edit.
    As rglob lists them (links to files followed, links to folders not walked), from the folder
    listings' entries: `rulebook serve` takes it at every refresh, over thousands of files."""
    entries: list[tuple[str, int, int]] = []
    for folder in CONTENT_FOLDERS:
        _fingerprint_of(str(root / folder), entries)
    return tuple(entries)


def _fingerprint_of(folder: str, entries: list[tuple[str, int, int]]) -> None:
    try:
        with os.scandir(folder) as scan:
            found = sorted(scan, key=lambda entry: entry.name)
    except OSError:
        return
    for entry in found:
        if entry.is_dir(follow_symlinks=False):
            _fingerprint_of(entry.path, entries)
        elif entry.is_file():
            stat = entry.stat()
            entries.append((entry.path, stat.st_size, stat.st_mtime_ns))


def _i18n_languages(config: MkDocsConfig) -> list[Any]:
    i18n = config.plugins.get("i18n")
    return list(getattr(getattr(i18n, "config", None), "languages", None) or [])


def _escape_names(config: MkDocsConfig) -> None:
    """Site and language names go into the navigation, titles, the switcher and meta tags, where
    the theme prints them unescaped."""
    for field in SITE_NAMES:
        if isinstance(config.get(field), str):
            config[field] = escaped_once(config[field])
    for language in _i18n_languages(config):
        for field in LANGUAGE_NAMES:
            if isinstance(getattr(language, field, None), str):
                setattr(language, field, escaped_once(getattr(language, field)))


def _refuse_bad_addresses(config: MkDocsConfig) -> None:
    """The addresses MkDocs loaded, `!ENV` ones included, checked again as `rulebook check` checks
    mkdocs.yml's: the theme, the sitemaps and mkdocs-static-i18n's links print them unescaped."""
    problems = loaded_config_problems(config, _i18n_languages(config))
    if problems:
        shown = Path(config.config_file_path or "mkdocs.yml").name
        raise PluginError("\n".join(f"{shown}: {one_line(problem)}" for problem in problems))


class RulebookPlugin(BasePlugin[RulebookConfig]):
    def __init__(self) -> None:
        self.project: Project | None = None
        self.fingerprint: tuple = ()  # the content's state when it was last read (content_fingerprint)
        self._not_found: dict[str, str] = {}  # language → its rendered 404 page
        self._serving = False  # `mkdocs serve`: an author's preview, not the published site
        self.policy = SitePolicy(())  # the build's Content-Security-Policy, read from the theme in on_env

    def on_startup(self, command: str, dirty: bool) -> None:
        self._serving = command == "serve"

    def _language(self, config: MkDocsConfig, page: Page | None = None) -> str:
        """The language being rendered: a page's from its folder, a template's from mkdocs-static-i18n."""
        assert self.project is not None
        if page is not None:
            head = page.url.split("/", 1)[0]
            return head if head in self.project.languages[1:] else self.project.source_language
        current = current_language(config)
        return current if current in self.project.languages else self.project.source_language

    @property
    def root(self) -> Path:
        return Path(self.config.root) if self.config.root else self._config_dir

    @event_priority(100)  # before mkdocs-static-i18n reads the nav
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self._config_dir = Path(config.config_file_path).parent
        if config.nav is None:
            # The site's order is the project's (render/navigation.py), as `rulebook render` gives other engines.
            try:
                if not inside_project(self.root / PROJECT_FILE, self.root):
                    raise LoadError([])  # refused unread, as on_pre_build's check reports
                games = read_document(self.root / PROJECT_FILE, str(PROJECT_FILE)).data["games"]
            except (LoadError, KeyError, TypeError):
                games = None  # on_pre_build reports what is wrong with the file
            if isinstance(games, list) and games and all(isinstance(game, str) for game in games):
                config.nav = site_navigation(games, has_glossary=(self.root / GLOSSARY_FILE).is_file())
        _refuse_bad_addresses(config)
        _escape_names(config)
        # The page-level transformations are a Markdown extension, which every engine runs; mkdocs.yml
        # lists it for them, and a build of ours has it in any case. The page body is finished in
        # on_page_content instead, as it always was (render/markdown_extension.py says why).
        if markdown_extension.NAME not in config.markdown_extensions:
            config.markdown_extensions.append(markdown_extension.NAME)
        config.mdx_configs.setdefault(markdown_extension.NAME, {})["page_body"] = False
        if str(THEME_DIR) not in config.theme.dirs:
            # After a custom_dir, before the theme itself.
            position = 1 if config.theme.custom_dir else 0
            config.theme.dirs.insert(position, str(THEME_DIR))
        return config

    def on_pre_build(self, config: MkDocsConfig) -> None:
        # mkdocs-static-i18n runs one build per language in the same process: check and render once
        # for as long as no content file changed.
        fingerprint = content_fingerprint(self.root)
        if self.project is not None and fingerprint == self.fingerprint:
            return
        self.load_checked(fingerprint)
        assert self.project is not None
        write_generated_pages(self.root, Path(config.docs_dir), self.project)

    def load_checked(self, fingerprint: tuple) -> Project:
        """Load and check the content (logging every problem), or raise PluginError on an error.
        `fingerprint` is the content's state taken before reading it. `rulebook serve` calls it
        before rendering only the pages an edit affects."""
        # Reading on every core forks, which is safe only while this is the process's one thread
        # (`mkdocs build`; `mkdocs serve` runs a file watcher and a server beside it).
        loaded, problems = check_project(self.root, parallel=threading.active_count() == 1, remember=True)
        for problem in problems:
            # Missing translations are shown on the pages with a notice; they must not fail --strict.
            (log.error if problem.is_error else log.info)(str(problem))
        if loaded.project is None or any(problem.is_error for problem in problems):
            self.project = None
            raise PluginError("rulebook: the content has errors; `rulebook check` lists them")
        self.project, self.fingerprint = loaded.project, fingerprint
        return self.project

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        # MkDocs copies docs/ into the site following links: a link leaving the project (to
        # /proc/self/environ, a signing key) would be published and precached. `rulebook check`
        # reports it; it is never copied, and the error fails the build.
        docs = Path(config.docs_dir)
        for file in list(files):
            source = Path(file.abs_src_path or "")
            # The theme's own files are the installed theme's: only docs/ is the project's.
            if source.is_relative_to(docs) and not inside_project(source, self.root):
                log.error("%s", outside_project(file.src_uri))
                files.remove(file)
        return files

    def on_serve(self, server: Any, config: MkDocsConfig, builder: Any) -> Any:
        for folder in CONTENT_FOLDERS:
            if (self.root / folder).is_dir():
                server.watch(str(self.root / folder))
        return server

    def on_env(self, env: Any, config: MkDocsConfig, files: Any) -> Any:
        # The theme's folders are final here, and no page is rendered yet.
        self.policy = SitePolicy.of_theme(config.theme.dirs)
        env.bytecode_cache = template_cache()
        return env

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Any) -> str:
        # Before the page's Markdown is rendered: heading anchors' tooltip, then the palette toggles.
        if self.project is not None:
            localize_theme(config, self.root, self._language(config, page))
        return markdown

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Any) -> str:
        def report(removed: str) -> None:
            log.warning("%s: the sanitizer removed %s", page.file.src_uri, removed)

        return markdown_extension.finished_body(html, report)

    def on_page_context(self, context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict:
        if self.project is not None:
            context["rulebook_ui"] = interface_words(self.root, self._language(config, page))
            self._page_scripts(context, config, PageAddress(page.url, "../" * page.url.count("/")))
        return context

    def _page_scripts(self, context: dict[str, Any], config: MkDocsConfig, address: PageAddress) -> None:
        """Our scripts and their data, as the after step would write them (website/page_scripts.py):
        here, so that `rulebook serve`'s refresh of one page has them too."""
        assert self.project is not None
        language = page_language(self.project, address.url)
        scripts = page_scripts(
            self.project,
            config.theme.dirs,
            address,
            # Paper prints the site's own links at this address, or at none (print.js).
            print_address=printed_address(config.site_url),
            # No offline copy of a preview: an author must see each edit at once, not a cached page.
            offline=not self._serving,
        )
        context["rulebook_head"] = scripts.head
        context["rulebook_tail"] = scripts.tail
        # Pages of a non-default language search that language's own index (see theme/main.html).
        context["rulebook_language_root"] = "" if language == self.project.source_language else f"{language}/"

    def on_template_context(self, context: dict[str, Any], template_name: str, config: MkDocsConfig) -> dict:
        # The 404 page, rendered once per language build: its words, its search index, and a
        # switcher to the other languages' roots (not to the last page built).
        if self.project is not None and template_name == "404.html":
            language = self._language(config)
            localize_theme(config, self.root, language)
            context["rulebook_ui"] = interface_words(self.root, language)
            # Served at any address: its links start from the site's path.
            site_path = urlsplit(config.site_url or "/").path or "/"
            prefix = "" if language == self.project.source_language else f"{language}/"
            self._page_scripts(context, config, PageAddress(f"{prefix}404.html", site_path))
            roots = {
                code: "/" if code == self.project.source_language else f"/{code}/" for code in self.project.languages
            }
            current = getattr(config.extra, "alternate", None) or config.extra.get("alternate") or []
            alternates = [
                {**alternate, "link": roots.get(alternate.get("lang"), alternate.get("link"))} for alternate in current
            ]
            # mkdocs-static-i18n sets it as an attribute on pages, which Jinja reads before the item.
            config.extra["alternate"] = alternates
            config.extra.alternate = alternates
        return context

    def on_post_template(self, output_content: str, template_name: str, config: MkDocsConfig) -> str:
        if template_name == "404.html" and self.project is not None:
            # Written to its language's folder at the end; its policy is the after step's, as every page's.
            self._not_found[self._language(config)] = output_content
        return output_content

    @event_priority(-100)  # after mkdocs-static-i18n has merged the languages into one index
    def on_post_build(self, config: MkDocsConfig) -> None:
        # mkdocs-static-i18n builds each other language inside the first build's on_post_build, which
        # calls this once per language; only the outermost call, after them all, has the whole site.
        if building_other_languages(config):
            return
        site = Path(config.site_dir)
        if self.project is None or not (site / SEARCH_INDEX).is_file():
            return
        # What only the engine's memory holds: each language's 404 page, which MkDocs wrote over
        # the previous one at the root. The rest is the after step, which `rulebook finish` runs.
        write_not_found_pages(site, self._not_found, self.project.source_language)
        if not self.config.finish:
            return
        try:
            finish_site(self.project, site, config.site_url, config.theme.dirs, page_policy=not self._serving)
        except ValueError as error:  # a theme's sw.js without the line for the build's list
            raise PluginError(str(error)) from error
