"""`rulebook edition new`, `rulebook cite` and `rulebook diff`: argument handling lives in cli.py,
the work here. A refusal (`plan.Refused`, one coded problem) goes up to the command
(commands/content.py), which prints it on one line: exit 2, and no file changed. What they print
comes from snapshots and words files: every line goes through terminal.py."""

from __future__ import annotations

import argparse

from rulebook import placeholders
from rulebook.editions.changes import KINDS, Change, changes_between
from rulebook.editions.cite import resolve
from rulebook.editions.history import Edition, History, read_history, read_snapshot
from rulebook.editions.snapshot import Snapshot, take_snapshot
from rulebook.editions.terminal import terminal_json, terminal_safe
from rulebook.editions.word_diff import terminal
from rulebook.model import Game, Project
from rulebook.plan import Refused, apply_and_report
from rulebook.problem_codes import Message
from rulebook.problems import cut, excerpt
from rulebook.site_address import public_site_url


def run_edition(args: argparse.Namespace, project: Project) -> int:
    from rulebook.editions.record import plan_edition

    plan = plan_edition(project, args.game, args.version, args.date, args.summary, args.effective)
    return apply_and_report("rulebook edition new", plan, project.root)


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


def run_cite(args: argparse.Namespace, project: Project) -> int:
    game, history = _game_history(project, args.game)
    language = _language(project, args.lang)
    version = args.edition or history.latest.version  # type: ignore[union-attr]
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
    before = _recorded(project, game, history, args.old)
    if args.new == CURRENT:
        after, edition = take_snapshot(project, game, CURRENT), None
    else:
        after, edition = _recorded(project, game, history, args.new), history.edition(args.new)
    changes = changes_between(before, after, project.source_language, history.renamed_between(args.old, args.new))
    summary = _summary(project, game, edition, language) if edition is not None else None
    if args.json:
        shown = {
            "date": edition.date if edition else None,
            "effective": edition.effective if edition else None,
            "summary": summary,
        }
        print(terminal_json(_diff_json(changes, language, project.source_language, args) | shown))
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
