"""`rulebook edition new`, `rulebook cite` and `rulebook diff`: argument handling lives in cli.py,
the work here. A refusal (`plan.Refused`, one coded problem) goes up to the command
(commands/content.py), which prints it on one line: exit 2, and no file changed."""

from __future__ import annotations

import argparse
import json

from rulebook.editions.changes import KINDS, Change, changes_between
from rulebook.editions.cite import resolve
from rulebook.editions.history import History, read_history, read_snapshot
from rulebook.editions.word_diff import terminal
from rulebook.model import Game, Project
from rulebook.plan import Refused, apply_and_report
from rulebook.problem_codes import Message
from rulebook.problems import cut, excerpt
from rulebook.site_address import public_site_url


def run_edition(args: argparse.Namespace, project: Project) -> int:
    from rulebook.editions.record import plan_edition

    plan = plan_edition(project, args.game, args.version, args.date, args.summary)
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
        print(json.dumps({**citation.__dict__, "link": link}, ensure_ascii=False))
        return 0
    cited = f"{game.name} {citation.number} (edition {citation.edition})"
    if citation.current_number is None:
        when = f"in edition {citation.removed_in}" if citation.removed_in else "since the latest edition"
        print(f"{cited}: removed {when}; it was in “{citation.title}”, rule {citation.rule_id} — {link}")
    else:
        print(f"{cited} is {game.name} {citation.current_number}: {citation.title} — {link}")
        if citation.current_id != citation.rule_id:
            print(f"    renamed: #{citation.rule_id} → #{citation.current_id}")
    pending = " (its translation was pending: the English)" if citation.text_language != language else ""
    print(f"    then{pending}: “{citation.text}”")
    if citation.changed_in:
        print(f"    changed since, in edition {', '.join(citation.changed_in)}")
    elif citation.current_number is not None:
        print("    changed since, not yet in an edition" if citation.changed_since else "    unchanged since")
    return 0


def run_diff(args: argparse.Namespace, project: Project) -> int:
    game, history = _game_history(project, args.game)
    language = _language(project, args.lang)
    snapshots = []
    for version in (args.old, args.new):
        if history.edition(version) is None:
            shown = {"game": cut(game.id), "version": excerpt(version)}
            raise Refused.at("", Message("edition.unknown-edition", {}, shown))
        snapshot, problems = read_snapshot(project.root, history, version)
        if snapshot is None:
            if problems:
                raise Refused(problems[:1])
            raise Refused.at("", Message("edition.snapshot-unreadable", {"version": version}))
        snapshots.append(snapshot)
    changes = changes_between(*snapshots, project.source_language, history.renamed_between(args.old, args.new))
    if args.json:
        print(json.dumps(_diff_json(changes, language, project.source_language, args), ensure_ascii=False))
        return 0
    print(f"{game.name}: edition {args.old} → {args.new} ({language})")
    if not changes:
        print("no rule changed")
    for change in changes:
        print(_change_line(game, change))
        if change.kind == "changed":
            pending = change.pending(language)
            note = " (translation pending: the English)" if pending else ""
            print(f"    {terminal(change.diff(language, project.source_language))}{note}")
    return 0


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
