"""The site's settings are a door (issue 48): every value of mkdocs.yml that reaches a page, a
sitemap or a PO comment is checked at its line, and the names are escaped where they are printed.

Before, a `<meta http-equiv=refresh>` in site_url, site_description, site_author, repo_url or
repo_name passed `rulebook check` and the strict build, and was printed unescaped into every page;
the same site_url made sitemap.xml invalid XML. The addresses are now parsed as URLs (http: or
https:, no quotes, spaces or controls), the names refused for markup at mkdocs.yml:line:col, and
what `!ENV` brings in past the check is checked again by the plugin (addresses) or escaped (names).
The settings are planted in the small project's copy of mkdocs.yml (fixture_games.py).
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest

from conftest import locate, run_cli, tree_digest
from fixture_games import with_site_sources
from rulebook.addresses.site_url import ENVIRONMENT

REFRESH = '"><meta http-equiv=refresh content="0;url=https://evil.example/">'
SCRIPT = '"><script>alert(1)</script>'
PUBLIC = "https://rules.example.org/"


@pytest.fixture
def project(small_project: Path) -> Path:
    return with_site_sources(small_project, package=False)


def with_settings(root: Path, lines: str) -> str:
    """mkdocs.yml with `lines` added after its site_url; its new text."""
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    anchor = f"site_url: {PUBLIC}\n"
    assert text.count(anchor) == 1
    text = text.replace(anchor, anchor + lines)
    config.write_text(text, encoding="utf-8")
    return text


def check_json(capsys, root: Path) -> tuple[int, list[dict]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check", "--json")
    return code, json.loads(out)["problems"]


# (the setting as written, where its value starts, the field the problem names, its code): each value
# is what the red team planted, or a URL that only looks like one.
SETTINGS = [
    (f"site_description: {json.dumps(SCRIPT)}\n", json.dumps(SCRIPT), "site_description", "text.markup-in-name"),
    (f"site_author: {json.dumps(REFRESH)}\n", json.dumps(REFRESH), "site_author", "text.markup-in-name"),
    ("repo_name: '<img src=x onerror=alert(3)>'\n", "'<img", "repo_name", "text.markup-in-name"),
    (f"repo_url: '{PUBLIC}rules{SCRIPT}'\n", f"'{PUBLIC}", "repo_url", "site.address-character"),
    ("repo_url: javascript:alert(1)\n", "javascript:", "repo_url", "site.address-not-web"),
    ("repo_url: https://github.com@evil.example/rules\n", "https://github.com@", "repo_url", "site.address-user"),
    (
        'repo_url: "https://github.com/owner/rules\\u0000"\n',
        '"https://github.com/owner',
        "repo_url",
        "site.address-character",
    ),
    (
        "repo_url: https://github.com/owner/\n  rules\n",
        "https://github.com/owner/",
        "repo_url",
        "site.address-character",
    ),
    ("edit_uri: 'javascript:alert(1)'\n", "'javascript:", "edit_uri", "site.link"),
    (
        "extra:\n  social:\n    - {icon: x, link: 'javascript:alert(1)'}\n",
        "'javascript:",
        "extra.social[0].link",
        "site.link",
    ),
    ("extra:\n  homepage: //evil.example/\n", "//evil", "extra.homepage", "site.link"),
]


@pytest.mark.parametrize(
    ("lines", "marker", "field", "code"), SETTINGS, ids=[f"{field}-{code}" for _, _, field, code in SETTINGS]
)
def test_a_hostile_setting_is_refused_by_check_at_its_line(project: Path, capsys, lines, marker, field, code) -> None:
    text = with_settings(project, lines)
    exit_code, problems = check_json(capsys, project)
    line, col = locate(text, marker)
    found = [
        (p["line"], p["col"], p["code"], p["message"].split(": ")[0]) for p in problems if p["file"] == "mkdocs.yml"
    ]
    assert (line, col, code, field) in found, found
    assert exit_code == 1


@pytest.mark.parametrize(
    "address",
    [
        f"https://rules.example.org/{REFRESH}",
        "https://rules.example.org/ x/",
        "https://rules.example.org/'onmouseover=alert(1)'/",
        "https://rules.example.org/a&amp;b/",
        "https://rules.example.org/\\evil.example/",
        "javascript://rules.example.org/%0aalert(1)",
        "https://rules.example.org/?page=1",
        "https://rules.example.org:99999/",
        "https://256.0.0.1/",
    ],
)
def test_a_site_url_that_is_no_folder_of_the_web_is_refused_by_check_and_the_build(
    project: Path, capsys, address: str
) -> None:
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").replace(f"site_url: {PUBLIC}\n", f"site_url: {json.dumps(address)}\n")
    config.write_text(text, encoding="utf-8")
    code, problems = check_json(capsys, project)
    line, col = locate(text, json.dumps(address))
    assert [(p["line"], p["col"], p["path"]) for p in problems if p["file"] == "mkdocs.yml"] == [(line, col, None)]
    assert code == 1
    before = tree_digest(project)
    code, out, err = run_cli(capsys, "--root", str(project), "build", "--strict", "--site", str(project / "site"))
    assert code == 1, err
    assert f"mkdocs.yml:{line}:{col}: site_url: " in out
    assert not (project / "site").exists()
    assert tree_digest(project) == before


@pytest.mark.parametrize(
    ("setting", "value", "exit_code", "said"),
    [
        ("site_url", f"https://rules.example.org/{REFRESH}", 1, "mkdocs.yml: site_url: "),
        ("repo_url", f"https://github.com/owner/rules{SCRIPT}", 1, "mkdocs.yml: repo_url: "),
        # MkDocs refuses it itself: a refusal, not the internal error (exit 3) it was.
        ("repo_url", "javascript:alert(1)//", 2, "Config value 'repo_url'"),
    ],
)
def test_an_address_brought_in_by_env_is_checked_by_the_build_before_any_page(
    project: Path, capsys, monkeypatch, setting: str, value: str, exit_code: int, said: str
) -> None:
    # `!ENV` values are the environment's, which no check of the file can read: the plugin checks
    # what MkDocs loaded.
    if setting == "site_url":
        edited = (
            (project / "mkdocs.yml")
            .read_text(encoding="utf-8")
            .replace(f"site_url: {PUBLIC}\n", f"site_url: !ENV [RB_HOSTILE, {PUBLIC}]\n")
        )
        (project / "mkdocs.yml").write_text(edited, encoding="utf-8")
    else:
        with_settings(project, f"{setting}: !ENV [RB_HOSTILE, https://github.com/owner/rules]\n")
    monkeypatch.setenv("RB_HOSTILE", value)
    code, _, err = run_cli(
        capsys, "--root", str(project), "build", "--strict", "--languages", "en", "--site", str(project / "site")
    )
    assert code == exit_code
    assert said in err
    assert not (project / "site").exists() or not list((project / "site").rglob("*.html"))


def test_a_po_comment_never_carries_a_hostile_site_address(project: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    # The export reads the address for its "on the site:" comments; a value that is no address
    # leaves the comment out rather than print it (`check` names it, `build` refuses it).
    monkeypatch.setenv(ENVIRONMENT, "https://games.example.net/rules\n#, fuzzy")
    out = tmp_path / "po"
    code, _, err = run_cli(capsys, "--root", str(project), "i18n", "export", "cs", "--game", "alpha", "-o", str(out))
    assert code == 0, err
    comments = "\n".join(entry.comment for entry in polib.pofile(str(out / "alpha.cs.po")))
    assert "games.example.net" not in comments
    assert "on the site:" not in comments
    monkeypatch.delenv(ENVIRONMENT)
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace(f"site_url: {PUBLIC}\n", f"site_url: '{PUBLIC}{SCRIPT}'\n"), encoding="utf-8")
    shutil.rmtree(out)
    code, _, err = run_cli(capsys, "--root", str(project), "i18n", "export", "cs", "--game", "alpha", "-o", str(out))
    line, col = locate((project / "mkdocs.yml").read_text(encoding="utf-8"), f"'{PUBLIC}")
    assert code == 2
    assert err.startswith(f"mkdocs.yml:{line}:{col}: site_url: "), err
    assert not out.exists()


class _Printed(HTMLParser):
    """What a page makes of the settings: its meta tags, the repository's name, scripts' text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.refresh: list[str] = []
        self.inline_scripts: list[str] = []
        self.repository: list[str] = []
        self.copyright: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "meta" and "name" in attributes:
            self.meta[attributes["name"]] = attributes.get("content", "")
        if tag == "meta" and attributes.get("http-equiv", "").lower() == "refresh":
            self.refresh.append(attributes.get("content", ""))
        if tag == "script" and "src" not in attributes:
            self._in = "script"
            self.inline_scripts.append("")
        classes = attributes.get("class", "").split()
        if "md-source__repository" in classes:
            self._in = "repository"
        if "md-copyright__highlight" in classes:
            self._in = "copyright"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "div"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "script":
            self.inline_scripts[-1] += data
        elif self._in == "repository":
            self.repository.append(data.strip())
        elif self._in == "copyright":
            self.copyright.append(data.strip())


