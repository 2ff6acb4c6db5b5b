"""The authors' commands: `new`, `rule`, `edition`, `cite` and `diff`."""

from __future__ import annotations

import argparse

from rulebook.commands.loading import load_clean
from rulebook.commands.report import refusal_json, refused
from rulebook.problems import Refused, refusal_line, report_lines


def new_command(args: argparse.Namespace) -> int:
    from rulebook.authoring.command import run_new

    try:
        return run_new(args)
    except Refused as refusal:
        return report_refusal(f"rulebook new {args.new_command}", refusal)


def rule_command(args: argparse.Namespace) -> int:
    from rulebook.authoring.command import run_rule

    try:
        return run_rule(args)
    except Refused as refusal:
        return report_refusal(f"rulebook rule {args.rule_command}", refusal)


def report_refusal(what: str, refusal: Refused, json_wanted: bool = False) -> int:
    """Exit 2: each problem at its `file:line:col`, the last (what the command concludes, or its one
    problem) after the command's name; under --json, one JSON object with the same lines."""
    *before, last = refusal.problems
    closing = f"{what}: {refusal_line(last)}"
    code = refused(before, closing)
    if json_wanted:
        print(refusal_json([*report_lines([refusal_line(problem) for problem in before]), closing]))
    return code


def editions_command(args: argparse.Namespace) -> int:
    """`edition new` (rulebook/authoring/command.py), `cite` and `diff` (rulebook/editions/command.py), on
    content that checks clean."""
    from rulebook.authoring.command import run_edition
    from rulebook.editions import command

    project = load_clean(args.root)
    if project is None:
        return 2
    run = {"edition": run_edition, "cite": command.run_cite, "diff": command.run_diff}[args.command]
    try:
        return run(args, project)
    except Refused as refusal:
        what = "rulebook edition new" if args.command == "edition" else f"rulebook {args.command}"
        return report_refusal(what, refusal, getattr(args, "json", False))


def add_parsers(commands: argparse._SubParsersAction) -> None:
    new = commands.add_parser("new", help="start a game or a language, passing `check` and the build at once")
    new_commands = new.add_subparsers(dest="new_command", required=True, metavar="KIND")
    new_game = new_commands.add_parser("game", help="rules/ID with one section and one rule, listed in the project")
    new_game.add_argument("id", metavar="ID", help="the game's id: its folder and its page (e.g. my-game)")
    new_game.add_argument("--name", required=True, help="the game's name, the same in every language")
    new_game.add_argument("--scoring", action="store_true", help="also a scoring module and a worked example")
    new_game.set_defaults(run=new_command)
    new_language = new_commands.add_parser("language", help="a language: words files, UI catalog, site config")
    new_language.add_argument("code", metavar="CODE", help="an ISO 639 code that Babel knows")
    new_language.set_defaults(run=new_command)
    rule = commands.add_parser("rule", help="rename or delete a rule in every file and language at once")
    rule_commands = rule.add_subparsers(dest="rule_command", required=True, metavar="ACTION")
    rename = rule_commands.add_parser("rename", help="a rule's new id: game.yaml, every reference, unit and link")
    rename.add_argument("game", metavar="GAME")
    rename.add_argument("old", metavar="OLD_ID")
    rename.add_argument("new", metavar="NEW_ID")
    rename.set_defaults(run=rule_command)
    delete = rule_commands.add_parser("delete", help="a rule and its words in every language (refused while named)")
    delete.add_argument("game", metavar="GAME")
    delete.add_argument("id", metavar="ID")
    delete.set_defaults(run=rule_command)
    edition = commands.add_parser("edition", help="record an edition of a game: its rules' numbers and texts now")
    edition_commands = edition.add_subparsers(dest="edition_command", required=True, metavar="ACTION")
    edition_new = edition_commands.add_parser("new", help="snapshot every rule in every language as edition VERSION")
    edition_new.add_argument("game", metavar="GAME")
    edition_new.add_argument("version", metavar="VERSION", help="such as 1.1; later than the latest edition")
    edition_new.add_argument(
        "--date", metavar="YYYY-MM-DD", help="the day it is published (default: today, UTC); not one still to come"
    )
    edition_new.add_argument(
        "--effective", metavar="YYYY-MM-DD", help="the day its rules take effect, if not the day it is published"
    )
    edition_new.add_argument("--summary", metavar="TEXT", help="what it changes, in English: a unit to translate")
    edition_new.set_defaults(run=editions_command)
    cite = commands.add_parser("cite", help="the rule a number meant in an edition, and where it is now")
    cite.add_argument("game", metavar="GAME")
    cite.add_argument("number", metavar="NUMBER", help="as cited, such as 3.2")
    cite.add_argument("--edition", metavar="VERSION", help="the edition cited (default: the latest)")
    cite.add_argument("--lang", metavar="LANG", help="the section title in this language (default: English)")
    cite.add_argument("--json", action="store_true", help="print exactly one JSON object")
    cite.set_defaults(run=editions_command)
    diff = commands.add_parser("diff", help="the rules added, removed, changed and renumbered between two editions")
    diff.add_argument("game", metavar="GAME")
    diff.add_argument("old", metavar="FROM")
    diff.add_argument("new", metavar="TO", help="a later edition, or `current`: the rules as they stand now")
    diff.add_argument("--lang", metavar="LANG", help="the texts in this language (default: English)")
    diff.add_argument("--json", action="store_true", help="print exactly one JSON object")
    diff.set_defaults(run=editions_command)
