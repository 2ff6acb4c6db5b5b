"""The site's commands: `check`, `render`, `build`, `serve`, `merge` and `finish`."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.commands.report import fail
from rulebook.documents.reader import PROJECT_FILE
from rulebook.files.disk import own_folder
from rulebook.problems import display_path, excerpt, one_line, report_lines

if TYPE_CHECKING:
    from rulebook.model import Project
    from rulebook.problems import Problem


def check(args: argparse.Namespace) -> int:
    return checked(args)[0]


def checked(args: argparse.Namespace) -> tuple[int, Project | None]:
    """`rulebook check`'s exit code, and the checked project when it has no error."""
    from rulebook.validate.check import check_project

    started = time.perf_counter()
    language = getattr(args, "lang", None)
    if language is not None and language not in _project_languages(args.root):
        refusal = f"rulebook check: --lang: no language {excerpt(language)} in {PROJECT_FILE}"
        return fail(refusal, 2, getattr(args, "json", False)), None
    loaded, problems = check_project(args.root, parallel=True)
    # Errors first: when the list is cut after 50, what fails the check is what shows.
    problems = sorted(problems, key=lambda problem: not problem.is_error)
    if language is not None:
        problems = _said_in(args.root, language, problems)
    if getattr(args, "json", False):
        from rulebook.problem_codes import as_json

        print(json.dumps({"problems": [as_json(problem) for problem in problems]}, ensure_ascii=False))
    else:
        for line in report_lines(problems):
            print(line)
    errors = sum(problem.is_error for problem in problems)
    warnings = len(problems) - errors
    project = loaded.project
    units = sum(w.size for t in project.text_sets() for w in t.words.values()) if project else 0
    elapsed = time.perf_counter() - started
    print(f"{errors} error(s), {warnings} warning(s) in {units} text units ({elapsed:.2f} s)", file=sys.stderr)
    return (1, None) if errors else (0, project)


def _project_languages(root: Path) -> list[str]:
    from rulebook.located.document import LoadError, read_document

    try:
        return [str(language) for language in read_document(root / PROJECT_FILE, str(PROJECT_FILE)).data["languages"]]
    except (LoadError, KeyError, TypeError):
        return []  # the check says what is wrong with the file


def _said_in(root: Path, language: str, problems: list[Problem]) -> list[Problem]:
    """The problems with their messages in `language`, through the UI catalog."""
    from dataclasses import replace

    from rulebook.i18n.ui import ui_translations
    from rulebook.problem_codes import said_in

    translations = ui_translations(root, language)
    return [
        replace(problem, message=said_in(problem, translations.gettext, translations.ngettext, language))
        for problem in problems
    ]


