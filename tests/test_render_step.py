"""`rulebook render`, the step before any engine (issue 51): the checked content's pages in docs_dir
and, beside the config, mkdocs.rendered.yml with what our MkDocs plugin adds at build time, for an
engine that runs no plugin of ours. tests/test_zensical_probe.py builds with Zensical from it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import run_cli
from rulebook.website.theme_folders import THEME_DIR

CONFIG = """site_name: Rules & Co
docs_dir: pages
theme:
  name: material
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - {locale: en, default: true, name: English}
        - {locale: fr, name: Français & co, site_name: Règles & co}
        - {locale: cs, name: Čeština}
  - rulebook
"""


def rendered(root: Path) -> dict:
    text = (root / "mkdocs.rendered.yml").read_text(encoding="utf-8")
    assert text.startswith("# Written by `rulebook render` from mkdocs.yml")
    return yaml.safe_load(text)


def test_render_writes_the_pages_and_the_engine_s_configuration(small_project: Path, capsys) -> None:
    (small_project / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(small_project), "render")
    assert code == 0, err
    for language in ("en", "fr", "cs"):
        for page in ("index", "alpha", "beta", "status"):
            assert (small_project / "pages" / language / f"{page}.md").is_file(), (language, page)
    config = rendered(small_project)
    # The project's order (rules/project.yaml), as our plugin gives MkDocs; no glossary in this project.
    assert config["nav"] == ["index.md", "alpha.md", "beta.md", "status.md"]
    # Names the themes print unescaped, escaped once; everything else as written.
    assert config["site_name"] == "Rules &amp; Co" and config["docs_dir"] == "pages"
    languages = config["plugins"][0]["i18n"]["languages"]
    assert languages[1] == {"locale": "fr", "name": "Français &amp; co", "site_name": "Règles &amp; co"}
    assert config["plugins"][1] == "rulebook"
    # Our theme overrides, named from the configuration's folder, as the engine resolves custom_dir.
    assert (small_project / config["theme"]["custom_dir"]).resolve() == THEME_DIR.resolve()
    assert config["theme"]["variant"] == "classic"  # Zensical's look that is Material's (engine_config.py)
    # A second run writes the same configuration (escaped once, not twice).
    before = (small_project / "mkdocs.rendered.yml").read_bytes()
    assert run_cli(capsys, "--root", str(small_project), "render")[0] == 0
    assert (small_project / "mkdocs.rendered.yml").read_bytes() == before


def test_render_keeps_the_navigation_theme_folder_and_variant_the_config_names(small_project: Path, capsys) -> None:
    config = CONFIG.replace("  name: material\n", "  name: material\n  custom_dir: mine\n  variant: modern\n")
    (small_project / "mkdocs.yml").write_text(config + "nav: [index.md, beta.md]\n", encoding="utf-8")
    assert run_cli(capsys, "--root", str(small_project), "render")[0] == 0
    assert rendered(small_project)["nav"] == ["index.md", "beta.md"]
    assert rendered(small_project)["theme"] == {"name": "material", "custom_dir": "mine", "variant": "modern"}


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ("site_name: [unclosed\n", "mkdocs.yml:2:1: YAML syntax error"),
        ("- a list\n", "mkdocs.yml: not a mapping of settings"),
        ("site_name: !!python/object:os.system x\n", "mkdocs.yml:1:"),
    ],
)
def test_render_refuses_a_config_it_cannot_read_and_writes_nothing(
    small_project: Path, capsys, config: str, said: str
) -> None:
    (small_project / "mkdocs.yml").write_text(config, encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(small_project), "render")
    assert code == 2 and said in err and "Traceback" not in err, err
    assert not (small_project / "mkdocs.rendered.yml").exists() and not (small_project / "docs").exists()


@pytest.mark.parametrize("docs_dir", ["/tmp", "../elsewhere", "rules/../../x"])
def test_render_writes_no_page_outside_the_project(small_project: Path, capsys, docs_dir: str) -> None:
    """The project's mkdocs.yml is refused by the check, at its line; another config given with -f,
    which the check does not read, by render itself."""
    config = CONFIG.replace("docs_dir: pages", f"docs_dir: {docs_dir}")
    (small_project / "mkdocs.yml").write_text(config, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "render")
    assert code == 1 and "mkdocs.yml:2:11: docs_dir:" in out and "outside the project" in out, out
    (small_project / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (small_project / "other.yml").write_text(config, encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(small_project), "render", "-f", str(small_project / "other.yml"))
    assert code == 2 and "other.yml: docs_dir: outside the project" in err, err
    assert not (small_project.parent / "elsewhere").exists() and not (small_project / "mkdocs.rendered.yml").exists()


def test_render_refuses_content_with_errors_and_writes_nothing(small_project: Path, capsys) -> None:
    (small_project / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    game = small_project / "rules" / "alpha" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "not_a_field: true\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "render")
    assert code == 1 and "rules/alpha/game.yaml:" in out
    assert not (small_project / "mkdocs.rendered.yml").exists() and not (small_project / "pages").exists()
