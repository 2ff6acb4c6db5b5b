"""An edition's errata sheet, `<game>/errata-<version>/` in every language: what that edition
changed, exactly as the change list says it, on a page of its own made to print on one sheet
(`make print` prints the latest edition's). Every edition after the first has one, so that a link
to an older sheet keeps working once a later edition is recorded.

It sits beside the change list (`<game>/`), so that the entry's links into the game page and the
change list, written for that folder, lead to the same places from here."""

from __future__ import annotations

from rulebook.editions.timeline import Timeline, anchor
from rulebook.markup.escaping import front_matter, literal
from rulebook.model import Game
from rulebook.render.as_of import edition_page_path
from rulebook.render.changes import changes_page
from rulebook.render.changes import page_path as changes_path
from rulebook.render.context import PageContext


def errata_page_path(game: Game | str, version: str) -> str:
    """
    >>> errata_page_path("chess", "1.1")
    'chess/errata-1.1.md'
    """
    game_id = game if isinstance(game, str) else game.id
    return f"{game_id}/errata-{version}.md"


def errata_versions(found: Timeline) -> list[str]:
    """The editions that have a sheet: each but the first, which changed nothing it could list."""
    return [edition.version for edition in found.editions[1:]]


_PAGES_LINE = '<p class="rb-edition" markdown>'


def errata_page(context: PageContext, game: Game, version: str) -> str:
    _ = context._
    # TRANSLATORS: the title of a game's printable sheet of what one edition changed.
    title = _("{game}: errata of edition {version}").format(game=game.name, version=version)
    here = f"{game.id}/"
    # TRANSLATORS: on an errata sheet, the link to the page of the edition with its rules as recorded.
    recorded = _("Edition {version} as recorded").format(version=version)
    links = f"[{recorded}]({edition_page_path(game, version).removeprefix(here)})"
    links += f" · [{_('Changes')}]({changes_path(game).removeprefix(here)})"
    lines = [
        # Not searched: it quotes the change list, which is.
        *front_matter(title, hide=("navigation", "toc"), searched=False),
        f"# {literal(title)}",
        "",
        f'<p class="rb-edition" markdown>{links}</p>',
        "",
        '<div class="rb-errata" markdown>',
        "",
        # The entry without its own links to this sheet and the recorded page: the sheet gives them above.
        *(line for line in edition_entry(changes_page(context, game), version) if not line.startswith(_PAGES_LINE)),
        "</div>",
        "",
    ]
    return "\n".join(lines) + "\n"


def edition_entry(change_list: str, version: str) -> list[str]:
    """The lines of one edition's entry in the change list's Markdown: from its heading, the one
    anchored at the edition (timeline.anchor), to the next heading of that level."""
    lines = change_list.split("\n")
    # The heading's attributes: its anchor first, then the mark that keeps it out of search.
    opening = f"{{ #{anchor(version)} "
    start = next((i for i, line in enumerate(lines) if line.startswith("## ") and opening in line), None)
    if start is None:
        return []
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return [*lines[start:end], ""]
