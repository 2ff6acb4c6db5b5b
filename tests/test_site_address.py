"""The site's public address (rulebook/addresses/site_url.py): mkdocs.yml holds it, `rulebook build
--site-url` or RULEBOOK_SITE_URL replaces it, and a production build never carries a local one.
The parallel build with another address is in test_split_build.py; the printed citations in
browser/test_print_edition.py. The sites and projects are the translated fixture project's
(fixture_games.py: alpha and beta in en, fr and cs)."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import polib
import pytest

from conftest import ROOT, build_site, made_once, run_cli, tree_digest
from fixture_games import copy_small_project
from rulebook.addresses.site_url import ENVIRONMENT, address_problem, configured_site_url

LOCAL = (b"127.0.0.1", b"localhost")
# The theme's source maps are Material's source text for developer tools; one comment there
# explains how `mkdocs serve` resolves its address. They address nothing a reader's browser asks for.
SOURCE_MAP = ".map"


@pytest.fixture(scope="module")
def clean_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture project's site, built once a run with the repository's mkdocs.yml."""

    def make(folder: Path) -> None:
        root = copy_small_project(tmp_path_factory, folder / "project", site=True, translated=True)
        build_site(root, folder / "site")

    return made_once(tmp_path_factory, "translated-site", make) / "site"


def test_the_repository_names_a_public_address() -> None:
    # It was http://127.0.0.1:8000/, the preview's, which every canonical link and sitemap named.
    address = configured_site_url(ROOT)
    assert address is not None and address.startswith("https://")
    assert address_problem(address) is None


def test_the_built_site_names_no_local_address(clean_site: Path) -> None:
    found = []
    for path in sorted(clean_site.rglob("*")):
        if not path.is_file() or path.suffix == SOURCE_MAP:
            continue
        data = path.read_bytes()
        data = gzip.decompress(data) if path.suffix == ".gz" else data
        found += [f"{path.relative_to(clean_site)}: {word.decode()}" for word in LOCAL if word in data]
    assert found == []


def test_canonical_links_and_sitemaps_name_the_public_address(clean_site: Path) -> None:
    address = configured_site_url(ROOT)
    assert f'<link rel="canonical" href="{address}fr/alpha/">' in (clean_site / "fr/alpha/index.html").read_text()
    assert f"<loc>{address}cs/beta/</loc>" in (clean_site / "cs/beta/sitemap.xml").read_text()
    assert f"<loc>{address}status/</loc>" in gzip.decompress((clean_site / "sitemap.xml.gz").read_bytes()).decode()


