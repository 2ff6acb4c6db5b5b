"""The `rulebook` command. Exit codes: 0 clean, 1 problems found, 2 bad usage or input."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from rulebook.arguments import intermixed
from rulebook.load.reader import PROJECT_FILE
from rulebook.problems import cut, display_path, excerpt, one_line, report_lines
from rulebook.streams import safe_streams

if TYPE_CHECKING:
    from rulebook.i18n.refusals import Speaker
    from rulebook.model import Project
    from rulebook.scoring.outcome import Outcome


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` that holds rules/project.yaml."""
    for folder in (start, *start.parents):
        if (folder / PROJECT_FILE).is_file():
            return folder
    return None


def _check(args: argparse.Namespace) -> int:
    return _checked(args)[0]


def _checked(args: argparse.Namespace) -> tuple[int, Project | None]:
    """`rulebook check`'s exit code, and the checked project when it has no error."""
    from rulebook.check import check_project

    started = time.perf_counter()
    loaded, problems = check_project(args.root, parallel=True)
    # Errors first: when the list is cut after 50, what fails the check is what shows.
    for line in report_lines(sorted(problems, key=lambda problem: not problem.is_error)):
        print(line)
    errors = sum(problem.is_error for problem in problems)
    warnings = len(problems) - errors
    project = loaded.project
    units = sum(w.size for t in project.text_sets() for w in t.words.values()) if project else 0
    elapsed = time.perf_counter() - started
    print(f"{errors} error(s), {warnings} warning(s) in {units} text units ({elapsed:.2f} s)", file=sys.stderr)
    return (1, None) if errors else (0, project)


def _build(args: argparse.Namespace) -> int:
    """The site, built by one process per share of the languages at once, then merged
    (rulebook/website/split_build.py); with --languages, one share, in this process."""
    import logging
    import os

    from rulebook.website import split_build

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    config = args.config_file or args.root / "mkdocs.yml"
    site = (args.site or config.parent / "site").resolve()
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    try:
        languages = split_build.site_languages(config)
    except ConfigurationError as error:
        return _fail(f"rulebook build: {one_line(str(error))}", 2, False)
    except (KeyError, StopIteration):
        return _fail(f"rulebook build: {excerpt(str(config))} configures no languages of the i18n plugin", 2, False)
    site_url, refusal = _site_url(args, config)
    if refusal:
        return _fail(refusal, 2, False)
    if args.languages:
        unknown = [code for code in args.languages.split(",") if code not in languages]
        if unknown:
            return _fail(
                f"rulebook build: --languages: {', '.join(map(excerpt, unknown))} not among {languages}", 2, False
            )
        try:
            split_build.build_part(config, site, args.languages.split(","), args.strict, site_url)
        except (Abort, ConfigurationError, PluginError) as error:
            print(f"rulebook build: {one_line(str(error))}", file=sys.stderr)
            return 1
        return 0
    # Checked once here, on every core, and the pages rendered once: the parts then find every
    # result in the persistent cache and every page on disk.
    code, project = _checked(args)
    if code:
        return code
    if project is not None:
        split_build.write_pages(args.root, config, project)
    jobs = args.jobs or os.cpu_count() or 1
    return split_build.build_in_parallel(args.root, config, site, jobs, args.strict, site_url)


def _site_url(args: argparse.Namespace, config: Path) -> tuple[str | None, str | None]:
    """The address to publish at, when it replaces the config's (--site-url, else RULEBOOK_SITE_URL),
    and the refusal of a local or malformed one, wherever it was set."""
    import os

    from rulebook.site_address import ENVIRONMENT, address_problem, with_slash
    from rulebook.website.split_build import configured_address

    if args.site_url is not None:
        given, where = args.site_url, "--site-url"
    elif os.environ.get(ENVIRONMENT):
        given, where = os.environ[ENVIRONMENT], ENVIRONMENT
    else:
        given, where = None, f"{display_path(config, args.root)}: site_url"
    address = given if given is not None else configured_address(config)
    problem = address_problem(address) if address is not None else None
    if problem:
        return None, f"rulebook build: {where}: {excerpt(address)} {problem}"
    return (with_slash(given) if given is not None else None), None


