"""The reverse sound index of the glossary: from an English sound to the pictures that can say it."""

from __future__ import annotations

from rulebook.model import Glossary, Symbol
from rulebook.text.folding import fold


def sound_index(glossary: Glossary) -> list[tuple[str, list[Symbol]]]:
    """Every reading except a symbol's own id ("four" of four), alphabetical, each with its symbols.

    A reading that several pictures share ("right": the pen and the check mark) lists them all.

    >>> from rulebook.model import Symbol
    >>> def symbol(id, *readings):
    ...     return Symbol(id, 0, "material/x", "signs", readings, (id,), id)
    >>> glossary = Glossary("glossary", "chess", None, [symbol("pen", "pen", "write", "right"),
    ...     symbol("check", "yes", "right"), symbol("four", "four", "for", "4")], None)
    >>> [(sound, [s.id for s in symbols]) for sound, symbols in sound_index(glossary)]
    [('4', ['four']), ('for', ['four']), ('right', ['pen', 'check']), ('write', ['pen']), ('yes', ['check'])]
    """
    index: dict[str, tuple[str, list[Symbol]]] = {}
    for symbol in glossary.symbols:
        for reading in symbol.readings:
            key = fold(reading).casefold().replace("’", "").replace("'", "")  # o’clock sorts as oclock
            if key == symbol.id.replace("-", " "):
                continue
            index.setdefault(key, (reading, []))[1].append(symbol)
    return [index[key] for key in sorted(index)]
