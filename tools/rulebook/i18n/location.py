"""Where a unit's English is: the `#:` reference of its PO entry."""

from __future__ import annotations

from rulebook.model import Game, Glossary, Words


def unit_location(text_set: Game | Glossary, english: Words, unit_id: str) -> tuple[str, int]:
    """Where the English of a unit is: its line in en.yaml, or for glossary readings and example
    readings in symbols.yaml."""
    if unit_id in english.units:
        return english.document.file, english.document.where(("units", unit_id), key=True)[0]
    if isinstance(text_set, Glossary):
        symbol = text_set.symbol(unit_id.removeprefix("symbol.").rpartition(".")[0])
        if symbol is not None:
            # The readings line, or the example whose reading a `.example` unit translates.
            part = ("example", "reads") if unit_id.endswith(".example") else ("readings",)
            return text_set.document.file, text_set.document.where(("symbols", symbol.index, *part), key=True)[0]
    return english.document.file, 0
