"""`rulebook rule rename|delete`: a rule's id changed, or the rule removed, in every file at once.

Rename changes the id in game.yaml (its section's list and every reference), the unit key
`rule.<id>` in every language's words file and in the sources' coverage maps, and each link
`#<id>` in any text, and the address of its players' questions in rules/search-words.yaml; a
translation made from the current English stays current (an English text whose link changed gets
its new hash in every translation that matched it). Delete removes the id from its section, the
unit from every language and its players' questions, and refuses while anything else names the
rule, listing each place: a worked example, a ruling or a coverage map would lose what it cites.
Delete also finishes a deletion made by hand: a rule gone from game.yaml whose units remain.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.addresses.reserved_paths import anchor_taken_by_site
from rulebook.authoring import round_trip
from rulebook.authoring.rule_references import is_section_place, links_to, rule_places
from rulebook.authoring.schema_rules import game_id_pattern, id_pattern
from rulebook.authoring.text_edits import TextEdits
from rulebook.documents.reader import SEARCH_WORDS_FILE
from rulebook.editions.history import HISTORY_FILE, Rename, history_text, read_history, read_snapshot
from rulebook.files.plan import Plan
from rulebook.load.project import PROJECT_FILE
from rulebook.located.document import format_path
from rulebook.markup.anchors import is_reserved_id
from rulebook.model import source_hash
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, cut, display_path, excerpt, one_line

UNIT = "rule.{}"


@dataclass
class _Project:
    """The files a rule's id can be in: the game's, and every words file that may link to it."""

    root: Path
    game_id: str
    languages: list[str]
    game: TextEdits
    words: dict[Path, TextEdits]  # every words file of every game and the glossary, source language first
    coverage: list[TextEdits]
    search_words: TextEdits | None = None  # rules/search-words.yaml: players' questions by entry

    def own_words(self) -> list[TextEdits]:
        folder = self.root / "rules" / self.game_id
        return [edits for path, edits in self.words.items() if path.parent == folder]

    def text_sets(self) -> Iterator[list[TextEdits]]:
        """Each text set's words files, the source language's first."""
        folders: dict[Path, list[TextEdits]] = {}
        for path, edits in self.words.items():
            folders.setdefault(path.parent, []).append(edits)
        yield from folders.values()

    def files(self) -> list[TextEdits]:
        return [self.game, *self.words.values(), *self.coverage, *filter(None, [self.search_words])]

    def questions(self, rule_id: str) -> Iterator[tuple[tuple, dict]]:
        """Where rules/search-words.yaml lists players' questions for the rule: each path, and the
        language's questions (data to keep in step with the edits)."""
        data = self.search_words.expected if self.search_words is not None else None
        languages = data.get("languages") if isinstance(data, dict) else None
        address = f"{self.game_id}/#{rule_id}"
        for language, words in (languages or {}).items():
            questions = words.get("questions") if isinstance(words, dict) else None
            if isinstance(questions, dict) and address in questions:
                yield ("languages", language, "questions", address), questions


def plan_rename(root: Path, game_id: str, old: str, new: str) -> Plan:
    project = _read(root, game_id)
    ids = [rule_id for path, rule_id in rule_places(project.game.expected) if is_section_place(path)]
    if old not in ids:
        raise Refused.at(_game_file(game_id), Message("authoring.no-rule-in-section", {}, {"id": excerpt(old)}))
    _check_new_id(root, project, new)
    for path, rule_id in rule_places(project.game.document.data):
        if rule_id == old:
            project.game.replace_scalar(path, old, new)
            _set(project.game.expected, path, new)
    for edits in [*project.own_words(), *project.coverage]:
        units = edits.expected.get("units") if isinstance(edits.expected, dict) else None
        if isinstance(units, dict) and UNIT.format(old) in units:
            edits.replace_scalar(("units", UNIT.format(old)), UNIT.format(old), UNIT.format(new), key=True)
            units[UNIT.format(new)] = units.pop(UNIT.format(old))
    for words in project.text_sets():
        _rename_links(project, words, old, new)
    for path, questions in list(project.questions(old)):
        address = f"{game_id}/#{new}"
        project.search_words.replace_scalar(path, path[-1], address, key=True)  # type: ignore[union-attr]
        questions[address] = questions.pop(path[-1])
    plan = _plan(project)
    _record_rename(plan, root, game_id, old, new)
    return plan