def _serve(args: argparse.Namespace) -> int:
    """The site at --dev-addr, refreshed after every edit (rulebook/website/live.py)."""
    import logging

    from mkdocs.exceptions import Abort, ConfigurationError

    from rulebook.website.live_server import serve

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    logging.getLogger("mkdocs.plugins.rulebook.live").setLevel(logging.INFO)
    logging.getLogger("mkdocs.livereload").setLevel(logging.INFO)
    host, _, port = args.dev_addr.rpartition(":")
    if not host or not port.isdigit():
        return _fail(f"rulebook: --dev-addr: expected HOST:PORT, got {excerpt(args.dev_addr)}", 2, False)
    try:
        serve(args.config_file or args.root / "mkdocs.yml", host, int(port), strict=args.strict)
    except (Abort, ConfigurationError) as error:  # the problems are logged above, with file:line:col
        return _fail(f"rulebook serve: {one_line(str(error))}", 2, False)
    return 0


def _merge(args: argparse.Namespace) -> int:
    from rulebook.load.document import DocumentError, read_document
    from rulebook.website.split_build import merge

    default = args.default_language
    if default is None:
        try:
            default = read_document(args.root / PROJECT_FILE, str(PROJECT_FILE)).data["languages"][0]
        except (DocumentError, KeyError, TypeError, IndexError):
            return _fail("rulebook merge: rules/project.yaml names no language; use --default-language", 2, False)
    try:
        merge(args.site, args.parts, default)
    except (ValueError, OSError) as error:
        return _fail(f"rulebook merge: {one_line(str(error))}", 2, False)
    return 0


MAX_INPUT_BYTES = 1024 * 1024  # a situation is a few lines; anything bigger is refused unread


class _Refusal(Exception):
    """`rulebook score` cannot score this; `lines` say why, one problem each."""

    def __init__(self, lines: Sequence[object]):
        super().__init__(str(lines[0]) if lines else "")
        self.lines = list(lines)


def _read_input(source: str) -> tuple[bytes, str]:
    display = "<stdin>" if source == "-" else cut(one_line(source), 255)
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as stream:
                raw = stream.read(MAX_INPUT_BYTES + 1)
    except (OSError, AttributeError, ValueError) as error:  # no stdin at all is AttributeError
        reason = getattr(error, "strerror", None) or "no input"
        raise _Refusal([f"{display}: cannot read: {reason}"]) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise _Refusal([f"{display}: refused: the document is larger than 1 MiB"])
    return raw, display


def _score(args: argparse.Namespace) -> int:
    """Score a situation; every refusal exits 2, and with --json prints one JSON object too."""
    try:
        say = _refusal_speaker(args.root, args.lang)
        read = None if args.example else lambda: _read_input(args.file)
        outcome = _scored(args.root, args.game, read, args.example, say)
    except _Refusal as refusal:
        return _fail(refusal.lines, 2, args.json)
    if args.json:
        print(outcome_json(outcome))
    else:
        for line in outcome.lines:
            print(line.english())
        if "winners" in outcome.values:  # a turn's last line already ends on its score
            print(_summary(outcome.values))
    return 0


def outcome_json(outcome: Outcome) -> str:
    """What `rulebook score --json` prints for a scored situation."""
    import json

    return json.dumps(outcome.values, ensure_ascii=False, allow_nan=False)


def refusal_json(lines: Sequence[str]) -> str:
    """What every command prints under --json when it refuses: the lines it wrote to stderr."""
    import json

    return json.dumps({"error": True, "problems": list(lines)}, ensure_ascii=False)


def score_json(root: Path, game: str, raw: bytes, language: str | None = None) -> tuple[int, str]:
    """`rulebook score GAME - --json [--lang LANGUAGE]` in process, for these bytes on stdin: its exit
    code and its standard output. The calculator's differential tests compare with this, case by case."""
    try:
        say = _refusal_speaker(root, language)
        outcome = _scored(root, game, lambda: (raw, "<stdin>"), None, say)
    except _Refusal as refusal:
        return 2, refusal_json(report_lines(refusal.lines))
    return 0, outcome_json(outcome)


