"""Checks of the glossary: the count the rules promise, unique ids and pictures, icons that
exist in the installed theme, themes that are declared and used, anchors that do not collide, and
examples and rule illustrations made of real symbols and letters that fit a hand."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from rulebook.addresses.reserved_paths import anchor_taken_by_site
from rulebook.files.disk import inside_project
from rulebook.files.scorers import glossary_price
from rulebook.located.document import Document, JsonPath, format_path
from rulebook.markup.anchors import is_reserved_id
from rulebook.markup.icons import MAX_PICTURE_BYTES, icon_file, icons_folder, is_drawn, overgrowth
from rulebook.markup.sanitizer import PICTURE_ALLOWED, removals
from rulebook.model import Facts, Glossary, Project
from rulebook.problem_codes import Message
from rulebook.problem_codes.content_words import MORE_REMOVED
from rulebook.problem_codes.words import GROUP, SYMBOL
from rulebook.problems import Problem, cut
from rulebook.text.placeholders import lookup

# Anchors of the glossary page that are not symbols: the sound index (render/glossary.py).
PAGE_ANCHORS = frozenset({"sounds"})
_LETTER = re.compile(r"^[A-Z]$")
_NUMBER = re.compile(r"\d+")


def glossary_problems(project: Project, glossary: Glossary) -> list[Problem]:
    document, problems = glossary.document, []
    # The facts it keeps to are named in symbols.yaml (count_fact, hand_fact): no game's fact is named here.
    promised = whole_number(glossary.facts, glossary.count_fact)
    hand = whole_number(glossary.facts, glossary.hand_fact) if glossary.hand_fact else None
    for key, fact, value in (("count_fact", glossary.count_fact, promised), ("hand_fact", glossary.hand_fact, hand)):
        if fact and value is None:
            named = Message("glossary.fact-not-a-count", {"facts_file": glossary.facts_file}, {"fact": cut(fact)})
            problems.append(document.problem((key,), named, field=key))
    if promised is not None and len(glossary.symbols) != promised:
        counted = {
            "count": len(glossary.symbols),
            "promised": promised,
            "facts_file": glossary.facts_file,
            "fact": f"facts.{glossary.count_fact}",
        }
        problems.append(document.problem(("symbols",), Message("glossary.symbol-count", counted), field="symbols"))
    known = {symbol.id for symbol in glossary.symbols}
    problems += _group_problems(glossary, known, project.languages)
    price = glossary_price(project.root, glossary.game_id)  # its game prices its examples, or none
    first_id: dict[str, int] = {}
    first_icon: dict[str, str] = {}
    for symbol in glossary.symbols:
        where = ("symbols", symbol.index)
        if symbol.id in PAGE_ANCHORS or is_reserved_id(symbol.id):
            anchor = Message("glossary.page-anchor", {}, {"id": cut(symbol.id)})
            problems.append(document.problem((*where, "id"), anchor))
        elif anchor_taken_by_site(symbol.id, project.languages):
            kept = Message("id.site-name", {}, {"kind": SYMBOL, "id": cut(symbol.id)})
            problems.append(document.problem((*where, "id"), kept))
        if symbol.id in first_id:
            line = document.where(("symbols", first_id[symbol.id], "id"))[0]
            twice = Message("glossary.duplicate-symbol", {"first": line}, {"id": cut(symbol.id)})
            problems.append(document.problem((*where, "id"), twice))
        first_id.setdefault(symbol.id, symbol.index)
        if symbol.icon in first_icon:
            shared = {"icon": cut(symbol.icon), "symbol": cut(first_icon[symbol.icon])}
            problems.append(document.problem((*where, "icon"), Message("glossary.duplicate-icon", {}, shared)))
        first_icon.setdefault(symbol.icon, symbol.id)
        problems += _icon_problems(document, (*where, "icon"), symbol.icon, project.root)
        problems += _example_problems(glossary, symbol, known, hand)
        problems += _number_problems(glossary, symbol, price)
    problems += _illustration_problems(project, glossary)
    return problems


def whole_number(facts: Facts, fact: str) -> int | None:
    """The whole number a fact's path names (`group.name`), or None: missing, or not a count.

    >>> whole_number({"deck": {"cards": 52, "suits": ["a"]}}, "deck.cards"), whole_number({"deck": {}}, "deck.cards")
    (52, None)
    """
    try:
        value = lookup(facts, fact)
    except KeyError:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _icon_problems(document: Document, where: JsonPath, icon: str, root: Path) -> list[Problem]:
    """The icon exists; a picture drawn for the project holds only what the picture allowlist keeps."""
    file = icon_file(icon, root)
    named = {"icon": cut(icon)}
    if not is_drawn(icon):
        if file.is_file():
            return []
        missing = Message("glossary.icon-missing", {}, named | {"folder": cut(str(icons_folder()), 200)})
        return [document.problem(where, missing)]
    shown = named | {"file": cut(file.relative_to(root).as_posix())}
    if file.exists() and not inside_project(file, root):
        return [document.problem(where, Message("glossary.icon-outside", {}, shown))]
    try:
        if file.stat().st_size > MAX_PICTURE_BYTES:
            too_large = Message("glossary.icon-too-large", {"limit": MAX_PICTURE_BYTES // 1024}, shown)
            return [document.problem(where, too_large)]
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return [document.problem(where, Message("glossary.icon-unreadable", {}, shown))]
    past = overgrowth(text)  # before the sanitizer, and the build, spend their time on it
    if past is not None:
        at = {"limit": past.limit, "line": past.line, "column": past.column}
        return [document.problem(where, Message(f"glossary.icon-too-{_PAST[past.bound]}", at, shown))]
    removed = removals(text, PICTURE_ALLOWED)
    if not removed:
        return []
    left = len(removed) - 3
    listed = shown | {
        "removed": cut(", ".join(removed[:3]), 200),
        "more": MORE_REMOVED if left > 0 else "",
        "left": str(left),
    }
    return [document.problem(where, Message("glossary.icon-markup", {"count": len(removed)}, listed))]


_PAST = {"depth": "deep", "elements": "many-elements"}


def _group_problems(glossary: Glossary, known: set[str], languages: list[str]) -> Iterator[Problem]:
    """Every symbol's theme is declared, every theme has symbols, and a theme's anchor is its own."""
    document = glossary.document
    used = {symbol.group for symbol in glossary.symbols}
    for position, group in enumerate(glossary.groups):
        if group not in used:
            yield document.problem(("groups", position), Message("glossary.empty-group", {}, {"group": cut(group)}))
        if group in known or group in PAGE_ANCHORS or is_reserved_id(group):
            taken = Message("glossary.group-anchor", {}, {"group": cut(group)})
            yield document.problem(("groups", position), taken)
        elif anchor_taken_by_site(group, languages):
            yield document.problem(("groups", position), Message("id.site-name", {}, {"kind": GROUP, "id": cut(group)}))
    declared = cut(", ".join(glossary.groups), 200)
    for symbol in glossary.symbols:
        if symbol.group not in glossary.groups:
            unknown = Message("glossary.unknown-group", {}, {"group": cut(symbol.group), "groups": declared})
            yield document.problem(("symbols", symbol.index, "group"), unknown)


def _rack_problem(document: Document, where: JsonPath, tiles: int, rack: int, code: str, what: dict) -> Problem | None:
    """A row of tiles is laid from one hand: more tiles than a player holds cannot be played."""
    if tiles > rack:
        return document.problem(where, Message(code, {"tiles": tiles, "rack": rack}, what))
    return None


def _illustration_problems(project: Project, glossary: Glossary) -> Iterator[Problem]:
    """Rows of tiles drawn under rules use real symbols and letters, under rules that exist, and fit a hand."""
    known = {symbol.id for symbol in glossary.symbols}
    for game in project.games:
        for item in game.illustrations:
            where = ("illustrations", item.index)
            if game.rule(item.rule) is None:
                unknown = Message("id.unknown-rule", {}, {"id": cut(item.rule)})
                yield game.document.problem((*where, "rule"), unknown, field=format_path((*where, "rule")))
            rack = whole_number(game.facts, glossary.hand_fact) if glossary.hand_fact else None
            if rack is not None:
                problem = _rack_problem(
                    game.document,
                    (*where, "tiles"),
                    len(item.tiles),
                    rack,
                    "glossary.illustration-over-rack",
                    {"illustration": format_path(where)},
                )
                if problem:
                    yield problem
            for position, tile in enumerate(item.tiles):
                if tile not in known and not _LETTER.match(tile):
                    strange = Message("glossary.illustration-tile", {}, {"tile": cut(tile)})
                    yield game.document.problem((*where, "tiles", position), strange)


def _example_problems(glossary: Glossary, symbol, known: set[str], hand: int | None) -> Iterator[Problem]:
    where = ("symbols", symbol.index, "example", "tiles")
    for position, tile in enumerate(symbol.tiles):
        if tile not in known and not _LETTER.match(tile):
            strange = Message("glossary.example-tile", {}, {"tile": cut(tile)})
            yield glossary.document.problem((*where, position), strange)
    named = {"symbol": cut(symbol.id)}
    if symbol.id not in symbol.tiles:
        yield glossary.document.problem(where, Message("glossary.example-without-symbol", {}, named))
    if hand is not None:
        problem = _rack_problem(glossary.document, where, len(symbol.tiles), hand, "glossary.example-over-rack", named)
        if problem:
            yield problem


def _number_problems(glossary: Glossary, symbol, price: Callable[[Facts, int], int] | None) -> Iterator[Problem]:
    """A number in a symbol's words is one of its readings ("4"), or its example's tile count or its
    score, where its game prices one."""
    tiles = len(symbol.tiles)
    score = price(glossary.facts, tiles) if price is not None else None
    allowed = {tiles} | ({score} if score is not None else set()) | {int(r) for r in symbol.readings if r.isdigit()}
    for words in glossary.words.values():
        for part in ("name", "description", "readings"):
            unit = words.units.get(symbol.unit(part))
            if unit is None:
                continue
            for written in _NUMBER.findall(unit.text):
                if int(written) not in allowed:
                    path = ("units", unit.id, "text")
                    # A game that prices no example (its scorer has no glossary_price): no score to name.
                    said = (
                        Message(
                            "glossary.number-not-a-reading", {"tiles": tiles, "score": score}, {"number": cut(written)}
                        )
                        if score is not None
                        else Message("glossary.number-not-a-count", {"tiles": tiles}, {"number": cut(written)})
                    )
                    yield words.document.problem(path, said, field=format_path(path))
