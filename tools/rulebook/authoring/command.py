"""`rulebook new game|language`, `rulebook rule rename|delete` and `rulebook edition new`: plan, then
write. A refusal (`problems.Refused`) goes up to the command (commands/content.py), which prints it:
exit 2, no file changed."""

from __future__ import annotations

import argparse
import sys

from rulebook.files.plan import Plan, apply_and_report
from rulebook.model import Project


def run_new(args: argparse.Namespace) -> int:
    from rulebook.authoring.game import NewGame, plan_game
    from rulebook.authoring.language import plan_language

    what = f"rulebook new {args.new_command}"
    try:
        if args.new_command == "game":
            plan: Plan = plan_game(args.root, NewGame(args.id, args.name, args.scoring))
        else:
            plan = plan_language(args.root, args.code)
    except OSError as error:
        print(f"{what}: cannot read {error.filename}: {error.strerror}; no file was changed", file=sys.stderr)
        return 2
    code = apply_and_report(what, plan, args.root)
    if code == 0:
        print(_next_steps(args), file=sys.stderr)
    return code


def run_rule(args: argparse.Namespace) -> int:
    """`rulebook rule rename|delete`: every file changed, or none."""
    from rulebook.authoring.rule import plan_delete, plan_rename

    what = f"rulebook rule {args.rule_command}"
    try:
        if args.rule_command == "rename":
            plan = plan_rename(args.root, args.game, args.old, args.new)
        else:
            plan = plan_delete(args.root, args.game, args.id)
    except OSError as error:
        print(f"{what}: cannot read {error.filename}: {error.strerror}; no file was changed", file=sys.stderr)
        return 2
    return apply_and_report(what, plan, args.root)


def run_edition(args: argparse.Namespace, project: Project) -> int:
    """`rulebook edition new`: the snapshot and the history's new entry, both written or neither."""
    from rulebook.authoring.edition_record import plan_edition

    plan = plan_edition(project, args.game, args.version, args.date, args.summary, args.effective)
    return apply_and_report("rulebook edition new", plan, project.root)


def _next_steps(args: argparse.Namespace) -> str:
    if args.new_command == "game":
        return (
            f"next: write the rules in rules/{args.id}/, then `rulebook check`, and `rulebook i18n sync`"
            " to give translators its PO files in po/ (guide/writing.md: Add a game)"
        )
    return (
        f"next: `rulebook i18n sync` to write its PO files in po/, `rulebook status --lang {args.code}`,"
        " then translate (guide/writing.md: Add a language)"
    )