def _refusal_speaker(root: Path, language: str | None) -> Speaker:
    """The refusals' words in `language` (English by default); an unknown language is refused."""
    from rulebook.i18n.refusals import english, speaker

    if language is None:
        return english
    from rulebook.load.document import DocumentError, read_document

    try:
        languages = read_document(root / PROJECT_FILE, str(PROJECT_FILE)).data["languages"]
    except (DocumentError, KeyError, TypeError):
        raise _Refusal([f"rulebook score: {PROJECT_FILE} is broken; `rulebook check` lists every problem"]) from None
    if language not in languages:
        choices = ", ".join(map(str, languages))
        raise _Refusal([f"rulebook score: no language {excerpt(language)}; choose from {choices}"])
    return speaker(root, language, languages[0])


def _scored(
    root: Path, game_id: str, read: Callable[[], tuple[bytes, str]] | None, example: str | None, say: Speaker
) -> Outcome:
    """The outcome of the situation that `read` returns (bytes and their display name), or of an example."""
    from rulebook.load.document import DocumentError, parse_document
    from rulebook.load.reader import read_checked
    from rulebook.scoring.scorers import has_scorer
    from rulebook.scoring.situation import Invalid, score_situation

    game_file = root / "rules" / game_id / "game.yaml"
    if not _is_game_name(game_id) or not game_file.is_file():
        raise _Refusal([f"rulebook score: no game {excerpt(game_id)} (no {one_line(display_path(game_file, root))})"])
    game, broken = read_checked(root, game_file, "game.schema.json")
    if game is None:
        raise _Refusal([*broken, "rulebook score: the game data is broken; `rulebook check` lists every problem"])
    try:
        if read is None:
            examples = {item["id"]: index for index, item in enumerate(game.data.get("examples", []))}
            if example not in examples:
                known = ", ".join(examples) or "none"
                raise _Refusal([f"rulebook score: {game_id} has no example {excerpt(example)}; it has: {known}"])
            document = game.part(("examples", examples[example], "input"))
        else:
            document = parse_document(*read())
        scoring = game.data.get("scoring", game_id)
        if not has_scorer(root, scoring):
            raise _Refusal([f"rulebook score: {game_id} has no scoring functions"])
        return score_situation(document, scoring, game.data["facts"], root, say, remember=read is None)
    except (DocumentError, Invalid) as error:
        raise _Refusal(error.problems) from None


def _is_game_name(name: str) -> bool:
    """A game is a folder under rules/: its name cannot climb out of it (`../x`) or name a hidden file."""
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".") and "\x00" not in name


def _summary(values: dict) -> str:
    """The winners (and the red token's fate); a name with a line break in it stays on its line."""
    winners = [one_line(name) for name in values["winners"]]
    text = f"{'Winners' if len(winners) > 1 else 'Winner'}: {', '.join(winners)}"
    if values.get("tiebreak"):
        text += " (a tiebreaker is needed)"
    if "red_token_to" in values:
        placed = values.get("red_token_shelf")
        where = f", on {one_line(placed['player'])}'s shelf {placed['shelf']}" if placed else ""
        text += f"\nRed token: {one_line(values['red_token_to'] or 'nobody (tied)')}{where}"
    return text


