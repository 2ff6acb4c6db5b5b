"""The ids a page's structure owns, which no text may take.

Material's template and script find their parts by id (`__config`, `__drawer`, `__search`…), and
so do ours (`rb-calculator-data`, `rb-interface`, `rb-filter`); the renderer anchors its own
sections (`calculator`, `sources`, `referee-notes`, `sounds`, the change list's `old-numbers`), each
ruling and worked example, and each edition and change of the change list (`edition-1-1`, `change-1-1-…`).
A heading in a text that took one of these ids would take the part from the template: with
`## __config`, Material's script reads the heading as its configuration and throws, and the
calculator disappears. `rulebook check` refuses such ids in text (validate/safety.py); should one
get through, `slugify` (toc's, set by the plugin) never produces one.
"""

from __future__ import annotations

import re

from markdown.extensions.toc import slugify as markdown_slugify

RESERVED_IDS = frozenset({"calculator", "sources", "referee-notes", "sounds", "old-numbers"})
# The change list's anchors of an edition and of each change in it (editions/timeline.py anchor()).
_EDITION_ANCHOR = re.compile(r"(?:edition|change)-[0-9]")
# Material's ids, ours, the theme's classes' namespace, and the anchors of rulings and examples.
RESERVED_PREFIXES = ("__", "rb-", "md-", "ruling-", "example-")
# What a heading's anchor becomes when its slug would be reserved.
_DEMOTED = "text-"


def is_reserved_id(value: str) -> bool:
    """Whether an id belongs to the page's template or renderer (compared in lower case).

    >>> [is_reserved_id(v) for v in ("__config", "rb-calculator-data", "Calculator", "md-x", "scoring", "example")]
    [True, True, True, True, False, False]
    >>> [is_reserved_id(v) for v in ("edition-1-1", "change-1-1-winner", "change-seats")]
    [True, True, False]
    """
    lowered = value.lower()
    return lowered in RESERVED_IDS or lowered.startswith(RESERVED_PREFIXES) or bool(_EDITION_ANCHOR.match(lowered))


def slugify(value: str, separator: str) -> str:
    """Python-Markdown's slug for a heading, moved out of the reserved ids.

    >>> slugify("Scoring", "-"), slugify("__config", "-"), slugify("RB calculator data", "-")
    ('scoring', 'text-__config', 'text-rb-calculator-data')
    """
    slug = markdown_slugify(value, separator)
    return _DEMOTED + slug if is_reserved_id(slug) else slug
