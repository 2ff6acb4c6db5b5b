"""Files the site needs beside its pages, written once every language is built.

- A 404 page per language: MkDocs renders one 404.html per build, and mkdocs-static-i18n's builds
  overwrite each other at the root.
- `/en/…` for the source language, whose pages live at the root: each is a redirect.
- A sitemap.xml beside every page: Material fetches `sitemap.xml` next to each alternate-language
  link of a page, and would log a 404 for every one that is missing. Each copy holds that page's
  own entry only: the whole sitemap beside every page grows with the square of the pages (19 GB
  at 200 games in 10 languages).
- Each language's plural rule, which the calculator reads, and each scored game's calculator script
  (render/calculator.py).
- Each game's Atom feed of its editions, per language (render/feed.py).
- `_headers`: the Content-Security-Policy as the HTTP header that Netlify and Cloudflare Pages send
  with every file (website/policy.py); a page's <meta> cannot say `frame-ancestors`.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from rulebook.files.disk import write_if_changed
from rulebook.render.calculator import PLURAL_FILE

_REDIRECT = """<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'">
<link rel="canonical" href="{target}">
<script src="{script}"></script>
<meta http-equiv="refresh" content="0; url={target}">
<title>{title}</title>
</head>
<body><p><a href="{target}">{title}</a></p></body>
</html>
"""


# Keeps the address's #anchor, which the meta refresh drops (theme/assets/javascripts/redirect.js).
REDIRECT_SCRIPT = "assets/javascripts/redirect.js"


def write_not_found_pages(site: Path, pages: dict[str, str], source_language: str) -> None:
    """Each language's 404 page in its own folder; the source language's at the root."""
    for language, page in pages.items():
        folder = site if language == source_language else site / language
        write_if_changed(folder / "404.html", page)


def write_source_language_redirects(site: Path, source_language: str, other_languages: list[str], title: str) -> None:
    """`/en/` and `/en/<page>/` lead to the root, where the source language's pages are."""
    skipped = {source_language, *other_languages, "assets", "search"}
    folders = [Path()] + [
        path.parent.relative_to(site) for path in site.glob("*/index.html") if path.parent.name not in skipped
    ]
    for folder in folders:
        depth = len(folder.parts) + 1  # /en/ itself, plus the page's folders
        target = "../" * depth + (f"{folder.as_posix()}/" if folder.parts else "")
        script = "../" * depth + REDIRECT_SCRIPT
        page = _REDIRECT.format(
            language=source_language, target=html.escape(target), script=html.escape(script), title=html.escape(title)
        )
        write_if_changed(site / source_language / folder / "index.html", page)


# A sitemap's entries as MkDocs writes them (its own template), each with its address.
SITEMAP_ENTRY = re.compile(r"[ \t]*<url>.*?</url>", re.DOTALL)
SITEMAP_LOC = re.compile(r"<loc>([^<]*)</loc>")


def copy_sitemaps(site: Path, site_url: str | None) -> None:
    """Beside every page the sitemap lists, but the root's, a sitemap of that page's entry: its
    address and its alternates. Material's switcher looks the other languages' addresses up in
    it, and finds there what the whole sitemap would tell it of that page."""
    root_sitemap = site / "sitemap.xml"
    if not root_sitemap.is_file():
        return
    text = root_sitemap.read_text(encoding="utf-8")
    entries = list(SITEMAP_ENTRY.finditer(text))
    if not entries:
        return
    header, footer = text[: entries[0].start()], text[entries[-1].end() :]
    by_address = {}
    for entry in entries:
        address = SITEMAP_LOC.search(entry.group(0))
        if address:
            by_address[html.unescape(address.group(1))] = entry.group(0)
    # Without a site_url, MkDocs lists each page by its path from the server's root.
    base = (site_url or "").rstrip("/") + "/"
    for page in site.rglob("index.html"):
        own = by_address.get(base + page.parent.relative_to(site).as_posix() + "/")
        if own and page.parent != site:  # not beside the redirects of /en/, which MkDocs did not build
            write_if_changed(page.parent / "sitemap.xml", header + own + footer)


def write_game_scripts(site: Path, scripts: dict[str, str]) -> None:
    """Each scored game's calculator script, where its pages load it from (render/calculator.py)."""
    for name, script in scripts.items():
        write_if_changed(site / name, script)


def write_feeds(site: Path, feeds: dict[str, bytes]) -> None:
    """Each game's feed of its editions, by its path in the site (render/feed.py): UTF-8 XML."""
    for name, feed in feeds.items():
        write_if_changed(site / name, feed.decode("utf-8"))


def write_plural_rules(site: Path, scripts: dict[str, str]) -> None:
    """Each language's plural rule script, where its pages load it from (PLURAL_FILE)."""
    for language, script in scripts.items():
        write_if_changed(site / PLURAL_FILE.format(language=language), script + "\n")


HEADERS_FILE = "_headers"
_HEADERS = """# The site's HTTP headers, in the format of Netlify's and Cloudflare Pages' _headers file, which
# they read from the published folder and do not serve. Written by the build: the hashes follow the theme.
/*
  Content-Security-Policy: {policy}
"""


def write_host_headers(site: Path, header_policy: str) -> None:
    """`_headers`: every file served with the site's Content-Security-Policy as a header."""
    write_if_changed(site / HEADERS_FILE, _HEADERS.format(policy=header_policy))
