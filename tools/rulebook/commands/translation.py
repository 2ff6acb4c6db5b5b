"""The translators' commands: `status` and `i18n` (export, import, update, review, minor, sync, terms)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulebook.commands.loading import load_clean
from rulebook.commands.report import fail, refused, warned
from rulebook.files.disk import own_folder
from rulebook.problems import display_path, excerpt, one_line


def status_command(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from rulebook.i18n.fact_basis import fact_change_notes
    from rulebook.i18n.state import language_tallies, outdated_reasons_of, pending_units
    from rulebook.load.project import load_project

    loaded = load_project(args.root)
    if loaded.project is None:
        return fail(loaded.problems, 2, args.json)
    project = loaded.project
    translations = project.languages[1:]
    languages = [args.lang] if args.lang else translations
    unknown = [language for language in languages if language not in translations]
    if unknown:
        choices = ", ".join(translations) or "none"
        message = f"rulebook status: {excerpt(unknown[0])} is not a translation; choose from {choices}"
        return fail(message, 2, args.json)
    tallies = {language: language_tallies(project, language) for language in languages}
    # The units to work on, by id, as the site's status page lists them.
    todo = {language: pending_units(project, language) for language in languages}
    why = {language: outdated_reasons_of(project, language) for language in languages}
    if args.json:
        report = {
            language: {
                t.name: {
                    **asdict(t),
                    "percent": round(t.percent, 1),
                    **todo[language].get(t.name, {}),
                    **({"outdated_reasons": why[language][t.name]} if t.name in why[language] else {}),
                }
                for t in rows
            }
            for language, rows in tallies.items()
        }
        print(
            json.dumps(
                {"source_language": project.source_language, "languages": report}, ensure_ascii=False, allow_nan=False
            )
        )
    else:
        columns = ("total", "translated", "outdated", "missing", "draft", "reviewed", "original")
        print(f"{'language':<9}{'part':<12}" + "".join(f"{c:>11}" for c in columns) + f"{'done':>8}")
        for language, rows in tallies.items():
            for t in rows:
                cells = "".join(f"{getattr(t, c):>11}" for c in columns)
                print(f"{language:<9}{t.name:<12}{cells}{t.percent:>7.1f}%")
        for language, parts in todo.items():
            for name, kinds in parts.items():
                for kind, ids in kinds.items():
                    if ids:
                        print(f"{language} {name} {kind.removesuffix('_ids')}: {' '.join(ids)}")
            for name, reasons in why[language].items():
                for unit_id, said in reasons.items():
                    for note in fact_change_notes(said):  # an English edit needs no saying: the ids above
                        print(f"{language} {name} {unit_id}: {note}")
    if args.fail_under is not None:
        from rulebook.i18n.threshold import share, shown, shown_under

        below = [(language, share(rows[-1])) for language, rows in tallies.items() if share(rows[-1]) < args.fail_under]
        for language, percent in below:
            print(
                f"rulebook status: {language} is {shown_under(percent, args.fail_under)}% translated, "
                f"under {shown(args.fail_under)}%",
                file=sys.stderr,
            )
        return 1 if below else 0
    return 0


def _po_folder(args: argparse.Namespace) -> Path:
    """--output, or the project's own po/ (under --root, wherever the command runs from); never
    through a link in the project (LinkedFolder)."""
    folder = args.output if args.output is not None else args.root / "po"
    own_folder(folder, args.root)
    return folder


def export_command(args: argparse.Namespace) -> int:
    from rulebook.translation.export import export

    project = load_clean(args.root)
    if project is None:
        return 2
    if args.lang not in project.languages[1:]:
        return _not_a_translation("export", args.lang, project.languages[1:])
    names = [text_set.id for text_set in project.text_sets()]
    if args.game is not None and args.game not in names:
        from rulebook.i18n.refused import refusal_at
        from rulebook.problem_codes import Message

        unknown = {"text_set": excerpt(args.game), "names": ", ".join(names)}
        return refused([refusal_at("", 0, Message("i18n.unknown-text-set", {}, unknown))], prefix=_PREFIX["export"])
    from rulebook.problems import Refused

    try:
        written = export(project, args.lang, args.game, _po_folder(args), force=args.force)
    except Refused as refusal:  # a file holds a translator's edits: nothing was written
        return refused(refusal.problems, "rulebook i18n export: refused; no file was changed")
    except OSError as error:
        return _write_failed("rulebook i18n export", error, args.root)
    for path in written:  # as given with --output; else from the project's root, as `po/x.po`
        print(path if args.output is not None else display_path(path, args.root))
    return 0


def _load_for_translations(root: Path):
    """The project, even when its content has errors (an import may be what fixes them); None after
    printing why it cannot be read at all."""
    from rulebook.load.project import load_project

    loaded = load_project(root)
    if loaded.project is None:
        for problem in loaded.problems:
            print(problem, file=sys.stderr)
        print("rulebook: the project cannot be read; fix it first (`rulebook check`)", file=sys.stderr)
    return loaded.project


def _po_command(args: argparse.Namespace, action) -> int:
    """Run an action on a PO file; a refusal is exit 2 with one line per problem, and no file changed."""
    from rulebook.problems import Refused

    project = _load_for_translations(args.root)
    if project is None:
        return 2
    try:
        action(project, Path(args.file))
    except Refused as refusal:
        closing = f"rulebook i18n {args.i18n_command}: {one_line(args.file)} refused; no file was changed"
        return refused(refusal.problems, closing)
    except OSError as error:
        return _write_failed(f"rulebook i18n {args.i18n_command}", error, args.root)
    return 0


def _write_failed(what: str, error: OSError, root: Path) -> int:
    """Which file could not be written and why, and which files were changed (none, the writes
    being staged: rulebook.files.plan)."""
    from rulebook.files.plan import write_failure

    for line in write_failure(what, error, root):
        print(line, file=sys.stderr)
    return 2


def import_command(args: argparse.Namespace) -> int:
    from rulebook.problems import display_path
    from rulebook.translation.importer import import_po

    def run(project, path: Path) -> None:
        imported = import_po(project, path)
        where = display_path(imported.path, args.root)
        print(
            f"{where}: {len(imported.changes)} unit(s) updated, "
            f"{len(imported.fuzzy)} fuzzy entr(ies) kept as needing work, "
            f"{len(imported.outdated)} stale entr(ies) taken as outdated, {len(imported.skipped)} skipped"
        )
        for change in imported.changes:
            marks = [
                mark
                for mark, ids in (("outdated", imported.outdated), ("needs work", imported.fuzzy))
                if change.unit_id in ids
            ]
            print(f"  updated: {change.unit_id}" + (f" ({', '.join(marks)})" if marks else ""))
        for skipped in imported.skipped:
            print(f"  {args.file}:{skipped.line}: skipped: {skipped.unit_id}: {skipped.reason}")
        if imported.obsolete:
            print(f"  {imported.obsolete} obsolete (#~) entr(ies) not imported: kept in the file for the translator")
        warned(imported.warnings)

    return _po_command(args, run)


def update_command(args: argparse.Namespace) -> int:
    from rulebook.translation.update import update_po

    def run(project, path: Path) -> None:
        updated = update_po(project, path)
        print(
            f"{args.file}: brought up to the current English: {len(updated.changed)} entr(ies) now fuzzy "
            f"(their English changed), {len(updated.added)} added, {len(updated.obsolete)} obsolete, "
            f"{len(updated.revived)} obsolete made live again, "
            f"{len(updated.facts)} showing a fact's new value"
        )
        for label, ids in (
            ("fuzzy", updated.changed),
            ("added", updated.added),
            ("obsolete", updated.obsolete),
            ("live again", updated.revived),
            ("fact changed", updated.facts),
        ):
            for unit_id in ids:
                print(f"  {label}: {unit_id}")

    return _po_command(args, run)


def review_command(args: argparse.Namespace) -> int:
    from rulebook.problems import display_path
    from rulebook.translation.review import review_po

    def run(project, path: Path) -> None:
        result = review_po(project, path)
        print(f"{display_path(result.path, args.root)}: {len(result.reviewed)} unit(s) marked reviewed")
        for unit_id in result.reviewed:
            print(f"  reviewed: {unit_id}")
        for unit_id in result.edited:
            print(f"  not reviewed, the text differs from the YAML (import it first): {unit_id}")
        for unit_id in result.outdated:
            print(f"  not reviewed, fuzzy or outdated: {unit_id}")

    return _po_command(args, run)


def minor_command(args: argparse.Namespace) -> int:
    from rulebook.files.plan import WriteFailed
    from rulebook.i18n.minor import commit_message, minor_edit
    from rulebook.problems import Refused, display_path

    project = load_clean(args.root)
    if project is None:
        return 2
    try:
        result = minor_edit(project, args.game, args.unit, args.lang)
    except Refused as refusal:
        return refused(refusal.problems, prefix=_PREFIX["minor"])
    except WriteFailed as error:  # a file it read that cannot be read goes up: `cannot read`
        return _write_failed("rulebook i18n minor", error, args.root)
    for language, path in result.stamped.items():
        print(f"{display_path(path, args.root)}: {args.unit} stays current ({language})")
    for language, why in result.left.items():
        print(f"{language}: {args.unit} not changed: {why}")
    print(f"suggested commit message: {commit_message(project, args.game, args.unit, result)}")
    return 0


def sync_command(args: argparse.Namespace) -> int:
    from rulebook.problems import Refused
    from rulebook.translation.sync import sync

    project = _load_for_translations(args.root)
    if project is None:
        return 2
    folder = _po_folder(args)
    try:
        synced = sync(project, folder)
    except Refused as refusal:
        return refused(refusal.problems, "rulebook i18n sync: refused; no file was changed")
    except OSError as error:
        return _write_failed("rulebook i18n sync", error, args.root)
    for imported in synced.imported:
        where = display_path(imported.path, args.root)
        print(f"{where}: {len(imported.changes)} unit(s) imported from the PO file")
        for change in imported.changes:
            print(f"  updated: {change.unit_id}" + (" (needs work)" if change.unit_id in imported.fuzzy else ""))
    for entry in synced.kept:
        print(f"  {entry}: changed in the YAML only; exported from it")
    warned([warning for imported in synced.imported for warning in imported.warnings])
    print(
        f"{display_path(folder, args.root)}: {len(synced.written)} file(s) exported again from the YAML, "
        "the rest in step"
    )
    return 0


def terms_command(args: argparse.Namespace) -> int:
    from rulebook.i18n.terms import export_terms

    project = load_clean(args.root)
    if project is None:
        return 2
    if args.lang not in project.languages[1:]:
        return _not_a_translation("terms", args.lang, project.languages[1:])
    try:
        written = export_terms(project, args.lang, _po_folder(args))
    except OSError as error:
        return _write_failed("rulebook i18n terms", error, args.root)
    for path in written:  # as given with --output; else from the project's root, as `po/x.po`
        print(path if args.output is not None else display_path(path, args.root))
    return 0


_PREFIX = {name: f"rulebook i18n {name}: " for name in ("export", "minor", "terms")}


def _not_a_translation(command: str, language: str, translations: list[str]) -> int:
    """`export` and `terms` refuse a language that is not a translation as `minor` does."""
    from rulebook.i18n.refused import not_a_translation, refusal_at

    return refused([refusal_at("", 0, not_a_translation(language, translations))], prefix=_PREFIX[command])


def _percent(text: str):
    from rulebook.i18n.threshold import percent_argument

    return percent_argument(text)


def add_parsers(commands: argparse._SubParsersAction) -> None:
    status = commands.add_parser("status", help="translation progress: translated, outdated, missing, draft")
    status.add_argument("--lang", metavar="LANG", help="one language only")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    status.add_argument(
        "--fail-under",
        metavar="PERCENT",
        type=_percent,
        help="exit 1 when a language has fewer units up to date than this (0 to 100)",
    )
    status.set_defaults(run=status_command)
    i18n = commands.add_parser(
        "i18n", help="PO files for translators: export, update, import, review, sync, minor, terms"
    )
    i18n_commands = i18n.add_subparsers(dest="i18n_command", required=True, metavar="ACTION")
    export = i18n_commands.add_parser("export", help="write PO files of a language and their .pot templates")
    export.add_argument("lang", metavar="LANG")
    export.add_argument("--game", metavar="GAME", help="one game, or 'glossary' (default: all)")
    export.add_argument("-o", "--output", type=Path, default=None, help="folder (default: the project's po)")
    export.add_argument(
        "--force", action="store_true", help="overwrite PO files that hold edits not imported yet (they are lost)"
    )
    export.set_defaults(run=export_command)
    import_ = i18n_commands.add_parser("import", help="take a translated PO file back into the YAML")
    import_.add_argument("file", metavar="FILE")
    import_.set_defaults(run=import_command)
    update = i18n_commands.add_parser("update", help="bring an old PO file up to the current English, in place")
    update.add_argument("file", metavar="FILE")
    update.set_defaults(run=update_command)
    review = i18n_commands.add_parser("review", help="mark the units of a reviewed PO file as reviewed")
    review.add_argument("file", metavar="FILE")
    review.set_defaults(run=review_command)
    minor = i18n_commands.add_parser(
        "minor", help="an English edit that keeps the meaning (a typo): its current translations stay current"
    )
    minor.add_argument("game", metavar="GAME", help="a game, or 'glossary'")
    minor.add_argument("unit", metavar="UNIT_ID", help="the unit whose English was edited, e.g. rule.drawing")
    minor.add_argument("--lang", action="append", metavar="LANG", help="one translation (repeatable; default: all)")
    minor.set_defaults(run=minor_command)
    sync = i18n_commands.add_parser(
        "sync", help="po/ and the YAML in step: import what translators changed, then export every PO file again"
    )
    sync.add_argument("-o", "--output", type=Path, default=None, help="folder of the PO files (default: po)")
    sync.set_defaults(run=sync_command)
    terms = i18n_commands.add_parser("terms", help="glossary/terms.yaml as TBX and CSV for translation tools")
    terms.add_argument("lang", metavar="LANG")
    terms.add_argument("-o", "--output", type=Path, default=None, help="folder (default: the project's po)")
    terms.set_defaults(run=terms_command)
