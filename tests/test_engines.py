"""Issue 27: the site does not depend on MkDocs itself. ProperDocs (the maintained MkDocs 1.x fork)
builds it from the same mkdocs.yml with the same plugins, and gives the same site, file for file
and byte for byte, but for the differences listed in ALLOWED with their reason.

Run by `make test-engines` (`pytest -m engines`), not by `make test`: it builds the site twice.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from test_split_build import contents

pytestmark = pytest.mark.engines

# Each allowed difference: a pattern whose matches are cut from both sites before they are compared,
# and why the two engines may differ there.
ALLOWED = {
    # Material names the engine that built the page (`mkdocs_version`, which ProperDocs sets to its own
    # name and version); nothing else on the page depends on the engine.
    "generator": re.compile(rb'<meta name="generator" content="mkdocs-[^"]*">'),
}


def engine_command(engine: str) -> list[str]:
    """MkDocs from the project's venv; ProperDocs from its own, which `make test-engines` makes and
    names in RULEBOOK_PROPERDOCS (without it these tests fail rather than pass on the wrong venv)."""
    if engine == "mkdocs":
        return [sys.executable, "-m", "mkdocs"]
    named = os.environ.get("RULEBOOK_PROPERDOCS")
    if not named:
        pytest.fail("RULEBOOK_PROPERDOCS is not set: run `make test-engines`, which makes .venv-properdocs")
    assert Path(named).is_file(), named
    return [named]


def build_with(engine: str, target: Path) -> Path:
    """`<engine> build --strict` of the repository into target; the build must pass."""
    result = subprocess.run(
        [*engine_command(engine), "build", "--strict", "--quiet", "-f", "mkdocs.yml", "-d", str(target)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return target


def without_allowed(files: dict[str, bytes]) -> dict[str, bytes]:
    for pattern in ALLOWED.values():
        files = {name: pattern.sub(b"", data) for name, data in files.items()}
    return files


@pytest.fixture(scope="module")
def properdocs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_with("properdocs", tmp_path_factory.mktemp("properdocs-site"))


# The offline list (precache.json, and the same list in sw.js) holds each file's SHA-256 and a build
# id made from them: the pages the generator tag differs on give other digests. Those are cut here;
# every file they describe is itself compared byte for byte, and the listed files must be the same.
OFFLINE_DIGESTS = re.compile(rb'"[0-9a-f]{64}"|"build":\s*"[0-9a-f]{16}"')


def test_properdocs_builds_the_mkdocs_site(clean_site: Path, properdocs_site: Path) -> None:
    mkdocs, properdocs = contents(clean_site), contents(properdocs_site)
    assert sorted(properdocs) == sorted(mkdocs)
    listed = [json.loads(site["precache.json"])["files"].keys() for site in (mkdocs, properdocs)]
    assert listed[0] == listed[1]
    for site in (mkdocs, properdocs):
        for name in ("precache.json", "sw.js"):
            site[name] = OFFLINE_DIGESTS.sub(b"", site[name])
    same = without_allowed(mkdocs), without_allowed(properdocs)
    different = [name for name in mkdocs if same[0][name] != same[1][name]]
    assert not different, different[:10]


def test_each_allowed_difference_is_a_real_one(clean_site: Path, properdocs_site: Path) -> None:
    """An allowance that no longer matches anything would hide nothing and should go: each one
    matches on the pages Material renders (not the /en/ redirects), as often in both sites, and
    differs between them (the engines' names)."""
    for name, pattern in ALLOWED.items():
        matched = []
        for page in sorted(clean_site.rglob("*.html")):
            ours = pattern.findall(page.read_bytes())
            theirs = pattern.findall((properdocs_site / page.relative_to(clean_site)).read_bytes())
            assert len(ours) == len(theirs) <= 1, (name, page)
            assert not ours or ours != theirs, (name, page)
            matched += ours
        assert len(matched) >= 10, name  # a home, games, glossary, status, 404 in each language
    generator = ALLOWED["generator"].search((properdocs_site / "index.html").read_bytes())
    assert generator and b"ProperDocs" in generator[0]


def test_rulebook_build_in_the_properdocs_venv_is_the_mkdocs_one(tmp_path: Path) -> None:
    """`rulebook build` (the languages in parallel processes, merged) where every `mkdocs.*` import is
    ProperDocs' (the venv's .pth, Makefile): the same site as in the project's venv, but for ALLOWED."""
    properdocs = Path(engine_command("properdocs")[0])
    check = [str(properdocs.with_name("python")), "-c", "import mkdocs.commands.build as b; print(b.__name__)"]
    assert (
        subprocess.run(check, capture_output=True, text=True, check=True).stdout.strip() == "properdocs.commands.build"
    )
    sites = {}
    for name, rulebook in (
        ("mkdocs", [sys.executable, "-m", "rulebook.cli"]),
        ("properdocs", [str(properdocs.with_name("rulebook"))]),
    ):
        sites[name] = tmp_path / name
        command = [*rulebook, "--root", str(ROOT), "build", "--strict", "--site", str(sites[name])]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert result.returncode == 0, result.stdout + result.stderr
    mkdocs, properdocs_site = contents(sites["mkdocs"]), contents(sites["properdocs"])
    assert sorted(properdocs_site) == sorted(mkdocs)
    for site in (mkdocs, properdocs_site):
        for name in ("precache.json", "sw.js"):
            site[name] = OFFLINE_DIGESTS.sub(b"", site[name])
    generator = ALLOWED["generator"].search(properdocs_site["index.html"])
    assert generator and b"ProperDocs" in generator[0]  # ProperDocs built it, in every process
    same = without_allowed(mkdocs), without_allowed(properdocs_site)
    assert [name for name in mkdocs if same[0][name] != same[1][name]] == []
