"""What a UI catalog's translation may hold: plain text on one line, with the msgid's placeholders.

Catalog strings are printed into generated Markdown, into Material's palette attributes (unescaped
by the theme), into our templates and into the calculator's data; each consumer escapes them too
(render/markup.interface_text), but a catalog that check passes needs none of that escaping.

Layering: in i18n/, below markup/, validate/ and render/: the catalog's reader (i18n/ui_catalog.py) keeps
only the strings these rules pass, and markup/escaping.py escapes the same characters.
"""

from __future__ import annotations

import string
from collections.abc import Iterator

from rulebook.located.characters import character_dangers
from rulebook.problem_codes import Message
from rulebook.problems import cut

# What a UI catalog's string may not hold (message_dangers refuses each one): characters that
# make a tag or an entity, leave a quoted attribute, or make a Markdown link, code span, escape or
# table cell. Interface words are plain text on one line; placeholders are the msgid's braces.
# markup/escaping.py escapes them too, in case a catalog that failed its check is rendered.
INTERFACE_REFUSED = frozenset('<>&"`[]\\|')
_FORMATTER = string.Formatter()


def message_dangers(msgid: str | tuple[str, ...], text: str) -> Iterator[Message]:
    """What is wrong with one translation (or one plural form) of `msgid`.

    >>> [str(m) for m in message_dangers("Switch to dark mode", 'Passer en mode sombre"><i x="')]
    ['" < > are not allowed: interface words are plain text, without markup, entities or quotes']
    >>> [m.code for m in message_dangers(("{n} point", "{n} points"), "{n} points de {who}")]
    ['catalog.unknown-placeholder']
    >>> list(message_dangers("Round {n}", "Manche {n}")), [str(m) for m in message_dangers("Step", "Étape {")]
    ([], ["a brace that opens no placeholder: Single '{' encountered in format string"])
    """
    yield from character_dangers(text)
    if "\n" in text:
        yield Message("catalog.line-break")
    refused = sorted(INTERFACE_REFUSED.intersection(text))
    if refused:
        yield Message("catalog.markup", {"characters": " ".join(refused), "count": len(refused)})
    try:
        used = placeholders(text)
    except ValueError as error:
        yield Message("catalog.stray-brace", {}, {"reason": cut(str(error))})
        return
    wanted = set().union(*(placeholders(msgid) for msgid in ((msgid,) if isinstance(msgid, str) else msgid)))
    listed = cut(" ".join(sorted(wanted)) or "none")
    for placeholder in sorted(used - wanted):
        yield Message("catalog.unknown-placeholder", {}, {"placeholder": cut(placeholder), "wanted": listed})
    for placeholder in sorted(wanted - used):
        yield Message("catalog.missing-placeholder", {}, {"placeholder": cut(placeholder)})


def placeholders(text: str) -> set[str]:
    """The `{…}` that str.format fills in a text, as written (a conversion or format spec included,
    so that `{n.__class__}` or `{n!r}` is not taken for `{n}`); ValueError for a stray brace.

    >>> sorted(placeholders("{n} of {total:>3} {{literal}}"))
    ['{n}', '{total:>3}']
    """
    found = set()
    for _literal, field, spec, conversion in _FORMATTER.parse(text):
        if field is not None:
            found.add("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return found
