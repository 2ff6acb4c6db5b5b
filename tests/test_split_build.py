"""`rulebook build` (languages in parallel processes, merged) and `rulebook merge` (parts built on
different runners, as a CI matrix would) give the single build's site, file for file. The sites are
the small project's (fixture_games.py): each test builds a copy of it, and compares with its single
`mkdocs build`, made once a run (small_site)."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config

from conftest import build_site, made_once, run_cli
from fixture_games import copy_small_project
from rulebook.addresses.site_url import configured_site_url
from rulebook.validate.check import check_project
from rulebook.website import split_build
from rulebook.website.generated_pages import write_generated_pages

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def rulebook(root: Path, *args: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(root), *args],
        cwd=root,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="session")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small project with what a build reads, and its site, built once a run by `mkdocs build`."""

    def make(folder: Path) -> None:
        root = copy_small_project(tmp_path_factory, folder / "project", site=True)
        build_site(root, folder / "site")

    return made_once(tmp_path_factory, "small-site", make)


@pytest.fixture
def project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of the small project with what a build reads, to build."""
    return copy_small_project(tmp_path_factory, tmp_path / "project", site=True)


def contents(site: Path) -> dict[str, bytes]:
    """Every file of a site by its path. The compressed sitemap is compared decompressed: its gzip
    header holds the build's date, which two builds on either side of midnight would not share."""
    files = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            files[path.relative_to(site).as_posix()] = gzip.decompress(data) if path.suffix == ".gz" else data
    return files


def build_id(site: Path) -> str:
    return json.loads((site / "precache.json").read_text(encoding="utf-8"))["build"]


def assert_same_site(merged: Path, single: Path) -> None:
    got, expected = contents(merged), contents(single)
    assert sorted(got) == sorted(expected)
    different = [name for name in expected if got[name] != expected[name]]
    assert not different, different[:10]


@pytest.mark.slow  # builds sites
def test_a_parallel_build_is_the_single_build(small_site: Path, project: Path, tmp_path: Path) -> None:
    single = small_site / "site"
    rulebook(project, "build", "--strict", "--jobs", "2", "--site", str(tmp_path / "site"))
    # By hand: three languages over two processes; the French and Czech pages came from different
    # parts, and each part's own search index and 404 page are in place.
    for language in ("fr", "cs"):
        assert (tmp_path / "site" / language / "search/search_index.json").is_file()
        assert (tmp_path / "site" / language / "404.html").is_file()
    assert_same_site(tmp_path / "site", single)
    # So the service worker's cache has the same name, whichever way the site was built.
    assert build_id(tmp_path / "site") == build_id(single)


@pytest.mark.slow  # builds sites
def test_parts_built_apart_merge_into_the_single_build(small_site: Path, project: Path, tmp_path: Path) -> None:
    # As two runners of a CI matrix would: each builds its share of the languages, then one merges.
    rulebook(project, "build", "--strict", "--languages", "en,cs", "--site", str(tmp_path / "part-1"))
    rulebook(project, "build", "--strict", "--languages", "fr", "--site", str(tmp_path / "part-2"))
    rulebook(project, "merge", str(tmp_path / "site"), str(tmp_path / "part-2"), str(tmp_path / "part-1"))
    assert_same_site(tmp_path / "site", small_site / "site")


@pytest.mark.slow  # builds a site
def test_a_part_alone_lacks_the_other_languages_pages(project: Path, tmp_path: Path) -> None:
    """The merge test above could pass on parts that each built everything: this one cannot."""
    rulebook(project, "build", "--languages", "fr", "--site", str(tmp_path / "part"))
    assert (tmp_path / "part" / "fr" / "alpha" / "index.html").is_file()
    assert not (tmp_path / "part" / "cs" / "alpha" / "index.html").exists()


@pytest.mark.slow  # builds sites
def test_a_site_built_for_another_address_names_it_wherever_it_named_the_configured_one(
    small_site: Path, project: Path, tmp_path: Path
) -> None:
    # A CI job publishing to another host: canonical links, every sitemap (the per-page copies and
    # the merged one) and the 404 pages follow --site-url; nothing else changes, the policy's
    # hashes included.
    configured = configured_site_url(project)
    assert configured is not None
    other = "https://games.example.net/"
    rulebook(
        project, "build", "--strict", "--jobs", "2", "--site-url", other.rstrip("/"), "--site", str(tmp_path / "site")
    )
    got = contents(tmp_path / "site")
    expected = {
        name: data.replace(configured.encode(), other.encode()) for name, data in contents(small_site / "site").items()
    }
    assert sorted(got) == sorted(expected)
    # The offline list holds each file's digest, and the pages naming the address changed: the same
    # files are listed, under another build id (website/precache.py).
    listed = {"precache.json", "sw.js"}
    assert [name for name in expected if got[name] != expected[name] and name not in listed] == []
    assert json.loads(got["precache.json"])["files"].keys() == json.loads(expected["precache.json"])["files"].keys()
    assert json.loads(got["precache.json"])["build"] != json.loads(expected["precache.json"])["build"]
    assert other.encode() in got["cs/beta/sitemap.xml"] and other.encode() in got["fr/alpha/index.html"]


def test_the_parts_find_every_page_rendered_once_before_them(
    project: Path, tmp_path: Path, monkeypatch, capsys
) -> None:
    """`rulebook build` renders the pages once, before the parts start: a part's plugin, asking for
    them as it does first (website/generated_pages.py), renders nothing. Each part used to render
    every page itself, which with an empty cache doubled that work on two cores."""
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    seen: dict[str, object] = {}

    def parts(root: Path, config_file: Path, site: Path, jobs: int, strict: bool, site_url: str | None = None) -> int:
        docs = Path(load_config(str(config_file)).docs_dir)
        seen["pages"] = {path.relative_to(docs).as_posix() for path in docs.rglob("*.md")}
        loaded, _ = check_project(root)
        seen["rendered"] = write_generated_pages(root, docs, loaded.project)
        return 0

    monkeypatch.setattr(split_build, "build_in_parallel", parts)
    code, _, err = run_cli(capsys, "--root", str(project), "build", "--site", str(tmp_path / "site"))
    assert code == 0, err
    assert {"en/index.md", "en/alpha.md", "fr/alpha.md", "cs/beta.md"} <= seen["pages"]
    assert seen["rendered"] is False
