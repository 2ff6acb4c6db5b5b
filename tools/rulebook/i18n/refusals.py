"""Refusals in a reader's language: a scorer's Reason through the UI catalogs, with their plural forms.

`rulebook score --lang`, the worked examples and the calculator's data all say refusals this way. English
without a language is the Reason's own string, so `rulebook score` prints what it always printed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rulebook.scoring.outcome import Reason

Speaker = Callable[[Reason | str], str]


def english(reason: Reason | str) -> str:
    return str(reason)


def speaker(root: Path, language: str | None, source_language: str) -> Speaker:
    """How refusals are said in `language`; the source language (or none) is the Reason's own English.

    >>> from rulebook.scoring.outcome import N_
    >>> speaker(Path("."), None, "en")(Reason(N_("no player is called {name}"), {"name": "'Eve'"}))
    "no player is called 'Eve'"
    """
    if language is None or language == source_language:
        return english
    # Babel only when a language is asked for: `rulebook score` in English stays fast.
    from rulebook.i18n.ui import ui_translations
    from rulebook.text.placeholders import format_value

    translations = ui_translations(root, language)

    def list_words(values: list[object]) -> str:
        return format_value(values, language)

    def say(reason: Reason | str) -> str:
        if isinstance(reason, Reason):
            return reason.say(translations.gettext, translations.ngettext, list_words)
        return reason  # a new game's template refuses in English only

    return say
