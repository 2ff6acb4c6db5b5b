"""Which generated pages an edit of content can change: what `rulebook serve` renders again."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rulebook.editions.history import read_history
from rulebook.i18n.state import State, unit_states
from rulebook.model import Game, Project, Status
from rulebook.render.as_of import edition_page_path
from rulebook.render.card import page_path as card_path
from rulebook.render.changes import page_path as changes_path
from rulebook.render.errata import errata_page_path
from rulebook.render.quiz import page_path as quiz_path
from rulebook.render.status import PAGE as STATUS_PAGE


def affected_pages(
    project: Project, root: Path, changed: Iterable[Path], before: Project | None = None
) -> set[str] | None:
    """The pages (paths in docs/, as render_pages names them) that the changed files can change,
    or None when that is not known and every page must be rendered again.

    Only a game's words file is placed: it shows on that game's pages and the home page (its
    summary) in its own language, or in every language when it is the source language (the
    translations fall back to it or become outdated). The status pages show no text, only each
    unit's state (translated, outdated, missing) and status: with the project `before` the edit,
    they are rendered again only when one of those changed.
    """
    games = {game.id: game for game in project.games}
    pages: set[str] = set()
    for path in changed:
        try:
            parts = path.relative_to(root).parts
        except ValueError:
            return None
        if len(parts) != 3 or parts[0] != "rules" or parts[1] not in games or not parts[2].endswith(".yaml"):
            return None
        language = parts[2].removesuffix(".yaml")
        if language not in project.languages:
            return None  # game.yaml, or a file the build does not read as words
        game = games[parts[1]]
        shown_in = project.languages if language == project.source_language else [language]
        editions = _edition_pages(project, game)
        for shown in shown_in:
            pages |= {f"{shown}/index.md", f"{shown}/{game.id}.md", f"{shown}/{card_path(game)}"}
            pages.add(f"{shown}/{changes_path(game)}")  # each edition's summary is a unit of the words file
            pages.add(f"{shown}/{quiz_path(game)}")  # rulings' and examples' texts
            pages |= {f"{shown}/{page}" for page in editions}
        if before is None or _states(before, game.id) != _states(project, game.id):
            pages |= {f"{every}/{STATUS_PAGE}" for every in project.languages}
    return pages


def _edition_pages(project: Project, game: Game) -> list[str]:
    """Each recorded edition's page (its summary is a unit of the words files; its marks compare
    the English now) and errata sheet (the change list's entry)."""
    history, _ = read_history(project.root, game.folder)
    versions = [edition.version for edition in history.editions]
    return [edition_page_path(game, v) for v in versions] + [errata_page_path(game, v) for v in versions[1:]]


def _states(project: Project, game_id: str) -> list[list[tuple[str, State, Status | None]]]:
    """What the status pages show of a game: each translation's units, their states and statuses."""
    game = next((game for game in project.games if game.id == game_id), None)
    if game is None:
        return []
    return [
        [(state.unit_id, state.state, state.translation.status if state.translation else None) for state in states]
        for states in (unit_states(project, game, language) for language in project.languages[1:])
    ]
