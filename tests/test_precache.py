"""The offline copy's list (website/precache.py): each file's digest, the build id that names the
service worker's cache, and that list written into the site's sw.js."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import tree_digest
from rulebook.website.plugin import THEME_DIR
from rulebook.website.precache import precached_files, read_precache_list, updated_files, write_precache_list


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small built site: pages, an asset, the theme's worker, and what is never cached."""
    files = {
        "index.html": "<h1>Home</h1>",
        "alpha/index.html": "<h1>Alpha</h1>",
        "404.html": "<h1>Not found</h1>",
        "assets/javascripts/print.js": "print();",
        "assets/javascripts/print.js.map": "{}",
        "sitemap.xml": "<urlset/>",
        "sitemap.xml.gz": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    shutil.copy(THEME_DIR / "sw.js", tmp_path / "sw.js")
    return tmp_path


def precache(site: Path) -> dict:
    return json.loads((site / "precache.json").read_text(encoding="utf-8"))


def worker_list(site: Path) -> dict:
    lines = re.findall(r"^const PRECACHE = (.*);$", (site / "sw.js").read_text(encoding="utf-8"), re.MULTILINE)
    assert len(lines) == 1, lines
    return json.loads(lines[0])


def test_each_listed_file_has_the_digest_of_its_bytes(site: Path) -> None:
    write_precache_list(site)
    files = precache(site)["files"]
    # The worker script, the list, source maps, compressed copies and sitemaps are not cached.
    assert sorted(files) == ["./", "404.html", "alpha/", "assets/javascripts/print.js"]
    assert files["alpha/"] == hashlib.sha256(b"<h1>Alpha</h1>").hexdigest()


def test_the_build_id_changes_with_any_byte_or_name(site: Path) -> None:
    first = write_precache_list(site)
    assert precache(site)["build"] == first and re.fullmatch(r"[0-9a-f]{16}", first)
    (site / "alpha/index.html").touch()  # a new date, the same bytes
    assert write_precache_list(site) == first
    (site / "alpha/index.html").write_text("<h1>Alpha!</h1>", encoding="utf-8")
    changed = write_precache_list(site)
    (site / "alpha/index.html").write_text("<h1>Alpha</h1>", encoding="utf-8")
    assert write_precache_list(site) == first != changed
    (site / "alpha").rename(site / "alpha-2")
    assert write_precache_list(site) not in {first, changed}


def test_the_worker_carries_the_list_and_is_written_again_by_a_merge(site: Path) -> None:
    theme_worker = (THEME_DIR / "sw.js").read_text(encoding="utf-8")
    write_precache_list(site)
    assert worker_list(site) == precache(site)
    # The rest of the script is the theme's, untouched.
    stamped = (site / "sw.js").read_text(encoding="utf-8")
    assert re.sub(r"^const PRECACHE = .*;$", "", stamped, flags=re.M) == re.sub(
        r"^const PRECACHE = .*;$", "", theme_worker, flags=re.M
    )
    # The split build's merge writes the list again over a worker that already has one.
    (site / "fr").mkdir()
    (site / "fr/index.html").write_text("<h1>Accueil</h1>", encoding="utf-8")
    build = write_precache_list(site)
    assert worker_list(site) == precache(site) and worker_list(site)["build"] == build
    assert "fr/" in worker_list(site)["files"]


def test_a_worker_without_the_line_to_fill_is_refused_and_nothing_is_written(site: Path) -> None:
    (site / "sw.js").write_text('"use strict";\n', encoding="utf-8")
    before = tree_digest(site)
    with pytest.raises(ValueError, match=r"sw\.js: no line `const PRECACHE = …;`"):
        write_precache_list(site)
    assert tree_digest(site) == before


def test_the_list_updated_for_the_files_written_again_is_the_list_read_anew(site: Path) -> None:
    # `rulebook serve` reads again only the pages a refresh wrote (website/live.py).
    write_precache_list(site)
    kept = read_precache_list(site)
    assert kept == precached_files(site)
    (site / "alpha/index.html").write_text("<h1>Alpha!</h1>", encoding="utf-8")
    (site / "sitemap.xml").write_text("<urlset></urlset>", encoding="utf-8")
    updated = updated_files(site, kept, [site / "alpha/index.html", site / "sitemap.xml"])
    assert updated == precached_files(site) != kept
    assert list(updated) == list(precached_files(site))  # in the same order, as precache.json lists them
    # A file not listed yet has its place in the sorted list: only reading the whole site gives it.
    (site / "fr").mkdir()
    (site / "fr/index.html").write_text("<h1>Accueil</h1>", encoding="utf-8")
    assert updated_files(site, kept, [site / "fr/index.html"]) is None
    (site / "precache.json").unlink()
    assert read_precache_list(site) is None