def _status(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from rulebook.i18n.fact_basis import fact_change_notes
    from rulebook.i18n.state import language_tallies, outdated_reasons_of, pending_units
    from rulebook.load.project import load_project

    loaded = load_project(args.root)
    if loaded.project is None:
        return _fail(loaded.problems, 2, args.json)
    project = loaded.project
    translations = project.languages[1:]
    languages = [args.lang] if args.lang else translations
    unknown = [language for language in languages if language not in translations]
    if unknown:
        choices = ", ".join(translations) or "none"
        message = f"rulebook status: {excerpt(unknown[0])} is not a translation; choose from {choices}"
        return _fail(message, 2, args.json)
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


def _load_clean(root: Path):
    """The project, or None after printing why it cannot be used."""
    from rulebook.check import check_project

    loaded, problems = check_project(root)
    errors = [problem for problem in problems if problem.is_error]
    if loaded.project is None or errors:
        for problem in errors or loaded.problems:
            print(problem, file=sys.stderr)
        print("rulebook: the content has errors; fix them first (`rulebook check`)", file=sys.stderr)
        return None
    return loaded.project


def _export(args: argparse.Namespace) -> int:
    from rulebook.i18n.export import export

    project = _load_clean(args.root)
    if project is None:
        return 2
    if args.lang not in project.languages[1:]:
        print(
            f"rulebook i18n export: {args.lang!r} is not a translation; choose from {', '.join(project.languages[1:])}",
            file=sys.stderr,
        )
        return 2
    names = [text_set.id for text_set in project.text_sets()]
    if args.game is not None and args.game not in names:
        print(
            f"rulebook i18n export: no game or glossary {args.game!r}; choose from {', '.join(names)}", file=sys.stderr
        )
        return 2
    from rulebook.i18n.po_file import Refused

    try:
        written = export(project, args.lang, args.game, args.output, force=args.force)
    except Refused as refused:  # a file holds a translator's edits: nothing was written
        for problem in refused.problems:
            print(problem, file=sys.stderr)
        print("rulebook i18n export: refused; no file was changed", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"rulebook i18n export: cannot write {error.filename or args.output}: {error.strerror}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
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
    from rulebook.i18n.po_file import Refused

    project = _load_for_translations(args.root)
    if project is None:
        return 2
    try:
        action(project, Path(args.file))
    except Refused as refused:
        for problem in refused.problems:
            print(problem, file=sys.stderr)
        print(f"rulebook i18n {args.i18n_command}: {args.file} refused; no file was changed", file=sys.stderr)
        return 2
    except OSError as error:  # the one write is atomic: nothing was changed
        print(f"rulebook i18n {args.i18n_command}: cannot write {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    return 0


def _import(args: argparse.Namespace) -> int:
    from rulebook.i18n.importer import import_po
    from rulebook.problems import display_path

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

    return _po_command(args, run)


def _update(args: argparse.Namespace) -> int:
    from rulebook.i18n.update import update_po

    def run(project, path: Path) -> None:
        updated = update_po(project, path)
        print(
            f"{args.file}: brought up to the current English: {len(updated.changed)} entr(ies) now fuzzy "
            f"(their English changed), {len(updated.added)} added, {len(updated.obsolete)} obsolete, "
            f"{len(updated.revived)} obsolete made live again"
        )
        for label, ids in (
            ("fuzzy", updated.changed),
            ("added", updated.added),
            ("obsolete", updated.obsolete),
            ("live again", updated.revived),
        ):
            for unit_id in ids:
                print(f"  {label}: {unit_id}")

    return _po_command(args, run)


def _review(args: argparse.Namespace) -> int:
    from rulebook.i18n.review import review_po
    from rulebook.problems import display_path

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


def _minor(args: argparse.Namespace) -> int:
    from rulebook.i18n.minor import commit_message, minor_edit
    from rulebook.i18n.po_file import Refused
    from rulebook.problems import display_path

    project = _load_clean(args.root)
    if project is None:
        return 2
    try:
        result = minor_edit(project, args.game, args.unit, args.lang)
    except Refused as refused:
        for problem in refused.problems:
            print(f"rulebook i18n minor: {one_line(problem)}", file=sys.stderr)
        return 2
    for language, path in result.stamped.items():
        print(f"{display_path(path, args.root)}: {args.unit} stays current ({language})")
    for language, why in result.left.items():
        print(f"{language}: {args.unit} not changed: {why}")
    print(f"suggested commit message: {commit_message(project, args.game, args.unit, result)}")
    return 0


def _sync(args: argparse.Namespace) -> int:
    from rulebook.i18n.po_file import Refused
    from rulebook.i18n.sync import sync

    project = _load_for_translations(args.root)
    if project is None:
        return 2
    folder = args.output if args.output is not None else args.root / "po"
    try:
        synced = sync(project, folder)
    except Refused as refused:
        for problem in refused.problems:
            print(problem, file=sys.stderr)
        print("rulebook i18n sync: refused; no file was changed", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"rulebook i18n sync: cannot write {error.filename or folder}: {error.strerror}", file=sys.stderr)
        return 2
    for imported in synced.imported:
        where = display_path(imported.path, args.root)
        print(f"{where}: {len(imported.changes)} unit(s) imported from the PO file")
        for change in imported.changes:
            print(f"  updated: {change.unit_id}" + (" (needs work)" if change.unit_id in imported.fuzzy else ""))
    for entry in synced.kept:
        print(f"  {entry}: changed in the YAML only; exported from it")
    print(
        f"{display_path(folder, args.root)}: {len(synced.written)} file(s) exported again from the YAML, "
        "the rest in step"
    )
    return 0


def _terms(args: argparse.Namespace) -> int:
    from rulebook.i18n.terms import export_terms

    project = _load_clean(args.root)
    if project is None:
        return 2
    if args.lang not in project.languages[1:]:
        print(
            f"rulebook i18n terms: {args.lang!r} is not a translation; choose from {', '.join(project.languages[1:])}",
            file=sys.stderr,
        )
        return 2
    try:
        written = export_terms(project, args.lang, args.output)
    except OSError as error:
        print(f"rulebook i18n terms: cannot write {error.filename or args.output}: {error.strerror}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


def _new(args: argparse.Namespace) -> int:
    from rulebook.authoring.command import run_new

    return run_new(args)


def _percent(text: str):
    from rulebook.i18n.threshold import percent_argument

    return percent_argument(text)


def _rule(args: argparse.Namespace) -> int:
    from rulebook.authoring.command import run_rule

    return run_rule(args)


def _editions(args: argparse.Namespace) -> int:
    """`edition new`, `cite` and `diff` (rulebook/editions/command.py), on content that checks clean."""
    from rulebook.editions import command

    project = _load_clean(args.root)
    if project is None:
        return 2
    return {"edition": command.run_edition, "cite": command.run_cite, "diff": command.run_diff}[args.command](
        args, project
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulebook", description=__doc__)
    parser.add_argument("--root", type=Path, help="project folder (default: found upwards from here)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser("check", help="validate all content and report every problem")
    check.set_defaults(run=_check)
    build = commands.add_parser("build", help="build the site, its languages in parallel processes, and merge them")
    build.add_argument("-f", "--config-file", type=Path, help="the MkDocs config (default: mkdocs.yml in the project)")
    build.add_argument("--site", type=Path, help="the folder to build into (default: site beside the config)")
    build.add_argument("--jobs", type=int, help="processes at once (default: one per core)")
    build.add_argument("--strict", action="store_true", help="a warning fails the build, as mkdocs build --strict")
    build.add_argument("--languages", help="build only these languages (one part of a split build, for `merge`)")
    build.add_argument(
        "--site-url",
        metavar="URL",
        help="the address the site is published at (default: RULEBOOK_SITE_URL, else site_url)",
    )
    build.set_defaults(run=_build)
    serve = commands.add_parser("serve", help="serve the site and refresh what an edit changes (make serve)")
    serve.add_argument("-f", "--config-file", type=Path, help="the MkDocs config (default: mkdocs.yml in the project)")
    serve.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="HOST:PORT to serve at (127.0.0.1:8000)")
    serve.add_argument("--strict", action="store_true", help="a warning fails the build, as mkdocs serve --strict")
    serve.set_defaults(run=_serve)
    merge = commands.add_parser("merge", help="merge the parts of a split build into one site")
    merge.add_argument("site", type=Path, help="the merged site (replaced)")
    merge.add_argument("parts", type=Path, nargs="+", help="the parts' sites, each built with --languages")
    merge.add_argument("--default-language", help="(default: the first of rules/project.yaml)")
    merge.set_defaults(run=_merge)
    # Options before or after FILE: `score rebus --lang fr -` as `score rebus - --lang fr`.
    score = intermixed(commands.add_parser("score", help="score a situation of a game (exit 2 on bad input)"))
    score.add_argument("game", metavar="GAME", help="a game id of rules/project.yaml")
    score.add_argument("file", metavar="FILE", nargs="?", default="-", help="YAML or JSON document; - for stdin")
    score.add_argument("--json", action="store_true", help="print exactly one JSON object")
    score.add_argument("--example", metavar="ID", help="score one of the game's worked examples instead")
    score.add_argument("--lang", metavar="LANG", help="refusals in this project language (default: English)")
    score.set_defaults(run=_score)
    status = commands.add_parser("status", help="translation progress: translated, outdated, missing, draft")
    status.add_argument("--lang", metavar="LANG", help="one language only")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    status.add_argument(
        "--fail-under",
        metavar="PERCENT",
        type=_percent,
        help="exit 1 when a language has fewer units up to date than this (0 to 100)",
    )
    status.set_defaults(run=_status)
    i18n = commands.add_parser(
        "i18n", help="PO files for translators: export, update, import, review, sync, minor, terms"
    )
    i18n_commands = i18n.add_subparsers(dest="i18n_command", required=True, metavar="ACTION")
    export = i18n_commands.add_parser("export", help="write PO files of a language and their .pot templates")
    export.add_argument("lang", metavar="LANG")
    export.add_argument("--game", metavar="GAME", help="one game, or 'glossary' (default: all)")
    export.add_argument("-o", "--output", type=Path, default=Path("po"), help="folder (default: po)")
    export.add_argument(
        "--force", action="store_true", help="overwrite PO files that hold edits not imported yet (they are lost)"
    )
    export.set_defaults(run=_export)
    import_ = i18n_commands.add_parser("import", help="take a translated PO file back into the YAML")
    import_.add_argument("file", metavar="FILE")
    import_.set_defaults(run=_import)
    update = i18n_commands.add_parser("update", help="bring an old PO file up to the current English, in place")
    update.add_argument("file", metavar="FILE")
    update.set_defaults(run=_update)
    review = i18n_commands.add_parser("review", help="mark the units of a reviewed PO file as reviewed")
    review.add_argument("file", metavar="FILE")
    review.set_defaults(run=_review)
    minor = i18n_commands.add_parser(
        "minor", help="an English edit that keeps the meaning (a typo): its current translations stay current"
    )
    minor.add_argument("game", metavar="GAME", help="a game, or 'glossary'")
    minor.add_argument("unit", metavar="UNIT_ID", help="the unit whose English was edited, e.g. rule.drawing")
    minor.add_argument("--lang", action="append", metavar="LANG", help="one translation (repeatable; default: all)")
    minor.set_defaults(run=_minor)
    sync = i18n_commands.add_parser(
        "sync", help="po/ and the YAML in step: import what translators changed, then export every PO file again"
    )
    sync.add_argument("-o", "--output", type=Path, default=None, help="folder of the PO files (default: po)")
    sync.set_defaults(run=_sync)
    terms = i18n_commands.add_parser("terms", help="glossary/terms.yaml as TBX and CSV for translation tools")
    terms.add_argument("lang", metavar="LANG")
    terms.add_argument("-o", "--output", type=Path, default=Path("po"), help="folder (default: po)")
    terms.set_defaults(run=_terms)
    new = commands.add_parser("new", help="start a game or a language, passing `check` and the build at once")
    new_commands = new.add_subparsers(dest="new_command", required=True, metavar="KIND")
    new_game = new_commands.add_parser("game", help="rules/ID with one section and one rule, listed in the project")
    new_game.add_argument("id", metavar="ID", help="the game's id: its folder and its page (e.g. my-game)")
    new_game.add_argument("--name", required=True, help="the game's name, the same in every language")
    new_game.add_argument("--scoring", action="store_true", help="also a scoring module and a worked example")
    new_game.set_defaults(run=_new)
    new_language = new_commands.add_parser("language", help="a language: words files, UI catalog, site config")
    new_language.add_argument("code", metavar="CODE", help="an ISO 639 code that Babel knows")
    new_language.set_defaults(run=_new)
    rule = commands.add_parser("rule", help="rename or delete a rule in every file and language at once")
    rule_commands = rule.add_subparsers(dest="rule_command", required=True, metavar="ACTION")
    rename = rule_commands.add_parser("rename", help="a rule's new id: game.yaml, every reference, unit and link")
    rename.add_argument("game", metavar="GAME")
    rename.add_argument("old", metavar="OLD_ID")
    rename.add_argument("new", metavar="NEW_ID")
    rename.set_defaults(run=_rule)
    delete = rule_commands.add_parser("delete", help="a rule and its words in every language (refused while named)")
    delete.add_argument("game", metavar="GAME")
    delete.add_argument("id", metavar="ID")
    delete.set_defaults(run=_rule)
    edition = commands.add_parser("edition", help="record an edition of a game: its rules' numbers and texts now")
    edition_commands = edition.add_subparsers(dest="edition_command", required=True, metavar="ACTION")
    edition_new = edition_commands.add_parser("new", help="snapshot every rule in every language as edition VERSION")
    edition_new.add_argument("game", metavar="GAME")
    edition_new.add_argument("version", metavar="VERSION", help="such as 1.1; later than the latest edition")
    edition_new.add_argument("--date", metavar="YYYY-MM-DD", help="its date (default: today, UTC)")
    edition_new.add_argument("--summary", metavar="TEXT", help="what it changes, in English: a unit to translate")
    edition_new.set_defaults(run=_editions)
    cite = commands.add_parser("cite", help="the rule a number meant in an edition, and where it is now")
    cite.add_argument("game", metavar="GAME")
    cite.add_argument("number", metavar="NUMBER", help="as cited, such as 3.2")
    cite.add_argument("--edition", metavar="VERSION", help="the edition cited (default: the latest)")
    cite.add_argument("--lang", metavar="LANG", help="the section title in this language (default: English)")
    cite.add_argument("--json", action="store_true", help="print exactly one JSON object")
    cite.set_defaults(run=_editions)
    diff = commands.add_parser("diff", help="the rules added, removed, changed and renumbered between two editions")
    diff.add_argument("game", metavar="GAME")
    diff.add_argument("old", metavar="FROM")
    diff.add_argument("new", metavar="TO")
    diff.add_argument("--lang", metavar="LANG", help="the texts in this language (default: English)")
    diff.add_argument("--json", action="store_true", help="print exactly one JSON object")
    diff.set_defaults(run=_editions)
    return parser


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser that lets `main` report bad usage (as JSON too, under --json)."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


def main(argv: Sequence[str] | None = None) -> int:
    with safe_streams() as out:
        code = _run(list(sys.argv[1:] if argv is None else argv))
    if out is not None and out.failure is not None:
        print(f"rulebook: cannot write the output: {out.failure.strerror}", file=sys.stderr)
        return 2
    return code


def _run(argv: list[str]) -> int:
    json_wanted = "--json" in argv
    try:
        args = build_parser().parse_args(argv)
    except _UsageError as error:
        return _fail(one_line(str(error)), 2, json_wanted)
    if args.root is None:
        args.root = find_root(Path.cwd())
        if args.root is None:
            return _fail(f"rulebook: no {PROJECT_FILE} here or above; use --root", 2, json_wanted)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # a path too long, a folder that cannot be listed: the input, not a bug
        where = excerpt(str(error.filename)) if error.filename else "a file"
        return _fail(f"rulebook: cannot read {where}: {error.strerror or error}", 2, json_wanted)
    except Exception as error:  # A bug must still not greet the user with a traceback.
        return _fail(f"rulebook: internal error: {type(error).__name__}: {excerpt(str(error), 200)}", 3, json_wanted)


def _fail(problems: str | Sequence[object], code: int, json_wanted: bool) -> int:
    """Print why a command refuses (at most 50 lines), and under --json one JSON object saying it."""
    lines = report_lines([problems] if isinstance(problems, str) else problems)
    for line in lines:
        print(line, file=sys.stderr)
    if json_wanted:
        print(refusal_json(lines))
    return code


if __name__ == "__main__":
    sys.exit(main())
