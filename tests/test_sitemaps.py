"""The sitemap beside each page (site_files.copy_sitemaps): that page's entry, not the whole site's.
The whole sitemap beside every page grew with the square of the pages: 19 GB at 200×10."""

from __future__ import annotations

from pathlib import Path

from rulebook.website.site_files import copy_sitemaps

HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
FOOTER = "\n</urlset>\n"


def entry(address: str, *alternates: str) -> str:
    links = "".join(f'\n        <xhtml:link rel="alternate" hreflang="x" href="{link}"/>' for link in alternates)
    return f"    <url>\n        <loc>{address}</loc>{links}\n    </url>"


def site_with(tmp_path: Path, folders: list[str], entries: list[str]) -> Path:
    site = tmp_path / "site"
    for folder in ["", *folders]:
        (site / folder).mkdir(parents=True, exist_ok=True)
        (site / folder / "index.html").write_text("<p>page</p>", encoding="utf-8")
    (site / "sitemap.xml").write_text(HEADER + "\n".join(entries) + FOOTER, encoding="utf-8")
    return site


def test_each_page_gets_its_own_entry_with_its_alternates(tmp_path: Path) -> None:
    home = entry("https://example.org/rules/", "https://example.org/rules/fr/")
    game = entry("https://example.org/rules/alpha/", "https://example.org/rules/fr/alpha/")
    french_game = entry("https://example.org/rules/fr/alpha/", "https://example.org/rules/alpha/")
    site = site_with(tmp_path, ["alpha", "fr/alpha"], [home, game, french_game])
    copy_sitemaps(site, "https://example.org/rules")
    assert (site / "alpha" / "sitemap.xml").read_text(encoding="utf-8") == HEADER + game + FOOTER
    assert (site / "fr" / "alpha" / "sitemap.xml").read_text(encoding="utf-8") == HEADER + french_game + FOOTER
    assert (site / "sitemap.xml").read_text(encoding="utf-8") == HEADER + "\n".join([home, game, french_game]) + FOOTER


def test_only_the_pages_the_sitemap_lists_get_one(tmp_path: Path) -> None:
    # /en/ and its pages are redirects written after the build: no Material script asks there.
    site = site_with(tmp_path, ["fr", "en", "en/alpha"], [entry("http://127.0.0.1:8000/fr/")])
    copy_sitemaps(site, "http://127.0.0.1:8000/")
    assert (site / "fr" / "sitemap.xml").read_text(encoding="utf-8") == HEADER + entry(
        "http://127.0.0.1:8000/fr/"
    ) + FOOTER
    assert not (site / "en" / "sitemap.xml").exists() and not (site / "en" / "alpha" / "sitemap.xml").exists()


def test_without_a_site_url_pages_are_listed_by_their_path(tmp_path: Path) -> None:
    site = site_with(tmp_path, ["alpha"], [entry("/"), entry("/alpha/")])
    copy_sitemaps(site, None)
    assert (site / "alpha" / "sitemap.xml").read_text(encoding="utf-8") == HEADER + entry("/alpha/") + FOOTER


def test_the_copies_grow_with_the_pages_not_with_their_square(tmp_path: Path) -> None:
    folders = [f"game-{number}" for number in range(300)]
    entries = [entry(f"http://h/{folder}/") for folder in folders]
    site = site_with(tmp_path, folders, entries)
    copy_sitemaps(site, "http://h/")
    # Each copy is one entry, whatever the number of pages (the whole sitemap was 300 entries each).
    one_entry = len((HEADER + entries[-1] + FOOTER).encode("utf-8"))
    assert all((site / folder / "sitemap.xml").stat().st_size <= one_entry for folder in folders)
