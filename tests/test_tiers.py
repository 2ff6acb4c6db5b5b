"""The tiers of the suite: `make test-fast` leaves out what builds a site, through the markers that
tests/conftest.py sets, and a mistyped marker is an error rather than a test that runs in every tier."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, edit, run_cli
from rulebook.load.project import forget_read_files

FAST = "not browser and not slow and not fuzz"


def collect(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_fast_tier_leaves_out_the_tests_that_read_a_built_site() -> None:
    # No test in these files is marked by hand; some read clean_site or polish_site, some no site.
    fast = collect("-m", FAST, "tests/test_page_typography.py", "tests/test_new_language.py", "tests/test_editions.py")
    assert fast.returncode == 0, fast.stdout + fast.stderr
    assert "test_the_reader_leaves_out_other_languages_and_finds_a_fault" in fast.stdout  # no site
    assert "test_tags_and_comments_of_mkdocs_yml_survive" in fast.stdout  # no site
    assert "test_every_page_of_the_language_follows_its_typography" not in fast.stdout  # clean_site
    assert "test_every_page_shows_english_with_the_notice" not in fast.stdout  # polish_site
    assert "test_check_passes_and_status_shows_it_at_zero" not in fast.stdout  # polish_project
    assert "test_the_erratum_checks_clean_and_keeps_a_snapshot" in fast.stdout  # the erratum, no site
    assert "test_the_status_page_counts_what_each_edition_left_to_translate" not in fast.stdout  # erratum_site


def test_the_modules_of_the_longest_tests_are_collected_first_and_whole() -> None:
    # test_product.py's console sweep and axe tests are marked long; test_app_icons.py has none.
    listed = collect("tests/browser/test_app_icons.py", "tests/browser/test_product.py")
    assert listed.returncode == 0, listed.stdout + listed.stderr
    modules = [line.split("::")[0] for line in listed.stdout.splitlines() if "::" in line]
    product = modules.count("tests/browser/test_product.py")
    assert product > 2 and modules[:product] == ["tests/browser/test_product.py"] * product
    assert set(modules[product:]) == {"tests/browser/test_app_icons.py"}


def test_a_mistyped_marker_is_refused(tmp_path: Path) -> None:
    (tmp_path / "test_typo.py").write_text("import pytest\n\n\n@pytest.mark.slwo\ndef test_x():\n    pass\n")
    result = collect("-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path), cwd=tmp_path)
    assert result.returncode != 0 and "'slwo' not found in `markers`" in result.stdout + result.stderr


def test_a_copy_of_the_content_starts_with_a_filled_cache(project_copy: Path) -> None:
    """project_copy starts with the cache of a first check, to spare each test a cold check of the
    whole content (what a check then says is the same: the test below)."""
    assert any((project_copy / ".cache/rulebook/checks").rglob("*")), "the copy starts with a filled cache"


def test_a_warm_check_says_what_a_cold_one_says(translated_project: Path, capsys, monkeypatch) -> None:
    """What a check says must not depend on the cache a first check filled. The translated fixture,
    checked once, then given problems in alpha's English (a unit of no rule), beta's French (another
    language's words) and alpha's Czech (a file that cannot be read), which the cached checks of the
    other files must not hide; checked again from its cache, then with the cache off."""
    root = translated_project
    assert run_cli(capsys, "--root", str(root), "check")[0] == 0
    assert any((root / ".cache/rulebook/checks").rglob("*")), "the first check filled the cache"
    broken = ["rules/alpha/en.yaml", "rules/beta/fr.yaml", "rules/alpha/cs.yaml"]
    edit(root, broken[0], "units:\n", "units:\n  rule.no-such-rule:\n    text: Nothing.\n")
    edit(root, broken[1], "language: fr", "language: en")
    edit(root, broken[2], "language: cs", "language: [cs")
    forget_read_files()  # as a new process would
    warm = run_cli(capsys, "--root", str(root), "check", "--json")
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    forget_read_files()
    cold = run_cli(capsys, "--root", str(root), "check", "--json")
    assert warm[0] == cold[0] == 1
    errors = {problem["file"] for problem in json.loads(warm[1])["problems"] if problem["severity"] == "error"}
    assert errors >= set(broken), errors
    assert json.loads(warm[1])["problems"] == json.loads(cold[1])["problems"]
