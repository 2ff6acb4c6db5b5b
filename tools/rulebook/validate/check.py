"""`rulebook check`: load and validate everything, and return every problem at once."""

from __future__ import annotations

import os
from pathlib import Path

from rulebook.cache.codecs import PROBLEMS
from rulebook.cache.store import DiskCache, digest_of, file_digest, folder_digest
from rulebook.documents.garbage import fewer_collections, frozen_for_fork
from rulebook.editions.dates import latest_day
from rulebook.editions.history import read_history
from rulebook.i18n.ui_catalog import catalog_digest, catalog_path, catalog_problems
from rulebook.load.project import GLOSSARY_FILE, PROJECT_FILE, TERMS_FILE, Loaded, load_project
from rulebook.model import Game, Glossary, Project
from rulebook.problems import Problem, display_path
from rulebook.validate.examples import example_problems
from rulebook.validate.fixed_forms import fixed_form_problems
from rulebook.validate.glossary import glossary_problems
from rulebook.validate.outside import outside_link_problems
from rulebook.validate.plural_choices import plural_choice_problems
from rulebook.validate.qa import qa_problems
from rulebook.validate.retired_terms import retired_id_problems, retired_message_problems
from rulebook.validate.rulings import ruling_problems
from rulebook.validate.safety import character_problems, fact_problems, name_problems
from rulebook.validate.score_schema import score_schema_problems
from rulebook.validate.search_words import search_word_problems
from rulebook.validate.site_config import site_config_problems
from rulebook.validate.snapshots import snapshot_problems
from rulebook.validate.source_coverage import coverage_problems
from rulebook.validate.structure import structure_problems
from rulebook.validate.terms import term_problems
from rulebook.validate.text import text_problems
from rulebook.validate.translations import translation_problems
from rulebook.validate.wrong_language import wrong_language_problems

# The folders of the project's content, which the toolkit reads (and the site's build with it).
CONTENT_FOLDERS = ("rules", "glossary", "locales", "schemas")
# Above this many games, `rulebook check` runs their checks on every core.
PARALLEL_FROM = 8


def check_project(root: Path, *, parallel: bool = False, remember: bool = False) -> tuple[Loaded, list[Problem]]:
    """Load and check everything. `parallel` reads and checks on every core, forking: only for a
    process with one thread, such as the `rulebook` command or `mkdocs build`.

    Each text set's problems are kept on disk (rulebook.cache.store) under the digest of every file its
    checks read, so a re-check does again only the work an edit touched. `remember`: see
    load_project."""
    with fewer_collections():
        return _check_project(root, parallel, remember)


def _check_project(root: Path, parallel: bool, remember: bool) -> tuple[Loaded, list[Problem]]:
    loaded = load_project(root, parallel=parallel, remember=remember)
    problems = list(loaded.problems)
    project = loaded.project
    if project is not None:
        keys = _text_set_keys(project, remembered=remember)
        disk = DiskCache(root, "checks", PROBLEMS)
        found: list[list[Problem] | None] = [disk.get(key) for key in keys]
        todo = [index for index, problems_of in enumerate(found) if problems_of is None]
        for index, problems_of in zip(todo, _checked(project, todo, parallel), strict=True):
            found[index] = problems_of
            disk.put(keys[index], problems_of)
        for problems_of in found:
            problems += problems_of or []
        if project.terms_document is not None:
            problems += character_problems(project.terms_document)
            problems += term_problems(project, project.terms_document)
        if project.search_words is not None:
            problems += character_problems(project.search_words)
            unread = _unread_games(project)
            problems += search_word_problems(project.languages, project.search_words, project.games, unread)
        problems += _catalog_problems(root, project.languages)
        problems += retired_message_problems(project)
    site_problems, site_folders = site_config_problems(root)
    problems += site_problems + outside_link_problems(root, [*(root / name for name in CONTENT_FOLDERS), *site_folders])
    return loaded, sorted(set(problems))


def _catalog_problems(root: Path, languages: list[str]) -> list[Problem]:
    """The UI catalogs' problems, kept on disk by each catalog's bytes: reading a catalog with Babel
    and judging its every translation took 70 ms a check, more than re-checking an edited game.
    A catalog that must not be opened (a link, a folder, a file over the bound) is judged afresh."""
    disk = DiskCache(root, "catalogs", PROBLEMS)
    problems: list[Problem] = []
    for language in languages:
        digest = catalog_digest(root, language)
        key = digest_of([display_path(catalog_path(root, language), root), digest]) if digest else None
        found = disk.get(key) if key is not None else None
        if found is None:
            found = catalog_problems(root, [language])
            if key is not None and catalog_digest(root, language) == digest:  # not edited while it was judged
                disk.put(key, found)
        problems += found
    return problems


