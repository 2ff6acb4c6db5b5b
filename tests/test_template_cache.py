"""The engine's templates are compiled once, not once per language and build: each language's build
has a Jinja environment of its own, and compiling Material's templates again was a sixth of a build.
The engine hook gives every environment Jinja's own bytecode cache (website/plugin.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.theme import Theme

from rulebook.website import plugin
from rulebook.website.internals import material_theme_dir


@pytest.fixture
def own_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Jinja's cache lives in the temporary folder: here, a new one, with no compiled template yet."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    plugin.template_cache.cache_clear()
    yield tmp_path
    plugin.template_cache.cache_clear()


def test_every_environment_keeps_its_compiled_templates_for_the_next(own_temporary_folder: Path) -> None:
    theme = Theme(name="material", custom_dir=str(plugin.THEME_DIR))
    config = SimpleNamespace(theme=theme)
    environments = [theme.get_env() for _language in ("en", "fr")]
    for environment in environments:
        assert plugin.RulebookPlugin().on_env(environment, config, files=None) is environment
    environments[0].get_template("base.html")
    cache = plugin.template_cache()
    compiled = [path.name for path in Path(cache.directory).iterdir()]
    key = cache.get_cache_key("base.html", str(material_theme_dir() / "base.html"))
    assert Path(cache.directory).is_relative_to(own_temporary_folder) and compiled == [cache.pattern % key]
    # The next language's environment loads it from there rather than compiling it.
    compile_calls = []
    environments[1].compile = lambda *args, **kwargs: compile_calls.append(args)  # type: ignore[method-assign]
    environments[1].get_template("base.html")
    assert compile_calls == []
