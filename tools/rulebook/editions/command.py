"""`rulebook cite` and `rulebook diff`: argument handling lives in commands/content.py, the work
here (`rulebook edition new` writes content, so it is authoring/'s). A refusal (`problems.Refused`,
one coded problem) goes up to the command
(commands/content.py), which prints it on one line: exit 2, and no file changed. What they print
comes from snapshots and words files: every line goes through terminal.py."""

from __future__ import annotations

import argparse
import json

from rulebook.addresses.site_url import public_site_url
from rulebook.editions.changes import KINDS, Change, ItemChange, Others, TextChange, changes_between, other_changes
from rulebook.editions.cite import resolve
from rulebook.editions.history import Edition, History, read_history, read_snapshot
from rulebook.editions.snapshot import Snapshot, take_snapshot
from rulebook.editions.terminal import terminal_json, terminal_safe
from rulebook.editions.versions import is_version, version_key
from rulebook.editions.word_diff import terminal, word_diff
from rulebook.model import Game, Project
from rulebook.problem_codes import Message
from rulebook.problems import Refused, cut, excerpt
from rulebook.text import placeholders


def _game_history(project: Project, game_id: str) -> tuple[Game, History]:
    game = project.game(game_id)
    if game is None:
        raise Refused.at("", Message("edition.unknown-game", {}, {"game": excerpt(game_id)}))
    history, problems = read_history(project.root, game.folder)
    if problems:
        raise Refused(problems[:1])
    if not history.editions:
        raise Refused.at(
            "",
            Message(
                "edition.none-recorded",
                {},
                {"game": cut(game.id), "command": f"`rulebook edition new {cut(game.id)} 1.0`"},
            ),
        )
    return game, history


def _language(project: Project, language: str | None) -> str:
    language = language or project.source_language
    if language not in project.languages:
        listed = {"language": excerpt(language), "listed": ", ".join(project.languages)}
        raise Refused.at("", Message("edition.unknown-language", {"languages": list(project.languages)}, listed))
    return language


def _as_recorded(history: History, version: str) -> str:
    """The version as the history spells it: a referee's 1.0.0 or 1 is the recorded 1.0, as
    `edition new` refuses 1.0.0 as the same version (versions.version_key)."""
    if not is_version(version):
        return version
    key = version_key(version)
    return next((edition.version for edition in history.editions if version_key(edition.version) == key), version)


def run_cite(args: argparse.Namespace, project: Project) -> int:
    game, history = _game_history(project, args.game)
    language = _language(project, args.lang)
    version = _as_recorded(history, args.edition) if args.edition else history.latest.version  # type: ignore[union-attr]
    if history.edition(version) is None:
        known = [edition.version for edition in history.editions]
        shown = {"game": cut(game.id), "version": excerpt(version), "listed": ", ".join(known)}
        raise Refused.at("", Message("edition.unknown-cited-edition", {"editions": known}, shown))
    citation = resolve(project, game, history, args.number, version, language)
    site_url = public_site_url(project.root) or "/"
    link = citation.link(site_url, project.source_language)
    if args.json:
        print(terminal_json({**citation.__dict__, "link": link}))
        return 0
    cited = f"{game.name} {citation.number} (edition {citation.edition})"
    if citation.current_number is None:
        when = f"in edition {citation.removed_in}" if citation.removed_in else "since the latest edition"
        print(terminal_safe(f"{cited}: removed {when}; it was in “{citation.title}”, rule {citation.rule_id} — {link}"))
    else:
        print(terminal_safe(f"{cited} is {game.name} {citation.current_number}: {citation.title} — {link}"))
        if citation.current_id != citation.rule_id:
            print(terminal_safe(f"    renamed: #{citation.rule_id} → #{citation.current_id}"))
    pending = " (its translation was pending: the English)" if citation.text_language != language else ""
    pending = " (translated since)" if citation.translated_since else pending
    print(terminal_safe(f"    then{pending}: “{citation.text}”"))
    if citation.changed_in:
        print(f"    changed since, in edition {', '.join(citation.changed_in)}")
    elif citation.current_number is not None:
        print("    changed since, not yet in an edition" if citation.changed_since else "    unchanged since")
    return 0


# `rulebook diff GAME VERSION current`: the game as it stands, compared before it is recorded.
CURRENT = "current"


def run_diff(args: argparse.Namespace, project: Project) -> int:
    game, history = _game_history(project, args.game)
    language = _language(project, args.lang)
    args.old = _as_recorded(history, args.old)
    args.new = args.new if args.new == CURRENT else _as_recorded(history, args.new)
    before = _recorded(project, game, history, args.old)
    if args.new == CURRENT:
        after, edition = take_snapshot(project, game, CURRENT), None
    else:
        after, edition = _recorded(project, game, history, args.new), history.edition(args.new)
    changes = changes_between(before, after, project.source_language, history.renamed_between(args.old, args.new))
    others = other_changes(before, after, project.source_language)
    summary = _summary(project, game, edition, language) if edition is not None else None
    if args.json:
        shown = {
            "date": edition.date if edition else None,
            "effective": edition.effective if edition else None,
            "summary": summary,
        }
        besides = _others_json(others, language, project.source_language)
        print(terminal_json(_diff_json(changes, language, project.source_language, args) | besides | shown))
        return 0
    lines = [f"{game.name}: edition {args.old} → {args.new} ({language})", _edition_line(edition, summary)]
    if not changes:
        lines.append("no rule changed")
    for change in changes:
        lines.append(_change_line(game, change))
        if change.kind == "changed":
            pending = change.pending(language)
            note = " (translation pending: the English)" if pending else ""
            lines.append(f"    {terminal(change.diff(language, project.source_language))}{note}")
    lines += _others_lines(game, after, others, language, project.source_language)
    for line in lines:
        print(terminal_safe(line))
    return 0


