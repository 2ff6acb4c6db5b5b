"""`rulebook finish SITE` (website/finish.py): the after step on a site an engine built, which the
plugin runs at the end of its own build (issue 51). A site built without it and finished by the
command is the plugin's site byte for byte; a finished site finished again is left as it was. The
sites are the fixture's (conftest.fixture_site: the translated fixture games, built), each finished
with the fixture project that built it; the bad input is refused before any project is read."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, build_site, run_cli, tree_digest
from rulebook.load.project import forget_read_files, load_project
from rulebook.website.finish import SEARCH_INDEX
from rulebook.website.page_scripts import FEED_MARK, TAIL_MARK
from test_engine_boundary import ENGINES

FEED_LINK = re.compile(r'<link rel="alternate" type="application/atom\+xml"[^>]*>')
CSP_META = re.compile(r'(?<=<head>)<meta http-equiv="Content-Security-Policy" content="[^">]*">')


def finished(capsys: pytest.CaptureFixture[str], site: Path, root: Path) -> None:
    """`rulebook finish` of a copy of the fixture's site, with the fixture project (root) that built it, as
    a new process runs it: the making of the fixture asked this process for the project's address before
    its mkdocs.yml was written, and read its files before their last edits."""
    forget_read_files()
    code, _, err = run_cli(capsys, "--root", str(root), "finish", str(site))
    assert code == 0, err


# Bad input: one line naming the path, exit 2, nothing written --------------------------------------


def test_a_missing_folder_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, "--root", str(ROOT), "finish", str(tmp_path / "nowhere"))
    assert code == 2
    assert err.strip() == f"rulebook finish: '{tmp_path / 'nowhere'}': no such folder"


def test_a_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(ROOT), "finish", str(tmp_path / "index.html"))
    assert code == 2
    assert err.strip() == f"rulebook finish: '{tmp_path / 'index.html'}': not a folder"


@pytest.mark.parametrize("present", [[], ["index.html"], [SEARCH_INDEX]])
def test_a_folder_that_is_no_built_site_is_refused_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, present: list[str]
) -> None:
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "assets" / "page.html").write_text("<html><head></head></html>", encoding="utf-8")
    for name in present:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("{}", encoding="utf-8")
    before = tree_digest(site)
    code, _, err = run_cli(capsys, "--root", str(ROOT), "finish", str(site))
    assert code == 2
    assert err.startswith(f"rulebook finish: '{site}': not a built site (no ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert tree_digest(site) == before


def test_a_bad_address_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, "--root", str(ROOT), "finish", str(tmp_path), "--site-url", "javascript:alert(1)")
    assert code == 2
    assert err.startswith("rulebook finish: --site-url: ")


# On the site the plugin built ---------------------------------------------------------------------


def test_a_finished_site_finished_again_is_left_as_it_was(
    capsys: pytest.CaptureFixture[str], fixture_site: Path, tmp_path: Path
) -> None:
    site = shutil.copytree(fixture_site, tmp_path / "site", symlinks=True)
    finished(capsys, site, fixture_site.parent)
    assert tree_digest(site) == tree_digest(fixture_site)


def test_what_the_after_step_writes_comes_back_identical(
    capsys: pytest.CaptureFixture[str], fixture_site: Path, tmp_path: Path
) -> None:
    """Every file of the after step removed, and every page's policy: all come back, byte for byte.
    The split search index stays: the root's holds English only by now, and the test below starts
    from Material's one index."""
    site = shutil.copytree(fixture_site, tmp_path / "site", symlinks=True)
    removed = [site / "_headers", site / "precache.json", site / "en"]
    removed += [path for path in site.rglob("sitemap.xml") if path.parent != site]
    removed += [*(site / "assets" / "javascripts" / "plural").iterdir()]
    removed += [*(site / "assets" / "javascripts" / "calculator").iterdir()]
    removed += [*site.rglob("changes.xml")]
    stripped = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        bare = CSP_META.sub("", text, count=1)
        stripped += bare != text
        page.write_text(bare, encoding="utf-8")
    for path in removed:
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    assert stripped > 50 and len(removed) > 20  # the test removes what it says it does
    assert tree_digest(site) != tree_digest(fixture_site)
    finished(capsys, site, fixture_site.parent)
    assert tree_digest(site) == tree_digest(fixture_site)


@pytest.mark.slow
def test_a_site_built_without_the_after_step_is_finished_as_the_plugin_finishes_it(
    capsys: pytest.CaptureFixture[str], fixture_site: Path, tmp_path: Path
) -> None:
    """The plugin told not to finish (`finish: false`): MkDocs' site as any engine leaves it, with
    Material's one index of every language, no policy, no redirects, no offline list. `rulebook
    finish` then makes it the plugin's own site, every byte."""
    root = shutil.copytree(fixture_site.parent, tmp_path / "project", ignore=shutil.ignore_patterns("site", ".cache"))
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\n  - rulebook\n" in config
    (root / "mkdocs.yml").write_text(config.replace("\n  - rulebook\n", "\n  - rulebook: {finish: false}\n"))
    site = build_site(root, tmp_path / "site")
    raw = tree_digest(site)
    expected = tree_digest(fixture_site)
    for left in ("_headers", "precache.json", "en/index.html", "fr/search/search_index.json"):
        assert left not in raw
    assert raw["search/search_index.json"] != expected["search/search_index.json"]
    assert raw["index.html"] != expected["index.html"]  # no policy yet
    assert raw["fr/404.html"] != expected["fr/404.html"]  # each language's 404 page, without its policy
    code, _, err = run_cli(capsys, "--root", str(root), "finish", str(site))
    assert code == 0, err
    assert tree_digest(site) == expected


