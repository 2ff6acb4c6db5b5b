"""`rulebook build` (languages in parallel processes, merged) and `rulebook merge` (parts built on
different runners, as a CI matrix would) give the single build's site, file for file."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def rulebook(*args: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(ROOT), *args],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def contents(site: Path) -> dict[str, bytes]:
    """Every file of a site by its path. The compressed sitemap is compared decompressed: its gzip
    header holds the build's date, which two builds on either side of midnight would not share."""
    files = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            files[path.relative_to(site).as_posix()] = gzip.decompress(data) if path.suffix == ".gz" else data
    return files


def assert_same_site(merged: Path, single: Path) -> None:
    got, expected = contents(merged), contents(single)
    assert sorted(got) == sorted(expected)
    different = [name for name in expected if got[name] != expected[name]]
    assert not different, different[:10]


def test_a_parallel_build_is_the_single_build(clean_site: Path, tmp_path: Path) -> None:
    rulebook("build", "--strict", "--jobs", "2", "--site", str(tmp_path / "site"))
    # By hand: three languages over two processes; the French and Czech pages came from different
    # parts, and each part's own search index and 404 page are in place.
    for language in ("fr", "cs"):
        assert (tmp_path / "site" / language / "search/search_index.json").is_file()
        assert (tmp_path / "site" / language / "404.html").is_file()
    assert_same_site(tmp_path / "site", clean_site)


def test_parts_built_apart_merge_into_the_single_build(clean_site: Path, tmp_path: Path) -> None:
    # As two runners of a CI matrix would: each builds its share of the languages, then one merges.
    rulebook("build", "--strict", "--languages", "en,cs", "--site", str(tmp_path / "part-1"))
    rulebook("build", "--strict", "--languages", "fr", "--site", str(tmp_path / "part-2"))
    rulebook("merge", str(tmp_path / "site"), str(tmp_path / "part-2"), str(tmp_path / "part-1"))
    assert_same_site(tmp_path / "site", clean_site)


@pytest.mark.slow  # builds a site
def test_a_part_alone_lacks_the_other_languages_pages(tmp_path: Path) -> None:
    """The merge test above could pass on parts that each built everything: this one cannot."""
    rulebook("build", "--languages", "fr", "--site", str(tmp_path / "part"))
    assert (tmp_path / "part" / "fr" / "rebus" / "index.html").is_file()
    assert not (tmp_path / "part" / "cs" / "rebus" / "index.html").exists()