def _recorded(project: Project, game: Game, history: History, version: str) -> Snapshot:
    if history.edition(version) is None:
        shown = {"game": cut(game.id), "version": excerpt(version)}
        raise Refused.at("", Message("edition.unknown-edition", {}, shown))
    snapshot, problems = read_snapshot(project.root, history, version)
    if snapshot is None:
        if problems:
            raise Refused(problems[:1])
        raise Refused.at("", Message("edition.snapshot-unreadable", {"version": version}))
    return snapshot


def _summary(project: Project, game: Game, edition: Edition, language: str) -> str | None:
    """The edition's summary unit in the language, in English where it has no translation."""
    for words in (game.words.get(language), game.words[project.source_language]):
        unit = words.units.get(edition.unit_id) if words is not None else None
        if unit is not None:
            try:
                return placeholders.fill(unit.text, game.facts, language)
            except (KeyError, ValueError, TypeError):
                return unit.text  # `rulebook check` names the placeholder that names no fact
    return None


def _edition_line(edition: Edition | None, summary: str | None) -> str:
    """The later edition: when it was published and takes effect, and what it changes."""
    if edition is None:
        return f"{CURRENT}: the rules as they stand, not recorded as an edition yet"
    effective = f", in effect from {edition.effective}" if edition.effective else ""
    said = f": {summary}" if summary else ""
    return f"edition {edition.version}, published {edition.date}{effective}{said}"


def _change_line(game: Game, change: Change) -> str:
    numbers = {
        "added": f"{game.name} {change.new_number}",
        "removed": f"{game.name} {change.old_number}",
    }.get(change.kind, f"{game.name} {change.old_number} → {change.new_number}")
    if change.kind in ("changed", "renamed") and change.old_number == change.new_number:
        numbers = f"{game.name} {change.new_number}"
    renamed = f", formerly {change.old_id}" if change.old_id else ""
    return f"{change.kind:<10} {numbers} ({change.rule_id}{renamed})"


def _diff_json(changes: list[Change], language: str, source: str, args: argparse.Namespace) -> dict:
    return {
        "game": args.game,
        "from": args.old,
        "to": args.new,
        "language": language,
        "changes": [
            {
                "kind": change.kind,
                "rule": change.rule_id,
                "old_number": change.old_number,
                "new_number": change.new_number,
                "translation_pending": change.pending(language),
                "diff": [[piece.kind, piece.text] for piece in change.diff(language, source)]
                if change.kind == "changed"
                else [],
            }
            for change in changes
        ],
        "kinds": list(KINDS),
    }


def _others_lines(game: Game, after: Snapshot, others: Others, language: str, source: str) -> list[str]:
    """What the edition changed besides its rules, one line each, with the word diffs under them."""
    lines = []
    for fact in others.facts or ():
        quoting = [f"{game.name} {after.rules[rule].number}" for rule in fact.quoted_by if rule in after.rules]
        quoting += [unit.replace(".", " ", 1) for unit in fact.quoted_in]
        where = f" (quoted by {', '.join(quoting)})" if quoting else ""
        lines.append(f"{'fact':<10} {fact.name}: {_value(fact.old)} → {_value(fact.new)}{where}")
    for title in others.sections:
        lines.append(f"{'title':<10} section {title.unit_id.removeprefix('section.')}")
        lines.append(f"    {_text_diff(title, language, source)}")
    for kind, items in (("ruling", others.rulings), ("example", others.examples)):
        for item in items or ():
            lines.append(f"{kind:<10} {item.kind} {item.id}")
            lines += [f"    {_text_diff(text, language, source)}" for text in item.texts]
            if item.old_data != item.new_data:
                lines.append(f"    {terminal(word_diff(item.old_data or '', item.new_data or ''))}")
    return lines


def _text_diff(change: TextChange, language: str, source: str) -> str:
    note = " (translation pending: the English)" if change.pending(language) else ""
    return f"{terminal(change.diff(language, source))}{note}"


def _value(value: object) -> str:
    return "—" if value is None else json.dumps(value, ensure_ascii=False)


def _others_json(others: Others, language: str, source: str) -> dict:
    def texts(changes: tuple[TextChange, ...] | list[TextChange]) -> list[dict]:
        return [
            {
                "unit": change.unit_id,
                "translation_pending": change.pending(language),
                "diff": [[piece.kind, piece.text] for piece in change.diff(language, source)],
            }
            for change in changes
        ]

    def items(found: list[ItemChange] | None) -> list[dict] | None:
        if found is None:
            return None  # the earlier snapshot did not record them
        return [
            {"kind": item.kind, "id": item.id, "texts": texts(item.texts), "old": item.old_data, "new": item.new_data}
            for item in found
        ]

    facts = others.facts
    return {
        "facts": None
        if facts is None
        else [fact.__dict__ | {"quoted_by": list(fact.quoted_by), "quoted_in": list(fact.quoted_in)} for fact in facts],
        "sections": texts(others.sections),
        "rulings": items(others.rulings),
        "examples": items(others.examples),
    }