def _build(args: argparse.Namespace) -> int:
    """The site, built by one process per share of the languages at once, then merged
    (rulebook/website/split_build.py); with --languages, one share, in this process."""
    import logging

    from rulebook.website import split_build

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    config = args.config_file or args.root / "mkdocs.yml"
    own_folder(args.site or config.parent / "site", args.root)  # not through a committed link
    site = (args.site or config.parent / "site").resolve()
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    numbers = _config_numbers(config, args.root)
    if numbers:
        return fail(numbers, 2, False)
    try:
        languages = split_build.site_languages(config)
    except (Abort, ConfigurationError) as error:  # MkDocs refused a setting (Abort): its log said which
        return fail(f"rulebook build: {one_line(str(error))}", 2, False)
    except (KeyError, StopIteration):
        return fail(f"rulebook build: {excerpt(str(config))} configures no languages of the i18n plugin", 2, False)
    site_url, refusal = _site_url(args, config)
    if refusal:
        return fail(refusal, 2, False)
    if args.languages:
        unknown = [code for code in args.languages.split(",") if code not in languages]
        if unknown:
            return fail(
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
    code, project = checked(args)
    if code:
        return code
    if project is not None:
        split_build.write_pages(args.root, config, project)
    jobs = args.jobs or os.cpu_count() or 1
    return split_build.build_in_parallel(args.root, config, site, jobs, args.strict, site_url)


def _config_numbers(config: Path, root: Path) -> list[Problem]:
    """The config's numbers over their bound (located/document.py): MkDocs reads the config before
    the check, and cannot print such a number."""
    from rulebook.located.document import long_numbers

    try:
        text = config.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []  # MkDocs, then the check, say why
    return long_numbers(text, display_path(config, root))


def _site_url(args: argparse.Namespace, config: Path) -> tuple[str | None, str | None]:
    """The address to publish at, when it replaces the config's (--site-url, else RULEBOOK_SITE_URL),
    and the refusal of a local or malformed one, wherever it was set. A malformed one in the config
    is left to the check, which names its line (validate/site_config.py): a local one is no fault
    of the config, which the preview's address may fill, but of a production build."""

    from rulebook.addresses.site_url import ENVIRONMENT, address_problem, site_url_problem, with_slash
    from rulebook.website.split_build import configured_address

    if args.site_url is not None:
        given, where = args.site_url, "--site-url"
    elif os.environ.get(ENVIRONMENT):
        given, where = os.environ[ENVIRONMENT], ENVIRONMENT
    else:
        given, where = None, f"{display_path(config, args.root)}: site_url"
    address = given if given is not None else configured_address(config)
    if address is None or (given is None and site_url_problem(address) is not None):
        return None, None
    problem = address_problem(address)
    if problem:
        return None, f"rulebook build: {where}: {problem}"
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
    numbers = _config_numbers(args.config_file or args.root / "mkdocs.yml", args.root)
    if numbers:
        return fail(numbers, 2, False)
    host, _, port = args.dev_addr.rpartition(":")
    if not host or not port.isdigit():
        return fail(f"rulebook: --dev-addr: expected HOST:PORT, got {excerpt(args.dev_addr)}", 2, False)
    try:
        serve(args.config_file or args.root / "mkdocs.yml", host, int(port), strict=args.strict)
    except (Abort, ConfigurationError) as error:  # the problems are logged above, with file:line:col
        return fail(f"rulebook serve: {one_line(str(error))}", 2, False)
    return 0


RENDERED_CONFIG = "mkdocs.rendered.yml"  # beside the config, so that its docs_dir means the same folder


def _render(args: argparse.Namespace) -> int:
    """The step before any engine: the checked content's pages written into docs_dir, and beside
    the config a copy of it that holds what our plugin adds at build time (render/engine_config.py),
    for an engine that runs no plugin of ours: `zensical-i18n build -f mkdocs.rendered.yml`."""
    import yaml

    from rulebook.files.disk import inside_project, write_atomic
    from rulebook.load.project import GLOSSARY_FILE
    from rulebook.located.document import LoadError, read_document
    from rulebook.render.engine_config import engine_config
    from rulebook.render.navigation import site_navigation
    from rulebook.website.generated_pages import write_generated_pages
    from rulebook.website.interface import toggle_names
    from rulebook.website.theme_folders import THEME_DIR

    config = args.config_file or args.root / "mkdocs.yml"
    try:
        settings = read_document(config, display_path(config, args.root)).data
    except LoadError as error:
        return fail(f"rulebook render: {one_line(str(error))}", 2, False)
    if not isinstance(settings, dict):
        return fail(f"rulebook render: {display_path(config, args.root)}: not a mapping of settings", 2, False)
    code, project = checked(args)
    if code or project is None:
        return code or 1
    docs = config.parent / str(settings.get("docs_dir") or "docs")
    if not inside_project(docs, args.root):  # a hostile config must not make us write elsewhere
        return fail(f"rulebook render: {display_path(config, args.root)}: docs_dir: outside the project", 2, False)
    own_folder(docs, args.root)  # not through a committed link
    write_generated_pages(args.root, docs, project)
    navigation = site_navigation([game.id for game in project.games], (args.root / GLOSSARY_FILE).is_file())
    # Plain data again (the reader's values carry their lines), written as YAML any engine reads.
    target = config.with_name(RENDERED_CONFIG)
    # Relative where it can be, so that the configuration holds in a copy of the checkout.
    overrides = os.path.relpath(THEME_DIR, target.parent) if THEME_DIR.anchor == target.anchor else str(THEME_DIR)
    names = {language: toggle_names(args.root, language) for language in project.languages}
    rendered = engine_config(json.loads(json.dumps(settings)), navigation, overrides, names)
    header = f"# Written by `rulebook render` from {config.name}: edit that file, not this one.\n"
    write_atomic(target, header + yaml.safe_dump(rendered, allow_unicode=True, sort_keys=False))
    shown = display_path(docs, args.root)
    print(f"rulebook render: pages in {shown}/, configuration in {target.name}", file=sys.stderr)
    return 0


def _merge(args: argparse.Namespace) -> int:
    from rulebook.located.document import LoadError, read_document
    from rulebook.website.split_build import merge

    default = args.default_language
    if default is None:
        try:
            default = read_document(args.root / PROJECT_FILE, str(PROJECT_FILE)).data["languages"][0]
        except (LoadError, KeyError, TypeError, IndexError):
            return fail("rulebook merge: rules/project.yaml names no language; use --default-language", 2, False)
    try:
        merge(args.site, args.parts, default)
    except (ValueError, OSError) as error:
        return fail(f"rulebook merge: {one_line(str(error))}", 2, False)
    return 0


def _finish(args: argparse.Namespace) -> int:
    """The after step on a site an engine built (rulebook/website/finish.py); no engine is loaded."""
    from rulebook.addresses.site_url import ENVIRONMENT, address_problem, public_site_url
    from rulebook.commands.loading import load_clean
    from rulebook.website.finish import NotASite, finish_site, not_a_site
    from rulebook.website.theme_folders import site_theme_dirs

    site: Path = args.site
    if not site.is_dir():
        what = "not a folder" if site.exists() else "no such folder"
        return fail(f"rulebook finish: {excerpt(str(site), 200)}: {what}", 2, False)
    given = args.site_url if args.site_url is not None else os.environ.get(ENVIRONMENT) or None
    problem = address_problem(given) if given is not None else None
    if problem:
        where = "--site-url" if args.site_url is not None else ENVIRONMENT
        return fail(f"rulebook finish: {where}: {problem}", 2, False)
    for folder in args.theme_dir or []:
        if not folder.is_dir():
            return fail(f"rulebook finish: --theme-dir: {excerpt(str(folder), 200)}: no such folder", 2, False)
    refusal = not_a_site(site)  # before the content is checked, which takes longer
    if refusal:
        return fail(f"rulebook finish: {refusal}", 2, False)
    project = load_clean(args.root)
    if project is None:
        return 2
    try:
        finish_site(project, site, public_site_url(args.root, given), site_theme_dirs(args.root, args.theme_dir))
    except NotASite as error:
        return fail(f"rulebook finish: {one_line(str(error))}", 2, False)
    except (ValueError, OSError) as error:  # a service worker without the line for the offline list; a bad folder
        return fail(f"rulebook finish: {one_line(str(error))}", 2, False)
    return 0


def add_parsers(commands: argparse._SubParsersAction) -> None:
    check_parser = commands.add_parser("check", help="validate all content and report every problem")
    check_parser.add_argument(
        "--json", action="store_true", help="print one JSON object: every problem with its code and params"
    )
    check_parser.add_argument("--lang", metavar="LANG", help="messages in this project language (default: English)")
    check_parser.set_defaults(run=check)
    render = commands.add_parser(
        "render", help="check, write the pages into docs_dir and mkdocs.rendered.yml: the step before any engine"
    )
    render.add_argument("-f", "--config-file", type=Path, help="the MkDocs config (default: mkdocs.yml in the project)")
    render.set_defaults(run=_render)
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
    finish = commands.add_parser(
        "finish", help="finish a site an engine built: our scripts, page policy, split search, redirects, offline list"
    )
    finish.add_argument("site", type=Path, help="the built site's folder (changed in place)")
    finish.add_argument(
        "--site-url", metavar="URL", help="the address it was built for (default: RULEBOOK_SITE_URL, else site_url)"
    )
    finish.add_argument(
        "--theme-dir",
        metavar="DIR",
        type=Path,
        action="append",
        help="the engine's template folder, in the order its loader searches them, when it is not Material"
        " (repeat it; the policy hashes their constant inline scripts and styles)",
    )
    finish.set_defaults(run=_finish)
