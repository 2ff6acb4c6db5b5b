"""What every page writer needs: the page's language, its UI strings, and units with their fallback."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from babel import Locale

from rulebook.editions.timeline import Timeline, timeline
from rulebook.i18n.fact_basis import outdated_reasons
from rulebook.i18n.ui import ui_translations
from rulebook.markup.escaping import interface_text, safe_markdown
from rulebook.model import Game, Glossary, Project, Typography, Unit
from rulebook.render.ties import tie_words
from rulebook.text import placeholders


@dataclass(frozen=True)
class Shown:
    """A unit as a page shows it: in the page's language, or in English when it is missing."""

    unit: Unit
    language: str
    missing: bool
    outdated: bool = False  # a translation made from English that has changed since


def language_name(code: str, in_language: str) -> str:
    """A language's name as another language writes it.

    >>> language_name("cs", "fr"), language_name("cs", "en")
    ('tchèque', 'Czech')
    """
    return Locale.parse(code).get_display_name(in_language) or code


class PageContext:
    """One language's view of the project: its UI strings, and each unit as that language shows it."""

    def __init__(self, project: Project, language: str):
        self.project = project
        self.language = language
        translations = ui_translations(project.root, language)
        # Escaped as they come out, whatever the catalog holds: every page writer gets plain text.
        self._: Callable[[str], str] = lambda message: interface_text(translations.gettext(message), message)
        self.ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: interface_text(
            translations.ngettext(singular, plural, n), (singular, plural)
        )
        self._translatable: dict[int, dict[str, str]] = {}  # text set → unit id → current English
        self._timelines: dict[str, Timeline] = {}

    def timeline(self, game: Game) -> Timeline:
        """The game's editions and their changes, read once for this language's pages."""
        if game.id not in self._timelines:
            self._timelines[game.id] = timeline(self.project, game)
        return self._timelines[game.id]

    def quoted(self, markdown_text: str, language: str) -> str:
        """Text in another language, between this page's quotation marks (rules/project.yaml
        `typography`), with the no-break spaces inside guillemets that the typography asks for."""
        typography = self.project.typography.get(self.language, Typography())
        start, end = typography.page_quotes
        if typography.no_break_space_inside_guillemets and start == "«":
            start, end = start + "\u00a0", "\u00a0" + end
        return f'{start}<span lang="{language}">{markdown_text}</span>{end}'

    def language_name(self, code: str) -> str:
        """A language's name as this page's language writes it ("tchèque" on a French page)."""
        return language_name(code, self.language)

    def shown(self, game: Game | Glossary, unit_id: str) -> Shown:
        words = game.words.get(self.language)
        if words is not None and unit_id in words.units:
            unit = words.units[unit_id]
            return Shown(unit, self.language, missing=False, outdated=self._outdated(game, unit))
        source = self.project.source_language
        return Shown(game.words[source].units[unit_id], source, missing=True)

    def _outdated(self, game: Game | Glossary, unit: Unit) -> bool:
        if self.language == self.project.source_language:
            return False
        if id(game) not in self._translatable:
            english = game.words[self.project.source_language]
            self._translatable[id(game)] = game.translatable(english)
        english_text = self._translatable[id(game)].get(unit.id)
        return english_text is None or bool(outdated_reasons(unit, english_text, game.facts))

    def english_text(self, game: Game | Glossary, unit_id: str) -> str:
        """The current English of a unit, as the English page shows it."""
        unit = game.words[self.project.source_language].units[unit_id]
        return safe_markdown(placeholders.fill(unit.text, game.facts, self.project.source_language))

    def plain(self, game: Game | Glossary, unit_id: str) -> str:
        """The unit's text with its placeholders filled, not yet made safe for Markdown."""
        shown = self.shown(game, unit_id)
        return placeholders.fill(shown.unit.text, game.facts, shown.language)

    def text(self, game: Game | Glossary, unit_id: str) -> str:
        """The unit as Markdown for the page, typeset for the language it is shown in."""
        return safe_markdown(self._typeset(self.plain(game, unit_id), self.shown(game, unit_id).language))

    def optional_text(self, game: Game | Glossary, unit_id: str) -> str | None:
        """A unit that only some languages have (the glossary's readings explained): None elsewhere."""
        words = game.words.get(self.language)
        unit = words.units.get(unit_id) if words else None
        if unit is None:
            return None
        return safe_markdown(self._typeset(placeholders.fill(unit.text, game.facts, self.language), self.language))

    def _typeset(self, text: str, language: str) -> str:
        """What the language's typography does at render time: one-letter words tied to the next."""
        return tie_words(text, self.project.typography.get(language, Typography()).tie_to_next_word)