def _record_rename(plan: Plan, root: Path, game_id: str, old: str, new: str) -> None:
    """Once a game has editions, its history records the rename, so that a citation or link of an
    edition follows the rule to its new id (`rulebook cite`, the change list, the old anchor)."""
    history, problems = read_history(root, root / "rules" / game_id)
    if problems:
        first = problems[0]
        said = {"problem": first.message, "command": "`rulebook check`"}
        unfixed = Message("edition.history-unfixed", {"cause": first.code}, said)
        raise Refused([Problem.coded(first.file, first.line, first.col, unfixed)])
    if history.latest is None:
        return  # nothing was published under the old id
    for edition in history.editions:  # an id that named another rule then would take over its citations
        snapshot, _ = read_snapshot(root, history, edition.version)
        if snapshot is not None and new in snapshot.rules and history.current_id(new, edition.version) != old:
            taken = Message("authoring.id-in-an-edition", {"version": edition.version}, {"id": excerpt(new)})
            raise Refused.at(display_path(history.game_folder / HISTORY_FILE, root), taken)
    renames = [*history.renames, Rename(old, new, history.latest.version)]
    plan.add(history.game_folder / HISTORY_FILE, history_text(history.editions, renames))


def plan_delete(root: Path, game_id: str, rule_id: str) -> Plan:
    project = _read(root, game_id)
    unit = UNIT.format(rule_id)
    places = [path for path, named in rule_places(project.game.document.data) if named == rule_id]
    in_words = [edits for edits in project.own_words() if unit in _units(edits)]
    if not places and not in_words:
        raise Refused.at(f"rules/{game_id}", Message("authoring.no-rule-anywhere", {}, {"id": excerpt(rule_id)}))
    references = list(_references(project, rule_id, places))
    if references:
        named = Message("authoring.rule-still-named", {"count": len(references)}, {"id": excerpt(rule_id)})
        raise Refused([*references, Problem.coded("", 0, 0, named)])
    for path in places:  # its section's list
        section = project.game.expected["sections"][path[1]]
        if len(section["rules"]) == 1:
            line, col = project.game.document.where(path)
            only = {"id": excerpt(rule_id), "section": excerpt(section.get("id"))}
            raise Refused.at(
                _game_file(game_id), Message("authoring.only-rule-of-section", {}, only), line=line, col=col
            )
        project.game.remove_item(path, rule_id)
    for path in sorted(places, reverse=True):
        del project.game.expected["sections"][path[1]]["rules"][path[3]]
    for edits in in_words:
        edits.remove_entry(("units", unit))
        del edits.expected["units"][unit]
    for path, questions in list(project.questions(rule_id)):
        # A language's only entry goes with its `questions:` key: an empty one is no mapping.
        project.search_words.remove_entry(path if len(questions) > 1 else path[:-1])  # type: ignore[union-attr]
        del questions[path[-1]]
    return _plan(project)


def _read(root: Path, game_id: str) -> _Project:
    if not game_id_pattern(root).fullmatch(game_id) or not (root / "rules" / game_id / "game.yaml").is_file():
        raise Refused.at("", Message("authoring.no-game-folder", {}, {"id": excerpt(game_id)}))
    manifest = round_trip.read(root, PROJECT_FILE)
    languages = [str(code) for code in round_trip.sequence(manifest, "languages", str(PROJECT_FILE))]
    games = [str(code) for code in round_trip.sequence(manifest, "games", str(PROJECT_FILE))]
    if game_id not in games:
        raise Refused.at(PROJECT_FILE, Message("authoring.game-not-listed", {}, {"id": excerpt(game_id)}))
    folder = root / "rules" / game_id
    words: dict[Path, TextEdits] = {}
    for other in [
        *(root / "rules" / game for game in games if game_id_pattern(root).fullmatch(game)),
        root / "glossary",
    ]:
        for language in languages:
            path = other / f"{language}.yaml"
            if path.is_file():
                words[path] = TextEdits.read(root, path)
    coverage = [TextEdits.read(root, path) for path in sorted((folder / "sources").glob("*.coverage.yaml"))]
    search_words = TextEdits.read(root, root / SEARCH_WORDS_FILE) if (root / SEARCH_WORDS_FILE).is_file() else None
    game = TextEdits.read(root, folder / "game.yaml")
    return _Project(root, game_id, languages, game, words, coverage, search_words)