def test_finishing_loads_no_engine(fixture_site: Path, tmp_path: Path) -> None:
    """The command runs where no engine is installed: no module of MkDocs, Material or their plugins
    is loaded (Material's templates are found, not imported: validate/material_languages.py)."""
    site = shutil.copytree(fixture_site, tmp_path / "site", symlinks=True)
    code = """
import sys
from rulebook.cli import main
assert main(["--root", sys.argv[1], "finish", sys.argv[2]]) == 0
print(sorted(name for name in sys.modules if name.split(".")[0] in sys.argv[3:]))
"""
    result = subprocess.run(
        [sys.executable, "-c", code, str(fixture_site.parent), str(site), *ENGINES],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_the_theme_folders_are_the_plugin_s_in_its_order(tmp_path: Path) -> None:
    """mkdocs.yml's custom_dir first (the policy hashes its scripts, which override ours), then ours,
    then Material's; a custom_dir outside the project is not read."""
    from rulebook.website.theme_folders import THEME_DIR, site_theme_dirs

    (tmp_path / "overrides").mkdir()
    (tmp_path / "mkdocs.yml").write_text("theme:\n  name: material\n  custom_dir: overrides\n", encoding="utf-8")
    custom, ours, material = site_theme_dirs(tmp_path)
    assert (custom, ours) == (tmp_path / "overrides", THEME_DIR)
    assert (material / "partials" / "languages" / "fr.html").is_file()
    (tmp_path / "mkdocs.yml").write_text("theme:\n  name: material\n  custom_dir: ../elsewhere\n", encoding="utf-8")
    assert site_theme_dirs(tmp_path) == [THEME_DIR, material]


# An engine that runs no adapter of ours (Zensical): its pages lack our scripts ----------------------

OUR_SCRIPTS = re.compile(r'<script (?:src="([^"]*)"|type="application/json" id="([^"]*)")')


def our_scripts(page: str) -> list[str]:
    """The scripts and data blocks from our interface element to the end, in order."""
    return [src or data for src, data in OUR_SCRIPTS.findall(page[page.index(TAIL_MARK) :])]


def test_a_page_without_our_scripts_gets_the_adapter_s_from_the_after_step(
    capsys: pytest.CaptureFixture[str], fixture_site: Path, tmp_path: Path
) -> None:
    """The MkDocs adapter's scripts cut from a game page and a change list (as Zensical renders our
    templates, without their data): `rulebook finish` writes the same scripts, data and feed back."""
    site = shutil.copytree(fixture_site, tmp_path / "site", symlinks=True)
    project = load_project(fixture_site.parent).project
    game = next(game for game in project.games if game.scored)
    other = project.languages[1]
    pages = [f"{other}/{game.id}/index.html", f"{other}/{game.id}/changes/index.html"]
    for name in pages:
        text = (site / name).read_text(encoding="utf-8")
        start, end = text.index(TAIL_MARK), text.rindex("</script>") + len("</script>")
        bare = FEED_LINK.sub("", text[:start] + text[end:])
        assert TAIL_MARK not in bare and FEED_MARK not in bare
        (site / name).write_text(bare, encoding="utf-8")
    finished(capsys, site, fixture_site.parent)
    for name in pages:
        mkdocs, ours = ((folder / name).read_text(encoding="utf-8") for folder in (fixture_site, site))
        assert our_scripts(ours) == our_scripts(mkdocs), name
        assert FEED_LINK.findall(ours) == FEED_LINK.findall(mkdocs), name
    game_page = (site / pages[0]).read_text(encoding="utf-8")
    assert "rb-calculator-data" in our_scripts(game_page) and f"calculator/{game.scoring}.js" in game_page
    assert len(FEED_LINK.findall((site / pages[1]).read_text(encoding="utf-8"))) == 1


def test_a_missing_theme_folder_is_refused(capsys: pytest.CaptureFixture[str], fixture_site: Path) -> None:
    code, _, err = run_cli(
        capsys, "--root", str(fixture_site.parent), "finish", str(fixture_site), "--theme-dir", "/no/such"
    )
    assert code == 2
    assert err.strip() == "rulebook finish: --theme-dir: '/no/such': no such folder"


def test_a_theme_folder_with_a_template_that_is_not_text_is_refused_untouched(
    capsys: pytest.CaptureFixture[str], fixture_site: Path, tmp_path: Path
) -> None:
    site = shutil.copytree(fixture_site, tmp_path / "site", symlinks=True)
    theme = tmp_path / "theme" / "partials"
    theme.mkdir(parents=True)
    (theme / "menu.html").write_bytes(b"\xff\xfe<script>x</script>")
    before = tree_digest(site)
    root = fixture_site.parent
    code, _, err = run_cli(capsys, "--root", str(root), "finish", str(site), "--theme-dir", str(theme.parent))
    assert code == 2
    assert err.strip().startswith(f"rulebook finish: {theme / 'menu.html'}: a template that is not UTF-8 text")
    assert tree_digest(site) == before