def planted_config(project: Path, site_url: str) -> Path:
    """The repository's mkdocs.yml in a copy of the project, its site_url replaced."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    public = configured_site_url(ROOT)
    assert public is not None and f"site_url: {public}\n" in config
    (project / "mkdocs.yml").write_text(config.replace(f"site_url: {public}\n", f"site_url: {site_url}\n"))
    shutil.copytree(ROOT / "docs" / "assets", project / "docs" / "assets")
    return project / "mkdocs.yml"


LOCAL_REFUSAL = "is a local address: readers would be sent to their own machine"


@pytest.mark.parametrize(
    ("options", "environment", "site_url", "refusal"),
    [
        (["--site-url", "http://localhost:8000/"], None, None, f"--site-url: 'http://localhost:8000/' {LOCAL_REFUSAL}"),
        (["--site-url", "http://[::1]/"], None, None, f"--site-url: 'http://[::1]/' {LOCAL_REFUSAL}"),
        (
            ["--site-url", "rules.example.org"],
            None,
            None,
            "--site-url: 'rules.example.org' is not an http: or https: address with a host",
        ),
        ([], "http://127.0.0.1:8000", None, f"{ENVIRONMENT}: 'http://127.0.0.1:8000' {LOCAL_REFUSAL}"),
        ([], None, "http://127.0.0.1:8000/", f"mkdocs.yml: site_url: 'http://127.0.0.1:8000/' {LOCAL_REFUSAL}"),
        # The local address written as a browser also reads it (issue 48): they all passed.
        *(
            (["--site-url", address], None, None, f"--site-url: '{address}' {LOCAL_REFUSAL}")
            for address in ("https://127.1/", "https://0x7f.1/", "https://2130706433/", "https://[::ffff:127.0.0.1]/")
        ),
        ([], "https://017700000001/", None, f"{ENVIRONMENT}: 'https://017700000001/' {LOCAL_REFUSAL}"),
        ([], None, "https://0/", f"mkdocs.yml: site_url: 'https://0/' {LOCAL_REFUSAL}"),
        (
            ["--site-url", 'https://rules.example.org/"><meta http-equiv=refresh>'],
            None,
            None,
            "--site-url: 'https://rules.example.org/\"><meta http-equiv=refresh>': the character U+0022 is not allowed"
            " in an address: no quotes, spaces, controls or markup; write a name beyond ASCII in its xn-- form and"
            " anything else percent-encoded",
        ),
    ],
)
def test_a_build_for_a_local_or_malformed_address_is_refused_unbuilt(
    small_project: Path, capsys, monkeypatch, options: list[str], environment, site_url, refusal: str
) -> None:
    planted_config(small_project, site_url or "https://rules.example.org/")
    if environment:
        monkeypatch.setenv(ENVIRONMENT, environment)
    else:
        monkeypatch.delenv(ENVIRONMENT, raising=False)
    before = tree_digest(small_project)
    code, _, err = run_cli(capsys, "--root", str(small_project), "build", *options)
    assert (code, err.splitlines()) == (2, [f"rulebook build: {refusal}"])
    assert tree_digest(small_project) == before  # no site, no check's cache: nothing


def test_an_exported_po_file_links_to_the_address_the_environment_names(
    translated_project: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    planted_config(translated_project, "https://rules.example.org/")
    monkeypatch.setenv(ENVIRONMENT, "https://games.example.net/rules")
    code, _, err = run_cli(
        capsys, "--root", str(translated_project), "i18n", "export", "cs", "--game", "alpha", "-o", str(tmp_path / "po")
    )
    assert code == 0, err
    winner = next(entry for entry in polib.pofile(str(tmp_path / "po/alpha.cs.po")) if entry.msgctxt == "rule.winner")
    assert "on the site: https://games.example.net/rules/cs/alpha/#winner" in winner.comment.splitlines()


# (host as written in https://HOST/, what a browser reaches): worked out from the WHATWG host parser,
# each part decimal, octal (a leading 0) or hex (0x), the last filling the bytes the others leave.
LOCAL_FORMS = [
    ("127.1", "127.0.0.1"),  # two parts: 127, then 1 in the last three bytes
    ("127.0.1", "127.0.0.1"),
    ("0x7f.1", "127.0.0.1"),
    ("0x7F000001", "127.0.0.1"),  # 0x7f000001 = 2130706433
    ("2130706433", "127.0.0.1"),  # 127 × 2^24 + 1
    ("017700000001", "127.0.0.1"),  # octal 17700000001 = 2130706433
    ("0177.0.0.1", "127.0.0.1"),
    ("127.0.0.1.", "127.0.0.1"),  # the root's empty label
    ("0", "0.0.0.0"),
    ("0x", "0.0.0.0"),
    ("[::ffff:127.0.0.1]", "::ffff:7f00:1"),
    ("[::ffff:7f00:1]", "::ffff:7f00:1"),
    ("[0:0:0:0:0:ffff:127.0.0.2]", "::ffff:7f00:2"),
    ("[::127.0.0.1]", "::7f00:1"),  # IPv4-compatible
    ("[::]", "::"),
    ("LocalHost.", "localhost."),
]
PUBLIC_HOSTS = [
    "rules.example.org",
    "1.2.3.4",
    "0x7f.example",  # a name: its last label is no number
    "127.0.0.1.example.org",
    "[2001:db8::1]",
    "[::ffff:8.8.8.8]",
    "localhost.example.org",
]


@pytest.mark.parametrize(("host", "reached"), LOCAL_FORMS, ids=[host for host, _ in LOCAL_FORMS])
def test_a_local_address_is_found_in_every_form_a_browser_reads(host: str, reached: str) -> None:
    from rulebook.addresses.site_url import browser_host

    assert str(browser_host(host)) == reached
    problem = address_problem(f"https://{host}/")
    assert problem is not None and problem.code == "site.address-local"


@pytest.mark.parametrize("host", PUBLIC_HOSTS)
def test_a_public_host_is_no_local_address(host: str) -> None:
    assert address_problem(f"https://{host}/") is None


@pytest.mark.parametrize("host", ["256.0.0.1", "1.2.3.09", "1.2.3.4.5", "0x100000000", "foo.09", "[::1", "a%2eb"])
def test_a_host_a_browser_refuses_is_refused(host: str) -> None:
    problem = address_problem(f"https://{host}/")
    assert problem is not None and problem.code in ("site.address-host", "site.address-not-web")


def test_the_address_is_read_as_mkdocs_yml_says_it_now(tmp_path: Path) -> None:
    """Asked before mkdocs.yml exists, then after it is written and after it is edited, in one process:
    each answer is the file's at the time (it was None for good once asked too early)."""
    assert configured_site_url(tmp_path) is None
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nsite_url: https://rules.example.org/games\n", encoding="utf-8")
    assert configured_site_url(tmp_path) == "https://rules.example.org/games/"
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nsite_url: https://example.net/\n", encoding="utf-8")
    assert configured_site_url(tmp_path) == "https://example.net/"