def _unread_games(project: Project) -> set[str]:
    """The games with a game.yaml that did not load (their own problems say why)."""
    folders = project.root / "rules"
    present = {path.parent.name for path in folders.glob("*/game.yaml")} if folders.is_dir() else set()
    return present - {game.id for game in project.games}


def _text_set_keys(project: Project, *, remembered: bool) -> list[str]:
    """What each text set's checks read: its own folder; the project's file, glossary, terms and
    schemas; every game's name (translation QA leaves names alone). The glossary's checks read
    every game's structure, facts and scorer, but none of its words: an edited sentence of a game
    checks that game again, not the glossary."""
    root = project.root
    shared = [
        file_digest(root / PROJECT_FILE),
        folder_digest((root / GLOSSARY_FILE).parent, remembered=remembered),
        file_digest(root / TERMS_FILE),
        folder_digest(root / "schemas", remembered=remembered),
        "\n".join(game.name for game in project.games),
    ]
    words_files = tuple(f"{language}.yaml" for language in project.languages)
    # Each game's folder but its words files, which only its own checks read.
    structures = {
        game.id: folder_digest(game.folder, remembered=remembered, leaving_out=words_files) for game in project.games
    }
    # A game's sources (and their coverage maps) may be named outside its folder; their bytes count
    # as its folder's do. Today's date too: an edition dated on a day still to come is one until that
    # day has begun (editions/dates.py).
    games = {
        game.id: digest_of(
            [
                structures[game.id],
                latest_day(),
                *(file_digest(game.folder / name) for name in words_files),
                *(file_digest(path) for path in game.sources.values()),
                *(file_digest(path.with_suffix(".coverage.yaml")) for path in game.sources.values()),
            ]
        )
        for game in project.games
    }
    keys = []
    for text_set in project.text_sets():
        own = [games[text_set.id]] if isinstance(text_set, Game) else list(structures.values())
        keys.append(digest_of([*shared, text_set.id, *own]))
    return keys


_FORKED: Project | None = None  # the project a forked worker checks, inherited from its parent


def _checked(project: Project, indexes: list[int], parallel: bool) -> list[list[Problem]]:
    """The problems of the text sets at `indexes`, on every core when there are enough of them."""
    global _FORKED
    workers = os.cpu_count() or 1
    if not parallel or workers < 2 or len(indexes) < PARALLEL_FROM:
        text_sets = project.text_sets()
        return [text_set_problems(project, text_sets[index]) for index in indexes]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _FORKED = project
    try:
        with frozen_for_fork(), ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            # Small chunks (a game takes about 20 ms): the last one keeps one core busy alone.
            return list(pool.map(_checked_in_worker, indexes, chunksize=max(1, len(indexes) // (16 * workers))))
    finally:
        _FORKED = None


def _checked_in_worker(index: int) -> list[Problem]:
    assert _FORKED is not None
    return text_set_problems(_FORKED, _FORKED.text_sets()[index])


def text_set_problems(project: Project, text_set: Game | Glossary) -> list[Problem]:
    """Every check of one game (or the glossary) and its words in every language. `i18n import`
    runs these on the file it would write, so a new check here is a new check there too."""
    problems = []
    if isinstance(text_set, Game):
        problems += name_problems(text_set.document, ("name",), text_set.name) + fact_problems(text_set)
        problems += structure_problems(text_set, project.languages)
        problems += example_problems(project, text_set) + score_schema_problems(project, text_set)
        problems += ruling_problems(project, text_set)
        problems += list(retired_id_problems(project, text_set))
        history, history_problems = read_history(project.root, text_set.folder)
        problems += history_problems + snapshot_problems(project.root, history)
        problems += coverage_problems(project, text_set)
    problems += translation_problems(project, text_set)
    problems += text_problems(project, text_set)
    problems += plural_choice_problems(project, text_set)
    problems += fixed_form_problems(project, text_set)
    problems += qa_problems(project, text_set)
    problems += wrong_language_problems(project, text_set)
    if isinstance(text_set, Glossary):
        problems += glossary_problems(project, text_set)
    coverage = text_set.coverage if isinstance(text_set, Game) else []
    for document in (text_set.document, *(words.document for words in text_set.words.values()), *coverage):
        problems += character_problems(document)
    return problems