NAMES = {
    "RB_DESCRIPTION": SCRIPT,
    "RB_AUTHOR": REFRESH,
    "RB_REPOSITORY": "<img src=x onerror=alert(3)>",
    "RB_COPYRIGHT": "<b onclick=alert(4)>Us</b> & 'friends'",
}


@pytest.mark.slow  # builds the site
def test_names_past_the_check_are_printed_as_written_and_the_sitemaps_are_xml(
    project: Path, capsys, monkeypatch
) -> None:
    # The check cannot read what `!ENV` brings in: the build must print such names as text.
    with_settings(
        project,
        "site_description: !ENV RB_DESCRIPTION\nsite_author: !ENV RB_AUTHOR\n"
        "repo_url: https://github.com/owner/rules\nrepo_name: !ENV RB_REPOSITORY\ncopyright: !ENV RB_COPYRIGHT\n",
    )
    for name, value in NAMES.items():
        monkeypatch.setenv(name, value)
    site = project / "site"
    code, out, err = run_cli(capsys, "--root", str(project), "build", "--strict", "--site", str(site))
    assert code == 0, out + err
    pages = sorted(site.rglob("*.html"))
    # Each of the 3 languages has a home, a status page, a 404 and, for each of the 2 games, its
    # page, its quick reference, its change list and its edition 1.0: 11 pages, 33 in all.
    assert len(pages) >= 33
    for page in pages:
        printed = _Printed()
        printed.feed(page.read_text(encoding="utf-8"))
        where = page.relative_to(site).as_posix()
        assert printed.refresh == [] or all("url=" in c and "evil" not in c for c in printed.refresh), where
        assert not any("alert(" in script for script in printed.inline_scripts), where
        if printed.meta.get("author") is not None:
            assert printed.meta["author"] == REFRESH, where
        if "md-source" in page.read_text(encoding="utf-8"):
            assert NAMES["RB_REPOSITORY"] in printed.repository, where
        if printed.copyright:
            assert NAMES["RB_COPYRIGHT"] in printed.copyright, where
    status = _Printed()
    status.feed((site / "status" / "index.html").read_text(encoding="utf-8"))
    assert status.meta["description"] == SCRIPT  # a page without a description of its own has the site's
    sitemaps = sorted(site.rglob("sitemap.xml"))
    assert len(sitemaps) > 10  # a page's folder has one: 10 of them in each language
    for sitemap in sitemaps:
        locations = [
            element.text
            for element in ElementTree.parse(sitemap).iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")
        ]
        assert locations and all(str(location).startswith(PUBLIC) for location in locations), sitemap
