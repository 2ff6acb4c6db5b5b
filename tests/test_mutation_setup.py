"""`make mutate`'s own pieces: the list of equivalent mutants, and how a survivor is described."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import yaml

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tests" / "mutation"))
from run import PACKAGES, describe


def test_each_equivalent_mutant_names_a_function_and_says_why_in_one_line() -> None:
    entries = yaml.safe_load((ROOT / "tests" / "mutation" / "equivalent.yaml").read_text(encoding="utf-8"))
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
