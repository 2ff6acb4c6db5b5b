"""Files on disk are doors: a link whose target leaves the project is refused unread at its path,
never copied into the site nor precached, and never followed by a write."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_cli, tree_digest
from fixture_games import add_source_map, copy_small_project
from rulebook.files.disk import OUTSIDE_PROJECT
from rulebook.website.precache import write_precache_list

SECRET = "CI_TOKEN=do-not-publish\n"


def secret_outside(tmp_path: Path) -> Path:
    """A file beside the project, not in it: what /proc/self/environ or a signing key stands for."""
    secret = tmp_path / "outside" / "environ"
    secret.parent.mkdir()
    secret.write_text(SECRET, encoding="utf-8")
    return secret


def site_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """The small project with mkdocs.yml and docs/: what `rulebook check` and the build read; beta's
    source has a coverage map (fixture_games.add_source_map)."""
    return add_source_map(copy_small_project(tmp_path_factory, tmp_path / "project", site=True))


def test_a_link_in_docs_assets_leaving_the_project_is_refused_at_its_path(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = site_project(tmp_path_factory, tmp_path)
    (root / "docs/assets/environ.txt").symlink_to(secret_outside(tmp_path))
    (root / "docs/assets/favicon-copy.svg").symlink_to(root / "docs/assets/favicon.svg")  # inside: fine
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1, out + err
    assert f"docs/assets/environ.txt: {OUTSIDE_PROJECT}" in out.splitlines()
    assert "favicon-copy" not in out
    assert "do-not-publish" not in out + err


def test_a_link_into_a_hidden_folder_of_the_project_is_refused_too(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = site_project(tmp_path_factory, tmp_path)
    (root / ".git").mkdir()
    (root / ".git/config").write_text('[remote "origin"]\n\turl = https://token@example.org/r\n', encoding="utf-8")
    (root / "docs/assets/config.txt").symlink_to(root / ".git/config")
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert f"docs/assets/config.txt: {OUTSIDE_PROJECT}" in out.splitlines()


def test_a_folder_link_leaving_the_project_is_refused_and_not_walked(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = site_project(tmp_path_factory, tmp_path)
    (root / "docs/assets/etc").symlink_to(secret_outside(tmp_path).parent, target_is_directory=True)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert f"docs/assets/etc: {OUTSIDE_PROJECT}" in out.splitlines()
    assert "etc/environ" not in out


def test_a_coverage_map_linked_from_outside_is_refused_unread(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = site_project(tmp_path_factory, tmp_path)
    coverage = next((root / "rules").glob("*/sources/*.coverage.yaml"))
    outside = tmp_path / "outside-map.yaml"
    shutil.move(coverage, outside)
    coverage.symlink_to(outside)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert f"{coverage.relative_to(root).as_posix()}: {OUTSIDE_PROJECT}" in out.splitlines()


def test_mkdocs_yml_may_not_send_the_build_outside_the_project(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = site_project(tmp_path_factory, tmp_path)
    secret_outside(tmp_path)
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").replace("docs_dir: docs", "docs_dir: ../outside")
    config.write_text("INHERIT: ../outside/environ\n" + text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    lines = out.splitlines()
    assert "mkdocs.yml:1:10: INHERIT: '../outside/environ' is outside the project" in lines
    docs_line = text.splitlines().index("docs_dir: ../outside") + 2
    assert f"mkdocs.yml:{docs_line}:11: docs_dir: '../outside' is outside the project" in lines


def test_the_build_copies_no_link_leaving_the_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files

    from rulebook.website.plugin import RulebookPlugin

    root = site_project(tmp_path_factory, tmp_path)
    docs = root / "docs"
    (docs / "assets/environ.txt").symlink_to(secret_outside(tmp_path))
    plugin = RulebookPlugin()
    plugin.load_config({"root": str(root)})
    config = MkDocsConfig()
    config.docs_dir = str(docs)
    files = Files(
        [
            File(name, str(docs), str(tmp_path / "site"), use_directory_urls=True)
            for name in ("assets/favicon.svg", "assets/environ.txt")
        ]
    )
    kept = plugin.on_files(files, config)
    assert [file.src_uri for file in kept] == ["assets/favicon.svg"]


def test_the_precache_list_names_no_link_leaving_the_site(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (site / "assets/environ.txt").symlink_to(secret_outside(tmp_path))
    write_precache_list(site)
    assert json.loads((site / "precache.json").read_text(encoding="utf-8"))["files"].keys() == {"./"}


def test_import_refuses_a_words_file_that_is_a_link_and_leaves_it(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    root = site_project(tmp_path_factory, tmp_path)
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "alpha", "-o", str(tmp_path))
    assert code == 0, err
    po = tmp_path / "alpha.fr.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr ""\n\n', 'msgstr "Une traduction."\n\n', 1), encoding="utf-8")
    words = root / "rules/alpha/fr.yaml"
    outside = tmp_path / "outside-fr.yaml"
    shutil.move(words, outside)
    words.symlink_to(outside)
    before, outside_before = tree_digest(root), outside.read_bytes()
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "import", str(po))
    assert code == 2, out + err
    assert "rules/alpha/fr.yaml: a link, not a file" in err
    assert words.is_symlink() and words.readlink() == outside
    assert outside.read_bytes() == outside_before
    assert tree_digest(root) == before
