"""The Content-Security-Policy is the theme's, not the page's: whatever reaches a page cannot write
itself into the policy (issue 23), and the build's host configuration sends the same policy. The built
site is the fixture games' (conftest.fixture_site: alpha and beta in en, fr and cs)."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.theme import Theme

from hostile import BUILT_EXAMPLE_READS, REFUSED_TEXT
from rulebook.website.finish import apply_page_policy
from rulebook.website.plugin import THEME_DIR, RulebookPlugin
from rulebook.website.policy import SitePolicy, inline_scripts, script_hash, theme_templates

MATERIAL_DIRS = Theme(name="material").dirs
THEME_DIRS = [str(THEME_DIR), *MATERIAL_DIRS]  # as the plugin's on_config orders them
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
FRAME_ANCESTORS = "; frame-ancestors 'none'"


def material_script(template: str) -> str:
    """The inline script of one of Material's own templates, as its source holds it."""
    (script,) = inline_scripts((Path(MATERIAL_DIRS[0]) / template).read_text(encoding="utf-8"))
    return script


# The palette script has no Jinja: every page renders it to these bytes, and the policy allows it.
PALETTE = material_script("partials/javascripts/palette.html")


def page(before: str = "", after: str = "") -> str:
    """A page as the theme renders it, with text before and after the theme's inline script."""
    head = "<!doctype html><html><head><title>t</title></head>"
    return f"{head}<body>{before}<script>{PALETTE}</script>{after}</body></html>"


INJECTED = [
    "<script>window.__pwned=1</script>",
    # What a catalog string breaking out of the palette toggle's title would leave on the page.
    '<label title="Dark mode"><script>fetch("/steal?"+document.cookie)</script>">',
    *(text for name, text in REFUSED_TEXT if "<script" in text or "<svg" in text),
    BUILT_EXAMPLE_READS,
]


def built_policy(html: str) -> str:
    """The policy the build puts on a page: the plugin's, as its on_env reads it from the theme,
    written by the after step (website/finish.py) onto a page of a built site."""
    plugin = RulebookPlugin()
    plugin.on_startup(command="build", dirty=False)
    plugin.on_env(SimpleNamespace(), SimpleNamespace(theme=SimpleNamespace(dirs=THEME_DIRS)), None)  # no Jinja here
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "index.html").write_text(html, encoding="utf-8")
        apply_page_policy(Path(folder), plugin.policy)
        (policy,) = META.findall((Path(folder) / "index.html").read_text(encoding="utf-8"))
    return policy


@pytest.mark.parametrize("injected", INJECTED)
def test_a_script_injected_into_a_page_does_not_change_its_policy(injected: str) -> None:
    clean = built_policy(page())
    assert script_hash(PALETTE) in clean
    for before, after in ((injected, ""), ("", injected)):
        assert built_policy(page(before, after)) == clean
        assert not {script_hash(script) for script in inline_scripts(injected)} & set(clean.split())


def test_no_inline_script_that_varies_by_page_is_allowed() -> None:
    """Material's base script writes the page's base URL into itself: allowing it by hash would take
    one hash per depth of page, and any hash the page's content could make. It is a file here."""
    base = material_script("partials/javascripts/base.html")
    assert "{{" in base
    ours = theme_templates(THEME_DIRS)["partials/javascripts/base.html"]
    assert ours.is_relative_to(THEME_DIR)
    assert inline_scripts(ours.read_text(encoding="utf-8")) == []
    policy = built_policy(page())
    rendered = base.replace('"{{ config.extra.scope | d(base_url) }}"', '".."')
    assert script_hash(rendered) not in policy.split()


def test_the_base_script_file_is_materials_own() -> None:
    """assets/javascripts/scope.js is Material's base script with the scope read from data: a new
    Material must bring its new script here too."""
    scope = (THEME_DIR / "assets" / "javascripts" / "scope.js").read_text(encoding="utf-8")
    code = [line for line in scope.splitlines() if line and not line.startswith("//")]
    expected = material_script("partials/javascripts/base.html").replace(
        '"{{ config.extra.scope | d(base_url) }}"', "document.currentScript.dataset.scope"
    )
    assert code == [expected]


def test_the_host_headers_send_every_page_s_policy_with_frame_ancestors(fixture_site: Path) -> None:
    """`_headers` (Netlify, Cloudflare Pages) holds the policy of every page's <meta>, plus the
    frame-ancestors a <meta> cannot state; every inline script of every page is one it allows."""
    lines = (fixture_site / "_headers").read_text(encoding="utf-8").splitlines()
    rules = [line for line in lines if line and not line.startswith("#")]
    assert rules[0] == "/*"
    name, header = rules[1].strip().split(": ", 1)
    assert (name, len(rules)) == ("Content-Security-Policy", 2)
    assert header.endswith(FRAME_ANCESTORS)
    allowed = set(header.split())
    pages = sorted(fixture_site.rglob("*.html"))
    # By hand, in each of the 3 languages: the home, the 404, the status and glossary pages, and for alpha
    # and beta the game page, its change list and its quick reference (6), and an as-of page per edition
    # (alpha 1.0, 1.0.1 and 1.0.2, beta 1.0): 14 pages, 42 in all, besides the /en/ redirects.
    assert len(pages) >= 42
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in html:
            continue  # the /en/ redirects: default-src 'self', nothing to run
        assert META.findall(html) == [header.removesuffix(FRAME_ANCESTORS)], page
        assert {script_hash(script) for script in inline_scripts(html)} <= allowed, page


def test_the_plural_rules_are_cached_offline_and_the_headers_file_is_not(fixture_site: Path) -> None:
    """Hosts do not serve `_headers`: listed, it would fail the service worker's install. The plural
    rules of each of the site's languages (the fixture's en, fr and cs) are cached."""
    files = json.loads((fixture_site / "precache.json").read_text(encoding="utf-8"))["files"]
    assert "_headers" not in files
    assert {
        "assets/javascripts/scope.js",
        *(f"assets/javascripts/plural/{code}.js" for code in ("en", "fr", "cs")),
    } <= (set(files))


def test_the_theme_s_constant_styles_are_allowed_and_no_other(tmp_path: Path) -> None:
    """Zensical's language menu ships a <style> in a partial, and its bundle inserts a constant one for
    the search dialog: both by their hashes, from the theme's files. A <style> whose source holds Jinja
    varies by page, and a page's own <style> is never read."""
    partials = tmp_path / "partials"
    partials.mkdir()
    (partials / "menu.html").write_text("<style>.menu{gap:1rem}</style><style>:root{--f:'{{ f }}'}</style>")
    bundle = tmp_path / "assets" / "javascripts" / "bundle.0.min.js"
    bundle.parent.mkdir(parents=True)
    bundle.write_text("""var Tc='.u{text-decoration:wavy}';function S(){o.appendChild(C("style",{},Tc.toString()))}""")
    policy = SitePolicy.of_theme([str(tmp_path)])
    expected = sorted(script_hash(style) for style in (".menu{gap:1rem}", ".u{text-decoration:wavy}"))
    assert policy.style_hashes == tuple(expected)
    styles = re.search(r"style-src ([^;]*);", policy.meta)
    assert styles and styles[1].split() == ["'self'", *policy.style_hashes]
    hostile = policy.on("<html><head></head><body><style>.menu{gap:1rem}</style><style>*{x:y}</style></body></html>")
    assert script_hash("*{x:y}") not in hostile
