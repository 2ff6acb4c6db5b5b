"""Every use of an engine's private API, and the one monkeypatch, in one place (issue 27).

MkDocs, mkdocs-static-i18n and Material give no public way to do these; constraints.txt pins the
versions they were written against, and tests/test_internals.py fails, naming the name, when an
upgrade changes one of them. The rest of the package uses the engines' public API (plugin events,
config, structure), which ProperDocs keeps (tests/test_engines.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.commands import build as mkdocs_build
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

I18N = "i18n"  # mkdocs-static-i18n's name in mkdocs.yml


# MkDocs: one page rendered again without a full build (`rulebook serve`, website/live.py).
def populate_page(page: Page, config: MkDocsConfig, files: Files) -> None:
    """Read the page's Markdown and render it, with every page event (MkDocs' `_populate_page`)."""
    mkdocs_build._populate_page(page, config, files)


def build_page(
    page: Page, config: MkDocsConfig, documentation: Sequence[Any], nav: Navigation, env: jinja2.Environment
) -> None:
    """Render the page into its template and write it (MkDocs' `_build_page`)."""
    mkdocs_build._build_page(page, config, documentation, nav, env)


# MkDocs' live-reload script and request ids (`rulebook serve`, website/live_server.py).
def reload_script(epoch: str, request_id: str) -> str:
    """MkDocs' live-reload script, with JavaScript expressions for its two numbers."""
    from mkdocs.livereload import _SCRIPT_TEMPLATE

    return _SCRIPT_TEMPLATE.substitute(epoch=epoch, request_id=request_id)


def reload_request_id() -> int:
    """A request id as MkDocs' server makes them for its injected script."""
    from mkdocs.livereload import _timestamp

    return _timestamp()


class ScriptInjectingServer(LiveReloadServer):
    """MkDocs' live-reload server, whose (private) injection of its reload script into each HTML
    response is `reload_tag`, for a subclass to give."""

    def reload_tag(self, epoch: int) -> str:
        raise NotImplementedError

    def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
        body_end = content.rfind(b"</body>")
        body_end = len(content) if body_end < 0 else body_end
        return content[:body_end] + self.reload_tag(epoch).encode("ascii") + content[body_end:]


# mkdocs-static-i18n: which language it is building, and whether the nested builds are running.
def current_language(config: MkDocsConfig) -> str | None:
    """The language mkdocs-static-i18n is building (None without the plugin)."""
    return getattr(config.plugins.get(I18N), "current_language", None)


def set_current_language(config: MkDocsConfig, language: str) -> None:
    config.plugins[I18N].current_language = language


def building_other_languages(config: MkDocsConfig) -> bool:
    """True inside mkdocs-static-i18n's nested builds of the other languages (its on_post_build)."""
    return bool(getattr(config.plugins.get(I18N), "building", False))


@contextmanager
def only_languages(config: MkDocsConfig, languages: Sequence[str]) -> Iterator[None]:
    """mkdocs-static-i18n builds every other language from its on_post_build, by calling MkDocs'
    build as its module imported it: within this block, it builds only `languages`
    (`rulebook build`'s parts, website/split_build.py). The default language's build, when another
    part keeps it, only hosts the nested builds: its pages are neither rendered nor written here
    (MkDocs' `_populate_page` and `_build_page` skip them; the merge would drop them). The one
    monkeypatch, of two modules."""
    import mkdocs_static_i18n.plugin as i18n_module

    real_build = i18n_module.build
    real_steps = mkdocs_build._populate_page, mkdocs_build._build_page
    i18n = config.plugins[I18N]

    def some_languages(config: MkDocsConfig, dirty: bool = False) -> None:
        if i18n.current_language in languages:
            real_build(config, dirty=dirty)

    def kept_only(step: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            return step(*args, **kwargs) if i18n.current_language in languages else None

        return run

    i18n_module.build = some_languages
    mkdocs_build._populate_page, mkdocs_build._build_page = map(kept_only, real_steps)
    try:
        yield
    finally:
        i18n_module.build = real_build
        mkdocs_build._populate_page, mkdocs_build._build_page = real_steps


# Material: its search plugin's index of the pages built so far, and its theme folder.
def search_index_json(config: MkDocsConfig) -> str:
    """Material's search index of the pages built so far, as the JSON it would write."""
    plugin = next(plugin for name, plugin in config.plugins.items() if name in ("material/search", "search"))
    return plugin.search_index.generate_search_index(None)


def material_theme_dir() -> Path:
    """The installed Material theme's folder (templates and assets)."""
    from material import templates

    return Path(templates.__file__).parent
