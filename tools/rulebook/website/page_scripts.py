"""Our scripts on a page, and the data they read (issue 51): the interface words, the folding and
stemmer of the glossary filter, a game page's calculator, a change list's feed, the offline copy.

One function writes them for every engine. The MkDocs adapter hands them to the theme's templates
(`rulebook_head`, `rulebook_tail` in theme/main.html), so that `rulebook serve`'s refresh of one page
has them. An engine that runs no adapter of ours (Zensical) renders the same templates without
them, and the after step (finish.py) writes them into each page that lacks them, from the page's
path alone. Every script is a file of the site and every datum a <script type="application/json">,
so the Content-Security-Policy hashes nothing here.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulebook.model import Game, Project
from rulebook.render.calculator import GAME_FILE, PLURAL_FILE, calculator_data
from rulebook.render.changes import page_path as changes_path
from rulebook.render.context import PageContext
from rulebook.render.feed import feed_path
from rulebook.text.folding import folding, folding_json
from rulebook.website.interface import interface_words
from rulebook.website.theme_folders import THEME_DIR

# What the after step looks for: a page with it has our scripts already (the adapter's templates).
TAIL_MARK = '<div id="rb-interface" hidden'
FEED_MARK = 'type="application/atom+xml"'
# Our scripts, in the order they run: each after Material's bundle, the filter's after its words.
_SCRIPTS_BEFORE_WORDS = ("assets/javascripts/rulebook.js", "assets/javascripts/search-results.js")
_SCRIPTS_AFTER_WORDS = (
    "assets/javascripts/glossary.js",
    "assets/javascripts/copy.js",
    "assets/javascripts/print.js",
    "assets/javascripts/quiz.js",
)
_STEMMER = "assets/javascripts/lunr/min/lunr.{language}.min.js"
_SNOWBALL_SUPPORT = "assets/javascripts/lunr/min/lunr.stemmer.support.min.js"
# A stand-in for lunr before a Snowball file, and what registers its stemmer after it (words.js).
_SNOWBALL_PAGE, _SNOWBALL_REGISTER = "assets/javascripts/snowball-page.js", "assets/javascripts/snowball-register.js"


@dataclass(frozen=True)
class PageScripts:
    """What a page needs of ours: `head` goes before </head>, `tail` before </body>."""

    head: str
    tail: str


@dataclass(frozen=True)
class PageAddress:
    """A page as the site serves it: `url` from the site's root ("fr/alpha/", "" for the home page),
    and `root` the prefix that reaches the root from it ("../../", or the site's path on a 404 page,
    which is served at any address)."""

    url: str
    root: str

    @classmethod
    def of_file(cls, relative: str, site_path: str) -> PageAddress:
        """The address of the site's file at `relative` ("fr/alpha/index.html"), built with directory
        URLs, as every engine we run builds it.

        >>> PageAddress.of_file("fr/alpha/index.html", "/"), PageAddress.of_file("index.html", "/")
        (PageAddress(url='fr/alpha/', root='../../'), PageAddress(url='', root=''))
        >>> PageAddress.of_file("fr/404.html", "/games/")
        PageAddress(url='fr/404.html', root='/games/')
        """
        if relative.rsplit("/", 1)[-1] == "404.html":
            return cls(relative, site_path)
        url = relative.removesuffix("index.html")
        return cls(url, "../" * url.count("/"))

    def link(self, path: str) -> str:
        """The link from this page to the site's file at `path`, as MkDocs' `url` filter writes it:
        the shortest relative one, or from the site's path on a 404 page.

        >>> PageAddress("alpha/changes/", "../../").link("alpha/changes.xml")
        '../changes.xml'
        >>> PageAddress("", "").link("assets/a.js"), PageAddress("404.html", "/games/").link("assets/a.js")
        ('assets/a.js', '/games/assets/a.js')
        """
        if self.root.startswith("/"):
            return self.root + path
        return posixpath.relpath(path, self.url.rstrip("/") or ".")


def page_language(project: Project, url: str) -> str:
    """The language a page at `url` is in: its first folder's, or the source language's."""
    first = url.split("/", 1)[0]
    return first if first in project.languages[1:] else project.source_language


def page_scripts(
    project: Project,
    theme_dirs: Sequence[str | Path],
    address: PageAddress,
    *,
    print_address: str,
    offline: bool,
) -> PageScripts:
    """Our scripts and data for the page at `address`. `print_address`: the site's address as paper
    prints it (print.js), empty for none; `offline`: whether the page registers the offline copy
    (never in `rulebook serve`'s preview, where an author must see each edit at once)."""
    language = page_language(project, address.url)

    def src(path: str, attributes: str = "") -> str:
        return f'<script src="{html.escape(address.link(path))}"{attributes}></script>'

    words = interface_words(project.root, language)
    lines = [
        # Words our scripts need in the page's language, and the address paper prints (print.js).
        f'{TAIL_MARK} data-table-scrolls="{html.escape(words["table_scrolls"])}" '
        f'data-print-address="{html.escape(print_address)}"></div>',
        *(src(path) for path in _SCRIPTS_BEFORE_WORDS),
    ]
    search_words = project.search_words.data if project.search_words is not None else None
    lines.append(
        f'<script type="application/json" id="rb-words">{folding_json(folding(search_words, language))}</script>'
    )
    lines.append(src("assets/javascripts/words.js"))
    stemmer = page_stemmer(language, tuple(map(str, theme_dirs)))
    for n, path in enumerate(stemmer, 1):
        lines.append(src(path, f' data-language="{html.escape(language)}"' if n == len(stemmer) else ""))
    lines.extend(src(path) for path in _SCRIPTS_AFTER_WORDS)
    game = _calculator_game(project, address.url, language)
    if game is not None:
        # The catalog's plural rule is a file of its language: an inline script that differs by page
        # or language is one the Content-Security-Policy refuses.
        data = calculator_data(project, language, game)
        lines.append(f'<script type="application/json" id="rb-calculator-data">{data}</script>')
        lines.append(src(PLURAL_FILE.format(language=language)))
        lines.append(src("assets/javascripts/calculator.js"))
        lines.append(src(GAME_FILE.format(game=game.scoring)))  # its form and scorer, which calculator.js registers
    if offline:
        lines.append(src("assets/javascripts/offline.js"))
    return PageScripts(_feed_link(project, address, language), "\n".join(lines))


def _calculator_game(project: Project, url: str, language: str) -> Game | None:
    """The scored game whose rules page is at `url`, if it is one."""
    own = url.removeprefix("" if language == project.source_language else f"{language}/")
    return next((game for game in project.games if game.scored and own == f"{game.id}/"), None)


def _feed_link(project: Project, address: PageAddress, language: str) -> str:
    """A change list's Atom feed of the game's editions (render/feed.py), which its head names."""
    prefix = "" if language == project.source_language else f"{language}/"
    for game in project.games:
        if address.url == f"{prefix}{changes_path(game).removesuffix('.md')}/":
            title = html.unescape(PageContext(project, language)._("Changes to {game}")).replace("{game}", game.name)
            href = html.escape(address.link(prefix + feed_path(game)))
            return f'<link rel="alternate" {FEED_MARK} href="{href}" title="{html.escape(title)}">'
    return ""


@cache
def _is_snowball(path: Path) -> bool:
    return path.is_file() and "SnowballProgram" in path.read_text(encoding="utf-8", errors="replace")


@cache
def page_stemmer(language: str, theme_dirs: tuple[str, ...]) -> tuple[str, ...]:
    """The scripts that give the glossary filter the stemmer search uses for `language`, from the
    first theme folder that has its lunr language file (ours first): our own, which runs without
    lunr (Czech), or a Snowball one (French, ours too; Material's others) with a stand-in for lunr.
    None where no folder has one (English, whose stemmer lives in lunr itself; a language whose
    file only Material has, on an engine without Material): the filter then matches the start of
    words only."""
    wanted = _STEMMER.format(language=language)
    for folder in (THEME_DIR, *map(Path, theme_dirs)):
        if not (folder / wanted).is_file():
            continue
        if not _is_snowball(folder / wanted):
            return (wanted,) if folder == THEME_DIR else ()
        if (folder / _SNOWBALL_SUPPORT).is_file():
            return (_SNOWBALL_PAGE, _SNOWBALL_SUPPORT, wanted, _SNOWBALL_REGISTER)
    return ()


def with_page_scripts(page: str, scripts: PageScripts) -> str:
    """The page with `scripts`, unless it has them (the adapter's templates wrote them): idempotent,
    as the after step must be. A page without </body> (a redirect) is left as it is.

    >>> scripts = PageScripts('<link h>', f'{TAIL_MARK}></div>')
    >>> page = with_page_scripts("<head></head><body><p>x</p></body>", scripts)
    >>> page
    '<head><link h></head><body><p>x</p><div id="rb-interface" hidden></div></body>'
    >>> with_page_scripts(page, scripts) == page, with_page_scripts("<head></head>", scripts)
    (True, '<head></head>')
    """
    body_end = page.rfind("</body>")
    if body_end < 0 or TAIL_MARK in page:
        return page
    page = page[:body_end] + scripts.tail + page[body_end:]
    head_end = page.find("</head>")
    if scripts.head and head_end >= 0 and FEED_MARK not in page[:head_end]:
        page = page[:head_end] + scripts.head + page[head_end:]
    return page


# An element of our templates whose text is an interface word, and the word's key (theme/404.html).
_WORD = re.compile(r'(<(?:h1|p|a|span) data-rb-word="(?P<key>[a-z_]+(?:\.[0-9])?)"[^>]*>)[^<]*(?=<)')


def with_interface_words(page: str, words: Mapping[str, str]) -> str:
    """The page with the text of each element of our templates that names an interface word set to
    that word in the page's language: the 404 page's, which an engine without our adapter renders
    in English. Idempotent; escaped as Jinja escapes, so a page the adapter rendered is unchanged.

    >>> with_interface_words('<h1 data-rb-word="home">Home</h1><p data-rb-word="x">y</p>', {"home": "Accueil & <>"})
    '<h1 data-rb-word="home">Accueil &amp; &lt;&gt;</h1><p data-rb-word="x">y</p>'
    >>> with_interface_words('<span data-rb-word="made.0">Made with </span><a>T</a><span data-rb-word="made.1"></span>',
    ...                      {"made": "{tool} a servi"})
    '<span data-rb-word="made.0"></span><a>T</a><span data-rb-word="made.1"> a servi</span>'
    """

    parts = dict(words)
    for key, text in words.items():  # a word around a link ("Made with {tool}"): its text on either side
        if "{tool}" in text:
            before, _, after = text.partition("{tool}")
            parts[f"{key}.0"], parts[f"{key}.1"] = before, after

    def word(match: re.Match[str]) -> str:
        key = match["key"]
        return match[1] + jinja_escaped(parts[key]) if key in parts else match[0]

    return _WORD.sub(word, page)


# A heading's anchor as Python-Markdown's toc writes it, with its tooltip.
_PERMALINK = re.compile(r'(<a class="headerlink" href="#[^"<>]*" title=")[^"<>]*(")')


def with_permalink_titles(page: str, title: str) -> str:
    """The page with every heading anchor's tooltip set to `title`, escaped as ElementTree escapes an
    attribute: an engine without our adapter writes toc's English default on every language's page.

    >>> with_permalink_titles('<a class="headerlink" href="#a" title="Permanent link">¶</a>', "Lien & sûr")
    '<a class="headerlink" href="#a" title="Lien &amp; sûr">¶</a>'
    """
    escaped = html.escape(title, quote=True).replace("&#x27;", "'")
    return _PERMALINK.sub(lambda match: match[1] + escaped + match[2], page)


def jinja_escaped(text: str) -> str:
    """`text` escaped to the bytes Jinja's `| e` gives (MarkupSafe's entities for quotes).

    >>> jinja_escaped('''"a" & 'b' <c>''')
    '&#34;a&#34; &amp; &#39;b&#39; &lt;c&gt;'
    """
    return html.escape(text).replace("&quot;", "&#34;").replace("&#x27;", "&#39;")
