"""Checks of the glossary: the count the rules promise, unique ids and pictures, icons that
exist in the installed theme, themes that are declared and used, anchors that do not collide, and
examples and rule illustrations made of real symbols and letters that fit a hand."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from rulebook.files import OUTSIDE_PROJECT, inside_project
from rulebook.located.document import Document, JsonPath
from rulebook.model import Facts, Glossary, Project
from rulebook.problems import Problem
from rulebook.render.anchors import is_reserved_id
from rulebook.render.icons import MAX_PICTURE_BYTES, icon_file, icons_folder, is_drawn
from rulebook.render.sanitizer import PICTURE_ALLOWED, removals
from rulebook.scorers import scorer

COUNT_FACT = ("components", "glossary_symbols")
RACK_FACT = ("components", "rack_tiles")
# Anchors of the glossary page that are not symbols: the sound index (render/glossary.py).
PAGE_ANCHORS = frozenset({"sounds"})
_LETTER = re.compile(r"^[A-Z]$")
_NUMBER = re.compile(r"\d+")


def glossary_problems(project: Project, glossary: Glossary) -> list[Problem]:
    document, problems = glossary.document, []
    promised = glossary.facts[COUNT_FACT[0]][COUNT_FACT[1]]
    if len(glossary.symbols) != promised:
        problems.append(
            document.problem(
                ("symbols",),
                f"symbols: {len(glossary.symbols)} symbols, but the rules promise {promised} "
                f"({glossary.facts_file}: facts.{'.'.join(COUNT_FACT)})",
            )
        )
    known = {symbol.id for symbol in glossary.symbols}
    problems += _group_problems(glossary, known)
    price = scorer(project.root, glossary.game_id).glossary_price  # its game prices its examples
    first_id: dict[str, int] = {}
    first_icon: dict[str, str] = {}
    for symbol in glossary.symbols:
        where = ("symbols", symbol.index)
        if symbol.id in PAGE_ANCHORS or is_reserved_id(symbol.id):
            problems.append(document.problem((*where, "id"), f"symbol id '{symbol.id}' is an anchor the page uses"))
        if symbol.id in first_id:
            line = document.where(("symbols", first_id[symbol.id], "id"))[0]
            problems.append(
                document.problem((*where, "id"), f"symbol id '{symbol.id}' is used twice (first at line {line})")
            )
        first_id.setdefault(symbol.id, symbol.index)
        if symbol.icon in first_icon:
            problems.append(
                document.problem(
                    (*where, "icon"), f"icon '{symbol.icon}' is already the picture of '{first_icon[symbol.icon]}'"
                )
            )
        first_icon.setdefault(symbol.icon, symbol.id)
        problems += _icon_problems(document, (*where, "icon"), symbol.icon, project.root)
        problems += _example_problems(glossary, symbol, known)
        problems += _number_problems(glossary, symbol, price)
    problems += _illustration_problems(project, glossary)
    return problems


def _icon_problems(document: Document, where: JsonPath, icon: str, root: Path) -> list[Problem]:
    """The icon exists; a picture drawn for the project holds only what the picture allowlist keeps."""
    file = icon_file(icon, root)
    if not is_drawn(icon):
        if file.is_file():
            return []
        return [document.problem(where, f"icon '{icon}' is not in the installed mkdocs-material ({icons_folder()})")]
    shown = file.relative_to(root).as_posix()
    if file.exists() and not inside_project(file, root):
        return [document.problem(where, f"icon '{icon}': {shown}: {OUTSIDE_PROJECT}")]
    try:
        if file.stat().st_size > MAX_PICTURE_BYTES:
            return [document.problem(where, f"icon '{icon}': {shown} is over {MAX_PICTURE_BYTES // 1024} KiB")]
        removed = removals(file.read_text(encoding="utf-8"), PICTURE_ALLOWED)
    except (OSError, UnicodeDecodeError):
        return [document.problem(where, f"icon '{icon}': no readable UTF-8 picture {shown}")]
    if not removed:
        return []
    listed = ", ".join(removed[:3]) + (f" and {len(removed) - 3} more" if len(removed) > 3 else "")
    return [document.problem(where, f"icon '{icon}': {shown} holds what a picture may not: {listed}")]


def _group_problems(glossary: Glossary, known: set[str]) -> Iterator[Problem]:
    """Every symbol's theme is declared, every theme has symbols, and a theme's anchor is its own."""
    document = glossary.document
    used = {symbol.group for symbol in glossary.symbols}
    for position, group in enumerate(glossary.groups):
        if group not in used:
            yield document.problem(("groups", position), f"group '{group}' has no symbol")
        if group in known or group in PAGE_ANCHORS or is_reserved_id(group):
            yield document.problem(("groups", position), f"group '{group}' has the id of a symbol or of the page")
    for symbol in glossary.symbols:
        if symbol.group not in glossary.groups:
            yield document.problem(
                ("symbols", symbol.index, "group"),
                f"group '{symbol.group}' is not one of groups: {', '.join(glossary.groups)}",
            )


def _rack_problem(document: Document, where: JsonPath, tiles: int, rack: int, what: str) -> Problem | None:
    """A row of tiles is laid from one hand: more tiles than a player holds cannot be played."""
    if tiles > rack:
        return document.problem(where, f"{what} has {tiles} tiles, but a player holds {rack}")
    return None


def _illustration_problems(project: Project, glossary: Glossary) -> Iterator[Problem]:
    """Rows of tiles drawn under rules use real symbols and letters, under rules that exist, and fit a hand."""
    known = {symbol.id for symbol in glossary.symbols}
    for game in project.games:
        for item in game.illustrations:
            where = ("illustrations", item.index)
            if game.rule(item.rule) is None:
                message = f"illustrations[{item.index}].rule: no rule '{item.rule}'"
                yield game.document.problem((*where, "rule"), message)
            rack = game.facts.get(RACK_FACT[0], {}).get(RACK_FACT[1])
            if rack is not None:
                problem = _rack_problem(
                    game.document, (*where, "tiles"), len(item.tiles), rack, f"illustrations[{item.index}]"
                )
                if problem:
                    yield problem
            for position, tile in enumerate(item.tiles):
                if tile not in known and not _LETTER.match(tile):
                    yield game.document.problem(
                        (*where, "tiles", position), f"tile '{tile}' is neither a glossary symbol nor a single letter"
                    )


def _example_problems(glossary: Glossary, symbol, known: set[str]) -> Iterator[Problem]:
    where = ("symbols", symbol.index, "example", "tiles")
    for position, tile in enumerate(symbol.tiles):
        if tile not in known and not _LETTER.match(tile):
            yield glossary.document.problem(
                (*where, position), f"example tile '{tile}' is neither a symbol of the glossary nor a single letter"
            )
    if symbol.id not in symbol.tiles:
        yield glossary.document.problem(where, f"the example of '{symbol.id}' does not use '{symbol.id}'")
    problem = _rack_problem(
        glossary.document,
        where,
        len(symbol.tiles),
        glossary.facts[RACK_FACT[0]][RACK_FACT[1]],
        f"the example of '{symbol.id}'",
    )
    if problem:
        yield problem


def _number_problems(glossary: Glossary, symbol, price: Callable[[Facts, int], int]) -> Iterator[Problem]:
    """A number in a symbol's words is one of its readings ("4"), or its example's tile count or score."""
    tiles = len(symbol.tiles)
    score = price(glossary.facts, tiles)
    allowed = {tiles, score} | {int(r) for r in symbol.readings if r.isdigit()}
    for words in glossary.words.values():
        for part in ("name", "description", "readings"):
            unit = words.units.get(symbol.unit(part))
            if unit is None:
                continue
            for written in _NUMBER.findall(unit.text):
                if int(written) not in allowed:
                    yield words.document.problem(
                        ("units", unit.id, "text"),
                        f"units.{unit.id}.text: says {written}; the example has {tiles} tiles and scores "
                        f"{score}, and no reading is {written}",
                    )
