"""The glossary page: a filterable grid of the REBUS symbols, and rebuses drawn as tiles.

Every symbol has its own heading, so it has an anchor (`glossary/#eye`) and its own entry in the
site search; the filter box narrows the grid by name (in the page's language) or English reading.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.icons import inline_svg
from rulebook.model import Glossary, Symbol
from rulebook.render.context import PageContext
from rulebook.render.markup import attribute, front_matter, literal, plain_text
from rulebook.render.search import fold
from rulebook.scoring.rebus import score_without_squares

PAGE = "glossary.md"


def tile_strip(context: PageContext, glossary: Glossary, tiles: Sequence[str], reads: str, *, page: str = PAGE) -> str:
    """A rebus as a row of tiles: pictures linking to their entry, letters as letters, then its reading."""
    parts = []
    for tile in tiles:
        symbol = glossary.symbol(tile)
        if symbol is None:
            parts.append(f'<span class="rb-tile rb-tile--letter">{attribute(tile)}</span>')
        else:
            name = context.plain(glossary, symbol.unit("name"))
            target = f"{page}#{symbol.id}" if page else f"#{symbol.id}"
            parts.append(f'[<span class="rb-tile">{inline_svg(symbol.icon)}</span>]({target} "{attribute(name)}")')
    reading = f'<q lang="en">{literal(reads)}</q>'
    return f'<span class="rb-tiles">{" ".join(parts)}</span> {reading}'


def glossary_page(context: PageContext, glossary: Glossary) -> str:
    _ = context._
    title = context.plain(glossary, "page.title")
    label = _("Filter by name or reading")
    none = _("No symbol matches.")
    lines = [
        *front_matter(title, plain_text(context.plain(glossary, "page.intro")), hide=("toc",)),
        f"# {context.text(glossary, 'page.title')}",
        "",
        context.text(glossary, "page.intro"),
        "",
        '<div class="rb-filter" data-search-exclude>',
        f'<input type="search" id="rb-filter" placeholder="{attribute(label)}" aria-label="{attribute(label)}"'
        ' autocomplete="off" spellcheck="false">',
        f'<output id="rb-filter-count" for="rb-filter" aria-live="polite">{len(glossary.symbols)}</output>',
        f'<p id="rb-filter-none" hidden>{attribute(none)}</p>',
        "</div>",
        "",
        '<div class="rb-glossary" markdown>',
        "",
    ]
    for symbol in glossary.symbols:
        lines += _card(context, glossary, symbol)
    lines += ["</div>", ""]
    return "\n".join(lines)


def _card(context: PageContext, glossary: Glossary, symbol: Symbol) -> list[str]:
    name = context.text(glossary, symbol.unit("name"))
    searchable = fold(" ".join([context.plain(glossary, symbol.unit("name")), *symbol.readings])).lower()
    readings = " · ".join(literal(reading) for reading in symbol.readings)
    lines = [
        f'<div class="rb-symbol" data-filter="{attribute(searchable)}" markdown>',
        f'<span class="rb-symbol__picture">{inline_svg(symbol.icon)}</span>',
        "",
        f"### {name} {{ #{symbol.id} }}",
        "",
        f'<p class="rb-symbol__readings" lang="en">{readings}</p>',
        "",
        context.text(glossary, symbol.unit("description")),
        "",
    ]
    explained = context.optional_text(glossary, symbol.unit("readings"))
    if explained:
        lines += [explained, ""]
    lines += [f'<p class="rb-symbol__example" markdown>{_example(context, glossary, symbol)}</p>', "", "</div>", ""]
    return lines


def _example(context: PageContext, glossary: Glossary, symbol: Symbol) -> str:
    count = len(symbol.tiles)
    score = score_without_squares(glossary.facts, count)
    tiles = context.ngettext("{n} tile", "{n} tiles", count).format(n=count)
    points = context.ngettext("{n} point", "{n} points", score).format(n=score)
    strip = tile_strip(context, glossary, symbol.tiles, symbol.reads, page="")
    return f'{strip} <span class="rb-symbol__price">{tiles} · {points}</span>'
