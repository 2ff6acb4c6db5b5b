"""`make mutate`'s own pieces: the list of equivalent mutants, and how a survivor is described."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import yaml

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tests" / "mutation"))
from run import EQUIVALENT_FILE, PACKAGES, describe, equivalent_files, equivalents


def test_each_equivalent_mutant_names_a_function_and_says_why_in_one_line() -> None:
    """The toolkit's list and each game's (rules/<game>/equivalent-mutants.yaml, for the games of
    rules/project.yaml): the toolkit's names no game's scorer, a game's only its own."""
    files = equivalent_files(ROOT)
    assert files[0] == EQUIVALENT_FILE
    entries = []
    for path in files:
        listed = yaml.safe_load(path.read_text(encoding="utf-8"))
        own = f"rules.{path.parent.name}.scoring." if path != EQUIVALENT_FILE else None
        assert all(entry["function"].startswith("rules.") == (own is not None) for entry in listed), path
        assert own is None or all(entry["function"].startswith(own) for entry in listed), path
        entries += listed
    # Each package's modules, as its mutated paths name them ("src/rulebook/documents/schema.py" is validation too).
    packages = tuple(
        pattern.removeprefix("src/").removesuffix("*").removesuffix(".py").replace("/", ".").rstrip(".") + "."
        for paths, _tests in PACKAGES.values()
        for pattern in paths
    )
    for entry in entries:
        assert set(entry) == {"function", "before", "after", "why"}, entry
        module = entry["function"].rpartition(".")[0]
        if module.startswith("rules."):  # a game's scorer, named by its path as mutmut names it
            assert (ROOT / f"{module.replace('.', '/')}.py").is_file(), module
        else:
            assert entry["function"].startswith(packages), entry["function"]
            assert importlib.util.find_spec(module) is not None, module
        assert entry["before"] != entry["after"] and "\n" not in entry["why"], entry


def test_a_survivor_is_described_by_its_file_line_and_change() -> None:
    source = Path(ROOT / "tools/rulebook/scoring/outcome.py").read_text(encoding="utf-8")
    diff = (
        "--- src/rulebook/scoring/outcome.py\n+++ src/rulebook/scoring/outcome.py\n@@ -1,3 +1,3 @@\n"
        ' def signed(number: int | float) -> str:\n-    return f"−{-number}" if number < 0 else f"{number}"\n'
        '+    return f"−{-number}" if number <= 0 else f"{number}"\n'
    )
    raw = {
        "name": "rulebook.scoring.outcome.x_signed__mutmut_1",
        "status": "survived",
        "path": "src/rulebook/scoring/outcome.py",
        "diff": diff,
        "source": source,
    }
    mutant = describe(raw)
    line = source.splitlines().index('    return f"−{-number}" if number < 0 else f"{number}"') + 1
    assert (mutant.file, mutant.line) == ("tools/rulebook/scoring/outcome.py", line)
    assert mutant.key() == (
        "rulebook.scoring.outcome.x_signed",
        'return f"−{-number}" if number < 0 else f"{number}"',
        'return f"−{-number}" if number <= 0 else f"{number}"',
    )


def test_a_survivor_in_a_game_scorer_is_described_at_its_file_in_the_game_folder(small_project: Path) -> None:
    # alpha's scorer, as `rulebook new game --scoring` wrote it: total() is `return sum(points)`.
    source = (small_project / "rules/alpha/scoring.py").read_text(encoding="utf-8")
    before = "return sum(points)"
    after = "return None"
    diff = f"--- rules/alpha/scoring.py\n+++ rules/alpha/scoring.py\n@@ -1,1 +1,1 @@\n-    {before}\n+    {after}\n"
    raw = {
        "name": "rules.alpha.scoring.x_total__mutmut_1",
        "status": "survived",
        "path": "rules/alpha/scoring.py",
        "diff": diff,
        "source": source,
    }
    mutant = describe(raw)
    assert (mutant.file, mutant.line) == ("rules/alpha/scoring.py", source.splitlines().index(f"    {before}") + 1)
    assert mutant.function == "rules.alpha.scoring.x_total"
    assert "rules/*/scoring.py" in PACKAGES["scoring"][0]


def test_a_game_s_equivalent_mutants_are_read_from_its_folder_for_the_games_of_the_project(small_project: Path) -> None:
    """On the fixture: alpha's file counts beside the toolkit's; a folder the project does not list is not read."""
    entry = {"function": "rules.alpha.scoring.x_total", "before": "return sum(points)", "after": "return None"}
    for game in ("alpha", "zeta"):
        folder = small_project / "rules" / game
        folder.mkdir(exist_ok=True)
        listed = [{**entry, "function": f"rules.{game}.scoring.x_total", "why": f"{game}'s reason."}]
        (folder / "equivalent-mutants.yaml").write_text(yaml.safe_dump(listed), encoding="utf-8")
    known = equivalents(small_project)
    assert known[("rules.alpha.scoring.x_total", "return sum(points)", "return None")] == "alpha's reason."
    assert not any(function.startswith("rules.zeta.") for function, _, _ in known)
    toolkit = yaml.safe_load(EQUIVALENT_FILE.read_text(encoding="utf-8"))
    assert len(known) == len({(e["function"], e["before"], e["after"]) for e in toolkit}) + 1
