"""Issue 27: each private name of MkDocs, mkdocs-static-i18n and Material that website/internals.py
uses still exists with the shape it expects, and a tiny use of it works. An upgrade that changes one
fails here, naming it, rather than somewhere deep in `rulebook serve` or `rulebook build`."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import mkdocs_static_i18n.plugin as i18n_module
import pytest
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import get_navigation

from conftest import ROOT
from rulebook.website import internals


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


@pytest.fixture
def tiny_site(tmp_path: Path):
    """A one-page MkDocs site with Material and its search plugin, configured, not built."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n\nA tile game.\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Tiny\ntheme: {name: material, font: false}\nplugins: [search]\n", encoding="utf-8"
    )
    config = load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    yield config
    config.plugins.on_shutdown()


def test_mkdocs_renders_one_page_through_its_private_functions(tiny_site) -> None:
    assert parameters(mkdocs_build._populate_page)[:3] == ["page", "config", "files"]
    assert parameters(mkdocs_build._build_page)[:5] == ["page", "config", "doc_files", "nav", "env"]
    config = tiny_site.plugins.on_config(tiny_site)
    config.plugins.on_pre_build(config=config)
    files = get_files(config)
    nav = get_navigation(files, config)
    env = config.theme.get_env()
    page = files.get_file_from_path("index.md").page
    internals.populate_page(page, config, files)
    assert '<h1 id="hello">Hello</h1>' in page.content
    internals.build_page(page, config, files.documentation_pages(), nav, env)
    built = (Path(config.site_dir) / "index.html").read_text(encoding="utf-8")
    assert "A tile game." in built
    # Material's search plugin indexed the page as it was built.
    index = json.loads(internals.search_index_json(config))
    assert [entry["location"] for entry in index["docs"]][:1] == [""]
    assert any("A tile game." in entry["text"] for entry in index["docs"])


def test_mkdocs_live_reload_script_and_request_ids() -> None:
    script = internals.reload_script(epoch="EPOCH_EXPRESSION", request_id="REQUEST_EXPRESSION")
    assert "EPOCH_EXPRESSION" in script and "REQUEST_EXPRESSION" in script and "livereload" in script
    first, second = internals.reload_request_id(), internals.reload_request_id()
    assert isinstance(first, int) and second >= first


def test_mkdocs_server_still_injects_through_the_overridden_method() -> None:
    assert parameters(LiveReloadServer._inject_js_into_html) == ["self", "content", "epoch"]
    # The server calls it on every HTML response: overriding it is how our tag replaces its script.
    assert "self._inject_js_into_html(" in inspect.getsource(LiveReloadServer)

    class Tagging(internals.ScriptInjectingServer):
        def reload_tag(self, epoch: int) -> str:
            return f"<script data-epoch='{epoch}'></script>"

    server = object.__new__(Tagging)  # no socket: only the injection is used
    assert server._inject_js_into_html(b"<body>x</body>", 7) == b"<body>x<script data-epoch='7'></script></body>"


@pytest.fixture
def site_config():
    config = load_config(str(ROOT / "mkdocs.yml"))
    yield config
    config.plugins.on_shutdown()


def test_i18n_plugin_language_attributes(site_config) -> None:
    """mkdocs-static-i18n keeps the language it is building and whether its nested builds run
    as plain attributes, set in on_config and on_post_build."""
    plugin = site_config.plugins["i18n"]
    source = inspect.getsource(type(plugin))
    assert "self.current_language = locale" in source and "self.building = True" in source
    site_config.plugins.on_config(site_config)
    assert internals.current_language(site_config) == "en"
    assert internals.building_other_languages(site_config) is False
    internals.set_current_language(site_config, "fr")
    assert plugin.current_language == "fr" == internals.current_language(site_config)


def test_i18n_builds_the_other_languages_through_the_patched_name(site_config, monkeypatch) -> None:
    """Its on_post_build calls `build`, as its module imported it from MkDocs: the name the patch
    replaces, for the block only, by one that builds only the wanted languages."""
    assert i18n_module.build is mkdocs_build.build
    assert "build(config, dirty=dirty)" in inspect.getsource(i18n_module.I18n.on_post_build)
    built: list[str] = []

    def recorded(config, dirty: bool = False) -> None:  # MkDocs' build, without building
        built.append(internals.current_language(config))

    monkeypatch.setattr(i18n_module, "build", recorded)
    with internals.only_languages(site_config, ["fr"]):
        for language in ("cs", "fr"):
            internals.set_current_language(site_config, language)
            i18n_module.build(site_config, dirty=False)
    assert built == ["fr"]
    assert i18n_module.build is recorded


def test_material_theme_folder() -> None:
    folder = internals.material_theme_dir()
    assert (folder / "base.html").is_file()
    assert sorted((folder / "assets" / "javascripts" / "lunr" / "min").glob("lunr.fr.min.js"))
