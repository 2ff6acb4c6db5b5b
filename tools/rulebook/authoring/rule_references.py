"""Where a game names one of its rules: in game.yaml (its section, scoring_rules, worked examples,
rulings, the quick-reference card, illustrations), as a unit id in the words files and coverage
maps, and as a link `#rule-id` in any text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulebook.located.document import JsonPath
from rulebook.markup.target import browser_view

# An inline link's target with a fragment: `](chess/#castling)`, `](#castling "title")`.
LINK_FRAGMENT = re.compile(r"\]\(\s*<?(?P<page>[^\s()<>#]*)#(?P<fragment>[^\s()<>]+?)>?(?=[\s)])")


def rule_places(game: Any) -> Iterator[tuple[JsonPath, str]]:
    """(path, id) of every rule id that game.yaml names, the sections' lists first."""
    if not isinstance(game, dict):
        return
    for s_index, section in enumerate(_list(game.get("sections"))):
        for r_index, rule_id in enumerate(_list(section.get("rules") if isinstance(section, dict) else None)):
            yield ("sections", s_index, "rules", r_index), rule_id
    for index, rule_id in enumerate(_list(game.get("scoring_rules"))):
        yield ("scoring_rules", index), rule_id
    for kind in ("examples", "rulings"):
        for i_index, item in enumerate(_list(game.get(kind))):
            for r_index, rule_id in enumerate(_list(item.get("rules") if isinstance(item, dict) else None)):
                yield (kind, i_index, "rules", r_index), rule_id
    card = game.get("quick_reference")
    for part, content in card.items() if isinstance(card, dict) else ():
        for index, rule_id in enumerate(_list(content.get("rules") if isinstance(content, dict) else None)):
            yield ("quick_reference", part, "rules", index), rule_id
    for index, illustration in enumerate(_list(game.get("illustrations"))):
        if isinstance(illustration, dict) and "rule" in illustration:
            yield ("illustrations", index, "rule"), illustration["rule"]


def is_section_place(path: JsonPath) -> bool:
    """The place that makes the rule a rule (its section's list), not a reference to it."""
    return path[0] == "sections"


def links_to(text: str, game_id: str, rule_id: str, same_game: bool) -> Iterator[re.Match[str]]:
    """The links in `text` to the rule's anchor: `#rule-id` from the game's own words, and
    `…/game-id/#rule-id` (or `game-id.md#rule-id`) from anywhere."""
    for match in LINK_FRAGMENT.finditer(text):
        if match["fragment"] != rule_id:
            continue
        page = _page(match["page"])
        if page == game_id or (page == "" and same_game):
            yield match


def _page(target: str) -> str:
    r"""The page a link's path names, as a browser reads it (a backslash is a slash): "../chess/"
    and "chess.md" are "chess"; "" is the same page.

    >>> [_page(p) for p in ("", "../chess/", "./chess.md", "/fr/chess/index.html", "\\chess\\", "go")]
    ['', 'chess', 'chess', 'chess', 'chess', 'go']
    """
    target = browser_view(target).replace("\\", "/")
    for suffix in ("index.html", "index.md"):
        target = target.removesuffix(suffix)
    return target.rstrip("/").removesuffix(".md").rsplit("/", 1)[-1]


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []
