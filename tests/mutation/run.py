"""`make mutate`: mutmut over the packages whose bugs would print a wrong score or an unsafe page.

mutmut 3 names a mutant after its module's path from the folder it runs in, with only a `src/`
prefix stripped, while the tests import `rulebook.…`; our package lives in tools/, and each game's
scorer in rules/<game>/scoring.py (module rules.<game>.scoring, as the toolkit loads it). So each package
runs in its own stage, `.mutate/<package>/` (git-ignored), where `src` links to tools/ and the
project's content folders are linked beside it. mutmut copies that into `.mutate/<package>/mutants/`
and mutates only the package's files.

Each package runs only its fast tests (no browser, no site build): mutmut then runs, for each mutant,
the tests that reached the mutated function. The score counts a timeout as detected and leaves out
of the denominator only the equivalent mutants listed in equivalent.yaml beside this file (the
toolkit's) and in each game's rules/<game>/equivalent-mutants.yaml (its scorer's), for the games of
rules/project.yaml.

    python tests/mutation/run.py [package ...]              # all four packages when none is named
    python tests/mutation/run.py [package ...] --keep       # go on with an interrupted run
    python tests/mutation/run.py [package ...] --report     # the last run's results again (or so far)
    python tests/mutation/run.py [package ...] --again      # the last run's survivors, after new tests
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
STAGES = ROOT / ".mutate"
EQUIVALENT_FILE = Path(__file__).with_name("equivalent.yaml")
GAME_EQUIVALENT_FILE = "equivalent-mutants.yaml"  # in a game's folder, rules/<game>/
CONTENT = ("rules", "glossary", "schemas", "locales", "mkdocs.yml")  # mkdocs.yml: the site_url of PO links
TARGET = 90.0

# What each package mutates (globs under src/, i.e. tools/) and the fast tests that exercise it.
PACKAGES: dict[str, tuple[list[str], list[str]]] = {
    # What scorers share, and each game's scorer, which lives with the game (rules/<game>/scoring.py).
    "scoring": (
        ["src/rulebook/scoring/*", "src/rulebook/files/scorers.py", "rules/*/scoring.py"],
        [
            "tests/test_game_scorers.py",  # the game scorers' doctests
            "tests/test_score.py",
            "tests/test_scoring_boundaries.py",  # what the toolkit makes of any game's scoring
            # rules/<game>/scoring-cases.json: every refusal code, every case and worked example scored.
            "tests/test_content.py::test_every_refusal_of_the_rules_has_a_case",
            "tests/test_content.py::test_the_command_gives_what_the_rules_say",
            "tests/test_content.py::test_the_command_says_it_word_for_word",  # the cases' said: breakdowns, refusals
            "tests/test_scoring_properties.py",
            "tests/test_examples.py",
            # worked.verified, the page's mark: right and wrong expectations (not the pages it renders).
            "tests/test_verified_mark.py::test_an_example_is_verified_only_when_its_result_is_what_it_expects",
            "src/rulebook/scoring",
            "src/rulebook/files/scorers.py",
        ],
    ),
    "i18n": (
        ["src/rulebook/i18n/*", "src/rulebook/translation/*"],
        [
            "tests/test_i18n_files.py",
            "tests/test_import.py",
            "tests/test_import_status.py",
            "tests/test_po_files.py",
            "tests/test_po_reading.py",
            "tests/test_score_languages.py",  # i18n/refusals.py: the scorers' refusals in each language
            "tests/test_translation.py",
            "tests/test_translator_context.py",
            "tests/test_ui_catalogs.py",
            "src/rulebook/i18n",
            "src/rulebook/translation",
        ],
    ),
    "validate": (
        # Schema checking, the text limits and the refused characters sit below validate and scoring
        # (documents/, located/): validation still.
        [
            "src/rulebook/validate/*",
            "src/rulebook/documents/schema.py",
            "src/rulebook/located/limits.py",
            "src/rulebook/located/characters.py",
        ],
        [
            "tests/test_check.py",
            "tests/test_each_check.py",
            "tests/test_schema_messages.py",
            "tests/test_safety_messages.py",
            "tests/test_document.py",
            "tests/test_glossary.py",
            "tests/test_qa.py",
            # Its other tests read the toolkit's files under tools/, which the stage's copy lacks.
            "tests/test_languages_are_data.py::test_typography_follows_the_project_file",
            "tests/test_languages_are_data.py::test_typography_of_a_language_the_project_lacks_is_refused",
            "tests/test_languages_are_data.py::test_typography_values_follow_the_schema",
            "src/rulebook/validate",
            "src/rulebook/located/characters.py",
        ],
    ),
    # "The escaping": where text or a name becomes HTML (markup and its sanitizer, link targets,
    # glossary readings, the referee's breakdown tables), not the page layout around it.
    "render": (
        [
            "src/rulebook/markup/escaping.py",
            "src/rulebook/markup/sanitizer.py",
            "src/rulebook/markup/target.py",
            "src/rulebook/render/glossary.py",
            "src/rulebook/render/referee.py",
        ],
        [
            "tests/test_render.py",
            "tests/test_escaping.py",
            "tests/test_verified_mark.py",
            "tests/test_glossary_page.py",
            "tests/test_sanitizer_removals.py",
            "tests/test_referee_notes.py",
            "tests/test_markup.py",
            "tests/test_glossary.py",
            # Not test_page_typography.py: it builds the site, which the stage cannot (no docs/), and
            # a build in a subprocess would import the installed package, not the mutants.
            "src/rulebook/render",
        ],
    ),
}

# A mutant counts as detected when mutmut says so by one of these.
DETECTED = {"killed", "timeout", "caught by type check"}


@dataclass(frozen=True)
class Mutant:
    name: str  # mutmut's, e.g. rulebook.scoring.outcome.x_signed__mutmut_1
    status: str
    file: str  # relative to the repository
    line: int
    function: str  # module.function, the part of the key that does not shift with line numbers
    before: str
    after: str

    def key(self) -> tuple[str, str, str]:
        return self.function, self.before, self.after


def stage(package: str, keep: bool) -> Path:
    """The folder mutmut runs in for one package, laid out as mutmut expects."""
    folder = STAGES / package
    if folder.exists() and not keep:
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name, target in [("src", ROOT / "tools"), ("tests", ROOT / "tests")] + [(c, ROOT / c) for c in CONTENT]:
        link = folder / name
        if not link.is_symlink():
            link.symlink_to(target, target_is_directory=target.is_dir())
    mutate, tests = PACKAGES[package]
    tests = [test for test in tests if (folder / test.partition("::")[0]).exists()]
    settings = {
        # rules/: each game's scorer, which mutmut names by its path (rules.<game>.scoring), as the
        # toolkit's loader names the module it imports (rulebook/files/scorers.py).
        "source_paths": ["src", "rules"],
        "only_mutate": mutate,
        "also_copy": list(CONTENT),
        # Doctests are part of the selection; the project's -ra summary is noise in a mutant's run.
        "pytest_add_cli_args": [
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=--doctest-modules",
            "-m",
            "not browser and not fuzz",
        ],
        "pytest_add_cli_args_test_selection": tests,
    }
    mutmut_table = "\n[tool.mutmut]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items())
    (folder / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text() + mutmut_table)
    return folder


def collect() -> None:
    """Print every mutant of the stage in the current folder as JSON (run inside the stage)."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.file_utils import walk_mutatable_files

    mutants = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        source = path.read_text(encoding="utf-8")
        for name, exit_code in data.exit_code_by_key.items():
            status = status_by_exit_code[exit_code]
            diff = get_diff_for_mutant(name, path=path) if status not in DETECTED else ""
            mutants.append({"name": name, "status": status, "path": str(path), "diff": diff, "source": source})
    json.dump(mutants, sys.stdout)


def describe(raw: dict[str, str]) -> Mutant:
    """A mutant with the file line and the code it changes, read from mutmut's diff."""
    name, diff = raw["name"], raw["diff"]
    function = name.partition("__mutmut_")[0]
    removed = [line[1:].strip() for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    before, after = " ".join(removed), " ".join(added)
    path = raw["path"]
    file = "tools/" + path.removeprefix("src/") if path.startswith("src/") else path
    return Mutant(name, raw["status"], file, _line_of(raw["source"], function, removed), function, before, after)


def _line_of(source: str, function: str, removed: list[str]) -> int:
    """The file line of the first changed line, searched within the mutated function."""
    short = function.rpartition(".")[2]
    wanted = short.split("ǁ")[-1] if "ǁ" in short else short.removeprefix("x_")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == wanted:
            for number in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                if removed and lines[number - 1].strip() == removed[0]:
                    return number
            return node.lineno
    return 0


def equivalent_files(root: Path = ROOT) -> list[Path]:
    """The toolkit's list, then each game's of rules/project.yaml that has one: what is one game's
    (its scorer's mutants) lives in its folder, and this file names no game."""
    games = yaml.safe_load((root / "rules" / "project.yaml").read_text(encoding="utf-8"))["games"]
    found = [root / "rules" / game / GAME_EQUIVALENT_FILE for game in games]
    return [EQUIVALENT_FILE, *(path for path in found if path.is_file())]


def equivalents(root: Path = ROOT) -> dict[tuple[str, str, str], str]:
    entries = [entry for path in equivalent_files(root) for entry in yaml.safe_load(path.read_text("utf-8")) or []]
    return {(entry["function"], entry["before"], entry["after"]): entry["why"] for entry in entries}


def collected(folder: Path) -> list[Mutant]:
    found = subprocess.run(
        [sys.executable, __file__, "--collect"], cwd=folder, capture_output=True, text=True, check=False
    )
    if found.returncode != 0 or not found.stdout:
        sys.exit(f"no mutmut results in {folder}: see {folder / 'mutmut.log'}\n{found.stderr}")
    return [describe(raw) for raw in json.loads(found.stdout)]


def run_package(package: str, keep: bool, again: bool = False) -> tuple[list[Mutant], float]:
    folder = stage(package, keep or again)
    # Again: the last run's survivors, with the tests as they are now; mutmut keeps the results of the
    # others. Keep: the same mutants, and mutmut runs those that have no result yet (an interrupted run).
    known = equivalents()
    unsettled = DETECTED | {"not checked"}
    names = [m.name for m in collected(folder) if m.status not in unsettled and m.key() not in known] if again else []
    if again or keep:
        # mutmut's record of which tests reach which function is updated, not redone, and can keep
        # test ids (a mutant copy's doctest) that no longer collect: pytest then refuses the clean run.
        (folder / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    started = time.monotonic()
    mutmut = [sys.executable, "-m", "mutmut", "run", "--max-children", str(min(os.cpu_count() or 2, 2)), *names]
    # The persistent cache is keyed by the toolkit's source, which is the same file for every mutant
    # (mutmut picks the mutant at run time): a result cached under one mutant would answer for another.
    env = {**os.environ, "RULEBOOK_CACHE": "0"}
    with open(folder / "mutmut.log", "w") as log:
        ran = subprocess.run(mutmut, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, check=False)
    elapsed = time.monotonic() - started
    if ran.returncode != 0:  # e.g. a test that fails on the unmutated code: no score would mean anything
        tail = (folder / "mutmut.log").read_text(errors="replace")[-2000:]
        sys.exit(f"mutmut failed for {package} (exit {ran.returncode}); see {folder / 'mutmut.log'}\n{tail}")
    return collected(folder), elapsed


def report(results: dict[str, tuple[list[Mutant], float | None]]) -> bool:
    known = equivalents()
    header = f"{'package':<10}{'mutants':>8}{'killed':>8}{'timeout':>8}{'survived':>9}{'equivalent':>11}{'not run':>8}"
    rows, survivors, passed = [header + f"{'score':>8}{'time':>8}"], [], True
    for package, (mutants, elapsed) in results.items():
        unrun = [m for m in mutants if m.status == "not checked"]  # an interrupted run
        ran = [m for m in mutants if m.status != "not checked"]
        equivalent = [m for m in ran if m.status not in DETECTED and m.key() in known]
        missed = [m for m in ran if m.status not in DETECTED and m.key() not in known]
        killed = sum(m.status == "killed" for m in ran)
        timeout = sum(m.status in DETECTED - {"killed"} for m in ran)
        counted = len(ran) - len(equivalent)
        score = 100 * (killed + timeout) / counted if counted else 100.0
        passed &= score >= TARGET and not unrun
        took = f"{elapsed / 60:>6.1f}mn" if elapsed is not None else f"{'-':>8}"
        rows.append(
            f"{package:<10}{len(mutants):>8}{killed:>8}{timeout:>8}{len(missed):>9}{len(equivalent):>11}"
            f"{len(unrun):>8}{score:>7.1f}%{took}"
        )
        survivors += [f"{m.file}:{m.line}: [{m.status}] {m.before}  →  {m.after}   ({m.name})" for m in missed]
    print("\n".join(rows))
    print(
        "score = (killed + timeout) / (mutants run − listed equivalents); target",
        f"{TARGET:.0f} % each, with every mutant run",
    )
    if survivors:
        print(f"\nSurvivors ({len(survivors)}):")
        print("\n".join(survivors))
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", choices=[*PACKAGES, []], default=None)
    parser.add_argument("--keep", action="store_true", help="go on with the last run: its mutants without a result")
    parser.add_argument("--again", action="store_true", help="rerun the last run's survivors, with today's tests")
    parser.add_argument("--report", action="store_true", help="report the last run's results without running")
    parser.add_argument("--collect", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.collect:
        collect()
        return 0
    packages = args.packages or list(PACKAGES)
    if args.report:
        results = {package: (collected(STAGES / package), None) for package in packages}
    else:
        results = {package: run_package(package, args.keep, args.again) for package in packages}
    return 0 if report(results) else 1


if __name__ == "__main__":
    sys.exit(main())
