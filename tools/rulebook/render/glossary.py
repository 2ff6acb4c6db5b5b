"""The glossary page: a game's symbols grouped by theme, a filter and a jump bar that stay in view,
a reverse sound index, and rows of symbols drawn as tiles.

Every symbol has its own heading, so it has an anchor (`glossary/#eye`) and its own entry in the
site search. The heading comes first in each card, so an anchor lands on the whole card: the picture
sits beside the name, never above the heading. Printed, the page becomes a cheat sheet of pictures,
names and readings (the glossary stylesheet's print rules).
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.files.scorers import glossary_price
from rulebook.markup.escaping import attribute, front_matter, literal, plain_text
from rulebook.markup.icons import inline_svg
from rulebook.model import Glossary, Symbol
from rulebook.render.context import PageContext
from rulebook.render.sounds import sound_index
from rulebook.text.folding import fold

PAGE = "glossary.md"
SOUNDS_ANCHOR = "sounds"  # the sound index's heading; validate/glossary.py keeps symbols and groups off it


def tile_strip(
    context: PageContext,
    glossary: Glossary,
    tiles: Sequence[str],
    reads: str,
    *,
    page: str = PAGE,
    counter_example: bool = False,
) -> str:
    """A row of symbols drawn as tiles: pictures linking to their entry, letters as letters, then its reading.

    A counter-example (what a rule forbids) is struck through and labelled in words, not by colour alone.
    """
    parts = []
    for tile in tiles:
        symbol = glossary.symbol(tile)
        if symbol is None:
            parts.append(f'<span class="rb-tile rb-tile--letter">{attribute(tile)}</span>')
        else:
            name = context.plain(glossary, symbol.unit("name"))
            target = f"{page}#{symbol.id}" if page else f"#{symbol.id}"
            # The picture is hidden from screen readers; the link is named by its text, not a tooltip.
            svg = inline_svg(symbol.icon, context.project.root)
            picture = f'<span class="rb-tile">{svg}<span class="rb-sr">{literal(name)}</span></span>'
            parts.append(f'[{picture}]({target} "{attribute(name)}")')
    reading = context.quoted(literal(reads), context.project.source_language)
    if not counter_example:
        return f'<span class="rb-tiles">{" ".join(parts)}</span> {reading}'
    label = literal(context.plain(glossary, "page.not-allowed"))
    return (
        f'<span class="rb-not-allowed">{label}</span> '
        f'<span class="rb-tiles rb-tiles--not-allowed">{" ".join(parts)}</span> '
        f'<span class="rb-reading--not-allowed">{reading}</span>'
    )


def ordered_groups(context: PageContext, glossary: Glossary) -> list[tuple[str, list[Symbol]]]:
    """Each theme in the data's order, its symbols alphabetical by name in the page's language."""

    def key(symbol: Symbol) -> str:
        return fold(context.plain(glossary, symbol.unit("name"))).casefold()

    return [(group, sorted((s for s in glossary.symbols if s.group == group), key=key)) for group in glossary.groups]


def glossary_page(context: PageContext, glossary: Glossary) -> str:
    title = context.plain(glossary, "page.title")
    groups = ordered_groups(context, glossary)
    lines = [
        *front_matter(title, plain_text(context.plain(glossary, "page.intro")), hide=("toc",)),
        f"# {context.text(glossary, 'page.title')}",
        "",
        context.text(glossary, "page.intro"),
        "",
        f'<p class="rb-print-hint">{literal(context.plain(glossary, "page.print"))}</p>',
        "",
        *_bar(context, glossary, [group for group, _ in groups]),
        "",
    ]
    for group, symbols in groups:
        lines += [f"## {context.text(glossary, glossary.group_unit(group))} {{ #{group} }}", ""]
        lines += ['<div class="rb-glossary" markdown>', ""]
        for symbol in symbols:
            lines += _card(context, glossary, symbol)
        lines += ["</div>", ""]
    lines += _sounds(context, glossary)
    return "\n".join(lines)


def _bar(context: PageContext, glossary: Glossary, groups: list[str]) -> list[str]:
    """The filter box, its count and empty state, and the jump bar: one block that stays in view."""
    label = context.plain(glossary, "page.filter")
    none = context._("No symbol matches.")
    themes = context.plain(glossary, "page.themes")
    links = [
        f'<a href="#{group}">{literal(context.plain(glossary, glossary.group_unit(group)))}</a>' for group in groups
    ]
    links.append(f'<a href="#{SOUNDS_ANCHOR}">{literal(context.plain(glossary, "page.sounds"))}</a>')
    return [
        '<div class="rb-glossary-bar" data-search-exclude>',
        '<div class="rb-filter">',
        f'<input type="search" id="rb-filter" placeholder="{attribute(label)}" aria-label="{attribute(label)}"'
        ' autocomplete="off" spellcheck="false">',
        f'<output id="rb-filter-count" for="rb-filter" aria-live="polite">{len(glossary.symbols)}</output>',
        "</div>",
        f'<nav class="rb-jump" aria-label="{attribute(themes)}">{" ".join(links)}</nav>',
        "</div>",
        f'<p id="rb-filter-none" class="rb-filter-none" hidden>{attribute(none)}</p>',
    ]


def _card(context: PageContext, glossary: Glossary, symbol: Symbol) -> list[str]:
    name = context.plain(glossary, symbol.unit("name"))
    description = context.plain(glossary, symbol.unit("description"))
    searchable = " ".join([name, *symbol.readings, description])
    # Inside raw HTML, where Markdown's backslash escapes would show: character references instead.
    readings = " · ".join(attribute(reading) for reading in symbol.readings)
    lines = [
        f'<div class="rb-symbol" data-filter="{attribute(filter_words(searchable))}" markdown>',
        "",
        f"### {context.text(glossary, symbol.unit('name'))} {{ #{symbol.id} }}",
        "",
        f'<div class="rb-symbol__picture">{inline_svg(symbol.icon, context.project.root)}</div>',
        "",
        f'<p class="rb-symbol__readings" lang="en">{readings}</p>',
        "",
        f'<p class="rb-symbol__description" markdown>{context.text(glossary, symbol.unit("description"))}</p>',
        "",
    ]
    explained = context.optional_text(glossary, symbol.unit("readings"))
    if explained:
        lines += [f'<p class="rb-symbol__explained" markdown>{explained}</p>', ""]
    lines += [f'<p class="rb-symbol__example" markdown>{_example(context, glossary, symbol)}</p>', "", "</div>", ""]
    return lines


def filter_words(text: str) -> str:
    """What the filter matches a query against: words folded to lower case without accents, one
    space between words, split at anything that is not a letter or a digit, apostrophes included,
    as search splits them ("d’échecs" is "d echecs"). glossary.js folds and splits queries the same
    way (words.js).

    >>> filter_words("Œil, « o’clock », Králík and o'clock, d’échecs")
    'oeil o clock kralik and o clock d echecs'
    """
    folded = fold(text).casefold()
    return " ".join("".join(char if char.isalnum() else " " for char in folded).split())


def _example(context: PageContext, glossary: Glossary, symbol: Symbol) -> str:
    count = len(symbol.tiles)
    price = glossary_price(context.project.root, glossary.game_id)
    tiles = context.ngettext("{n} tile", "{n} tiles", count).format(n=count)
    if price is not None:  # a game that prices none shows the tiles alone
        score = price(glossary.facts, count)
        tiles += " · " + context.ngettext("{n} point", "{n} points", score).format(n=score)
    strip = tile_strip(context, glossary, symbol.tiles, symbol.reads, page="")
    meaning = context.optional_text(glossary, symbol.unit("example"))
    gloss = f' <span class="rb-symbol__meaning">({meaning})</span>' if meaning else ""
    return f'{strip}{gloss} <span class="rb-symbol__price">{tiles}</span>'


def _sounds(context: PageContext, glossary: Glossary) -> list[str]:
    """The reverse index: each English sound, and the cards whose picture can say it."""
    lines = [
        f"## {context.text(glossary, 'page.sounds')} {{ #{SOUNDS_ANCHOR} }}",
        "",
        context.text(glossary, "page.sounds-intro"),
        "",
        '<div class="rb-sounds" markdown>',
        "",
    ]
    for sound, symbols in sound_index(glossary):
        links = ", ".join(f"[{literal(context.plain(glossary, s.unit('name')))}](#{s.id})" for s in symbols)
        words = filter_words(" ".join([sound, *(context.plain(glossary, s.unit("name")) for s in symbols)]))
        entry = f"{context.quoted(literal(sound), context.project.source_language)} → {links}"
        lines.append(f'- <span class="rb-sound" data-filter="{attribute(words)}">{entry}</span>')
    lines += ["", "</div>", ""]
    return lines
