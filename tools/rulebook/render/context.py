"""What every page writer needs: the page's language, its UI strings, and units with their fallback."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulebook import placeholders
from rulebook.i18n.catalog import ui_translations
from rulebook.model import Game, Glossary, Project, Unit
from rulebook.render.markup import safe_markdown


@dataclass(frozen=True)
class Shown:
    """A unit as a page shows it: in the page's language, or in English when it is missing."""

    unit: Unit
    language: str
    missing: bool


class PageContext:
    """One language's view of the project: its UI strings, and each unit as that language shows it."""

    def __init__(self, project: Project, language: str):
        self.project = project
        self.language = language
        translations = ui_translations(project.root, language)
        self._: Callable[[str], str] = translations.gettext
        self.ngettext: Callable[[str, str, int], str] = translations.ngettext

    def shown(self, game: Game | Glossary, unit_id: str) -> Shown:
        words = game.words.get(self.language)
        if words is not None and unit_id in words.units:
            return Shown(words.units[unit_id], self.language, missing=False)
        source = self.project.source_language
        return Shown(game.words[source].units[unit_id], source, missing=True)

    def text(self, game: Game | Glossary, unit_id: str) -> str:
        shown = self.shown(game, unit_id)
        return safe_markdown(placeholders.fill(shown.unit.text, game.facts, shown.language))

    def optional_text(self, game: Game | Glossary, unit_id: str) -> str | None:
        """A unit that only some languages have (the glossary's readings explained): None elsewhere."""
        words = game.words.get(self.language)
        unit = words.units.get(unit_id) if words else None
        return safe_markdown(placeholders.fill(unit.text, game.facts, self.language)) if unit else None