def _check_new_id(root: Path, project: _Project, new: str) -> None:
    shown = {"id": excerpt(new)}
    if not id_pattern(root).fullmatch(new):
        raise Refused.at("", Message("authoring.not-a-rule-id", {}, shown))
    if is_reserved_id(new):
        raise Refused.at("", Message("authoring.reserved-anchor", {}, shown))
    if anchor_taken_by_site(new, project.languages):
        raise Refused.at("", Message("authoring.site-name", {}, shown))
    game = project.game.expected
    taken = {rule_id for _, rule_id in rule_places(game)}  # the page's anchors: sections and rules
    taken |= {section.get("id") for section in game.get("sections") or [] if isinstance(section, dict)}
    if new in taken:
        raise Refused.at(_game_file(project.game_id), Message("authoring.id-taken", {}, shown))
    for edits in [*project.own_words(), *project.coverage]:
        if UNIT.format(new) in _units(edits):
            line, col = edits.document.where(("units", UNIT.format(new)), key=True)
            taken = Message("authoring.unit-taken", {}, {"unit": cut(UNIT.format(new))})
            raise Refused.at(edits.document.file, taken, line=line, col=col)


def _game_file(game_id: str) -> str:
    return f"rules/{game_id}/game.yaml"


def _references(project: _Project, rule_id: str, places: list) -> Iterator[Problem]:
    """Every place other than its section that names the rule, at its file, line and column."""
    game = project.game.document
    shown = excerpt(rule_id)
    for path in places:
        if not is_section_place(path):
            line, col = game.where(path)
            named = Message("authoring.rule-named", {}, {"place": cut(format_path(path)), "id": shown})
            yield Problem.coded(game.file, line, col, named)
    for edits in project.coverage:
        if UNIT.format(rule_id) in _units(edits):
            line, col = edits.document.where(("units", UNIT.format(rule_id)), key=True)
            mapped = Message("authoring.rule-mapped", {}, {"unit": cut(UNIT.format(rule_id))})
            yield Problem.coded(edits.document.file, line, col, mapped)
    for edits in project.words.values():
        same_game = edits.path.parent == project.root / "rules" / project.game_id
        for unit_id, unit in _units(edits).items():
            for field, text in _texts(unit):
                if any(links_to(text, project.game_id, rule_id, same_game)):
                    line, col = edits.document.where(("units", unit_id, field))
                    place = cut(one_line(f"units.{unit_id}.{field}"))
                    yield Problem.coded(
                        edits.document.file,
                        line,
                        col,
                        Message("authoring.rule-linked", {}, {"place": place, "id": shown}),
                    )


def _rename_links(project: _Project, words: list[TextEdits], old: str, new: str) -> None:
    """Each link to the rule in one text set's words, rewritten in the text and in the data; a
    translation that was current with the English stays current."""
    rehashed: dict[str, tuple[str, str]] = {}  # unit id → (old hash, new hash) of the source language
    for index, edits in enumerate(words):
        same_game = edits.path.parent == project.root / "rules" / project.game_id
        for match in links_to(edits.text, project.game_id, old, same_game):
            edits.replace_text(match.start("fragment"), match.end("fragment"), new)
        for unit_id, unit in _units(edits).items():
            for field, text in _texts(unit):
                changed = "".join(_relinked(text, project.game_id, old, new, same_game))
                if changed != text:
                    unit[field] = changed
                    if index == 0 and field == "text" and _is_source(project, edits):
                        rehashed[unit_id] = (source_hash(text), source_hash(changed))
    for edits in words[1:]:
        for unit_id, unit in _units(edits).items():
            if unit_id in rehashed and unit.get("source") == rehashed[unit_id][0]:
                renamed = unit_id == UNIT.format(new) and edits.path.parent == project.root / "rules" / project.game_id
                original = UNIT.format(old) if renamed else unit_id
                edits.replace_scalar(("units", original, "source"), *rehashed[unit_id])
                unit["source"] = rehashed[unit_id][1]


def _relinked(text: str, game_id: str, old: str, new: str, same_game: bool) -> Iterator[str]:
    at = 0
    for match in links_to(text, game_id, old, same_game):
        yield text[at : match.start("fragment")] + new
        at = match.end("fragment")
    yield text[at:]


def _is_source(project: _Project, edits: TextEdits) -> bool:
    return edits.path.stem == project.languages[0]


def _units(edits: TextEdits) -> dict[str, Any]:
    units = edits.expected.get("units") if isinstance(edits.expected, dict) else None
    return units if isinstance(units, dict) else {}


def _texts(unit: Any) -> Iterator[tuple[str, str]]:
    for field, value in unit.items() if isinstance(unit, dict) else ():
        if isinstance(value, str) and field not in ("source", "status"):
            yield field, value


def _set(data: Any, path: tuple, value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def _plan(project: _Project) -> Plan:
    plan = Plan(project.root)
    for edits in project.files():
        if edits.changed:
            plan.add(edits.path, edits.result())
    return plan
