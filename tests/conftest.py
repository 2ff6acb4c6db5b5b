"""Shared fixtures: the repository, and throw-away copies of its content to break."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

import rulebook
from harness import FUZZING, SLOW_TEXT_ROWS, TALLY, slow_text_table, tally_table
from rulebook.cli import main

ROOT = Path(__file__).resolve().parent.parent
# The tests expect mkdocs.yml's address; a CI job that publishes elsewhere must not change what they see.
os.environ.pop("RULEBOOK_SITE_URL", None)
# Every page's sitemap entry carries the build's date (MkDocs reads SOURCE_DATE_EPOCH): two builds that a
# test compares byte for byte would differ when midnight falls between them, as it did in one CI run.
os.environ["SOURCE_DATE_EPOCH"] = "1767225600"  # 2026-01-01
CONTENT = ("rules", "glossary", "schemas", "locales")
# The games and languages the toolkit's tests plant their faults in and count the problems of. A copy
# of the content keeps these alone: a game or a language an author adds (its untranslated units, its
# pages) would change what those tests count without a fault of the toolkit (issue 50). The content
# tests (test_content.py) read all of rules/ as it is. The games are the first TESTED_GAME_COUNT that
# rules/project.yaml lists, those it listed when the tests were written: `rulebook new game` adds a
# game at the end, so the tests name none.
TESTED_GAME_COUNT = 3


def tested_games(root: Path = ROOT) -> tuple[str, ...]:
    """The first TESTED_GAME_COUNT games of the project's manifest (read as YAML, not a whole load)."""
    manifest = yaml.safe_load((root / "rules" / "project.yaml").read_text(encoding="utf-8"))
    return tuple(manifest["games"][:TESTED_GAME_COUNT])


TESTED_GAMES = tested_games()
TESTED_LANGUAGES = ("en", "fr", "cs")
# The fixture games' languages (make_small_project): the toolkit's tests work their expectations out
# in these, whatever languages the project adds (issue 50); the toolkit's UI catalogs hold each.
FIXTURE_LANGUAGES = ("en", "fr", "cs")


def copy_content(target: Path, cache: Path | None = None) -> Path:
    """The project's content folders copied into target, of the tested games and languages alone; with
    no cache a first run does all the work, with `cache` (the warm_cache fixture) as its `.cache/` a run
    re-checks only what changed."""
    for folder in CONTENT:
        shutil.copytree(ROOT / folder, target / folder)
    keep_tested_content(target)
    if cache is not None and cache.is_dir():  # none when the run has the cache off
        shutil.copytree(cache, target / ".cache")
    return target


def added_content(root: Path) -> tuple[list[str], list[str]]:
    """The games and the languages of the project at root besides the tested ones, as its manifest lists them."""
    manifest = yaml.safe_load((root / "rules" / "project.yaml").read_text(encoding="utf-8"))  # not a whole load
    games = [game for game in manifest["games"] if game not in TESTED_GAMES]
    return games, [language for language in manifest["languages"] if language not in TESTED_LANGUAGES]


def keep_tested_content(root: Path) -> None:
    """Take out of the copy at root the games and languages an author added besides the tested ones:
    their lines in the manifest (and in mkdocs.yml, if the copy has it), their folders and their words
    files. The project as it is has none, and its copy is left byte for byte as it was."""
    games, languages = added_content(root)
    if not games and not languages:
        return
    mkdocs = root / "mkdocs.yml"
    manifest = root / "rules" / "project.yaml"
    text = manifest.read_text(encoding="utf-8")
    listed = yaml.safe_load(text)
    for key, added in (("languages", languages), ("games", games)):
        kept = ", ".join(item for item in listed[key] if item not in added)
        text, count = re.subn(rf"(?m)^{key}: \[.*\]$", f"{key}: [{kept}]", text, count=1)
        assert count == 1, f"rules/project.yaml lists its {key} otherwise than as `{key}: [a, b]`"
    manifest.write_text(text, encoding="utf-8")
    for game in games:
        shutil.rmtree(root / "rules" / game)
    for language in languages:
        for words in [*root.glob(f"rules/*/{language}.yaml"), root / "glossary" / f"{language}.yaml"]:
            words.unlink(missing_ok=True)
        shutil.rmtree(root / "locales" / language, ignore_errors=True)
        # Its entries under typography, limiting_words and search words, if an author wrote them.
        for file in (manifest, root / "rules" / "search-words.yaml"):
            entry = rf"(?m)^  {re.escape(language)}:.*\n(?:    .*\n)*"
            file.write_text(re.sub(entry, "", file.read_text(encoding="utf-8")), encoding="utf-8")
        if mkdocs.is_file():
            drop_site_language(mkdocs, language)


