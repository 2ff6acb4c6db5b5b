"""The after step (issue 51): what a built site needs once the engine has written every page, done
on the site folder alone, so that any engine may sit between our steps. `rulebook finish SITE` runs
it on a built site; the MkDocs plugin runs the same function at the end of its build.

- Every page of the theme gets our scripts and their data where the engine ran no adapter of ours
  to write them (page_scripts.py: Zensical), and every HTML page the Content-Security-Policy
  <meta> (policy.py), whose hashes come from the theme's templates, never from the pages.
- Material's search index split per language, with our stemmers, folded words and boosts
  (render/search.py). An engine that writes an index of its own per language (Zensical's
  `search.json`, read by its own search, which has no stemmer) keeps it.
- The files beside the pages (site_files.py): sitemaps, the `/en/` redirects, plural rules, game
  scripts, feeds, `_headers`; last, the offline copy's list (precache.py), which hashes them all.

Each step writes a file only when its bytes change, and a finished site finished again is left as
it was. What needs the engine's memory stays in the plugin: MkDocs writes every language's 404
page at the root, one over the other, so the plugin keeps each and writes it into its language's
folder before this step (zensical-i18n writes them there itself).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

from rulebook.addresses.site_url import printed_address
from rulebook.model import Project
from rulebook.problems import excerpt
from rulebook.render.calculator import game_scripts, language_part
from rulebook.render.context import PageContext
from rulebook.render.feed import changes_feed, feed_path
from rulebook.render.rule_entries import current_addresses, rule_anchors, ruling_anchors
from rulebook.render.search import FOLDED_FIELD, lunr_languages, split_index
from rulebook.website.interface import interface_words, permalink_title
from rulebook.website.page_scripts import (
    TAIL_MARK,
    PageAddress,
    page_language,
    page_scripts,
    with_interface_words,
    with_page_scripts,
    with_permalink_titles,
)
from rulebook.website.policy import SitePolicy
from rulebook.website.precache import write_precache_list
from rulebook.website.site_files import (
    copy_sitemaps,
    write_feeds,
    write_game_scripts,
    write_host_headers,
    write_plural_rules,
    write_source_language_redirects,
)

SEARCH_INDEX = "search/search_index.json"  # Material's, as its search plugin writes it
ENGINE_SEARCH_INDEXES = (SEARCH_INDEX, "search.json")  # Material's; Zensical's, one per language
HOME_PAGE = "index.html"
# The theme's configuration, which every page an engine rendered from the theme carries (Material's
# and Zensical's base.html); the redirects and files of site_files.py do not.
THEME_PAGE_MARK = 'id="__config"'


class NotASite(ValueError):
    """The folder is no site an engine built: nothing is written."""


def finish_site(
    project: Project,
    site: Path,
    site_url: str | None,
    theme_dirs: Sequence[str | Path],
    *,
    page_policy: bool = True,
) -> None:
    """Finish the built site at `site`. `site_url`: the address it was built for (its sitemap's);
    `theme_dirs`: the theme's folders, in the order its loader searches them; `page_policy`: False for
    `rulebook serve`'s preview, whose policy is a header. Raises NotASite before writing anything,
    and ValueError for a service worker without the line for the offline list."""
    # Only the index is needed: a part of a split build that leaves the source language to another
    # part has no home page (website/split_build.py). The command asks for both (not_a_site).
    if not has_search_index(site):
        raise NotASite(f"{excerpt(str(site), 200)}: not a built site (no {' and no '.join(ENGINE_SEARCH_INDEXES)})")
    policy = SitePolicy.of_theme(theme_dirs)
    # The preview (`rulebook serve`) has neither: its policy is a header, and it has no offline copy.
    finish_pages(project, site, site_url, theme_dirs, policy if page_policy else None, offline=page_policy)
    if (site / SEARCH_INDEX).is_file():
        split_search_index(project, site, lunr_languages([str(folder) for folder in theme_dirs]))
    source = project.source_language
    copy_sitemaps(site, site_url)
    home = interface_words(project.root, source)["home"]
    write_source_language_redirects(site, source, project.languages[1:], home)
    write_plural_rules(site, {code: language_part(project, code).plural for code in project.languages})
    write_game_scripts(site, game_scripts(project))
    write_feeds(site, site_feeds(project, site_url))
    write_host_headers(site, policy.header)
    write_precache_list(site)


def not_a_site(site: Path) -> str | None:
    """Why `site` is no site an engine built, naming it; None when it is one."""
    missing = [] if (site / HOME_PAGE).is_file() else [HOME_PAGE]
    if not has_search_index(site):
        missing.append(" and no ".join(ENGINE_SEARCH_INDEXES))
    if missing:
        return f"{excerpt(str(site), 200)}: not a built site (no {' and no '.join(missing)})"
    return None


def has_search_index(site: Path) -> bool:
    """Whether an engine wrote the site's search index: Material's, or Zensical's per language."""
    return any((site / index).is_file() for index in ENGINE_SEARCH_INDEXES)


def site_pages(site: Path) -> list[Path]:
    """The site's own HTML files: a link, which an engine copying docs/ never makes, is not written
    through."""
    return [page for page in sorted(site.rglob("*.html")) if not page.is_symlink() and page.is_file()]


def finish_pages(
    project: Project,
    site: Path,
    site_url: str | None,
    theme_dirs: Sequence[str | Path],
    policy: SitePolicy | None,
    *,
    offline: bool,
) -> None:
    """Our scripts on each page of the theme that lacks them, then the policy's <meta> on every page
    (None: no policy), in one pass; a page is written only when it changed."""
    site_path = urlsplit(site_url or "/").path or "/"
    print_address = printed_address(site_url)
    for page in site_pages(site):
        text = page.read_text(encoding="utf-8")
        finished = text
        if THEME_PAGE_MARK in text and TAIL_MARK not in text:  # the engine ran no adapter of ours
            address = PageAddress.of_file(page.relative_to(site).as_posix(), site_path)
            scripts = page_scripts(project, theme_dirs, address, print_address=print_address, offline=offline)
            finished = with_page_scripts(finished, scripts)
            language = page_language(project, address.url)
            finished = with_interface_words(finished, interface_words(project.root, language))
            finished = with_permalink_titles(finished, permalink_title(project.root, language))
        if policy is not None:
            finished = policy.on(finished)
        if finished != text:
            page.write_text(finished, encoding="utf-8")


def apply_page_policy(site: Path, policy: SitePolicy) -> None:
    """The policy's <meta> on every HTML page of the site (SitePolicy.on: idempotent)."""
    for page in site_pages(site):
        text = page.read_text(encoding="utf-8")
        finished = policy.on(text)
        if finished != text:
            page.write_text(finished, encoding="utf-8")


def split_search_index(project: Project, site: Path, stemmed: frozenset[str]) -> None:
    """Material's one index of every language (at the root) replaced by one index per language,
    each in its language's folder. An index already split (its config declares our folded field)
    is left alone: the root's then holds the source language only, and splitting it again would
    empty the others'."""
    index = json.loads((site / SEARCH_INDEX).read_text(encoding="utf-8"))
    if FOLDED_FIELD in index.get("config", {}).get("fields", {}):
        return
    words = project.search_words.data if project.search_words is not None else None
    words = current_addresses(words, project)
    games = {f"{game.id}/": game.name for game in project.games}
    parts = split_index(index, project.languages, stemmed, words, rule_anchors(project), games, ruling_anchors(project))
    for language, part in parts.items():
        prefix = "" if language == project.source_language else language
        target = site / prefix / SEARCH_INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def site_feeds(project: Project, site_url: str | None) -> dict[str, bytes]:
    """Every game's feed in every language, by its path in the site."""
    feeds = {}
    for language in project.languages:
        context = PageContext(project, language)
        root = "" if language == project.source_language else f"{language}/"
        for game in project.games:
            feeds[f"{root}{feed_path(game)}"] = changes_feed(context, game, site_url)
    return feeds