def drop_site_language(mkdocs: Path, language: str) -> None:
    """The language's entry of the i18n plugin in mkdocs.yml: `- locale: pl` and its indented lines."""
    entry = rf"(?m)^( *)- locale: {re.escape(language)}\n(?:\1  .*\n)*"
    mkdocs.write_text(re.sub(entry, "", mkdocs.read_text(encoding="utf-8")), encoding="utf-8")


def copy_site_sources(target: Path, cache: Path | None = None) -> Path:
    """copy_content, and what a build reads besides: mkdocs.yml and the hand-written assets."""
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")  # first: copy_content takes its added languages out
    copy_content(target, cache)
    shutil.copytree(ROOT / "docs" / "assets", target / "docs" / "assets")
    return target


@pytest.fixture(scope="session")
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`.cache/` of a copy of the content after one `rulebook check`, made once for the run."""

    def make(folder: Path) -> None:
        assert main(["--root", str(copy_content(folder)), "check"]) == 0

    return made_once(tmp_path_factory, "warm-cache", make) / ".cache"


def make_small_project(root: Path) -> None:
    """A project of two games made by `rulebook new game`, alpha (with scoring) and beta, in the
    project's languages, with the toolkit's schemas and UI catalogs: what a test needs that is about
    the toolkit rather than the content, and a check of it costs a tenth of the content's."""
    shutil.copytree(ROOT / "schemas", root / "schemas")
    others = [
        path.name for path in (ROOT / "locales").iterdir() if path.is_dir() and path.name not in FIXTURE_LANGUAGES
    ]
    shutil.copytree(
        ROOT / "locales", root / "locales", ignore=lambda folder, _: others if folder == str(ROOT / "locales") else []
    )
    project = root / "rules" / "project.yaml"
    project.parent.mkdir()
    languages = ", ".join(FIXTURE_LANGUAGES)
    header = "# yaml-language-server: $schema=../schemas/project.schema.json\n"
    # The schema asks for a game, and `new game` adds each to the list: a stand-in until they exist.
    project.write_text(f"{header}languages: [{languages}]\ngames: [none-yet]\n", encoding="utf-8")
    for game, options in (("alpha", ["--scoring"]), ("beta", [])):
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["--root", str(root), "new", "game", game, "--name", game.title(), *options]) == 0
    project.write_text(f"{header}languages: [{languages}]\ngames: [alpha, beta]\n", encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--root", str(root), "check"]) == 0
    shutil.rmtree(root / ".cache", ignore_errors=True)


@pytest.fixture
def small_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of the small project (make_small_project, made once a run), safe to break; no cache."""
    made = made_once(tmp_path_factory, "small-project", make_small_project)
    shutil.copytree(made, tmp_path / "small")
    return tmp_path / "small"


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture with alpha's editions 1.0.1 and 1.0.2 (record_corrections), made once a
    module: not to change."""
    from fixture_games import copy_small_project, record_corrections

    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("corrected"), translated=True)
    return record_corrections(root)


@pytest.fixture
def corrected_copy(corrected: Path, tmp_path: Path) -> Path:
    """A copy of the corrected fixture, safe to break."""
    return shutil.copytree(corrected, tmp_path / "project")


@pytest.fixture
def translated_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of the small project with every unit of its games translated (fixture_games.py, made
    once a run), safe to break; no cache."""
    from fixture_games import make_translated_project

    made = made_once(tmp_path_factory, "translated-project", make_translated_project)
    shutil.copytree(made, tmp_path / "translated")
    return tmp_path / "translated"


@pytest.fixture
def translated_history(translated_project: Path) -> Path:
    """The translated project as a git repository with one commit, as `history` is of the content."""
    return as_history(translated_project)


@pytest.fixture
def project_copy(tmp_path: Path, warm_cache: Path) -> Path:
    """A copy of the project's content, safe to break, as a contributor's checkout is after a first
    `rulebook check`: its cache filled, so a command re-checks only what the test changes (a cold
    check per test was most of `make test-fast`). The cache's own tests take a cold copy
    (copy_content), and mutation runs turn the cache off (RULEBOOK_CACHE=0)."""
    return copy_content(tmp_path, warm_cache)


def tree_digest(root: Path) -> dict[str, str]:
    """Every file under root with the hash of its bytes, to prove that nothing was written. The
    toolkit's own cache (.cache/rulebook/, git-ignored) is not the project's content."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not path.relative_to(root).as_posix().startswith(".cache/")
    }


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_cli_process(
    *args: str, env: dict[str, str] | None = None, package: Path | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`rulebook ARGS` in a new process with `env` added (a locale, a time zone), its `rulebook` package
    read from `package` (the folder that holds it). By default that is the package this test imported:
    under `make mutate`, the mutant's copy, which the inherited MUTANT_UNDER_TEST selects."""
    package = package or Path(rulebook.__file__).resolve().parents[1]
    return subprocess.run(
        [sys.executable, "-m", "rulebook.cli", *args],
        cwd=cwd,
        env={**os.environ, **(env or {}), "PYTHONPATH": str(package)},
        capture_output=True,
        text=True,
        check=False,
    )


def edit(root: Path, file: str, old: str, new: str) -> str:
    """Replace the one occurrence of `old` in a file of the copy; return the new text."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text.replace(old, new)


def locate(text: str, marker: str) -> tuple[int, int]:
    """1-based line and column of the first `marker` in `text`."""
    offset = text.index(marker)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def build_site(config_dir: Path, target: Path) -> Path:
    """`mkdocs build --strict` of a project folder into target; the build must pass."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(target)],
        cwd=config_dir,
        env=env,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    return target


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, made by `make` once per test run: under pytest-xdist the first worker to
    ask makes it and the others wait for it and read it (the workers' temporary folders share a
    parent). Whoever uses it must not change it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    shared = tmp_path_factory.getbasetemp().parent if worker else tmp_path_factory.getbasetemp()
    folder, made = shared / name, shared / f"{name}.made"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, even if `make` fails
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a failed attempt's leftovers
            folder.mkdir()
            make(folder)
            made.touch()
    return folder


@pytest.fixture(scope="session")
def clean_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's own site, built once for the run."""
    return made_once(tmp_path_factory, "site", lambda folder: build_site(ROOT, folder))


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture games' site (fixture_games.make_fixture_site), built once for the run: the site a
    browser test of the toolkit drives, naming no real game. Not to change."""
    from fixture_games import make_fixture_site

    return made_once(tmp_path_factory, "fixture-site", make_fixture_site) / "site"


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture (hostile.make_hostile_project) with hostile names, readings and rules that
    `check` lets through, planted in alpha and the glossary (plant_fixture_built_payloads), built: the
    same folder as test_hostile.py's hostile build."""
    from hostile import make_hostile_site

    return made_once(tmp_path_factory, "hostile-fixture", make_hostile_site) / "site"


def built_after(
    tmp_path_factory: pytest.TempPathFactory, name: str, prepare: Callable[[Path], object], command: Sequence[str]
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A project that `prepare` makes in a folder, after the `rulebook` command (a subprocess), with
    the command's result, and its site built when the command passed: made once a run."""
    from authoring import build, run

    def make(root: Path) -> None:
        project = root / "project"
        prepare(project)
        result = run(project, *command)
        fields = {
            "args": result.args,
            "returncode": result.returncode,
            "stdout": result.stdout,
            "stderr": result.stderr,
        }
        (root / "result.json").write_text(json.dumps(fields), encoding="utf-8")
        if result.returncode == 0:
            build(project)

    root = made_once(tmp_path_factory, name, make)
    fields = json.loads((root / "result.json").read_text(encoding="utf-8"))
    return root / "project", subprocess.CompletedProcess(**fields)


# Hypothesis: a quick, reproducible run in `make test`; many random inputs in `make fuzz`, with
# failures kept in a git-ignored database so that the next run tries them first.
settings.register_profile("quick", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile(
    "fuzz",
    deadline=None,
    database=DirectoryBasedExampleDatabase(ROOT / ".hypothesis"),
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("fuzz" if FUZZING else "quick")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker hands its tallies to the controller, which prints them (pytest_testnodedown)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["tally"] = json.dumps({command: dict(counts) for command, counts in TALLY.items()})
        workeroutput["slow_text_rows"] = json.dumps(SLOW_TEXT_ROWS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    output = getattr(node, "workeroutput", {})
    for command, counts in json.loads(output.get("tally", "{}")).items():
        TALLY[command].update(counts)
    SLOW_TEXT_ROWS.extend(tuple(row) for row in json.loads(output.get("slow_text_rows", "[]")))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if TALLY:
        terminalreporter.section("rulebook runs per command (issue 11: exit 3 or a traceback is an internal error)")
        for row in tally_table():
            terminalreporter.write_line(row)
    if SLOW_TEXT_ROWS:
        terminalreporter.section("the slowest text per command, against the content alone (issue 23)")
        for row in slow_text_table():
            terminalreporter.write_line(row)


@pytest.fixture
def score_root() -> Path:
    """The project `score` scores in: the repository; a module of the fixture games overrides it."""
    return ROOT


@pytest.fixture
def score(capsys, tmp_path: Path, score_root: Path):
    """Score a document written to a file, as a referee would: `rulebook score GAME FILE [OPTIONS]`."""

    def run(game: str, document: str, *options: str) -> tuple[int, str, str]:
        path = tmp_path / "situation.yaml"
        path.write_text(document, encoding="utf-8")
        return run_cli(capsys, "--root", str(score_root), "score", game, str(path), *options)

    return run


# git that commits in a test's copy whatever the machine's configuration.
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]


@pytest.fixture
def history(project_copy: Path) -> Path:
    """The copy as a git repository with one commit, so that earlier English can be found. It ignores
    what the project's checkout ignores: the cache is not committed."""
    return as_history(project_copy)


def as_history(root: Path) -> Path:
    """The folder at root as a git repository with one commit, ignoring what the checkout ignores."""
    shutil.copy(ROOT / ".gitignore", root / ".gitignore")
    subprocess.run(["git", "-C", str(root), "init", "-q"], check=True)
    subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(root), "commit", "-qm", "released"], check=True)
    return root


# The fixtures that build a site: a test that uses one, itself or through another fixture, is slow.
SITE_FIXTURES = frozenset(
    {
        "clean_site",
        "erratum_site",
        "fixture_site",
        "hostile_site",
        "small_polish_project",
        "small_polish_site",
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses a built site is marked slow, so that `make test-fast` leaves it out; tests
    that build a site of their own are marked by hand.

    Under `make mutate`, the tests that name the mutated module run first (test_glossary.py and
    the "glossary: …" cases for a mutant of validate/glossary.py): the run stops at the first failure,
    so a mutant is caught sooner. Only the order changes, and only while mutmut tests a mutant."""
    for item in items:
        if SITE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    first_the_longest(items)
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant:
        return
    module = mutant.partition(".x_")[0].rpartition(".")[2]  # rulebook.validate.glossary.x_f__mutmut_3
    items.sort(key=lambda item: module not in item.nodeid)


def first_the_longest(items: list[pytest.Item]) -> None:
    """The modules of the tests marked `long` are collected first, each whole (its module fixtures
    are made once). pytest-xdist gives each worker a contiguous block of the collection and an idle
    worker takes the end of a busy one's queue; the browser tests, collected first, were a worker's
    whole block and more, so the last of them ran at the end of the run: the console sweep started
    498 s into a 536 s run, with one core idle for its last 28 s (dev/testing.md)."""
    longest = {item.path for item in items if item.get_closest_marker("long")}
    items.sort(key=lambda item: item.path not in longest)


def per_test_under_mutmut(fixture_name: str, config: pytest.Config) -> str:
    """The scope of a fixture that renders pages: once per module, but once per test under
    `make mutate`. mutmut credits a function to the test that called it, and a module fixture calls
    it in the first test only, so the module's other tests would never run against its mutants."""
    return "function" if os.environ.get("MUTANT_UNDER_TEST") else "module"
